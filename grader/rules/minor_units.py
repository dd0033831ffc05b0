"""Amounts in a currency's minor unit (DESIGN 4.3, v4): "5 cents" is $0.05.

An amount is also a number, in digits or in words below a hundred (read by
`grader.rules.surface_numbers`, the owner of number words), then the word of a
currency's minor unit, spaced, hyphenated or touching ("5 cents", "five cents", "a 5-cent
coin", "twenty-five cents", "2.5 cents", "5¢"): a hundredth of the unit it divides.

- cents (``cent``, ``cents``, ``¢``) are the dollar's of the text's own country ("$", matched
  by any dollar, as a bare "$" is); "euro cents" the euro's;
- pence the pound sterling's ("50 pence" is £0.50); centimes and rappen the Swiss franc's;
  paise the rupee's;
- after an amount in the unit it divides and "and", it is that amount's fraction:
  "$5 and 50 cents" is one amount, $5.50.

Never an amount: "percent" and "per cent" (another word), "centimetres", "century", "pennies"
(a count of coins); a minor unit without a number ("a few cents", "cents on the dollar"); "a
cent" ("not worth a cent": a figure of speech for nothing); an opinion ("my two cents", "her
two cents' worth": a possessive before the number); a letter touching a number ("5c", "50p":
a grade, a temperature, an electron orbital, "1080p" are written the same); kopecks (no
rouble is read: `grader.rules.currencies`).

`grader.rules.money` adds these to the amounts it finds (`minor_amounts`); `may_hold_minor`
is its guard (every minor unit holds one of its strings).
"""

from __future__ import annotations

import re
from decimal import Decimal

from grader.rules.currencies import CHF, DOLLAR, EUR, GBP, same_currency
from grader.rules.surface_numbers import BELOW_HUNDRED_WORDS, cardinal_value

_HUNDREDTH = Decimal("0.01")
# The minor units, and the currency of each (cents: the dollar, unless "euro" stands before).
_UNIT_CURRENCY = {
    "cent": DOLLAR,
    "cents": DOLLAR,
    "¢": DOLLAR,
    "pence": GBP,
    "centime": CHF,
    "centimes": CHF,
    "rappen": CHF,
    "paise": "INR",
}
# A minor unit's word, not inside another word ("percent", "centimetre", "century"); its letters
# and the number's are read in ASCII, in any case ("CENTS"; "ſ" is no "s", as the guard reads it).
_UNIT = re.compile(
    r"(?<![a-z])(?:cents?|pence|centimes?|rappen|paise)(?![a-z])|¢", re.IGNORECASE | re.ASCII
)
# What every minor unit holds, looked for as a substring in lower case (`may_hold_minor`).
MINOR_STRINGS = ("cent", "pence", "rappen", "paise", "¢")

# The number before a minor unit (read back from the unit: the pattern ends where it starts),
# and "euro" between them for the euro's cents.
_NUMBER_BEFORE = re.compile(
    r"(?:(?<![\w$€£¥₹.,'-])(?P<digits>\d{1,3}(?:\.\d+)?)"
    rf"|(?<![\w-])(?P<words>{BELOW_HUNDRED_WORDS}))"
    r"(?P<euro>[ -]euros?)?[ -]?$",
    re.IGNORECASE | re.ASCII,
)
# Before the number: a possessive that makes it an opinion ("my two cents").
_POSSESSIVE = re.compile(r"(?<![\w'])(?:my|your|his|her|our|their|its)\s$", re.IGNORECASE)

_LOOK_BACK = 40  # characters read back from a unit for its number


def may_hold_minor(lowered: str) -> bool:
    """Whether a text (``lowered``: in lower case) may hold an amount in a minor unit (one of
    `MINOR_STRINGS`)."""
    return any(text in lowered for text in MINOR_STRINGS)


def minor_amounts(cleaned: str) -> list[tuple[int, int, Decimal, str]]:
    """The amounts in a minor unit in ``cleaned`` text, in order, each as where it starts and
    ends, its value in the unit it divides and that unit's currency (see the module
    docstring; `grader.rules.money` makes them amounts)."""
    found = []
    for unit in _UNIT.finditer(cleaned):
        number = _NUMBER_BEFORE.search(cleaned, max(0, unit.start() - _LOOK_BACK), unit.start())
        if number is None or _POSSESSIVE.search(cleaned, 0, number.start()) is not None:
            continue
        written = unit.group(0).lower()
        currency = _UNIT_CURRENCY[written]
        if number.group("euro"):
            if currency != DOLLAR:
                continue  # "5 euro pence": no unit of the euro
            currency = EUR
        digits = number.group("digits")
        if digits is not None:
            count = Decimal(digits)
        else:
            count = Decimal(cardinal_value(number.group("words")))
        found.append((number.start(), unit.end(), count * _HUNDREDTH, currency))
    return found


def divides(minor: str, currency: str) -> bool:
    """Whether a minor unit of currency ``minor`` is a fraction of an amount in ``currency``:
    the same currency, any dollar's cents, or the euro's ("€5 and 50 cents")."""
    return same_currency(minor, currency) or (minor == DOLLAR and currency == EUR)
