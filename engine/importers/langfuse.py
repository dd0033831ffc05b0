"""Langfuse experiment items (the Experiments API's ``GET /api/public/experiment-items?fields=
io,scores``, as the SDK's ``api.experiments.list_items(...).json()`` writes the response, or its
``data`` list alone) as runs: one run per experiment, one answer per item.

An item's ``experimentItemId`` (the dataset item, the same in every experiment) is the qid;
``input`` is the question, ``output`` the answer, ``expectedOutput`` the key (each text, or the
first of `FIELDS` in an object; a list is the list of accepted answers); an item whose trace
ended at level ``ERROR`` is an engine error with no grader's verdict. Each score is read by its
``source``: a person's (``ANNOTATION``, from an annotation queue or the UI) is that person's mark
(``authorUserId``); a model's or a program's (``EVAL``, ``API``) is that grader's verdict,
``langfuse:<name>``, with its comment as the reason. A boolean is correct or wrong; a number is
correct from `THRESHOLD` up (stated with the verdict); a category is read as a label (correct,
incorrect, yes, no, pass, fail, ...) else kept with no verdict; a score without a value is no
verdict, never wrong; NaN or infinity is refused with its item.
"""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.importers.base import Answers, Read, engine_errors_note, grader, slug
from engine.importers.reading import Problems, is_nan, load_json
from engine.imports.labels import VERDICT_WORDS
from grader.errors import RunFileError
from grader.records.clock import now
from grader.records.marks import HAND, LABEL, Mark, Picked
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "langfuse"
DESCRIBE = "Langfuse experiment items JSON (GET /api/public/experiment-items, fields io,scores)"
THRESHOLD = 0.5  # a numeric score is correct from here up
PEOPLE = "ANNOTATION"  # the score source of a person's score
# The field map: inside an object input, output or expected output, the first present is read.
FIELDS = {
    "question": ("question", "input", "query", "user_input"),
    "answer": ("answer", "output", "response", "text", "content"),
    "reference": ("answer", "expected_output", "expected", "reference", "output", "key"),
}
EXPECTED = "Langfuse experiment items (data: items with experimentItemId, input, output, scores)"


def recognises(path: Path, head: bytes) -> bool:
    """A JSON document whose opening holds experiment items: ``experimentItemId`` and
    ``traceId``."""
    start = head.lstrip()[:1]
    return start in (b"{", b"[") and b'"experimentItemId"' in head and b'"traceId"' in head


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    path = Path(path)
    document = load_json(path, path.read_bytes(), EXPECTED)
    items = document.get("data") if isinstance(document, dict) else document
    if not isinstance(items, list):
        raise RunFileError(f"{path}: not {EXPECTED}: expected a data list of items")
    problems = Problems(path)
    runs: dict[str, tuple[Answers, list[Mark]]] = {}
    unread = 0
    for number, item in enumerate(items, start=1):
        where = f"item {number}"
        if not isinstance(item, dict) or "experimentItemId" not in item:
            problems.add(where, "no experimentItemId (not an experiment item)")
            continue
        qid = str(item["experimentItemId"])
        where = f"item {number} ({qid})"
        missing = [f for f in ("input", "expectedOutput") if f not in item]
        if missing:
            problems.add(where, f"no {' and '.join(missing)} (list the items with fields=io)")
            continue
        experiment = str(item.get("experimentName") or item.get("experimentId") or "experiment")
        answers, marks = runs.setdefault(experiment, (Answers(declines), []))
        error = "the trace ended at level ERROR" if item.get("level") == "ERROR" else None
        try:
            graders, people, skipped = _scores(item.get("scores"), qid, path, where)
        except (TypeError, ValueError) as exc:
            problems.add(where, f"a score must be a finite number, true, false or a label: {exc}")
            continue
        unread += skipped
        output = _text(item.get("output"), "answer")
        answers.add(
            where,
            problems,
            source_id=qid,
            question=_text(item["input"], "question"),
            reference=_reference(item["expectedOutput"]),
            answer=output if isinstance(output, str) else None,
            error=error,
            graders=[] if error else graders,
            latency_ms=_latency(item.get("startTime"), item.get("endTime")),
            line=number,
        )
        marks += people
    problems.raise_any()
    done = []
    for experiment, (answers, marks) in runs.items():
        notes = [f"experiment {experiment}"]
        if marks:
            notes.append(f"{len(marks)} score(s) by people (ANNOTATION), kept as their marks")
        if unread:
            notes.append(f"{unread} score(s) by people with a value no verdict reads, left out")
        notes += engine_errors_note(answers.answers, "trace(s) at level ERROR")
        stem = name or path.stem
        done.append(
            Read(
                run_id=stem if len(runs) == 1 else f"{stem}-{slug(experiment)}",
                model="unknown (Langfuse experiment)",
                config=experiment,
                answers=answers.answers,
                marks=marks,
                notes=notes,
                provenance={"langfuse experiment": experiment},
            )
        )
    return done


def _text(value: Any, field: str) -> Any:
    """Text as written, or the first of `FIELDS` in an object."""
    if isinstance(value, dict):
        for candidate in FIELDS[field]:
            if value.get(candidate) is not None:
                return value[candidate]
        return None
    return value


def _reference(value: Any) -> Any:
    """The expected output: text or a list as written, or the first of `FIELDS` in an object."""
    return _text(value, "reference")


def _latency(start: Any, end: Any) -> float | None:
    try:
        began = datetime.fromisoformat(str(start).replace("Z", "+00:00"))
        ended = datetime.fromisoformat(str(end).replace("Z", "+00:00"))
    except ValueError:
        return None
    return (ended - began).total_seconds() * 1000


def _verdict(
    value: Any, data_type: Any, name: str
) -> tuple[str | None, float | None, float | None]:
    """A score's (verdict, figure, threshold) (ValueError for NaN or infinity, TypeError for a
    value of no kind Langfuse writes)."""
    if value is None:
        return None, None, None
    if is_nan(value):
        raise ValueError(f"{name} is NaN")
    if isinstance(value, bool):
        return ("correct" if value else "wrong"), float(value), None
    if isinstance(value, int | float):
        if not math.isfinite(value):
            raise ValueError(f"{name} is {value!r}")
        if data_type == "BOOLEAN":  # the older API writes a boolean as 1 or 0
            return ("correct" if value else "wrong"), float(value), None
        return ("correct" if value >= THRESHOLD else "wrong"), float(value), THRESHOLD
    if isinstance(value, str):
        label = VERDICT_WORDS.get(value.strip().lower())
        return (label[0] if label else None), None, None
    raise TypeError(f"{name} is {value!r:.30}")


def _scores(
    scores: Any, qid: str, path: Path, where: str
) -> tuple[list[GraderVerdict], list[Mark], int]:
    """The graders' verdicts, the people's marks, and how many people's scores no verdict
    reads."""
    if scores is None:
        return [], [], 0
    if not isinstance(scores, list):
        raise TypeError("scores must be a list")
    graders, marks, skipped = [], [], 0
    for score in scores:
        if not isinstance(score, dict) or not score.get("name"):
            raise TypeError("a score must be an object with a name")
        name = str(score["name"])
        value = score.get("value", score.get("stringValue"))
        verdict, figure, threshold = _verdict(value, score.get("dataType"), name)
        comment = score.get("comment") if isinstance(score.get("comment"), str) else ""
        if score.get("source") != PEOPLE:
            reason = comment or (
                f"value {value!r}" if verdict is None and value is not None else ""
            )
            graders.append(grader(f"langfuse:{name}", verdict, figure, threshold, reason))
            continue
        if verdict is None:
            skipped += 1
            continue
        marks.append(
            Mark(
                qid=qid,
                says=LABEL,
                verdict=verdict,  # type: ignore[arg-type]
                note=f"langfuse:{name}" + (f": {comment}" if comment else ""),
                created=str(score.get("timestamp") or now()),
                by=str(score.get("authorUserId") or f"annotations in {path.name}"),
                grader_fingerprint="",
                grader_verdict="",
                source=f"{path}:{where}",
                picked=Picked(HAND),
            )
        )
    return graders, marks, skipped
