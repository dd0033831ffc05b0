"""Ragas results (``result.to_pandas()`` written with ``to_csv`` or ``to_json(orient="records",
lines=True)``) as a run: one run per file, one answer per row.

A row holds Ragas' sample fields (`FIELDS`: ``user_input``, ``response``, ``retrieved_contexts``
with their ``retrieved_context_ids``, ``reference``, ``reference_context_ids``; Ragas 0.1's
``question``, ``answer``, ``contexts``, ``ground_truth`` and the older ``ground_truths``) and a
column per metric: every other column whose cells are all numbers (or empty). The reference is
the key (a list, or a cell written as a JSON or Python list, is the list of accepted answers),
``reference_context_ids`` the golden documents, the retrieved contexts the numbered sources.

Each metric is that grader's verdict, ``ragas:<metric>@0.5``: correct from `THRESHOLD` up
(stated with the verdict and in the name). An empty cell, a null or a NaN is no verdict, never
wrong: Ragas writes NaN where the metric failed on the row (``raise_exceptions=False``). A
retrieval metric (its name says ``context``) scores the retrieval, not the answer: its figure
is kept beside the answer, with no verdict.
"""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path
from typing import Any

import orjson

from engine.importers.base import Answers, Read, grader
from engine.importers.reading import (
    Problems,
    cell_number,
    empty_cell,
    refuse_unless_first_fits,
    table_rows,
)
from engine.imports.fields import ID_FIELDS
from engine.imports.fields import KNOWN_FIELDS as ANSWER_FIELDS
from engine.imports.rows import delimiter_of, strings_of
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "ragas"
DESCRIBE = "Ragas results as CSV or JSON Lines (to_pandas().to_csv / .to_json; metric columns)"
THRESHOLD = 0.5  # a metric's score is correct from here up
# The field map: the first of each present in a row is read.
FIELDS = {
    "question": ("user_input", "question", "query"),
    "answer": ("response", "answer"),
    "contexts": ("retrieved_contexts", "contexts"),
    "context_ids": ("retrieved_context_ids",),
    "reference": ("reference", "ground_truth", "ground_truths"),
    "golden_docs": ("reference_context_ids",),
    "id": ID_FIELDS,
}
# Ragas' other sample fields: never metrics, whatever they hold.
OTHER_FIELDS = (
    "reference_contexts",
    "multi_responses",
    "rubrics",
    "reference_tool_calls",
    "persona_name",
    "query_style",
    "query_length",
    "synthesizer_name",
    "kind",
)
NOT_METRICS = frozenset([f for names in FIELDS.values() for f in names] + list(OTHER_FIELDS))
EXPECTED = (
    "Ragas results (rows with user_input and response, or question, answer and contexts or "
    "ground_truth, and metric columns)"
)
RETRIEVAL = "context"  # a metric named so scores the retrieval, not the answer


def recognises(path: Path, head: bytes) -> bool:
    """CSV or JSON Lines whose first row names Ragas' fields (``user_input`` and ``response``;
    or 0.1's ``question``, ``answer`` and ``contexts`` or ``ground_truth(s)``) and holds a
    metric: a number (or an empty cell) in a column that is none of them nor a field ``import
    answers`` reads (needles, kind: such a file is that importer's)."""
    text = head.decode("utf-8-sig", errors="replace").lstrip()
    if text.startswith("{"):
        line = text.split("\n", 1)[0]
        try:
            first = orjson.loads(line)
        except orjson.JSONDecodeError:
            try:
                first = json.loads(line)  # a bare NaN, as Python's json writes it
            except json.JSONDecodeError:
                return False
        row = first if isinstance(first, dict) else {}
    else:
        lines = text.split("\n", 2)
        if len(lines) < 2:
            return False
        reader = csv.DictReader(io.StringIO("\n".join(lines[:2])), delimiter=delimiter_of(text))
        row = next(reader, {})
    if not _ragas_fields(row):
        return False
    # a metric's cell: a number, or empty where the metric failed on the first row
    return any(
        cell_number(value) is not None or empty_cell(value)
        for field, value in row.items()
        if field is not None and field not in NOT_METRICS and field not in ANSWER_FIELDS
    )


def _ragas_fields(row: dict[str, Any]) -> bool:
    if "user_input" in row and "response" in row:
        return True
    return (
        "question" in row
        and "answer" in row
        and bool({"contexts", "ground_truth", "ground_truths"} & set(row))
    )


def metric_columns(found: list[tuple[int, dict[str, Any]]]) -> list[str]:
    """The columns that are metrics: none of Ragas' fields, every cell a number or empty, at
    least one a number, and none a finite number outside 0 to 1 (Ragas' metrics are scores
    from 0 to 1: a column of latencies or token counts is no metric, `other_figures`)."""
    return [column for column, scores in _numeric_columns(found).items() if scores]


def other_figures(found: list[tuple[int, dict[str, Any]]]) -> list[str]:
    """The columns of numbers that are no metric (a figure outside 0 to 1 among them)."""
    return [column for column, scores in _numeric_columns(found).items() if not scores]


def _numeric_columns(found: list[tuple[int, dict[str, Any]]]) -> dict[str, bool]:
    """Each column of numbers (none of Ragas' fields, every cell a number or empty, one at
    least a number) and whether its numbers are all scores (NaN, or 0 to 1)."""
    columns = dict.fromkeys(f for _n, row in found for f in row if f not in NOT_METRICS)
    numeric = {}
    for column in columns:
        cells = [row.get(column) for _n, row in found]
        numbers = [cell_number(cell) for cell in cells if not empty_cell(cell)]
        if numbers and all(number is not None for number in numbers):
            numeric[column] = all(
                math.isnan(number) or 0 <= number <= 1
                for number in numbers
                if number is not None and not math.isinf(number)
            )
    return numeric


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    path = Path(path)
    problems = Problems(path)
    found = list(table_rows(path, problems))
    refuse_unless_first_fits(path, found, _ragas_fields, EXPECTED)
    problems.raise_any()
    metrics = metric_columns(found)
    answers = Answers(declines)
    for number, row in found:
        where = f"line {number}"
        contexts, context_ids, golden_docs = (
            strings_of(_first(row, field)) for field in ("contexts", "context_ids", "golden_docs")
        )
        if contexts is None or context_ids is None or golden_docs is None:
            bad = (
                "contexts"
                if contexts is None
                else "context_ids"
                if context_ids is None
                else "golden_docs"
            )
            problems.add(where, f"{'/'.join(FIELDS[bad])} must be a list of strings")
            continue
        try:
            graders = [_grader(metric, row.get(metric)) for metric in metrics]
        except (TypeError, ValueError) as exc:
            problems.add(where, f"a metric must be a finite number or empty: {exc}")
            continue
        source = next((row[f] for f in FIELDS["id"] if isinstance(row.get(f), str | int)), "")
        answer = _first(row, "answer")
        answers.add(
            where,
            problems,
            source_id=str(source).strip() if not isinstance(source, bool) else "",
            question=_first(row, "question"),
            reference=_first(row, "reference"),
            answer=None if _no_answer(answer) else answer,
            graders=graders,
            line=number,
            contexts=contexts,
            context_ids=context_ids,
            golden_docs=golden_docs,
        )
    problems.raise_any()
    retrieval = [m for m in metrics if RETRIEVAL in m]
    notes = [f"metrics {', '.join(metrics)}" if metrics else "no metric columns"]
    others = other_figures(found)
    if others:
        notes.append(f"not metrics (figures outside 0 to 1): {', '.join(others)}")
    if retrieval:
        notes.append(
            f"retrieval metric(s) {', '.join(retrieval)}: figures kept, no verdict on the answer"
        )
    return [
        Read(
            run_id=name or path.stem,
            model="unknown (Ragas results)",
            config="ragas",
            answers=answers.answers,
            notes=notes,
            provenance={"ragas metrics": metrics},
        )
    ]


def _first(row: dict[str, Any], field: str) -> Any:
    for candidate in FIELDS[field]:
        if candidate in row:
            return row[candidate]
    return None


def _no_answer(value: Any) -> bool:
    """A response Ragas (pandas) wrote for none: null, or an empty CSV cell."""
    return value is None or value == ""


def grader_name(metric: str) -> str:
    """``ragas:<metric>@0.5``: the threshold its verdicts are read with; a retrieval metric,
    which gives none, without one."""
    return f"ragas:{metric}" if RETRIEVAL in metric else f"ragas:{metric}@{THRESHOLD:g}"


def _grader(metric: str, value: Any) -> GraderVerdict:
    """One metric's verdict on the row (ValueError for infinity, TypeError for a non-number)."""
    name = grader_name(metric)
    if empty_cell(value):
        return grader(name, None, None, None, "no score: the metric failed on this row")
    score = cell_number(value)
    if score is None:
        raise TypeError(f"{metric} is {value!r:.30}")
    if math.isnan(score):
        return grader(name, None, None, None, "NaN: the metric failed on this row")
    if not math.isfinite(score):
        raise ValueError(f"{metric} is {value!r:.30}")
    if RETRIEVAL in metric:
        return grader(name, None, score, None, "a retrieval metric: no verdict on the answer")
    return grader(name, "correct" if score >= THRESHOLD else "wrong", score, THRESHOLD)
