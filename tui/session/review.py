"""One run under review: its three parts (`GradedRun`, `Marks`, `Order`) and what needs them
together, the answer shown at a position (`Shown`) and a mark made on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.workspace import Workspace
from grader.audit.against_marks import Agreement, agreement
from grader.audit.agreement import GraderAgreement, graders_against_people
from grader.audit.flips import Flip
from grader.audit.queue import QueueRow
from grader.records.judgements import Judgement
from grader.records.marks import Mark, Reviews, make_mark
from grader.records.runfile import LineProblem
from grader.rules.clauses import Clause
from grader.rules.reading import Reading
from grader.rules.verdict import Grade
from grader.schema import Answer, Source
from tui.session.marking import Marks
from tui.session.order import AUDIT_SIZE, Order
from tui.session.run import GradedRun


@dataclass(frozen=True, slots=True)
class Shown:
    """Everything the review screen needs for one position."""

    position: int
    line: int
    answer: Answer[Source] | None
    problem: LineProblem | None
    grade: Grade | None
    reading: Reading | None
    marks: Reviews  # every reviewer's latest mark on the answer, oldest first (none: empty)
    judgement: Judgement | None = None
    queue_row: QueueRow | None = None  # its place in the reading queue, once ordered

    @property
    def clauses(self) -> list[Clause]:
        return [sentence.clause for sentence in self.reading.sentences] if self.reading else []


class ReviewSession:
    """One run under review: the run and its grades (`run`), the marks on it (`marks`) and
    what is shown in which order (`order`).

    Args:
        path: The run file.
        workspace: Where corpora, runs and needle lists live (default: the current folder's).
        audit_size: How many answers the order ``audit`` draws (the run's, when it is smaller).
        audit_seed: The seed it draws them with (kept in each mark made in it).
        order: The filter or order to open in; ``audit`` and ``second-read`` show their first
            answer once the run is graded (they need every answer's qid).
    """

    def __init__(
        self,
        path: Path,
        workspace: Workspace | None = None,
        audit_size: int = AUDIT_SIZE,
        audit_seed: int = 0,
        order: str = "all",
    ) -> None:
        self.run = GradedRun(path, workspace)
        self.marks = Marks(self.run.path)
        self.order = Order(self.run, self.marks, audit_size, audit_seed, order)

    def close(self) -> None:
        self.run.close()

    def shown(self, position: int) -> Shown | None:
        """The answer at a position of the current filter, made ready to show (`settle`) and
        looked up (`look_up`)."""
        settled = self.settle(position)
        return None if settled is None else self.look_up(settled)

    def settle(self, position: int) -> int | None:
        """The side effects of showing a position: a malformed line met here for the first
        time (before the background grading reached it) leaves the filter, the answer after it
        taking its place; the answer is graded, when it is not yet. Returns the position that
        holds the answer (None: the filter shows none)."""
        visible = self.order.visible
        while visible:
            position = max(0, min(position, len(visible) - 1))
            i = visible[position]
            kind, value = self.run.entry(i)
            if kind != "answer":
                visible.pop(position)
                continue
            self.run.graded_reading(i, value)
            return position
        return None

    def look_up(self, position: int) -> Shown | None:
        """What the screen shows at a position of the current filter, as the session holds
        it: it neither grades nor changes the filter (a line not yet settled shows its
        problem, or no grade); it may decode the line, which the run caches."""
        visible = self.order.visible
        if not 0 <= position < len(visible):
            return None
        i = visible[position]
        line = self.run.index.entries[i][0]
        kind, value = self.run.entry(i)
        if kind != "answer":
            return Shown(position, line, None, value, None, None, ())
        return Shown(
            position,
            line,
            value,
            None,
            self.run.grades[i],
            self.run.reading(i, value),
            self.marks.on(value.qid),
            self.run.judgements.get(value.qid),
            self.order.queue_row(i),
        )

    def mark(
        self,
        i: int,
        says: str,
        verdict: str | None = None,
        note: str = "",
        declined: bool | None = None,
        blind: bool = False,
    ) -> Mark:
        """Mark the answer at line index ``i``: ``agree`` with today's grade, or ``disagree``
        with the reviewer's verdict and a note (appended to the marks sidecar). The mark says
        how its answer was picked (`Order.picked`) and whether it was given ``blind``, before
        any grader's verdict was shown."""
        grade = self.run.grade(i)
        if grade is None:
            raise ValueError("only an answer can be marked")
        mark = make_mark(
            grade,
            says,
            self.run.grader.fingerprint,
            verdict=verdict,
            note=note,
            declined=declined,
            picked=self.order.picked(i),
            blind=blind,
        )
        self.marks.add(mark)
        return mark

    def undo(self, i: int) -> str | None:
        """Take back your own latest mark on the answer at line index ``i`` (another
        reviewer's stays: DESIGN 2); returns its qid, or None when you have no mark on it."""
        answer = self.run.answer(i)
        if answer is None or not self.marks.undo(answer.qid):
            return None
        return answer.qid

    def agreement(self) -> Agreement:
        """Today's grades against the marks on this run: the reviewed answers only."""
        run_id = self.run.run_id
        graded = [(run_id, g) for g in self.run.grades if g is not None]
        return agreement(graded, {run_id: self.marks.latest})

    def graders(self) -> list[GraderAgreement]:
        """The rules, the model judge and rules-then-judge against the marks on this run."""
        run_id = self.run.run_id
        graded = [(run_id, g) for g in self.run.grades if g is not None]
        return graders_against_people(
            graded, {run_id: self.run.judgements}, {run_id: self.marks.latest}
        )

    def regrade(self) -> list[Flip]:
        """Regrade with today's (changed) lists (`GradedRun.regrade`), the reading queue
        ordered again when asked for; returns the answers whose grade flipped."""
        self.order.forget_queue()
        flips = self.run.regrade()
        self.order.set_filter(self.order.filter)
        return flips
