"""Two runs under review side by side (`ragtriage compare A B --review`)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from grader.audit.compare import Comparison, compare
from tui.session.review import ReviewSession, Shown

COMPARE_FILTERS = ("all", "changed", "gained", "lost")


class CompareSession:
    """Two runs under review side by side: A (the baseline) and B (the change), the questions
    both answered in A's order, and their comparison (`grader.audit.compare`).

    Each side is a `ReviewSession` of its own, so a mark made on a side goes to that run's
    marks, against that run's grader.
    """

    def __init__(self, a: ReviewSession, b: ReviewSession) -> None:
        self.a, self.b = a, b
        self.comparison: Comparison | None = None
        self.filter = "all"
        self.qids: list[str] = []
        self.visible: list[str] = []
        self._where: tuple[dict[str, int], dict[str, int]] = ({}, {})

    def side(self, name: str) -> ReviewSession:
        return self.a if name == "a" else self.b

    @property
    def graded(self) -> bool:
        return self.comparison is not None

    def grade_everything(self, progress: Callable[[str, int, int], None] | None = None) -> None:
        """Grade both runs (in a worker) and compare them."""
        for name, session in (("A", self.a), ("B", self.b)):
            session.run.grade_everything(functools.partial(progress, name) if progress else None)
        wheres = []
        for session in (self.a, self.b):
            where: dict[str, int] = {}
            for i, grade in enumerate(session.run.grades):
                if grade is not None:
                    where.setdefault(grade.qid, i)
            wheres.append(where)
        self._where = (wheres[0], wheres[1])
        graders = (self.a.run.grader.fingerprint, self.b.run.grader.fingerprint)
        recorded = (self.a.run.record_fingerprint, self.b.run.record_fingerprint)
        self.comparison = compare(
            self.a.run.index.header or {},
            [self.a.run.grades[i] for i in wheres[0].values()],  # type: ignore[misc]
            self.b.run.index.header or {},
            [self.b.run.grades[i] for i in wheres[1].values()],  # type: ignore[misc]
            graders,
            recorded,
        )
        self.qids = [qid for qid in wheres[0] if qid in wheres[1]]
        self.set_filter(self.filter)

    def change_of(self, qid: str) -> str | None:
        """``gained``, ``lost`` or ``changed`` for a question whose grade differs, else None."""
        if self.comparison is None:
            return None
        for difference in self.comparison.differences:
            if difference.qid == qid:
                return difference.change
        return None

    def counts(self) -> dict[str, int]:
        return {name: len(self._filtered(name)) for name in COMPARE_FILTERS}

    def _filtered(self, name: str) -> list[str]:
        if name not in COMPARE_FILTERS:
            raise ValueError(f"unknown filter {name!r}")
        if name == "all" or self.comparison is None:
            return list(self.qids)
        changes = {d.qid: d.change for d in self.comparison.differences}
        if name == "changed":
            return [qid for qid in self.qids if qid in changes]
        return [qid for qid in self.qids if changes.get(qid) == name]

    def set_filter(self, name: str) -> int:
        self.visible = self._filtered(name)
        self.filter = name
        return len(self.visible)

    def index_in(self, side: str, qid: str) -> int:
        """The line index of ``qid`` in side ``a`` or ``b``."""
        return self._where[0 if side == "a" else 1][qid]

    def shown(self, side: str, qid: str) -> Shown | None:
        session = self.side(side)
        i = self.index_in(side, qid)
        answer = session.run.answer(i)
        if answer is None:
            return None
        return Shown(
            0,
            session.run.index.entries[i][0],
            answer,
            None,
            session.run.grade(i),
            session.run.grader.read(answer),
            session.marks.on(qid),
            session.run.judgements.get(qid),
        )

    def close(self) -> None:
        self.a.close()
        self.b.close()
