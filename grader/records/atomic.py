"""Writing files beside a run, and the needle lists, so that nothing is lost or torn.

- **Locks.** Every writer of a sidecar or a list holds an exclusive lock on it while it writes:
  a `flock` on a lock file beside it (``runs/.<run>.marks.jsonl.lock``), never on the file
  itself, which a replacement renames away. `locked` is that lock; a writer that first reads
  the file and then decides what to write (an import that skips the labels already there, a
  needle change checked against its scan) holds it across the read too. It is re-entrant
  within a thread, so the writers below take it themselves and a caller may hold it around
  them.
- **Replacement** (`write_atomic`): a temporary file in the same folder, fsync, rename: a crash
  leaves the old file or the new one, never a torn one.
- **Appends** (`append_line`, `append_lines`) are appends: the new lines are written at the end
  of the file in one write and fsynced, never by rewriting the old content (a rewrite would
  lose what another writer appended meanwhile). A failed write is cut back off.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

_held = threading.local()  # the lock files this thread holds, with how deep


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: ``.<name>.lock`` in the same folder."""
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


@contextlib.contextmanager
def locked(*paths: Path) -> Iterator[None]:
    """Hold the exclusive write lock of each of ``paths`` (blocking until it is free).

    Several locks are taken in the order of their paths, so that two writers who need the
    same ones cannot each wait for the other. A lock this thread holds already is not taken
    again.
    """
    held: dict[str, int] = getattr(_held, "locks", None) or {}
    _held.locks = held
    keys = sorted({str(lock_path(Path(p)).absolute()) for p in paths})
    opened: list[tuple[str, int]] = []
    try:
        for key in keys:
            if key in held:
                held[key] += 1
                opened.append((key, -1))
                continue
            Path(key).parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o666)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
            except BaseException:
                os.close(fd)
                raise
            held[key] = 1
            opened.append((key, fd))
        yield
    finally:
        for key, fd in reversed(opened):
            held[key] -= 1
            if not held[key]:
                del held[key]
            if fd >= 0:
                os.close(fd)  # closing the file releases its lock


def write_atomic(path: Path, data: bytes, lock: bool = True) -> None:
    """Replace ``path`` with ``data``: temporary file in the same folder, fsync, rename, under
    the file's lock.

    Args:
        path: The file to create or replace.
        data: Its complete new content.
        lock: False for a file written for a person into a folder of theirs (an export): no
            writer of ours shares it, the rename alone keeps it whole, and no lock file is
            left beside it.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with locked(path) if lock else contextlib.nullcontext():
        mode = _mode_for(path)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            os.fchmod(fd, mode)
            with os.fdopen(fd, "wb") as tmp:
                tmp.write(data)
                tmp.flush()
                os.fsync(tmp.fileno())
            os.replace(tmp_name, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp_name)
            raise
        _fsync_dir(path.parent)


def _mode_for(path: Path) -> int:
    """The permissions a replaced file keeps; a new file gets what ``open`` would give it
    (0666 less the umask: 0644 usually), not the 0600 of a temporary file."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def append_lines(path: Path, lines: Iterable[bytes]) -> None:
    """Append many lines to ``path`` in one write, under its lock, and make them durable.

    The old content is never rewritten. A line cut off at the end of the file (an append
    interrupted before) is ended first, so the new lines start on lines of their own. When the
    write fails (a full disk) or is interrupted before every line is handed to the system, and
    when the system cannot make them durable (an error from ``fsync``), the file is cut back to
    where it ended, so it holds all of the lines or none. An interrupt that lands while they are
    being made durable (Ctrl-C during the ``fsync``) keeps them: they are whole in the file, and
    the system writes them out as it would any other.

    Args:
        path: The append-only JSONL file.
        lines: Serialized records, without trailing newlines.
    """
    path = Path(path)
    data = b"".join(line + b"\n" for line in lines)
    if not data:
        return
    with locked(path), open(path, "ab") as handle:
        end = handle.seek(0, os.SEEK_END)
        if end and _last_byte(path, end) != b"\n":
            data = b"\n" + data
        try:
            handle.write(data)
            handle.flush()
        except BaseException:
            _cut_back(handle, end)
            raise
        try:
            os.fsync(handle.fileno())
        except OSError:
            _cut_back(handle, end)
            raise


def _cut_back(handle: BinaryIO, end: int) -> None:
    """Cut a file back to ``end``, the size it had before an append (best effort: an error
    here would hide the one that made the append fail)."""
    with contextlib.suppress(OSError):
        handle.truncate(end)


def _last_byte(path: Path, size: int) -> bytes:
    with open(path, "rb") as reader:
        reader.seek(size - 1)
        return reader.read(1)


def append_line(path: Path, line: bytes) -> None:
    """Append one line to ``path`` and make it durable before returning (see `append_lines`).

    Args:
        path: The append-only JSONL file.
        line: One serialized record, without the trailing newline.
    """
    append_lines(path, [line])


def _fsync_dir(folder: Path) -> None:
    # The rename is durable only once the directory entry is; not every platform allows it.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
