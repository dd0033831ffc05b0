"""Surface forms that do not change what is said (DESIGN 4.6, grader v4): an accepted answer
and an answer's asserted text are compared in one canonical form, through families, each with
its definition and what it must never match (tests/rules/test_key_text.py holds both for each).

The canonical form (`surface`) of normalised text (`grader.rules.normalize.normalize`), with
these families here:

- **diacritics** folded: "zürich" is "zurich", "skłodowska" is "sklodowska". Never: another
  letter ("zurich" is not "zorich"). A key that lost those letters with its file's encoding
  ("Beyonc") is said by the answer's text damaged the same way (`without_foreign_letters`,
  read last by `grader.rules.content_check`).
- **initials**: single letters each followed by a dot, with or without spaces between them, are
  one word: "j. r. r. tolkien" and "j.r.r. tolkien" are "jrr tolkien"; so are two or more single
  letters before a name ("w g grace"). Never: "a" or "i" (words), a single initial.
- **digit grouping**: "1,500" is "1500" (groups of three digits only), and before a decimal
  point too: "1,500.5" is "1500.5" (the canonical form keeps those commas, so a key's figure is
  matched either way, `figure_forms`). Never: a decimal comma ("7,5" stays), groups of other
  sizes ("15,00.5" is not "1500.5").
- (v4) **a figure written the European way** (`figure_forms`, read where a key is matched,
  `grader.rules.surface_match.form_pattern`): a key's figure is said by the same number written
  the European way, as `grader.rules.european_numbers` reads it (the family's definition and
  what it never reads): "3,5 km" says "3.5 km", "0,25" "0.25", "1.500 steps" "1,500 steps",
  "12.000 tonnes" "12,000 tonnes", "4.900.000" "4,900,000", "1.500,5" "1,500.5". The answer's
  "1.500" is ambiguous: it says a key of 1,500 by its European reading and what it says in
  English by the English one (nothing more: the key of 1.5 is not said by "1.500" for its
  zeros, as "1,500.00" does not say "1,500"); "1.500,00" is read whole, as "1500.00". Money
  keeps its own reading (`grader.rules.currencies.read_number`: "1.450" by the key's form).
- **a word and its abbreviation** (`ABBREVIATIONS`, read where a key is matched,
  `grader.rules.surface_match`, and where a question's words are restated,
  `grader.rules.gaps`): "bros" and "brothers", "st" and "saint" or "street".
- **regnal numbers**: "mary ii" is "mary 2", "henry viii" is "henry 8" (two letters or more,
  after a word that is not a function word). Never: "i", "v" or "x" alone.

and these in the modules that hold them, each with its definition and counter-examples:

- **number words and ordinals**, **years and counts in words**: `grader.rules.surface_numbers`;
- **units**, **a size's multiplication sign** ("36 × 24 mm"), **ranges** (and "minus 40"), and
  in a key's forms **the same quantity in another metric prefix** ("185 cm" for "1.85 m"):
  `grader.rules.surface_units`;
- **dates**: `grader.rules.surface_dates`;
- **a state or province by its postal code** after a place ("Denver, CO" for "Colorado") or as
  the whole answer ("CO" for "Colorado"): `grader.rules.surface_places`, read as written (case
  kept) by `grader.rules.surface_match.says` and, the code alone, by
  `grader.rules.content_check.says_key`;
- **a country by its people's adjective** ("Israeli" for "Israel", asked which country):
  `grader.rules.surface_countries`;
- **a year in the key's century or decade**: `grader.rules.periods` (read beside the surface
  forms, by `grader.rules.content_check.says_key`).

An accepted answer is then matched as a phrase (`grader.rules.surface_match.says`), in each of
its forms: **edges**, **a title**, **a parenthesised part**, **alternatives** and **an explained
answer** are in `grader.rules.surface_forms`; **inflection**, **compounds**, **a figure with its
noun or unit**, **citation digits glued to the last word**, **conjuncts in any order**, a
person's name given shorter, a mention that rejects the key, and the key in other words
(`shares_words`) in `grader.rules.surface_match`; **a given name's other forms** in
`grader.rules.given_names`; **another person of the key's surname** in `grader.rules.surnames`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from grader.rules.eras import ERA_WORDS, eras
from grader.rules.european_numbers import decimal_comma
from grader.rules.match import opening_with
from grader.rules.normalize import has_digit
from grader.rules.spellings import american, british_word
from grader.rules.surface_counts import COUNTING_WORDS, compound_durations, counting_nouns
from grader.rules.surface_dates import LETTERS, dated, dated_by_definition
from grader.rules.surface_numbers import number_word_figure, number_words, reads_numbers
from grader.rules.surface_times import CLOCK_WORDS, clock_times
from grader.rules.surface_units import canonical_figures, groups_of_three, whole_before_decimals
from grader.rules.units import DEGREE_SIGNS

# --- the canonical form ----------------------------------------------------------------------


# Initials: two or more single letters, each followed by a dot (spaces optional between them).
_INITIALS = re.compile(
    r"(?<![\w.])((?:[^\W\d_]\. ?){2,})(?=[^\W\d_]{2})|(?<![\w.])((?:[^\W\d_]\.){2,})"
)
# Digit groups of three after a comma or a (no-break, thin) space: "1,500", "1 500".
_GROUPED_BODY = r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d]|[.,]\d)"
_GROUPED = re.compile(opening_with(r"\d", _GROUPED_BODY))  # (a group opens with its digit)
# What every match of `_GROUPED` holds: a comma before a digit.
_COMMA_DIGIT = re.compile(r",\d")


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


def without_foreign_letters(text: str) -> str:
    """The text as a file that lost its encoding holds it: every character outside ASCII
    dropped ("Beyoncé" is "Beyonc", "László Bíró" is "Lszl Br"), how some datasets' keys
    are written (`grader.rules.question_words.says_damaged`: a key damaged so)."""
    return text.encode("ascii", "ignore").decode("ascii")


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
    words = frozenset(LETTERS.findall(text))
    if _has_initial(text):
        joined = _INITIALS.sub(_initials, text)
        if joined is not text:  # (joined initials are new words)
            text, words = joined, frozenset(LETTERS.findall(joined))
    if not words.isdisjoint(_SINGLE_LETTERS):
        joined = _BARE_INITIALS.sub(_bare_initials, text)
        if joined is not text:
            text, words = joined, frozenset(LETTERS.findall(joined))
    if "," in text and _COMMA_DIGIT.search(text) is not None:
        text = _GROUPED.sub(_ungrouped, text)
    if any(british_word(word) for word in words):
        spelled = american(text)
        if spelled is not text:  # ("colour" is "color": a new word)
            text, words = spelled, frozenset(LETTERS.findall(spelled))
    if reads_numbers(words):
        text = number_words(text, words)
    if not words.isdisjoint(ERA_WORDS):
        text = eras(text)
    if ":" in text or not words.isdisjoint(CLOCK_WORDS):
        text = clock_times(text)
    if not words.isdisjoint(COUNTING_WORDS):
        counted = counting_nouns(text)
        if counted is not text:  # ("a decade" is "10 years": a new word)
            text, words = counted, frozenset(LETTERS.findall(counted))
    if has_digit(text):
        figured = canonical_figures(text, words)
        if figured is not text:  # (a unit's short form is a new word)
            text, words = figured, frozenset(LETTERS.findall(figured))
        if "and" in words:
            text = compound_durations(text)
    if not words.isdisjoint(_ROMAN_VALUES):
        text = _ROMAN.sub(_roman, text)
    return text


def surface_by_definition(text_norm: str, dates: bool = True) -> str:
    """`surface` with every step run on every text: the definition its guards must equal."""
    text = fold_diacritics(text_norm)
    text = _INITIALS.sub(_initials, text)
    text = _BARE_INITIALS.sub(_bare_initials, text)
    text = _GROUPED.sub(_ungrouped, text)
    text = american(text)
    text = number_words(text)
    text = eras(text)
    text = clock_times(text)
    text = counting_nouns(text)
    text = canonical_figures(text, None)
    text = compound_durations(text)
    text = _ROMAN.sub(_roman, text)
    return dated_by_definition(text) if dates else text


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
    if before and before[-1] in FUNCTION_WORDS:
        return match.group(0)
    return str(_ROMAN_VALUES[match.group(1)])


# --- a figure written the European way ------------------------------------------------------

# A figure of a key's canonical form: digits, and a decimal part after a point (grouping commas
# are dropped by then, "1,500" is "1500", except before a decimal part: "1,500.5").
_FIGURE_WORD = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?")


@lru_cache(maxsize=4096)
def figure_forms(word: str) -> str | None:
    """A regular expression for a figure of a key's canonical form as written either way (every
    way `grader.rules.european_numbers` reads it, written out): "1500" is "1500" or "1.500",
    "3.5" "3.5" or "3,5", "1500.25" "1500.25", "1,500.25", "1500,25" or "1.500,25", "42.195" only
    "42.195"
    (a comma before three digits groups them); None for a word that is no figure ("-40",
    "1723-1792", "8.8km")."""
    found = _FIGURE_WORD.fullmatch(word)
    if found is None:
        return None
    whole, decimals = found.group(1).replace(",", ""), found.group(2)
    european = [re.escape(whole)]
    if len(whole) >= 4:  # dots between groups of three: "1.500", "4.900.000"
        european.append(r"\.".join(groups_of_three(whole)))
    wholes = european[0] if len(european) == 1 else "(?:" + "|".join(european) + ")"
    if decimals is None:
        return wholes
    english = whole_before_decimals(whole) + r"\." + decimals
    if not decimal_comma(decimals):
        return english  # "42,195" is forty-two thousand one hundred and ninety-five
    return "(?:" + english + "|" + wholes + "," + decimals + ")"


# --- a word and its abbreviation ----------------------------------------------------------------

# A word of a name or title and its common abbreviation (from the usual abbreviations of titles,
# street and place words and company forms in English style guides and postal lists; not
# exhaustive): each abbreviation with the words it stands for. "st" and "dr" stand for two words
# each, and either is accepted: in a key the key's other words fix which one is meant, and no
# answer writes the other ("Street Louis", "Mulholland Doctor"), while choosing by position would
# miss real forms ("St. Louis" and "Main St.", "Dr. Dre" and "Mulholland Dr.").
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "bros": ("brothers",),
    "st": ("saint", "street"),
    "mt": ("mount",),
    "ft": ("fort",),
    "co": ("company",),
    "corp": ("corporation",),
    "inc": ("incorporated",),
    "ltd": ("limited",),
    "dr": ("doctor", "drive"),
    "jr": ("junior",),
    "sr": ("senior",),
    "ave": ("avenue",),
    "blvd": ("boulevard",),
    "univ": ("university",),
    "intl": ("international",),
    "natl": ("national",),
    "dept": ("department",),
    "govt": ("government",),
    "assn": ("association",),
    "gen": ("general",),
    "capt": ("captain",),
    "sgt": ("sergeant",),
    "prof": ("professor",),
}
# Each full word with its abbreviation.
_ABBREVIATED_AS = {full: short for short, fulls in ABBREVIATIONS.items() for full in fulls}


def word_forms(word: str) -> tuple[str, ...]:
    """A word of the abbreviation table (without its dot) with its other forms: an abbreviation
    and the words it stands for ("st": "saint", "street"), a word and its abbreviation
    ("brothers": "bros"); () for a word not in the table. Whole words only: "gen" in "genesis"
    or "co" in "co-op" is no word of it."""
    if word in ABBREVIATIONS:
        return ABBREVIATIONS[word]
    short = _ABBREVIATED_AS.get(word)
    return () if short is None else (short,)


def word_form(word: str) -> str:
    """A word alone (lower case) in the canonical form, where words are compared one by one (a
    question's words and a restatement's, `grader.rules.gaps`): a cardinal number word as its
    figure ("one" is "1", as `surface` writes "formula one" "formula 1"), an abbreviation of
    the table as the word it stands for ("bros" is "brothers", "co" is "company"; "st" is
    "saint", the first of its two: a word compared alone has no other words to tell which),
    any other word as it is."""
    figure = number_word_figure(word)
    if figure is not None:
        return figure
    fulls = ABBREVIATIONS.get(word)
    return word if fulls is None else fulls[0]


# Words that cannot stand alone as an answer: an article stripped from "the who" would leave one
# (and a regnal number does not follow one).
FUNCTION_WORDS = frozenset(
    "a an the who what which when where why how it its is are was were be of in on at to for by "
    "and or not no yes this that these those he she they we you i me him her them us his their "
    "our your my as with from".split()
)
