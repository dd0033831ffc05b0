"""Dollar amounts: one parser for keys and answers, compared as numbers (DESIGN 4.3).

An amount is a number with a dollar currency, read as a whole token:

- the currency before it ("$42.99", "$ 42.99", "US$42.99", "USD 42.99") or after it
  ("42.99 USD", "42.99 dollars");
- the number with or without thousands separators or cents ("$44,322", "$44322.00", "$.99");
- a sign before the currency or after it ("-$10,020.00", "$-20.00", "−$20.00" once cleaned),
  or accounting brackets ("($1,200.00)", "$(1,577)");
- a scale word after it: thousand, million, billion, trillion, mm, mn, bn, tn in any case, or
  k, m, b touching the number ("$1.2 million" is $1,200,000, "$2.5bn" and "$2.5B" are
  $2,500,000,000; in "$425,000 B - Other structures" the B is a label).

No digit, letter or separator may touch the token: "$20.00" does not occur in "-$10,020.00",
and "$1,20" is no amount. Amounts are compared by magnitude: a sign is written as often in
words ("a credit of $1,200.00", "you owe") as in symbols, and the money bar is about naming the
wrong figure.

Amounts are read from `grader.rules.normalize.clean` text (a minus sign or a dash is then "-").
"""

from __future__ import annotations

import re
from decimal import Decimal

import msgspec

from grader.rules.normalize import clean
from grader.schema import UNITS, WRITTEN

SCALES = {
    "thousand": Decimal(1_000),
    "k": Decimal(1_000),
    "million": Decimal(1_000_000),
    "m": Decimal(1_000_000),
    "mm": Decimal(1_000_000),
    "mn": Decimal(1_000_000),
    "billion": Decimal(1_000_000_000),
    "b": Decimal(1_000_000_000),
    "bn": Decimal(1_000_000_000),
    "trillion": Decimal(1_000_000_000_000),
    "tn": Decimal(1_000_000_000_000),
}

_NUMBER = r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?![\d,]*\d)"
# A scale word after the number; a one-letter scale only touching it ("$5m", "$2.5B"): after a
# space, "B" or "M" is more often a label ("Dwelling $425,000 B - Other structures").
_SCALE = (
    r"(?:(?:\s?(?P<scale>thousand|million|billion|trillion|mm|mn|bn|tn)s?"
    r"|(?P<letter>[kmb]))(?![a-z]))?"
)
_AMOUNT = re.compile(
    # currency first: [sign or "("] (US$ | USD | $) [sign or "("] number [")"] [scale] [")"] [USD]
    # (a closing bracket only where one was opened)
    r"(?<![\w$.])(?:(?P<open>\(\s?)|(?P<sign>-\s?))?(?:US\$|USD\s?|\$)\s?"
    r"(?:(?P<inner_open>\(\s?)|(?P<inner>-\s?))?"
    + _NUMBER
    + r"(?(inner_open)\)?)"
    + _SCALE
    + r"(?(open)\)?)"
    + r"(?:\s?USD\b)?"
    # or currency after: [sign] number [scale] (USD | US dollars | dollars)
    + r"|(?<![\w$.,])(?P<sign2>-\s?)?"
    + _NUMBER.replace("number", "number2")
    + _SCALE.replace("scale", "scale2").replace("letter", "letter2")
    + r"\s?(?:USD|US dollars|dollars)\b",
    re.IGNORECASE,
)


_CURRENCY_WORD = re.compile(r"usd|dollar", re.IGNORECASE)


class Amount(msgspec.Struct, frozen=True):
    """One dollar amount as written (``text``) and as a number of dollars (``value``, >= 0)."""

    text: str
    value: Decimal
    negative: bool = False


def _number(digits: str) -> Decimal:
    return Decimal(digits.replace(",", ""))


def find_amounts(text: str) -> list[Amount]:
    """Every dollar amount in ``text``, in order.

    Args:
        text: Any text; it is cleaned first (`grader.rules.normalize.clean`).
    """
    cleaned = clean(text)
    if "$" not in cleaned and not _CURRENCY_WORD.search(cleaned):
        return []  # no currency, no amount
    found = []
    for match in _AMOUNT.finditer(cleaned):
        number = match.group("number") or match.group("number2")
        scale = (
            match.group("scale")
            or match.group("letter")
            or match.group("scale2")
            or match.group("letter2")
        )
        value = _number(number) * (SCALES[scale.lower()] if scale else 1)
        signs = "".join(
            match.group(name) or "" for name in ("open", "sign", "inner_open", "inner", "sign2")
        )
        found.append(Amount(match.group(0).strip(), value, bool(signs.strip())))
    return found


def is_money_key(key: str) -> bool:
    """A question is a money question when its key holds a dollar amount (DESIGN 4.3)."""
    return bool(find_amounts(key))


# --- keys -------------------------------------------------------------------------------------


class MoneyKey(msgspec.Struct, frozen=True):
    """A money key: its amounts as written, their values in dollars, and how closely an
    answer's amount must match each (``steps``: each key value is rounded to its step; an
    amount matches when it lies within half a step)."""

    texts: tuple[str, ...]
    values: tuple[Decimal, ...]
    steps: tuple[Decimal, ...]
    written: tuple[Decimal, ...]  # the key's numbers as written, before unit or scale

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
        amounts = find_amounts(key)
        if not amounts:
            return None
        values: list[Decimal] = []
        steps: list[Decimal] = []
        written: list[Decimal] = []
        for amount in amounts:
            number = _written_number(amount.text)
            scale = amount.value / number if number and amount.value != number else None
            in_dollars = scale or UNITS[unit]
            value = number * in_dollars
            if precision == WRITTEN:
                step = _last_digit(amount.text) * in_dollars
            elif precision:
                step = Decimal(precision) * UNITS[unit]
            else:
                step = Decimal("0.01")
            if value not in values:
                values.append(value)
                steps.append(step)
                written.append(number)
        texts = tuple(amount.text for amount in amounts)
        return cls(texts, tuple(values), tuple(steps), tuple(written))

    def matches(self, value: Decimal) -> bool:
        """Whether an amount of ``value`` dollars is one of the key's (within half its step)."""
        return any(
            abs(value - key) * 2 <= step for key, step in zip(self.values, self.steps, strict=True)
        )


_DIGITS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+")


def _written_number(text: str) -> Decimal:
    """The number an amount's text is written with, before any scale word."""
    digits = _DIGITS.search(text)
    return _number(digits.group(0)) if digits else Decimal(0)


def _last_digit(text: str) -> Decimal:
    """The place of an amount's last significant digit: "8.70" -> 0.1, "1,577.00" -> 1,
    "42.99" -> 0.01 (trailing zeros after the point are not significant)."""
    digits = _DIGITS.search(text)
    number = digits.group(0) if digits else "0"
    if "." not in number:
        return Decimal(1)
    decimals = number.split(".")[1].rstrip("0")
    return Decimal(1).scaleb(-len(decimals))


# --- the bare figure a form prints ---------------------------------------------------------------

# A number written without a currency ("44,322", "1,284.00", "1,577 million"), as a whole token.
_BARE = re.compile(
    r"(?<![\w$.,\[/-])" + _NUMBER + _SCALE + r"(?!\s?[\]/%])(?!\s?(?:percent|per cent)\b)",
    re.IGNORECASE,
)
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
    """The whole numbers in ``text`` that may be the figure a form prints, as values.

    Never a citation marker ("[2]", "Source 2"), a percentage ("50%"), a date ("03/10/2024",
    "March 10"), a count ("25 days"), a list number ("1. ..."), a reference ("line 37") or a
    year ("2024"). A scale word applies ("1,577 million").
    """
    cleaned = clean(text)
    figures = []
    for match in _BARE.finditer(cleaned):
        number = match.group("number")
        before = cleaned[: match.start()].rstrip().split(" ")[-1].lower()
        after = cleaned[match.end() :]
        if before in _MONTHS or before in _REFERENCE_WORDS or before.endswith("#"):
            continue
        if after.lstrip(" ,").split(" ")[0].lower().strip(".,;:") in _MONTHS:
            continue
        if _NOT_A_FIGURE_AFTER.match(after):
            continue
        if re.fullmatch(r"(?:19|20)\d\d", number):
            continue  # a year
        if _is_list_number(cleaned[: match.start()], number, after):
            continue
        scale = match.group("scale") or match.group("letter")
        figures.append(_number(number) * (SCALES[scale.lower()] if scale else 1))
    return figures


def _is_list_number(before: str, number: str, after: str) -> bool:
    """ "1. ..." or "2) ..." where a text or a sentence starts."""
    starts = not before.strip() or before.rstrip()[-1] in ".:;!?"
    return (
        starts and number.isdigit() and len(number) <= 2 and re.match(r"[.)] ", after) is not None
    )


def names_key_figure(text: str, key: MoneyKey) -> bool:
    """Whether ``text`` names the key as the bare figure a form prints: a number that is one of
    the key's values, or one of its numbers as written (a form in thousands prints "44,322")."""
    return any(key.matches(figure) or figure in key.written for figure in bare_figures(text))
