"""The money check (rules 3 to 5, family M): ZERO-WRONG-MONEY.

For a question whose key is an amount of money, `money_rule` finds the key among the amounts
the answer concludes with (the conclusion strategy, `grader.rules.conclusion`) and says whether
the answer violates; from its `MoneyCheck`, `wrong_money_label` writes M001 wrong money,
`missing_key_amount` M002 and `other_amounts` M003 (the content check tallies them). For a question
with no answer, `negative_money_rule` finds the amounts that violate, and
`negative_money_labels` writes M004 invented, M005 guessed and M006 amount given for a question
with no answer.
"""

from __future__ import annotations

from grader.rules import codes
from grader.rules.conclusion import Conclusion, Found, candidates, each_once, supersedes
from grader.rules.key import Key
from grader.rules.money import Amount
from grader.rules.money_keys import names_key_figure
from grader.rules.money_wording import names_zero
from grader.rules.reading import Asserted, Reading
from grader.schema import NOT_MONEY, MoneyCheck


def money_rule(reading: Reading, key: Key, conclusion: Conclusion) -> MoneyCheck:
    """Rules 3 to 5 for an answerable or ambiguous question whose key holds an amount of money.

    The key is found by the conclusion strategy among the asserted amounts (an either-or is
    never the key; the question's own amounts are not the answer's); when the answer asserts
    no amount at all, by the bare figure a form prints ("44,322" for a $44,322 key). A
    $0 key is found by a word for nothing ("free", "no fee") unless a later amount supersedes
    it. The answer violates when it asserts an amount
    and the key is not found or is superseded; an amount in a declining part is excused only
    when a source holds it (DECLINE-PATH 3 of 3: a guess is never excused).
    """
    amount = key.money
    if amount is None:
        return NOT_MONEY

    def matches(item: Asserted) -> bool:
        return isinstance(item.what, Amount) and amount.matches_amount(item.what, item.negative)

    picked = candidates(reading.amounts, matches)
    zero = zero_part(reading) if amount.has_zero else None
    if zero is not None:
        # "There's no fee ... [1], but expedited delivery costs $25.00": the key, said in words,
        # unless an amount after it supersedes it
        later = [item for item in picked if item.part > zero]
        superseding = next((item for item in later if supersedes(item, reading)), None)
        decided = Found(superseding is None, superseded=superseding)
    elif picked:
        decided = conclusion.decide(picked, matches, reading)
    else:
        decided = Found(names_key_figure(reading.asserted_text, amount))
    counted = [
        item
        for item in reading.amounts
        if not (item.from_question and not matches(item))
        and not (reading.parts[item.part].declines and item.grounded)
    ]
    violation = not decided.found and bool(counted)
    return MoneyCheck(
        True,
        amount.texts,
        each_once(reading.amounts),
        violation,
        decided.found,
        decided.others,
        decided.superseded.text if decided.superseded else "",
    )


def zero_part(reading: Reading) -> int | None:
    """The first part that says, in its asserted text, that there is no money at all ("no
    fee", "free", "$0"), or None."""
    return next(
        (
            place
            for place, part in enumerate(reading.parts)
            if part.asserted and names_zero(part.asserted) and not part.declines
        ),
        None,
    )


def negative_money_rule(reading: Reading, declined: bool) -> MoneyCheck:
    """Rule 5 for a question with no answer: every asserted amount that is not context is a
    violation. Context is a grounded amount, not hedged, in an answer that declines
    (DECLINE-PATH 3 of 3); an ungrounded amount is invented, a hedged one a guess, and one in
    an answer that does not decline answers a question that has no answer."""
    invented, guessed, unanswerable = [], [], []
    for item in reading.amounts:
        if item.from_question:
            continue
        if not item.grounded:
            invented.append(item)
        elif item.hedged:
            guessed.append(item)
        elif not declined:
            unanswerable.append(item)
    if not (invented or guessed or unanswerable):
        return NOT_MONEY
    return MoneyCheck(
        False,
        (),
        each_once(reading.amounts),
        True,
        invented=each_once(invented),
        guessed=each_once(guessed),
        unanswerable=each_once(unanswerable),
    )


def negative_money_labels(money: MoneyCheck) -> tuple[str, ...]:
    """What `negative_money_rule` found, labelled: M004 ``invented amount: $12.00``, M005
    ``guessed amount: $60``, M006 ``amount given for a question with no answer: $500``."""
    labels = []
    for rule, amounts in (
        (codes.INVENTED_AMOUNT, money.invented),
        (codes.GUESSED_AMOUNT, money.guessed),
        (codes.UNANSWERABLE_AMOUNT, money.unanswerable),
    ):
        if amounts:
            labels.append(rule.say(", ".join(amounts)))
    return tuple(labels)


def wrong_money_label(money: MoneyCheck) -> str:
    """M001, when `money_rule` finds a violation: ``wrong money: asserted $26.99, key $42.99``
    (every accepted key amount named), ``wrong money: $81.60 supersedes the key $96.00``, or,
    for the amount given first as the answer's lead (`grader.rules.conclusion.given_first`:
    the first amount asserted), ``wrong money: $29,200 given first, the key $14,600 after it``;
    otherwise ""."""
    if not money.violation:
        return ""
    key = " or ".join(money.key)
    if money.superseded and money.asserted[:1] == (money.superseded,):
        return codes.WRONG_MONEY.say(f"{money.superseded} given first, the key {key} after it")
    if money.superseded:
        return codes.WRONG_MONEY.say(f"{money.superseded} supersedes the key {key}")
    return codes.WRONG_MONEY.say(f"asserted {', '.join(money.asserted)}, key {key}")


def missing_key_amount(money: MoneyCheck) -> str:
    """M002 ``missing key amount: $42.99``, when `money_rule` finds neither the key nor a
    violation (the answer asserts no amount); otherwise ""."""
    if not money.is_money or money.key_found or money.violation:
        return ""
    return codes.MISSING_KEY_AMOUNT.say(" or ".join(money.key))


def other_amounts(money: MoneyCheck) -> str:
    """M003 ``other amounts asserted: $100.00``, when `money_rule` finds the key with other
    distinct amounts beside it (the ``sole`` conclusion only); otherwise ""."""
    if not (money.key_found and money.others):
        return ""
    return codes.OTHER_AMOUNTS.say(", ".join(money.others))
