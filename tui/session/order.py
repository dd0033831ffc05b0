"""What the review app shows, and in which order: the review session's third part
(`tui.session.review`).

A filter shows the run's answers in file order that match it (`FILTERS`); an order (`ORDERS`)
shows them in an order of its own: the reading queue's (`grader.audit.queue`), a seeded audit
sample's (`grader.audit.measure.audit_sample`) or the answers for a second read. This part also
finds an answer by qid or by a fuzzy search, and says how the answer a mark is made on was picked.
"""

from __future__ import annotations

from rapidfuzz import fuzz, process

from grader.audit.agreement import judge_disagrees
from grader.audit.graders import graders_disagree
from grader.audit.measure import audit_sample
from grader.audit.queue import QueueRow, reading_queue
from grader.records.marks import (
    AT_RANDOM,
    Picked,
    picked_browsing,
    picked_in_audit,
    picked_in_queue,
)
from grader.records.runfile import load_entry
from grader.records.scorecard import is_engine_error
from grader.schema import Answer, Source
from tui.session.marking import Marks
from tui.session.run import GradedRun

FILTERS = (
    "all",
    "wrong",
    "partial",
    "correct",
    "unjudged",
    "money",
    "violations",
    "negatives",
    "ambiguous",
    "marked",
    "suspicious",
    "errors",
    "judge-disagrees",  # the rules and the model judge give different verdicts
    "graders-disagree",  # the rules and an imported grader, or two imported graders, differ
    "read-next",  # not a filter but an order: every answer, the reading queue's first
    "audit",  # an order: a seeded uniform random sample of the run (`audit_sample`)
    "second-read",  # an order: the answers another reviewer marked and you have not, blind
)
# The orders: each shows answers in an order of its own rather than file order.
ORDERS = ("read-next", "audit", "second-read")
# The filters that say what a grader said (its verdict, its money check, its suspicions, the
# judge's verdict): left out of blind review, whose reviewer gives a verdict before seeing any.
VERDICT_FILTERS = (
    "wrong",
    "partial",
    "correct",
    "unjudged",
    "violations",
    "suspicious",
    "judge-disagrees",
    "graders-disagree",
)
# The audit order's size when none is asked for (the run's when it is smaller).
AUDIT_SIZE = 50


class Order:
    """The filter or order on, the line indexes it shows (`visible`), the reading queue once
    ordered, the audit sample once drawn, and the last search that found an answer.

    Args:
        run: The run under review.
        marks: The marks on it (the filter ``marked`` and the order ``second-read`` read them).
        audit_size: How many answers the order ``audit`` draws (the run's, when it is smaller).
        audit_seed: The seed it draws them with (kept in each mark made in it).
        order: The filter or order to open in; ``audit`` and ``second-read`` show their first
            answer once the run is graded (they need every answer's qid).
    """

    def __init__(
        self,
        run: GradedRun,
        marks: Marks,
        audit_size: int = AUDIT_SIZE,
        audit_seed: int = 0,
        order: str = "all",
    ) -> None:
        if order not in FILTERS:
            raise ValueError(f"unknown filter {order!r}")
        self.run, self.marks = run, marks
        self._queue: list[QueueRow] | None = None
        self._queue_rows: dict[int, QueueRow] = {}  # line index -> its row
        self._queue_ranks: dict[int, int] = {}  # line index -> its rank (1 is first)
        self.audit_size, self.audit_seed = audit_size, audit_seed
        self._audit: list[int] | None = None  # the audit sample's line indexes, in its order
        self.filter = order
        # The answer the last search (or jump) found, and what was typed: its mark says so.
        self.found: tuple[str, str] | None = None
        # An order that needs every qid starts empty: the grading fills it (`set_filter`).
        waits = order in ("audit", "second-read")
        self.visible: list[int] = [] if waits else list(range(run.total))

    def answer_at(self, position: int) -> Answer[Source] | None:
        """The answer at a position of the current filter (None for a bad line or no answer)."""
        if not 0 <= position < len(self.visible):
            return None
        return self.run.answer(self.visible[position])

    def queue_row(self, i: int) -> QueueRow | None:
        """The reading queue's row of line index ``i`` (None: not ordered, or not in it)."""
        return self._queue_rows.get(i)

    def forget_queue(self) -> None:
        """Drop the reading queue (the grades it was ordered by changed)."""
        self._queue, self._queue_rows, self._queue_ranks = None, {}, {}

    def matches(self, i: int, name: str) -> bool:
        if i in self.run.bad:
            return False
        grade = self.run.grades[i]
        if name == "all":
            return True
        if grade is None:
            return False
        if name in ("wrong", "partial", "correct", "unjudged"):
            return grade.verdict == name
        if name == "money":
            return grade.money.is_money
        if name == "violations":
            return grade.money.violation
        if name == "negatives":
            return grade.kind == "negative"
        if name == "ambiguous":
            return grade.kind == "ambiguous"
        if name == "marked":
            return grade.qid in self.marks.latest
        if name == "suspicious":
            return bool(grade.suspicious)
        if name == "errors":
            return is_engine_error(grade)
        if name == "judge-disagrees":
            return judge_disagrees(grade, self.run.judgements.get(grade.qid))
        if name == "graders-disagree":
            return graders_disagree(grade, self.run.imported.get(i, ()))
        if name == "read-next":
            return True
        if name == "audit":
            return i in self.audit_positions()
        if name == "second-read":
            return self.marks.second_read(grade.qid)
        raise ValueError(f"unknown filter {name!r}")

    def set_filter(self, name: str) -> int:
        """Apply a filter; returns how many answers it shows."""
        if name not in FILTERS:
            raise ValueError(f"unknown filter {name!r}")
        self.filter = name
        if name == "read-next":
            self.reading_queue()
            self.visible = [i for i in self._queue_rows if i not in self.run.bad]
        elif name == "audit":
            self.visible = self.audit_order()
        else:
            self.visible = [i for i in range(self.run.total) if self.matches(i, name)]
        return len(self.visible)

    @property
    def is_order(self) -> bool:
        """Whether what is shown is an order (`ORDERS`) rather than a filter of file order."""
        return self.filter in ORDERS

    def audit_order(self) -> list[int]:
        """The order ``audit``: the line indexes of a seeded uniform random sample of the run's
        answers, in the order drawn (`grader.audit.measure.audit_sample` over the run's qids in
        file order, as `ragtriage queue RUN --audit N --seed S` prints it). Needs the grading."""
        if self._audit is None:
            if not self.run.graded_all:
                self.run.grade_everything()
            where: dict[str, int] = {}  # each qid's first answer, in file order
            for i, grade in enumerate(self.run.grades):
                if grade is not None and i not in self.run.bad:
                    where.setdefault(grade.qid, i)
            sample = audit_sample(list(where), self.audit_size, self.audit_seed)
            self._audit = [where[qid] for qid in sample]
            self._audit_set = frozenset(self._audit)
        return self._audit

    def audit_positions(self) -> frozenset[int]:
        """The audit sample's line indexes, as a set."""
        self.audit_order()
        return self._audit_set

    def picked(self, i: int) -> Picked:
        """How the answer at line index ``i`` came to the reviewer, as its mark records it: in
        the audit order, the sample and its seed; in read-next, its rank in the queue and the
        queue's size; in a second read, as it came to the reviewer whose mark put it there (one
        picked at random, when any was, else the first); otherwise browsing, with the filter
        that is on and the search that found the answer (`found`), if any: a filtered or
        searched browse is no pick in file order."""
        if self.filter == "audit" and i in self.audit_positions():
            return picked_in_audit(self.audit_seed)
        if self.filter == "read-next" and self._queue is not None and i in self._queue_rows:
            rank = self._queue_ranks[i]
            return picked_in_queue(rank, len(self._queue))
        if self.filter == "second-read":
            grade = self.run.grades[i]
            others = self.marks.others(grade.qid) if grade is not None else []
            if others:
                at_random = [m for m in others if m.picked.how in AT_RANDOM]
                return (at_random or others)[0].picked
        grade = self.run.grades[i]
        searched = None
        if self.found is not None and grade is not None and grade.qid == self.found[0]:
            searched = self.found[1]
        return picked_browsing(None if self.filter == "all" else self.filter, searched)

    def found_by(self, qid: str, query: str) -> None:
        """Remember that a search (or a jump) for ``query`` found ``qid``: a mark on it says
        so (`picked`)."""
        self.found = (qid, query.strip()) if query.strip() else None

    @property
    def queue_ready(self) -> bool:
        """Whether the reading queue is ordered (`reading_queue` has run since the grading)."""
        return self._queue is not None

    def reading_queue(self) -> list[QueueRow]:
        """Every graded answer in reading order (`grader.audit.queue`), computed once per
        grading: each answer is read again, lean, so run it in a worker on a large run."""
        if self._queue is None:
            if not self.run.graded_all:
                self.run.grade_everything()
            items, where = [], []  # the answers in file order, and the line index of each
            with open(self.run.path, "rb") as handle:
                for i, grade in enumerate(self.run.grades):
                    if grade is None:
                        continue
                    kind, answer = load_entry(handle, self.run.index.entries[i], lean=True)
                    if kind == "answer":
                        items.append((answer, grade, self.run.judgements.get(grade.qid)))
                        where.append(i)
            rows = reading_queue(items, self.run.grader)
            self._queue_rows = {where[row.position]: row for row in rows}
            self._queue_ranks = {where[row.position]: n for n, row in enumerate(rows, start=1)}
            self._queue = rows
        return self._queue

    def position_of(self, qid: str, reset: bool = True) -> int | None:
        """The position of a qid in the current filter (with ``reset``, the filter is reset to
        all when the qid is not in it)."""
        for attempt in (self.filter, "all") if reset else (self.filter,):
            if attempt != self.filter:
                self.set_filter(attempt)
            for position, i in enumerate(self.visible):
                answer = self.run.answer(i)
                if answer is not None and answer.qid == qid:
                    return position
        return None

    def find_qid(self, text: str) -> str | None:
        """The qid ``text`` names: itself, the one qid it begins, or the closest by fuzzy
        match (None when nothing is close)."""
        text = text.strip()
        qids = [a.qid for a in (self.run.answer(i) for i in range(self.run.total)) if a is not None]
        if text in qids:
            return text
        begun = [qid for qid in qids if qid.startswith(text)]
        if len(begun) == 1:
            return begun[0]
        best = process.extractOne(text, begun or qids, scorer=fuzz.WRatio)
        return best[0] if best and best[1] >= 60 else None

    def search(self, query: str, limit: int = 20) -> list[tuple[int, float, str]]:
        """Fuzzy search over qid, question and answer: (index, score, qid) best first."""
        if not query.strip():
            return []
        choices: dict[int, str] = {}
        qids: dict[int, str] = {}
        for i in range(self.run.total):
            answer = self.run.answer(i)
            if answer is not None:
                qids[i] = answer.qid
                choices[i] = f"{answer.qid} {answer.question} {answer.answer[:400]}"
        found = process.extract(query, choices, scorer=fuzz.WRatio, limit=limit)
        return [(i, score, qids[i]) for _text, score, i in found]
