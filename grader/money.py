"""Dollar amounts: found at token boundaries and compared as numbers (DESIGN 4.3, 4.4).

`$44,322` equals `$44,322.00` and `$1200` equals `$1,200`; `$20.00` does not occur inside
`-$10,020.00`, because the whole token `-$10,020.00` is read as one amount. Amounts are
compared by magnitude: a sign is written as often in words ("a credit of $1,200.00", "you owe")
as in symbols (`($1,200.00)`, `-$1,200.00`), and the money bar is about naming the wrong figure.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from decimal import Decimal

import msgspec

# A dollar amount: optional sign or opening parenthesis, "$", digits with or without thousands
# separators, optional decimals, as a whole token: no digit, letter or separator may touch it on
# either side, so "$20.00" is never found inside "$10,020.00" and "$1,234" is never read as "$1".
# The pattern is found by its "$" (a literal the regex engine can skip to); the sign before it
# and the left boundary are read by `find_amounts` from the characters before the "$", which
# costs less than a look-behind tried at every character.
_DOLLAR = re.compile(r"\$\s?[-−]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d,]*\d)")
_SIGNS = frozenset("-−–(")


class Amount(msgspec.Struct, frozen=True, gc=False):
    """One dollar amount as written (``text``) and as a number (``value``, always >= 0)."""

    text: str
    value: Decimal


def _touches(text: str, position: int) -> bool:
    """True when the character before ``position`` is a word character or a "$"."""
    if position == 0:
        return False
    before = text[position - 1]
    return before == "$" or before == "_" or before.isalnum()


def find_amounts(text: str) -> list[Amount]:
    """Every dollar amount in ``text``, in order.

    A sign (``-``, ``−``, ``–`` or ``(``, then at most one space) belongs to the amount when
    nothing touches it on the left; otherwise the amount starts at its "$", if nothing touches
    that; otherwise it is no amount (``x$5``, ``$$5``).

    Args:
        text: Any text.

    Returns:
        The amounts as written (sign included) with their magnitudes.
    """
    if "$" not in text:
        return []
    found = []
    end = 0
    while (match := _DOLLAR.search(text, end)) is not None:  # (cheaper than a scan: few amounts)
        start = dollar = match.start()
        end = match.end()
        if dollar and (text[dollar - 1] != " " or (dollar > 1 and text[dollar - 2] in _SIGNS)):
            # Something stands before the "$" other than a plain space (which neither touches
            # it nor carries a sign): a sign, a word, or a space after a sign.
            sign = dollar - 1
            if sign > 0 and text[sign].isspace() and text[sign - 1] in _SIGNS:
                sign -= 1
            if text[sign] in _SIGNS and not _touches(text, sign):
                start = sign
            elif _touches(text, dollar):
                continue
        digits, decimals = match.groups()
        if decimals:
            value = Decimal(f"{digits.replace(',', '')}.{decimals}")
        else:
            value = Decimal(digits.replace(",", ""))
        found.append(Amount(text[start:end], value))
    return found


def amount_values(text: str) -> frozenset[Decimal]:
    """The set of magnitudes of the dollar amounts in ``text``."""
    return frozenset(amount.value for amount in find_amounts(text))


def is_money_key(key: str) -> bool:
    """A question is a money question when its key contains a dollar amount (DESIGN 4.3)."""
    return bool(find_amounts(key))


# A bare number as printed on a form ("44,322", "1,284.00"), for checking keys against documents.
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d,]*\d)")


def _numbers(text: str) -> list[Decimal]:
    return [
        Decimal(f"{digits.replace(',', '')}.{decimals}" if decimals else digits.replace(",", ""))
        for digits, decimals in _NUMBER.findall(text)
    ]


def number_values(text: str) -> frozenset[Decimal]:
    """Every number in ``text`` as a magnitude, with or without a dollar sign."""
    return frozenset(_numbers(text))


def names_number(text: str, values: Collection[Decimal]) -> bool:
    """Whether ``text`` names one of ``values`` as a number, with or without a dollar sign.

    The same as ``not set(values).isdisjoint(number_values(text))``, but a text that cannot
    contain any of them is passed over without reading its numbers: however a value is written
    (``44322``, ``44,322``, ``44,322.00``), its last three integer digits (or all of them, below
    1,000) stand together in it. (Only in ASCII text: other scripts have digits of their own.)
    Numbers are compared with ``==``, not hashed (see `grader.verdict.MoneyKey`).
    """
    if not values:
        return False
    if text.isascii():
        for value in values:
            if str(int(value))[-3:] in text:
                break
        else:
            return False
    return any(number == value for number in _numbers(text) for value in values)
