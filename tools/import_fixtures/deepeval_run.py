"""The DeepEval fixture of the importer tests, written by DeepEval itself.

Run with the Python that has ``deepeval`` installed (``tools/make_import_fixtures.py`` makes a
throwaway venv for it): ``python deepeval_run.py OUT_DIR``. No model is needed: the metrics are
deterministic `BaseMetric` subclasses, run by DeepEval's own ``evaluate``, which writes its test
run as ``test_run_<timestamp>.json`` in ``DEEPEVAL_RESULTS_FOLDER`` (set to OUT_DIR here; camel
case: ``testCases``, ``metricsData``); what ``evaluate`` returns is written beside it with its
own ``model_dump_json`` (``test_results``, ``metrics_data``). One
metric fails on one test case (an error, no score), which DeepEval records with the error and
no score when errors are ignored.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

# question -> (name, expected output, the model's answer, the retrieved context)
CASES = {
    "What is the capital of France?": (
        "capital-fr",
        "Paris",
        "The capital of France is Paris.",
        ["France's capital and largest city is Paris."],
    ),
    "Who captained England in the 1966 World Cup final?": (
        "moore",
        '["Bobby Moore", "Robert Moore"]',
        "Robert Moore.",
        ["Bobby Moore captained England to the 1966 title."],
    ),
    "How many legs does a spider have?": (
        "spider-legs",
        "8",
        "A spider has six legs.",
        ["Spiders have eight legs."],
    ),
    "What is the monthly rent in the lease?": (
        "rent",
        "$1,450",
        "The rent is $1450 a month.",
        ["Tenant shall pay rent of $1,450 per month."],
    ),
    "When does the lease end?": (
        "lease-end",
        "June 30, 2027",
        "",
        ["The term ends on June 30, 2027."],
    ),
}


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9$,]+", text.lower()))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    os.environ["DEEPEVAL_RESULTS_FOLDER"] = str(out)
    os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
    from deepeval import evaluate
    from deepeval.evaluate.configs import AsyncConfig, DisplayConfig, ErrorConfig
    from deepeval.metrics import BaseMetric
    from deepeval.test_case import LLMTestCase

    class ContainsExpected(BaseMetric):
        """1 when the answer holds the expected output (any of a JSON list), else 0."""

        def __init__(self, threshold: float = 0.5) -> None:
            self.threshold = threshold

        def measure(self, test_case, *args, **kwargs) -> float:
            import json

            expected = test_case.expected_output
            accepted = json.loads(expected) if expected.startswith("[") else [expected]
            found = [a for a in accepted if a.lower() in test_case.actual_output.lower()]
            self.score = 1.0 if found else 0.0
            self.success = self.score >= self.threshold
            self.reason = (
                f"the answer holds {found[0]!r}" if found else "no accepted answer in the output"
            )
            return self.score

        async def a_measure(self, test_case, *args, **kwargs) -> float:
            return self.measure(test_case)

        def is_successful(self) -> bool:
            return bool(self.success)

        @property
        def __name__(self) -> str:
            return "Contains Expected"

    class WordOverlap(BaseMetric):
        """The share of the expected output's words in the answer; fails on an empty answer
        (an error DeepEval records with no score)."""

        def __init__(self, threshold: float = 0.7) -> None:
            self.threshold = threshold

        def measure(self, test_case, *args, **kwargs) -> float:
            if not test_case.actual_output.strip():
                raise ValueError("empty actual_output: nothing to compare")
            expected = words(test_case.expected_output)
            shared = expected & words(test_case.actual_output)
            self.score = round(len(shared) / len(expected), 4)
            self.success = self.score >= self.threshold
            self.reason = f"{len(shared)} of {len(expected)} expected words"
            return self.score

        async def a_measure(self, test_case, *args, **kwargs) -> float:
            return self.measure(test_case)

        def is_successful(self) -> bool:
            return bool(self.success)

        @property
        def __name__(self) -> str:
            return "Word Overlap"

    cases = [
        LLMTestCase(
            name=name,
            input=question,
            actual_output=said,
            expected_output=expected,
            retrieval_context=context,
        )
        for question, (name, expected, said, context) in CASES.items()
    ]
    result = evaluate(
        test_cases=cases,
        metrics=[ContainsExpected(), WordOverlap()],
        async_config=AsyncConfig(run_async=False),
        display_config=DisplayConfig(print_results=False, show_indicator=False),
        error_config=ErrorConfig(ignore_errors=True),
        hyperparameters={"model": "lookup-model", "prompt": "lease-qa"},
    )
    # what evaluate() returns, as pydantic writes it (test_results, metrics_data: snake case)
    (out / "evaluation_result.json").write_text(result.model_dump_json(indent=2))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
