"""Figures that are not money: percentages, ratios, multiples and counts (DESIGN 4.6).

A text key is checked through the facts a rule can check, and the figures it states are the
first of them: "16%", "0.83", "9.5 times", "1.8x", "982 stores". An answer's figures are read
the same way, as whole tokens of cleaned text, and never from what only looks like a figure:
an amount of money (`grader.rules.money` reads those), a year, a date, a citation marker ("[2]",
"Source 2"), a list number ("1."), a reference ("line 37", "Note 11"), a fiscal label
("FY2022", "Q2") or a name with digits in it ("10-K", "MMM26").

Figures come in kinds, and only figures of one kind are compared: a **percent** ("16%", "16
percent", "2.2 percentage points"); a **ratio** (a multiple, "1.8x", "2.7 times", "3-fold", or
a number with a fractional part, "0.83", "93.86 days"); a **count** of something ("982 stores":
a whole number and the word it counts, compared with counts of the same word). A key that is a
bare whole number ("0", "42") is a ratio.

(v4) A figure written the European way is read as the same number, as
`grader.rules.european_numbers` reads it (the family's definition and what it never reads):
"3,5" is 3.5, "4.900.000" 4,900,000, "1.500,5" 1,500.5, its number kept without groups
("4900000"); "1.500" alone is 1.5, and 1,500 where the key's figure is 1,500
(`KeyFigure.matches`). Never a comma before three digits ("3,500" is 3,500), a list ("1,2,3"), a
version number or a date written with dots ("2.0.1", "14.07.1789": no figure).

A figure matches a key figure at the key's precision (within half the step of the key's last
significant digit), or when the answer rounds: the key rounded to the answer's last digit is
the answer, and the answer keeps at least three significant digits ("24.3" for 24.26, not "24"
for 24.26). A negative key figure ("-0.02", "-14.76%") is matched only by a negative figure, or
one worded as a decrease or a decline.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from grader.rules.currencies import last_place, number_value, significant_digits
from grader.rules.european_numbers import EUROPEAN, ambiguous, in_english
from grader.rules.match import opening_with
from grader.rules.money import Amount, find_amounts
from grader.rules.normalize import clean, has_digit

PERCENT, RATIO, COUNT = "percent", "ratio", "count"


@dataclass(frozen=True, slots=True, init=False)
class Figure:
    """One figure as written (``text``), its magnitude (``value``), its kind (``percent``,
    ``ratio`` or ``count``; a count also names what it counts, ``unit``), whether it is written
    with a minus sign, the number as written, and where it stands in the cleaned text it was
    found in."""

    text: str
    value: Decimal
    kind: str
    number: str
    negative: bool = False
    unit: str = ""
    start: int = 0
    end: int = 0

    def __init__(
        self,
        text: str,
        value: Decimal,
        kind: str,
        number: str,
        negative: bool = False,
        unit: str = "",
        start: int = 0,
        end: int = 0,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "negative", negative)
        object.__setattr__(self, "unit", unit)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)

    def same_kind(self, other: Figure) -> bool:
        """Whether two figures may be compared: a count with a count of the same word; a
        percent or a ratio with a percent or a ratio (a ratio of 0.8 is 80%)."""
        if COUNT in (self.kind, other.kind):
            return self.kind == other.kind and _stem(self.unit) == _stem(other.unit)
        return True

    def as_kind(self, kind: str) -> Decimal:
        """The figure's value as a figure of ``kind``: 80% as a ratio is 0.8, 0.8 as a percent
        is 80."""
        if self.kind == PERCENT and kind == RATIO:
            return self.value / 100
        if self.kind == RATIO and kind == PERCENT:
            return self.value * 100
        return self.value

    @property
    def whole(self) -> bool:
        """A bare whole number: no fraction, no percent sign, no "x" or "times", no unit."""
        return self.kind == RATIO and "." not in self.number and self.text == self.number


# A number in the English form, or (v4) written the European way (`grader.rules.european_numbers`;
# "1.500" alone is read with a decimal point, and by its groups where a key's figure is that
# number, `KeyFigure.matches`).
_NUMBER = (
    r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?P<european>"
    + EUROPEAN
    + r")|\d+(?:\.\d+)?|\.\d+)(?![\d,]*\d)(?!\.\d)"
)
_FIGURE_BODY = (
    # [sign] number, then what makes it a percent or a multiple, or the word it counts; nothing
    # word-like may touch the number otherwise ("10-K", "MMM26", "777X")
    r"(?<![\w$.,/\[#:'-])(?P<sign>(?<![\w)])[-+]\s?)?"
    + _NUMBER
    + r"(?:\s?(?P<percent>%|percent\b|per\s?cent\b|percentage\s+points?\b|pp\b|bps\b)"
    r"|(?P<times>(?-i:[xX])\b|\s?times\b|-?fold\b)"
    r"|(?!\w|-\w)(?:\s(?P<unit>[a-z][a-z-]{2,})\b)?)"
)
# (every figure opens with its sign, a digit or a decimal point: `opening_with`)
_FIGURE = re.compile(opening_with(r"\-+.\d", _FIGURE_BODY), re.IGNORECASE)
_MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
# Words before a number that make it a reference, not a figure: "line 37", "Note 11", "page 4".
_REFERENCE_WORDS = frozenset(
    "source sources doc docs document documents line lines item items page pages note notes "
    "part section sections table tables exhibit figure schedule step question no number "
    "rule article chapter form fy q quarter phase tier level class series version".split()
)
# Words after a whole number that are no unit of a count ("in 3 of the 4 cases" counts cases;
# "2 and 3" nothing).
_NOT_UNITS = frozenset(
    "and or to of the a an in on at by for from with than as is are was were be been this that "
    "these those it its per vs versus which who percent million billion thousand trillion".split()
)
# A fractional number that is a date or a time: "3.15" in "3.15 pm".
_TIME_WORDS = frozenset("am pm a.m p.m".split())


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def find_figures(text: str, amounts: Sequence[Amount] | None = None) -> list[Figure]:
    """Every figure in ``text`` that is not money (see the module docstring), in order.

    Args:
        text: Any text; it is cleaned first (`grader.rules.normalize.clean`).
        amounts: The amounts of money in the cleaned text (`find_amounts`), when the caller has
            found them already; by default they are found here.
    """
    cleaned = clean(text)
    if not has_digit(cleaned):
        return []
    if amounts is None:
        amounts = find_amounts(cleaned)
    money = [(amount.start, amount.end) for amount in amounts]
    found = []
    for match in _FIGURE.finditer(cleaned):
        start, end = match.span()
        if any(low < end and start < high for low, high in money):
            continue  # an amount of money
        number = match.group("number")
        if match.group("european") is not None:  # its digits, in the English form
            number = in_english(number).replace(",", "")
        before = cleaned[:start].rstrip()
        word_before = before.rsplit(" ", 1)[-1].lower().strip("(.,:;")
        if word_before in _REFERENCE_WORDS or word_before in _MONTHS:
            continue
        unit = (match.group("unit") or "").lower()
        if unit in _MONTHS or unit in _TIME_WORDS:
            continue  # "10 March", "3.15 pm"
        percent, times = match.group("percent"), match.group("times")
        whole = "." not in number
        if times == "X" and whole:
            continue  # a name: "777X" (a multiple in capitals has a fraction: "1.8X")
        if not percent and whole and re.fullmatch(r"(?:19|20)\d\d", number):
            continue  # a year
        if not percent and not times and _is_list_number(before, number, cleaned[end:]):
            continue
        sign = (match.group("sign") or "").strip()
        value = Decimal(number.replace(",", ""))
        if percent:
            kind, unit = PERCENT, ""
        elif times or not whole:
            kind, unit = RATIO, ""
        elif unit and unit not in _NOT_UNITS:
            kind = COUNT
        else:
            kind, unit = RATIO, ""  # a bare whole number
        end = match.end() if (percent or times or kind == COUNT) else match.end("number")
        negative = sign == "-"
        found.append(
            Figure(cleaned[start:end].strip(), value, kind, number, negative, unit, start, end)
        )
    return found


def _is_list_number(before: str, number: str, after: str) -> bool:
    """ "1. ..." or "2) ..." where a text, a sentence or a clause starts, or before a word that
    starts in upper case ("following figures: 1. Revenue ... 2. Cost ...")."""
    if not (number.isdigit() and len(number) <= 2):
        return False
    starts = not before.strip() or before.rstrip()[-1] in ".:;!?)"
    if starts:
        return re.match(r"[.)](?:\s|$)", after) is not None
    return re.match(r"[.)]\s+[A-Z(\"']", after) is not None


@dataclass(frozen=True, slots=True)
class KeyFigure:
    """A figure of a text key and the step it is written to (half a step either side
    matches; the step is the place of its last significant digit)."""

    figure: Figure
    step: Decimal

    def matches(self, figure: Figure, negative: bool) -> bool:
        """Whether an answer's figure is this one (see the module docstring); ``negative``: the
        answer's figure is signed or worded as a decrease (a negative key needs one)."""
        key = self.figure
        if not key.same_kind(figure) or (key.negative and not negative):
            return False
        value = figure.as_kind(key.kind)
        if abs(value - key.value) * 2 <= self.step:
            return True
        if (
            figure.kind == key.kind
            and ambiguous(figure.number)
            and number_value(in_english(figure.number)) == key.value
        ):
            return True  # "1.500" by its groups: the key's 1,500 written the European way
        return figure.kind == key.kind and _rounds_to(key.value, figure.number)


def _rounds_to(value: Decimal, number: str) -> bool:
    """The key rounded to the answer's last digit is the answer, which keeps at least three
    significant digits."""
    if significant_digits(number) < 3:
        return False
    step = last_place(number)
    rounded = (value / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
    return rounded == Decimal(number.replace(",", ""))


def _key_step(number: str) -> Decimal:
    """The place of a key figure's last significant digit ("0.83" 0.01, "1.500" 0.1, "36" 1)."""
    if "." not in number:
        return Decimal(1)
    decimals = number.split(".")[1].rstrip("0")
    return Decimal(1).scaleb(-len(decimals))


def key_figures(key: str) -> tuple[KeyFigure, ...]:
    """The figures of a text key that a rule can check: its percentages, multiples, ratios and
    counts (a bare whole number is a figure only when it is the whole key, "0" or "42": in a
    sentence it is more often a name, "the 737")."""
    figures = find_figures(key)
    alone = len(figures) == 1 and clean(key).strip(" .") == figures[0].text
    kept = []
    for figure in figures:
        if figure.whole and not alone:
            continue
        kept.append(KeyFigure(figure, _key_step(figure.number)))
    return tuple(kept)
