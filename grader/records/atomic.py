"""Atomic file replacement: a crash leaves the old file or the new one, never a torn one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: temporary file in the same folder, fsync, rename.

    Args:
        path: The file to create or replace.
        data: Its complete new content.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
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


def append_lines(path: Path, lines: list[bytes]) -> None:
    """Append many lines to ``path`` all at once: the file is replaced atomically with its old
    content and the new lines, so a crash leaves all of them or none.

    Args:
        path: The append-only JSONL file.
        lines: Serialized records, without trailing newlines.
    """
    path = Path(path)
    try:
        old = path.read_bytes()
    except FileNotFoundError:
        old = b""
    if old and not old.endswith(b"\n"):
        old += b"\n"
    write_atomic(path, old + b"".join(line + b"\n" for line in lines))


def append_line(path: Path, line: bytes) -> None:
    """Append one line to ``path`` and make it durable before returning.

    Args:
        path: The append-only JSONL file.
        line: One serialized record, without the trailing newline.
    """
    with open(path, "ab") as handle:
        handle.write(line + b"\n")
        handle.flush()
        os.fsync(handle.fileno())


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
