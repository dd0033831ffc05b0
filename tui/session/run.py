"""The run under review and its grades: the review session's first part (`tui.session.review`).

It opens a run file by indexing its lines (nothing but the header is parsed up front), decodes
and grades one answer when it is first shown, and grades the whole run in the background for the
scorecard and the filters. A big run is graded in the background by worker processes
(`grader.audit.regrade.parts_as_completed`), whose grades the background thread only takes as they
come: the app's own thread then never waits on grading for the interpreter lock. Grading goes
through `grader` and `engine.workspace`; this module only keeps the state of one sitting.
"""

from __future__ import annotations

import bisect
import mmap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.workspace import Workspace
from grader.audit.flips import Flip, differs
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
from grader.records.judgements import read_judgements
from grader.records.runfile import LineProblem, Run, first_of_each_qid, index_run, load_entry
from grader.records.scorecard import Scorecard, scorecard
from grader.rules.reading import Reading
from grader.rules.verdict import Grade, Grader
from grader.schema import Answer, GraderVerdict, Source

# A run this big or bigger is graded in worker processes; a smaller one (a few thousand answers,
# a fraction of a second) in the background thread.
SHARE_OUT_BYTES = PARALLEL_MIN_BYTES
# How much lower the workers' priority is than the app's, so that a key comes first.
WORKER_NICE = 5


class GradedRun:
    """One run file and its grades: today's grader, each line's grade once graded, the lines
    that are not answers, the graders imported with the answers and the model judge's verdicts.

    Args:
        path: The run file.
        workspace: Where corpora, runs and needle lists live (default: the run's folder's).
    """

    def __init__(self, path: Path, workspace: Workspace | None = None) -> None:
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
        self.judgements, self.judgement_problems = read_judgements(self.path)
        self.bad: set[int] = set()  # entries found not to be answers (malformed lines)
        record = read_grades(self.path, grades=False) if self.path.exists() else None
        self.record_fingerprint = record.fingerprint if record else None

    def _today_grader(self) -> Grader:
        header = self.index.header or {}
        run = Run(self.path, header, [], [])
        return self.workspace.grader(run)

    def close(self) -> None:
        self._stop_grading.set()  # the background grading's workers stop with the session
        self._handle.close()

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

    def entry(self, i: int) -> tuple[str, Any]:
        """Line index ``i`` decoded whole (`load_entry`: its kind, and the answer or its problem),
        cached; a line found not to be an answer joins `bad`."""
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
        kind, value = self.entry(i)
        return value if kind == "answer" else None

    def grade(self, i: int) -> Grade | None:
        if self.grades[i] is None:
            answer = self.answer(i)
            if answer is not None:
                self.grades[i] = self.grader.grade(answer)
        return self.grades[i]

    def graded_reading(self, i: int, answer: Answer[Source]) -> None:
        """Grade the answer at line index ``i`` when it is not yet, keeping its reading for the
        screen (`reading`): one reading serves the grade and the screen."""
        if self.grades[i] is None:
            self.grades[i], reading = self.grader.graded(answer)
            self._last_reading = (i, reading)

    def reading(self, i: int, answer: Answer[Source]) -> Reading:
        """The grader's reading of the answer at line index ``i`` (the one its grading kept,
        when it was the last graded here)."""
        last = self._last_reading
        return last[1] if last is not None and last[0] == i else self.grader.read(answer)

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

    # --- after a needle change ---------------------------------------------------------------

    def regrade(self) -> list[Flip]:
        """Regrade with today's (changed) lists; returns the answers whose grade flipped."""
        old = list(self.grades)
        self.workspace = self.workspace.fresh()
        self.grader = self._today_grader()
        self.grades = [None] * self.total
        self._last_reading = None
        self._scorecard = None
        self.graded_all = False
        self.grade_everything()
        return [
            Flip.between(self.run_id, after.qid, before, after)
            for before, after in zip(old, self.grades, strict=True)
            if before is not None and after is not None and differs(before, after)
        ]
