"""The fields a row of answers or labels may hold (Ragas' names, and plain ones), and the id a
question without one is given (`question_qid`)."""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Any

# The field names of Ragas evaluation datasets, and plain ones, for the same things.
FIELDS = {
    "question": ("user_input", "question", "query"),
    "answer": ("response", "answer"),
    "contexts": ("retrieved_contexts", "contexts", "context"),
    "key": ("reference", "ground_truth", "ground_truths", "key", "gold"),
}
# A row's own id, as the tools that write such files name it (the first one present is kept).
ID_FIELDS = ("qid", "id", "question_id", "sample_id", "example_id", "uid")
NEEDLE_FIELDS = ("must_contain", "must_contain_any", "must_not_contain")
# Every field an answers file may hold that is read, or known and left alone (Ragas' others).
# A person's label on the row's answer (read as `import labels` reads a verdict), and who.
LABEL_FIELDS = ("verdict", "label", "human_label")
BY_FIELDS = ("by", "labeller", "annotator")
KNOWN_FIELDS = frozenset(
    [name for names in FIELDS.values() for name in names]
    + list(ID_FIELDS)
    + list(NEEDLE_FIELDS)
    + list(LABEL_FIELDS)
    + list(BY_FIELDS)
    + ["kind", "golden_docs", "reference_contexts", "multi_responses", "rubrics", "note"]
    + ["declined"]
)


def field_of(row: dict[str, Any], name: str) -> Any:
    """The row's value of a field (``question``, ``answer``, ``contexts``, ``key``): of the
    first of its names (`FIELDS`) the row holds; None when it holds none."""
    for candidate in FIELDS[name]:
        if candidate in row:
            return row[candidate]
    return None


def normal_question(question: str) -> str:
    """A question's text as its id and label matching read it: Unicode-normalised, case
    folded, spaces collapsed (``"What is  the rent?"`` and ``"what is the rent?"`` are one)."""
    return " ".join(unicodedata.normalize("NFKC", question).casefold().split())


def question_qid(question: str) -> str:
    """The stable id of a question without one: ``q-`` and a short hash of its normalised
    text, the same in any order and any file format (DESIGN 2: never a row number)."""
    digest = hashlib.sha256(normal_question(question).encode("utf-8")).hexdigest()
    return f"q-{digest[:10]}"
