"""Results of other tools as runs, their graders' verdicts kept (DESIGN 2, rule 10; section 5's
``ragtriage import FILE``).

A registry of importers, one module per format, each with its field map written once and a
``recognises(path, head)`` that reads the file's opening bytes: `recognise` names the format of
a file by its content (the first that recognises it), ``--format`` overrides, and an unknown
name is answered with the names known and the nearest one. Every importer reads the whole file
before anything is written (a bad row is named with its line, result or sample, and then nothing
is written), and `base.write_runs` writes all its runs or none, under their locks.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.importers import deepeval, langfuse, langsmith, lm_eval, promptfoo, ragas
from engine.importers import inspect as inspect_logs
from engine.importers.base import Read, write_runs
from engine.imports.answers import import_answers
from engine.imports.fields import FIELDS as ANSWER_FIELDS
from engine.imports.imported import Imported
from engine.imports.rows import CSV_SUFFIXES, JSONL_SUFFIXES, delimiter_of
from grader.errors import RunFileError
from grader.rules.declines import DeclineList, load_declines

HEAD = 64 * 1024  # the bytes a format is recognised by


@dataclass(frozen=True)
class Format:
    """One importer: its name, what it reads, how it is recognised and how it reads."""

    name: str
    describe: str
    recognises: Callable[[Path, bytes], bool]
    read: Callable[..., list[Read]] | None  # None: the answers importer, which writes itself


def _answers_file(path: Path, head: bytes) -> bool:
    """CSV or JSON Lines of answers (Ragas' field names or plain ones), as ``import answers``
    reads them: by the file's suffix, a first line that is a JSON object, or a header line
    (separated by commas, semicolons or tabs) that names a question and an answer field."""
    if path.suffix.lower() in (*CSV_SUFFIXES, *JSONL_SUFFIXES):
        return True
    first = head.lstrip().split(b"\n", 1)[0].strip()
    if first.startswith(b"{"):
        return first.endswith(b"}")
    header = first.decode("utf-8-sig", errors="replace")
    names = {name.strip().strip('"') for name in header.split(delimiter_of(header))}
    return bool(names & set(ANSWER_FIELDS["question"])) and bool(
        names & set(ANSWER_FIELDS["answer"])
    )


FORMATS: dict[str, Format] = {
    promptfoo.NAME: Format(
        promptfoo.NAME, promptfoo.DESCRIBE, promptfoo.recognises, promptfoo.read
    ),
    inspect_logs.NAME: Format(
        inspect_logs.NAME, inspect_logs.DESCRIBE, inspect_logs.recognises, inspect_logs.read
    ),
    lm_eval.NAME: Format(lm_eval.NAME, lm_eval.DESCRIBE, lm_eval.recognises, lm_eval.read),
    ragas.NAME: Format(ragas.NAME, ragas.DESCRIBE, ragas.recognises, ragas.read),
    deepeval.NAME: Format(deepeval.NAME, deepeval.DESCRIBE, deepeval.recognises, deepeval.read),
    langsmith.NAME: Format(
        langsmith.NAME, langsmith.DESCRIBE, langsmith.recognises, langsmith.read
    ),
    langfuse.NAME: Format(langfuse.NAME, langfuse.DESCRIBE, langfuse.recognises, langfuse.read),
    "answers": Format(
        "answers",
        "answers as CSV or JSON Lines (Ragas field names or plain ones), as `import answers`",
        _answers_file,
        None,
    ),
}


def format_named(name: str) -> Format:
    """The importer of that name.

    Raises:
        RunFileError: for an unknown name, with the known ones and the nearest.
    """
    if name in FORMATS:
        return FORMATS[name]
    near = difflib.get_close_matches(name, list(FORMATS), n=1)
    hint = f" (did you mean {near[0]}?)" if near else ""
    raise RunFileError(f"unknown format {name!r}{hint}; known: {', '.join(FORMATS)}")


def recognise(path: Path) -> Format:
    """The format of a file, by its content.

    Raises:
        RunFileError: for a file that cannot be read, is empty, or that no importer recognises
            (one line naming the formats read).
    """
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD)
    except OSError as exc:
        raise RunFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if not head.strip():
        raise RunFileError(f"{path}: empty file; expected one of: {_expected()}")
    for fmt in FORMATS.values():
        if fmt.recognises(path, head):
            return fmt
    raise RunFileError(
        f"{path}: not a format this imports; expected one of: {_expected()} (--format names one)"
    )


def _expected() -> str:
    return "; ".join(f"{fmt.describe}" for fmt in FORMATS.values())


def import_file(
    path: Path,
    runs_dir: Path,
    fmt: str | None = None,
    name: str | None = None,
    declines: DeclineList | None = None,
) -> tuple[Format, list[Imported]]:
    """A file of another tool's results as runs: the format recognised by content unless
    ``fmt`` names it.

    Returns:
        The format taken, and each run written.

    Raises:
        RunFileError: for a file of no known format, a broken one, bad rows (each named;
            nothing written), or runs that exist already.
    """
    path = Path(path)
    chosen = format_named(fmt) if fmt else recognise(path)
    declines = declines if declines is not None else load_declines()
    if chosen.read is None:
        return chosen, [import_answers(path, runs_dir, name, declines)]
    try:
        runs = chosen.read(path, declines, name)
    except OSError as exc:
        raise RunFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return chosen, write_runs(path, chosen.name, runs, runs_dir)


__all__ = ["FORMATS", "Format", "format_named", "import_file", "recognise"]
