"""The Langfuse fixture of the importer tests: NOT fetched from Langfuse (no Langfuse server
runs here, and the SDK writes no such file without one). It is written from the documented
schema of ``GET /api/public/experiment-items?fields=io,scores`` (Langfuse's Experiments API,
https://langfuse.com/docs/api-and-data-platform/features/experiments-api), as the Langfuse
Python SDK's own generated API types declare it (``langfuse.api.experiments.types.
ExperimentItemsResponse``, ``ExperimentItem``, ``langfuse.api.scores.types.ScoreV3``): the
response is built here, read by the SDK as it reads a server's (``parse_obj_as``) and
serialized by its types, as
``langfuse.api.experiments.list_items(fields="io,scores").json()`` would write a real one.

Run with the Python that has ``langfuse`` installed (``tools/make_import_fixtures.py`` makes a
throwaway venv for it): ``python langfuse_items.py OUT_DIR``. Each item carries a model
evaluator's score (source EVAL) and some a person's (source ANNOTATION, with its author); one
item's trace errored (level ERROR, no output).
"""

from __future__ import annotations

import sys
from pathlib import Path

T0 = "2026-01-05T10:00:00Z"
# id -> (question, expected output, the app's output or None, the judge's score, a person's)
ITEMS = {
    "capital-fr": (
        "What is the capital of France?",
        "Paris",
        "The capital of France is Paris.",
        1.0,
        None,
    ),
    "moore": (
        "Who captained England in the 1966 World Cup final?",
        ["Bobby Moore", "Robert Moore"],
        "Robert Moore.",
        0.2,
        ("dana", True, "Robert is his given name: right."),
    ),
    "spider-legs": (
        "How many legs does a spider have?",
        "8",
        "A spider has six legs.",
        0.0,
        ("lee", False, ""),
    ),
    "rent": (
        "What is the monthly rent in the lease?",
        "$1,450",
        "The rent is $1450 a month.",
        None,
        ("dana", True, ""),
    ),
    "lease-end": ("When does the lease end?", "June 30, 2027", None, None, None),
}


def score(
    n: int, item: str, name: str, data_type: str, value, source: str, author=None, comment=None
):
    return {
        "id": f"score-{item}-{n}",
        "projectId": "project-lease",
        "name": name,
        "dataType": data_type,
        "value": value,
        "source": source,
        "timestamp": T0,
        "environment": "default",
        "createdAt": T0,
        "updatedAt": T0,
        "comment": comment,
        "authorUserId": author,
        "queueId": "queue-review" if source == "ANNOTATION" else None,
        "subject": {"kind": "trace", "id": f"trace-{item}"},
    }


def main(out: Path) -> None:
    from langfuse.api.core.pydantic_utilities import parse_obj_as
    from langfuse.api.experiments.types import ExperimentItemsResponse

    data = []
    for item, (question, expected, said, judged, person) in ITEMS.items():
        scores = []
        if judged is not None:
            scores.append(
                score(1, item, "correctness", "NUMERIC", judged, "EVAL", comment="LLM judge")
            )
        elif said is not None:
            # the judge gave a category it has no verdict word for
            scores.append(score(1, item, "correctness-label", "CATEGORICAL", "unsure", "EVAL"))
        if person is not None:
            author, right, comment = person
            scores.append(
                score(
                    2,
                    item,
                    "human-correct",
                    "BOOLEAN",
                    right,
                    "ANNOTATION",
                    author,
                    comment or None,
                )
            )
        data.append(
            {
                "id": f"observation-{item}",
                "traceId": f"trace-{item}",
                "startTime": T0,
                "endTime": "2026-01-05T10:00:01.250Z",
                "level": "ERROR" if said is None else "DEFAULT",
                "environment": "default",
                "experimentId": "experiment-lease-qa-1",
                "experimentName": "lease-qa",
                "experimentItemId": item,
                "input": {"question": question},
                "output": None if said is None else {"answer": said},
                "expectedOutput": {"answer": expected},
                "scores": scores,
            }
        )
    # read as the SDK reads the server's response (its parse_obj_as), then written back
    response = parse_obj_as(
        ExperimentItemsResponse, {"data": data, "meta": {"limit": 50, "cursor": None}}
    )
    out.mkdir(parents=True, exist_ok=True)
    (out / "langfuse-experiment-items.json").write_text(response.json())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
