"""Suspicions (family S): what makes a passing answer worth reading before it is trusted.

Each reason is written by the function that decides it, as a label is by its rule, and has its
code in the registry (`grader.rules.codes`): `several_amounts` (S001, ``3 amounts asserted``),
`key_attributed` (S002, the key also in an attributed clause), `decline_in_pass` (S003, a
decline phrase in a passing answer), `hedged_figure` (S004). `suspicions` asks each of a
correct answer, in that order (`Grade.suspicious`). They change no verdict; the reading queue
reads them by their codes.
"""

from __future__ import annotations

from grader.rules import codes
from grader.rules.key import Key
from grader.rules.money import find_amounts
from grader.rules.reading import Reading
from grader.schema import MoneyCheck


def suspicions(reading: Reading, key: Key, money: MoneyCheck, declined: bool) -> tuple[str, ...]:
    """The reasons to read a correct answer before trusting it (asked of a correct answer
    only): other amounts beside the key, the key also in an attributed clause, a decline
    phrase, a hedged figure."""
    reasons = (
        several_amounts(money),
        key_attributed(reading, key, money),
        decline_in_pass(reading, declined),
        hedged_figure(reading),
    )
    return tuple(reason for reason in reasons if reason)


def several_amounts(money: MoneyCheck) -> str:
    """S001 ``3 amounts asserted``: a money question's answer asserts more than one amount, or
    ""."""
    if money.is_money and len(money.asserted) > 1:
        return codes.SEVERAL_AMOUNTS.say(str(len(money.asserted)))
    return ""


def key_attributed(reading: Reading, key: Key, money: MoneyCheck) -> str:
    """S002 ``the key also sits in an attributed clause``: the key amount also appears in a
    clause the answer attributes to a source, or ""."""
    amount = key.money if money.is_money else None
    if amount is None:
        return ""
    attributed = " ".join(s.clause.attributed for s in reading.sentences if s.clause.attributed)
    if attributed and any(
        amount.matches(one.value, one.currency) for one in find_amounts(attributed)
    ):
        return codes.KEY_ATTRIBUTED.say()
    return ""


def decline_in_pass(reading: Reading, declined: bool) -> str:
    """S003 ``a decline phrase in a passing answer ("...")``: the answer holds a decline phrase
    but does not withhold the answer (an accepted decline holds its phrase by being one), or
    ""."""
    if reading.decline is not None and not declined:
        return codes.DECLINE_PHRASE.say(f'("{reading.decline.words}")')
    return ""


def hedged_figure(reading: Reading) -> str:
    """S004 ``a hedged figure``: an amount or a figure the answer asserts is hedged, or ""."""
    if any(item.hedged for item in (*reading.amounts, *reading.figures)):
        return codes.HEDGED_FIGURE.say()
    return ""
