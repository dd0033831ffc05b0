"""The marks on the run under review and who made them: the review session's second part
(`tui.session.review`).

Several reviewers mark one run (DESIGN 2): this part keeps each one's latest mark per answer,
reads the marks file again when another process wrote to it, and appends the marks and undos made
here (`grader.records.marks`). What a blind reviewer says becomes a mark by `blind_verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grader.records.marks import (
    Mark,
    Reviews,
    append_mark,
    append_undo,
    marks_path,
    read_reviews,
    reviewer,
)

# What a reviewer says of an answer in blind review, with one key each.
BLIND_SAYS = ("correct", "partial", "wrong", "declined")


@dataclass(frozen=True, slots=True)
class BlindVerdict:
    """What a reviewer said blind, as a mark records it: a verdict, and whether the answer
    declined (None: not said)."""

    verdict: str
    declined: bool | None


def blind_verdict(says: str, kind: str) -> BlindVerdict:
    """The mark a blind ``says`` (one of `BLIND_SAYS`) makes on an answer to a question of
    ``kind``: an honest decline is correct where the question has no answer or more than one
    reading, and wrong where it has one (grader v4: declining an answerable question is wrong
    whatever the key holds)."""
    if says not in BLIND_SAYS:
        raise ValueError(f"a blind verdict is one of {', '.join(BLIND_SAYS)}, not {says!r}")
    if says == "declined":
        return BlindVerdict("wrong" if kind == "answerable" else "correct", True)
    return BlindVerdict(says, None)


class Marks:
    """The marks on one run: each reviewer's latest mark on each answer.

    Args:
        path: The run file (its marks live in the sidecar beside it).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        # qid -> the latest mark of each reviewer (DESIGN 2: several reviewers, several marks)
        self.latest: dict[str, Reviews] = {}
        self._read()

    def _stamp(self) -> tuple[int, int] | None:
        """The marks file's modification time and size (None: no file yet)."""
        try:
            stat = marks_path(self.path).stat()
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def _read(self) -> None:
        self._seen = self._stamp()
        self.latest, self.problems = read_reviews(self.path)

    def reload(self) -> bool:
        """Read the marks again when their file changed since last read (another process,
        `ragtriage import labels` or a second app, wrote to it); returns whether it had. A
        stat of one file: cheap enough for a timer."""
        if self._stamp() == self._seen:
            return False
        self._read()
        return True

    def on(self, qid: str) -> Reviews:
        """Every reviewer's latest mark on one answer, oldest first (none: empty)."""
        return self.latest.get(qid, ())

    @property
    def me(self) -> str:
        """The reviewer at the keyboard (the ``by`` of the marks this app writes)."""
        return reviewer()

    def mine(self, qid: str) -> Mark | None:
        """Your own latest mark on an answer (None: you have not marked it)."""
        me = self.me
        return next((mark for mark in self.on(qid) if mark.by == me), None)

    def others(self, qid: str) -> list[Mark]:
        """The marks of reviewers other than you on one answer (yours is `undo`'s to take
        back; theirs is not)."""
        me = self.me
        return [mark for mark in self.on(qid) if mark.by != me]

    def second_read(self, qid: str) -> bool:
        """Whether an answer is one for a second read: another reviewer marked it, you have
        not."""
        marks = self.on(qid)
        me = self.me
        return any(mark.by != me for mark in marks) and not any(mark.by == me for mark in marks)

    def add(self, mark: Mark) -> None:
        """Append a mark to the marks sidecar and read the marks again."""
        append_mark(self.path, mark)
        self._read()

    def undo(self, qid: str) -> bool:
        """Take back your own latest mark on one answer (another reviewer's stays: DESIGN 2);
        returns whether you had one."""
        me = self.me
        if not any(mark.by == me for mark in self.on(qid)):
            return False
        append_undo(self.path, qid, by=me)
        self._read()
        return True
