"""The review session: what the review app shows, without any of the showing.

It opens a run file by indexing its lines (nothing but the header is parsed up front), decodes
and grades one answer when it is first shown, grades the whole run in the background for the
scorecard and the filters, keeps the reviewer's marks, and answers filter, search and jump
requests. A big run is graded in the background by worker processes
(`grader.audit.regrade.parts_as_completed`), whose grades the background thread only takes as they
come: the app's own thread then never waits on grading for the interpreter lock. Grading, marks
and needle changes all go through `grader` and `engine.workspace`; this module only keeps the
state of one sitting. It imports no Textual, so it is tested alone.
"""

from __future__ import annotations

import bisect
import mmap
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from engine.workspace import Workspace
from grader.audit.agreement import GraderAgreement, graders_against_people, judge_disagrees
from grader.audit.compare import Comparison, compare
from grader.audit.flips import Flip, differs
from grader.audit.graders import graders_disagree
from grader.audit.measure import audit_sample
from grader.audit.queue import QueueRow, reading_queue
from grader.audit.regrade import (
    PARALLEL_MIN_BYTES,
    CannotStart,
    Grading,
    cut,
    default_workers,
    parts_as_completed,
    pool,
)
from grader.errors import RunFileError
from grader.records.grades import read_grades
from grader.records.judgements import Judgement, read_judgements
from grader.records.marks import (
    AT_RANDOM,
    Agreement,
    Mark,
    Picked,
    Reviews,
    agreement,
    append_mark,
    append_undo,
    make_mark,
    marks_path,
    picked_browsing,
    picked_in_audit,
    picked_in_queue,
    read_reviews,
    reviewer,
)
from grader.records.runfile import LineProblem, Run, first_of_each_qid, index_run, load_entry
from grader.records.scorecard import Scorecard, is_engine_error, scorecard
from grader.rules.clauses import Clause
from grader.rules.reading import Reading
from grader.rules.verdict import Grade, Grader
from grader.schema import Answer, GraderVerdict, Source

# A run this big or bigger is graded in worker processes; a smaller one (a few thousand answers,
# a fraction of a second) in the background thread.
SHARE_OUT_BYTES = PARALLEL_MIN_BYTES
# How much lower the workers' priority is than the app's, so that a key comes first.
WORKER_NICE = 5

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
    """One run under review.

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
        if order not in FILTERS:
            raise ValueError(f"unknown filter {order!r}")
        self.path = Path(path)
        self.index = index_run(self.path)
        self.workspace = workspace or Workspace(runs_dir=self.path.parent)
        self._handle = open(self.path, "rb")  # noqa: SIM115 - closed in close()
        self._lock = threading.Lock()
        self._cache: dict[int, tuple[str, Any]] = {}
        self._last_reading: tuple[int, Reading] | None = None  # line index, its reading
        self.grader = self._today_grader()
        self.grades: list[Grade | None] = [None] * len(self.index.entries)
        # line index -> the graders imported with its answer (DESIGN 2), for the answers that
        # hold any; read with the grading (`read_imported_graders`).
        self.imported: dict[int, tuple[GraderVerdict, ...]] = {}
        self.problems: list[LineProblem] = list(self.index.problems)
        self.graded_all = False
        self._scorecard: Scorecard | None = None
        self._stop_grading = threading.Event()
        self.grading_note = ""  # why the background grading was not done as planned
        # qid -> the latest mark of each reviewer (DESIGN 2: several reviewers, several marks)
        self.marks: dict[str, Reviews] = {}
        self._read_marks()
        self.judgements, self.judgement_problems = read_judgements(self.path)
        self._queue: list[QueueRow] | None = None
        self._queue_rows: dict[int, QueueRow] = {}  # line index -> its row
        self._queue_ranks: dict[int, int] = {}  # line index -> its rank (1 is first)
        self.audit_size, self.audit_seed = audit_size, audit_seed
        self._audit: list[int] | None = None  # the audit sample's line indexes, in its order
        self.filter = order
        # The answer the last search (or jump) found, and what was typed: its mark says so.
        self.found: tuple[str, str] | None = None
        self.bad: set[int] = set()  # entries found not to be answers (malformed lines)
        # An order that needs every qid starts empty: the grading fills it (`set_filter`).
        waits = order in ("audit", "second-read")
        self.visible: list[int] = [] if waits else list(range(len(self.index.entries)))
        record = read_grades(self.path, grades=False) if self.path.exists() else None
        self.record_fingerprint = record.fingerprint if record else None

    def _today_grader(self) -> Grader:
        header = self.index.header or {}
        run = Run(self.path, header, [], [])
        return self.workspace.grader(run)

    def close(self) -> None:
        self._stop_grading.set()  # the background grading's workers stop with the session
        self._handle.close()

    # --- reading -----------------------------------------------------------------------------

    @property
    def run_id(self) -> str:
        header = self.index.header or {}
        return str(header.get("run_id") or self.path.stem)

    @property
    def total(self) -> int:
        """Lines to review: every line after the header that is not blank (bad ones too)."""
        return len(self.index.entries)

    @property
    def corpus_name(self) -> str | None:
        corpus = (self.index.header or {}).get("corpus")
        return corpus if isinstance(corpus, str) else None

    @property
    def config_name(self) -> str:
        """The run's configuration, as its header names it."""
        config = (self.index.header or {}).get("config")
        return str(config.get("name", "?")) if isinstance(config, dict) else "?"

    @property
    def imported_run(self) -> bool:
        """Whether the run was imported from answers made elsewhere (its header says so)."""
        engine = (self.index.header or {}).get("engine")
        return isinstance(engine, dict) and engine.get("imported") is True

    def _load(self, i: int) -> tuple[str, Any]:
        cached = self._cache.get(i)
        if cached is None:
            with self._lock:
                cached = load_entry(self._handle, self.index.entries[i])
            self._cache[i] = cached
            if len(self._cache) > 4096:
                self._cache.pop(next(iter(self._cache)))
            if cached[0] != "answer":
                self.bad.add(i)
        return cached

    def answer(self, i: int) -> Answer[Source] | None:
        kind, value = self._load(i)
        return value if kind == "answer" else None

    def grade(self, i: int) -> Grade | None:
        if self.grades[i] is None:
            answer = self.answer(i)
            if answer is not None:
                self.grades[i] = self.grader.grade(answer)
        return self.grades[i]

    def answer_at(self, position: int) -> Answer[Source] | None:
        """The answer at a position of the current filter (None for a bad line or no answer)."""
        if not 0 <= position < len(self.visible):
            return None
        return self.answer(self.visible[position])

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
        while self.visible:
            position = max(0, min(position, len(self.visible) - 1))
            i = self.visible[position]
            kind, value = self._load(i)
            if kind != "answer":
                self.visible.pop(position)
                continue
            if self.grades[i] is None:  # one reading serves the grade and the screen
                self.grades[i], reading = self.grader.graded(value)
                self._last_reading = (i, reading)
            return position
        return None

    def look_up(self, position: int) -> Shown | None:
        """What the screen shows at a position of the current filter, as the session holds
        it: it neither grades nor changes the filter (a line not yet settled shows its
        problem, or no grade); it may decode the line, which the session caches."""
        if not 0 <= position < len(self.visible):
            return None
        i = self.visible[position]
        line = self.index.entries[i][0]
        kind, value = self._load(i)
        if kind != "answer":
            return Shown(position, line, None, value, None, None, ())
        last = self._last_reading
        reading = last[1] if last is not None and last[0] == i else self.grader.read(value)
        return Shown(
            position,
            line,
            value,
            None,
            self.grades[i],
            reading,
            self.marks.get(value.qid, ()),
            self.judgements.get(value.qid),
            self._queue_rows.get(i),
        )

    def grade_everything(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Decode and grade every line (run in a background thread); collects malformed lines.
        Lines are read lean (no source text): the answers shown are decoded again, whole, on
        demand. A run of `SHARE_OUT_BYTES` or more is graded by worker processes."""
        problems = list(self.index.problems)
        entries = self.index.entries
        if entries and entries[-1][1] - entries[0][1] >= SHARE_OUT_BYTES:
            try:
                self._grade_in_workers(problems, progress)
            except RunFileError as exc:  # the workers failed: grade here, slower
                self.grading_note = f"graded in the app, not by worker processes: {exc}"
                problems, self.bad = list(self.index.problems), set()
                self._grade_here(problems, progress)
            if self._stop_grading.is_set():
                return
        else:
            self._grade_here(problems, progress)
        self.imported = self.read_imported_graders()
        graded = [(i, grade) for i, grade in enumerate(self.grades) if grade is not None]
        lines = [self.index.entries[i][0] for i, _grade in graded]
        first_of_each_qid([grade for _i, grade in graded], lines, problems)  # reported, all shown
        self.problems = sorted(problems, key=lambda p: p.line)
        self.graded_all = True
        if progress:
            progress(self.total, self.total)

    def _grade_here(
        self, problems: list[LineProblem], progress: Callable[[int, int], None] | None
    ) -> None:
        with open(self.path, "rb") as handle:
            for i, entry in enumerate(self.index.entries):
                kind, value = load_entry(handle, entry, lean=True)
                if kind == "answer":
                    if self.grades[i] is None:
                        self.grades[i] = self.grader.grade(value)
                else:
                    problems.append(value)
                    self.bad.add(i)
                if progress and i % 2000 == 0:
                    progress(i, self.total)

    def _grade_in_workers(
        self, problems: list[LineProblem], progress: Callable[[int, int], None] | None
    ) -> None:
        """Grade every line in worker processes (the regrade's ranges, each starting on an
        entry), taking each range's grades as it completes."""
        entries = self.index.entries
        lines = [line for line, _offset, _length in entries]
        offsets = [offset for _line, offset, _length in entries]
        size = self.path.stat().st_size
        workers = default_workers()

        def entry_start(at: int) -> int:
            i = bisect.bisect_left(offsets, at)
            return offsets[i] if i < len(offsets) else size

        chunks = cut(offsets[0], size, workers, entry_start)
        done = 0
        try:
            with pool(workers, WORKER_NICE, fork=False) as workers_pool:
                graded = parts_as_completed(
                    self.path, Grading(self.grader), chunks, workers_pool, self._stop_grading
                )
                for index, part in graded:
                    first = bisect.bisect_left(offsets, chunks[index][0])
                    before = lines[first] - 1  # a part counts lines from its first, an entry
                    i = first
                    for number, grade in zip(part.numbers, part.grades, strict=True):
                        while lines[i] != before + number:
                            i += 1
                        if self.grades[i] is None:
                            self.grades[i] = grade
                    for number, reason in part.problems:
                        problems.append(LineProblem(before + number, reason))
                        self.bad.add(bisect.bisect_left(lines, before + number))
                    done += part.lines
                    if progress:
                        progress(min(done, self.total), self.total)
        except CannotStart as exc:
            raise RunFileError(f"cannot start a regrade worker: {exc.__cause__}") from exc

    def read_imported_graders(self) -> dict[int, tuple[GraderVerdict, ...]]:
        """Line index -> the graders imported with its answer, for the answers that hold any.
        The lines that name the field are found by one search of the file (a run with none,
        the engine's own, costs that search alone) and only those are decoded."""
        entries = self.index.entries
        if not entries:
            return {}
        offsets = [offset for _line, offset, _length in entries]
        found: dict[int, tuple[GraderVerdict, ...]] = {}
        with (
            open(self.path, "rb") as handle,
            mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data,
        ):
            at = data.find(b'"graders"', offsets[0])
            while at != -1:
                i = bisect.bisect_right(offsets, at) - 1
                _line, offset, length = entries[i]
                if at < offset + length and i not in self.bad:
                    kind, answer = load_entry(handle, entries[i], lean=True)
                    if kind == "answer" and answer.graders:
                        found[i] = answer.graders
                at = data.find(b'"graders"', max(at + 1, offset + length))
        return found

    def scorecard(self) -> Scorecard:
        """The run's scorecard (computed once per grading pass: it reads every grade)."""
        if self._scorecard is None or not self.graded_all:
            card = scorecard([g for g in self.grades if g is not None], self.index.header or {})
            if not self.graded_all:
                return card
            self._scorecard = card
        return self._scorecard

    # --- filters, search, jump ---------------------------------------------------------------

    def matches(self, i: int, name: str) -> bool:
        if i in self.bad:
            return False
        grade = self.grades[i]
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
            return grade.qid in self.marks
        if name == "suspicious":
            return bool(grade.suspicious)
        if name == "errors":
            return is_engine_error(grade)
        if name == "judge-disagrees":
            return judge_disagrees(grade, self.judgements.get(grade.qid))
        if name == "graders-disagree":
            return graders_disagree(grade, self.imported.get(i, ()))
        if name == "read-next":
            return True
        if name == "audit":
            return i in self.audit_positions()
        if name == "second-read":
            return self.second_read(grade.qid)
        raise ValueError(f"unknown filter {name!r}")

    def set_filter(self, name: str) -> int:
        """Apply a filter; returns how many answers it shows."""
        if name not in FILTERS:
            raise ValueError(f"unknown filter {name!r}")
        self.filter = name
        if name == "read-next":
            self.reading_queue()
            self.visible = [i for i in self._queue_rows if i not in self.bad]
        elif name == "audit":
            self.visible = self.audit_order()
        else:
            self.visible = [i for i in range(self.total) if self.matches(i, name)]
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
            if not self.graded_all:
                self.grade_everything()
            where: dict[str, int] = {}  # each qid's first answer, in file order
            for i, grade in enumerate(self.grades):
                if grade is not None and i not in self.bad:
                    where.setdefault(grade.qid, i)
            sample = audit_sample(list(where), self.audit_size, self.audit_seed)
            self._audit = [where[qid] for qid in sample]
            self._audit_set = frozenset(self._audit)
        return self._audit

    def audit_positions(self) -> frozenset[int]:
        """The audit sample's line indexes, as a set."""
        self.audit_order()
        return self._audit_set

    @property
    def me(self) -> str:
        """The reviewer at the keyboard (the ``by`` of the marks this app writes)."""
        return reviewer()

    def mine(self, qid: str) -> Mark | None:
        """Your own latest mark on an answer (None: you have not marked it)."""
        me = self.me
        return next((mark for mark in self.marks.get(qid, ()) if mark.by == me), None)

    def second_read(self, qid: str) -> bool:
        """Whether an answer is one for a second read: another reviewer marked it, you have
        not."""
        marks = self.marks.get(qid, ())
        me = self.me
        return any(mark.by != me for mark in marks) and not any(mark.by == me for mark in marks)

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
            grade = self.grades[i]
            others = self.others_marks(grade.qid) if grade is not None else []
            if others:
                at_random = [m for m in others if m.picked.how in AT_RANDOM]
                return (at_random or others)[0].picked
        grade = self.grades[i]
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
            if not self.graded_all:
                self.grade_everything()
            items, where = [], []  # the answers in file order, and the line index of each
            with open(self.path, "rb") as handle:
                for i, grade in enumerate(self.grades):
                    if grade is None:
                        continue
                    kind, answer = load_entry(handle, self.index.entries[i], lean=True)
                    if kind == "answer":
                        items.append((answer, grade, self.judgements.get(grade.qid)))
                        where.append(i)
            rows = reading_queue(items, self.grader)
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
                answer = self.answer(i)
                if answer is not None and answer.qid == qid:
                    return position
        return None

    def find_qid(self, text: str) -> str | None:
        """The qid ``text`` names: itself, the one qid it begins, or the closest by fuzzy
        match (None when nothing is close)."""
        text = text.strip()
        qids = [a.qid for a in (self.answer(i) for i in range(self.total)) if a is not None]
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
        for i in range(self.total):
            answer = self.answer(i)
            if answer is not None:
                qids[i] = answer.qid
                choices[i] = f"{answer.qid} {answer.question} {answer.answer[:400]}"
        found = process.extract(query, choices, scorer=fuzz.WRatio, limit=limit)
        return [(i, score, qids[i]) for _text, score, i in found]

    # --- marks -------------------------------------------------------------------------------

    def _marks_stamp(self) -> tuple[int, int] | None:
        """The marks file's modification time and size (None: no file yet)."""
        try:
            stat = marks_path(self.path).stat()
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def _read_marks(self) -> None:
        self._marks_seen = self._marks_stamp()
        self.marks, self.mark_problems = read_reviews(self.path)

    def reload_marks(self) -> bool:
        """Read the marks again when their file changed since last read (another process,
        `ragtriage import labels` or a second app, wrote to it); returns whether it had. A
        stat of one file: cheap enough for a timer."""
        if self._marks_stamp() == self._marks_seen:
            return False
        self._read_marks()
        return True

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
        how its answer was picked (`picked`) and whether it was given ``blind``, before any
        grader's verdict was shown."""
        grade = self.grade(i)
        if grade is None:
            raise ValueError("only an answer can be marked")
        mark = make_mark(
            grade,
            says,
            self.grader.fingerprint,
            verdict=verdict,
            note=note,
            declined=declined,
            picked=self.picked(i),
            blind=blind,
        )
        append_mark(self.path, mark)
        self._read_marks()
        return mark

    def undo(self, i: int) -> str | None:
        """Take back your own latest mark on the answer at line index ``i`` (another
        reviewer's stays: DESIGN 2); returns its qid, or None when you have no mark on it."""
        answer = self.answer(i)
        me = reviewer()
        if answer is None or not any(m.by == me for m in self.marks.get(answer.qid, ())):
            return None
        append_undo(self.path, answer.qid, by=me)
        self._read_marks()
        return answer.qid

    def others_marks(self, qid: str) -> list[Mark]:
        """The marks of reviewers other than you on one answer (yours is `undo`'s to take
        back; theirs is not)."""
        me = reviewer()
        return [mark for mark in self.marks.get(qid, ()) if mark.by != me]

    def agreement(self) -> Agreement:
        """Today's grades against the marks on this run: the reviewed answers only."""
        graded = [(self.run_id, g) for g in self.grades if g is not None]
        return agreement(graded, {self.run_id: self.marks})

    def graders(self) -> list[GraderAgreement]:
        """The rules, the model judge and rules-then-judge against the marks on this run."""
        graded = [(self.run_id, g) for g in self.grades if g is not None]
        return graders_against_people(
            graded, {self.run_id: self.judgements}, {self.run_id: self.marks}
        )

    # --- after a needle change ---------------------------------------------------------------

    def regrade(self) -> list[Flip]:
        """Regrade with today's (changed) lists; returns the answers whose grade flipped."""
        old = list(self.grades)
        self.workspace = self.workspace.fresh()
        self.grader = self._today_grader()
        self.grades = [None] * self.total
        self._last_reading = None
        self._scorecard = None
        self._queue, self._queue_rows, self._queue_ranks = None, {}, {}
        self.graded_all = False
        self.grade_everything()
        flips = [
            Flip.between(self.run_id, after.qid, before, after)
            for before, after in zip(old, self.grades, strict=True)
            if before is not None and after is not None and differs(before, after)
        ]
        self.set_filter(self.filter)
        return flips


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
            session.grade_everything(
                (lambda done, total, name=name: progress(name, done, total)) if progress else None
            )
        wheres = []
        for session in (self.a, self.b):
            where: dict[str, int] = {}
            for i, grade in enumerate(session.grades):
                if grade is not None:
                    where.setdefault(grade.qid, i)
            wheres.append(where)
        self._where = (wheres[0], wheres[1])
        graders = (self.a.grader.fingerprint, self.b.grader.fingerprint)
        recorded = (self.a.record_fingerprint, self.b.record_fingerprint)
        self.comparison = compare(
            self.a.index.header or {},
            [self.a.grades[i] for i in wheres[0].values()],  # type: ignore[misc]
            self.b.index.header or {},
            [self.b.grades[i] for i in wheres[1].values()],  # type: ignore[misc]
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
        answer = session.answer(i)
        if answer is None:
            return None
        return Shown(
            0,
            session.index.entries[i][0],
            answer,
            None,
            session.grade(i),
            session.grader.read(answer),
            session.marks.get(qid, ()),
        )

    def close(self) -> None:
        self.a.close()
        self.b.close()
