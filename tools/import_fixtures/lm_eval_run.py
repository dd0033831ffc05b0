"""The lm-evaluation-harness fixture of the importer tests, written by lm_eval itself.

Run with the Python that has ``lm_eval`` installed (``tools/make_import_fixtures.py`` makes a
throwaway venv for it): ``python lm_eval_run.py OUT_DIR``. No model is needed: lm_eval's own
``dummy`` model (which says ``lol`` to everything) is given a table of replies (``lookup``,
registered here), and lm_eval's own command line runs the task in ``lm_eval_task/`` with
``--log_samples``, writing ``samples_lease_qa_<time>.jsonl`` under OUT_DIR. The task reads its
items from a local file (each with a list of accepted answers) and scores them with
``exact_match`` through two filters (the whole reply, and the words after "is").
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPLIES = {
    "What is the capital of France?": "The capital of France is Paris.",
    "Who captained England in the 1966 World Cup final?": "Robert Moore",
    "How many legs does a spider have?": "A spider has six legs.",
    "What is the monthly rent in the lease?": "The rent is $1450 a month.",
    "When does the lease end?": "June 30, 2027",
}


def main(out: Path) -> None:
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from lm_eval.__main__ import cli_evaluate
    from lm_eval.api.registry import register_model
    from lm_eval.models.dummy import DummyLM

    @register_model("lookup")
    class LookupLM(DummyLM):
        """lm_eval's dummy model, answering from a table."""

        def generate_until(self, requests, disable_tqdm: bool = False):
            replies = []
            for request in requests:
                prompt = request.arguments[0]
                said = next((r for q, r in REPLIES.items() if q in prompt), "I do not know.")
                replies.append(said)
            return replies

    os.chdir(HERE / "lm_eval_task")  # the task's data file is named relative to here
    sys.argv = [
        "lm_eval",
        "run",
        "--model",
        "lookup",
        "--model_args",
        "pretrained=lookup-model",
        "--tasks",
        "lease_qa",
        "--include_path",
        str(HERE / "lm_eval_task"),
        "--output_path",
        str(out),
        "--log_samples",
    ]
    cli_evaluate()


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
