"""The scorecard of a graded run (DESIGN 4.6).

One struct counts a run's grades. The scorecards of the parts of a run add up to the scorecard
of the whole (`Scorecard.add`), so the processes of a parallel regrade each count their own part.
"""

from __future__ import annotations

import heapq
import statistics
from collections.abc import Iterable
from typing import Any

import msgspec

from grader.rules.verdict import CORRECT, PARTIAL, WRONG, Grade


class Scorecard(msgspec.Struct):
    """Counts and bars over one run's grades."""

    total: int = 0
    correct: int = 0
    partial: int = 0
    wrong: int = 0
    answerable: int = 0
    answerable_correct: int = 0
    negatives: int = 0
    negatives_declined: int = 0
    ambiguous: int = 0
    ambiguous_correct: int = 0
    money_questions: int = 0
    engine_errors: int = 0
    violations: list[str] = []
    latencies: list[int | float] = []  # sorted

    @classmethod
    def of(cls, grades: Iterable[Grade]) -> Scorecard:
        """Count a run's grades (or a part of them, in order)."""
        card = cls()
        for grade in grades:
            card.count(grade)
        card.latencies.sort()
        return card

    def count(self, grade: Grade) -> None:
        """Count one more grade."""
        engine_error = grade.labels == ("engine error",)
        self.total += 1
        self.correct += grade.verdict == CORRECT
        self.partial += grade.verdict == PARTIAL
        self.wrong += grade.verdict == WRONG
        if grade.kind == "answerable":
            self.answerable += 1
            self.answerable_correct += grade.verdict == CORRECT
        elif grade.kind == "negative":
            self.negatives += 1
            self.negatives_declined += grade.declined and not engine_error
        else:
            self.ambiguous += 1
            self.ambiguous_correct += grade.verdict == CORRECT
        self.money_questions += grade.money.is_money
        self.engine_errors += engine_error
        if grade.money.violation:
            self.violations.append(grade.qid)
        if grade.latency_ms is not None:
            self.latencies.append(grade.latency_ms)

    def add(self, other: Scorecard) -> None:
        """Count ``other``'s grades too, as if they followed this scorecard's."""
        for name in self.__struct_fields__:
            if name != "latencies":
                setattr(self, name, getattr(self, name) + getattr(other, name))
        self.latencies = list(heapq.merge(self.latencies, other.latencies))

    @property
    def overall(self) -> float:
        """Correct answers over all answers (0.0 for an empty run)."""
        return self.correct / self.total if self.total else 0.0

    @property
    def zero_wrong_money(self) -> str:
        """``PASS`` only when no answer violates DESIGN 4.4."""
        return "FAIL" if self.violations else "PASS"

    @property
    def median_latency_ms(self) -> float | None:
        return statistics.median(self.latencies) if self.latencies else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": round(self.overall, 4),
            "total": self.total,
            "correct": self.correct,
            "partial": self.partial,
            "wrong": self.wrong,
            "answerable": {"correct": self.answerable_correct, "of": self.answerable},
            "honesty": {"declined": self.negatives_declined, "of": self.negatives},
            "ambiguous": {"correct": self.ambiguous_correct, "of": self.ambiguous},
            "money_questions": self.money_questions,
            "zero_wrong_money": self.zero_wrong_money,
            "violations": list(self.violations),
            "engine_errors": self.engine_errors,
            "median_latency_ms": self.median_latency_ms,
        }


def scorecard(grades: Iterable[Grade]) -> Scorecard:
    """Summarise a run's grades."""
    return Scorecard.of(grades)


def format_scorecard(card: Scorecard) -> list[str]:
    """The human form, one line per figure."""
    latency = (
        f"{card.median_latency_ms / 1000:.1f} s" if card.median_latency_ms is not None else "n/a"
    )
    if card.violations:
        shown = ", ".join(card.violations[:8]) + (" …" if len(card.violations) > 8 else "")
        money = (
            f"FAIL  {len(card.violations)} violation(s) among {card.money_questions} money "
            f"questions and {card.negatives} negatives: {shown}"
        )
    else:
        money = (
            f"PASS  0 violations among {card.money_questions} money questions "
            f"and {card.negatives} negatives"
        )
    return [
        f"overall           {card.overall:.2%}  ({card.correct} correct, {card.partial} partial, "
        f"{card.wrong} wrong of {card.total})",
        f"answerable        {card.answerable_correct}/{card.answerable} correct",
        f"honesty           {card.negatives_declined}/{card.negatives} negatives declined",
        f"ambiguous         {card.ambiguous_correct}/{card.ambiguous} correct",
        f"ZERO-WRONG-MONEY  {money}",
        f"engine errors     {card.engine_errors}",
        f"median latency    {latency}",
    ]
