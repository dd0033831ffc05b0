"""The plain CSV and JSONL reader: a file's rows with their line numbers, told apart by suffix or
content, a CSV's separator from its header line, and a list cell read as JSON or as pandas writes
a Python list (never run as code)."""

from __future__ import annotations

import ast
import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from grader.errors import RunFileError


class BadRows(RunFileError):
    """Rows that cannot be imported, each named with its line."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        shown = "; ".join(problems[:8]) + (
            f"; and {len(problems) - 8} more" if len(problems) > 8 else ""
        )
        super().__init__(f"{path}: {len(problems)} bad row(s), nothing written: {shown}")
        self.problems = problems


CSV_SUFFIXES = (".csv", ".tsv")
JSONL_SUFFIXES = (".jsonl", ".ndjson")


def is_csv(path: Path, text: str) -> bool:
    """Whether a file of rows is CSV: by its suffix (``.csv``, ``.tsv``; ``.jsonl``, ``.ndjson``
    are JSON Lines), else by its content (JSON opens with an object or a list)."""
    suffix = Path(path).suffix.lower()
    if suffix in CSV_SUFFIXES or suffix in JSONL_SUFFIXES:
        return suffix in CSV_SUFFIXES
    return not text.lstrip().startswith(("{", "["))


def read_rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rows of a CSV (with a header line) or JSONL file, with their line numbers: told
    apart by the suffix, else by the content (`is_csv`).

    Raises:
        RunFileError: for a file that cannot be read or is not valid UTF-8, and for a JSONL line
            that is not a JSON object (named with its line).
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RunFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RunFileError(f"{path}: line {line}: not valid UTF-8 (byte {exc.start})") from exc
    if is_csv(path, text):
        reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter_of(text))
        for row in reader:
            yield reader.line_num, {k.strip(): v for k, v in row.items() if k is not None}
        return
    problems = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError:
            problems.append(f"line {number}: not valid JSON")
            continue
        if not isinstance(record, dict):
            problems.append(f"line {number}: expected a JSON object")
            continue
        yield number, record
    if problems:
        raise BadRows(path, problems)


DELIMITERS = {",": "commas", ";": "semicolons", "\t": "tabs"}


def delimiter_of(text: str) -> str:
    """The separator of a CSV file, from its header line: the one of ``,``, ``;`` and tab that
    occurs most outside quotes (a spreadsheet set to a language that writes decimal commas
    saves with semicolons)."""
    header = text.split("\n", 1)[0]
    unquoted = "".join(part for i, part in enumerate(header.split('"')) if i % 2 == 0)
    counts = {sep: unquoted.count(sep) for sep in DELIMITERS}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def text_of(value: Any) -> str:
    return "" if value is None else str(value).strip()


def strings_of(value: Any) -> list[str] | None:
    """A list of strings from JSON or a CSV cell: a JSON list, a Python list as pandas writes it
    (``['a', 'b']``, read as a literal, never evaluated as code), or one string; None if a
    list is not a list of strings."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        stripped = value.strip()
        if not (stripped.startswith("[") and stripped.endswith("]")):
            return [stripped]
        value = list_literal(stripped)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    return None


def list_literal(text: str) -> Any:
    """A cell written as a list: JSON first, then a Python literal (``ast.literal_eval`` reads
    literals only: no name, call or operator is ever run). None when it is neither."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
