"""Regrading a whole run file, on every core (DESIGN section 6: at most twice a parse).

Regrading is what a reviewer does after every grader change, over every run on disk, so its
cost is the one that counts. One process reads a line lean (`grader.runfile`, sources without
their text) in about the time orjson takes to parse it, and grades it in about three times
that: interpreted Python. Other cores take their share of the file.

The file is cut at line boundaries into chunks, a few megabytes each, dealt out as the
processes ask for them (so a process slowed down by a neighbour on the machine takes fewer,
and all finish together). Each process reads and grades its chunks; the chunks come back as
msgspec-encoded grades and are joined in file order under the one rule that spans chunks: the
first answer of a qid wins. The result is the same as `read_run(path, lean=True)` then
`Grader.grade_all` (a test compares them line for line): same grades, same problems, same
line numbers.

Worker processes are forked (so they share the grader as it is, and nothing is re-imported);
they take chunk numbers from a pipe that holds them all, and write their grades back through a
pipe of their own (when no more processes can be forked, those running take every chunk).
Where fork is unavailable, or the file is small, or the caller asks for one process, the
regrade runs in this process. Only the command line shares out: the review app,
which runs threads, grades in its own process.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from grader.errors import RunFileError
from grader.runfile import (
    Answer,
    LineProblem,
    check_header,
    check_not_folder,
    collector_paused,
    decode_line,
    first_of_each_qid,
    iter_lines,
    read_lines,
)
from grader.scorecard import Scorecard, Tally
from grader.verdict import Grade, Grader

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
        grader: The grader (for a run's own corpus needles, see `read_header`).
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
            return _join(path, header, [tuple(part)], 1, first_line=1)
        header, first_line, chunks = shared
        queue = _deal(len(chunks))
        started: list[tuple[int, int]] = []
        try:
            for _ in range(workers - 1):
                try:
                    started.append(_start_worker(path, chunks, queue))
                except OSError:  # no more processes to be had: those running take every chunk
                    break
            done = _grade_chunks(path, chunks, queue)
        except BaseException:  # Ctrl-C included: no worker outlives the regrade
            for pid, read_end in started:
                _stop_worker(pid, read_end)
            raise
        finally:
            os.close(queue)
        failures = []
        for pid, read_end in started:  # every worker is waited for, even after one failed
            try:
                done.update(_finish_worker(pid, read_end))
            except RunFileError as exc:
                failures.append(exc)
        if failures:
            raise failures[0]
        processes = len(started) + 1
        return _join(path, header, [done[i] for i in range(len(chunks))], processes, first_line)
    finally:
        _GRADER = None


def read_header(path: Path) -> dict[str, Any] | None:
    """The header of a run file (None when its first line is not one), reading nothing else.

    Raises:
        RunFileError: when the file cannot be read or its schema is unknown.
    """
    found = _header_line(check_not_folder(path))
    return None if found is None else found[0]


# --- inside -----------------------------------------------------------------------------------

_GRADER: Grader | None = None  # the grader a forked worker inherits
# What a part gives back: lines read, then the line number and grade of each answer and the
# line number and reason of each problem, lines counted from the part's first; and the tally of
# its grades, counted while they are fresh in this process's memory.
_Part = tuple[int, list[int], list[Grade], list[tuple[int, str]], Tally]
_PARTS = msgspec.msgpack.Decoder(list[tuple[int, _Part]])
# Chunks are small enough that the processes finish within a fraction of a second of each other,
# and few enough that dealing them out costs nothing.
_CHUNK_BYTES = (256 * 1024, 4 * 1024 * 1024)
_MAX_CHUNKS = 1024  # their numbers fit in the smallest pipe buffer Linux gives (one page)


def _can_fork() -> bool:
    return hasattr(os, "fork")


def _header_line(path: Path) -> tuple[dict[str, Any], int, int] | None:
    """The header, its line number and the offset just after it; None when the first line
    that is not blank is no header (the reader in one process reports what is wrong)."""
    for number, offset, raw in iter_lines(path):
        kind, header = decode_line(raw, number)
        if kind != "header":
            return None
        check_header(header, path, number)
        return header, number, offset + len(raw)
    return None


def _chunks(path: Path, workers: int) -> tuple[dict[str, Any], int, list[tuple[int, int]]] | None:
    """The header, the line number the chunks start at, and the byte ranges of the chunks, each
    starting on a line; None when the file is too small to share out or has no header."""
    size = path.stat().st_size
    if size < PARALLEL_MIN_BYTES:
        return None
    found = _header_line(path)
    if found is None:
        return None
    header, header_line, body_start = found
    smallest, largest = _CHUNK_BYTES
    each = max(smallest, min(largest, (size - body_start) // (workers * 32)))
    each = max(each, (size - body_start) // _MAX_CHUNKS + 1)
    cuts = [body_start]
    with open(path, "rb") as handle:
        while cuts[-1] + each < size:
            handle.seek(cuts[-1] + each)
            handle.readline()
            cuts.append(min(handle.tell(), size))
    cuts.append(size)
    chunks = [(start, stop) for start, stop in itertools.pairwise(cuts) if stop > start]
    return (header, header_line + 1, chunks) if len(chunks) > 1 else None


def _deal(count: int) -> int:
    """A pipe holding the chunk numbers ``0 .. count-1``, four bytes each, to be read one at a
    time by every process (reads from a pipe do not interleave); returns its reading end."""
    read_end, write_end = os.pipe()
    with open(write_end, "wb") as pipe:
        pipe.write(b"".join(i.to_bytes(4, "little") for i in range(count)))
    return read_end


def _grade_chunks(path: Path, chunks: list[tuple[int, int]], queue: int) -> dict[int, _Part]:
    """Grade chunks taken from the pipe ``queue`` until it is empty; by chunk number."""
    done: dict[int, _Part] = {}
    while chunk := os.read(queue, 4):
        index = int.from_bytes(chunk, "little")
        done[index] = _grade_part(path, *chunks[index])[1:]
    return done


def _grade_part(
    path: Path, start: int, stop: int | None, expect_header: bool = False
) -> tuple[dict[str, Any] | None, int, list[int], list[Grade], list[tuple[int, str]], Tally]:
    """Read and grade the lines in ``[start, stop)``, each answer as it is read: the header
    (when expected there), the number of lines read, the line number and grade of each answer
    and the problem of each line skipped, counting lines from the part's first, and the tally
    of the grades."""
    assert _GRADER is not None
    grade = _GRADER.grade
    numbers: list[int] = []

    def graded(answer: Answer) -> Grade:
        numbers.append(answer.line)
        return grade(answer)

    with collector_paused():
        lines = iter_lines(path, start, stop)
        header, grades, problems = read_lines(lines, path, True, expect_header, graded)
        return (
            header,
            lines.count,
            numbers,
            grades,
            [(problem.line, problem.reason) for problem in problems],
            Tally.of(grades),
        )


def _start_worker(path: Path, chunks: list[tuple[int, int]], queue: int) -> tuple[int, int]:
    """Fork a process that grades chunks taken from ``queue`` and writes back what
    `_grade_chunks` returns, msgpack-encoded (a few times cheaper than pickle for grades),
    through a pipe.

    Returns:
        The worker's process id and the reading end of its pipe.
    """
    read_end, write_end = os.pipe()
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
            try:
                done = _grade_chunks(path, chunks, queue)
                payload = b"ok" + msgspec.msgpack.encode(list(done.items()))
                status = 0
            except BaseException as exc:
                payload = b"no" + f"{type(exc).__name__}: {exc}".encode()
            with open(write_end, "wb") as pipe:
                pipe.write(payload)
        finally:
            os._exit(status)
    os.close(write_end)
    return pid, read_end


def _stop_worker(pid: int, read_end: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(read_end)


def _finish_worker(pid: int, read_end: int) -> list[tuple[int, _Part]]:
    with open(read_end, "rb") as pipe:
        payload = pipe.read()
    os.waitpid(pid, 0)
    if payload[:2] != b"ok":
        reason = payload[2:].decode(errors="replace") or "it stopped without a word"
        raise RunFileError(f"a regrade worker failed: {reason}")
    return _PARTS.decode(memoryview(payload)[2:])


def _join(
    path: Path,
    header: dict[str, Any] | None,
    results: list[_Part],
    workers: int,
    first_line: int,
) -> Regrade:
    """Put the parts back in file order (the first part's first line is ``first_line``)."""
    grades: list[Grade] = []
    numbers: list[int] = []
    problems: list[LineProblem] = []
    tally = Tally()
    offset = first_line - 1
    with collector_paused():
        for lines, part_numbers, part_grades, part_problems, part_tally in results:
            numbers += [offset + number for number in part_numbers]
            grades += part_grades
            problems += [LineProblem(offset + line, reason) for line, reason in part_problems]
            tally.add(part_tally)
            offset += lines
        kept = first_of_each_qid(grades, numbers, problems)
        if len(kept) < len(grades):  # a qid repeated: the parts counted answers not kept
            tally = Tally.of(kept)
    return Regrade(path, header, kept, problems, workers, tally.scorecard())
