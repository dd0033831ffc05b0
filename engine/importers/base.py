"""What every importer shares: reading a tool's JSON, an answer made from a tool's row, other
graders' verdicts, and the writing of the runs (all of them or nothing, under their locks).

An importer reads its file into `Read` runs (answers with their graders' verdicts, and marks),
naming every bad row with its line or sample (`Problems`); nothing is written until the whole
file has been read. `write_runs` then writes each run file atomically, its marks beside it,
holding every run's lock at once, so that two writers importing at once lose nothing: the
second finds the runs written and is refused, or writes runs of other names.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import orjson

from engine import __version__
from engine.imports.answers import key_of, with_mined_needles
from engine.imports.fields import question_qid
from engine.imports.imported import NOT_GRADED, Imported
from engine.imports.rows import BadRows, delimiter_of, is_csv
from grader.errors import RunFileError
from grader.records.atomic import locked
from grader.records.clock import now
from grader.records.marks import HAND, Mark, Picked, append_marks, marks_path
from grader.records.runfile import write_run
from grader.rules.declines import DeclineList
from grader.schema import Answer, BadRecord, GraderVerdict, Kind, Source, gold_from_dict


@dataclass
class Read:
    """One run as an importer read it, before anything is written."""

    run_id: str
    model: str
    config: str
    answers: list[Answer]
    marks: list[Mark] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    provenance: dict[str, Any] = field(default_factory=dict)


# What an import says of the answers its tool failed on (DESIGN 2: the grader grades an engine
# error wrong, with the label `engine error`).
ENGINE_ERRORS = "engine errors, not answers (graded wrong, labelled engine error)"


def ragtriage_facts_in(metadata: Any) -> dict[str, Any]:
    """The ``ragtriage`` object a mark exported in another tool's form keeps in its metadata
    (`engine.marks_forms`; a dict, or JSON text in a CSV cell): what the form has no field for
    (how the answer was picked, whether blind, declined). ``{}`` when there is none."""
    if isinstance(metadata, str) and metadata.strip().startswith("{"):
        try:
            metadata = orjson.loads(metadata)
        except orjson.JSONDecodeError:
            return {}
    facts = metadata.get("ragtriage") if isinstance(metadata, dict) else None
    return facts if isinstance(facts, dict) else {}


def picked_and_blind(metadata: Any) -> tuple[Picked, bool]:
    """How a person's mark read from another tool's file was picked and whether it was blind:
    as the ragtriage facts in its metadata say (`ragtriage_facts_in`: a mark that went out in
    that tool's form), else by hand and not blind."""
    facts = ragtriage_facts_in(metadata)
    picked = facts.get("picked")
    return (
        Picked.from_record(picked) if picked is not None else Picked(HAND),
        bool(facts.get("blind", False)),
    )


def engine_errors_note(answers: Sequence[Answer], what: str) -> list[str]:
    """The import's note on the answers its tool failed on (``what``: "provider error(s)"),
    or none."""
    errors = sum(answer.error is not None for answer in answers)
    return [f"{errors} {what}: {ENGINE_ERRORS}"] if errors else []


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


def finite(value: Any) -> float | None:
    """A score as a float, None when absent; a bool or a non-number raises TypeError, NaN and
    infinity raise ValueError (a score that says nothing a reader can check)."""
    if value is None:
        return None
    if value == NAN:
        raise ValueError(NAN)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(type(value).__name__)
    if not math.isfinite(value):
        raise ValueError(repr(value))
    return float(value)


def grader(
    name: str, verdict: str | None, score: Any = None, threshold: Any = None, reason: Any = ""
) -> GraderVerdict:
    """Another grader's verdict, its score and threshold checked (`finite`)."""
    return GraderVerdict(
        name=name,
        verdict=verdict,  # type: ignore[arg-type]
        score=finite(score),
        threshold=finite(threshold),
        reason=reason if isinstance(reason, str) else "",
    )


def named_once(graders: Iterable[GraderVerdict]) -> tuple[GraderVerdict, ...]:
    """The graders, a name given twice on one answer numbered (``promptfoo:contains#2``)."""
    seen: Counter[str] = Counter()
    named = []
    for one in graders:
        seen[one.name] += 1
        if seen[one.name] > 1:
            one = GraderVerdict(f"{one.name}#{seen[one.name]}", *_rest(one))
        named.append(one)
    return tuple(named)


def _rest(one: GraderVerdict) -> tuple[Any, ...]:
    return (one.verdict, one.score, one.threshold, one.reason)


class Answers:
    """The answers of one run as they are read: each checked like an ``import answers`` row
    (a list of references kept as the accepted answers, a reference that reads as a decline a
    negative question, an empty reference refused), its qid the row's id or one made from its
    question (a question asked again gets ``-2``, ``-3``)."""

    def __init__(self, declines: DeclineList) -> None:
        self.declines = declines
        self.answers: list[Answer] = []
        self.asked: Counter[str] = Counter()
        self.qids: set[str] = set()
        self.negatives = 0

    def add(
        self,
        where: str,
        problems: Problems,
        *,
        source_id: str,
        question: Any,
        reference: Any,
        answer: Any,
        error: str | None = None,
        graders: Sequence[GraderVerdict] = (),
        latency_ms: Any = None,
        line: int = 0,
        contexts: Sequence[str] = (),
        context_ids: Sequence[str] = (),
        golden_docs: Sequence[str] = (),
    ) -> None:
        """One answer, or its problem added to ``problems`` under ``where``. ``contexts`` are
        the retrieved texts (numbered sources 1, 2, ..., each under its id in ``context_ids``
        where given), ``golden_docs`` the ids of the documents that hold the answer."""
        from grader.rules.reading import answer_declines

        if not isinstance(question, str) or not question.strip():
            problems.add(where, "no question")
            return
        if answer is not None and not isinstance(answer, str):
            problems.add(where, "the answer must be text")
            return
        made = question_qid(question)
        self.asked[made] += 1
        qid = source_id or (made if self.asked[made] == 1 else f"{made}-{self.asked[made]}")
        if qid in self.qids:
            problems.add(where, f"the id {qid!r} is given twice")
            return
        keyed = key_of(reference)
        if keyed is None:
            problems.add(where, "the reference must be text or a list of strings")
            return
        key, accepted = keyed
        kind: Kind = "answerable"
        if key and not accepted and answer_declines(key, self.declines):
            kind, key = "negative", ""
            self.negatives += 1
        elif not key:
            problems.add(where, "empty reference (the key the answer is graded against)")
            return
        try:
            gold = gold_from_dict(
                {"key": key, "accepted": list(accepted), "golden_docs": list(golden_docs)}
            )
        except BadRecord as exc:
            problems.add(where, str(exc))
            return
        self.qids.add(qid)
        self.answers.append(
            Answer(
                qid=qid,
                kind=kind,
                question=question.strip(),
                gold=gold,
                answer=answer or "",
                sources=[
                    Source(
                        n=n,
                        doc=context_ids[n - 1] if n <= len(context_ids) else f"context-{n}",
                        page=1,
                        chunk=f"{qid}#ctx{n}",
                        text=text,
                    )
                    for n, text in enumerate(contexts, start=1)
                ],
                error=error,
                graders=named_once(graders),
                latency_ms=_latency(latency_ms),
                line=line,
            )
        )


def _latency(value: Any) -> float | None:
    """A latency in milliseconds as the tools write it, None when it is not a finite number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return round(float(value), 1)


def slug(text: str) -> str:
    """A name as a piece of a run id: lower case, runs of other characters as one ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


def write_runs(path: Path, fmt: str, runs: list[Read], runs_dir: Path) -> list[Imported]:
    """Each run read from ``path`` as a run file (its marks beside it): all of them or none.

    Every run file and marks file is locked at once; a run that exists already refuses the
    whole import before anything is written.

    Raises:
        RunFileError: for a file with no answers, or a run of that name that exists already.
    """
    runs_dir = Path(runs_dir)
    if not any(run.answers for run in runs):
        raise RunFileError(f"{path}: no answers in this file")
    paths = [runs_dir / f"{run.run_id}.jsonl" for run in runs]
    if len(set(paths)) != len(paths):
        raise RunFileError(f"{path}: two runs would have the same name; give --name")
    done = []
    with locked(*paths, *(marks_path(p) for p in paths)):
        for run_path in paths:
            if run_path.exists() or marks_path(run_path).exists():
                raise RunFileError(
                    f"run file {run_path} already exists; remove it or choose another --name"
                )
        for run, run_path in zip(runs, paths, strict=True):
            answers = with_mined_needles(run.answers)
            header = {
                "run_id": run.run_id,
                "created": now(),
                "corpus": "",
                "config": {"name": run.config},
                "model": {"name": run.model},
                "engine": {"version": __version__, "imported": True},
                "grading": NOT_GRADED,
                "plan": {"qids": [answer.qid for answer in answers], "imported": True},
                "provenance": {"file": str(path), "format": fmt, **run.provenance},
            }
            write_run(run_path, header, answers)
            if run.marks:
                append_marks(run_path, run.marks)
            done.append(Imported(run_path, len(answers), len(run.marks), run.notes))
    return done
