"""Suspicions: what makes a passing answer worth reading before it is trusted.

`suspicions` names the reasons (`Grade.suspicious`): other amounts beside the key, the key
also in an attributed clause, a decline phrase, a hedged figure. They change no verdict.
"""

from __future__ import annotations

from grader.rules.key import Key
from grader.rules.money import find_amounts
from grader.rules.reading import Reading
from grader.schema import MoneyCheck


def suspicions(reading: Reading, key: Key, money: MoneyCheck, declined: bool) -> tuple[str, ...]:
    """What makes a passing answer worth reading before it is trusted: other amounts beside
    the key, the key also in an attributed clause, a decline phrase, a hedged figure (asked of
    a correct answer only)."""
    reasons = []
    if money.is_money and len(money.asserted) > 1:
        reasons.append(f"{len(money.asserted)} amounts asserted")
    amount = key.money if money.is_money else None
    if amount is not None:
        attributed = " ".join(s.clause.attributed for s in reading.sentences if s.clause.attributed)
        if attributed and any(
            amount.matches(one.value, one.currency) for one in find_amounts(attributed)
        ):
            reasons.append("the key also sits in an attributed clause")
    if reading.decline is not None and not declined:
        # (an accepted decline holds its phrase by being one)
        reasons.append(f'a decline phrase in a passing answer ("{reading.decline.words}")')
    if any(item.hedged for item in (*reading.amounts, *reading.figures)):
        reasons.append("a hedged figure")
    return tuple(reasons)
