"""The Ragas fixtures of the importer tests, written by Ragas itself.

Run with the Python that has ``ragas`` (and ``rapidfuzz``, which its string similarity needs)
installed (``tools/make_import_fixtures.py`` makes a throwaway venv for it):
``python ragas_run.py OUT_DIR``. No model is needed: only Ragas' non-LLM metrics are computed
(exact match, string presence, Levenshtein string similarity, and the ID-based context recall
that reads ``reference_context_ids``), by Ragas' own ``evaluate``; the result is written with
its own ``to_pandas().to_csv`` and ``.to_json(orient="records", lines=True)``. One answer is
missing (the engine failed on it): the string metrics raise on it, and Ragas records NaN.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# id -> (question, reference, the model's answer, retrieved ids, retrieved texts, golden ids)
ROWS = {
    "capital-fr": (
        "What is the capital of France?",
        "Paris",
        "Paris",
        ["geo-fr"],
        ["France's capital and largest city is Paris."],
        ["geo-fr"],
    ),
    "moore": (
        "Who captained England in the 1966 World Cup final?",
        "Bobby Moore",
        "Robert Moore.",
        ["wc-1966", "wc-1970"],
        ["Bobby Moore captained England to the 1966 title.", "England lost in 1970."],
        ["wc-1966"],
    ),
    "spider-legs": (
        "How many legs does a spider have?",
        "8",
        "A spider has six legs.",
        ["insects"],
        ["Insects have six legs."],
        ["spiders"],
    ),
    "rent": (
        "What is the monthly rent in the lease?",
        "$1,450",
        "The rent is $1,450 a month.",
        ["lease-p2"],
        ["Tenant shall pay rent of $1,450 per month."],
        ["lease-p2"],
    ),
    "lease-end": (
        "When does the lease end?",
        "June 30, 2027",
        None,
        ["lease-p1"],
        ["The term ends on June 30, 2027."],
        ["lease-p1"],
    ),
}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
    from ragas import EvaluationDataset, evaluate
    from ragas.dataset_schema import SingleTurnSample
    from ragas.metrics import (
        ExactMatch,
        IDBasedContextRecall,
        NonLLMStringSimilarity,
        StringPresence,
    )

    dataset = EvaluationDataset(
        samples=[
            SingleTurnSample(
                user_input=question,
                reference=reference,
                response=response,
                retrieved_context_ids=retrieved_ids,
                retrieved_contexts=texts,
                reference_context_ids=golden,
            )
            for question, reference, response, retrieved_ids, texts, golden in ROWS.values()
        ]
    )
    result = evaluate(
        dataset,
        metrics=[ExactMatch(), StringPresence(), NonLLMStringSimilarity(), IDBasedContextRecall()],
        raise_exceptions=False,
        show_progress=False,
    )
    frame = result.to_pandas()
    frame.insert(0, "id", list(ROWS))  # the rows' own ids, as a user keeps them
    frame.to_csv(out / "ragas-results.csv", index=False)
    frame.to_json(out / "ragas-results.jsonl", orient="records", lines=True)
    print(frame.to_string())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
