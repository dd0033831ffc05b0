"""Clause split: what a sentence asserts in the model's own voice, and what it attributes to a
source (DESIGN 4.1). Content checks read only the asserted text, so an answer that quotes the
right figure on its way to the wrong one is graded on the wrong one.

A source *mention* ("Source 3", "Doc 2"; `grader.rules.citations`) can do one of three things:

- **back** the model's own claim: a citation in brackets ("(Source 2)", "[Source 2]"), an aside
  between commas ("The fee, per Source 2, is $34.00."), a mention inside the subject ("The fee
  listed in Source 2 is $34.00."), or a closing reference ("..., as shown in Source 2.");
- **open** the sentence with a lead-in, which the model then adopts as its answer: "According to
  Source 2, ...", "According to line 24 in Source 1, ...";
- **report** what the source says, handing the sentence to the source up to a contrast (the
  model's voice again) or to its end: "This is indicated in Source 3, where the ending balance
  is listed as $42.99, ...", "Source 3 lists $310." (the default, `reports`; grader version 2's
  `first-report` adopted an opening report that nothing contrasts), "Source 3 lists $42.99, but
  the amount due is $26.99."

There is more than one reasonable place to draw these lines, so strategies are registered by
name and `ragtriage strategies` measures how each would flip the answers on disk, and how each
agrees with the reviewers' marks. Every strategy is asked only about a sentence that names a
numbered source: a sentence that names none is asserted whole, whatever the strategy. (A belief
the sentence sets aside as someone else's is a step of its own after this split:
`grader.rules.beliefs`.)

Why one file: the vocabulary of attribution, the reading of what each mention does (backs, opens,
reports) and the strategies are one definition: each strategy is a few lines over `attributions`
and the same patterns, and its cases in tests/rules/test_clauses.py read against all of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from grader.errors import GraderConfigError
from grader.registry import lookup
from grader.rules.citations import mention_spans


class Span(NamedTuple):
    """A stretch of a sentence, ``text[start:end]``, in the model's own voice or attributed."""

    start: int
    end: int
    asserted: bool


@dataclass(frozen=True, slots=True, init=False)
class Clause:
    """One sentence, cut into consecutive spans, each asserted (the model's own voice) or
    attributed (reported from a source)."""

    text: str
    spans: tuple[Span, ...]

    def __init__(self, text: str, spans: tuple[Span, ...]) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "spans", spans)

    @classmethod
    def whole(cls, text: str) -> Clause:
        """A sentence asserted whole."""
        return cls(text, (Span(0, len(text), True),))

    def pieces(self) -> list[tuple[str, bool]]:
        """The spans as ``(text, asserted)``, in order, without the white space around them."""
        found = []
        for start, end, asserted in self.spans:
            piece = self.text[start:end].strip()
            if piece:
                found.append((piece, asserted))
        return found

    def part(self, start: int, end: int, asserted: bool) -> str:
        """The asserted (or attributed) text within ``text[start:end]``."""
        pieces = []
        for span_start, span_end, is_asserted in self.spans:
            low, high = max(start, span_start), min(end, span_end)
            if is_asserted == asserted and low < high:
                pieces.append(self.text[low:high].strip())
        return " ".join(piece for piece in pieces if piece)

    @property
    def asserted(self) -> str:
        return self.part(0, len(self.text), True)

    @property
    def attributed(self) -> str:
        return self.part(0, len(self.text), False)


def spans_at(text: str, cuts: list[tuple[int, bool]]) -> tuple[Span, ...]:
    """Spans from a list of (position, asserted from there on), starting asserted at 0."""
    marks = [(0, True), *cuts]
    spans = []
    for (start, asserted), (end, _next) in zip(marks, [*marks[1:], (len(text), True)], strict=True):
        if end > start:
            spans.append(Span(start, end, asserted))
    return tuple(spans)


# --- the vocabulary of attribution ------------------------------------------------------------

# Participles that report what a source holds: "indicated in Source 3", "listed in Source 2".
REPORTED = (
    "indicated stated listed shown mentioned noted reported specified given found described "
    "provided presented recorded written displayed cited quoted printed detailed outlined "
    "disclosed identified referenced included contained"
).split()
# Verbs with a source as their subject: "Source 3 lists", "Source 2 states that".
SAYS = (
    "says states shows lists indicates mentions reports notes specifies gives describes "
    "provides presents records displays reads suggests explains confirms contains includes "
    "discloses puts cites details outlines said stated showed listed indicated mentioned "
    "reported noted specified gave described provided presented recorded displayed confirmed "
    "contained included disclosed claims claimed quotes quoted estimates estimated reflects "
    "reflected cited"
).split()
# Words before a mention that make it the origin of what is said ("according to Source 2").
_LEAD_IN = re.compile(
    r"(?<!\w)(?:according\s+to|(?:as\s+)?(?:" + "|".join(REPORTED) + r")\s+(?:in|by|on|within)"
    r"|based\s+on|per|from|in|see)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_LEAD_IN_WINDOW = 48
_FOLLOW_ON = re.compile(
    r"\s*,?\s*(?:also\s+|further\s+|clearly\s+|only\s+)?(?:" + "|".join(SAYS) + r")\b",
    re.IGNORECASE,
)
_THE_BEFORE = re.compile(r"(?<!\w)the\s+$", re.IGNORECASE)
# Words that may stand before an opening attribution without making it mid-sentence.
OPENERS = frozenset(
    "as and also however so thus therefore yes no but finally moreover additionally".split()
)
_WORD = re.compile(r"\w+")
# An opening that names the source after a few words of its own: "According to line 24 in
# Source 1, ...", "Based on the balance sheet in Source 2, ...". No comma before the mention.
# (It is matched after the opener words, "As" among them: "As shown in Source 2" is an opening
# lead-in, `_LEAD_IN`.)
_OPENING_LEAD = re.compile(
    r"(?:according\s+to|based\s+on|per|looking\s+at|referring\s+to)\b[^,;]*$",
    re.IGNORECASE,
)
# After a mention inside the subject, the sentence's own verb: "The fee listed in Source 2 is".
_OWN_VERB = re.compile(
    r"\s*(?:is|are|was|were|amounts?\s+to|amounted\s+to|totals?|totaled|totalled|equals?|comes\s+to|"
    r"came\s+to|stands?\s+at|stood\s+at|of)\b",
    re.IGNORECASE,
)
# A contrast that hands a sentence back to the model's own voice.
_CONTRAST = re.compile(
    r"(?:,|;)\s*(?:but|however|whereas|while|yet|although|though)\b|\s(?:but|whereas)\s",
    re.IGNORECASE,
)
# A concessive opening: what a source says, conceded before the model's own claim ("While
# Source 1 lists $42.99, the amount due is $39.99."). The source's part ends at the first comma.
_CONCESSIVE = re.compile(
    r"\s*(?:while|although|though|even\s+though|whereas|despite\s+the\s+fact\s+that)\b[^,;]*$",
    re.IGNORECASE,
)
# What may follow a closing reference: punctuation, brackets, citation markers.
_CLOSING = re.compile(r"[\s.,;:!?)\]]*(?:\[[\d,\s-]*\][\s.,;:!?)\]]*)*$")


@dataclass(frozen=True, slots=True, init=False)
class Attribution:
    """A source mention that attributes: where its words start and end, how it was found."""

    start: int
    end: int
    mention_start: int
    mention_end: int
    lead_in: bool

    def __init__(
        self,
        start: int,
        end: int,
        mention_start: int,
        mention_end: int,
        lead_in: bool,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "mention_start", mention_start)
        object.__setattr__(self, "mention_end", mention_end)
        object.__setattr__(self, "lead_in", lead_in)


def attributions(sentence: str) -> list[Attribution]:
    """Every source mention in ``sentence`` that attributes, in order: the mention with a lead-in
    right before it ("according to", "as shown in", "listed in", "per", "based on", "from", "in")
    or a reporting verb right after it ("Source 2 says").

    A mention with neither only cites ("the table in Source 2's appendix").
    """
    found = []
    for start, end in mention_spans(sentence):
        window = sentence[max(0, start - _LEAD_IN_WINDOW) : start]
        lead_in = _LEAD_IN.search(window)
        if lead_in is not None:
            found.append(Attribution(start - len(window) + lead_in.start(), end, start, end, True))
            continue
        follow_on = _FOLLOW_ON.match(sentence, end)
        if follow_on is not None:
            the = _THE_BEFORE.search(sentence[max(0, start - 8) : start])
            opening = start - (len(the.group(0)) if the else 0)
            found.append(Attribution(opening, follow_on.end(), start, end, False))
    return found


def opens_sentence(sentence: str, start: int) -> bool:
    """Whether only opener words ("As", "However", "So", ...) stand before ``start``."""
    return OPENERS.issuperset(word.lower() for word in _WORD.findall(sentence, 0, start))


def _inside_brackets(sentence: str, start: int, end: int) -> bool:
    """Whether ``sentence[start:end]`` lies inside a pair of brackets: "(Source 2)"."""
    opened = max(sentence.rfind("(", 0, start), sentence.rfind("[", 0, start))
    if opened < 0:
        return False
    closer = ")" if sentence[opened] == "(" else "]"
    closed_before = sentence.find(closer, opened, start)
    return closed_before < 0 and sentence.find(closer, end) >= 0


def _backs(sentence: str, found: Attribution) -> bool:
    """Whether an attribution in mid-sentence backs the model's claim rather than reporting."""
    after = sentence[found.mention_end :]
    if _inside_brackets(sentence, found.mention_start, found.mention_end):
        return True
    if not found.lead_in:
        return False
    if _CLOSING.match(after):
        return True  # "The fee is $34.00, as shown in Source 2."
    if sentence[: found.start].rstrip().endswith(",") and after.lstrip().startswith(","):
        return True  # "The fee, per Source 2, is $34.00."
    return _OWN_VERB.match(after) is not None  # "The fee listed in Source 2 is $34.00."


def _opening(sentence: str, found: Attribution, since: int = 0) -> bool:
    """Whether an attribution opens the sentence (or what follows ``since``): only opener
    words stand before it, or the sentence opens with "According to ..." and names the source
    before its first comma."""
    head = sentence[since : found.mention_start]
    words = _WORD.findall(head)
    openers = 0
    while openers < len(words) and words[openers].lower() in OPENERS:
        openers += 1
    if opens_sentence(sentence[since:], found.start - since) or openers == len(words):
        return True
    lead = head[head.find(words[openers]) :]
    return _OPENING_LEAD.match(lead) is not None


def _end_of_concession(sentence: str, found: Attribution, since: int = 0) -> int | None:
    """Where a concession opened by ``found``'s words ends (the first comma or semicolon after
    them), when the sentence (or what follows ``since``) opens with a concessive word and the
    mention comes before any comma; otherwise None."""
    if _CONCESSIVE.match(sentence[since : found.mention_start]) is None:
        return None
    ends = (sentence.find(",", found.end), sentence.find(";", found.end))
    return min((place for place in ends if place >= 0), default=None)


def first_report(sentence: str, adopt_reports: bool = True) -> Clause:
    """The default: a mention that backs the claim or opens the sentence keeps it asserted; a
    mention that reports hands the sentence to the source up to a contrast (or to its end); a
    source that opens the sentence as its subject and is then contrasted is reported up to the
    contrast, and one conceded by an opening "While" / "Although" ... up to the first comma.

    Args:
        adopt_reports: Whether a source that opens the sentence as the subject of a reporting
            verb ("Source 1 lists $42.99.") is adopted when nothing contrasts it; without, it
            reports (`reports`).
    """
    cuts: list[tuple[int, bool]] = []
    resumed = 0  # where the model's own voice resumed after a reported opening
    for found in attributions(sentence):
        if found.start < resumed or _backs(sentence, found):
            continue
        comma = _end_of_concession(sentence, found, resumed)
        if comma is not None:
            # "While Source 1 lists $42.99, the amount due is $39.99.": reported to the comma.
            cuts += [(found.start, False), (comma, True)]
            resumed = comma + 1
            continue
        if _opening(sentence, found, resumed):
            contrast = _CONTRAST.search(sentence, found.end)
            if not found.lead_in and contrast is not None:
                # "Source 3 lists $42.99, but ...": reported up to the contrast.
                cuts += [(found.start, False), (contrast.start(), True)]
                resumed = contrast.end()
            elif not found.lead_in and not adopt_reports:
                cuts.append((found.start, False))  # "Source 1 lists $42.99.": a report
                break
            continue  # adopted: a later mention may still report
        # A report in mid-sentence: the source's to the end, or to a contrast that hands the
        # sentence back ("... is not stated in this excerpt, but capex was $4.31 billion").
        cuts.append((found.start, False))
        contrast = _CONTRAST.search(sentence, found.end)
        if contrast is None:
            break
        cuts.append((contrast.start(), True))
        resumed = contrast.end()
    return Clause(sentence, spans_at(sentence, cuts))


def reports(sentence: str) -> Clause:
    """Like `first_report`, but a source that opens the sentence as the subject of a reporting
    verb reports, contrasted or not ("Source 1 lists $42.99." asserts nothing); only an opening
    lead-in ("According to Source 2, ...") is adopted."""
    return first_report(sentence, adopt_reports=False)


def first_attribution(sentence: str) -> Clause:
    """Grader version 1's default: split at the first attribution; one that opens the sentence
    is adopted and the next attribution splits instead. No mention backs a claim."""
    found = attributions(sentence)
    if not found:
        return Clause.whole(sentence)
    first = found[0]
    if opens_sentence(sentence, first.start):
        later = [other for other in found[1:] if other.start >= first.end]
        if not later:
            return Clause.whole(sentence)
        first = later[0]
    return Clause(sentence, spans_at(sentence, [(first.start, False)]))


def mentions(sentence: str) -> Clause:
    """No split: every figure the sentence mentions counts as asserted (the old substring
    rule)."""
    return Clause.whole(sentence)


def sentence_attribution(sentence: str) -> Clause:
    """A sentence that attributes anywhere, even as its opening frame, asserts nothing."""
    if attributions(sentence):
        return Clause(sentence, (Span(0, len(sentence), False),))
    return Clause.whole(sentence)


def clause_bounded(sentence: str) -> Clause:
    """Like `first_attribution`, but a contrast after the cut (", but ...", "; however ...")
    returns the sentence to the model's own voice, unless it attributes anew."""
    clause = first_attribution(sentence)
    if len(clause.spans) < 2:
        return clause
    cut = clause.spans[1].start
    contrast = _CONTRAST.search(sentence, cut)
    if contrast is None:
        return clause
    cuts = [(cut, False), (contrast.start(), True)]
    again = [found for found in attributions(sentence) if found.start >= contrast.end()]
    if again:
        cuts.append((again[0].start, False))
    return Clause(sentence, spans_at(sentence, cuts))


# --- the registry -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Strategy:
    """A registered clause-split strategy."""

    name: str
    summary: str
    split_sentence: Callable[[str], Clause]

    def split(self, sentence: str) -> Clause:
        """The sentence's clause; a sentence that names no numbered source is asserted whole."""
        if not mention_spans(sentence):
            return Clause.whole(sentence)
        return self.split_sentence(sentence)


STRATEGIES: dict[str, Strategy] = {}
DEFAULT_STRATEGY = "reports"


def register(name: str, summary: str, split_sentence: Callable[[str], Clause]) -> None:
    """Register a sentence splitter under ``name``."""
    if name in STRATEGIES:
        raise GraderConfigError(f"clause strategy {name!r} is registered twice")
    STRATEGIES[name] = Strategy(name, summary, split_sentence)


register(
    "reports",
    "a mention that backs the claim, or an opening 'According to ...', keeps it asserted; a "
    "source that reports ('Source 3 lists $310') has the sentence up to a contrast (default)",
    reports,
)
register(
    "first-report",
    "like reports, but a source that opens the sentence as the subject of a reporting verb is "
    "adopted when nothing contrasts it (grader version 2's default)",
    first_report,
)
register(
    "first-attribution",
    "split each sentence at its first source attribution; an attribution that opens the "
    "sentence is adopted (grader version 1's default)",
    first_attribution,
)
register(
    "mentions",
    "no split: everything the answer mentions counts as asserted (the old substring rule)",
    mentions,
)
register(
    "sentence-attribution",
    "a sentence that names a source anywhere, even as its opening frame, asserts nothing",
    sentence_attribution,
)
register(
    "clause-bounded",
    "like first-attribution, but a contrast (', but ...', '; however ...') returns the "
    "sentence to the model's own voice",
    clause_bounded,
)


def get_strategy(name: str | None = None) -> Strategy:
    """Look a strategy up by name.

    Raises:
        GraderConfigError: for an unknown name, suggesting the closest registered one.
    """
    return lookup(STRATEGIES, name or DEFAULT_STRATEGY, "clause strategy")
