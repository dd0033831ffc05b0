"""The decline check (rule 2, family D): whether an answer withholds the answer.

`withholds` is the answer's ``declined`` flag: some part declines and no other part gives an
answer. From it, each outcome is written by its rule: `clean_decline` an honest decline, one that
asserts no amount that violates (D001 on a question with no answer, D003 on an ambiguous one);
`did_not_decline` (D002) an answer to a question with no answer that does not withhold one;
`declined_answerable` (D004) a decline of an answerable question. The decline list
(`grader.rules.declines`) is consulted in exactly three places, marked DECLINE-PATH: the negative
accept path and the ambiguous accept path (`clean_decline`), and the money guard
(`grader.rules.money_check`).
"""

from __future__ import annotations

from grader.rules import codes
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


def clean_decline(kind: str, declined: bool, money: MoneyCheck) -> str:
    """An honest decline, accepted (DECLINE-PATH 1 and 2 of 3): the answer withholds the answer
    (`withholds`) and asserts no amount that violates. The label D001 ``declined`` on a
    question with no answer, D003 ``declined (accepted for an ambiguous question)`` on an
    ambiguous one; "" otherwise, and always on an answerable question (`declined_answerable`)."""
    if not declined or money.violation or kind == "answerable":
        return ""
    return (codes.DECLINED if kind == "negative" else codes.DECLINED_AMBIGUOUS).say()


def did_not_decline(declined: bool) -> tuple[str, ...]:
    """D002 ``did not decline``, for a question with no answer: the answer does not withhold
    one (`withholds`: no part declines, or some part answers beside the decline). Its label,
    or () for an answer that declines."""
    return () if declined else (codes.DID_NOT_DECLINE.say(),)


def declined_answerable(declined: bool) -> str:
    """D004 ``declined an answerable question``, for an answerable question (or an ambiguous
    one whose decline is not accepted): the answer withholds the answer (`withholds`), which
    is wrong whatever the key holds (rule 2). Its label, or ""."""
    return codes.DECLINED_ANSWERABLE.say() if declined else ""
