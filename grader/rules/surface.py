"""Surface forms that do not change what is said (DESIGN 4.6, grader v4): an accepted answer
and an answer's asserted text are compared in one canonical form, through families, each with
its definition and what it must never match (tests/rules/test_key_text.py holds both for each).

The canonical form (`surface`) of normalised text (`grader.rules.normalize.normalize`):

- **diacritics** folded: "zürich" is "zurich", "skłodowska" is "sklodowska". Never: another
  letter ("zurich" is not "zorich").
- **initials**: single letters each followed by a dot, with or without spaces between them, are
  one word: "j. r. r. tolkien" and "j.r.r. tolkien" are "jrr tolkien"; so are two or more single
  letters before a name ("w g grace"). Never: "a" or "i" (words), a single initial.
- **number words and ordinals**: "eleven" is "11", "twenty-one" is "21", "third" is "3rd",
  "twenty-first" is "21st", "minus 40" is "-40"; "one" only where it counts (never "no one",
  "one of", "the one"), "second" never as the unit of time ("a second"). Never: a different
  number.
- **years and counts in words**: a century word and two digits' worth is a year: "nineteen
  eighty-nine" and "nineteen eighty nine" are "1989", "twenty twenty" "2020", "nineteen oh
  five" "1905"; a count of several parts is one number: "two thousand and five" is "2005",
  "two thousand five hundred" "2500", "nineteen hundred and five" "1905" ("nineteen hundred"
  and "two thousand" are "1900" and "2000" by the multipliers below). Never: a century word
  or two digits alone ("nineteen" is "19", "eighty-nine" is "89"), the digits in another order
  ("nineteen eighty-nine" is not "1998"), a sum ("nineteen eighty-nine dollars"), a time of
  day ("at nineteen thirty"), a part of a larger number ("two thousand and five thousand").
- **digit grouping**: "1,500" is "1500" (groups of three digits only). Never: a decimal comma
  ("7,5" stays).
- **units** after a figure in one written form each ("1500 meters", "1500 metres" and "1500m"
  are "1500 m"; "48 hrs" is "48 h"); a scale after a currency amount ("£50m" is "£50
  million"). Never: another unit ("5 m" is not "5 mi"), another scale ("£50 thousand").
- **ranges**: "from 1723 to 1792", "between 1723 and 1792" and "1723 - 1792" are "1723-1792".
  Never: two figures that are no range ("born in 1723 ... until 1790").
- **regnal numbers**: "mary ii" is "mary 2", "henry viii" is "henry 8" (two letters or more,
  after a word that is not a function word). Never: "i", "v" or "x" alone.
- **dates** in any common order are one form, year-month-day: "14 july 1789", "july 14, 1789",
  "the 14th of july 1789" are "1789-07-14"; "july 1789" is "1789-07"; "july 14" and "14 july"
  are "07-14" ("may" and "march" only with a year: they are also words). A key's date is
  matched at its own granularity: "july 1789" is said by "14 july 1789", "1789" by any date in
  it, "december" by "december 7, 1941" (the answer is also read with its dates as written).
  Never: another day, month or year; a coarser date than the key's.

An accepted answer is then matched as a phrase (`says`), with its own families:

- **edges**: an article ("the", "a", "an"), quotes and punctuation at its edges are not part of
  it ("'the senate.'" is "senate"), unless what remains is a function word ("the who" stays);
  a minus before a figure stays ("-40").
- **a title** before a name of two words or more: "professor henry higgins" is said by "henry
  higgins". Never when one word would be left ("king george" is not "george").
- **a parenthesised part**: "world health organization (who)" is said by "world health
  organization", by "who (world health organization)", and by the abbreviation alone only where
  the answer writes it in capitals ("WHO", never the pronoun "who"); a parenthesised qualifier
  that is no abbreviation is said without it ("(robert) boyle" by "boyle", "trainspotting
  (disambiguation)" by "trainspotting").
- **alternatives** written in one accepted answer: "hokey cokey or cokey cokey" is said by
  either.
- **an explained answer**: "secretariat, who in 1973 won ..." is said by its head,
  "secretariat" (a comma, then a relative or a preposition). Never: a name with a comma of its
  own ("paris, texas" is not said by "paris").
- **inflection** of each word: a plural or a possessive, of a word of at least four letters
  ("glacier" by "glaciers", "ostriches" by "ostrich", "cassini division" by "cassini's
  division"). Never: another word ("new" is not "news", "glacier" is not "glaciered").
- **compounds**: two words of three letters or more are said as one ("bee keeper" by
  "beekeeper"), and a comma may stand between words ("kiss me, kate").
- **a figure with its noun or unit**: "7" is said by "7 seasons", "8.8 km" by "8.8km". Never: a
  number that merely contains the key's digits ("7" is not "7.5", "17" or "1,700").
- **citation digits glued to the last word** by chat models with web search: "mandela" is said
  by "mandela2." (one or two digits after a word of at least three letters). Never: a key that
  ends in a digit ("covid-19" is not "covid-18").
- **conjuncts in any order**: "chile and argentina" is said by "argentina and chile": every
  conjunct said. Never: only some of them ("simon" is not "simon and garfunkel").

An accepted answer mentioned only as what is rejected ("not X", "rather than X", "instead of
X") is not said by that mention ("not only X" says it).

When no accepted answer is said, `shares_words` tells whether the answer holds at least half of
one's content words beyond the question's: it may say the key in other words, and a reader
decides; otherwise it asserts another fact.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from grader.rules.eras import ERA_WORDS, eras
from grader.rules.match import _literal
from grader.rules.normalize import normalize_phrase
from grader.rules.units import DEGREE_SIGNS, UNIT_OF

# --- the canonical form ----------------------------------------------------------------------

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
    total = group = 0
    for word in match.group(0).replace("-", " ").split():
        if word == "hundred":
            group *= 100
        elif word == "thousand":
            total, group = total + group * 1000, 0
        elif word != "and":
            group += _NUMBER_WORDS[word]
    return str(total + group)


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


_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH_NUMBER = {name: number for number, name in enumerate(_MONTHS, start=1)}
_MONTH_NUMBER.update(
    {name[:3]: number for number, name in enumerate(_MONTHS, start=1) if name != "may"}
)
_MONTH_NUMBER["sept"] = 9
_MONTH_ALT = "|".join(sorted(_MONTH_NUMBER, key=len, reverse=True))
_DAY = r"(?P<{}>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?P<{}>\d{{4}})(?!\d)"
_MONTH = rf"(?P<{{}}>{_MONTH_ALT})\.?"
_DATES = (
    # 14 july 1789, 14th of july, 1789, the 14th of july 1789
    re.compile(
        rf"(?<![\w.,])(?:the )?{_DAY.format('d')} (?:of )?{_MONTH.format('m')},? "
        rf"{_YEAR.format('y')}"
    ),
    # july 14, 1789; july 14th 1789
    re.compile(rf"(?<![\w.])\b{_MONTH.format('m')} {_DAY.format('d')},? {_YEAR.format('y')}"),
    # july 1789, july of 1789
    re.compile(rf"(?<![\w.])\b{_MONTH.format('m')},? (?:of )?{_YEAR.format('y')}"),
    # 14 july, july 14 (no year): not for "may" and "march", which are also words
    re.compile(rf"(?<![\w.,])(?:the )?{_DAY.format('d')} (?:of )?{_MONTH.format('m')}(?![\w])"),
    re.compile(rf"(?<![\w.])\b{_MONTH.format('m')} {_DAY.format('d')}(?![\w]|,? \d)"),
)


# A date in figures, day and month either way round ("01/09/2024", "22.04.2025"): read both ways
# when both are dates ("2024-09-01/2024-01-09", either said by it), one way when the other is
# no date ("22/04/2025" is "2025-04-22"). Never a fraction or a version ("1/2", "3.10.2").
_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/]|\.\d)")


def _numeric_date(match: re.Match[str]) -> str:
    first, second, year = int(match.group(1)), int(match.group(3)), match.group(4)
    readings = []
    if 1 <= second <= 12 and 1 <= first <= 31:
        readings.append(f"{year}-{second:02d}-{first:02d}")  # day first
    if 1 <= first <= 12 and 1 <= second <= 31:
        readings.append(f"{year}-{first:02d}-{second:02d}")  # month first
    return "/".join(dict.fromkeys(readings)) or match.group(0)


def _date(match: re.Match[str]) -> str:
    found = match.groupdict()
    month_name = found["m"]
    year = found.get("y")
    day = found.get("d")
    if year is None and month_name in ("may", "march", "mar"):
        return match.group(0)
    month = _MONTH_NUMBER[month_name]
    if day is not None and year is not None:
        return f"{year}-{month:02d}-{int(day):02d}"
    if year is not None:
        return f"{year}-{month:02d}"
    return f"{month:02d}-{int(day or 0):02d}"


# Initials: two or more single letters, each followed by a dot (spaces optional between them).
_INITIALS = re.compile(
    r"(?<![\w.])((?:[^\W\d_]\. ?){2,})(?=[^\W\d_]{2})|(?<![\w.])((?:[^\W\d_]\.){2,})"
)
# Digit groups of three after a comma or a (no-break, thin) space: "1,500", "1 500".
_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d]|[.,]\d)")


# Initials written without dots: two or more single letters before a longer word ("w g grace");
# never "a" or "i", which are words.
_BARE_INITIALS = re.compile(r"(?<![\w.])((?:[b-hj-z] ){2,})(?=[^\W\d_]{2})")


def _initials(match: re.Match[str]) -> str:
    letters = "".join(ch for ch in match.group(0) if ch.isalpha())
    return letters + (" " if match.group(1) else "")


def fold_diacritics(text: str) -> str:
    """The text with its letters' diacritics dropped ("zürich" is "zurich"); "ł", "ø", "đ",
    "ß" and "æ" are written as their plain letters."""
    if text.isascii():
        return text
    text = text.translate(_PLAIN)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_PLAIN = str.maketrans(
    {"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", **DEGREE_SIGNS}
)


@lru_cache(maxsize=16384)
def surface(text_norm: str, dates: bool = True) -> str:
    """The canonical surface form of normalised text (the module's first families); without
    ``dates``, dates stay as written (a key that names a month alone, "december", is said by
    "december 7, 1941"). The date steps come last: the dated form is the undated one with its
    dates rewritten.

    Each step runs only where the text holds what it rewrites (a word it reads, a character
    it needs); `surface_by_definition` runs every step, and a test holds the two equal."""
    if dates:
        return dated(surface(text_norm, False))
    text = fold_diacritics(text_norm)
    words = frozenset(_LETTERS.findall(text))
    if _has_initial(text):
        joined = _INITIALS.sub(_initials, text)
        if joined is not text:  # (joined initials are new words)
            text, words = joined, frozenset(_LETTERS.findall(joined))
    if not words.isdisjoint(_SINGLE_LETTERS):
        joined = _BARE_INITIALS.sub(_bare_initials, text)
        if joined is not text:
            text, words = joined, frozenset(_LETTERS.findall(joined))
    if "," in text:
        text = _GROUPED.sub(_ungrouped, text)
    if not words.isdisjoint(_NUMBER_WORD_SET):
        text = _YEAR_WORDS.sub(_year_words, text)
        text = _COUNT_WORDS.sub(_count_words, text)
        text = _COMPOUND.sub(_compound, text)
        text = _NUMBER_WORD.sub(_number_word, text)
    if not words.isdisjoint(ERA_WORDS):
        text = eras(text)
    if _has_digit(text):
        figured = _canonical_figures(text, words)
        if figured is not text:  # (a unit's short form is a new word)
            text, words = figured, frozenset(_LETTERS.findall(figured))
    if not words.isdisjoint(_ROMAN_VALUES):
        text = _ROMAN.sub(_roman, text)
    return text


def dated(text: str) -> str:
    """The dates of a canonical text in one form (the last steps of `surface`: ``surface(t)`` is
    ``dated(surface(t, dates=False))``)."""
    if "/" in text or "." in text:
        text = _NUMERIC_DATE.sub(_numeric_date, text)
    if not frozenset(_LETTERS.findall(text)).isdisjoint(_MONTH_NUMBER):
        for pattern in _DATES:
            text = pattern.sub(_date, text)
    return text


def surface_by_definition(text_norm: str, dates: bool = True) -> str:
    """`surface` with every step run on every text: the definition its guards must equal."""
    text = fold_diacritics(text_norm)
    text = _INITIALS.sub(_initials, text)
    text = _BARE_INITIALS.sub(_bare_initials, text)
    text = _GROUPED.sub(_ungrouped, text)
    text = _YEAR_WORDS.sub(_year_words, text)
    text = _COUNT_WORDS.sub(_count_words, text)
    text = _COMPOUND.sub(_compound, text)
    text = _NUMBER_WORD.sub(_number_word, text)
    text = eras(text)
    text = _canonical_figures(text, None)
    text = _ROMAN.sub(_roman, text)
    if dates:
        text = _NUMERIC_DATE.sub(_numeric_date, text)
        for pattern in _DATES:
            text = pattern.sub(_date, text)
    return text


# Runs of letters: the words a step's guard looks for (a superset of what its pattern reads).
_LETTERS = re.compile(r"[a-z]+")
# What every match of `_INITIALS` opens with: a letter alone before a dot ("j."; a sentence's
# full stop follows a word).
_LETTER = re.compile(r"[^\W\d_]")
_WORD_OR_DOT = re.compile(r"[\w.]")


def _has_initial(text: str) -> bool:
    """Whether ``text`` holds a letter alone before a dot: ``(?<![\\w.])[^\\W\\d_]\\.``, read
    at each dot (a text holds few; the pattern would be tried at every character)."""
    at = text.find(".")
    while at != -1:
        if (
            at >= 1
            and _LETTER.match(text, at - 1) is not None
            and (at == 1 or _WORD_OR_DOT.match(text, at - 2) is None)
        ):
            return True
        at = text.find(".", at + 1)
    return False


_SINGLE_LETTERS = frozenset("bcdefghjklmnopqrstuvwxyz")
_NUMBER_WORD_SET = frozenset((*_NUMBER_WORDS, *_ORDINAL_WORDS))


def _bare_initials(found: re.Match[str]) -> str:
    return found.group(0).replace(" ", "") + " "


def _ungrouped(found: re.Match[str]) -> str:
    return found.group(0).replace(",", "")


# A regnal or sequel number after a name: "mary ii" is "mary 2", "henry viii" is "henry 8"
# ("i", "v" and "x" alone are too often words or letters to be read so).
_ROMAN_VALUES = {
    numeral: value
    for value, numeral in enumerate(
        "_ i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split()
    )
    if len(numeral) >= 2
}
_ROMAN = re.compile(
    r"(?<=[^\W\d_]{2} )(" + "|".join(sorted(_ROMAN_VALUES, key=len, reverse=True)) + r")(?!\w)"
)


def _roman(match: re.Match[str]) -> str:
    before = match.string[: match.start()].split()
    if before and before[-1] in _FUNCTION_WORDS:
        return match.group(0)
    return str(_ROMAN_VALUES[match.group(1)])


# Units after a figure, one written form each ("1500 meters", "1500 metres", "1500m" are
# "1500 m"); a scale after a currency amount ("£50m", "£50 million" are "£50 million"). Never a
# unit of another quantity ("5 m" is not "5 mi"; "m" after a currency sign is a million, after
# a bare figure a metre). The unit table is grader/rules/units.py.
_UNIT_OF = UNIT_OF
_UNIT_ALT = "|".join(sorted((re.escape(word) for word in _UNIT_OF), key=len, reverse=True))
# What a text holds where `_FIGURE_UNIT` may match: a unit's first run of letters as a word
# of its own (a unit stands after a figure and before no letter: "5 km", "8.8km", "60 miles
# per hour"), or the first character of a unit that opens with no letter ("%").
_UNIT_RUNS = frozenset(
    found.group(0) for unit in _UNIT_OF if (found := re.match(r"[a-z]+", unit)) is not None
)
_UNIT_SIGNS = tuple(sorted({unit[0] for unit in _UNIT_OF if re.match(r"[a-z]", unit) is None}))
_FIGURE_UNIT = re.compile(r"(?<![\w£$€¥])(\d+(?:\.\d+)?) ?(" + _UNIT_ALT + r")(?![\w/])")
_CURRENCY_SCALE = re.compile(r"([£$€¥]\d+(?:\.\d+)?) ?(million|mn|m|billion|bn|thousand|k)(?!\w)")
_SCALE_OF = {"m": "million", "mn": "million", "bn": "billion", "k": "thousand"}
# A range of figures in words: "from 1723 to 1792", "between 1723 and 1792", "1723 - 1792" are
# "1723-1792". Never two figures that are no range ("1723 and 1792" alone).
_RANGE = re.compile(
    r"\bfrom (\d+) (?:to|until|till) (\d+)"
    r"|\bbetween (\d+) and (\d+)"
    r"|(?<![\w.,-])(\d+) ?(?:-|to) ?(\d+)(?![\w.,])"
)
# A minus in words: "minus 40" is "-40".
_MINUS = re.compile(r"\bminus (?=\d)")


# A figure times a number word: "1 thousand" (from "one thousand") is "1000", "2.5 million" is
# "2500000" (not after a currency sign: a scaled amount stays as the money parser reads it).
_MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
_MULTIPLIED = re.compile(r"(?<![£$€¥\d.,])(\d+(?:\.\d+)?) (hundred|thousand|million|billion)\b")


def _multiplied(match: re.Match[str]) -> str:
    number = match.group(1)
    whole, _, fraction = number.partition(".")
    scale = _MULTIPLIERS[match.group(2)]
    places = len(fraction)
    if scale < 10**places:
        return match.group(0)
    return str(int(whole + fraction) * (scale // 10**places))


def _unit(match: re.Match[str]) -> str:
    return f"{match.group(1)} {_UNIT_OF[match.group(2)]}"


def _range(match: re.Match[str]) -> str:
    numbers = [group for group in match.groups() if group is not None]
    return f"{numbers[0]}-{numbers[1]}"


def _canonical_figures(text: str, words: frozenset[str] | None) -> str:
    """Units, currency scales, multipliers, ranges and minus in words, each step where the
    text holds what it reads (every step when ``words`` is None)."""
    if words is None or any(sign in text for sign in "£$€¥"):
        text = _CURRENCY_SCALE.sub(_scaled, text)
    if words is None or not words.isdisjoint(_MULTIPLIERS):
        text = _MULTIPLIED.sub(_multiplied, text)
    if (
        words is None
        or not words.isdisjoint(_UNIT_RUNS)
        or any(sign in text for sign in _UNIT_SIGNS)
    ):
        text = _FIGURE_UNIT.sub(_unit, text)
    if words is None or "-" in text or _range_words(words):
        text = _RANGE.sub(_range, text)
    if words is None or "minus" in words:
        text = _MINUS.sub("-", text)
    return text


def _range_words(words: frozenset[str]) -> bool:
    """Whether the words of a text may make a range without a dash: "to" ("1723 to 1792", "from
    1723 to 1792"), "from" with "until" or "till", "between" with "and"."""
    return (
        "to" in words
        or ("from" in words and not words.isdisjoint(("until", "till")))
        or ("between" in words and "and" in words)
    )


def _scaled(found: re.Match[str]) -> str:
    return f"{found.group(1)} {_SCALE_OF.get(found.group(2), found.group(2))}"


_DIGIT = re.compile(r"\d")


def _has_digit(text: str) -> bool:
    return _DIGIT.search(text) is not None


# --- an accepted answer's forms --------------------------------------------------------------

_ARTICLES = ("the ", "a ", "an ")
# A hedge before a key's figure says the key is approximate, not what it is.
_KEY_HEDGES = ("about ", "approximately ", "approx. ", "around ", "roughly ", "circa ", "c. ", "~")
_EDGE = " \"'`.,;:!?*_"
# Words that cannot stand alone as an answer: an article stripped from "the who" would leave one.
_FUNCTION_WORDS = frozenset(
    "a an the who what which when where why how it its is are was were be of in on at to for by "
    "and or not no yes this that these those he she they we you i me him her them us his their "
    "our your my as with from".split()
)
_PARENTHESIS = re.compile(r"^(?P<outer>[^()]+?)\s*\((?P<inner>[^()]+)\)\s*(?P<after>[^()]*)$")


def _edges(text: str) -> str:
    """An accepted answer without the quotes, punctuation and article at its edges (a minus
    before a figure is no punctuation: "-40")."""
    stripped = text.strip(_EDGE).rstrip("-").strip(_EDGE)
    while stripped.startswith("-") and not stripped[1:2].isdigit():
        stripped = stripped[1:].strip(_EDGE)
    for hedge in _KEY_HEDGES:  # "about 68%": the key is the figure
        if stripped.startswith(hedge) and stripped[len(hedge) :][:1].isdigit():
            stripped = stripped[len(hedge) :]
            break
    for article in _ARTICLES:
        if stripped.startswith(article):
            rest = stripped[len(article) :].strip(_EDGE)
            words = rest.split()
            if words and not all(word in _FUNCTION_WORDS for word in words):
                stripped = rest
            break
    return stripped


def is_abbreviation(short: str, long: str) -> bool:
    """Whether ``short`` (as written) abbreviates ``long``: two to six capitals (dots
    allowed) that are the initials of ``long``'s words, in order (function words may be
    skipped): "WHO" of "World Health Organization", "NATO" of "North Atlantic Treaty
    Organization"."""
    letters = short.replace(".", "")
    if not (2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper()):
        return False
    initials = [word[0].lower() for word in re.findall(r"[^\W\d_]+", long)]
    wanted = letters.lower()
    position = 0
    for initial in initials:
        if position < len(wanted) and initial == wanted[position]:
            position += 1
    return position == len(wanted) and initials[:1] == [wanted[0]]


class Form:
    """One way an accepted answer may be said: its canonical text, and whether it must be
    found as written in capitals (an abbreviation alone)."""

    __slots__ = ("capitals", "name", "text")

    def __init__(self, text: str, capitals: str = "", name: str = "") -> None:
        self.text = text
        self.capitals = capitals
        self.name = name


@lru_cache(maxsize=16384)
def forms(accepted: str) -> tuple[Form, ...]:
    """The forms an accepted answer may be said in: its edges stripped; a parenthesised part
    dropped, or an abbreviation either way round (the abbreviation alone only in capitals)."""
    result: list[Form] = []
    alternatives = _alternatives(accepted)
    if len(alternatives) > 1:  # "akrotiri or dhekelia" is said whole too
        result.append(Form(_canonical(accepted)))
    for written in alternatives:
        found = _PARENTHESIS.match(written)
        if found and not found.group("after").strip(_EDGE):
            outer, inner = found.group("outer").strip(), found.group("inner").strip()
            if is_abbreviation(inner, outer):  # "World Health Organization (WHO)"
                result += [Form(_canonical(outer)), Form(_canonical(inner), inner.replace(".", ""))]
                continue
            if is_abbreviation(outer, inner):  # "WHO (World Health Organization)"
                result += [Form(_canonical(inner)), Form(_canonical(outer), outer.replace(".", ""))]
                continue
        # a parenthesised qualifier is said with or without it: "(Robert) Boyle", "Scorpio
        # (disambiguation)"
        plain = _QUALIFIER.sub(" ", written)
        result.append(Form(_canonical(plain), name=_person(plain)))
        head = _EXPLAINED.match(plain)
        if head:  # "Secretariat, who in 1973 became ...": the answer is the head
            result.append(Form(_canonical(head.group(1))))
    return tuple(form for form in result if form.text)


# An accepted answer explained after a comma: "Cher, in 1998, with the song Believe", "Secretariat,
# who in 1973 became ...". Never a name with a comma of its own ("Paris, Texas").
_EXPLAINED = re.compile(
    r"^([^,]+?),\s+(?:who|whom|whose|which|that|where|when|while|in|on|at|with|by|from|after|"
    r"before|during|since|as|the|a|an|its|his|her|their|now|then|also|known|born|died)\b",
    re.IGNORECASE,
)
_QUALIFIER = re.compile(r"\s*\([^()]*\)\s*")
_OR = re.compile(r"\s+or\s+", re.IGNORECASE)


def _alternatives(accepted: str) -> list[str]:
    """An accepted answer written as alternatives ("Hokey Cokey or Cokey Cokey") as each of
    them; otherwise the accepted answer itself."""
    written = accepted.strip()
    pieces = [piece.strip() for piece in _OR.split(written)]
    if len(pieces) > 1 and all(_QUALIFIER.sub(" ", piece).strip(_EDGE) for piece in pieces):
        return pieces
    return [written]


# A title before a name: "professor henry higgins" is said by "henry higgins" (never when one
# word would be left: "king george" stays).
_TITLES = frozenset(
    "sir dame lord lady saint st professor prof dr doctor mr mrs ms miss president senator "
    "general admiral captain colonel king queen prince princess emperor pope rev reverend".split()
)


def _canonical(text: str) -> str:
    stripped = surface(_edges(normalize_phrase(text)))
    words = stripped.split(" ")
    while len(words) > 2 and words[0].rstrip(".") in _TITLES:
        words = words[1:]
    return " ".join(words)


# --- matching --------------------------------------------------------------------------------

_PLURAL_S = re.compile(r"(?<=[^\W\d_]{3})(?<![su])s$")
_PLURAL_ES = re.compile(r"(?<=[^\W\d_]{3})(?:(?<=ch)|(?<=sh)|(?<=x)|(?<=ss)|(?<=z))es$")
_PLURAL_IES = re.compile(r"(?<=[^\W\d_]{3})ies$")


def _word_forms(word: str) -> str:
    """A regular expression for a word of the key and its plural or singular, with an
    optional possessive: "glacier" -> glacier(?:s|es)?; "ostriches" -> ostrich(?:es)?."""
    if len(word) < 4 or not word.isalpha():
        return re.escape(word)
    if _PLURAL_IES.search(word):
        stem = word[:-3]
        return re.escape(stem) + r"(?:ies|y)(?:'s?)?"
    if _PLURAL_ES.search(word):
        return re.escape(word[:-2]) + r"(?:es)?(?:'s?)?"
    if _PLURAL_S.search(word) and len(word) >= 5:
        return re.escape(word[:-1]) + r"s?(?:'s?)?"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return re.escape(word[:-1]) + r"(?:y|ies)(?:'s?)?"
    if word.endswith(("ch", "sh", "x", "ss", "z")):
        return re.escape(word) + r"(?:es)?(?:'s?)?"
    return re.escape(word) + r"s?(?:'s?)?"


# A negation just before a mention, in its clause: what is rejected is not said.
# (also the second of two rejected together: "not france or switzerland")
_REJECTED = re.compile(
    r"(?<!\w)(?:not|rather than|instead of|nor)(?: (?:the|a|an|in|at|by|to|of))?"
    r"(?: [\w'-]+(?: [\w'-]+)?,? (?:or|nor) (?:the )?)?\s*$"
)
_NOT_ONLY = re.compile(r"(?<!\w)not (?:only|just|merely)\s*$")


@lru_cache(maxsize=16384)
def form_pattern(text: str) -> re.Pattern[str] | None:
    """The pattern of one canonical form: whole words, each inflected; digits that
    merely contain it excluded; citation digits glued to its last word allowed."""
    if not text:
        return None
    words = text.split(" ")
    body = ""
    for number, word in enumerate(words):
        if number:
            # where a letter meets a digit, the space is optional ("8.8km"); between two words
            # a comma may stand ("kiss me, kate")
            before = words[number - 1][-1:]
            if before.isdigit() != word[:1].isdigit():
                body += "[- ]?"
            elif len(words[number - 1]) >= 3 and len(word) >= 3 and word.isalpha():
                body += "(?:,?[- ]|)"  # a compound in one word or two ("bee keeper")
            else:
                body += ",?[- ]"
        body += _word_forms(word) if word.isalpha() else _literal(word)
    start = r"(?<!\w)(?<!\d[.,])" if re.match(r"\w", text) else ""
    if re.search(r"\d$", text):
        end = r"(?!\w)(?![.,]\d)"
    elif re.search(r"[^\W\d_]{3}$", text):
        end = r"(?:\d{1,2}(?=[\s.,;:!?)\]]|$))?(?!\w)"
    elif re.search(r"\w$", text):
        end = r"(?!\w)"
    else:
        end = ""
    return re.compile(start + body + end)


def _said(pattern: re.Pattern[str], text: str) -> bool:
    """Whether the pattern occurs in the text other than as a rejected alternative or as one of
    alternatives the answer does not choose between (`uncommitted`)."""
    for found in pattern.finditer(text):
        if not uncommitted(text, found.start(), found.end()) and not _rejected(text, found.start()):
            return True
    return False


# Alternatives the answer does not choose between: an answer that is nothing but "A or B"
# (after a hedge: "possibly london or dublin", "i am not sure, maybe x or y"), or "either A or
# B". Never synonyms in a sentence ("is called evaporation or vaporization").
_SIDE = r"(?:the )?(?:[^\s,.;:!?]+ ){0,2}[^\s,.;:!?]+"
_ALTERNATIVES = re.compile(
    r"^(?:(?:i am not sure|not sure|i think|possibly|maybe|perhaps|probably|either)[,:]?\s+)*"
    rf"(?:it is |it was )?{_SIDE}\s+or\s+{_SIDE}[.!?]?$"
)
_EITHER = re.compile(r"\beither\s+[^,.;:!?]{1,40}?\s+or\s+[^,.;:!?]{1,40}")


def uncommitted(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is one of alternatives the answer does not
    choose between."""
    if " or " not in text or " or " in text[start:end]:
        return False  # (a key that is itself "a or b", said whole, is committed to)
    if _ALTERNATIVES.match(text.strip()) is not None:
        return True
    return any(either.start() <= start and end <= either.end() for either in _EITHER.finditer(text))


def rejects(accepted: str, answer_surface: str) -> bool:
    """Whether the answer mentions the accepted answer only to reject it ("it was not
    argentina; france won") or as one of alternatives it does not choose between ("tigris or
    euphrates")."""
    mentioned = False
    for form in forms(accepted):
        pattern = form_pattern(form.text) if not form.capitals else None
        if pattern is None:
            continue
        for found in pattern.finditer(answer_surface):
            mentioned = True
            if not _rejected(answer_surface, found.start()) and not uncommitted(
                answer_surface, found.start(), found.end()
            ):
                return False
    return mentioned


def _rejected(text: str, start: int) -> bool:
    before = text[max(0, start - 40) : start]
    clause = re.split(r"[.;:!?()]", before)[-1]
    return _REJECTED.search(clause) is not None and _NOT_ONLY.search(clause) is None


# --- a person's name given shorter --------------------------------------------------------------

# A person's name as a key writes it: two to four words in capitals ("Alexander Fleming", "Mary
# Wollstonecraft Shelley", "J. K. Rowling"), the last of at least three letters.
_PARTICLES = "da de del della der di du la le ten ter van von"
_PERSON = re.compile(
    r"^(?:[A-Z][\w'.-]*\.? ){1,3}(?:(?:" + "|".join(_PARTICLES.split()) + r") ){0,2}"
    r"[A-Z][a-z][\w'-]+$"
)


def _person(written: str) -> str:
    """The name, diacritics folded, when an accepted answer is shaped as a person's name."""
    name = " ".join(fold_diacritics(written).strip(_EDGE).split())
    return name if _PERSON.match(name) else ""


def says_name(name: str, answer_text: str) -> bool:
    """Whether the answer gives the person's name shorter: the surname alone ("Fleming" for
    "Alexander Fleming"), or after the key's first name or its initial, with middle names where
    the key has none ("Lev Nikolayevich Tolstoy" for "Lev Tolstoy") and the key's own where it
    has them ("Mary W. Shelley"). Never with another first name ("Percy Bysshe Shelley" is not
    "Mary Shelley") or another middle word ("Universal System Bus" is not "Universal Serial
    Bus"); never a surname alone after a word that qualifies it ("14th Amendment" is not
    "Thirteenth Amendment", "the sprinter Bolt" is left to the key itself), nor as a sentence's
    first word in an answer of more than three words ("See the gallery" is not "Holy See"); never
    in lower case ("a city" is not "Vatican City"); never a mention rejected or among
    alternatives."""
    first, middle, surname = _name_parts(name)
    text = fold_diacritics(answer_text)
    lowered = text.lower()
    short = len(text.split()) <= 3
    for found in _surname_pattern(surname).finditer(text):
        if _NAME_FOLLOWS.match(text, found.end()):
            continue  # the surname is another's first name ("Cameron Crowe")
        before = text[: found.start()]
        run = re.search(r"((?:[A-Z][\w'.-]*\.?\s)*)$", before)
        names = run.group(1).split() if run else []
        # the name as a whole is what is rejected or among alternatives ("not Bobby Moore")
        opens = run.start(1) if run else found.start()
        if uncommitted(lowered, opens, found.end()) or _rejected(lowered, opens):
            continue
        if not names:
            qualified = any(
                word.strip("\"'(),.:;").lower() not in _FUNCTION_WORDS for word in before.split()
            )
            if short and not qualified:  # the surname is the answer
                return True
            continue
        given = names[0].rstrip(".")
        if not (given.lower() == first.lower() or (len(given) == 1 and first.startswith(given))):
            continue
        if not middle or all(_same_name(word, middle) for word in names[1:]):
            return True
    return False


_NAME_FOLLOWS = re.compile(r"\s+[A-Z][a-z]")


def _name_parts(name: str) -> tuple[str, list[str], str]:
    """A person's name as its first name, middle words and surname (with its particles: "da
    Vinci", "van Gogh")."""
    words = name.split()
    start = len(words) - 1
    while start > 1 and words[start - 1] in _PARTICLES.split():
        start -= 1
    return words[0].rstrip("."), words[1:start], " ".join(words[start:])


def _surname_pattern(surname: str) -> re.Pattern[str]:
    """The surname as written, its particles in either case ("Van Gogh" for "van Gogh")."""
    *particles, last = surname.split()
    body = "".join(f"(?i:{re.escape(particle)}) " for particle in particles) + re.escape(last)
    return re.compile(rf"(?<![\w-]){body}(?!['\w-](?!s\b))")


def _same_name(word: str, middle: list[str]) -> bool:
    """A middle word of the answer's name that is one of the key's, or its initial."""
    bare = word.rstrip(".").lower()
    return any(
        bare == other.rstrip(".").lower() or (len(bare) == 1 and other.lower().startswith(bare))
        for other in middle
    )


_CONJUNCTION = re.compile(r"\s*(?:,\s*and|,|\band\b|&)\s*")


def says(accepted: str, answer_surface: str, answer_text: str = "") -> bool:
    """Whether the answer says the accepted answer in one of its forms.

    Args:
        accepted: One accepted answer, as the key writes it.
        answer_surface: The answer's asserted text in its canonical form (`surface` of the
            normalised text).
        answer_text: The asserted text as written (case kept), where an abbreviation alone is
            looked for in capitals.
    """
    for form in forms(accepted):
        if form.capitals:
            if re.search(rf"(?<!\w){re.escape(form.capitals)}(?!\w)", answer_text):
                return True
            continue
        pattern = form_pattern(form.text)
        if pattern is not None and _said(pattern, answer_surface):
            return True
        if answer_text and form.name and says_name(form.name, answer_text):
            return True
        conjuncts = [piece for piece in _CONJUNCTION.split(form.text) if piece]
        if len(conjuncts) > 1 and all(
            (found := form_pattern(_edges(piece))) is not None and _said(found, answer_surface)
            for piece in conjuncts
        ):
            return True
    return False


# --- the key in other words --------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+")


@lru_cache(maxsize=4096)
def content_words(text_surface: str) -> frozenset[str]:
    """The words of a canonical text that carry its content: words of at least three letters
    that are not function words. A number is no such word: another number is another fact."""
    return frozenset(
        _stem(word)
        for word in _WORD.findall(text_surface)
        if len(word) >= 3 and word.isalpha() and word not in _FUNCTION_WORDS
    )


def _stem(word: str) -> str:
    for ending in ("ies", "es", "s", "'s"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def shares_words(accepted: str, answer_surface: str, question_surface: str = "") -> bool:
    """Whether the answer holds at least half of an accepted answer's content words (those
    beyond the question's) without saying it: a name given shorter or longer ("jimmy webb" for
    "james h. webb"), the words in another form or order. A reader decides. Never: an answer
    that shares fewer than half ("harry" alone for "harry potter and the prisoner of azkaban"
    is another fact)."""
    asked = content_words(question_surface)
    for form in forms(accepted):
        wanted = content_words(form.text) - asked
        # (a word holds its stem: a wanted word the answer holds is in it as written)
        if not wanted or 2 * sum(word in answer_surface for word in wanted) < len(wanted):
            continue
        figures = set(_NUMBER.findall(form.text))
        if figures and figures.isdisjoint(_NUMBER.findall(answer_surface)):
            continue  # another figure with the key's words ("220 volts" for "120 volts")
        if 2 * len(wanted & content_words(answer_surface)) >= len(wanted):
            return True
    return False


_NUMBER = re.compile(r"\d+(?:\.\d+)?")
