"""Reading another tool's file: a whole JSON document, JSON Lines, a table of rows (CSV or JSON
Lines), and the cells and text in them, as every importer reads them.

A bad row is named with where it is (`Problems`: its line, result or sample) and the importer
goes on reading; a file that is not of the format at all is refused in one line
(`refuse_unless_first_fits`, `load_json`). What an importer makes of the rows (answers, other
graders' verdicts, marks) and the writing of the runs is `engine.importers.base`'s.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import orjson

from engine.imports.rows import BadRows, delimiter_of, is_csv
from grader.errors import RunFileError


class Problems:
    """The bad rows of a file, each named with where it is (a line, a result, a sample)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.found: list[str] = []

    def add(self, where: str, reason: str) -> None:
        self.found.append(f"{where}: {reason}")

    def raise_any(self) -> None:
        if self.found:
            raise BadRows(self.path, self.found)


def load_json(path: Path, data: bytes, what: str, into: Any = None) -> Any:
    """A whole JSON document, or a one-line refusal saying where it stops being ``what``.

    ``into`` is a msgspec type to decode into (its unknown fields skipped unread, which is
    faster than building them); without it, plain objects. A bare ``NaN`` value (Python's
    json and Inspect write them; orjson and msgspec refuse them) is read as the string
    ``"NaN"`` (`NAN`), which an importer reads as NaN: the quote put before it cannot turn a
    ``NaN`` inside a string into valid JSON, so such a document falls back to the standard
    library's reader, which reads NaN as a float.

    Raises:
        RunFileError: for a document that is not JSON (a truncated file among them), or not
            of the type ``into``.
    """
    for attempt in (data, _nan_as_text(data)):
        if attempt is None:
            continue
        try:
            return msgspec.json.decode(attempt, type=into) if into else orjson.loads(attempt)
        except msgspec.ValidationError as exc:
            raise RunFileError(f"{path}: {exc}; expected {what}") from None
        except (orjson.JSONDecodeError, msgspec.DecodeError):
            continue
    try:
        document = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where = (
            f"line {exc.lineno} column {exc.colno}"
            if isinstance(exc, json.JSONDecodeError)
            else "its bytes"
        )
        ended = (
            " (the file ends there: truncated?)" if getattr(exc, "pos", -1) >= len(data) - 1 else ""
        )
        raise RunFileError(f"{path}: not valid JSON at {where}{ended}; expected {what}") from None
    if into is None:
        return document
    try:
        return msgspec.convert(document, into)
    except msgspec.ValidationError as exc:
        raise RunFileError(f"{path}: {exc}; expected {what}") from None


def json_lines(path: Path, problems: Problems) -> Iterable[tuple[int, dict[str, Any]]]:
    """The objects of a JSON Lines file with their line numbers; a line that is not a JSON
    object is added to ``problems`` with its number (a last line cut short says so). A bare
    ``NaN`` (Python's json writes them) is read as a float NaN, for the importer to refuse or
    read as no verdict.

    Raises:
        RunFileError: for a file that is not UTF-8.
    """
    data = Path(path).read_bytes()
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError:
            try:
                record = json.loads(raw)
            except UnicodeDecodeError:
                raise RunFileError(f"{path}: line {number}: not valid UTF-8") from None
            except json.JSONDecodeError:
                cut = number == len(lines) and not data.endswith(b"\n")
                problems.add(
                    f"line {number}",
                    "not valid JSON" + (" (the file ends there: truncated?)" if cut else ""),
                )
                continue
        if not isinstance(record, dict):
            problems.add(f"line {number}", "expected a JSON object")
            continue
        yield number, record


def table_rows(path: Path, problems: Problems) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rows of a CSV or JSON Lines file with their line numbers, told apart as ``import
    answers`` tells them (`engine.imports.rows.is_csv`: the suffix, else the content); CSV separated
    by commas, semicolons or tabs (told apart by its header line)."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.add(f"line {line}", "not valid UTF-8")
        return
    if not is_csv(path, text):
        yield from json_lines(path, problems)
        return
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter_of(text))
    for row in reader:
        if None in row:
            problems.add(f"line {reader.line_num}", "more cells than the header names")
            continue
        yield reader.line_num, {k.strip(): v for k, v in row.items() if k is not None}


def refuse_unless_first_fits(
    path: Path,
    found: list[tuple[int, dict[str, Any]]],
    fits: Callable[[dict[str, Any]], bool],
    expected: str,
) -> None:
    """Refuse in one line a file of rows that is not of the format at all (none of its lines a
    row, or its first row without the format's fields), before its rows are named one by one.

    Raises:
        RunFileError: naming what was expected and what the first row holds.
    """
    if found and fits(found[0][1]):
        return
    if not found:
        said = "no line of it reads as a row"
    else:
        number, row = found[0]
        names = ", ".join(list(row)[:6]) + (", ..." if len(row) > 6 else "")
        said = f"its first row (line {number}) has {names or 'no fields'}"
    raise RunFileError(f"{path}: not {expected}: {said}")


NO_SCORE = ("", "nan", "none", "null")  # a cell written for no value


def cell_number(value: Any) -> float | None:
    """A cell as a number (NaN included), or None when it is no number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and value.strip():
        try:
            return float(value)
        except ValueError:
            return None
    return None


def empty_cell(value: Any) -> bool:
    """A cell pandas writes for no value: empty in CSV (or ``nan``, ``None``), null in JSON."""
    return value is None or (isinstance(value, str) and value.strip().lower() in NO_SCORE)


NAN = "NaN"  # a bare NaN value, as `load_json` reads it


def is_nan(value: Any) -> bool:
    return value == NAN or (isinstance(value, float) and math.isnan(value))


def _nan_as_text(data: bytes) -> bytes | None:
    """The document with each bare ``NaN`` value written ``"NaN"``, or None when it has none."""
    found = data.find(b"NaN")
    if found < 0:
        return None
    pieces, start = [], 0
    while found >= 0:
        before = data[max(0, found - 8) : found].rstrip()
        after = data[found + 3 : found + 11].lstrip()
        if before[-1:] in (b":", b",", b"[") and after[:1] in (b",", b"}", b"]", b""):
            pieces += [data[start:found], b'"NaN"']
            start = found + 3
        found = data.find(b"NaN", found + 3)
    return b"".join([*pieces, data[start:]]) if pieces else None


def text_of(value: Any) -> str | None:
    """Text as the tools write it: a string, or a list of content parts ``{"type": "text",
    "text": ...}`` (chat messages) joined; None for anything else."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = [
            part.get("text", "")
            for part in value
            if isinstance(part, dict) and part.get("type") == "text"
        ]
        if all(isinstance(part, str) for part in parts):
            return "\n".join(parts)
    return None
