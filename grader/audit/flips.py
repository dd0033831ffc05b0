"""What makes two grades of one answer differ, and the flip that records it.

One vocabulary for the whole audit wing and the review app: the flip preview, the rebaseline,
the strategy comparison and the app's regrade after a needle change all ask `differs`, and
whether a flip changes what the grade says or only how it words it (`verdict_changed`).

- A grade *differs* when its verdict, a label or its money violation does: any of these is a
  change in how the answer is graded, and a rebaseline must account for it.
- A flip *changes the verdict* when the verdict or the money violation does; one that changes
  labels only says the same thing in other words ("labels changed (still wrong)").

The A/B comparison (`grader.audit.compare`) compares two answers to a question, not two grades
of one answer; it uses `verdict_changed` and says there why labels do not count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG

# How good a verdict is, for the direction of a flip (a reader's verdict sits between).
RANK = {WRONG: 0, PARTIAL: 1, UNJUDGED: 1, CORRECT: 2}


class Graded(Protocol):
    """A grade as flips compare it: today's `grader.rules.verdict.Grade`, a grade of record
    (`grader.records.grades.RecordedGrade`), or one side of a `Flip`."""

    @property
    def verdict(self) -> str: ...

    @property
    def labels(self) -> tuple[str, ...]: ...

    @property
    def violation(self) -> bool: ...


def verdict_changed(old: Graded, new: Graded) -> bool:
    """Whether the grade says something else: its verdict or its money violation differs."""
    return old.verdict != new.verdict or old.violation != new.violation


def differs(old: Graded, new: Graded) -> bool:
    """Whether two grades of one answer differ (a flip): the verdict, a label or the money
    violation."""
    return verdict_changed(old, new) or tuple(old.labels) != tuple(new.labels)


class Outcome(NamedTuple):
    """One side of a flip: the verdict, its labels and whether money was violated."""

    verdict: str
    labels: tuple[str, ...]
    violation: bool


@dataclass(frozen=True, slots=True)
class Flip:
    """One answer whose grade differs between two graders (or a grader and the record)."""

    run: str
    qid: str
    old_verdict: str
    new_verdict: str
    old_labels: tuple[str, ...]
    new_labels: tuple[str, ...]
    old_violation: bool
    new_violation: bool
    sentence: str = ""

    @classmethod
    def between(cls, run: str, qid: str, old: Graded, new: Graded, sentence: str = "") -> Flip:
        """The flip of one answer from one grade to another (check `differs` first)."""
        return cls(
            run,
            qid,
            old.verdict,
            new.verdict,
            tuple(old.labels),
            tuple(new.labels),
            old.violation,
            new.violation,
            sentence,
        )

    @property
    def old(self) -> Outcome:
        return Outcome(self.old_verdict, self.old_labels, self.old_violation)

    @property
    def new(self) -> Outcome:
        return Outcome(self.new_verdict, self.new_labels, self.new_violation)

    @property
    def verdict_changed(self) -> bool:
        """More than the labels changed (see `verdict_changed`)."""
        return verdict_changed(self.old, self.new)

    def describe(self) -> str:
        """``wrong -> correct``, ``money violation REMOVED``, or ``labels changed (still
        wrong)``: what changed, in words (a label-only change is not a change of verdict)."""
        if not self.verdict_changed:
            return f"labels changed (still {self.new_verdict})"
        changes = []
        if self.old_verdict != self.new_verdict:
            changes.append(f"{self.old_verdict} -> {self.new_verdict}")
        if self.old_violation != self.new_violation:
            changes.append("money violation " + ("REMOVED" if self.old_violation else "added"))
        return ", ".join(changes)

    @property
    def direction(self) -> str:
        """``up`` (a better verdict, or a money violation removed), ``down``, or ``labels``."""
        if RANK[self.new_verdict] > RANK[self.old_verdict] or (
            self.old_violation and not self.new_violation and self.new_verdict == self.old_verdict
        ):
            return "up"
        if RANK[self.new_verdict] < RANK[self.old_verdict] or (
            self.new_violation and not self.old_violation
        ):
            return "down"
        return "labels"
