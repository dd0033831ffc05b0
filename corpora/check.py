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
from grader.rules.match import occurs
from grader.rules.money import find_amounts
from grader.rules.money_keys import MoneyKey, bare_figures
from grader.rules.normalize import normalize


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
            figures = [a.value for text in readable for a in find_amounts(text)]
            figures += [figure for text in readable for figure in bare_figures(text)]
            missing = [
                amount.text
                for amount in amounts
                if not _printed(amount.text, question.gold.unit, question.gold.precision, figures)
            ]
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
                if not any(occurs(needle, text) for text in readable):
                    findings.append(
                        KeyFinding(
                            question.qid,
                            question.line,
                            f"needle {needle!r} not found in "
                            f"{', '.join(question.gold.golden_docs)}",
                        )
                    )
            needles_any = question.gold.must_contain_any
            if needles_any and not any(occurs(n, text) for n in needles_any for text in readable):
                findings.append(
                    KeyFinding(
                        question.qid,
                        question.line,
                        "none of the must_contain_any needles "
                        f"is in {', '.join(question.gold.golden_docs)}",
                    )
                )
        elif not any(occurs(key, text) for text in readable):
            findings.append(
                KeyFinding(
                    question.qid,
                    question.line,
                    f"key {key!r:.80} not found in {', '.join(question.gold.golden_docs)}",
                )
            )
    return findings


def _printed(amount: str, unit: str, precision: str, figures: list) -> bool:
    """Whether a key amount is among the figures of a document: as a dollar amount or as the
    bare figure a form prints, in dollars or as the key writes it (its unit)."""
    key = MoneyKey.of(amount, unit, precision)
    return key is not None and any(
        key.matches(figure) or figure in key.written for figure in figures
    )
