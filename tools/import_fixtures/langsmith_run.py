"""The LangSmith fixtures of the importer tests, written by LangSmith's SDK itself.

Run with the Python that has ``langsmith`` and ``pandas`` installed
(``tools/make_import_fixtures.py`` makes a throwaway venv for it):
``python langsmith_run.py OUT_DIR``. No server and no model: the SDK's own ``evaluate`` runs
a table-driven stand-in app and deterministic evaluators over local examples with
``upload_results=False`` (nothing is sent anywhere), and the experiment's results are written
with its own ``to_pandas()`` (``inputs.*``, ``outputs.*``, ``reference.*``, ``feedback.*``,
``error``, ``execution_time``, ``example_id``, ``id``), then ``to_csv`` and ``to_json``. One
question makes the app raise (a run error); one evaluator returns no score on one answer.
"""

from __future__ import annotations

import os
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path

# question -> (the example's reference answer, the app's reply; None: the app raises)
EXAMPLES = {
    "What is the capital of France?": ("Paris", "The capital of France is Paris."),
    "Who captained England in the 1966 World Cup final?": (
        ["Bobby Moore", "Robert Moore"],
        "Robert Moore.",
    ),
    "How many legs does a spider have?": ("8", "A spider has six legs."),
    "What is the monthly rent in the lease?": ("$1,450", "The rent is $1450 a month."),
    "When does the lease end?": ("June 30, 2027", None),
}
DATASET = uuid.UUID("00000000-0000-4000-8000-00000000da7a")


def app(inputs: dict) -> dict:
    said = EXAMPLES[inputs["question"]][1]
    if said is None:
        raise TimeoutError("upstream model timed out after 3 retries")
    return {"answer": said}


def accepted(reference) -> list[str]:
    return reference if isinstance(reference, list) else [reference]


def contains_answer(outputs: dict, reference_outputs: dict) -> dict:
    said = outputs.get("answer") or ""
    found = [a for a in accepted(reference_outputs["answer"]) if a in said]
    return {"key": "contains_answer", "score": bool(found), "comment": f"found {found}"}


def concise(outputs: dict, reference_outputs: dict) -> dict:
    words = len((outputs.get("answer") or "").split())
    if not words or words > 5:  # no judgement on a long answer: no score given
        return {"key": "concise", "score": None, "comment": "too long to judge"}
    return {"key": "concise", "score": 1.0 - words / 10}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    os.environ["LANGSMITH_TRACING"] = "false"
    from langsmith import Client, evaluate
    from langsmith.schemas import Example

    examples = [
        Example(
            id=uuid.uuid5(DATASET, question),
            dataset_id=DATASET,
            inputs={"question": question},
            outputs={"answer": reference},
            created_at=datetime(2026, 1, 5, tzinfo=UTC),
        )
        for question, (reference, _said) in EXAMPLES.items()
    ]
    client = Client(api_key="not-used", api_url="http://127.0.0.1:9")  # never called
    results = evaluate(
        app,
        data=examples,
        evaluators=[contains_answer, concise],
        experiment_prefix="lease-qa",
        upload_results=False,
        client=client,
        max_concurrency=0,
    )
    frame = results.to_pandas()
    frame.to_csv(out / "langsmith-experiment.csv", index=False)
    # run and example ids are UUIDs: written as text (pandas' own default handler)
    frame.to_json(
        out / "langsmith-experiment.jsonl", orient="records", lines=True, default_handler=str
    )
    print(frame.to_string())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
