"""Money keys (DESIGN 4.3): a gold key's amounts, and what matches them.

A key is matched (`MoneyKey.matches_amount`) in its currency, within half its step (by default
the cent; the key's unit and precision may say otherwise); an answer that writes a scale word
rounds, and matches when the key rounded to the answer's last digit is the answer and the answer
keeps at least three significant digits ("$4.31 billion" for "$4,308 million", not "$4
billion"). Signs are compared one way: a negative key ("-$3.2 million", "($3.2 million)", "a net
loss of $3.2 million") is matched only by a negative amount or one worded as negative
(`grader.rules.money_wording`); a positive key is matched by its magnitude (a cash-flow
statement prints an outflow in brackets). An ambiguous amount ("1.450") is read by the key's
form. A $0 key is matched by "$0" (or "€0", "£0") and by "nothing", "no fee", "free", "none".

A key is also said by **the bare figure a form prints** (`names_key_figure`): a number written
as forms print money, with digit grouping or cents ("44,322", "1,186.40"), that is one of the
key's values or its numbers as written. Never a small count ("4 late payments"), a citation
marker ("[2]", "Source 2"), a percentage ("50%"), a date ("03/10/2024", "March 10"), a day
count ("25 days"), a list number ("1. ..."), a reference ("line 37") or a year ("2024").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from grader.rules.currencies import (
    SCALE_AFTER,
    SCALES,
    convention,
    number_value,
    rounds_to,
    same_currency,
)
from grader.rules.money import Amount, find_amounts
from grader.rules.money_wording import INCREASE_WORDS, worded_as_loss, worded_as_negative
from grader.rules.normalize import clean
from grader.schema import UNITS, WRITTEN


@dataclass(frozen=True, slots=True, init=False)
class MoneyKey:
    """A money key: its amounts as written, their values in their currencies
    (``currencies``), how closely an answer's amount must match each (``steps``: an amount
    matches when it lies within half a step), its numbers as written (before unit or scale),
    which of its amounts are negative (written with a sign or brackets, or worded as negative:
    `worded_as_negative`) and which are worded as a rise; and the form its numbers are written
    in (``form``: `POINT` or `COMMA`, what an ambiguous "1.450" is read by)."""

    texts: tuple[str, ...]
    values: tuple[Decimal, ...]
    steps: tuple[Decimal, ...]
    written: tuple[Decimal, ...]
    negatives: tuple[bool, ...]
    rises: tuple[bool, ...]
    currencies: tuple[str, ...]
    form: str

    def __init__(
        self,
        texts: tuple[str, ...],
        values: tuple[Decimal, ...],
        steps: tuple[Decimal, ...],
        written: tuple[Decimal, ...],
        negatives: tuple[bool, ...],
        rises: tuple[bool, ...],
        currencies: tuple[str, ...],
        form: str,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "texts", texts)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "written", written)
        object.__setattr__(self, "negatives", negatives)
        object.__setattr__(self, "rises", rises)
        object.__setattr__(self, "currencies", currencies)
        object.__setattr__(self, "form", form)

    @classmethod
    def of(cls, key: str, unit: str = "", precision: str = "") -> MoneyKey | None:
        """The key's amounts; None when it names none (not a money question).

        Args:
            key: The gold key.
            unit: The unit the key is written in ("", thousand, million, billion, trillion):
                an amount of the key without a scale word of its own is in that unit.
            precision: The step the key is rounded to, in the key's unit ("1" on a millions
                key accepts $381.6 million for $382 million); or ``written``: each amount is
                rounded to its last significant digit, in its own scale ("$1.8 bn" accepts
                $1,824 million, "$1577.00" in millions is exact to the million); default
                exact to the cent.
        """
        cleaned = clean(key)
        amounts = find_amounts(cleaned)
        if not amounts:
            return None
        form = next((amount.form for amount in amounts if amount.form), "")
        form = form or convention(amounts[0].currency)
        values: list[Decimal] = []
        steps: list[Decimal] = []
        written: list[Decimal] = []
        negatives: list[bool] = []
        rises: list[bool] = []
        currencies: list[str] = []
        for amount in amounts:
            amount = amount.read_as(form)
            number = number_value(amount.number)
            in_units = amount.scale if amount.scale != 1 else UNITS[unit]
            value = number * in_units
            if precision == WRITTEN:
                step = _last_digit(amount.number) * in_units
            elif precision:
                step = Decimal(precision) * UNITS[unit]
            else:
                step = Decimal("0.01")
            if not any(
                value == seen and amount.currency == currency
                for seen, currency in zip(values, currencies, strict=True)
            ):
                values.append(value)
                steps.append(step)
                written.append(number)
                negatives.append(
                    amount.negative or worded_as_negative(cleaned, amount.start, amount.end)
                )
                rises.append(worded_as_loss(cleaned, amount.start, amount.end, INCREASE_WORDS))
                currencies.append(amount.currency)
        texts = tuple(amount.text for amount in amounts)
        return cls(
            texts,
            tuple(values),
            tuple(steps),
            tuple(written),
            tuple(negatives),
            tuple(rises),
            tuple(currencies),
            form,
        )

    def matches(self, value: Decimal, currency: str = "") -> bool:
        """Whether an amount of ``value`` is one of the key's (within half its step), by
        magnitude; in ``currency`` when one is given (a bare figure has none)."""
        return any(
            abs(value - key) * 2 <= step and (not currency or same_currency(currency, of_key))
            for key, step, of_key in zip(self.values, self.steps, self.currencies, strict=True)
        )

    def matches_amount(self, amount: Amount, negative: bool) -> bool:
        """Whether an answer's amount is one of the key's: in the key's currency, and within
        half the key's step or, when the answer writes a scale word, the key rounded to the
        answer's last digit (at least three significant digits kept); a negative key only by an
        amount that is ``negative`` (signed, bracketed, or worded as negative), a key worded as
        a rise never by a negative one. An ambiguous amount ("1.450") is read by the key's
        form."""
        amount = amount.read_as(self.form)
        for key, step, key_negative, rise, currency in zip(
            self.values, self.steps, self.negatives, self.rises, self.currencies, strict=True
        ):
            if (key_negative and not negative) or (rise and not key_negative and negative):
                continue
            if not same_currency(amount.currency, currency):
                continue
            if abs(amount.value - key) * 2 <= step:
                return True
            if amount.scale_word and rounds_to(key, amount.number, amount.scale):
                return True
        return False

    @property
    def has_zero(self) -> bool:
        """A key (or a reading of an ambiguous key) of no money at all ("$0", "$0.00")."""
        return any(value == 0 for value in self.values)


def _last_digit(number: str) -> Decimal:
    """The place of a key number's last significant digit: "8.70" -> 0.1, "1,577.00" -> 1,
    "42.99" -> 0.01 (trailing zeros after the point are not significant)."""
    if "." not in number:
        return Decimal(1)
    decimals = number.split(".")[1].rstrip("0")
    return Decimal(1).scaleb(-len(decimals))


# --- the bare figure a form prints ---------------------------------------------------------------

# A number written without a currency ("44,322", "1,284.00", "1,577 million"), as a whole token,
# with commas between groups and a decimal point.
_BARE_NUMBER = r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?![\d,]*\d)"
_BARE = re.compile(
    r"(?<![\w$.,\[/-])"
    + _BARE_NUMBER
    + SCALE_AFTER
    + r"(?!\s?[\]/%])(?!\s?(?:percent|per cent)\b)",
    re.IGNORECASE,
)
_CENTS = re.compile(r"\.\d\d$")
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_COUNTED = r"(?:day|week|month|quarter|year|hour|minute|time)s?\b"
_NOT_A_FIGURE_AFTER = re.compile(r"\s?(?:" + _COUNTED + r"|-\w)", re.IGNORECASE)
_REFERENCE_WORDS = (
    "source sources doc docs document documents line lines item items page pages note notes "
    "part section table exhibit figure schedule step question no. number #"
).split()


def bare_figures(text: str) -> list[Decimal]:
    """The numbers in ``text`` that may be the figure a form prints, as values: written as
    forms print money, with digit grouping or cents ("44,322", "1,186.40"), so never a small
    count ("4 late payments"), a citation marker ("[2]", "Source 2"), a percentage ("50%"), a
    date ("03/10/2024", "March 10"), a day count ("25 days"), a list number ("1. ..."), a
    reference ("line 37") or a year ("2024"). A scale word applies ("1,577 million").
    """
    cleaned = clean(text)
    figures = []
    for match in _BARE.finditer(cleaned):
        number = match.group("number")
        if "," not in number and _CENTS.search(number) is None:
            continue  # not written as a form prints money
        before = cleaned[: match.start()].rstrip().split(" ")[-1].lower()
        after = cleaned[match.end() :]
        if before in _MONTHS or before in _REFERENCE_WORDS or before.endswith("#"):
            continue
        if after.lstrip(" ,").split(" ")[0].lower().strip(".,;:") in _MONTHS:
            continue
        if _NOT_A_FIGURE_AFTER.match(after):
            continue
        scale = match.group("scale") or match.group("letter")
        figures.append(number_value(number) * (SCALES[scale.lower()] if scale else 1))
    return figures


def names_key_figure(text: str, key: MoneyKey) -> bool:
    """Whether ``text`` names the key as the bare figure a form prints: a number that is one of
    the key's values, or one of its numbers as written (a form in thousands prints "44,322")."""
    return any(key.matches(figure) or figure in key.written for figure in bare_figures(text))
