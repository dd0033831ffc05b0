"""The decline check (rule 2, family D): whether an answer withholds the answer.

`withholds` is the answer's ``declined`` flag: some part declines and no other part gives an
answer. `clean_decline` is an honest decline, one that asserts no amount that violates. The
decline list (`grader.rules.declines`) is consulted in exactly three places, marked
DECLINE-PATH: the negative accept path and the ambiguous accept path (`clean_decline`), and the
money guard (`grader.rules.money_check`).
"""

from __future__ import annotations

from grader.rules.content_check import stance_of_answer
from grader.rules.figures import Figure
from grader.rules.key import Key
from grader.rules.match import occurs
from grader.rules.money import Amount
from grader.rules.normalize import normalize
from grader.rules.reading import Reading, says_none
from grader.schema import MoneyCheck


def withholds(reading: Reading, key: Key, kind: str, question: str = "") -> bool:
    """The answer's ``declined`` flag (rule 2): it withholds the answer. Some part declines (on
    a question with no answer, a grounded absence declines too), no other part gives an
    answer (an amount that is the key, a guess (hedged, or held by no source), one of the key's
    figures, a Yes or No, or a needle), and no part gives a hedged amount, the declining part
    included. A grounded amount stated beside a decline is context, not an answer ("The
    collision deductible is $500 [2]. I could not find a glass deductible.")."""
    if not (reading.declines or (kind == "negative" and reading.absence)):
        return False
    amount = key.money if kind != "negative" else None
    figures = key.figures if amount is None and kind != "negative" else ()
    for part in reading.parts:
        if part.declines or (kind == "negative" and part.absence):
            # A guess given in the declining part itself is still a guess given ("the policy
            # does not list it, so it is presumably the usual $1,000 [1]").
            if any(item.hedged and not item.from_question for item in part.amounts):
                return False
            continue
        for item in part.amounts:
            if item.from_question:
                continue
            if not item.grounded or item.hedged:
                return False
            if (
                amount is not None
                and isinstance(item.what, Amount)
                and amount.matches_amount(item.what, item.negative)
            ):
                return False
        for item in part.figures:
            if item.from_question or not isinstance(item.what, Figure):
                continue
            if any(k.matches(item.what, item.negative) for k in figures):
                return False
    if kind != "negative":
        if key.polarity and (reading.polarity if amount else stance_of_answer(reading, question)):
            return False
        if key.is_none and any(
            says_none(normalize(part.asserted)) for part in reading.parts if not part.declines
        ):
            return False
        needles = (*key.gold.must_contain, *key.gold.must_contain_any)
        undeclined = " ".join(part.asserted for part in reading.parts if not part.declines)
        if needles and any(occurs(needle, normalize(undeclined)) for needle in needles):
            return False
    return True


def clean_decline(reading: Reading, declined: bool, money: MoneyCheck) -> bool:
    """An honest decline: the answer withholds the answer and asserts no amount that violates
    (DECLINE-PATH 1 and 2 of 3)."""
    return declined and not money.violation
