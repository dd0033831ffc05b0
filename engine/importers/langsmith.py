"""LangSmith experiment results (``evaluate(...)``'s ``ExperimentResults.to_pandas()``, written
with ``to_csv`` or ``to_json(orient="records", lines=True)``) as a run: one answer per row.

The SDK flattens each row into ``inputs.<field>``, ``outputs.<field>``, ``reference.<field>``
(the dataset example's outputs), ``feedback.<key>`` (each evaluator's score, or its value
where it gave no score), ``error``, ``execution_time`` (seconds), ``example_id`` and ``id``
(the run's). The example's id is the qid (the same example in every experiment); the question,
answer and reference are the first of `FIELDS` present, else the only field of their kind; a
reference list (JSON, or a cell written as a Python list) is the list of accepted answers. A run
that raised (``error``) is an engine error, its first line kept, with no grader's verdict.

Each feedback key is that evaluator's verdict, ``langsmith:<key>``: true and false are correct
and wrong; a number is correct from `THRESHOLD` up (stated with the verdict); a text value is
read as a label (correct, incorrect, yes, no, pass, fail, ...) else kept with no verdict; an
empty cell, null or NaN (no score given) is no verdict, never wrong; infinity is refused with
its line. People's feedback (annotation queues) is not in this file: the SDK writes the
evaluators' scores only, with no author.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import orjson

from engine.importers.base import Answers, Read, engine_errors_note, grader
from engine.importers.reading import (
    Problems,
    cell_number,
    empty_cell,
    refuse_unless_first_fits,
    table_rows,
)
from engine.imports.labels import VERDICT_WORDS
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "langsmith"
DESCRIBE = "LangSmith experiment results as CSV or JSON Lines (ExperimentResults.to_pandas())"
THRESHOLD = 0.5  # a numeric feedback score is correct from here up
# The field map: the fields read first under each prefix (else the only one there is).
FIELDS = {
    "inputs.": ("question", "input", "query", "user_input"),
    "outputs.": ("answer", "output", "response", "text"),
    "reference.": ("answer", "output", "reference", "expected", "ground_truth", "key"),
}
FEEDBACK = "feedback."
EXPECTED = (
    "LangSmith experiment results (inputs.*, outputs.*, reference.* and feedback.* fields, "
    "as ExperimentResults.to_pandas() writes them)"
)
BOOLEANS = {"true": True, "false": False}


def recognises(path: Path, head: bytes) -> bool:
    """CSV or JSON Lines whose header (or first object) holds the SDK's flattened fields:
    ``inputs.*``, ``outputs.*`` or ``feedback.*``, and ``example_id``."""
    first = head.lstrip().split(b"\n", 1)[0]
    return (
        b"inputs." in first
        and b"example_id" in first
        and (b"outputs." in first or b"feedback." in first)
    )


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    path = Path(path)
    problems = Problems(path)
    found = list(table_rows(path, problems))
    refuse_unless_first_fits(
        path, found, lambda row: any(f.startswith("inputs.") for f in row), EXPECTED
    )
    problems.raise_any()
    keys = list(dict.fromkeys(f for _n, row in found for f in row if f.startswith(FEEDBACK)))
    answers = Answers(declines)
    for number, row in found:
        where = f"line {number}"
        error = row.get("error")
        error = None if empty_cell(error) else str(error).strip().split("\n", 1)[0]
        try:
            graders = [] if error else [_grader(key, row.get(key)) for key in keys]
        except (TypeError, ValueError) as exc:
            problems.add(where, f"feedback must be a number, true, false, a label or empty: {exc}")
            continue
        answer = _field(row, "outputs.")
        seconds = cell_number(row.get("execution_time"))
        example = row.get("example_id")
        answers.add(
            where,
            problems,
            source_id="" if empty_cell(example) else str(example).strip(),
            question=_field(row, "inputs."),
            reference=_field(row, "reference."),
            answer=None if empty_cell(answer) else _text(answer),
            error=error,
            graders=graders,
            latency_ms=seconds * 1000 if seconds is not None and math.isfinite(seconds) else None,
            line=number,
        )
    problems.raise_any()
    notes = [f"feedback {', '.join(k.removeprefix(FEEDBACK) for k in keys)}" if keys else ""]
    notes += engine_errors_note(answers.answers, "run error(s)")
    return [
        Read(
            run_id=name or path.stem,
            model="unknown (LangSmith experiment)",
            config="langsmith",
            answers=answers.answers,
            notes=[note for note in notes if note],
            provenance={"langsmith feedback keys": [k.removeprefix(FEEDBACK) for k in keys]},
        )
    ]


def _field(row: dict[str, Any], prefix: str) -> Any:
    """The first of `FIELDS` under ``prefix`` that holds a value, else the only field there."""
    for field in FIELDS[prefix]:
        if not empty_cell(row.get(prefix + field)):
            return row[prefix + field]
    present = [f for f in row if f.startswith(prefix) and not empty_cell(row[f])]
    return row[present[0]] if len(present) == 1 else None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else orjson.dumps(value).decode()


def _grader(key: str, value: Any) -> GraderVerdict:
    name = f"langsmith:{key.removeprefix(FEEDBACK)}"
    if empty_cell(value):
        return grader(name, None, None, None, "no score given")
    if isinstance(value, bool) or (isinstance(value, str) and value.lower() in BOOLEANS):
        passed = value if isinstance(value, bool) else BOOLEANS[value.lower()]
        return grader(name, "correct" if passed else "wrong", float(passed))
    score = cell_number(value)
    if score is not None:
        if math.isnan(score):
            return grader(name, None, None, None, "no score given (NaN)")
        if not math.isfinite(score):
            raise ValueError(f"{key} is {value!r:.30}")
        return grader(name, "correct" if score >= THRESHOLD else "wrong", score, THRESHOLD)
    if isinstance(value, str):
        label = VERDICT_WORDS.get(value.strip().lower())
        return grader(name, label[0] if label else None, None, None, f"value {value.strip()!r}")
    raise TypeError(f"{key} is {value!r:.30}")
