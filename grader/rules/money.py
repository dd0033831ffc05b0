"""Money in any currency: one parser for keys and answers (DESIGN 4.3).

An amount is a number with a currency, read as a whole token (its currency, its number and its
scale word as `grader.rules.currencies` reads them):

- the currency before it: a sign ("$42.99", "$ 42.99", "€1,450", "£500", "¥120,000", "₹900",
  "US$42.99", "C$", "A$", "HK$", "S$", "NZ$", "CN¥") or a code ("USD 42.99", "EUR 1,450",
  "CHF 8,500"); or after it: a code, a sign or a word ("42.99 USD", "1.450,00 €", "8'500
  CHF", "120,000円", "42.99 dollars", "1,450 euros", "500 pounds", "120,000 yen", "Swiss
  francs"). Codes other than USD are read in capitals only ("EUR", never "eur");
- the number as its own form shows it (`Amount.form`); "1.450" alone is ambiguous
  (`Amount.ambiguous`), except before a scale word: "€1.450 billion" is €1.45 billion;
  key's form (`MoneyKey.matches_amount`);
- a sign before the currency or after it ("-$10,020.00", "$-20.00", "−$20.00" once cleaned),
  or accounting brackets ("($1,200.00)", "$(1,577)");
- a scale word after it: thousand, million, billion, trillion, mm, mn, bn, tn in any case, or
  k, m, b touching the number ("$1.2 million" is $1,200,000, "$2.5bn" and "$2.5B" are
  $2,500,000,000; in "$425,000 B - Other structures" the B is a label);
- a unit note in the same text applies to amounts without a scale word of their own
  ("$845 (in millions)", "dollars in thousands").

(v4) An amount in words is a number in words, whole, then a currency's name (the number words
are `grader.rules.surface_numbers`', below a million, with a scale word after them): "five
dollars" is $5, "twenty-five euros" €25, "three hundred and fifty pounds" £350, "fifteen hundred
Swiss francs" CHF 1,500, "five million US dollars" US$5,000,000, "one dollar" $1, "one euro"
€1; with its minor unit after "and", one amount ("five dollars and fifty cents" is $5.50).
Never an amount in words:
- no number word: "a few dollars", "dollars and cents", "billions of dollars", "a dollar", "a
  million dollars" ("a" is no number: "a dollar" and "a million dollars" are as often a figure
  of speech, "cents on the dollar", "looks like a million dollars", as "a cent" is);
- a number joined to the name by a hyphen, which makes it a word of the noun after it: "a
  five-dollar bill", "a twenty-euro ticket" name a kind of note or ticket, not a sum paid or
  owed ("He paid with a five-dollar bill" says nothing of the fare), as "a 5-dollar bill" in
  digits is no amount; so is the singular "dollar" after another number than one ("a five
  dollar bill", "a 5 dollar bill");
- "one" that counts nothing ("the one dollar store": `grader.rules.surface_numbers`);
- the end of a longer number ("nineteen eighty-nine dollars", "one point five million dollars",
  "a hundred and five dollars", "between two and five dollars": its last words are no number of
  their own), and a weight ("three pounds of flour", "twelve stone four pounds").
"five dollars' worth of chalk" is $5 (what was paid, as "$5 worth" is).

Never money: a number without a currency (`bare_figures` reads the figure a form prints), a
percentage, a count, "500 pounds of flour" and "weighs 150 pounds" (a weight), a year
before a singular word ("the 2023 euro area"), and the euro before cents ("5 euro cents" is
€0.05, read by `grader.rules.minor_units` with every amount in a minor unit: "five cents" is
$0.05, "50 pence" £0.50, "$5 and 50 cents" $5.50). No digit, letter or
separator may touch the token: "$20.00" does not occur in "-$10,020.00", and "$1,20" is no
amount.

Amounts are read from `grader.rules.normalize.clean` text (a minus sign or a dash is then "-",
a thin or no-break space between digit groups a comma).

The money families live by subject: currencies, numbers and scale words in
`grader.rules.currencies`; amounts and unit notes here; an amount worded as negative (a loss, an
overdrawn balance, a refund) or as no money at all in `grader.rules.money_wording`; money keys
and the bare figure a form prints in `grader.rules.money_keys`.

Why one file: `find_amounts` is one reading of three forms (in digits, in words, in a minor
unit), merged in order with an overlap left out, and the guard that refuses a weight or a count
after a number (`_not_money_after`) serves digits and words alike; `amounts_by_definition`, which
the shortcuts of `find_amounts` are held to, reads the same three. The regular expression of an
amount is built from parts (`_CURRENCY_FIRST`, `_CURRENCY_AFTER`, `_AMOUNT`) that read only
together.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from grader.rules.currencies import (
    CODES,
    COMMA,
    CURRENCY_WORDS,
    SCALE_AFTER,
    SCALES,
    SIGNS,
    USD,
    convention,
    currency_of,
    form_of_reading,
    number_value,
    other_reading,
    read_number,
)
from grader.rules.match import opening_with
from grader.rules.minor_units import divides, may_hold_minor, minor_amounts
from grader.rules.normalize import clean
from grader.rules.surface_numbers import (
    CARDINAL_WORDS,
    MULTIPLIER_WORDS,
    NOT_A_COUNT_BEFORE,
    NUMBER_WORDS,
    cardinal_value,
)
from grader.schema import UNITS

# Words that are money only after an amount that is no year, and not before cents: "2023 euro
# area" is no €2,023, "5 euro cents" no €5.
_SINGULAR_WORDS = frozenset(
    ("dollar", "euro", "pound", "yen", "franc", "yuan", "renminbi", "rupee")
)
# A singular word that names an amount only after one ("one dollar", "1 dollar"): after another
# number it makes a compound before a noun ("a five dollar bill" names a note; the plural names
# the sum: "five dollars").
_AFTER_ONE_ONLY = frozenset(("dollar",))
_POUND_WORDS = frozenset(("pounds sterling", "pounds", "pound"))
# A weight, not money: "500 pounds of flour", "it weighs 150 pounds".
_WEIGHT_WORDS = frozenset(
    "weigh weighs weighed weighing weight weights heavy heavier lighter payload load lift lifts "
    "lifted lbs".split()
)
# Pounds after stones are a weight too: "12 stone 4 pounds", "twenty nine stone twelve pounds".
_STONES = frozenset(("stone", "stones", "st"))


def _alternatives(written: Iterable[str]) -> str:
    """A regular expression for any of ``written``, the longest first."""
    return "|".join(re.escape(text) for text in sorted(written, key=len, reverse=True))


_CODES = r"(?-i:" + "|".join(code for code in CODES if code != USD) + r")|USD"
_BEFORE = (
    r"(?P<before>"
    + _alternatives([sign for sign in SIGNS if sign != "円"])
    + r"|(?:"
    + _CODES
    + r")(?![a-z])\s?)"
)
_AFTER = (
    r"\s?(?P<after>(?:" + _CODES + r"|" + _alternatives(CURRENCY_WORDS) + r")(?![\w])|[€£¥₹円])"
)

# The number, as one token: digits, and the separators between them ("1,450.00", "1.450,00",
# "8'500", "1.450"); what it is, `read_number` decides. No separator and digit may follow it.
# Digit groups may stand between single spaces too ("1 450 €", "CHF 12 500", "1 450,50 €"),
# every group after the first of three digits.
_NUMBER = r"(?P<number>\d{1,3}(?: \d{3})+(?:[.,]\d+)?|\d[\d.,']*\d|\d|\.\d+)(?![.,']?\d)"
# Currency first: [sign or "("] currency [sign or "("] number [")"] [scale] [")"] [code] (a
# closing bracket only where one was opened).
_CURRENCY_FIRST = (
    r"(?<![\w$€£¥₹.])(?:(?P<open>\(\s?)|(?P<sign>-\s?))?"
    + _BEFORE
    + r"\s?(?:(?P<inner_open>\(\s?)|(?P<inner>-\s?))?"
    + _NUMBER
    + r"(?(inner_open)\)?)"
    + SCALE_AFTER
    + r"(?(open)\)?)"
    + r"(?:\s?(?:"
    + _CODES
    + r")\b)?"
)
# Currency after: [sign] number [scale] (code | word | sign).
_CURRENCY_AFTER = (
    r"(?<![\w$€£¥₹.,'])(?P<sign2>-\s?)?"
    + _NUMBER.replace("number", "number2")
    + SCALE_AFTER.replace("scale", "scale2").replace("letter", "letter2")
    + _AFTER
)
# What each half opens with (`opening_with`): a bracket, a minus, or a sign's or a code's first
# character; a minus, a digit or a decimal point.
_FIRST_OF_CURRENCY_FIRST = re.escape(
    "(-" + "".join(sorted({written[0] for written in (*SIGNS, *CODES) if written != "円"}))
)
_FIRST_OF_CURRENCY_AFTER = r"\-.\d"
_AMOUNT = re.compile(
    opening_with(_FIRST_OF_CURRENCY_FIRST, _CURRENCY_FIRST)
    + "|"
    + opening_with(_FIRST_OF_CURRENCY_AFTER, _CURRENCY_AFTER),
    re.IGNORECASE,
)
# `_AMOUNT` for a text in which no currency is written after a number (`_written_after`): there
# its second half matches nowhere, so it is not tried (half the time `_AMOUNT` takes).
_AMOUNT_CURRENCY_FIRST = re.compile(
    opening_with(_FIRST_OF_CURRENCY_FIRST, _CURRENCY_FIRST), re.IGNORECASE
)

# What the currency of `_CURRENCY_AFTER` holds: a code, a word, or a sign other than "$".
_WRITTEN_AFTER = re.compile(
    r"(?-i:" + "|".join(CODES) + r")|usd|" + _alternatives(CURRENCY_WORDS) + r"|[€£¥₹円]",
    re.IGNORECASE,
)
# The same for an ASCII text, as plain substrings that ignore no case, the stems looked for in
# the text in lower case (for ASCII text the same as ignoring case): the codes, and the words'
# stems (each word holds one). A substring is found without reading the text character by
# character as a pattern does.
_WORD_STEMS = ("usd", "dollar", "euro", "pound", "yen", "franc", "yuan", "renminbi", "rupee")
# The codes as one pattern that keeps case: the engine reads only the text's capitals (a code's
# first letter) where the twelve codes looked for as substrings would read the text twelve times.
_CODE = re.compile("|".join(CODES))


def _written_after(cleaned: str, lowered: str) -> bool:
    """Whether ``cleaned`` (``lowered``: the same in lower case) may hold a currency written
    after a number (a code, a word, a sign other than "$": what `_CURRENCY_AFTER` needs); every
    sign holds "$" or one of these, so a text with neither holds no amount at all."""
    if cleaned.isascii():
        if _CODE.search(cleaned) is not None:
            return True
        return any(stem in lowered for stem in _WORD_STEMS)
    return _WRITTEN_AFTER.search(cleaned) is not None


@dataclass(frozen=True, slots=True, init=False)
class Amount:
    """One amount as written (``text``), its currency (an ISO code, or "$" for a bare dollar)
    and its value in that currency (``value``, >= 0).

    ``negative``: written with a minus sign or in accounting brackets. ``number`` is the number
    as the parser reads it ("1,577"; "1.450,00" is read "1,450.00"), ``scale`` what it was
    multiplied by (a scale word or a unit note), ``scale_word`` whether the amount itself
    writes a scale word (then it rounds); ``start`` and ``end`` are where it stands in the
    cleaned text it was found in. ``form`` is what its separators show (`POINT`, `COMMA`, or
    ""), and ``ambiguous`` whether they may be read either way ("1.450"): it is then read as its
    currency reads a key that shows no form (`reading` gives the other).
    """

    text: str
    value: Decimal
    negative: bool
    number: str
    scale: Decimal
    scale_word: bool
    start: int
    end: int
    currency: str
    form: str
    ambiguous: bool

    def __init__(
        self,
        text: str,
        value: Decimal,
        negative: bool,
        number: str,
        scale: Decimal,
        scale_word: bool,
        start: int,
        end: int,
        currency: str,
        form: str,
        ambiguous: bool,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "negative", negative)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "scale_word", scale_word)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "currency", currency)
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "ambiguous", ambiguous)

    def read_as(self, form: str) -> Amount:
        """The amount read in ``form`` (`POINT` or `COMMA`): itself, unless it is ambiguous and
        read the other way ("1.450" read with points between groups is 1,450)."""
        if not self.ambiguous or form == form_of_reading(self.number):
            return self
        number = other_reading(self.number)
        return Amount(
            self.text,
            number_value(number) * self.scale,
            self.negative,
            number,
            self.scale,
            self.scale_word,
            self.start,
            self.end,
            self.currency,
            self.form,
            True,
        )


# A note that says in what unit a text's amounts are written: "(in millions)", "dollars in
# thousands", "in millions of dollars", "amounts in billions", "In millions:". Its letters are
# matched in ASCII, in any case (so `unit_note`'s shortcut, in lower case, is exact).
_UNIT_NOTE = re.compile(
    r"\bin\s+(?P<unit>thousands|millions|billions)\b(?!\s+of\s+(?!dollars\b|usd\b|us\s+dollars\b))",
    re.IGNORECASE | re.ASCII,
)
_UNIT_OF_NOTE = {"thousands": "thousand", "millions": "million", "billions": "billion"}


def unit_note(text: str) -> Decimal | None:
    """The scale a unit note in ``text`` gives its amounts ("(in millions)" is 1,000,000), or
    None when it holds none."""
    lowered = text.lower()
    if "illions" not in lowered and "thousands" not in lowered:
        return None  # (every unit note names one of its units, in some case)
    found = _UNIT_NOTE.search(text)
    return UNITS[_UNIT_OF_NOTE[found.group("unit").lower()]] if found else None


def find_amounts(text: str, note: Decimal | None = None) -> list[Amount]:
    """Every amount of money in ``text``, in any currency, in order.

    Args:
        text: Any text; it is cleaned first (`grader.rules.normalize.clean`).
        note: The scale of a unit note that applies to the text (its sentence's, say); by
            default the text's own unit note, if it has one.
    """
    cleaned = clean(text)
    lowered = cleaned.lower()  # (read by the guards)
    written_after = _written_after(cleaned, lowered)
    if not written_after and "$" not in cleaned:
        found = []  # no currency, no amount in a unit
    else:
        found = _amounts(cleaned, note, _AMOUNT if written_after else _AMOUNT_CURRENCY_FIRST)
        if written_after and any(stem in lowered for stem in _NAME_STEMS):
            found = with_amounts_in_words(cleaned, found, note)
    return with_minor_units(cleaned, found) if may_hold_minor(lowered) else found


def amounts_by_definition(text: str, note: Decimal | None = None) -> list[Amount]:
    """`find_amounts` without its four shortcuts (no currency, no amount; no currency written
    after a number, no second half of `_AMOUNT`; no currency's name, no amount in words; no
    minor unit's string, no amount in a minor unit): the definition, which tests hold it to."""
    cleaned = clean(text)
    found = with_amounts_in_words(cleaned, _amounts(cleaned, note, _AMOUNT), note)
    return with_minor_units(cleaned, found)


# --- amounts in words ----------------------------------------------------------------------------

# A currency's name after a number in words (`_amounts_in_words`), in ASCII letters in any case
# (as `_NAME_STEMS` finds them); not joined to a word before or after it by a hyphen.
_CURRENCY_NAME = re.compile(
    r"(?<![\w-])(?:" + _alternatives(CURRENCY_WORDS) + r")(?![\w-])", re.IGNORECASE | re.ASCII
)
# What every currency's name holds, looked for in the text in lower case.
_NAME_STEMS = tuple(stem for stem in _WORD_STEMS if stem != "usd")
# The number in words before a currency's name, and a scale word after it (read back from the
# name: the pattern ends where the name starts).
_NUMBER_IN_WORDS = re.compile(
    rf"(?<![\w-])(?P<words>{CARDINAL_WORDS})"
    r"(?: (?P<scale>thousand|million|billion|trillion))? $",
    re.IGNORECASE | re.ASCII,
)
_LOOK_BACK = 100  # characters read back from a currency's name for its number
_WORD_BEFORE = re.compile(r"([a-z]+|\d)[ -]?$", re.IGNORECASE | re.ASCII)


def with_amounts_in_words(
    cleaned: str, amounts: list[Amount], note: Decimal | None
) -> list[Amount]:
    """``amounts`` (found in ``cleaned``) with the amounts written in words added, in order; one
    that overlaps an amount already found is left out."""
    worded = [
        amount
        for amount in _amounts_in_words(cleaned, note)
        if not any(other.start < amount.end and amount.start < other.end for other in amounts)
    ]
    if not worded:
        return amounts
    return sorted([*amounts, *worded], key=lambda amount: amount.start)


def _amounts_in_words(cleaned: str, note: Decimal | None) -> list[Amount]:
    """The amounts in ``cleaned`` written as a number in words and a currency's name (the
    module's docstring)."""
    found = []
    for name in _CURRENCY_NAME.finditer(cleaned):
        number = _NUMBER_IN_WORDS.search(cleaned, max(0, name.start() - _LOOK_BACK), name.start())
        if number is None:
            continue
        words, written = number.group("words"), name.group(0)
        value = cardinal_value(words)
        if not _whole_number(cleaned, number.start(), words) or _not_money_after(
            cleaned, number.start(), name.end(), written, str(value)
        ):
            continue
        if note is None:
            note = unit_note(cleaned)
        word = number.group("scale")
        scale = SCALES[word.lower()] if word else (note or Decimal(1))
        found.append(
            Amount(
                cleaned[number.start() : name.end()],
                Decimal(value) * scale,
                False,
                str(value),
                scale,
                word is not None,
                number.start(),
                name.end(),
                currency_of(written),
                "",
                False,
            )
        )
    return found


def _whole_number(cleaned: str, start: int, words: str) -> bool:
    """Whether the number in words at ``start`` is a number of its own: not the end of a longer
    one ("nineteen eighty-nine dollars", "one point five million dollars", "a hundred and five
    dollars", "2 and five dollars"), and not "one" after a word that makes it no count ("the
    one dollar store")."""
    before = _WORD_BEFORE.search(cleaned, max(0, start - 40), start)
    if before is None:
        return True
    word = before.group(1).lower()
    if word.isdigit() or word in NUMBER_WORDS or word in MULTIPLIER_WORDS or word == "point":
        return False
    if word == "and":
        return _whole_number(cleaned, before.start(), "")
    return not (words.lower() == "one" and word in NOT_A_COUNT_BEFORE)


def with_minor_units(cleaned: str, amounts: list[Amount]) -> list[Amount]:
    """``amounts`` (found in ``cleaned``) with the amounts in a minor unit added, in order
    (`grader.rules.minor_units`): one that overlaps an amount already found is left out, and one
    after a whole amount of the unit it divides and "and" is that amount's fraction
    ("$5 and 50 cents" is one amount, $5.50)."""
    minor = minor_amounts(cleaned)
    if not minor:
        return amounts
    found = list(amounts)
    for start, end, value, currency in minor:
        if any(other.start < end and start < other.end for other in found):
            continue
        whole = next(
            (
                index
                for index, other in enumerate(found)
                if other.end <= start
                and _AND.fullmatch(cleaned, other.end, start) is not None
                and divides(currency, other.currency)
                and other.value == other.value.to_integral_value()
                and not other.scale_word
                and value < 1
            ),
            None,
        )
        if whole is not None:
            other = found[whole]
            start, value, currency = other.start, other.value + value, other.currency
        amount = Amount(
            cleaned[start:end],
            value,
            False if whole is None else found[whole].negative,
            str(value),
            Decimal(1),
            False,
            start,
            end,
            currency,
            "" if whole is None else found[whole].form,
            False,
        )
        if whole is None:
            found.append(amount)
        else:
            found[whole] = amount
    return sorted(found, key=lambda amount: amount.start)


# Between an amount in a unit and its fraction in the minor unit ("$5 and 50 cents").
_AND = re.compile(r"\s?,?\s?and\s", re.IGNORECASE)


def _amounts(cleaned: str, note: Decimal | None, pattern: re.Pattern[str]) -> list[Amount]:
    """The amounts `pattern` (`_AMOUNT`, or its first half) finds in ``cleaned``."""
    if note is None:
        note = unit_note(cleaned)
    found = []
    for match in pattern.finditer(cleaned):
        # (each match's groups read in one call: a call for each cost more than the rest)
        whole, before = match.group(0, "before")
        first = before is not None
        opened = None
        if first:  # currency first
            written = before
            token, scale_word, letter, sign, inner_open, inner, opened = match.group(
                "number", "scale", "letter", "sign", "inner_open", "inner", "open"
            )
            word = scale_word or letter
            signs = "".join(group or "" for group in (sign, inner_open, inner))
        else:  # currency after (only `_AMOUNT` has these groups)
            written, token, scale_word, letter, sign = match.group(
                "after", "number2", "scale2", "letter2", "sign2"
            )
            word = scale_word or letter
            signs = sign or ""
        currency = currency_of(written)
        read = read_number(token, currency)
        if read is None:
            continue  # "$1,20": no number in its currency
        number, form, ambiguous = read
        at = match.start()
        if not first and _not_money_after(cleaned, at, match.end(), written, token):
            continue
        scale = SCALES[word.lower()] if word else (note or Decimal(1))
        if word is not None:
            ambiguous = False  # an English scale word: "€1.450 billion" has a decimal point
        if ambiguous and convention(currency) == COMMA:
            number = other_reading(number)
        if first and opened and _stands_as_a_value(cleaned[:at]):
            signs += "("
        text_of = whole.strip()
        start = at + (len(whole) - len(whole.lstrip()))
        found.append(
            Amount(
                text_of,
                number_value(number) * scale,
                bool(signs.strip()),
                number,
                scale,
                word is not None,
                start,
                start + len(text_of),
                currency,
                form,
                ambiguous,
            )
        )
    return found


# Runs of letters: the words read around an amount.
WORD_RUN = re.compile(r"[a-z]+")
_YEAR = re.compile(r"(?:19|20)\d\d")
_CENTS_AFTER = re.compile(r"\s?cents?\b", re.IGNORECASE)


def _not_money_after(cleaned: str, start: int, end: int, written: str, token: str) -> bool:
    """Whether a word after a number (the amount from ``start`` to ``end``, the number written
    ``token``) names no money there: a weight ("500 pounds of flour", "weighs 150 pounds", "12
    stone 4 pounds"), a singular word after a year ("the 2023 euro area") or before cents ("5
    euro cents" are cents, not euros), "dollar" after another number than one ("a 5 dollar
    bill")."""
    word = " ".join(written.lower().split())
    if word in _SINGULAR_WORDS and (
        _YEAR.fullmatch(token) or _CENTS_AFTER.match(cleaned, end) is not None
    ):
        return True
    if word in _AFTER_ONE_ONLY and token != "1":
        return True
    if word in _POUND_WORDS:
        after = cleaned[end : end + 4].lower()
        before = WORD_RUN.findall(cleaned[max(0, start - 40) : start].lower())
        return (
            after.startswith(" of")
            or any(w in _WEIGHT_WORDS for w in before[-4:])
            or (bool(before) and before[-1] in _STONES)
        )
    return False


# Words after which a bracketed amount is a value, written in accounting brackets ("a net loss
# of ($3.2 million)"); after other words it is an aside ("cash from operations in FY 2023 ($1.8
# bn)").
_VALUE_WORDS = frozenset(
    "was is were are be been being of at to totaled totalled totaling totalling reported "
    "recorded shows showed shown equals equal equaled amounted loss losses deficit".split()
)


def _stands_as_a_value(before: str) -> bool:
    """Whether a bracket opened after ``before`` holds a value, not an aside: nothing before it,
    a punctuation mark, or a word such as "was" or "of"."""
    stripped = before.rstrip()
    if not stripped or not (stripped[-1].isalnum()):
        return True
    return stripped.rsplit(None, 1)[-1].lower() in _VALUE_WORDS
