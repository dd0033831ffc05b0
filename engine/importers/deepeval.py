"""DeepEval test runs as a run: the file ``evaluate()`` saves (``test_run_<time>.json`` in
``DEEPEVAL_RESULTS_FOLDER``, or ``.deepeval/.latest_run_full.json``: ``testCases`` with their
``metricsData``), or what it returns written out (``result.model_dump_json()``: ``test_results``
with their ``metrics_data``). One run per file, one answer per test case.

A test case's ``input`` is the question, ``actual_output`` the answer, ``expected_output`` the
key (text written as a list, ``["Bobby Moore", "Robert Moore"]``, is the list of accepted
answers), ``retrieval_context`` the numbered sources, and its name the qid unless it is the
name DeepEval makes up from the case's position (``test_case_0``), never kept as an id. Each
metric is that grader's verdict, ``deepeval:<metric name>``, with its score, threshold and
reason: DeepEval's own ``success`` decides it (its threshold and strict mode applied), a metric
that raised (its ``error``) is no verdict, never wrong. A score that is NaN or infinite says
nothing a reader can check, and is refused with its test case. Conversational test cases hold
no single answer and are left out, counted in a note.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine.importers.base import Answers, Read, grader, named_once
from engine.importers.reading import Problems, is_nan, load_json
from grader.errors import RunFileError
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "deepeval"
DESCRIBE = "DeepEval test run JSON (test_run_*.json with testCases, or test_results as dumped)"
# The field map: a test run file's camel case name, then evaluate()'s result's.
FIELDS = {
    "cases": ("testCases", "test_results"),
    "conversational": ("conversationalTestCases",),
    "question": ("input",),
    "answer": ("actualOutput", "actual_output"),
    "reference": ("expectedOutput", "expected_output"),
    "contexts": ("retrievalContext", "retrieval_context"),
    "metrics": ("metricsData", "metrics_data"),
    "seconds": ("runDuration",),
}
MADE_UP_NAME = re.compile(r"test_case_\d+")  # DeepEval's name for a case given none
EXPECTED = "a DeepEval test run (testCases with metricsData, or test_results with metrics_data)"


def recognises(path: Path, head: bytes) -> bool:
    """A JSON object whose opening holds DeepEval's test cases and their metrics' data."""
    if not head.lstrip().startswith(b"{"):
        return False
    return (b'"testCases"' in head and b'"metricsData"' in head) or (
        b'"test_results"' in head and b'"metrics_data"' in head
    )


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    path = Path(path)
    document = load_json(path, path.read_bytes(), EXPECTED)
    cases = _first(document, "cases") if isinstance(document, dict) else None
    if not isinstance(cases, list):
        raise RunFileError(f"{path}: not {EXPECTED}: expected a list of test cases")
    problems = Problems(path)
    answers = Answers(declines)
    conversational = len(_first(document, "conversational") or ())
    for number, case in enumerate(cases, start=1):
        where = f"test case {number}"
        if not isinstance(case, dict):
            problems.add(where, "not a JSON object")
            continue
        if case.get("conversational") is True:
            conversational += 1
            continue
        case_name = case.get("name")
        given = isinstance(case_name, str) and not MADE_UP_NAME.fullmatch(case_name)
        where = f"test case {number}" + (f" ({case_name})" if given else "")
        if "input" not in case:
            problems.add(where, "no input (the question)")
            continue
        try:
            graders = _graders(_first(case, "metrics"))
        except (TypeError, ValueError) as exc:
            problems.add(where, f"a score must be a finite number or null: {exc}")
            continue
        seconds = _first(case, "seconds")
        answers.add(
            where,
            problems,
            source_id=str(case_name).strip() if given else "",
            question=case["input"],
            reference=_first(case, "reference"),
            answer=_first(case, "answer"),
            graders=graders,
            latency_ms=seconds * 1000 if isinstance(seconds, int | float) else None,
            line=number,
            contexts=_texts(_first(case, "contexts")),
        )
    problems.raise_any()
    hyper = document.get("hyperparameters") if isinstance(document, dict) else None
    hyper = hyper if isinstance(hyper, dict) else {}
    notes = []
    if conversational:
        notes.append(f"{conversational} conversational test case(s) left out: no single answer")
    return [
        Read(
            run_id=name or path.stem,
            model=str(hyper.get("model") or "unknown (DeepEval test run)"),
            config=str(hyper.get("prompt") or "deepeval"),
            answers=answers.answers,
            notes=notes,
            provenance={"deepeval hyperparameters": {k: str(v) for k, v in hyper.items()}},
        )
    ]


def _first(record: dict[str, Any], field: str) -> Any:
    for candidate in FIELDS[field]:
        if candidate in record:
            return record[candidate]
    return None


def _texts(value: Any) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _graders(metrics: Any) -> list[GraderVerdict]:
    """Each metric's verdict (TypeError or ValueError for a score that is not a finite number
    or null)."""
    if metrics is None:
        return []
    if not isinstance(metrics, list):
        raise TypeError("metricsData must be a list")
    found = []
    for metric in metrics:
        if not isinstance(metric, dict):
            raise TypeError("a metric's data must be an object")
        named = f"deepeval:{metric.get('name') or 'metric'}"
        score = metric.get("score")
        if is_nan(score):
            raise ValueError(f"{named}'s score is NaN")
        error = metric.get("error")
        success = metric.get("success")
        if error:
            verdict, reason = None, f"the metric failed: {error}"
        else:
            verdict = (
                {True: "correct", False: "wrong"}.get(success)
                if isinstance(success, bool)
                else None
            )
            reason = metric.get("reason") or ""
        try:
            found.append(grader(named, verdict, score, metric.get("threshold"), reason))
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{named}: {exc}") from None
    return list(named_once(found))
