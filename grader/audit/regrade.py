"""Regrading a whole run file, on every core or a cluster (DESIGN section 6: at most twice a parse).

Regrading is what a reviewer does after every grader change, over every run on disk, so its
cost is the one that counts. One process reads a line lean (`grader.records.runfile`, sources
without their text) in about the time orjson takes to parse it, and grades it in about three times
that: interpreted Python. Other cores take their share of the file.

The regrade is a map of one pure job over byte ranges of the file. The file is cut at line
boundaries into ranges, a few megabytes each, smaller towards the end (`cut`), so a process
slowed down by a neighbour on the machine takes fewer and all finish together. `do_part`, a
module-level function of (job, path, start, stop), reads and grades one range and returns its
`Part` msgpack-encoded (a few times cheaper to send than pickled grades); any
`concurrent.futures.Executor` maps it over the ranges. The parts are joined in file order under
the one rule that spans ranges: the first answer of a qid wins. The result is the same as
`read_run(path, lean=True)` then `Grader.grade_all` (a test compares them line for line): same
grades, same problems, same line numbers.

The default executor is the standard library's `ProcessPoolExecutor` (`pool`): its processes
are forked (sharing the grader as it is, nothing re-imported) when this process runs one thread,
and started by a fork server otherwise: a process that runs threads (the review app) must not
fork, as a lock another thread holds at that moment stays held in the child for ever. Any other
executor will do, a Dask cluster's (``distributed.Client(...).get_executor()``) among them: the
job travels pickled with each range, and each process unpickles it once. Where processes cannot
be started, or the file is small, or the caller asks for one worker, the regrade runs in this
process. The review app takes its parts as they complete (`parts_as_completed`) and grades none
of the run itself, so the interpreter lock stays free for its keys.

Grading is one job (`Grading`); the flip preview maps its own (`grader.audit.preview.Previewing`:
every answer read for its text, only those a change reaches read whole and graded twice).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import itertools
import os
import pickle
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

import msgspec

from grader.errors import RunFileError
from grader.records.runfile import (
    LineProblem,
    check_not_folder,
    first_of_each_qid,
    header_line,
    iter_lines,
    line_end,
    read_lines,
)
from grader.records.scorecard import Scorecard
from grader.rules.verdict import Grade, Grader

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# Below this size a second process costs more than it saves.
PARALLEL_MIN_BYTES = 8 * 1024 * 1024
# Ranges are small enough that the processes finish within a fraction of a second of each other,
# and few enough that sending them out costs nothing.
_CHUNK_BYTES = (256 * 1024, 4 * 1024 * 1024)
_MAX_CHUNKS = 1024


@dataclass(slots=True)
class Regrade:
    """A run file regraded: its header, the grade of every answer kept, the lines skipped, how
    many workers shared the work, and the scorecard of the grades."""

    path: Path
    header: dict[str, Any] | None
    grades: list[Grade]
    problems: list[LineProblem]
    workers: int
    scorecard: Scorecard


class Part(NamedTuple):
    """A range of a run file graded: the lines read; the line number and grade of each answer,
    and the line number and reason of each line skipped, lines counted from the range's first
    (a worker does not know how many come before it); and the scorecard of its grades, counted
    while they are fresh in the memory of the process that graded them."""

    lines: int
    numbers: list[int]
    grades: list[Grade]
    problems: list[tuple[int, str]]
    scorecard: Scorecard


class Job(Protocol):
    """What is done with each range of a run file: `part` reads the lines in ``[start, stop)``
    (a range starts on a line) and makes a ``PART`` of them, with the header when the range
    starts at the top of the file. A job holds only data: it is pickled to the workers."""

    PART: ClassVar[type]

    def part(
        self, path: Path, start: int, stop: int | None, expect_header: bool = False
    ) -> tuple[dict[str, Any] | None, Any]: ...


@dataclass(frozen=True, slots=True)
class Grading:
    """The regrade's job: grade every answer (`Part`)."""

    grader: Grader
    PART: ClassVar[type] = Part

    def part(
        self, path: Path, start: int, stop: int | None, expect_header: bool = False
    ) -> tuple[dict[str, Any] | None, Part]:
        numbers: list[int] = []
        lines = iter_lines(path, start, stop)  # (the reader pauses the cycle collector itself)
        header, grades, problems = read_lines(
            lines, path, True, expect_header, self.grader.grade, numbers
        )
        problem_lines = [(problem.line, problem.reason) for problem in problems]
        return header, Part(lines.count, numbers, grades, problem_lines, Scorecard.of(grades))


def default_workers() -> int:
    """One process per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def regrade(
    path: Path | str,
    grader: Grader,
    workers: int | None = None,
    executor: Executor | None = None,
) -> Regrade:
    """Read and grade every answer of a run file.

    Args:
        path: The run file.
        grader: The grader (for a run's own corpus needles, see
            `grader.records.runfile.read_header`).
        workers: How many workers share the file (the ranges are cut for them); default one per
            core. One worker, or a file smaller than `PARALLEL_MIN_BYTES`: regraded here.
        executor: What runs the ranges (a Dask cluster's, say); default a process pool of
            ``workers`` (`pool`).

    Raises:
        RunFileError: when the file cannot be read at all, its schema is unknown, or a worker
            failed.
    """
    mapped = map_parts(path, Grading(grader), workers, executor)
    parts: list[Part] = mapped.parts
    grades: list[Grade] = []
    problems: list[LineProblem] = []
    offset = mapped.first_line - 1
    for lines, _numbers, part_grades, part_problems, _card in parts:
        grades += part_grades
        problems += [LineProblem(offset + line, reason) for line, reason in part_problems]
        offset += lines
    card = Scorecard.joined(part.scorecard for part in parts)
    if len(set(map(_QID, grades))) == len(grades):  # no qid repeats (most runs): all are kept
        return Regrade(mapped.path, mapped.header, grades, problems, mapped.workers, card)
    numbers: list[int] = []
    offset = mapped.first_line - 1
    for lines, part_numbers, *_rest in parts:
        numbers += [offset + number for number in part_numbers]
        offset += lines
    kept = first_of_each_qid(grades, numbers, problems)  # the first answer of a qid wins
    return Regrade(mapped.path, mapped.header, kept, problems, mapped.workers, Scorecard.of(kept))


_QID = attrgetter("qid")


class Mapped(NamedTuple):
    """A job done on every range of a file (`map_parts`): the parts in file order, the header,
    the line number the first range starts at, and how many workers took part."""

    path: Path
    header: dict[str, Any] | None
    first_line: int
    parts: list[Any]
    workers: int


def map_parts(
    path: Path | str,
    job: Job,
    workers: int | None = None,
    executor: Executor | None = None,
) -> Mapped:
    """Do ``job`` on every range of a run file, by ``executor`` (default a process pool of
    ``workers``, one per core), or in this process when the file is small, one worker is asked,
    or processes cannot be started.

    Raises:
        RunFileError: when the file cannot be read, or a worker failed (every range still
            running is cancelled or waited for first).
    """
    path = check_not_folder(path)
    workers = default_workers() if workers is None else max(1, workers)
    ranges = _ranges(path, workers) if workers > 1 or executor is not None else None
    if ranges is not None:
        header, first_line, chunks = ranges
        try:
            with contextlib.nullcontext(executor) if executor else pool(workers) as running:
                parts = dict(parts_as_completed(path, job, chunks, running))
            return Mapped(path, header, first_line, [parts[i] for i in range(len(chunks))], workers)
        except CannotStart:
            pass  # no processes to be had here: this process does it all
    whole_header, part = job.part(path, 0, None, expect_header=True)
    return Mapped(path, whole_header, 1, [part], 1)


def parts_as_completed(
    path: Path,
    job: Job,
    chunks: Sequence[tuple[int, int]],
    executor: Executor,
    stop: threading.Event | None = None,
) -> Iterator[tuple[int, Any]]:
    """Do ``job`` on each range by ``executor``, yielding each range's number and part as it
    completes (not in order). This thread only waits and decodes.

    Args:
        chunks: Byte ranges ``[start, stop)`` of the file, each starting on a line; the header
            in none of them.
        stop: When set (by another thread), the ranges not yet done are cancelled and the
            iteration ends within a quarter of a second, without them.

    Raises:
        RunFileError: when a worker fails. The ranges not yet done are cancelled then, and
            when the caller stops iterating early.
    """
    pickled = _pickled(job)
    decoder = _decoder(job.PART)
    futures: dict[Future[bytes], int] = {}
    try:
        for index, (start, end) in enumerate(chunks):
            futures[executor.submit(do_part, pickled, str(path), start, end)] = index
    except BrokenExecutor as exc:
        if not futures:  # no process could be started
            raise CannotStart from exc
        # A worker given a range died while the rest were handed out: its failure, never a
        # reason to do the ranges here (what ended the worker would end this process).
        for future in futures:
            future.cancel()
        raise RunFileError("a regrade worker failed: it stopped without a word") from exc
    except OSError as exc:  # no (further) process could be started
        raise CannotStart from exc
    pending: set[Future[bytes]] = set(futures)
    try:
        while pending:
            if stop is not None and stop.is_set():
                return
            done, pending = wait(pending, None if stop is None else 0.25, FIRST_COMPLETED)
            for future in done:
                yield futures[future], decoder.decode(_result(future))
    finally:  # a failure, or the caller stopped: nothing is left queued
        for future in pending:
            future.cancel()


def do_part(job: bytes, path: str, start: int, stop: int) -> bytes:
    """The pure job a worker does: ``job`` (pickled, `_pickled`) on the range ``[start, stop)``
    of the file at ``path``; its part, msgpack-encoded."""
    return msgspec.msgpack.encode(_unpickled(job).part(Path(path), start, stop)[1])


def pool(workers: int, nice: int = 0, fork: bool | None = None) -> ProcessPoolExecutor:
    """A process pool of ``workers``: forked when this process runs one thread, started by a fork
    server otherwise (see the module docstring), or as ``fork`` says (the review app's never
    forks: it runs threads). ``nice`` lowers their priority, so that this process (an app
    answering keys) comes first."""
    if fork is None:
        fork = threading.active_count() == 1
    # (multiprocessing is imported here, when a pool is asked for: it aliases __main__)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import forkserver

    method = "fork" if fork and hasattr(os, "fork") else "forkserver"
    try:
        if method == "forkserver":
            # Started now with this process's own standard error: an app that captures
            # sys.stderr (Textual's says its file number is -1) cannot hand that on to them.
            with contextlib.redirect_stderr(sys.__stderr__):
                forkserver.ensure_running()  # (and its resource tracker)
        return ProcessPoolExecutor(
            workers, multiprocessing.get_context(method), initializer=os.nice, initargs=(nice,)
        )
    except (OSError, ValueError) as exc:  # (no such start method here)
        raise CannotStart from exc


def cut(
    start: int, size: int, workers: int, line_start: Callable[[int], int]
) -> list[tuple[int, int]]:
    """The byte ranges ``[start, size)`` is cut into for ``workers``: each begins where
    ``line_start`` of a byte offset says (the next line's start at or after it); towards the end
    they get smaller (an eighth of what is left, shared out), so the workers run out of work
    within a small range of each other."""
    smallest, largest = _CHUNK_BYTES
    # No range is smaller than this, so there are never more than half of _MAX_CHUNKS of them.
    floor = max(smallest, (size - start) // (_MAX_CHUNKS // 2) + 1)
    each = max(floor, min(largest, (size - start) // (workers * 32)))
    cuts = [start]
    while True:
        step = max(floor, min(each, (size - cuts[-1]) // (workers * 8)))
        if cuts[-1] + step >= size:
            break
        cuts.append(line_start(cuts[-1] + step))
    cuts.append(size)
    return [(begin, end) for begin, end in itertools.pairwise(cuts) if end > begin]


# --- inside -----------------------------------------------------------------------------------


class CannotStart(Exception):
    """No worker process can be started here."""


def _ranges(path: Path, workers: int) -> tuple[dict[str, Any], int, list[tuple[int, int]]] | None:
    """The header, the line number the ranges start at, and the ranges (`cut`); None when the
    file is too small to share out or has no header."""
    size = path.stat().st_size
    if size < PARALLEL_MIN_BYTES:
        return None
    header, header_number, body_start = header_line(path)
    with iter_lines(path).opened() as data:
        chunks = cut(body_start, size, workers, lambda at: line_end(data, at))
    return (header, header_number + 1, chunks) if len(chunks) > 1 else None


def _result(future: Future[bytes]) -> bytes:
    """A range's result, or why its worker failed (`RunFileError`)."""
    try:
        return future.result()
    except BrokenExecutor as exc:
        raise RunFileError("a regrade worker failed: it stopped without a word") from exc
    except RunFileError:
        raise
    except Exception as exc:
        raise RunFileError(f"a regrade worker failed: {type(exc).__name__}: {exc}") from exc


def _pickled(value: object) -> bytes:
    """``value`` pickled, each dataclass as its class called with its fields: a compiled
    frozen dataclass (`grader.compiled`) cannot be unpickled field by field, and a field that
    is not given to ``__init__`` (a table built on first use) is built anew."""
    buffer = io.BytesIO()
    _DataclassPickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


class _DataclassPickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj) if f.init}
            return _rebuilt, (type(obj), fields)
        return NotImplemented


def _rebuilt(cls: type, fields: dict[str, Any]) -> Any:
    return cls(**fields)


@functools.lru_cache(maxsize=4)
def _unpickled(job: bytes) -> Job:
    """A job as a worker has it: unpickled once per process (its tables built once)."""
    return pickle.loads(job)  # (pickled by the process that sent it: `_pickled`)


@functools.cache
def _decoder(job_part: type) -> msgspec.msgpack.Decoder[Any]:
    return msgspec.msgpack.Decoder(job_part)
