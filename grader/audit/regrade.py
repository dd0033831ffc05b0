"""Regrading a whole run file, on every core (DESIGN section 6: at most twice a parse).

Regrading is what a reviewer does after every grader change, over every run on disk, so its
cost is the one that counts. One process reads a line lean (`grader.records.runfile`, sources
without their text) in about the time orjson takes to parse it, and grades it in about three times
that: interpreted Python. Other cores take their share of the file.

The file is cut at line boundaries into chunks, a few megabytes each, dealt out as the
processes ask for them (so a process slowed down by a neighbour on the machine takes fewer,
and all finish together). Each process reads and grades its chunks; a worker writes each chunk's
grades back (msgspec-encoded) as soon as it has them, and the parent decodes them between its
own chunks, so little is left to do once the last chunk is graded. The parts are joined in file
order under the one rule that spans chunks: the first answer of a qid wins. The result is the
same as `read_run(path, lean=True)` then `Grader.grade_all` (a test compares them line for
line): same grades, same problems, same line numbers.

Worker processes are forked (so they share the grader as it is, and nothing is re-imported);
they take chunk numbers from a pipe that holds them all, and write their grades back through a
pipe of their own, made large enough to hold a dozen chunks' grades while the parent is busy
(when no more processes can be forked, those running take every chunk).
Where fork is unavailable, or the file is small, or the caller asks for one process, the
regrade runs in this process. Only the command line shares out: the review app,
which runs threads, grades in its own process.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any

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

try:
    import fcntl
except ImportError:  # not on a Unix: no pipe to size (and no fork either)
    fcntl = None  # type: ignore[assignment]

# Below this size a second process costs more than it saves.
PARALLEL_MIN_BYTES = 8 * 1024 * 1024


@dataclass(slots=True)
class Regrade:
    """A run file regraded: its header, the grade of every answer kept, the lines skipped, how
    many processes shared the work, and the scorecard of the grades."""

    path: Path
    header: dict[str, Any] | None
    grades: list[Grade]
    problems: list[LineProblem]
    workers: int
    scorecard: Scorecard


def default_workers() -> int:
    """One process per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def regrade(path: Path, grader: Grader, workers: int | None = None) -> Regrade:
    """Read and grade every answer of a run file.

    Args:
        path: The run file.
        grader: The grader (for a run's own corpus needles, see
            `grader.records.runfile.read_header`).
        workers: Processes to use; default one per core. The file is regraded in this process
            when it is smaller than `PARALLEL_MIN_BYTES` or processes cannot be forked.

    Raises:
        RunFileError: when the file cannot be read at all or its schema is unknown.
    """
    path = check_not_folder(path)
    workers = default_workers() if workers is None else max(1, workers)
    shared = _chunks(path, workers) if workers > 1 and _can_fork() else None
    global _GRADER
    _GRADER = grader
    try:
        if shared is None:
            header, *part = _grade_part(path, 0, None, expect_header=True)
            graded = _Graded(1)
            graded.add(0, tuple(part))  # type: ignore[arg-type]
            return _join(path, header, graded, 1, first_line=1)
        header, first_line, chunks = shared
        queue = _deal(len(chunks))
        started: list[_Worker] = []
        try:
            for _ in range(workers - 1):
                try:
                    started.append(_start_worker(path, chunks, queue))
                except OSError:  # no more processes to be had: those running take every chunk
                    break
            graded = _Graded(len(chunks))

            def keep(index: int, part: _Part) -> None:
                graded.add(index, part)
                for worker in started:  # what the workers finished meanwhile, read while
                    worker.receive(graded, wait=False)  # they go on (not all at the end)

            _grade_chunks(path, chunks, queue, keep)
        except BaseException:  # Ctrl-C included: no worker outlives the regrade
            for worker in started:
                worker.stop()
            raise
        finally:
            os.close(queue)
        failures = []
        for worker in started:  # every worker is waited for, even after one failed
            try:
                worker.receive(graded, wait=True)
            except RunFileError as exc:
                failures.append(exc)
        if failures:
            raise failures[0]
        processes = len(started) + 1
        return _join(path, header, graded, processes, first_line)
    finally:
        _GRADER = None


# --- inside -----------------------------------------------------------------------------------

_GRADER: Grader | None = None  # the grader a forked worker inherits
# What a part gives back: lines read, then the line number and grade of each answer and the
# line number and reason of each problem, lines counted from the part's first; and the scorecard of
# its grades, counted while they are fresh in this process's memory.
_Part = tuple[int, list[int], list[Grade], list[tuple[int, str]], Scorecard]
_PART = msgspec.msgpack.Decoder(tuple[int, _Part])
# Chunks are small enough that the processes finish within a fraction of a second of each other,
# and few enough that dealing them out costs nothing.
_CHUNK_BYTES = (256 * 1024, 4 * 1024 * 1024)
_MAX_CHUNKS = 1024  # their numbers fit in the smallest pipe buffer Linux gives (one page)


def _can_fork() -> bool:
    return hasattr(os, "fork")


def _chunks(path: Path, workers: int) -> tuple[dict[str, Any], int, list[tuple[int, int]]] | None:
    """The header, the line number the chunks start at, and the byte ranges of the chunks, each
    starting on a line; None when the file is too small to share out or has no header."""
    size = path.stat().st_size
    if size < PARALLEL_MIN_BYTES:
        return None
    header, header_number, body_start = header_line(path)
    smallest, largest = _CHUNK_BYTES
    # No chunk is smaller than this, so there are never more than half of _MAX_CHUNKS of them.
    floor = max(smallest, (size - body_start) // (_MAX_CHUNKS // 2) + 1)
    each = max(floor, min(largest, (size - body_start) // (workers * 32)))
    cuts = [body_start]
    lines = iter_lines(path)
    with lines.opened() as data:
        while True:
            # Towards the end the chunks get smaller (an eighth of what is left, shared out), so
            # the processes run out of work within a small chunk of each other.
            step = max(floor, min(each, (size - cuts[-1]) // (workers * 8)))
            if cuts[-1] + step >= size:
                break
            cuts.append(line_end(data, cuts[-1] + step))  # a chunk starts on a line
    cuts.append(size)
    chunks = [(start, stop) for start, stop in itertools.pairwise(cuts) if stop > start]
    return (header, header_number + 1, chunks) if len(chunks) > 1 else None


def _deal(count: int) -> int:
    """A pipe holding the chunk numbers ``0 .. count-1``, four bytes each, to be read one at a
    time by every process (reads from a pipe do not interleave); returns its reading end."""
    read_end, write_end = os.pipe()
    with open(write_end, "wb") as pipe:
        pipe.write(b"".join(i.to_bytes(4, "little") for i in range(count)))
    return read_end


def _grade_chunks(
    path: Path, chunks: list[tuple[int, int]], queue: int, keep: Callable[[int, _Part], None]
) -> None:
    """Grade chunks taken from the pipe ``queue`` until it is empty, handing each to ``keep``
    with its number as soon as it is graded."""
    while chunk := os.read(queue, 4):
        index = int.from_bytes(chunk, "little")
        keep(index, _grade_part(path, *chunks[index])[1:])


def _grade_part(
    path: Path, start: int, stop: int | None, expect_header: bool = False
) -> tuple[dict[str, Any] | None, int, list[int], list[Grade], list[tuple[int, str]], Scorecard]:
    """Read and grade the lines in ``[start, stop)``, each answer as it is read: the header
    (when expected there), the number of lines read, the line number and grade of each answer
    and the problem of each line skipped, counting lines from the part's first, and the scorecard
    of the grades."""
    assert _GRADER is not None
    numbers: list[int] = []
    lines = iter_lines(path, start, stop)
    header, grades, problems = read_lines(lines, path, True, expect_header, _GRADER.grade, numbers)
    return (
        header,
        lines.count,
        numbers,
        grades,
        [(problem.line, problem.reason) for problem in problems],
        Scorecard.of(grades),
    )


# What a worker writes back: frames of one kind byte, four length bytes and the message: a
# graded chunk (its number and part, msgpack-encoded: a few times cheaper than pickle for grades)
# or, last, why the worker failed.
_GRADED, _FAILED = b"g", b"f"
_PIPE_BYTES = 1024 * 1024  # room for a dozen graded chunks while the parent grades one of its own


def _start_worker(path: Path, chunks: list[tuple[int, int]], queue: int) -> _Worker:
    """Fork a process that grades chunks taken from ``queue`` and writes each back through a
    pipe as soon as it is graded."""
    read_end, write_end = os.pipe()
    with contextlib.suppress(OSError, AttributeError):  # (Linux only; else the default size)
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        raise
    if pid == 0:  # the worker: never returns into the caller's code
        status = 1
        try:
            os.close(read_end)
            with open(write_end, "wb") as pipe:

                def send(kind: bytes, message: bytes) -> None:
                    pipe.write(kind + len(message).to_bytes(4, "little") + message)
                    pipe.flush()

                try:
                    _grade_chunks(
                        path,
                        chunks,
                        queue,
                        lambda index, part: send(_GRADED, msgspec.msgpack.encode((index, part))),
                    )
                    status = 0
                except BaseException as exc:
                    send(_FAILED, f"{type(exc).__name__}: {exc}".encode())
        finally:
            os._exit(status)
    os.close(write_end)
    os.set_blocking(read_end, False)
    return _Worker(pid, read_end)


@dataclass(slots=True)
class _Worker:
    """A forked worker, seen from the parent: its process, the reading end of its pipe, what
    has been read of a frame not yet complete, and why it failed if it did."""

    pid: int
    read_end: int
    pending: bytearray = field(default_factory=bytearray)
    failure: str | None = None

    def receive(self, graded: _Graded, wait: bool) -> None:
        """Decode the chunks the worker has sent into ``graded``: those sent so far, or (with
        ``wait``) every one until it exits.

        Raises:
            RunFileError: after waiting, when the worker failed.
        """
        if wait:
            os.set_blocking(self.read_end, True)
        while True:
            try:
                data = os.read(self.read_end, _PIPE_BYTES)
            except BlockingIOError:  # nothing more for now
                break
            if not data:  # the worker has exited
                break
            self.pending += data
            self._decode(graded)
        if wait:
            os.close(self.read_end)
            _pid, status = os.waitpid(self.pid, 0)
            if self.failure is not None or self.pending or status != 0:
                reason = self.failure or "it stopped without a word"
                raise RunFileError(f"a regrade worker failed: {reason}")

    def _decode(self, graded: _Graded) -> None:
        pending = self.pending
        start = 0
        while len(pending) - start >= 5:
            end = start + 5 + int.from_bytes(pending[start + 1 : start + 5], "little")
            if len(pending) < end:
                break
            with memoryview(pending) as frame:
                if pending[start] == _GRADED[0]:
                    graded.add(*_PART.decode(frame[start + 5 : end]))
                else:
                    self.failure = bytes(frame[start + 5 : end]).decode(errors="replace")
            start = end
        del pending[:start]

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.read_end)


class _Graded:
    """The parts graded so far, by chunk number, and the distinct qids among their grades
    (collected as the parts come in, while other processes are still grading)."""

    def __init__(self, chunks: int) -> None:
        self.chunks = chunks
        self.parts: dict[int, _Part] = {}
        self.qids: set[str] = set()

    def add(self, index: int, part: _Part) -> None:
        self.parts[index] = part
        self.qids.update(map(_QID, part[2]))

    def in_order(self) -> list[_Part]:
        return [self.parts[index] for index in range(self.chunks)]


_QID = attrgetter("qid")


def _join(
    path: Path, header: dict[str, Any] | None, graded: _Graded, workers: int, first_line: int
) -> Regrade:
    """Put the parts back in file order (the first part's first line is ``first_line``)."""
    grades: list[Grade] = []
    problems: list[LineProblem] = []
    card = Scorecard()
    parts = graded.in_order()
    offset = first_line - 1
    for lines, _numbers, part_grades, part_problems, part_card in parts:
        grades += part_grades
        problems += [LineProblem(offset + line, reason) for line, reason in part_problems]
        card.add(part_card)
        offset += lines
    if len(graded.qids) == len(grades):  # no qid repeats (most runs): every grade is kept
        return Regrade(path, header, grades, problems, workers, card)
    numbers: list[int] = []
    offset = first_line - 1
    for lines, part_numbers, *_rest in parts:
        numbers += [offset + number for number in part_numbers]
        offset += lines
    kept = first_of_each_qid(grades, numbers, problems)  # the first answer of a qid wins
    return Regrade(path, header, kept, problems, workers, Scorecard.of(kept))
