"""The scorecard of a graded run (DESIGN 4.6), and whether the run finished.

One struct counts a run's grades. The scorecards of the parts of a run add up to the scorecard
of the whole (`Scorecard.add`, `Scorecard.joined`), so the processes of a parallel regrade each
count their own part.

A run's header plans its questions (``plan.qids``); a run with fewer of them answered did not
finish (a run stopped, killed, or cut short by hand), and its scores are of the answers it has,
not of the run planned: `Completion` says how much of the plan was answered, and `gate` never
passes such a run unless told to (DESIGN 7).
"""

from __future__ import annotations

import heapq
import itertools
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from grader.rules.codes import ENGINE_ERROR, code_of
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grade


def is_engine_error(grade: Grade) -> bool:
    """Whether the engine gave no answer to grade: the grader marks such an answer wrong with
    the one label ``engine error`` (`ENGINE_ERROR`, E001). The scorecard counts these and the
    review app's filter ``errors`` shows them: both ask here."""
    return len(grade.labels) == 1 and code_of(grade.labels[0]) == ENGINE_ERROR.code


class Scorecard(msgspec.Struct):
    """Counts and bars over one run's grades."""

    total: int = 0
    correct: int = 0
    partial: int = 0
    wrong: int = 0
    unjudged: int = 0  # a reader's to judge: counted apart, never as wrong (DESIGN 4.6)
    answerable: int = 0
    answerable_correct: int = 0
    negatives: int = 0
    negatives_declined: int = 0
    ambiguous: int = 0
    ambiguous_correct: int = 0
    money_questions: int = 0
    engine_errors: int = 0
    violations: list[str] = []
    suspicious: list[str] = []  # passes the grader says to read before trusting (Grade.suspicious)
    latencies: list[int | float] = []  # sorted
    # How much of the header's plan was answered: set for the whole run (`with_plan`), never
    # counted per part.
    planned: int | None = None
    answered_of_plan: int = 0

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
        engine_error = is_engine_error(grade)
        self.total += 1
        self.correct += grade.verdict == CORRECT
        self.partial += grade.verdict == PARTIAL
        self.wrong += grade.verdict == WRONG
        self.unjudged += grade.verdict == UNJUDGED
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
        if grade.suspicious:
            self.suspicious.append(grade.qid)
        if grade.latency_ms is not None:
            self.latencies.append(grade.latency_ms)

    def add(self, other: Scorecard) -> None:
        """Count ``other``'s grades too, as if they followed this scorecard's."""
        self._add_counts(other)
        self.latencies = list(heapq.merge(self.latencies, other.latencies))

    @classmethod
    def joined(cls, parts: Iterable[Scorecard]) -> Scorecard:
        """The scorecard of a run counted in parts (a parallel regrade's), in file order: each
        part added in turn, as `add` does, and the latencies merged once at the end (merged
        part by part, the first ones were merged again for every part: a hundred parts of a
        100,000-answer run took a second)."""
        card = cls()
        latencies = []
        for part in parts:
            card._add_counts(part)
            latencies.append(part.latencies)
        card.latencies = sorted(itertools.chain.from_iterable(latencies))
        return card

    def _add_counts(self, other: Scorecard) -> None:
        for name in self.__struct_fields__:
            if name not in ("latencies", "planned", "answered_of_plan"):
                setattr(self, name, getattr(self, name) + getattr(other, name))

    def with_plan(self, header: Mapping[str, Any] | None, qids: Iterable[str]) -> Scorecard:
        """This scorecard with how much of ``header``'s plan the graded ``qids`` answered."""
        completion = Completion.of(header, qids)
        self.planned = completion.planned
        self.answered_of_plan = completion.answered
        return self

    @property
    def completion(self) -> Completion:
        return Completion(self.planned, self.answered_of_plan, self.total)

    def gate(
        self, allow_incomplete: bool = False, fail_on_suspicious: bool = False, skipped: int = 0
    ) -> list[str]:
        """Why ``--gate`` fails this run: every money violation; ``skipped`` lines that could not
        be read (a run that lost lines never passes: what they held is not graded); a run that
        did not finish (or holds no answer), unless ``allow_incomplete``; with
        ``fail_on_suspicious``, a pass the grader says to read before trusting. Empty when it
        passes."""
        reasons = []
        if self.violations:
            reasons.append(f"ZERO-WRONG-MONEY FAIL: {len(self.violations)} violation(s)")
        if skipped:
            reasons.append(
                f"{skipped} line(s) of the run could not be read and were skipped: a run that "
                "lost lines passes no gate"
            )
        if not allow_incomplete and not self.completion.complete:
            reasons.append(
                f"{self.completion.describe()}: a run that did not finish passes no gate "
                "(--allow-incomplete: gate the answers it has)"
            )
        if fail_on_suspicious and self.suspicious:
            reasons.append(
                f"{len(self.suspicious)} suspicious pass(es) (--fail-on-suspicious): "
                + ", ".join(self.suspicious[:8])
                + (" …" if len(self.suspicious) > 8 else "")
            )
        return reasons

    @property
    def judged(self) -> int:
        """The answers the rules judge: every one but the unjudged."""
        return self.total - self.unjudged

    @property
    def overall(self) -> float:
        """Correct answers over the judged answers (0.0 when none is judged)."""
        return self.correct / self.judged if self.judged else 0.0

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
            "unjudged": self.unjudged,
            "judged": {"judged": self.judged, "of": self.total},
            "answerable": {"correct": self.answerable_correct, "of": self.answerable},
            "honesty": {"declined": self.negatives_declined, "of": self.negatives},
            "ambiguous": {"correct": self.ambiguous_correct, "of": self.ambiguous},
            "money_questions": self.money_questions,
            "zero_wrong_money": self.zero_wrong_money,
            "violations": list(self.violations),
            "suspicious": list(self.suspicious),
            "engine_errors": self.engine_errors,
            "median_latency_ms": self.median_latency_ms,
            "completion": self.completion.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Completion:
    """How much of a run's plan has an answer.

    ``planned`` is None for a run whose header plans nothing (an imported run, one written by
    hand): it is complete when it holds an answer. ``answered`` counts the planned questions
    that have one; ``total`` every answer graded.
    """

    planned: int | None
    answered: int
    total: int = 0

    @classmethod
    def of(cls, header: Mapping[str, Any] | None, qids: Iterable[str]) -> Completion:
        graded = list(qids)
        plan = header.get("plan") if isinstance(header, Mapping) else None
        planned_qids = plan.get("qids") if isinstance(plan, Mapping) else None
        if not isinstance(planned_qids, list):
            return cls(None, len(set(graded)), len(graded))
        planned = {qid for qid in planned_qids if isinstance(qid, str)}
        return cls(len(planned), len(planned & set(graded)), len(graded))

    @property
    def complete(self) -> bool:
        if self.planned is None:
            return self.total > 0
        return self.planned > 0 and self.answered >= self.planned

    def describe(self) -> str:
        """``complete: 71 of 71 planned``, ``incomplete: 1 of 71 planned``, or for a run
        without a plan ``no plan in the header: 10 answers`` (``no answers``)."""
        if self.planned is None:
            return f"no plan in the header: {self.total:,} answers" if self.total else "no answers"
        state = "complete" if self.complete else "incomplete"
        return f"{state}: {self.answered:,} of {self.planned:,} planned"

    def to_dict(self) -> dict[str, Any]:
        return {"complete": self.complete, "planned": self.planned, "answered": self.answered}


def scorecard(grades: Iterable[Grade], header: Mapping[str, Any] | None = None) -> Scorecard:
    """Summarise a run's grades; with its header, how much of its plan they answer."""
    grades = list(grades)
    card = Scorecard.of(grades)
    return card.with_plan(header, (g.qid for g in grades)) if header is not None else card


def _listed(qids: list[str]) -> str:
    return (": " + ", ".join(qids[:8]) + (" …" if len(qids) > 8 else "")) if qids else ""


def _unfinished(completion: Completion) -> str:
    if completion.planned is None or not completion.answered:
        return f"{completion.describe().upper()}: nothing to score"
    return (
        f"{completion.describe().upper()}: the scores below are of the "
        f"{completion.answered} answered, not of the run planned"
    )


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
    elif card.total == 0:
        # PASS only with no violation (DESIGN 6), but a PASS over nothing reads as a result
        money = "PASS  nothing scored: no answer yet"
    else:
        money = (
            f"PASS  0 violations among {card.money_questions} money questions "
            f"and {card.negatives} negatives"
        )
    completion = card.completion
    return [
        *([] if completion.complete else [_unfinished(completion)]),
        f"overall           {card.overall:.2%}  ({card.correct} correct, {card.partial} partial, "
        f"{card.wrong} wrong of {card.judged} judged)",
        f"judged            {card.judged} of {card.total}"
        + (f"  ({card.unjudged} unjudged: a reader's to judge)" if card.unjudged else ""),
        f"answerable        {card.answerable_correct}/{card.answerable} correct",
        f"honesty           {card.negatives_declined}/{card.negatives} negatives declined"
        if card.negatives
        else "honesty           n/a: no negative question",
        f"ambiguous         {card.ambiguous_correct}/{card.ambiguous} correct"
        if card.ambiguous
        else "ambiguous         n/a: no ambiguous question",
        f"ZERO-WRONG-MONEY  {money}",
        f"suspicious passes {len(card.suspicious)}" + _listed(card.suspicious),
        f"engine errors     {card.engine_errors}",
        f"median latency    {latency}",
        *([f"completion        {completion.describe()}"] if completion.complete else []),
    ]
