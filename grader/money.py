"""Dollar amounts: found at token boundaries and compared as numbers (DESIGN 4.3, 4.4).

`$44,322` equals `$44,322.00` and `$1200` equals `$1,200`; `$20.00` does not occur inside
`-$10,020.00`, because the whole token `-$10,020.00` is read as one amount. Amounts are
compared by magnitude: a sign is written as often in words ("a credit of $1,200.00", "you owe")
as in symbols (`($1,200.00)`, `-$1,200.00`), and the money bar is about naming the wrong figure.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

# A dollar amount: optional sign or opening parenthesis, "$", digits with or without thousands
# separators, optional decimals. The look-behind and look-ahead make it a whole token: no digit,
# letter or separator may touch it on either side, so "$20.00" is never found inside
# "$10,020.00" and "$1,234" is never read as "$1".
AMOUNT = re.compile(
    r"((?<![\w$])(?:[-−–]\s?|\(\s?)?\$\s?[-−]?"
    r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d,]*\d))"
)


class Amount(NamedTuple):
    """One dollar amount as written (``text``) and as a number (``value``, always >= 0)."""

    text: str
    value: Decimal


def find_amounts(text: str) -> list[Amount]:
    """Every dollar amount in ``text``, in order.

    Args:
        text: Any text.

    Returns:
        The amounts as written (sign included) with their magnitudes.
    """
    if "$" not in text:
        return []
    found = []
    for whole, digits, decimals in AMOUNT.findall(text):
        digits = digits.replace(",", "")
        value = Decimal(f"{digits}.{decimals}" if decimals else digits)
        found.append(Amount(whole.strip(), value))
    return found


def amount_values(text: str) -> frozenset[Decimal]:
    """The set of magnitudes of the dollar amounts in ``text``."""
    return frozenset(amount.value for amount in find_amounts(text))


def is_money_key(key: str) -> bool:
    """A question is a money question when its key contains a dollar amount (DESIGN 4.3)."""
    return "$" in key and bool(AMOUNT.search(key))


# A bare number as printed on a form ("44,322", "1,284.00"), for checking keys against documents.
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d,]*\d)")


def number_values(text: str) -> frozenset[Decimal]:
    """Every number in ``text`` as a magnitude, with or without a dollar sign."""
    return frozenset(
        Decimal(f"{digits.replace(',', '')}.{decimals}" if decimals else digits.replace(",", ""))
        for digits, decimals in _NUMBER.findall(text)
    )
