"""Clause split: what the answer asserts in its own voice, and what it attributes to a source.

DESIGN 4.1. Each sentence is split at its first source attribution into an *asserted* half and
an *attributed* half; content checks read only the asserted text, so an answer that quotes the
right figure on its way to the wrong one is graded on the wrong one.

There is more than one reasonable place to draw that line, so strategies are registered by name
and `ragtriage strategies` measures how many answers on disk each would flip. The default,
``first-attribution``:

- a citation marker (``[1]``) is not an attribution: it backs the claim it follows;
- an attribution that *opens* the sentence ("According to Source 2, ...", "Source 2 states that
  ...") is adopted: the model makes the source's words its answer, so the rest is asserted;
- an attribution in mid-sentence ("This is indicated in Source 3, where the ending balance is
  listed as $42.99 ...") hands everything after it to the source.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rapidfuzz import process

from grader.errors import GraderConfigError


@dataclass(frozen=True, slots=True)
class Clause:
    """One sentence, split into the model's own claim and what it reports a source saying."""

    asserted: str
    attributed: str


_REPORT_VERBS = (
    r"indicated|stated|listed|shown|mentioned|noted|reported|specified|given|found|described|"
    r"provided|presented|recorded|written|displayed|cited|quoted|printed|detailed|outlined"
)
_SAYS = (
    r"says|states|shows|lists|indicates|mentions|reports|notes|specifies|gives|"
    r"describes|provides|presents|records|displays|reads|suggests|explains|confirms"
)
# An attribution names a numbered source as the origin of what follows. It is found by its
# anchor, the source mention ("Source 3", "document 2", "doc #4"), then confirmed by the words
# before it ("according to", "indicated in", "based on", "in") or after it ("says", "lists").
_SOURCE_MENTION = re.compile(r"(?<![\w])(?:sources?|documents?|docs?)\s*#?\s*\[?\d+\]?", re.I)
_LEAD_IN = re.compile(
    rf"(?<![\w])(?:according\s+to|(?:as\s+)?(?:{_REPORT_VERBS})\s+(?:in|by|on|within)"
    rf"|based\s+on|per|from|in)\s+(?:the\s+)?$",
    re.I,
)
_FOLLOW_ON = re.compile(rf"\s*,?\s*(?:also\s+|further\s+|clearly\s+)?(?:{_SAYS})\b", re.I)
_THE = re.compile(r"(?<![\w])the\s+$", re.I)
_LEAD_IN_WINDOW = 48


def find_attribution(text: str, pos: int = 0) -> tuple[int, int] | None:
    """The span of the first source attribution in ``text`` at or after ``pos``, or None."""
    for mention in _SOURCE_MENTION.finditer(text, pos):
        start = mention.start()
        window = max(pos, start - _LEAD_IN_WINDOW)
        lead_in = _LEAD_IN.search(text, window, start)
        if lead_in is not None:
            return lead_in.start(), mention.end()
        follow_on = _FOLLOW_ON.match(text, mention.end())
        if follow_on is not None:
            the = _THE.search(text, max(pos, start - 8), start)
            return (the.start() if the else start), follow_on.end()
    return None


# Words that may stand before an opening attribution without making it mid-sentence.
_OPENERS = frozenset(
    ("as and also however so thus therefore yes no but finally moreover additionally").split()
)
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"')\]]*\s+|\n+")
# Where a contrast hands the sentence back to the model's own voice (clause-bounded only).
_CONTRAST = re.compile(r"[,;]\s*(?:but|however|whereas|while|yet)\b|;\s+", re.IGNORECASE)


def split_sentences(text: str) -> list[str]:
    """Split an answer into sentences (and lines); empty pieces are dropped."""
    return [piece.strip() for piece in _SENTENCE_END.split(text) if piece and piece.strip()]


_NOT_WORD = re.compile(r"[^\w\s]")


def _opens_sentence(sentence: str, start: int) -> bool:
    if start == 0:
        return True
    prefix = _NOT_WORD.sub(" ", sentence[:start]).lower().split()
    return all(word in _OPENERS for word in prefix)


def _first_attribution(sentence: str) -> Clause:
    span = find_attribution(sentence)
    if span is None:
        return Clause(sentence, "")
    start, end = span
    if _opens_sentence(sentence, start):
        # The model adopts what it opens with; a later attribution still splits the rest.
        later = find_attribution(sentence, end)
        if later is None:
            return Clause(sentence, "")
        cut = later[0]
        return Clause(sentence[:cut].rstrip(), sentence[cut:])
    return Clause(sentence[:start].rstrip(), sentence[start:])


def _mentions(sentence: str) -> Clause:
    return Clause(sentence, "")


def _sentence_attribution(sentence: str) -> Clause:
    if find_attribution(sentence) is not None:
        return Clause("", sentence)
    return Clause(sentence, "")


def _clause_bounded(sentence: str) -> Clause:
    clause = _first_attribution(sentence)
    if not clause.attributed:
        return clause
    contrast = _CONTRAST.search(clause.attributed)
    if contrast is None:
        return clause
    resumed = clause.attributed[contrast.end() :]
    reported = clause.attributed[: contrast.start()]
    # What follows the contrast is the model's voice again, unless it attributes anew.
    again = find_attribution(resumed)
    own = resumed if again is None else resumed[: again[0]]
    attributed = reported + (" … " + resumed[again[0] :] if again else "")
    return Clause(f"{clause.asserted} … {own}".strip(" …"), attributed)


@dataclass(frozen=True, slots=True)
class Strategy:
    """A registered clause-split strategy."""

    name: str
    summary: str
    split_sentence: Callable[[str], Clause]


STRATEGIES: dict[str, Strategy] = {}
DEFAULT_STRATEGY = "first-attribution"


def register(
    name: str, summary: str
) -> Callable[[Callable[[str], Clause]], Callable[[str], Clause]]:
    """Register a sentence splitter under ``name``."""

    def decorate(function: Callable[[str], Clause]) -> Callable[[str], Clause]:
        if name in STRATEGIES:
            raise GraderConfigError(f"clause strategy {name!r} is registered twice")
        STRATEGIES[name] = Strategy(name, summary, function)
        return function

    return decorate


register(
    "first-attribution",
    "split each sentence at its first source attribution; an attribution that opens the "
    "sentence is adopted (default)",
)(_first_attribution)
register(
    "mentions",
    "no split: everything the answer mentions counts as asserted (the old substring rule)",
)(_mentions)
register(
    "sentence-attribution",
    "a sentence that names a source anywhere, even as its opening frame, asserts nothing",
)(_sentence_attribution)
register(
    "clause-bounded",
    "like first-attribution, but a contrast (', but ...', '; however ...') returns the "
    "sentence to the model's own voice",
)(_clause_bounded)


def get_strategy(name: str | None = None) -> Strategy:
    """Look a strategy up by name.

    Raises:
        GraderConfigError: for an unknown name, suggesting the closest registered one.
    """
    name = name or DEFAULT_STRATEGY
    strategy = STRATEGIES.get(name)
    if strategy is not None:
        return strategy
    best = process.extractOne(name, list(STRATEGIES))
    hint = f"; did you mean {best[0]!r}?" if best and best[1] >= 60 else ""
    raise GraderConfigError(
        f"unknown clause strategy {name!r}{hint} (known: {', '.join(STRATEGIES)})"
    )


def split_clauses(answer: str, strategy: str | None = None) -> list[Clause]:
    """Split ``answer`` into one `Clause` per sentence with the named strategy."""
    splitter = get_strategy(strategy).split_sentence
    return [splitter(sentence) for sentence in split_sentences(answer)]


def may_attribute(normalized: str) -> bool:
    """False when a (normalized) answer cannot contain an attribution: it names no source."""
    return "source" in normalized or "doc" in normalized


def asserted_text(answer: str, strategy: Strategy, normalized: str | None = None) -> str:
    """The asserted halves of every sentence, joined: what content checks read.

    Fast path: an answer that names no source attribution at all asserts everything, whatever
    the strategy, and needs no sentence split (the very same string is returned).

    Args:
        answer: The answer text.
        strategy: The clause-split strategy.
        normalized: ``grader.match.normalize(answer)`` when the caller has it already.
    """
    if strategy.split_sentence is _mentions:
        return answer
    if normalized is None:
        normalized = answer.lower()
    if not may_attribute(normalized) or find_attribution(answer) is None:
        return answer
    return " ".join(
        clause.asserted
        for clause in map(strategy.split_sentence, split_sentences(answer))
        if clause.asserted
    )
