"""``corpus check``: is every answer key actually in its golden documents?

A key that does not occur in the text extracted from any golden document is a corpus bug (a
typo, a figure from another statement, a document that extracts differently than it reads),
and every answer graded against it is graded against fiction. For money keys the amount is
looked for as a number (forms print ``44,322`` where the key says ``$44,322``); other keys are
looked for as text, under the grader's own matching rules; where a question has content
needles, the grader reads the needles rather than the key, and so does this check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from corpora.loader import Corpus, Document
from grader.errors import CorpusError
from grader.match import normalize, normalize_phrase
from grader.money import find_amounts, number_values


@dataclass(frozen=True, slots=True)
class KeyFinding:
    """A question whose key was not found in any of its golden documents."""

    qid: str
    line: int
    reason: str


def check_keys(corpus: Corpus, document_text: Callable[[Document], str]) -> list[KeyFinding]:
    """Check every answerable and ambiguous key against its golden documents' text.

    Args:
        corpus: A loaded corpus.
        document_text: Extracts a document's text (the engine's ingestion).

    Returns:
        One finding per key that was not found, or per golden document that cannot be read.
    """
    texts: dict[str, str | None] = {}
    errors: dict[str, str] = {}

    def text_of(doc_id: str) -> str | None:
        if doc_id not in texts:
            document = corpus.document(doc_id)
            try:
                texts[doc_id] = normalize(document_text(document)) if document else None
            except CorpusError as exc:
                texts[doc_id], errors[doc_id] = None, str(exc)
        return texts[doc_id]

    findings: list[KeyFinding] = []
    for question in corpus.questions:
        key = question.gold.key.strip()
        if question.kind == "negative" or not key or not question.gold.golden_docs:
            continue
        golden = [(doc, text_of(doc)) for doc in question.gold.golden_docs]
        for doc, _ in golden:
            if doc in errors:
                findings.append(KeyFinding(question.qid, question.line, errors[doc]))
        readable = [text for _, text in golden if text is not None]
        amounts = find_amounts(key)
        if amounts:
            present = (
                set().union(*(number_values(text) for text in readable)) if readable else set()
            )
            missing = [a.text for a in amounts if a.value not in present]
            if missing:
                findings.append(
                    KeyFinding(
                        question.qid,
                        question.line,
                        f"key amount {', '.join(missing)} not found in "
                        f"{', '.join(question.gold.golden_docs)}",
                    )
                )
        elif question.gold.must_contain or question.gold.must_contain_any:
            # As in grading: with needles, the needles carry the content and the key is prose.
            for needle in question.gold.must_contain:
                if not any(normalize_phrase(needle) in text for text in readable):
                    findings.append(
                        KeyFinding(
                            question.qid,
                            question.line,
                            f"needle {needle!r} not found in "
                            f"{', '.join(question.gold.golden_docs)}",
                        )
                    )
            needles_any = question.gold.must_contain_any
            if needles_any and not any(
                normalize_phrase(n) in text for n in needles_any for text in readable
            ):
                findings.append(
                    KeyFinding(
                        question.qid,
                        question.line,
                        "none of the must_contain_any needles "
                        f"is in {', '.join(question.gold.golden_docs)}",
                    )
                )
        elif not any(normalize_phrase(key) in text for text in readable):
            findings.append(
                KeyFinding(
                    question.qid,
                    question.line,
                    f"key {key!r:.80} not found in {', '.join(question.gold.golden_docs)}",
                )
            )
    return findings
