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

Worker processes are forked (so they share the grader as it is, and nothing is re-imported)
when this process runs one thread; they take chunk numbers from a pipe that holds them all, and
write their grades back through a pipe of their own, made large enough to hold a dozen chunks'
grades while the parent is busy (when no more processes can be forked, those running take every
chunk). A process that runs threads (the review app) must not fork: a lock another thread holds
at that moment stays held in the child for ever. There the workers are started fresh
(`subprocess`, which executes a new Python at once), each given the grader pickled; the review
app also takes its grades as they come (`graded_chunks`) and grades none of the run itself, so
the interpreter lock stays free for its keys.
Where processes cannot be started, or the file is small, or the caller asks for one process,
the regrade runs in this process.

Grading is one job the processes can do with their parts (`Grading`); `share_out` does any
`Job`, and the flip preview shares out its own (`grader.audit.scan.Previewing`: every answer read
for its text, only those a change reaches read whole and graded twice).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import itertools
import os
import pickle
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Protocol

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


class Part(NamedTuple):
    """A part of a run file graded: the lines read; the line number and grade of each answer,
    and the line number and reason of each line skipped, lines counted from the part's first
    (a worker does not know how many come before it); and the scorecard of its grades, counted
    while they are fresh in the memory of the process that graded them."""

    lines: int
    numbers: list[int]
    grades: list[Grade]
    problems: list[tuple[int, str]]
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
    graded = _Graded()
    job = Grading(grader)
    shared = share_out(path, job, workers, graded)
    if shared is None:
        header, part = in_this_process(path, job)
        graded.add(0, part)
        return _join(path, header, graded.in_order(1), 1, 1, graded.qids)
    parts = graded.in_order(shared.chunks)
    return _join(path, shared.header, parts, shared.processes, shared.first_line, graded.qids)


class Job(Protocol):
    """What the processes of `share_out` do with each part of a run file: `part` reads the lines
    in ``[start, stop)`` (a part starts on a line) and makes a ``PART`` of them (sent back
    msgpack-encoded), with the header when the part starts at the top of the file. A job is
    inherited by a forked worker and pickled for a fresh one, so it holds only data."""

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
        return _grade_part(path, start, stop, expect_header)


class Shared(NamedTuple):
    """A file shared out (`share_out`): its header, how many chunks, where the first begins
    (its line number), and how many processes took part."""

    header: dict[str, Any] | None
    chunks: int
    first_line: int
    processes: int


def in_this_process(path: Path, job: Job) -> tuple[dict[str, Any] | None, Any]:
    """The job done on the whole file in this process (a file too small to share out)."""
    global _JOB
    _JOB = job
    try:
        return job.part(path, 0, None, expect_header=True)
    finally:
        _JOB = None


def share_out(path: Path, job: Job, workers: int | None, collected: Collects) -> Shared | None:
    """Do ``job`` on every chunk of a run file in ``workers`` processes, this one among them,
    each part handed to ``collected`` with its chunk number as it comes in (not in order); None,
    with nothing done, when the file is too small to share out, or there is one worker, or
    processes cannot be started here (the caller then uses `in_this_process`).

    Raises:
        RunFileError: when the file cannot be read, or a worker failed (every worker is waited
            for, or stopped on an interruption, first).
    """
    workers = default_workers() if workers is None else max(1, workers)
    shared = _chunks(path, workers) if workers > 1 and _can_start_workers() else None
    if shared is None:
        return None
    # Fork only a process that runs no other thread (see the module docstring).
    fork = threading.active_count() == 1 and hasattr(os, "fork")
    global _JOB
    _JOB = job
    try:
        header, first_line, chunks = shared
        queue = _deal(len(chunks))
        started: list[_Worker] = []
        try:
            for _ in range(workers - 1):
                try:
                    if fork:
                        started.append(_start_worker(path, chunks, queue))
                    else:
                        started.append(_spawn_worker(path, chunks, queue, job))
                except OSError:  # no more processes to be had: those running take every chunk
                    break

            def keep(index: int, part: Any) -> None:
                collected.add(index, part)
                for worker in started:  # what the workers finished meanwhile, read while
                    worker.receive(collected, wait=False)  # they go on (not all at the end)

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
                worker.receive(collected, wait=True)
            except RunFileError as exc:
                failures.append(exc)
        if failures:
            raise failures[0]
        return Shared(header, len(chunks), first_line, len(started) + 1)
    finally:
        _JOB = None


def graded_chunks(
    path: Path,
    grader: Grader,
    chunks: list[tuple[int, int]],
    workers: int,
    nice: int = 0,
    stop: threading.Event | None = None,
) -> Iterator[tuple[int, Part]]:
    """Grade parts of a run file in ``workers`` fresh processes and none of it in this one,
    yielding each part's number and `Part` as soon as a worker sends it back (in the order they
    finish). Between parts this thread waits in `select`, holding no lock; the processes are
    started fresh (`_spawn_worker`), never forked, so the caller may run threads.

    Args:
        chunks: Byte ranges ``[start, stop)`` of the file, each starting on a line; the header
            in none of them.
        nice: How much lower the workers' priority is than this process's.
        stop: When set (by another thread), the workers are stopped and the iteration ends
            within a quarter of a second, without the parts not yet graded.

    Raises:
        RunFileError: when a worker fails, or none can be started. Every worker is stopped
            then, and when the caller stops iterating early.
    """
    path = check_not_folder(path)
    queue = _deal(len(chunks))
    started: list[_Worker] = []
    try:
        for _ in range(max(1, min(workers, len(chunks)))):
            try:
                started.append(_spawn_worker(path, chunks, queue, Grading(grader), nice))
            except OSError as exc:
                if not started:
                    raise RunFileError(f"cannot start a regrade worker: {exc}") from exc
                break  # those running take every chunk
    finally:
        os.close(queue)
    arrived = _Arrived()
    running = list(started)
    try:
        while running:
            if stop is not None and stop.is_set():
                raise _Stopped
            waiting = [worker.read_end for worker in running]
            ready, _, _ = select.select(waiting, [], [], None if stop is None else 0.25)
            for worker in [worker for worker in running if worker.read_end in ready]:
                if worker.read_some(arrived) == 0:  # it has exited: everything it sent is read
                    running.remove(worker)
                    worker.finish()
            yield from arrived.take()
        if arrived.count != len(chunks):
            raise RunFileError("the regrade workers stopped before every part was graded")
    except BaseException as exc:  # a failure, or the caller stopped: no worker outlives it
        for worker in running:
            worker.stop()
        if not isinstance(exc, _Stopped):
            raise


class _Stopped(Exception):
    """`graded_chunks` was asked to stop."""


# --- inside -----------------------------------------------------------------------------------

_JOB: Job | None = None  # the job a forked worker inherits
# Chunks are small enough that the processes finish within a fraction of a second of each other,
# and few enough that dealing them out costs nothing.
_CHUNK_BYTES = (256 * 1024, 4 * 1024 * 1024)
_MAX_CHUNKS = 1024  # their numbers fit in the smallest pipe buffer Linux gives (one page)


def _can_start_workers() -> bool:
    return fcntl is not None  # a Unix: pipes whose ends a worker is handed


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
    path: Path, chunks: list[tuple[int, int]], queue: int, keep: Callable[[int, Any], None]
) -> None:
    """Do `_JOB` on chunks taken from the pipe ``queue`` until it is empty, handing each part
    to ``keep`` with its number as soon as it is done."""
    assert _JOB is not None
    while chunk := os.read(queue, 4):
        index = int.from_bytes(chunk, "little")
        keep(index, _JOB.part(path, *chunks[index])[1])


def _grade_part(
    path: Path, start: int, stop: int | None, expect_header: bool = False
) -> tuple[dict[str, Any] | None, Part]:
    """Read and grade the lines in ``[start, stop)``, each answer as it is read: the header
    (when expected there) and the part."""
    assert isinstance(_JOB, Grading)
    numbers: list[int] = []
    lines = iter_lines(path, start, stop)  # (the reader pauses the cycle collector itself)
    header, grades, problems = read_lines(
        lines, path, True, expect_header, _JOB.grader.grade, numbers
    )
    problem_lines = [(problem.line, problem.reason) for problem in problems]
    return header, Part(lines.count, numbers, grades, problem_lines, Scorecard.of(grades))


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
            status = _work(path, chunks, queue, write_end)
        finally:
            os._exit(status)
    os.close(write_end)
    os.set_blocking(read_end, False)
    assert _JOB is not None
    return _Worker(pid, read_end, _decoder(_JOB))


def _work(path: Path, chunks: list[tuple[int, int]], queue: int, write_end: int) -> int:
    """A worker's work: do `_JOB` on chunks taken from ``queue``, writing each part back
    through ``write_end`` as soon as it is done; its exit status."""
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
            return 0
        except BaseException as exc:
            with contextlib.suppress(OSError):  # (the parent may be gone)
                send(_FAILED, f"{type(exc).__name__}: {exc}".encode())
            return 1


# A fresh worker runs this; its job comes pickled on its standard input (`_spawn_worker`).
_SERVE = "from grader.audit.regrade import _serve; _serve()"


def _spawn_worker(
    path: Path, chunks: list[tuple[int, int]], queue: int, job: Job, nice: int = 0
) -> _Worker:
    """Start a new Python process (not a fork of this one) that does ``job`` on chunks taken
    from ``queue``, and writes each part back through a pipe as soon as it is done.

    ``nice`` lowers its priority, so that this process (an app answering keys) comes first.
    """
    read_end, write_end = os.pipe()
    with contextlib.suppress(OSError, AttributeError):
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    package_root = str(Path(__file__).resolve().parents[2])  # where this grader is imported from
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")]),
    }
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", _SERVE],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            pass_fds=(queue, write_end),
            env=env,
        )
    except OSError:
        os.close(read_end)
        os.close(write_end)
        raise
    os.close(write_end)
    given = (str(path), chunks, queue, write_end, nice, job)
    assert process.stdin is not None
    with contextlib.suppress(BrokenPipeError), process.stdin:  # (a worker that died is reported)
        process.stdin.write(_pickled(given))
    os.set_blocking(read_end, False)
    return _Worker(process.pid, read_end, _decoder(job), process=process)


def _serve() -> None:
    """A fresh worker (`_spawn_worker`): reads its job, does it, and exits with its status."""
    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops its workers itself
    path, chunks, queue, write_end, nice, job = pickle.loads(sys.stdin.buffer.read())
    if nice:
        os.nice(nice)
    _JOB = job
    status = _work(Path(path), chunks, queue, write_end)
    sys.stdout.flush()
    os._exit(status)


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


_DECODERS: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def _decoder(job: Job) -> msgspec.msgpack.Decoder[Any]:
    """The decoder of a job's parts as a worker sends them: (chunk number, part)."""
    found = _DECODERS.get(job.PART)
    if found is None:
        found = _DECODERS[job.PART] = msgspec.msgpack.Decoder(tuple[int, job.PART])
    return found


@dataclass(slots=True)
class _Worker:
    """A worker, seen from the parent: its process (``process`` when started fresh rather than
    forked), the reading end of its pipe, what has been read of a frame not yet complete, and
    why it failed if it did."""

    pid: int
    read_end: int
    decoder: msgspec.msgpack.Decoder[Any]
    process: subprocess.Popen[bytes] | None = None
    pending: bytearray = field(default_factory=bytearray)
    failure: str | None = None

    def receive(self, graded: Collects, wait: bool) -> None:
        """Decode the chunks the worker has sent into ``graded``: those sent so far, or (with
        ``wait``) every one until it exits.

        Raises:
            RunFileError: after waiting, when the worker failed.
        """
        if wait:
            os.set_blocking(self.read_end, True)
        while self.read_some(graded):
            pass
        if wait:
            self.finish()

    def read_some(self, graded: Collects) -> int | None:
        """Read and decode what the worker has sent (without waiting, unless the pipe blocks):
        the bytes read, 0 once the worker has exited, None when nothing more is there for now."""
        try:
            data = os.read(self.read_end, _PIPE_BYTES)
        except BlockingIOError:
            return None
        if data:
            self.pending += data
            self._decode(graded)
        return len(data)

    def finish(self) -> None:
        """Wait for the worker to exit, once everything it sent is read.

        Raises:
            RunFileError: when it failed.
        """
        os.close(self.read_end)
        if self.process is not None:
            status = self.process.wait()
            said = self.process.stderr.read() if self.process.stderr else b""
            if self.process.stderr:
                self.process.stderr.close()
        else:
            _pid, status = os.waitpid(self.pid, 0)
            said = b""
        if self.failure is not None or self.pending or status != 0:
            last = said.decode(errors="replace").strip().splitlines()[-1:]
            reason = self.failure or (last[0] if last else "it stopped without a word")
            raise RunFileError(f"a regrade worker failed: {reason}")

    def _decode(self, graded: Collects) -> None:
        pending = self.pending
        start = 0
        while len(pending) - start >= 5:
            end = start + 5 + int.from_bytes(pending[start + 1 : start + 5], "little")
            if len(pending) < end:
                break
            with memoryview(pending) as frame:
                if pending[start] == _GRADED[0]:
                    graded.add(*self.decoder.decode(frame[start + 5 : end]))
                else:
                    self.failure = bytes(frame[start + 5 : end]).decode(errors="replace")
            start = end
        del pending[:start]

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait()
            if self.process.stderr:
                self.process.stderr.close()
        else:
            os.waitpid(self.pid, 0)
        os.close(self.read_end)


class Collects:
    """What the parts are handed to as they come in, with their chunk numbers."""

    def add(self, index: int, part: Any) -> None:
        raise NotImplementedError


class InOrder(Collects):
    """The parts by chunk number, to be put back in file order (`share_out`'s callers)."""

    def __init__(self) -> None:
        self.parts: dict[int, Any] = {}

    def add(self, index: int, part: Any) -> None:
        self.parts[index] = part

    def in_order(self, chunks: int) -> list[Any]:
        return [self.parts[index] for index in range(chunks)]


class _Graded(InOrder):
    """The parts graded so far, by chunk number, and the distinct qids among their grades
    (collected as the parts come in, while other processes are still grading)."""

    def __init__(self) -> None:
        super().__init__()
        self.qids: set[str] = set()

    def add(self, index: int, part: Part) -> None:
        super().add(index, part)
        self.qids.update(map(_QID, part[2]))


class _Arrived(Collects):
    """The parts decoded since they were last taken (`graded_chunks`)."""

    def __init__(self) -> None:
        self.parts: list[tuple[int, Part]] = []
        self.count = 0

    def add(self, index: int, part: Part) -> None:
        self.parts.append((index, part))
        self.count += 1

    def take(self) -> list[tuple[int, Part]]:
        taken, self.parts = self.parts, []
        return taken


_QID = attrgetter("qid")


def _join(
    path: Path,
    header: dict[str, Any] | None,
    parts: list[Part],
    workers: int,
    first_line: int,
    qids: set[str],
) -> Regrade:
    """Put the parts back in file order (the first part's first line is ``first_line``; the
    distinct qids among their grades, ``qids``)."""
    grades: list[Grade] = []
    problems: list[LineProblem] = []
    offset = first_line - 1
    for lines, _numbers, part_grades, part_problems, _card in parts:
        grades += part_grades
        problems += [LineProblem(offset + line, reason) for line, reason in part_problems]
        offset += lines
    card = Scorecard.joined(part.scorecard for part in parts)
    if len(qids) == len(grades):  # no qid repeats (most runs): every grade is kept
        return Regrade(path, header, grades, problems, workers, card)
    numbers: list[int] = []
    offset = first_line - 1
    for lines, part_numbers, *_rest in parts:
        numbers += [offset + number for number in part_numbers]
        offset += lines
    kept = first_of_each_qid(grades, numbers, problems)  # the first answer of a qid wins
    return Regrade(path, header, kept, problems, workers, Scorecard.of(kept))
