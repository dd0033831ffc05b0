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
    "indicated stated listed shown mentioned noted reported specified given found described "
    "provided presented recorded written displayed cited quoted printed detailed outlined"
).split()
_SAYS = (
    "says states shows lists indicates mentions reports notes specifies gives "
    "describes provides presents records displays reads suggests explains confirms"
).split()
# An attribution names a numbered source as the origin of what follows. It is found by its
# anchor, the source mention ("Source 3", "document 2", "doc #4"), then confirmed by the words
# before it ("according to", "indicated in", "based on", "in") or after it ("says", "lists").
# Every pattern reads the lower-cased answer. A mention is found by its first word, a literal
# the regex engine can skip to; that nothing word-like touches it on the left is checked after
# the word (a look-behind in front would be tried at every character).
_SOURCE_MENTION = re.compile(r"source(?<!\wsource)s?\s*#?\s*\[?\d+\]?")
_DOC_MENTION = re.compile(r"doc(?<!\wdoc)(?:s|uments?)?\s*#?\s*\[?\d+\]?")
_MENTIONS = (("source", _SOURCE_MENTION), ("doc", _DOC_MENTION))
# The lead-in ends where the mention starts, then white space:
#     (according to | [as] VERB in/by/on/within | based on | per | from | in) [the]
# with nothing word-like on its left. It is matched backwards, on the reversed text before the
# mention, so it is one attempt anchored at the mention rather than one at every character of
# the window; alternatives are tried longest first, so the match starts where the leftmost
# forward match would.
_LEAD_IN_BACKWARDS = re.compile(
    r"\s+(?:eht\s+)?"
    r"(?:ot\s+gnidrocca"
    rf"|(?:nihtiw|ni|yb|no)\s+(?:{'|'.join(verb[::-1] for verb in _REPORT_VERBS)})(?:\s+sa)?"
    r"|no\s+desab|rep|morf|ni)"
    r"(?!\w)"
)
_FOLLOW_ON = re.compile(rf"\s*,?\s*(?:also\s+|further\s+|clearly\s+)?(?:{'|'.join(_SAYS)})\b")
_THE = re.compile(r"(?<![\w])the\s+$")
_LEAD_IN_WINDOW = 48


def lowered(text: str) -> str:
    """``text`` lower-cased character by character, so every offset still points into ``text``."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(char if len(char.lower()) != 1 else char.lower() for char in text)


def _source_mentions(low: str, pos: int) -> list[tuple[int, int]]:
    spans = _spans(_SOURCE_MENTION, low, pos) if "source" in low else []
    if "doc" in low:
        more = _spans(_DOC_MENTION, low, pos)
        if more:
            return sorted(spans + more) if spans else more
    return spans


def _spans(pattern: re.Pattern[str], text: str, pos: int) -> list[tuple[int, int]]:
    """Where ``pattern`` matches in ``text`` from ``pos`` on (one search per match costs less
    than setting up a scan, and most answers name one source or two)."""
    spans = []
    match = pattern.search(text, pos)
    while match is not None:
        spans.append(match.span())
        match = pattern.search(text, match.end())
    return spans


def _lead_in_start(low: str, window: int, start: int) -> int:
    """Where the lead-in that ends at ``start`` begins (not before ``window``), or -1."""
    backwards = low[window:start][::-1]
    if window > 0 and (low[window - 1].isalnum() or low[window - 1] == "_"):
        backwards += "_"  # a word goes on past the window: no lead-in may start at its edge
    match = _LEAD_IN_BACKWARDS.match(backwards)
    return -1 if match is None else start - match.end()


def find_attribution(text: str, pos: int = 0, low: str | None = None) -> tuple[int, int] | None:
    """The span of the first source attribution in ``text`` at or after ``pos``, or None.

    Args:
        text: The text (an answer, or one sentence of it).
        pos: Where to start looking.
        low: ``lowered(text)`` when the caller has it already.
    """
    if low is None:
        low = lowered(text)
    return _first_of(low, pos, _source_mentions(low, pos))


def _first_of(
    low: str, pos: int, mentions: list[tuple[int, int]], endpos: int | None = None
) -> tuple[int, int] | None:
    """`find_attribution` given the source mentions at or after ``pos``, in ``low[:endpos]``
    (where a sentence ends, when ``low`` is a whole answer)."""
    for start, end in mentions:
        lead_in = _lead_in_start(low, max(pos, start - _LEAD_IN_WINDOW), start)
        if lead_in >= 0:
            return lead_in, end
        follow_on = _FOLLOW_ON.match(low, end, len(low) if endpos is None else endpos)
        if follow_on is not None:
            the = _THE.search(low, max(pos, start - 8), start)
            return (the.start() if the else start), follow_on.end()
    return None


# Words that may stand before an opening attribution without making it mid-sentence.
_OPENERS = frozenset(
    ("as and also however so thus therefore yes no but finally moreover additionally").split()
)
# A sentence ends at ".", "!", "?" or "…" (then any closing quotes or brackets, then white
# space), or at a line break. The punctuation stays with its sentence.
_SENTENCE_END = re.compile(r"[.!?…][\"')\]]*\s+|\n+")
# The same where "." is the only one present (most answers): a literal prefix, which the regex
# engine skips to instead of trying a character class at every character.
_PERIOD_END = re.compile(r"\.[\"')\]]*\s+")
# Where a contrast hands the sentence back to the model's own voice (clause-bounded only).
_CONTRAST = re.compile(r"[,;]\s*(?:but|however|whereas|while|yet)\b|;\s+", re.IGNORECASE)


def split_sentences(text: str) -> list[str]:
    """Split an answer into sentences (and lines); empty pieces are dropped."""
    return [text[start:end] for start, end in sentence_spans(text)]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Where each sentence of `split_sentences` starts and ends in ``text``."""
    spans = []
    start = 0
    other_ends = "\n" in text or "?" in text or "!" in text or "…" in text
    ends = _SENTENCE_END if other_ends else _PERIOD_END
    end = ends.search(text)
    while end is not None:  # (one search a sentence costs less than setting up a scan)
        cut = end.start()
        _add_span(spans, text, start, cut if text[cut] == "\n" else cut + 1)
        start = end.end()
        end = ends.search(text, start)
    _add_span(spans, text, start, len(text))
    return spans


def _add_span(spans: list[tuple[int, int]], text: str, start: int, end: int) -> None:
    """Add ``text[start:end]`` without the white space around it, unless that leaves nothing."""
    piece = text[start:end]
    kept = piece.strip()
    if len(kept) == len(piece):  # (most sentences: nothing around them)
        if kept:
            spans.append((start, end))
    elif kept:
        start += len(piece) - len(piece.lstrip())
        spans.append((start, start + len(kept)))


_WORD = re.compile(r"\w+")


def _opens_sentence(sentence: str, start: int) -> bool:
    return start == 0 or _OPENERS.issuperset(_WORD.findall(sentence.lower(), 0, start))


def _first_attribution(sentence: str) -> Clause:
    low = lowered(sentence)
    cut = _first_attribution_cut(sentence, low, 0, len(sentence), _source_mentions(low, 0))
    if cut is None:
        return Clause(sentence, "")
    return Clause(sentence[:cut].rstrip(), sentence[cut:])


def _first_attribution_cut(
    text: str, low: str, start: int, end: int, mentions: list[tuple[int, int]]
) -> int | None:
    """Where the default split cuts the sentence ``text[start:end]``, or None (all of it is
    asserted). ``low`` is ``lowered(text)`` and ``mentions`` the source mentions in the sentence:
    ``text`` is the sentence itself, or the whole answer (the answer's mentions are found once).
    """
    span = _first_of(low, start, mentions, end)
    if span is None:
        return None
    first, last = span
    if first == start or _opens_sentence(text[start:end], first - start):
        # The model adopts what it opens with; a later attribution still splits the rest.
        # (The mentions after it are those found already: no mention overlaps an attribution's
        # end, which is a mention's end or the end of a verb like "states". With one mention,
        # the one just read, there is none.)
        if len(mentions) == 1:
            return None
        later = _first_of(low, last, [mention for mention in mentions if mention[0] >= last], end)
        return None if later is None else later[0]
    return first


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
    """False when a lower-cased (or normalized) text cannot contain an attribution: it names
    no numbered source ("the provided sources", "these documents" name none)."""
    for word, pattern in _MENTIONS:
        if word in normalized and pattern.search(normalized) is not None:
            return True
    return False


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
    if strategy.split_sentence is _first_attribution:
        if "source" not in normalized and "doc" not in normalized:
            return answer  # it names no source
        return _asserted_by_first_attribution(answer)
    if not may_attribute(normalized):
        return answer
    sentences = split_sentences(answer)
    if len(sentences) == 1 and sentences[0] == answer:
        # One sentence, the answer itself: the strategy reads it once, with no look first.
        asserted = strategy.split_sentence(answer).asserted
        return answer if asserted == answer else asserted
    if find_attribution(answer) is None:
        return answer
    parts = []
    for sentence in sentences:
        if not may_attribute(sentence.lower()):
            parts.append(sentence)  # names no source: every strategy asserts all of it
            continue
        asserted = strategy.split_sentence(sentence).asserted
        if asserted:
            parts.append(asserted)
    return " ".join(parts)


def _asserted_by_first_attribution(answer: str) -> str:
    """`asserted_text` under the default strategy: the answer's source mentions are found once,
    and each sentence is split where it stands in the answer (what splitting each sentence on
    its own gives: no mention or attribution reaches across the white space between two)."""
    low = lowered(answer)
    mentions = _source_mentions(low, 0)
    if not mentions:
        return answer  # it names no source
    spans = sentence_spans(answer)
    if len(spans) == 1 and spans[0] == (0, len(answer)):
        cut = _first_attribution_cut(answer, low, 0, len(answer), mentions)
        return answer if cut is None else answer[:cut].rstrip()
    parts = []
    cut_any = False
    for start, end in spans:
        inside = [mention for mention in mentions if start <= mention[0] and mention[1] <= end]
        cut = _first_attribution_cut(answer, low, start, end, inside) if inside else None
        if cut is None:
            parts.append(answer[start:end])
            continue
        cut_any = True
        asserted = answer[start:cut].rstrip()
        if asserted:
            parts.append(asserted)
    if not cut_any and _first_of(low, 0, mentions) is None:
        # It attributes nothing: all of it is asserted, as written. (A sentence is only ever
        # cut at an attribution that the answer read whole has too.)
        return answer
    return " ".join(parts)
