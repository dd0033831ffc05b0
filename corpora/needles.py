"""Needles mined from a reference answer: facts, not vocabulary (DESIGN 4.6).

Importers of third-party benchmarks (the Open RAG Benchmark, FinanceBench) and of answers made
elsewhere (`ragtriage import answers`) have a reference answer in free text and no needles. A
needle mined from it must be a fact a rule can check, or it passes unrelated answers and fails
right ones. A candidate is a figure ("71.4%", "0.83", "15,754"), a name with digits ("GPT-4",
"MMM26"), an acronym ("EMEA", "PFAS"), a CamelCase name ("MedTech", "DenseX") or a run of
capitalised words inside a sentence ("Consumer Health", "Las Vegas"); it is kept only when:

- it is not a year or a small count (no evidence of having read anything);
- it does not occur in the question (a needle the prompt hands the model proves nothing);
- it occurs in the golden text (a fact of the source, not of the annotator);
- it is not a token as generic as a corporate suffix, a country code or a fiscal label ("LLC",
  "USA", "FY", "GAAP");
- it does not occur in most of the corpus's documents (a word every filing uses is a topic,
  not a fact);
- it is in what the key answers with, not in its working: what follows a "Yes." or a "No."
  ("No. The quick ratio was 0.54, calculated as 15,754 / ...") is the reasoning, its figures
  and names intermediate.

A bare lowercase word ("acquisition", "liabilities") is never a candidate: it is the register
of every answer on the topic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from grader.rules.key import answer_of_key
from grader.rules.match import occurs
from grader.rules.normalize import normalize, normalize_phrase

_FIGURE = r"\d+(?:[.,]\d+)*\s?%?"  # figures: 95.3%, 0.82, 2,048
_NAMES = (
    r"[A-Za-z]*[A-Z][A-Za-z]*\d[\w-]*"  # names with digits: GPT-4, ResNet50, MMM26
    r"|[A-Z]{2,}[a-z]?s?"  # acronyms: BERT, LLMs, EMEA
    r"|[A-Z][a-z]+[A-Z]\w*"  # CamelCase: ImageNet, MedTech
    r"|(?P<run>(?<![\w-])[A-Z][a-z]+(?:\s(?:&\s)?[A-Z][a-z]+)*(?![\w-]))"  # capitalised words
)
# Where a sentence starts: a capitalised word there alone is no name ("Lower marketing ...").
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*[-*]?\s*)$")
CANDIDATE = re.compile(r"(?<![\w.])(?:" + _FIGURE + r")(?!\w)|" + _NAMES)
_IS_FIGURE = re.compile(_FIGURE)
# A figure that is no evidence of having read the source: a year, a small count or a day.
_WEAK_FIGURE = re.compile(r"(?:19|20)\d\d|\d{1,2}")
# Tokens too generic to check anything: corporate suffixes, country and currency codes, fiscal
# labels, the regulators and standards every filing names.
GENERIC = frozenset(
    normalize_phrase(token)
    for token in (
        "LLC Inc Corp Corporation Co Company Ltd PLC LP LLP NV SA AG GmbH Group Holdings "
        "US USA U.S UK EU USD EUR GBP FY Q1 Q2 Q3 Q4 H1 H2 YoY QoQ TTM LTM GAAP IFRS SEC "
        "NYSE CEO CFO"
    ).split()
)
MAX_NEEDLES = 3
MOST = 0.5  # a candidate in at least this share of the corpus's documents is a topic word


def mine_needles(
    reference: str,
    question: str,
    golden_text: str,
    documents: Sequence[str] = (),
) -> tuple[list[str], list[tuple[str, str]]]:
    """Candidate needles from a reference answer, kept only when they are facts (see the module
    docstring).

    Args:
        reference: The reference answer (the key).
        question: The question it answers.
        golden_text: The text the answer rests on (the golden section, the evidence pages).
        documents: The texts of the corpus's documents, for how common a candidate is.

    Returns:
        (kept needles, [(dropped needle, reason)]).
    """
    reference = reference.strip()
    question_norm = normalize(question)
    golden_norm = normalize(golden_text)
    answer_part = answer_of_key(reference)
    documents_norm = normalized_documents(tuple(documents))
    kept: list[str] = []
    dropped: list[tuple[str, str]] = []
    seen: set[str] = set()
    for match in CANDIDATE.finditer(reference):
        needle = match.group(0).strip().rstrip(".,")
        if (
            match.group("run")
            and " " not in needle
            and _SENTENCE_START.search(reference[: match.start()])
        ):
            continue  # one capitalised word opening a sentence
        norm = normalize_phrase(needle)
        if len(norm) < 2 or norm in seen:
            continue
        seen.add(norm)
        figure = _IS_FIGURE.fullmatch(needle) is not None
        if figure and _WEAK_FIGURE.fullmatch(needle):
            dropped.append((needle, "a year or a small count, no evidence of reading"))
        elif norm in GENERIC:
            dropped.append((needle, "a generic token"))
        elif match.start() >= len(answer_part) and answer_part != reference:
            dropped.append((needle, "in the reasoning after a Yes or No, not its answer"))
        elif occurs(needle, question_norm):
            dropped.append((needle, "appears in the question"))
        elif not occurs(needle, golden_norm):
            dropped.append((needle, "not in the golden section's text"))
        elif _common(needle, documents_norm):
            dropped.append((needle, "in most of the corpus's documents"))
        elif len(kept) < MAX_NEEDLES:
            kept.append(needle)
    return kept, dropped


@lru_cache(maxsize=4)
def normalized_documents(documents: tuple[str, ...]) -> tuple[str, ...]:
    """The documents, normalised: once for a corpus, whose every key is mined against the same
    documents (normalising them again for each key took most of a FinanceBench import)."""
    return tuple(normalize(text) for text in documents)


def _common(needle: str, documents: Iterable[str]) -> bool:
    """Whether a needle occurs in at least `MOST` of the documents (never with fewer than
    four documents to count in)."""
    documents = list(documents)
    if len(documents) < 4:
        return False
    found = sum(occurs(needle, text) for text in documents)
    return found >= MOST * len(documents)
