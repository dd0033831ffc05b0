"""The reading queue: the answers whose grade is most likely wrong, or needs a person, first.

An hour of reading finds more of the grader's mistakes when it starts where the grade is least
certain. Each answer gets the signals below that fire on it; its score is the sum of their
weights; the queue is the answers by score, highest first, then in file order. Everything is
deterministic and explained: each row names the signals that put it where it is.

The weights are set here, once, from what each signal says about the grade (an abstention
needs a person outright; two graders or two registered strategies disagreeing say the verdict
hangs on a line someone drew; a hedge or a middle verdict only say that people may read it
either way). They are not fitted to any labels: `bench/bench_judge.py` measures the queue
against FinanceBench's people, and a weight changed to raise that figure would be learnt from
them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from grader.audit.agreement import judge_disagrees
from grader.records.judgements import UNJUDGED, Judgement
from grader.rules.citations import mention_spans
from grader.rules.clauses import STRATEGIES
from grader.rules.money import Amount, MoneyKey, find_amounts
from grader.rules.normalize import normalize
from grader.rules.reading import Reading, read_sentence
from grader.rules.verdict import (
    CONCLUSIONS,
    CORRECT,
    PARTIAL,
    WRONG,
    Grade,
    Grader,
    money_key,
    rule_of,
)
from grader.schema import Answer


@dataclass(frozen=True, slots=True)
class Signal:
    """A reason to read an answer before trusting its grade, and how much it weighs."""

    name: str
    weight: int
    why: str


# The signals and their weights: the one place they are set.
UNJUDGED_SIGNAL = Signal(
    "unjudged", 5, "no rule can check the key: only a person (or the judge) can grade it"
)
JUDGE_SIGNAL = Signal("rules and judge disagree", 4, "two graders that read the answer differently")
STRATEGIES_SIGNAL = Signal(
    "strategies disagree",
    3,
    "a registered clause split or money conclusion grades it differently: the verdict hangs "
    "on where a line is drawn",
)
DECLINE_IN_PASS = Signal(
    "decline phrase inside a passing answer",
    3,
    "the answer says it cannot answer, and passed anyway",
)
SUSPICIOUS_SIGNAL = Signal(
    "suspicious pass",
    3,
    "a correct money answer whose key also sits in an attributed clause, or that asserts more "
    "than one amount",
)
NEAR_MISS = Signal(
    "near-miss amount",
    3,
    "an asserted amount is the key with two digits transposed or off by a scale word: a slip "
    "a person may forgive, or the key written another way",
)
HEDGE = Signal(
    "hedge",
    2,
    "the answer qualifies what it asserts (probably, about $..., estimated), or declines in "
    "one part and gives a figure in another",
)
PARTIAL_SIGNAL = Signal("partial", 1, "a middle verdict, which people often read either way")
ABSENCE = Signal(
    "wrong only for what is missing",
    1,
    "wrong for a key or needle not found, with no wrong fact asserted: the answer may say it "
    "in other words",
)
SIGNALS: tuple[Signal, ...] = (
    UNJUDGED_SIGNAL,
    JUDGE_SIGNAL,
    STRATEGIES_SIGNAL,
    DECLINE_IN_PASS,
    SUSPICIOUS_SIGNAL,
    NEAR_MISS,
    HEDGE,
    PARTIAL_SIGNAL,
    ABSENCE,
)


@dataclass(frozen=True, slots=True)
class QueueRow:
    """One answer's place in the queue: its score and the signals, each with its detail."""

    qid: str
    position: int  # its place in file order
    verdict: str
    score: int
    signals: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "qid": self.qid,
            "score": self.score,
            "signals": list(self.signals),
            "verdict": self.verdict,
        }


# --- the signals ------------------------------------------------------------------------------


def suspicious_pass(answer: Answer, grade: Grade, reading: Reading) -> bool:
    """A correct money answer whose key also sits in an attributed clause, or that asserts more
    than one amount: a pass worth reading before trusting."""
    if grade.verdict != CORRECT or not grade.money.is_money:
        return False
    if len(grade.money.asserted) > 1:
        return True
    key_values = {a.value for a in find_amounts(answer.gold.key)}
    attributed = " ".join(sentence.clause.attributed for sentence in reading.sentences)
    return any(a.value in key_values for a in find_amounts(attributed))


_SCALE_FACTORS = tuple(Decimal(10) ** power for power in (3, 6, 9, 12))


def _transposed(a: Decimal, b: Decimal) -> bool:
    """Whether two amounts are written with the same digits, two of them swapped."""
    left, right = a.normalize().as_tuple(), b.normalize().as_tuple()
    if left.exponent != right.exponent or len(left.digits) != len(right.digits):
        return False
    differ = [i for i, (x, y) in enumerate(zip(left.digits, right.digits, strict=True)) if x != y]
    if len(differ) != 2:
        return False
    i, j = differ
    return left.digits[i] == right.digits[j] and left.digits[j] == right.digits[i]


def near_miss(amounts: Sequence[Amount], key: MoneyKey) -> str | None:
    """The first asserted amount that is the key with two digits transposed, or the key off by
    a scale word (a thousand, a million, ... times too large or too small); None when none is."""
    for amount in amounts:
        if key.matches(amount.value):
            continue
        for factor in _SCALE_FACTORS:
            if key.matches(amount.value * factor) or key.matches(amount.value / factor):
                return f"{amount.text} is the key off by a scale word"
        if any(_transposed(amount.value, value) for value in key.values):
            return f"{amount.text} is the key with two digits transposed"
    return None


_HEDGE_WORDS = re.compile(
    r"\b(?:probably|likely|presumably|possibly|perhaps|approximately|roughly|an estimated|"
    r"estimated at|appears to be|seems to be|it is possible that)\b"
    r"|\b(?:about|around|nearly|almost|some)\s+(?=\$|\d)"
)
_PERCENT = re.compile(r"\d\s?(?:%|percent\b)")


def hedge(reading: Reading) -> str | None:
    """What hedges the answer: a hedge word in what it asserts, or a part that declines beside
    a part that gives a figure (an amount or a percentage); None when nothing does."""
    found = _HEDGE_WORDS.search(normalize(reading.asserted_text()))
    if found:
        return f'"{found.group(0).strip()}"'
    if reading.declines:
        given = [
            part
            for part in reading.parts()
            if not part.declines and (part.amounts or _PERCENT.search(part.asserted))
        ]
        if given:
            return "declines in one part and gives a figure in another"
    return None


def passes_declining(grade: Grade) -> bool:
    """Passed on its content while a part of it declines (a negative or an ambiguous question
    that passes for its decline is the decline working, not a doubt)."""
    passed_for_decline = any(label.startswith("declined") for label in grade.labels)
    return (
        grade.verdict in (CORRECT, PARTIAL)
        and grade.declined
        and grade.kind != "negative"
        and not passed_for_decline
    )


def only_missing(grade: Grade) -> bool:
    """Wrong for something not found, with nothing wrong asserted: every label of the content
    and money rules says "missing", and the answer did not decline."""
    if grade.verdict != WRONG or grade.declined or grade.violation:
        return False
    content = [label for label in grade.labels if rule_of(label) in ("content", "money")]
    return bool(content) and all(label.startswith("missing ") for label in content)


def strategy_variants(grader: Grader) -> tuple[list[Grader], list[Grader]]:
    """The grader under every other registered clause strategy, and every other money
    conclusion (the rest of its settings kept)."""
    clauses = [grader.variant(strategy=name) for name in STRATEGIES if name != grader.strategy.name]
    money = [grader.variant(money=name) for name in CONCLUSIONS if name != grader.conclusion.name]
    return clauses, money


def reread(reading: Reading, named: Sequence[bool], grader: Grader) -> Reading:
    """The answer as ``grader`` reads it, from a reading by another clause strategy: only the
    sentences that name a source are read again (any strategy asserts the others whole)."""
    sentences = tuple(
        read_sentence(sentence.clause.text, grader.strategy, grader.declines) if again else sentence
        for sentence, again in zip(reading.sentences, named, strict=True)
    )
    return Reading(sentences, reading.invented_block)


def disagreeing_strategies(
    answer: Answer,
    grade: Grade,
    reading: Reading,
    variants: tuple[Sequence[Grader], Sequence[Grader]],
) -> list[str]:
    """The registered strategies that grade the answer otherwise (verdict or money violation),
    as ``"clause mentions: correct"``.

    A clause strategy is asked only about a sentence that names a numbered source, and a money
    conclusion decides only between two or more asserted amounts, so the others are not asked
    when the answer has neither.
    """
    clauses, money = variants
    asked: list[tuple[str, Grade]] = []
    named = [bool(mention_spans(sentence.clause.text)) for sentence in reading.sentences]
    if any(named):
        asked += [
            (f"clause {g.strategy.name}", g.grade_reading(answer, reread(reading, named, g)))
            for g in clauses
        ]
    if grade.money.is_money and len({a.value for a in reading.asserted_amounts()}) > 1:
        # The same reading: a money conclusion only picks among the amounts it found.
        asked += [(f"money {g.conclusion.name}", g.grade_reading(answer, reading)) for g in money]
    return [
        f"{name}: {theirs.verdict}" + (" (violation)" if theirs.violation else "")
        for name, theirs in asked
        if (theirs.verdict, theirs.violation) != (grade.verdict, grade.violation)
    ]


def signals_of(
    answer: Answer,
    grade: Grade,
    reading: Reading,
    judgement: Judgement | None,
    grader: Grader,
    variants: tuple[Sequence[Grader], Sequence[Grader]],
) -> list[tuple[Signal, str]]:
    """Every signal that fires on one answer, each with its detail ("" when it has none)."""
    fired: list[tuple[Signal, str]] = []
    if grade.verdict == UNJUDGED:
        fired.append((UNJUDGED_SIGNAL, ""))
    if judge_disagrees(grade, judgement):
        fired.append((JUDGE_SIGNAL, f"judge says {judgement.verdict}"))  # type: ignore[union-attr]
    strategies = disagreeing_strategies(answer, grade, reading, variants)
    if strategies:
        fired.append((STRATEGIES_SIGNAL, "; ".join(strategies)))
    if passes_declining(grade):
        fired.append((DECLINE_IN_PASS, f'"{grade.decline_phrase}"'))
    if suspicious_pass(answer, grade, reading):
        fired.append((SUSPICIOUS_SIGNAL, ""))
    gold = grader.gold_of(answer)
    key = money_key(gold.key, gold.unit, gold.precision) if gold.key else None
    if key is not None and not grade.money.key_found:
        missed = near_miss(reading.asserted_amounts(), key)
        if missed:
            fired.append((NEAR_MISS, missed))
    hedged = hedge(reading)
    if hedged:
        fired.append((HEDGE, hedged))
    if grade.verdict == PARTIAL:
        fired.append((PARTIAL_SIGNAL, ""))
    if only_missing(grade):
        fired.append((ABSENCE, ""))
    return fired


def describe(signal: Signal, detail: str) -> str:
    """``"hedge (+2): declines in one part and gives a figure in another"``."""
    return f"{signal.name} (+{signal.weight})" + (f": {detail}" if detail else "")


def reading_queue(
    items: Iterable[tuple[Answer, Grade, Judgement | None]], grader: Grader
) -> list[QueueRow]:
    """The answers in reading order: by score, highest first, then in file order.

    Args:
        items: Each answer in file order, with today's grade and its judgement (or None).
        grader: The grader that made the grades (its reading, strategies and gold are used).
    """
    variants = strategy_variants(grader)
    rows = []
    for position, (answer, grade, judgement) in enumerate(items):
        fired = signals_of(answer, grade, grader.read(answer), judgement, grader, variants)
        rows.append(
            QueueRow(
                grade.qid,
                position,
                grade.verdict,
                sum(signal.weight for signal, _detail in fired),
                tuple(describe(signal, detail) for signal, detail in fired),
            )
        )
    return sorted(rows, key=lambda row: (-row.score, row.position))


def share_found(order: Sequence[str], wanted: set[str], fraction: float) -> float | None:
    """The share of ``wanted`` (the grader's disagreements with people) in the first
    ``fraction`` of ``order`` (rounded up to a whole answer); None when nothing is wanted."""
    if not wanted:
        return None
    first = order[: math.ceil(round(len(order) * fraction, 9))]
    return sum(1 for qid in first if qid in wanted) / len(wanted)
