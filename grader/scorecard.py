"""The scorecard of a graded run (DESIGN 4.6)."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from grader.verdict import CORRECT, PARTIAL, WRONG, Grade


@dataclass(frozen=True, slots=True)
class Scorecard:
    """Counts and bars over one run's grades."""

    total: int
    correct: int
    partial: int
    wrong: int
    answerable: int
    answerable_correct: int
    negatives: int
    negatives_declined: int
    ambiguous: int
    ambiguous_correct: int
    money_questions: int
    violations: tuple[str, ...]
    engine_errors: int
    median_latency_ms: float | None

    @property
    def overall(self) -> float:
        """Correct answers over all answers (0.0 for an empty run)."""
        return self.correct / self.total if self.total else 0.0

    @property
    def zero_wrong_money(self) -> str:
        """``PASS`` only when no money question violates DESIGN 4.4."""
        return "FAIL" if self.violations else "PASS"

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


class Tally(msgspec.Struct, gc=False):
    """The counts behind a scorecard. Tallies of the parts of a run add up to the tally of the
    whole (`add`), so the processes of a parallel regrade each count their own part."""

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
    violations: list[str] = []
    engine_errors: int = 0
    latencies: list[int | float] = []  # each part's sorted: `add` puts sorted runs together

    @classmethod
    def of(cls, grades: Iterable[Grade]) -> Tally:
        """Count a run's grades (or a part of them, in order)."""
        counts = {CORRECT: 0, PARTIAL: 0, WRONG: 0}
        kinds = {"answerable": [0, 0], "negative": [0, 0], "ambiguous": [0, 0]}
        money = errors = 0
        violations: list[str] = []
        latencies: list[int | float] = []
        for grade in grades:
            counts[grade.verdict] += 1
            tally = kinds[grade.kind]
            tally[0] += 1
            if grade.kind == "negative":
                tally[1] += grade.declined and grade.labels != ("engine error",)
            else:
                tally[1] += grade.verdict == CORRECT
            money += grade.money.is_money
            if grade.money.violation:
                violations.append(grade.qid)
            if grade.labels == ("engine error",):
                errors += 1
            if grade.latency_ms is not None:
                latencies.append(grade.latency_ms)
        latencies.sort()  # sorted runs: the median of many parts' tallies sorts faster
        return cls(
            total=sum(counts.values()),
            correct=counts[CORRECT],
            partial=counts[PARTIAL],
            wrong=counts[WRONG],
            answerable=kinds["answerable"][0],
            answerable_correct=kinds["answerable"][1],
            negatives=kinds["negative"][0],
            negatives_declined=kinds["negative"][1],
            ambiguous=kinds["ambiguous"][0],
            ambiguous_correct=kinds["ambiguous"][1],
            money_questions=money,
            violations=violations,
            engine_errors=errors,
            latencies=latencies,
        )

    def add(self, other: Tally) -> None:
        """Count ``other``'s grades too, as if they followed this tally's."""
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.violations += other.violations
        self.latencies += other.latencies

    def scorecard(self) -> Scorecard:
        """The scorecard of the grades counted."""
        return Scorecard(
            **{name: getattr(self, name) for name in _COUNTS},
            violations=tuple(self.violations),
            median_latency_ms=statistics.median(self.latencies) if self.latencies else None,
        )


_COUNTS = tuple(name for name in Tally.__struct_fields__ if name not in ("violations", "latencies"))


def scorecard(grades: Sequence[Grade]) -> Scorecard:
    """Summarise a run's grades."""
    return Tally.of(grades).scorecard()


def format_scorecard(card: Scorecard) -> list[str]:
    """The human form, one line per figure."""
    latency = (
        f"{card.median_latency_ms / 1000:.1f} s" if card.median_latency_ms is not None else "n/a"
    )
    if card.violations:
        shown = ", ".join(card.violations[:8]) + (" …" if len(card.violations) > 8 else "")
        money = (
            f"FAIL  {len(card.violations)} violation(s) among {card.money_questions} money "
            f"questions: {shown}"
        )
    else:
        money = f"PASS  0 violations among {card.money_questions} money questions"
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
