"""Reviewers' marks: ``runs/<run_id>.marks.jsonl``, append-only, with provenance.

A mark is a person's reading of one answer, recorded against the grader of the moment:

- **agree**: the reviewer read the answer and the grader is right;
- **disagree**: the reviewer's own verdict, with a note;
- **label**: a verdict given without our grader (a label imported from elsewhere);
- optionally, whether the answer honestly declined.

Each mark says who or what made it (``by``: a person at the keyboard, or an imported label set,
with ``source`` naming its file and line), when, and against which grader (its fingerprint, and
the verdict and labels it gave). An undo is a record too: it takes back its author's latest mark
on one qid, never another reviewer's. Nothing is ever rewritten.

Several reviewers may mark one answer: the latest mark of each reviewer counts, never one
replacing another (DESIGN 2; `read_reviews`). `grader.audit.against_marks.agreement` compares
today's grades with every reviewer's mark: over the reviewed answers only.

Each mark also says how its answer came to the reviewer (`Picked`: ``audit``, a seeded uniform
sample, with its seed; ``queue``, the read-next order, with the answer's rank and the queue's
size; ``browse``, file order, with the ``filter`` that was on or the ``search`` that found the
answer, when one did; for imported labels ``all``, ``random`` or ``hand``) and whether the
reviewer marked it blind, before seeing any verdict (DESIGN 2, v4). A mark written before marks
said so reads as browsed in file order, not blind. What was picked at random or in plain file
order is what a figure can be quoted from (`grader.audit.measure`, `grader.audit.ppi`); a
filtered or searched browse is no random pick.

Why one file: a mark is one record in one sidecar. Its fields are written by `Mark.to_record` and
`Picked.to_record` and read back by `mark_from_record` and `Picked.from_record`, and an undo is
written by `append_undo` and applied by `_undo` as the readers replay the file: a split would put a
field's writer and its reader in two files. (The agreement with the reviewers, which reads marks
and writes none, is `grader.audit.against_marks`'s.)
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from grader.errors import RunFileError
from grader.records.atomic import append_line, append_lines, locked
from grader.records.clock import now
from grader.records.runfile import iter_lines, sidecar_path
from grader.rules.verdict import VERDICTS, Grade

AGREE, DISAGREE, LABEL = "agree", "disagree", "label"
SAYS = (AGREE, DISAGREE, LABEL)

# How an answer came to the reviewer (DESIGN 2, v4). In the app: an audit sample, the queue, or
# browsing. Imported labels say how their answers were picked: every answer, a random sample, or
# by hand (unsaid: by hand).
AUDIT, QUEUE, BROWSE = "audit", "queue", "browse"
ALL, RANDOM, HAND = "all", "random", "hand"
PICKED = (AUDIT, QUEUE, BROWSE, ALL, RANDOM, HAND)
IMPORT_PICKED = (ALL, RANDOM, HAND)
# The marks whose answers were picked at random (the whole run is a sample of itself): the
# people's estimate of a run's accuracy is made from them alone.
AT_RANDOM = (AUDIT, RANDOM, ALL)
# The marks agreement is quoted from: picked at random, or in file order (browsing picks by
# nothing the grade says). The queue's (and a hand's) over-represent mistakes: reported apart.
QUOTED = (*AT_RANDOM, BROWSE)


@dataclass(frozen=True, slots=True)
class Picked:
    """How a mark's answer came to the reviewer: ``how`` (one of `PICKED`), with the audit
    sample's ``seed``, or the answer's ``rank`` in a queue of ``size`` answers (1 is first);
    a browse with the ``filter`` that was on (``wrong``, ``money``...) or the ``search`` that
    found the answer (its query), when one did."""

    how: str = BROWSE
    seed: int | None = None
    rank: int | None = None
    size: int | None = None
    filter: str | None = None
    search: str | None = None

    def __post_init__(self) -> None:
        if self.how not in PICKED:
            raise RunFileError(f"picked must be one of {', '.join(PICKED)}, not {self.how!r}")

    @property
    def chosen(self) -> bool:
        """Whether a filter or a search chose the answer (a browse, but no pick in file
        order)."""
        return self.how == BROWSE and bool(self.filter or self.search)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"how": self.how}
        for name in ("seed", "rank", "size", "filter", "search"):
            value = getattr(self, name)
            if value is not None:
                record[name] = value
        return record

    @classmethod
    def from_record(cls, value: Any) -> Picked:
        """A mark's ``picked`` as written: an object, or the bare word (absent: browse).

        Raises:
            TypeError, ValueError: when it is neither.
        """
        if value is None:
            return BROWSED
        if isinstance(value, str):
            value = {"how": value}
        if not isinstance(value, dict):
            raise TypeError("picked must be an object")
        numbers = {}
        for name in ("seed", "rank", "size"):
            number = value.get(name)
            if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
                raise TypeError(f"picked.{name} must be a whole number")
            numbers[name] = number
        words: dict[str, str | None] = {}
        for name in ("filter", "search"):
            word = value.get(name)
            if word is not None and not isinstance(word, str):
                raise TypeError(f"picked.{name} must be text")
            words[name] = word or None
        how = str(value.get("how", BROWSE))
        if how not in PICKED:
            raise ValueError(f"unknown picked {how!r}")
        return cls(
            how,
            numbers["seed"],
            numbers["rank"],
            numbers["size"],
            filter=words["filter"],
            search=words["search"],
        )


BROWSED = Picked(BROWSE)


def picked_in_audit(seed: int) -> Picked:
    """An answer reached in the audit order: the seeded uniform sample of the run
    (`grader.audit.measure.audit_sample`) made with ``seed``."""
    return Picked(AUDIT, seed=seed)


def picked_in_queue(rank: int, size: int) -> Picked:
    """An answer reached in the reading queue, at ``rank`` (1 is first) of ``size`` answers."""
    if not 1 <= rank <= size:
        raise RunFileError(f"a queue rank is between 1 and the queue's size, not {rank} of {size}")
    return Picked(QUEUE, rank=rank, size=size)


def picked_browsing(filter: str | None = None, search: str | None = None) -> Picked:
    """An answer reached browsing: in file order, or through the ``filter`` that was on, or
    found by a ``search`` (its query)."""
    if filter is None and search is None:
        return BROWSED
    return Picked(BROWSE, filter=filter or None, search=search or None)


@dataclass(frozen=True, slots=True)
class Mark:
    """One reviewer's reading of one answer.

    ``verdict`` is the reviewer's verdict: on an agree mark, the grader's verdict it agreed
    with. ``declined`` is None when the reviewer did not say.
    """

    qid: str
    says: str
    verdict: str
    note: str
    created: str
    by: str
    grader_fingerprint: str
    grader_verdict: str
    grader_labels: tuple[str, ...] = ()
    declined: bool | None = None
    source: str = ""
    picked: Picked = BROWSED
    blind: bool = False  # marked before any verdict was shown

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "type": "mark",
            "qid": self.qid,
            "says": self.says,
            "verdict": self.verdict,
            "note": self.note,
            "created": self.created,
            "by": self.by,
            "grader_fingerprint": self.grader_fingerprint,
            "grader_verdict": self.grader_verdict,
            "grader_labels": list(self.grader_labels),
        }
        if self.declined is not None:
            record["declined"] = self.declined
        if self.source:
            record["source"] = self.source
        record["picked"] = self.picked.to_record()
        record["blind"] = self.blind
        return record


def reviewer() -> str:
    """Who is at the keyboard: ``$RAGTRIAGE_REVIEWER``, else the login name."""
    configured = os.environ.get("RAGTRIAGE_REVIEWER", "").strip()
    if configured:
        return configured
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "reviewer"


def marks_path(run_path: Path) -> Path:
    return sidecar_path(run_path, "marks")


def make_mark(
    grade: Grade,
    says: str,
    grader_fingerprint: str,
    *,
    verdict: str | None = None,
    note: str = "",
    declined: bool | None = None,
    by: str | None = None,
    source: str = "",
    created: str | None = None,
    picked: Picked = BROWSED,
    blind: bool = False,
) -> Mark:
    """A mark on one graded answer.

    Args:
        grade: Today's grade of the answer (what the mark is made against).
        says: ``agree`` or ``disagree``.
        verdict: The reviewer's verdict (required to disagree; an agree mark takes the
            grade's).
        picked: How the answer came to the reviewer (`picked_in_audit`, `picked_in_queue`,
            `picked_browsing`).
        blind: Whether the reviewer gave the verdict before any grader's was shown.

    Raises:
        RunFileError: for an unknown ``says`` or verdict, or a disagreement without a verdict.
    """
    if says not in (AGREE, DISAGREE):
        raise RunFileError(f"a mark says agree or disagree, not {says!r}")
    if says == AGREE:
        verdict = grade.verdict
        if declined is None:
            declined = grade.declined
    if verdict not in VERDICTS:
        raise RunFileError(f"a mark's verdict must be one of {', '.join(VERDICTS)}")
    return Mark(
        qid=grade.qid,
        says=says,
        verdict=verdict,
        note=note,
        created=created or now(),
        by=by or reviewer(),
        grader_fingerprint=grader_fingerprint,
        grader_verdict=grade.verdict,
        grader_labels=grade.labels,
        declined=declined,
        source=source,
        picked=picked,
        blind=blind,
    )


def append_mark(run_path: Path, mark: Mark) -> None:
    """Append one mark (fsynced before returning)."""
    append_line(marks_path(run_path), orjson.dumps(mark.to_record()))


def append_marks(run_path: Path, marks: Iterable[Mark]) -> None:
    """Append many marks at once (one write, fsynced: all of them or, after a crash, none)."""
    append_lines(marks_path(run_path), [orjson.dumps(mark.to_record()) for mark in marks])


def append_undo(run_path: Path, qid: str, by: str | None = None) -> None:
    """Take back ``by``'s (default: the reviewer at the keyboard's) latest effective mark on
    ``qid`` by appending an undo record; another reviewer's mark stays."""
    record = {"type": "undo", "qid": qid, "created": now(), "by": by or reviewer()}
    append_line(marks_path(run_path), orjson.dumps(record))


def mark_from_record(record: Any) -> Mark:
    """One mark from its JSON record (version 1 records, which held only disagreements, are
    read as disagreements; records without ``picked`` or ``blind`` as browsed, not blind).

    Raises:
        KeyError, TypeError, ValueError: when the record is not a mark.
    """
    verdict = str(record["verdict"])
    if verdict not in VERDICTS:
        raise ValueError(f"unknown verdict {verdict!r}")
    says = str(record.get("says", DISAGREE))
    if says not in SAYS:
        raise ValueError(f"unknown says {says!r}")
    declined = record.get("declined")
    if declined is not None and not isinstance(declined, bool):
        raise TypeError("declined must be true, false or absent")
    labels = record.get("grader_labels", ())
    if not isinstance(labels, list | tuple):
        raise TypeError("grader_labels must be a list")
    blind = record.get("blind", False)
    if not isinstance(blind, bool):
        raise TypeError("blind must be true, false or absent")
    return Mark(
        qid=str(record["qid"]),
        says=says,
        verdict=verdict,
        note=str(record.get("note", "")),
        created=str(record.get("created", "")),
        by=str(record.get("by", "")),
        grader_fingerprint=str(record.get("grader_fingerprint", "")),
        grader_verdict=str(record.get("grader_verdict", "")),
        grader_labels=tuple(str(label) for label in labels),
        declined=declined,
        source=str(record.get("source", "")),
        picked=Picked.from_record(record.get("picked")),
        blind=blind,
    )


Reviews = tuple[Mark, ...]  # the latest mark of each reviewer on one answer, oldest first


def read_reviews(run_path: Path) -> tuple[dict[str, Reviews], list[str]]:
    """The latest effective mark of each reviewer per qid (after undos), oldest first, and the
    lines that were skipped: several reviewers' marks on one answer all count (DESIGN 2).

    An undo with a qid takes back its author's latest effective mark on that qid (an undo
    that names no author, the latest on the qid); a version 1 undo (without a qid) the latest
    effective mark of all.
    """
    marks: list[Mark] = []  # the effective marks, oldest first
    problems = _read_records(run_path, marks.append, lambda qid, by: _undo(marks, qid, by))
    latest: dict[str, dict[str, Mark]] = {}
    for mark in marks:
        of_answer = latest.setdefault(mark.qid, {})
        of_answer.pop(mark.by, None)  # a reviewer's newer mark replaces only their own
        of_answer[mark.by] = mark
    return {qid: tuple(by.values()) for qid, by in latest.items()}, problems


def read_marks(run_path: Path) -> tuple[dict[str, Mark], list[str]]:
    """The newest effective mark per qid, whoever made it (each reviewer's latest, as
    `read_reviews` reads them), and the lines that were skipped: for what needs one mark per
    answer (whether it is marked at all). Agreement, export and display read every reviewer's
    mark (`read_reviews`)."""
    reviews, problems = read_reviews(run_path)
    return {qid: marks[-1] for qid, marks in reviews.items()}, problems


def marks_on(value: Mark | Sequence[Mark] | None) -> Reviews:
    """The marks on one answer, from either shape a caller holds: one mark, or every
    reviewer's (`read_reviews`)."""
    if value is None:
        return ()
    if isinstance(value, Mark):
        return (value,)
    return tuple(value)


def reviewers_of(reviews: Mapping[str, Mark | Sequence[Mark]]) -> list[str]:
    """Every reviewer who marked an answer of a run, in the order they first appear."""
    return list(dict.fromkeys(mark.by for value in reviews.values() for mark in marks_on(value)))


def mark_history(run_path: Path) -> list[Mark]:
    """Every mark ever recorded on a run, oldest first, those taken back since included
    (unreadable lines are left out; `read_marks` names them)."""
    marks: list[Mark] = []
    _read_records(run_path, marks.append, lambda qid, by: None)
    return marks


def _read_records(
    run_path: Path,
    on_mark: Callable[[Mark], None],
    on_undo: Callable[[str | None, str | None], None],
) -> list[str]:
    """Read the marks sidecar of a run record by record; returns the lines skipped."""
    path = marks_path(run_path)
    if not path.exists():
        return []
    problems: list[str] = []
    for number, _offset, raw in iter_lines(path):
        try:
            record = orjson.loads(raw)
            if record.get("type") == "undo":
                by = record.get("by")
                on_undo(record.get("qid"), str(by) if by else None)
                continue
            on_mark(mark_from_record(record))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            problems.append(f"{path}: line {number} is not a mark (skipped)")
    return problems


def same_label(a: Mark, b: Mark) -> bool:
    """Whether two marks are the same label: from the same row of the same file (its name and
    line: a file imported again from another folder is the same file), saying the same; or
    the same mark in whatever file it came (exported as Langfuse scores, imported as promptfoo
    ratings): the same answer, reviewer, time, verdict and note."""

    def row(mark: Mark) -> tuple[str, str]:
        file, _, line = mark.source.rpartition(":")
        return Path(file).name, line

    if (a.qid, a.by, a.created, a.verdict, a.note) == (b.qid, b.by, b.created, b.verdict, b.note):
        return True
    return (
        bool(a.source)
        and row(a) == row(b)
        and (a.qid, a.says, a.verdict, a.declined, a.note)
        == (b.qid, b.says, b.verdict, b.declined, b.note)
    )


def add_labels(run_path: Path, marks: Sequence[Mark]) -> tuple[list[Mark], list[Mark]]:
    """Append imported labels to a run's marks, except those already there (`same_label`: a
    file imported twice, or the same marks in another form, add nothing the second time).

    The marks are read and appended under the sidecar's lock, so labels imported by several
    processes at once are all kept, and each only once.

    Returns:
        (the marks appended, the marks that were there already).
    """
    with locked(marks_path(run_path)):
        recorded = mark_history(run_path)
        by_qid: dict[str, list[Mark]] = {}
        for mark in recorded:
            by_qid.setdefault(mark.qid, []).append(mark)
        new, present = [], []
        for mark in marks:
            if any(same_label(mark, old) for old in by_qid.get(mark.qid, ())):
                present.append(mark)
            else:
                new.append(mark)
        if new:
            append_marks(run_path, new)
    return new, present


def _undo(marks: list[Mark], qid: str | None, by: str | None = None) -> None:
    """Take back ``by``'s latest mark on ``qid`` (anyone's when ``by`` is None; the latest of
    all when ``qid`` is None, as version 1 undos did). An undo by a reviewer with no mark on
    the answer takes back nothing: another reviewer's mark is theirs to take back."""
    for position in range(len(marks) - 1, -1, -1):
        mark = marks[position]
        if qid is None or (mark.qid == qid and (by is None or mark.by == by)):
            del marks[position]
            return
