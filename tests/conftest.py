"""Shared helpers: build answer records in memory."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from grader.schema import Answer, Gold, Source  # noqa: E402

# One answer line as a run file holds it (the readers' and the schema's tests start from it).
ANSWER_LINE: dict[str, Any] = {
    "type": "answer",
    "qid": "q1",
    "kind": "answerable",
    "question": "How much?",
    "gold": {"key": "$42.99", "golden_docs": ["adt"]},
    "answer": "It is $42.99 [1].",
    "sources": [{"n": 1, "doc": "adt", "page": 1, "text": "Amount due $42.99"}],
    "latency_ms": 812,
    "error": None,
}


@pytest.fixture(autouse=True)
def private_needles(tmp_path, monkeypatch):
    """No test writes a workspace decline list where it runs (one once wrote ./needles/ into
    the checkout, and every command run there then graded with it)."""
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "private-needles"))


@pytest.fixture
def pinned_rules(monkeypatch):
    """The rules' revision pinned for an app test: the grader's fingerprint on screen hashes the
    rules' code, and a snapshot should change when the screen does, not whenever a rule is
    edited."""
    import grader.rules.verdict

    monkeypatch.setattr(grader.rules.verdict, "rules_revision", lambda: "pinned-for-tests")


def make_answer(
    answer: str,
    *,
    kind: str = "answerable",
    key: str = "",
    qid: str = "q1",
    must_contain: tuple[str, ...] = (),
    must_contain_any: tuple[str, ...] = (),
    must_not_contain: tuple[str, ...] = (),
    golden: tuple[str, ...] = ("doc-a",),
    sources: list[Source] | None = None,
    error: str | None = None,
    question: str = "?",
) -> Answer:
    """An answer record whose source 1 is the golden ``doc-a`` (its text holds the key) and
    source 2 is ``doc-b``; the question says nothing a rule reads unless one is given."""
    if sources is None:
        sources = [Source(1, "doc-a", text=f"... {key} ..."), Source(2, "doc-b", text="...")]
    return Answer(
        qid=qid,
        kind=kind,
        question=question,
        gold=Gold(
            key=key,
            must_contain=must_contain,
            must_contain_any=must_contain_any,
            must_not_contain=must_not_contain,
            golden_docs=golden,
        ),
        answer=answer,
        sources=sources,
        latency_ms=1000,
        error=error,
    )
