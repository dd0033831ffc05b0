"""Numbers in words, in the canonical form (`grader.rules.surface.surface`, DESIGN 4.6):

- **number words and ordinals**: "eleven" is "11", "twenty-one" is "21", "third" is "3rd",
  "twenty-first" is "21st"; "one" only where it counts (never "no one", "one of", "the
  one"), "second" never as the unit of time ("a second"). Never: a different number.
- **years and counts in words**: a century word and two digits' worth is a year: "nineteen
  eighty-nine" and "nineteen eighty nine" are "1989", "twenty twenty" "2020", "nineteen oh
  five" "1905"; a count of several parts is one number: "two thousand and five" is "2005",
  "two thousand five hundred" "2500", "nineteen hundred and five" "1905" ("nineteen hundred"
  and "two thousand" are "1900" and "2000" by the multipliers below). Never: a century word
  or two digits alone ("nineteen" is "19", "eighty-nine" is "89"), the digits in another order
  ("nineteen eighty-nine" is not "1998"), a sum ("nineteen eighty-nine dollars"), a time of
  day ("at nineteen thirty"), a part of a larger number ("two thousand and five thousand").
- **"a" for "one"**: "a" opening a number before a multiplier ("hundred", "thousand",
  "million", "billion", "trillion", as a word or before a hyphen) is its "one", as people say
  it: "a hundred and two" is "102", "a thousand two hundred" "1200", "about a hundred" "about
  100", "a thousand and one nights" "1001 nights", "a hundred-year-old oak" "100-year-old oak";
  "a hundred times" is "100 times" as "one hundred times" is (whether a figure is said loosely
  is no surface form's to tell). Not "an": no multiplier opens with a vowel. "a dozen" is the
  counting nouns' (`grader.rules.surface_counts`: "12"). Never: "a" before another word ("a
  few hundred", "a couple of thousand": no figure), a plural or an ordinal ("hundreds",
  "thousands of", "a hundredth", "a millionth"), a fraction of the number ("half a million",
  "a quarter of a million", "two thirds of a billion", "a tenth of a million": "a" after "half",
  or after "of" after a fraction's word, stays; "the size of a thousand pitches" is 1000). Money is
  read by `grader.rules.money` (its own words: "a hundred dollars" is no amount there), and
  this reading does not change it.
- (v4) **a figure as a scan gives it** (`scanned_figures`, read in an answer's sentences once
  cleaned, `grader.rules.sentences.answer_sentences`, before case is folded and before figures
  and amounts are read): a scanner reads letters that look like digits, and a careful reader
  reads them back. A word (letters and digits between characters that are neither) made of
  digits and the look-alike letters "I" and "l" (for 1) and "O" and "o" (for 0) alone, with a
  digit and a look-alike each at least once, four characters or more, is that figure: "I928" is
  1928, "l314" 1314, "l9l2" 1912, "I4IO" 1410, "2OO8" 2008. Each letter is read as its digit and
  nothing else is changed: a figure misread into another ("l3O1" is 1301) is that figure, never
  the key's. Never:
  - a word of look-alikes alone ("IO" may be Io or I/O, "lO", "Ill.", "III": a roman numeral
    is no 111), or of fewer than four characters ("O2" and "I2" are oxygen and iodine, "I95"
    an interstate, "1o" an ordinal);
  - a word opening with "O" or "o" ("O157", "OO7": no figure is printed with a zero first;
    such a word is a name);
  - a word ending in "l" after a digit ("500l", "20l": litres);
  - two look-alike letters or more followed by digits alone ("Ill1", "loo1", "Io12": a word
    and its footnote's number);
  - a lower-case "i" ("oil1", "i30": a word and its footnote, a model's name).
  A middle dot ("·", U+00B7) between digits is a decimal point, as British printing set it
  ("4·5 mm" is 4.5 mm, "£2·50" £2.50), when the digits before it stand alone (never a
  formula's: "CuSO4·5H2O") and no further dot follows the digits after it ("1·2·3"); never a
  dot between words or spaced ("WALL·E", "kg·m/s²", "bread · butter"). A middle dot before a
  power of ten is a product's sign, written so ("3·10⁸" is "3×10⁸", "3·10^8" "3×10^8"): cleaning
  drops the superscript, and the dot is no decimal point then either.
"""

from __future__ import annotations

import re

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_NUMBER_WORDS = {word: value for value, word in enumerate(_UNITS)}
_NUMBER_WORDS.update({word: 20 + 10 * place for place, word in enumerate(_TENS)})
_ORDINAL_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
}
_TENS_ALT = "|".join(_TENS)
_UNIT_ALT = "|".join(sorted(_UNITS[1:10], key=len, reverse=True))
_ORDINAL_UNIT_ALT = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
_ALL_NUMBER_ALT = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_ALL_ORDINAL_ALT = "|".join(sorted(_ORDINAL_WORDS, key=len, reverse=True))
# "twenty-one", "twenty one", "twenty-first"; then a lone number or ordinal word.
_COMPOUND = re.compile(rf"(?<![\w-])({_TENS_ALT})[- ]({_UNIT_ALT}|{_ORDINAL_UNIT_ALT})(?![\w-])")
_NUMBER_WORD = re.compile(rf"(?<![\w-])({_ALL_NUMBER_ALT}|{_ALL_ORDINAL_ALT})(?![\w-])")
# "one" that does not count: "no one", "the one", "one of", "one another", "this one".
_NOT_A_COUNT_BEFORE = frozenset(
    "no any every some each the this that which any every another no-one".split()
)
_NOT_A_COUNT_AFTER = frozenset("of another".split())


# Years in words: a century word then two digits' worth ("nineteen eighty-nine", "nineteen
# eighty nine", "twenty twenty", "nineteen oh five") is the year (1989, 2020, 1905). Never: a
# century word alone ("nineteen" is 19), two digits alone ("eighty-nine" is 89), a sum ("nineteen
# eighty-nine dollars"), a time of day ("at nineteen thirty", "twenty fifteen hours"), a count of
# a thing ("eleven twelve-year-olds"), a list ("nineteen, twenty").
_CENTURY_ALT = "|".join([*_UNITS[11:20], "twenty"])
_TEEN_ALT = "|".join(_UNITS[10:20])
_TWO_DIGITS = rf"(?:{_TENS_ALT})(?:[- ](?:{_UNIT_ALT}))?|{_TEEN_ALT}"
_MONEY_WORDS = (
    r"dollars?|bucks|cents?|euros?|pounds?|pence|quid|yen|yuan|francs?|rupees?|marks?|"
    r"pesos?|crowns?|kronor|krona|kroner|shillings?|guineas?"
)
_YEAR_WORDS = re.compile(
    rf"(?<![\w-])(?<!\bat )({_CENTURY_ALT})[- ](?:(?:oh|o)[- ]({_UNIT_ALT})|({_TWO_DIGITS}))"
    rf"(?![\w-])(?! (?:{_MONEY_WORDS}|hours|hrs|h)\b)"
)
# A count in words of several parts: "two thousand and five" is 2005, "two thousand five
# hundred" 2500, "nineteen hundred and five" 1905, "three hundred and sixty-five" 365 (one
# number, not two side by side). Never: a part of a larger number ("two thousand and five
# thousand" is two counts).
_BELOW_HUNDRED = rf"(?:{_TWO_DIGITS}|ten|{_UNIT_ALT})"
_BELOW_THOUSAND = rf"(?:{_BELOW_HUNDRED} hundred(?:(?: and)? {_BELOW_HUNDRED})?|{_BELOW_HUNDRED})"
_COUNT_WORDS = re.compile(
    rf"(?<![\w-])(?:{_BELOW_THOUSAND} thousand(?: and)? {_BELOW_THOUSAND}"
    rf"|{_BELOW_HUNDRED} hundred(?: and)? {_BELOW_HUNDRED})"
    r"(?![\w-])(?! (?:hundred|thousand|million|billion)\b)"
)


def _year_words(match: re.Match[str]) -> str:
    century = _NUMBER_WORDS[match.group(1)]
    if match.group(2):
        return str(century * 100 + _NUMBER_WORDS[match.group(2)])
    return str(century * 100 + _below_hundred(match.group(3)))


def _below_hundred(words: str) -> int:
    return sum(_NUMBER_WORDS[word] for word in re.split(r"[- ]", words))


def _count_words(match: re.Match[str]) -> str:
    return str(cardinal_value(match.group(0)))


def cardinal_value(words: str) -> int:
    """The value of a cardinal number in words (`BELOW_HUNDRED_WORDS`, or a count of several
    parts), in any case: "five" 5, "twenty-five" 25, "three hundred and fifty" 350, "fifteen
    hundred" 1500, "two thousand five hundred" 2500."""
    total = group = 0
    for word in words.lower().replace("-", " ").split():
        if word == "hundred":
            group *= 100
        elif word == "thousand":
            total, group = total + group * 1000, 0
        elif word != "and":
            group += _NUMBER_WORDS[word]
    return total + group


# A cardinal number in words as a whole, as patterns to compile with re.IGNORECASE for the
# readers of an amount in words (`cardinal_value` reads them): below a hundred, "zero" left out
# ("five", "nineteen", "twenty-five", "twenty five": `grader.rules.minor_units`' cents); and any
# below a million, of one word or several ("zero", "five", "three hundred and fifty", "fifteen
# hundred", "two thousand five hundred": `grader.rules.money`'s dollars). Never "a" or "an" for
# one.
BELOW_HUNDRED_WORDS = _BELOW_HUNDRED
CARDINAL_WORDS = rf"(?:{_BELOW_THOUSAND}(?: thousand(?:(?: and)? {_BELOW_THOUSAND})?)?|zero)"
# The words before "one" that make it no count ("the one dollar store", "no one"), and the
# multipliers a number in words may go on with: a number read whole follows neither.
NOT_A_COUNT_BEFORE = _NOT_A_COUNT_BEFORE
MULTIPLIER_WORDS = frozenset(("hundred", "thousand", "million", "billion", "trillion"))


def _suffix(value: int) -> str:
    if value % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")


def _ordinal(value: int) -> str:
    return f"{value}{_suffix(value)}"


def _compound(match: re.Match[str]) -> str:
    tens = _NUMBER_WORDS[match.group(1)]
    unit_word = match.group(2)
    if unit_word in _ORDINAL_WORDS:
        return _ordinal(tens + _ORDINAL_WORDS[unit_word])
    return str(tens + _NUMBER_WORDS[unit_word])


def _number_word(match: re.Match[str]) -> str:
    word = match.group(1)
    if word in _ORDINAL_WORDS:
        if word == "second" and _second_is_time(match):
            return word
        return _ordinal(_ORDINAL_WORDS[word])
    if word == "one":
        text = match.string
        before = text[: match.start()].split()
        after = text[match.end() :].split()
        if (before and before[-1] in _NOT_A_COUNT_BEFORE) or (
            after and after[0].strip(".,;:!?") in _NOT_A_COUNT_AFTER
        ):
            return word
    return str(_NUMBER_WORDS[word])


def _second_is_time(match: re.Match[str]) -> bool:
    """ "a second", "per second", "seconds": the unit of time, not the ordinal."""
    before = match.string[: match.start()].split()
    return bool(before) and before[-1] in ("a", "per", "one", "each", "every")


def number_word_figure(word: str) -> str | None:
    """The figure of a cardinal number word of one word ("one" "1", "forty" "40"), None for
    any other word (an ordinal is an order word: "first" stays)."""
    value = _NUMBER_WORDS.get(word)
    return None if value is None else str(value)


# The cardinal number words of one word.
NUMBER_WORDS = frozenset(_NUMBER_WORDS)
# Every word a number-word step reads: a text with none of them is left as it is.
NUMBER_WORD_SET = frozenset((*_NUMBER_WORDS, *_ORDINAL_WORDS))


# The words each step needs one of, as a word of the text: a century's ("nineteen", "twenty")
# for a year, "hundred" or "thousand" for a count of several parts, a ten's for a compound.
_CENTURY_WORDS = frozenset(_CENTURY_ALT.split("|"))
_COUNT_PARTS = frozenset(("hundred", "thousand"))
_TENS_WORDS = frozenset(_TENS)


# "a" before a multiplier as a word ("a hundred", "a hundred-year-old"), never before a plural,
# an ordinal or another word ("hundreds", "a hundredth", "a few hundred"); it opens a number
# unless a fraction takes it (`_of_a_fraction`).
A_FOR_ONE = re.compile(r"(?<![\w-])a (?=(?:hundred|thousand|million|billion|trillion)(?!\w))")
# A fraction's words before "of a": "a quarter of a million", "two thirds of a billion", "a
# tenth of a million" (an ordinal from "third" on, or of a multiplier, in the singular or the
# plural; never "first", "second", nor another word in "-th": "a depth of a hundred metres").
_FRACTIONS = frozenset(
    word + plural
    for word in (
        *(ordinal for ordinal in _ORDINAL_WORDS if ordinal not in ("first", "second")),
        "hundredth",
        "thousandth",
        "millionth",
        "billionth",
        "quarter",
        "fraction",
    )
    for plural in ("", "s")
) | {"half", "halves"}


def _a_for_one(found: re.Match[str]) -> str:
    if _of_a_fraction(found.string[: found.start()].split()[-2:]):
        return found.group(0)
    return "one "


def _of_a_fraction(before: list[str]) -> bool:
    """Whether "a" after these words (the two before it) belongs to a fraction of the number:
    "half a million", "a quarter of a million", "two thirds of a billion"."""
    if before[-1:] == ["half"]:
        return True
    return before[-1:] == ["of"] and len(before) == 2 and before[0] in _FRACTIONS


def reads_numbers(words: frozenset[str]) -> bool:
    """Whether a text of these words (its runs of letters) holds what `number_words` rewrites:
    a number word or an ordinal, or "a" and a multiplier ("a hundred")."""
    return not words.isdisjoint(NUMBER_WORD_SET) or (
        "a" in words and not words.isdisjoint(MULTIPLIER_WORDS)
    )


def number_words(text: str, words: frozenset[str] | None = None) -> str:
    """The text with its years, counts, compounds and lone number words in figures, in that
    order ("nineteen eighty-nine" is "1989", "twenty-first" is "21st"), after "a" that opens a
    number is read as "one" ("a hundred and two" is "102").

    ``words``: the text's words (its runs of letters), when the caller has them: a step runs
    only where the text holds a word it needs (a step turns words into figures, and makes no
    word another step reads); without them, every step runs (the definition)."""
    if words is None or ("a" in words and not words.isdisjoint(MULTIPLIER_WORDS)):
        text = A_FOR_ONE.sub(_a_for_one, text)
    if words is None or not words.isdisjoint(_CENTURY_WORDS):
        text = _YEAR_WORDS.sub(_year_words, text)
    if words is None or not words.isdisjoint(_COUNT_PARTS):
        text = _COUNT_WORDS.sub(_count_words, text)
    if words is None or not words.isdisjoint(_TENS_WORDS):
        text = _COMPOUND.sub(_compound, text)
    return _NUMBER_WORD.sub(_number_word, text)


# --- a figure as a scan gives it ---------------------------------------------------------------

# A word of four characters or more made of digits and the look-alikes of "1" and "0", opening
# with "I" or "l", or with digits before a look-alike (never with "O" or "o", `scanned_figures`);
# what it must hold besides is read by `_scanned`. (The lookbehind follows the first character:
# the engine looks for that character before trying the rest.)
_SCANNED_WORD = re.compile(
    r"[Il0-9](?<![^\W_][Il0-9])(?:(?<=[Il])|(?=[0-9]*[IlOo]))[IlOo0-9]{3,}(?![^\W_])"
)
_LOOKALIKE_DIGITS = str.maketrans("IlOo", "1100")
# A digit beside a look-alike letter: what every word of both holds (`scanned_figures`' guard).
# Written as a digit with a look-alike after it or before it, so that the pattern opens with the
# digit: the engine reads the text for a digit and tries the rest only there (found where
# "[0-9][IlOo]|[IlOo][0-9]" is found, which the engine tried whole at every character).
_MIXED = re.compile(r"[0-9](?:[IlOo]|(?<=[IlOo][0-9]))")
# Two look-alike letters or more, then digits alone: a word and its footnote's number ("Ill1").
_WORD_AND_FOOTNOTE = re.compile(r"[IlOo]{2,}\d+")
# A middle dot between digits (what the digits before it and after it are is read by
# `_decimal_dot`), and the power of ten that makes one a product's sign ("3·10⁸", "3·10^8").
_MIDDLE_DOT = re.compile(r"\u00b7(?<=\d\u00b7)(?=\d)")
_POWER_OF_TEN = re.compile(r"10(?:\^|[\u00b9\u00b2\u00b3\u2070-\u207b])")


def _scanned(found: re.Match[str]) -> str:
    word = found.group(0)
    digits = word.translate(_LOOKALIKE_DIGITS)
    if digits == word or not any(ch.isdecimal() for ch in word):
        return word  # no look-alike, or no digit: a figure as written, or no figure
    if (word[-1] == "l" and word[-2].isdecimal()) or _WORD_AND_FOOTNOTE.fullmatch(word):
        return word  # litres ("500l"), a word and its footnote ("Ill1")
    return digits


def _decimal_dot(text: str, at: int) -> bool:
    """Whether the middle dot at ``at`` (between digits) is a decimal point: the digits before
    it stand alone (no letter, digit run, point or dot before them) and no dot follows the
    digits after it."""
    start = at
    while start > 0 and text[start - 1].isdecimal():
        start -= 1
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "._\u00b7"):
        return False  # a formula's digit ("CuSO4·5H2O"), a third part ("1·2·3")
    end = at + 1
    while end < len(text) and text[end].isdecimal():
        end += 1
    return end == len(text) or text[end] not in "\u00b7"


def products(text: str) -> str:
    """``text`` with each middle dot between a digit and a power of ten written as a product's
    sign ("3·10⁸" is "3×10⁸", "3·10^8" "3×10^8"): read before superscripts are dropped."""
    for found in list(_MIDDLE_DOT.finditer(text)):
        if _POWER_OF_TEN.match(text, found.start() + 1):
            text = text[: found.start()] + "\u00d7" + text[found.end() :]
    return text


def scanned_figures(text: str) -> str:
    """``text`` (its case kept) with its figures read as a careful reader reads a scan (the
    module's family): a middle dot before a power of ten as a product's sign (`products`), each
    word of digits and look-alike letters that is a figure (`_scanned`) in digits ("I928" is
    "1928"), then each middle dot between digits that is a decimal point (`_decimal_dot`) as a
    point ("4·5" is "4.5"). Where text is cleaned, `products` is read before superscripts and
    invisible characters are dropped and the rest after (a footnote's "²" is no part of
    "I928²"). (Looked for only where a middle dot is written or a digit stands beside a
    look-alike letter: a word of both holds such a pair; `scanned_figures_by_definition`.)"""
    if "\u00b7" not in text and _MIXED.search(text) is None:
        return text
    return scanned_figures_by_definition(text)


def scanned_figures_by_definition(text: str) -> str:
    """`scanned_figures` without its shortcut: the definition."""
    text = _SCANNED_WORD.sub(_scanned, products(text))
    for found in list(_MIDDLE_DOT.finditer(text)):
        if _decimal_dot(text, found.start()):
            text = text[: found.start()] + "." + text[found.end() :]
    return text
