"""Currencies, scale words and numbers as written: what the money parser (`grader.rules.money`)
and the money keys (`grader.rules.money_keys`) read a currency and a number by (DESIGN 4.3).

- A currency (an ISO code): a bare "$" and the word "dollars" ("dollar" after one) are the
  dollar of the text's own country ("$", matched by any dollar: "US$", "USD", "C$"); "US$",
  "USD" and "US dollars" are US dollars; "£" and "pounds" pounds sterling, "¥" and "yen" yen
  ("CN¥", "yuan" and "renminbi" are the yuan), "francs" Swiss francs. An amount matches only an
  amount in its own currency: "€1,450" is not "$1,450" (`same_currency`).
- A number with or without thousands separators or cents, as its own form shows them: commas
  between groups and a decimal point ("$44,322", "€1,450.00", "$.99"), apostrophes between
  groups ("CHF 8'500.00"), points between groups and a decimal comma ("1.450,00 €",
  "€1.234.567"); a comma before one or two last digits is a decimal comma ("45,99 €",
  "£12,50"), except in dollars ("$1,20" is no amount, as the dollar has always been read);
  "1.450" alone may be either (it is "ambiguous"; not in dollars, where it is $1.45 as the
  dollar has always been read): a key reads it by the key's own form (that of its other
  amounts; else its currency's, `convention`: points between groups in euros and in yen, which
  has no cents, a decimal point in every other) (`read_number`). Points between groups and a
  decimal comma are read as `grader.rules.european_numbers` reads them, where what money reads
  otherwise than a figure is listed (the cents, the dollar).
- A scale word after the number: thousand, million, billion, trillion, mm, mn, bn, tn in any
  case, or k, m, b touching the number ("$1.2 million" is $1,200,000, "$2.5bn" and "$2.5B" are
  $2,500,000,000; in "$425,000 B - Other structures" the B is a label).
- A number that writes a scale word rounds (`rounds_to`): it matches a value when the value
  rounded to its last digit is the number and the number keeps at least three significant
  digits ("$4.31 billion" for "$4,308 million", not "$4 billion").
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from grader.rules.european_numbers import DOT_GROUPS, TWO_DOTS_OR_MORE, ambiguous, in_english

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

# --- currencies -------------------------------------------------------------------------------

# The dollar of the text's own country: a bare "$" or "dollars". It matches any dollar.
DOLLAR = "$"
USD, EUR, GBP, JPY, CHF = "USD", "EUR", "GBP", "JPY", "CHF"
# The dollars: written, as the dollar has always been read, with a decimal point only.
DOLLARS = frozenset((DOLLAR, USD, "CAD", "AUD", "NZD", "HKD", "SGD"))
# Currencies in which "1.450" alone, in a key that shows no other form, is grouped (1,450): the
# euro, written with a decimal comma as often as not, and the yen, which has no cents.
GROUPED_BY_POINTS = frozenset((EUR, JPY))
# Signs and codes written before the number, as they are written (longest first where one
# holds another), and what each is.
SIGNS = {
    "US$": USD,
    "CA$": "CAD",
    "C$": "CAD",
    "AU$": "AUD",
    "A$": "AUD",
    "NZ$": "NZD",
    "HK$": "HKD",
    "S$": "SGD",
    "CN¥": "CNY",
    "$": DOLLAR,
    "€": EUR,
    "£": GBP,
    "¥": JPY,
    "₹": "INR",
    "円": JPY,
}
CODES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "INR")
# Words written after the number (in any case), and what each is.
CURRENCY_WORDS = {
    "us dollars": USD,
    "canadian dollars": "CAD",
    "australian dollars": "AUD",
    "dollars": DOLLAR,
    "dollar": DOLLAR,  # (after one only: "one dollar"; "a five dollar bill" names a note)
    "euros": EUR,
    "euro": EUR,
    "pounds sterling": GBP,
    "pounds": GBP,
    "pound": GBP,
    "yen": JPY,
    "swiss francs": CHF,
    "francs": CHF,
    "franc": CHF,
    "yuan": "CNY",
    "renminbi": "CNY",
    "rupees": "INR",
    "rupee": "INR",
}
# A scale word after the number; a one-letter scale only touching it ("$5m", "$2.5B"): after a
# space, "B" or "M" is more often a label ("Dwelling $425,000 B - Other structures").
SCALE_AFTER = (
    r"(?:(?:\s?(?P<scale>thousand|million|billion|trillion|mm|mn|bn|tn)s?"
    r"|(?P<letter>[kmb]))(?![a-z]))?"
)


def currency_of(written: str) -> str:
    """The currency a sign, a code or a word stands for ("€" EUR, "pounds" GBP, "$" the
    dollar); "" for none."""
    stripped = " ".join(written.split())
    if stripped in SIGNS:
        return SIGNS[stripped]
    if stripped in CODES or stripped.upper() == USD:
        return stripped.upper()
    return CURRENCY_WORDS.get(stripped.lower(), "")


def same_currency(one: str, other: str) -> bool:
    """Whether amounts in these currencies may be compared: the same currency, or a bare dollar
    ("$", "dollars") and any dollar."""
    if one == other:
        return True
    return (one == DOLLAR and other in DOLLARS) or (other == DOLLAR and one in DOLLARS)


# --- numbers ----------------------------------------------------------------------------------

POINT, COMMA = "point", "comma"  # the two forms a number's separators may show
_POINT_FORM = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\.\d+")
_APOSTROPHE_FORM = re.compile(r"\d{1,3}(?:'\d{3})+(?:\.\d+)?")
# Written the European way (`grader.rules.european_numbers`, where money's differences are
# listed): points between groups and a decimal comma before any digits ("1.450,000"), or two
# points or more ("1.234.567").
_COMMA_FORM = re.compile(DOT_GROUPS + r",\d+|" + TWO_DOTS_OR_MORE)
# A decimal comma before cents, one or two digits, after a whole written bare or with commas
# between groups ("45,99", "1,450,00": a French space between groups, cleaned to a comma).
_DECIMAL_COMMA = re.compile(r"\d{1,3}(?:,\d{3})*,\d{1,2}|\d+,\d{1,2}")


def read_number(token: str, currency: str) -> tuple[str, str, bool] | None:
    """A number as written, in the form the rest of the parser reads (commas between groups, a
    decimal point: "1.450,00" is "1,450.00"), the form its separators show (`POINT`, `COMMA`,
    or "" when they show none), and whether it is ambiguous ("1.450": a decimal point or points
    between groups, read here with a decimal point; never in dollars). None when it is no number
    in ``currency`` ("$1,20", "1,2,3")."""
    if token.isdigit():
        return token, "", False
    if " " in token:  # groups between spaces: the one mark left is the decimal one
        digits = token.replace(" ", "")
        whole, mark, decimals = digits.rpartition("," if "," in digits else ".")
        if not mark:
            return f"{int(decimals):,}", "", False
        if mark == "," and currency in DOLLARS:
            return None  # (a dollar amount has a decimal point)
        return f"{int(whole):,}.{decimals}", COMMA if mark == "," else POINT, False
    if ambiguous(token):
        # (the dollar has always been read with a decimal point: "$1.450" is $1.45)
        return token, "", currency not in DOLLARS
    if _POINT_FORM.fullmatch(token):
        return token, POINT, False
    if _APOSTROPHE_FORM.fullmatch(token):
        return token.replace("'", ","), POINT, False
    if _COMMA_FORM.fullmatch(token) or (
        currency not in DOLLARS and _DECIMAL_COMMA.fullmatch(token)
    ):
        return in_english(token), COMMA, False
    return None


def other_reading(number: str) -> str:
    """The other reading of an ambiguous number: "1.450" is "1,450", and "1,450" "1.450"."""
    return number.replace(".", ",") if "." in number else number.replace(",", ".")


def form_of_reading(number: str) -> str:
    """How an ambiguous number is read now: "1.450" with a decimal point, "1,450" grouped."""
    return POINT if "." in number else COMMA


def convention(currency: str) -> str:
    """How a key in ``currency`` that shows no form of its own reads "1.450": grouped in euros
    and yen (`COMMA`), with a decimal point in every other currency (`POINT`)."""
    return COMMA if currency in GROUPED_BY_POINTS else POINT


def number_value(digits: str) -> Decimal:
    return Decimal(digits.replace(",", ""))


def significant_digits(number: str) -> int:
    """How many significant digits a number as written keeps ("4.31" 3, "1,577" 4, "0.05" 1;
    the zeros a number ends with count: "12.0" and "1,500" are written to their last digit)."""
    digits = number.replace(",", "").replace(".", "").lstrip("0")
    return len(digits)


def last_place(number: str) -> Decimal:
    """The place of a number's last written digit: "4.31" 0.01, "4.30" 0.01, "1,577" 1."""
    if "." not in number:
        return Decimal(1)
    return Decimal(1).scaleb(-len(number.split(".")[1]))


def rounds_to(value: Decimal, number: str, scale: Decimal) -> bool:
    """Whether ``value`` rounded to the last digit of ``number`` (times ``scale``) is that
    number, the number keeping at least three significant digits: an answer that writes a
    scale word rounds ("$4.31 billion" is $4,308 million rounded to ten million)."""
    if significant_digits(number) < 3:
        return False
    step = last_place(number) * scale
    rounded = (value / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
    return rounded == number_value(number) * scale
