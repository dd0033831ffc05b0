"""The run file, schema 1: the one module that reads and writes it (DESIGN section 2).

A run file is UTF-8 JSONL, written append-only: a header line, then one answer per line.
Reading is tolerant. A malformed line, a wrong type, invalid UTF-8 or a missing header is
reported with its line number and skipped; only a file that cannot be read at all, or one
whose header names a schema this version does not know, is refused with a `RunFileError`.
Nothing here ever rewrites a run file. What a line must hold is `grader.schema`'s to say.

Who reads what (each finds lines with `Lines`, decodes them with `decode_line` and drops a
repeated qid with `first_of_each_qid`):

    reader                 caller                                  what it skips
    ---------------------  --------------------------------------  ---------------------------
    read_header            review (before the app opens); grade    every line after the header
                           and compare (the grader of its corpus)
    read_run(lean=True)    grade --json, run (the scorecard, and   each source's page, chunk
                           --resume), rebaseline, agreement,       and score; unknown fields;
                           import labels, Workspace.runs           bad lines and repeated
                           (strategies, needle, rebaseline --all)  qids (reported)
    read_run(lean=True,    the scan of a needle change             as above, and every field
      wanted=...)          (NeedleChanges.scan)                    but type, qid and answer
                                                                   of an answer not wanted
    read_lines per part,   grader.audit.preview.preview_file       as read_run(lean=True,
      wanted=...           (the scan of a decline phrase), each    wanted=...), the parts
                           process its part of the file            joined in file order
    read_run               the benchmarks, tests                   bad lines and repeated qids
                                                                   (unknown fields are kept)
    index_run, load_entry  the review app (tui.session): whole     every answer until it is
                           when shown, lean when graded            asked for
    read_lines per part    grader.audit.regrade (grade, compare):  as read_run(lean=True), the
                           each process its part of the file       parts joined in file order
    iter_lines             all of the above; the grades and marks  blank lines (counted)
                           sidecars; corpora.loader (questions);
                           engine.workspace (a question rewritten)

Why one file: the run file has one owner (STYLE: one module owns the schema, with paired readers
and writers). Every reader in the table above finds lines with the same `Lines`, decodes them with
the same `decode_line` and keeps the first of a repeated qid with the same `first_of_each_qid`, and
the writers (`write_header`, `append_answer`, `write_run`) write what those read back; split, a
change to the format would have two files to keep in step.
"""

from __future__ import annotations

import contextlib
import gc
import mmap
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from typing import Any, Literal

import msgspec
import orjson

from grader.errors import RunFileError
from grader.records.atomic import append_line, write_atomic
from grader.schema import (
    Answer,
    BadRecord,
    GraderVerdict,
    SourceRef,
    answer_from_dict,
    type_name,
)

SCHEMA = 1

# --- reading for grading only ----------------------------------------------------------------
# Grading reads a source's number, document and text (what amounts are grounded in), never its
# page, chunk or score, and no field this version does not know. `read_run(path, lean=True)`
# decodes each line straight into `LeanAnswer`, the declaration of an answer
# (`grader.schema.Answer`) over `SourceRef`s: msgspec checks every field the whole read checks,
# builds no dict, and skips unknown fields. A line it refuses falls back to the whole read, which
# reports or accepts it in the schema's words (a null that means "absent", a field named like
# ``line`` that is not one of the line's). A line that is not ASCII is checked for valid UTF-8
# first (msgspec does not check what it skips).


class LeanAnswer(Answer[SourceRef], kw_only=True, gc=False):
    """An answer read for grading: its sources are `SourceRef`s, unknown fields are dropped.
    What it holds is enough to grade and to show the answer, not to write the line back."""

    type: Literal["answer"]


_LEAN_DECODER = msgspec.json.Decoder(LeanAnswer)


class Skimmed(msgspec.Struct, gc=False):
    """An answer line read for its type, qid and answer text only, every other field skipped
    unread (`read_run`'s ``wanted``); ``line`` is set once it is read."""

    type: str = ""
    qid: str = ""
    answer: str = ""
    line: int = 0


_SKIM_DECODER = msgspec.json.Decoder(Skimmed)


def _skim(raw: bytes, line: int) -> Skimmed | None:
    """The answer on one line read for its text, or None when the lean reader must look (not
    an answer line, a field of the wrong type, not JSON, not UTF-8)."""
    skimmed = _decoded(_SKIM_DECODER, raw)
    if skimmed is None or skimmed.type != "answer" or not skimmed.qid:
        return None
    skimmed.line = line
    return skimmed


def _decode_lean(raw: bytes, line: int) -> LeanAnswer | None:
    """The answer on one line read for grading, or None when the plain reader must look."""
    answer = _decoded(_LEAN_DECODER, raw)
    if answer is None:
        return None
    answer.line = line
    if answer.extra:  # a field named "extra" on the line is an unknown field: dropped
        answer.extra = {}
    return answer


def _decoded(decoder: msgspec.json.Decoder[Any], raw: bytes) -> Any:
    """One line decoded by ``decoder``, or None when it refuses the line (or the line is not
    UTF-8: msgspec does not check what it skips)."""
    try:
        if not raw.isascii():
            raw.decode("utf-8")
        return decoder.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
        return None


@dataclass(frozen=True, slots=True)
class LineProblem:
    """A line that was skipped, with the reason in plain words."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


@dataclass(slots=True)
class Run:
    """Everything read from one run file."""

    path: Path
    header: dict[str, Any] | None
    answers: list[Answer]
    problems: list[LineProblem]
    passed_over: int = 0  # answers read for their text only and not kept (`read_run`'s wanted)

    @property
    def run_id(self) -> str:
        return run_id_in(self.header, self.path)


def run_id_in(header: Mapping[str, Any] | None, path: Path) -> str:
    """A run's id: its header's ``run_id``, else what its path stands for (`run_id_of`)."""
    if header and isinstance(header.get("run_id"), str):
        return header["run_id"]
    return run_id_of(path)


def run_id_of(path: Path) -> str:
    """The run id a path stands for: its file name without ``.jsonl``."""
    name = Path(path).name
    return name[: -len(".jsonl")] if name.endswith(".jsonl") else name


SIDECAR_KINDS = ("grades", "marks", "grades-history", "judgements")


def is_run_file(path: Path) -> bool:
    """A ``.jsonl`` file that is a run file, not one of the sidecars beside it."""
    name = Path(path).name
    return name.endswith(".jsonl") and not any(
        name.endswith(f".{kind}.jsonl") for kind in SIDECAR_KINDS
    )


def sidecar_path(run_path: Path, kind: str) -> Path:
    """``runs/<id>.jsonl`` -> ``runs/<id>.<kind>.jsonl`` (kind: grades, marks, ...)."""
    run_path = Path(run_path)
    return run_path.with_name(f"{run_id_of(run_path)}.{kind}.jsonl")


def decode_line(raw: bytes, line: int, lean: bool = False) -> tuple[str, Any]:
    """Decode one raw line into ``("header"|"answer"|"skip", value)``.

    ``value`` is the header dict, the `Answer`, or a `LineProblem` for ``skip``. With ``lean``,
    a valid answer line comes back as a `LeanAnswer` (what grading reads).
    """
    if lean:
        answer = _decode_lean(raw, line)
        if answer is not None:
            return "answer", answer
    record = json_object(raw, line)
    if isinstance(record, LineProblem):
        return "skip", record
    kind = record.get("type")
    if kind == "answer":
        try:
            return "answer", answer_from_dict(record, line)
        except BadRecord as exc:
            return "skip", LineProblem(line, str(exc))
    if kind == "run":
        return "header", record
    return "skip", LineProblem(line, f"unknown record type {kind!r:.40}")


def json_object(raw: bytes, line: int) -> dict[str, Any] | LineProblem:
    """The JSON object on one line, or why it is none (the one wording of a line that is not
    JSON, or not an object)."""
    try:
        record = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        return LineProblem(line, "invalid UTF-8" if "UTF-8" in str(exc) else "not valid JSON")
    if not isinstance(record, dict):
        return LineProblem(line, f"expected a JSON object, got {type_name(record)}")
    return record


# What `bytes.isspace` counts as white space: a line of nothing else is blank.
_WHITE = frozenset(b" \t\n\r\x0b\x0c")


def line_end(data: Any, offset: int) -> int:
    """Where the line that holds ``offset`` ends: just past its newline, or at the end of the
    data (a last line without one). The one rule for where a line ends."""
    return data.find(b"\n", offset) + 1 or len(data)


@dataclass(slots=True)
class Lines:
    """The lines of a file, or of the part ``[start, stop)`` of it (a part starts on a line):
    the one line scanner of every reader here, the sidecars' and the corpus loader's.

    A line ends just past ``\n`` (`line_end`); a line that holds nothing but white space is
    blank: counted, never yielded. Iterating yields ``(line_number, byte_offset, raw_line)``,
    numbered from the part's first line, each line with its end of line (JSON allows the white
    space, and stripping would copy); `spans` yields ``(line_number, start, end)`` without
    copying the line. Afterwards ``count`` is how many lines were read, blank ones included.
    ``data``, when given, is read instead of the file (bytes a caller has read itself).

    Raises:
        RunFileError: on iterating, when the file cannot be opened.
    """

    path: Path
    start: int = 0
    stop: int | None = None
    count: int = 0
    data: bytes | None = None

    def __iter__(self) -> Iterator[tuple[int, int, bytes]]:
        with self.opened() as data:
            yield from self._scan(data, copy=True)

    @contextlib.contextmanager
    def opened(self) -> Iterator[Any]:
        """The file's bytes: mapped (its lines are found with memchr, and none is copied to be
        found), read when it cannot be mapped (empty, or not a regular file), or ``data``."""
        if self.data is not None:
            yield self.data
            return
        try:
            handle = open(self.path, "rb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise RunFileError(f"cannot read run file {self.path}: {exc.strerror or exc}") from exc
        with handle:
            try:
                mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError):
                yield handle.read()
            else:
                with mapped:
                    yield mapped

    def spans(self, data: Any) -> Iterator[tuple[int, int, int]]:
        """``(line_number, start, end)`` of each line of ``data`` in the part that is not blank;
        ``end`` is past its end of line."""
        return self._scan(data, copy=False)

    def _scan(self, data: Any, copy: bool) -> Iterator[tuple[int, int, Any]]:
        """The one loop over the lines: each line's number, start, and its bytes (``copy``) or
        its end."""
        number = 0
        start = self.start
        size = len(data)
        stop = size if self.stop is None else min(self.stop, size)
        find = data.find  # (`line_end`, inlined: this loop runs once a line)
        try:
            while start < stop:
                end = find(b"\n", start) + 1 or size
                number += 1
                # Only a line that starts with white space can be blank; no other is copied.
                if data[start] not in _WHITE or not data[start:end].isspace():
                    yield number, start, data[start:end] if copy else end
                start = end
        finally:
            self.count = number


def iter_lines(
    path: Path, start: int = 0, stop: int | None = None, data: bytes | None = None
) -> Lines:
    """The lines of a file that are not blank, or of a part of it, or of ``data`` read from it
    (see `Lines`)."""
    return Lines(Path(path), start, stop, data=data)


NO_HEADER = "not a run file: no header"


# The fields that name a question in an answers file made elsewhere (`import answers` reads
# them): a first line with one of them and no record type is such a file, not a run.
_ANSWERS_FILE_FIELDS = ("user_input", "question", "query")
# A labels file (`import labels` reads it) has a verdict and no answer.
_ANSWER_FIELDS = ("response", "answer")
ANSWERS, LABELS = "answers", "labels"


def made_elsewhere(path: Path, raw: bytes | None) -> str | None:
    """What a file that is not a run looks like: ``labels`` (a CSV header or a first JSON
    object with a ``verdict`` and no answer), ``answers`` (any other CSV, or JSON lines whose
    first object names a question, Ragas' ``user_input``, and no record type), or None."""
    names: set[str] = set()
    if Path(path).suffix.lower() in (".csv", ".tsv"):
        text = bytes(raw or b"").decode("utf-8-sig", errors="replace")
        names = {cell.strip().strip('"').lower() for cell in re.split(r"[,;\t]", text)}
        return LABELS if "verdict" in names and names.isdisjoint(_ANSWER_FIELDS) else ANSWERS
    if raw is None:
        return None
    try:
        first = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(first, dict) or "type" in first:
        return None
    if "verdict" in first and not any(name in first for name in _ANSWER_FIELDS):
        return LABELS
    return ANSWERS if any(name in first for name in _ANSWERS_FILE_FIELDS) else None


# The record types of the files kept beside a run (`sidecar_path`), by the kind of file.
_SIDECAR_RECORDS = {"mark": "marks", "undo": "marks", "judgement": "judgements", "grades": "grades"}


def _sidecar_of(raw: bytes | None) -> str | None:
    """The kind of file kept beside a run (``marks``, ``judgements``, ``grades``) whose first
    line is ``raw``, by that record's type; None for any other file."""
    try:
        first = orjson.loads(raw) if raw is not None else None
    except orjson.JSONDecodeError:
        return None
    kind = first.get("type") if isinstance(first, dict) else None
    return _SIDECAR_RECORDS.get(kind) if isinstance(kind, str) else None


def take_header(
    kind: str, value: Any, path: Path, line: int, raw: bytes | None = None
) -> dict[str, Any]:
    """The header, from a run file's first line that is not blank (``decode_line``'s result;
    ``raw``, the line itself, tells an answers file made elsewhere from a broken run).

    Raises:
        RunFileError: when that line is no run header (the file is not a run file), or names
            a schema this version cannot read.
    """
    if kind != "header":
        looks = made_elsewhere(path, raw) if kind != "answer" else None
        if looks == LABELS:
            raise RunFileError(
                f"{path}: this looks like labels (verdicts), not a run file: "
                f"`ragtriage import labels {path} --run RUN` adds them to a run as marks"
            )
        if looks == ANSWERS:
            raise RunFileError(
                f"{path}: this looks like answers, not a run file: "
                f"`ragtriage import answers {path}` makes a run of them"
            )
        sidecar = _sidecar_of(raw)
        if sidecar is not None:
            name, ending = Path(path).name, f".{sidecar}.jsonl"
            of_run = Path(path).with_name(f"{name[: -len(ending)]}.jsonl")
            its_run = (
                f"its run, {of_run} (or its id {run_id_of(of_run)})"
                if name.endswith(ending)
                else "the run it belongs to"
            )
            raise RunFileError(
                f"{path}: this is a {sidecar} file (kept beside a run), not a run file: "
                f"give {its_run}"
            )
        what = "an answer" if kind == "answer" else str(value.reason)
        raise RunFileError(f"{path}: {NO_HEADER} (line {line} is {what})")
    schema = value.get("schema")
    if schema is None:
        raise RunFileError(
            f"{path}: line {line}: the run header names no schema (this ragtriage reads "
            f"schema {SCHEMA})"
        )
    if schema != SCHEMA:
        raise RunFileError(
            f"{path}: line {line}: run file schema {schema!r} is not supported "
            f"(this ragtriage reads schema {SCHEMA})"
        )
    return value


def _empty(path: Path) -> RunFileError:
    return RunFileError(f"{path}: {NO_HEADER} (the file is empty)")


def header_line(path: Path) -> tuple[dict[str, Any], int, int]:
    """The header, its line number and the offset just after it.

    Raises:
        RunFileError: when the file cannot be read, is not a run file, or its schema is
            unknown.
    """
    for number, offset, raw in iter_lines(path):
        header = take_header(*decode_line(raw, number), path, number, bytes(raw))
        return header, number, offset + len(raw)
    raise _empty(path)


def read_header(path: Path) -> dict[str, Any]:
    """The header of a run file, reading nothing else: the one reader of a run's header.

    Raises:
        RunFileError: when the file cannot be read, is not a run file, or its schema is
            unknown.
    """
    return header_line(check_not_folder(path))[0]


def read_run(
    path: Path, lean: bool = False, wanted: Callable[[Skimmed], bool] | None = None
) -> Run:
    """Read a run file, skipping and reporting every line that cannot be used.

    Args:
        path: The run file.
        lean: Read only what grading needs (answers as `LeanAnswer`: sources without their
            page, chunk and score, unknown fields dropped), in about a third of the time. The
            lines accepted, the problems reported and every grade are the same.
        wanted: With ``lean``, which answers to read, by their qid and text: a line it refuses
            is read for its type, qid and answer only (`Skimmed`, about twice as fast as a lean
            read; one the skim cannot read is read whole first), counted in ``passed_over`` and
            not kept. The flip preview reads in full only
            the answers a change can reach (`grader.audit.preview.reaches`).

    Returns:
        The header (or None when missing), the valid answers in file order (the first of
        any duplicated qid), and one `LineProblem` per skipped line, in line order.

    Raises:
        RunFileError: when the file cannot be read at all or its schema is unknown.
    """
    path = check_not_folder(path)
    header, items, problems = read_lines(
        iter_lines(path), path, lean, expect_header=True, wanted=wanted
    )
    items = first_of_each_qid(items, [a.line for a in items], problems)
    if wanted is None:
        return Run(path=path, header=header, answers=items, problems=problems)
    answers = [item for item in items if not isinstance(item, Skimmed)]
    return Run(path, header, answers, problems, passed_over=len(items) - len(answers))


def check_not_folder(path: Path | str) -> Path:
    """``Path(path)``; refuses a folder with a clear message."""
    path = Path(path)
    if path.is_dir():
        raise RunFileError(f"{path} is a folder, not a run file")
    return path


def read_lines(
    lines: Iterable[tuple[int, int, bytes]],
    path: Path,
    lean: bool,
    expect_header: bool,
    convert: Callable[[Answer], Any] | None = None,
    numbers: list[int] | None = None,
    wanted: Callable[[Skimmed], bool] | None = None,
) -> tuple[dict[str, Any] | None, list[Any], list[LineProblem]]:
    """Decode lines from `iter_lines` (the whole file, or a part of it for a parallel regrade).

    Args:
        expect_header: The lines start at the top of the file, where the header belongs.
        convert: Applied to each answer as it is read; what it returns is kept instead (a
            regrade keeps the grade and lets the answer go at once, so 100,000 answers are
            never held together).
        numbers: When given, the line number of each answer kept is appended to it.
        wanted: With ``lean`` (and no ``convert``), an answer it refuses (given as `Skimmed`)
            is kept as that, its line read no further where the skim could read it (see
            `read_run`).

    Returns:
        The header, every valid answer (or what ``convert`` made of it) in order, duplicated
        qids included (see `first_of_each_qid`), and the problems of the lines skipped.

    Raises:
        RunFileError: when the lines start at the top of the file and hold no run header, or
            the header names a schema this version cannot read.
    """
    # Records hold no reference cycles; pausing the cycle collector while thousands of them
    # are built saves it from re-scanning everything read so far (a quarter of the read time).
    with _collector_paused():
        return _read_lines(lines, path, lean, expect_header, convert, numbers, wanted)


def _read_lines(
    lines: Iterable[tuple[int, int, bytes]],
    path: Path,
    lean: bool,
    expect_header: bool,
    convert: Callable[[Answer], Any] | None,
    numbers: list[int] | None,
    wanted: Callable[[Skimmed], bool] | None = None,
) -> tuple[dict[str, Any] | None, list[Any], list[LineProblem]]:
    header: dict[str, Any] | None = None
    answers: list[Any] = []
    problems: list[LineProblem] = []
    first = expect_header
    keep = answers.append
    for number, _offset, raw in lines:
        skimmed: Skimmed | None = None
        if lean and not first:
            if wanted is not None:
                skimmed = _skim(raw, number)
                if skimmed is not None and not wanted(skimmed):
                    keep(skimmed)
                    if numbers is not None:
                        numbers.append(number)
                    continue
            answer = _decode_lean(raw, number)  # most lines: no need to look further
            if answer is not None:
                if wanted is not None and skimmed is None:
                    answer = _asked(wanted, answer)
                keep(answer if convert is None else convert(answer))
                if numbers is not None:
                    numbers.append(number)
                continue
        kind, value = decode_line(raw, number, lean and first)  # (not lean twice)
        if first:
            first = False
            header = take_header(kind, value, path, number, bytes(raw))
            continue
        if kind == "answer":
            if wanted is not None and skimmed is None:
                value = _asked(wanted, value)
            keep(value if convert is None else convert(value))
            if numbers is not None:
                numbers.append(number)
        elif kind == "header":
            problems.append(LineProblem(number, "a second run header"))
        else:
            problems.append(value)
    if first:  # no line at all where the header belongs
        raise _empty(path)
    return header, answers, problems


def _asked(wanted: Callable[[Skimmed], bool], answer: Any) -> Any:
    """An answer read whole because the skim could not read its line (a null answer, say), as
    ``wanted`` takes it: the answer, or its `Skimmed` when refused."""
    seen = Skimmed("answer", answer.qid, answer.answer, answer.line)
    return answer if wanted(seen) else seen


def first_of_each_qid(
    items: Sequence[Any], lines: Sequence[int], problems: list[LineProblem]
) -> list[Any]:
    """Keep the first item of each qid (answers, questions or grades, in file order, with their
    line numbers); report each later one in ``problems``, which ends up sorted by line. The one
    place a repeated qid is found, in run files, questions files and the review app alike."""
    qids = list(map(attrgetter("qid"), items))
    if len(set(qids)) == len(qids):  # no qid repeats (most runs): nothing to drop
        return list(items)
    kept = []
    first_line_of: dict[str, int] = {}
    for item, number in zip(items, lines, strict=True):
        seen = first_line_of.get(item.qid)
        if seen is None:
            first_line_of[item.qid] = number
            kept.append(item)
        else:
            problems.append(
                LineProblem(number, f"duplicate qid {item.qid!r} (first on line {seen})")
            )
    if len(first_line_of) < len(items):
        problems.sort(key=lambda problem: problem.line)
    return kept


def imported_graders(path: Path) -> dict[str, tuple[GraderVerdict, ...]]:
    """Per qid, the graders imported with a run's answers (DESIGN 2; the first of its answers
    that holds any), decoded from the lines that name the field only: a run made here, with
    none, costs one pass over its bytes. A bad line is left out (the run's reader names it)."""
    found: dict[str, tuple[GraderVerdict, ...]] = {}
    for number, _offset, raw in iter_lines(path):
        if b'"graders"' not in raw:
            continue
        kind, answer = decode_line(raw, number, lean=True)
        if kind == "answer" and answer.graders:
            found.setdefault(answer.qid, answer.graders)
    return found


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def dumps(record: Mapping[str, Any]) -> bytes:
    """Serialize one record as a single JSONL line (no newline)."""
    return orjson.dumps(record)


def write_header(path: Path, header: Mapping[str, Any]) -> None:
    """Start a new run file with its header; refuses to overwrite an existing file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    record = {"type": "run", "schema": SCHEMA, **header}
    try:
        with open(path, "xb") as handle:
            handle.write(dumps(record) + b"\n")
            handle.flush()
            os.fsync(handle.fileno())
    except FileExistsError as exc:
        raise RunFileError(f"run file {path} already exists") from exc


def write_run(path: Path, header: Mapping[str, Any], answers: Iterable[Answer]) -> None:
    """Write a whole run file at once (an import): all of it, atomically, or nothing; refuses
    to overwrite an existing file."""
    path = Path(path)
    if path.exists():
        raise RunFileError(f"run file {path} already exists")
    lines = [dumps({"type": "run", "schema": SCHEMA, **header})]
    lines += [dumps(answer.to_dict()) for answer in answers]
    write_atomic(path, b"\n".join(lines) + b"\n")


def append_answer(path: Path, answer: Answer) -> None:
    """Append one answer and fsync it, so a crash loses at most the answer in flight."""
    append_line(Path(path), dumps(answer.to_dict()))


def ensure_line_boundary(path: Path) -> bool:
    """Make sure the next append starts on a fresh line.

    A run killed mid-write can leave a torn last line. It is never repaired or removed (the
    file is append-only); a newline is added so that the reader reports it as one malformed
    line and the answers appended after it stay intact.

    Returns:
        True when a torn last line was found.
    """
    path = Path(path)
    with open(path, "rb+") as handle:
        handle.seek(0, os.SEEK_END)
        if handle.tell() == 0:
            return False
        handle.seek(-1, os.SEEK_END)
        if handle.read(1) == b"\n":
            return False
        handle.write(b"\n")
        handle.flush()
        os.fsync(handle.fileno())
        return True


@dataclass(slots=True)
class RunIndex:
    """Byte offsets of every line of a run file, for reading one answer at a time.

    Indexing reads the file once and parses only the header, so a 100,000-answer run opens in
    a fraction of a second; each answer is decoded when it is first needed (`load_entry`).
    """

    path: Path
    header: dict[str, Any] | None
    entries: list[tuple[int, int, int]]  # (line number, byte offset, length) per line after
    # the header that is not blank (its length with its end of line)
    problems: list[LineProblem]


def index_run(path: Path) -> RunIndex:
    """Index a run file's lines (the header is parsed; answers are not).

    Raises:
        RunFileError: when the file cannot be read, is not a run file, or its schema is
            unknown.
    """
    path = check_not_folder(path)
    lines = iter_lines(path)
    with lines.opened() as data:
        spans = lines.spans(data)
        for number, start, end in spans:
            raw = data[start:end]
            header = take_header(*decode_line(raw, number), path, number, bytes(raw))
            break
        else:
            raise _empty(path)
        entries = [(number, start, end - start) for number, start, end in spans]
    return RunIndex(path, header, entries, [])


def load_entry(handle: Any, entry: tuple[int, int, int], lean: bool = False) -> tuple[str, Any]:
    """Decode one indexed line from an open binary file: ``("answer", Answer)`` or
    ``("skip", LineProblem)`` (a header where an answer should be is a problem too); with
    ``lean``, the answer as grading reads it (`LeanAnswer`)."""
    number, offset, length = entry
    handle.seek(offset)
    kind, value = decode_line(handle.read(length), number, lean)
    if kind == "header":
        return "skip", LineProblem(number, "a second run header")
    return kind, value
