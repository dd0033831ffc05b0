"""The facts of a part (DESIGN 4.1, 4.2): the amounts of money and other figures its asserted
text names, each with what it rests on, and whether it says that a thing does not exist.

Each amount or figure (`Asserted`) is recorded with its facts: negative (signed, bracketed, or
worded as a loss: `grader.rules.money_wording`), grounded (a retrieved source holds it:
`grader.rules.context`), hedged (`grader.rules.hedges`), one of an either-or or a range ("either
$18.00 or $24.00", "$40-$50", "between $18 and $24"; not "from $18 to $24", a change) or the
alternative rejected ("£950, not £1,050"), the question's own, and after the answer's own
arithmetic ("after the discount you pay $81.60"; a figure inside the arithmetic, "after the
$50.00 credit", is what it works with) with whether that arithmetic names what was asked.

A part says that a thing does not exist (`says_none`): "there is no pet deposit", "no fee is
charged", "the lease does not allow pets", "the policy has no deductible", "none"; never "is not
listed" (a source that is silent: a decline).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from grader.rules.context import PAYING, WORDS, Context, names_question
from grader.rules.figures import COUNT, RATIO, Figure, find_figures
from grader.rules.hedges import hedged
from grader.rules.match import opening_with
from grader.rules.money import Amount, find_amounts
from grader.rules.money_wording import worded_as_negative
from grader.rules.normalize import clean, lowered_as_matched

# The answer's own arithmetic: a word that opens it ("after the discount", "so", "therefore"),
# then a word that gives its result ("you pay", "is", "="), before the figure. A figure inside
# the arithmetic ("after the $50.00 credit") is what it works with, not its result; one after a
# comma that closes it is ("net of the $25.00 credit, $187.00").
ARITHMETIC = ("after", "subtracting", "net of", "so", "therefore", "thus", "hence", "minus")
RESULT = (
    "is",
    "are",
    "was",
    "were",
    "be",
    "pay",
    "pays",
    "paid",
    "owe",
    "owes",
    "comes to",
    "come to",
    "total",
    "totals",
    "totaled",
    "leaves",
    "left",
    "becomes",
    "equals",
    "gives",
)
_ARITHMETIC_BODY = (
    r"(?<!\w)(?:"
    + "|".join(ARITHMETIC)
    + r")(?!\w).*?(?:(?<!\w)(?:"
    + "|".join(RESULT)
    + r")(?!\w)|=|,)"
)
# What every match of `_ARITHMETIC` opens with.
_ARITHMETIC_OPENER_BODY = r"(?<!\w)(?:" + "|".join(ARITHMETIC) + r")"
# (each read behind a lookahead for the words' first letters: `opening_with`)
_FIRST_LETTERS = "".join(sorted({word[0] for word in ARITHMETIC}))
_ARITHMETIC = re.compile(opening_with(_FIRST_LETTERS, _ARITHMETIC_BODY), re.IGNORECASE)
_ARITHMETIC_OPENER = re.compile(
    opening_with(_FIRST_LETTERS, _ARITHMETIC_OPENER_BODY), re.IGNORECASE
)
# Two figures joined as alternatives or a range: "either $18.00 or $24.00", "$40-$50", "between
# $18 and $24", "$18 to $24" (not "from $18 to $24", a change).
_EITHER = re.compile(r"\s*(?:or|-|to|and)\s*$", re.IGNORECASE)
_ALTERNATIVE_OPENING = re.compile(r"(?:either|between)\s+(?:\S+\s+){0,4}$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+(?:\S+\s+){0,2}$", re.IGNORECASE)
# Words that say a thing does not exist, by family: "there is no pet deposit" (or "not any"), "no
# fee is charged" (a few words between), "the lease does not allow pets" (do, does, did), "the
# policy has no deductible", "late fees are not charged", "none", "no such". A grounded absence
# is a part that says so of what was asked, in a sentence that cites a source.
_ABSENT_VERBS = (
    "have|charge|allow|permit|offer|include|require|exist|apply|impose|cover|list|register"
)
_ABSENT_STATES = (
    "charged|required|listed|offered|due|payable|owed|included|allowed|permitted|available"
    "|applicable|provided|registered|issued|outstanding"
)
# After "is not" fewer states: "is not listed", "is not provided" say that a source is silent
# (a decline), not that the thing does not exist.
_NOT_STATES = "charged|offered|allowed|permitted|available|applicable|required|included|payable"
_ABSENCE = re.compile(
    r"(?<!\w)(?:"
    r"there\s+(?:is|are|was|were)\s+(?:no|not\s+any)"
    rf"|no(?:\s+\w+){{1,3}}\s+(?:is|are|was|were)\s+(?:{_ABSENT_STATES})"
    rf"|(?:does|do|did)\s+not\s+(?:{_ABSENT_VERBS})"
    r"|(?:has|have|had)\s+no"
    rf"|(?:is|are|was|were)\s+not\s+(?:{_NOT_STATES})"
    r"|none|no\s+such"
    r")(?!\w)",
    re.IGNORECASE,
)


def says_none(text_norm: str) -> bool:
    """Whether (normalised) text says that a thing does not exist ("there are no debt
    securities", "no fee is charged", "none")."""
    # (every way of saying so holds "no": "no", "not any", "does not", "none")
    return "no" in text_norm and _ABSENCE.search(text_norm) is not None


@dataclass(frozen=True, slots=True, init=False)
class Asserted:
    """An amount of money or a figure the answer asserts, with where it stands and what it rests
    on.

    Attributes:
        what: The `Amount` or the `Figure`.
        part: Its part's place in `Reading.parts`.
        negative: Signed, bracketed, or worded as a loss, decrease or outflow.
        grounded: A retrieved source holds it (amounts only; figures are not looked up).
        hedged: A hedge stands before it in its part ("probably", "about").
        alternative: One of an either-or or a range ("either $18.00 or $24.00"), or the
            alternative rejected ("£950 a month, not £1,050").
        from_question: The question itself states it.
        after_arithmetic: It is the result of the answer's own arithmetic in its part ("after
            the discount you pay $81.60", "so the total is $42.99").
        names_asked: It is after the answer's own arithmetic, and the words that lead to it
            name what the question asks (`arithmetic_names_question`).
    """

    what: Amount | Figure
    part: int
    negative: bool
    grounded: bool
    hedged: bool
    alternative: bool
    from_question: bool
    after_arithmetic: bool
    names_asked: bool

    def __init__(
        self,
        what: Amount | Figure,
        part: int,
        negative: bool,
        grounded: bool,
        hedged: bool,
        alternative: bool,
        from_question: bool,
        after_arithmetic: bool,
        names_asked: bool,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "part", part)
        object.__setattr__(self, "negative", negative)
        object.__setattr__(self, "grounded", grounded)
        object.__setattr__(self, "hedged", hedged)
        object.__setattr__(self, "alternative", alternative)
        object.__setattr__(self, "from_question", from_question)
        object.__setattr__(self, "after_arithmetic", after_arithmetic)
        object.__setattr__(self, "names_asked", names_asked)

    @property
    def text(self) -> str:
        return self.what.text

    @property
    def value(self) -> Decimal:
        return self.what.value


def asserted_facts(
    asserted: str, note: Decimal | None, context: Context, place: int
) -> tuple[tuple[Asserted, ...], tuple[Asserted, ...]]:
    """The amounts of money and the other figures a part's asserted text holds, as `Asserted`."""
    if not asserted:
        return (), ()
    cleaned = clean(asserted)
    amounts = find_amounts(cleaned, note)
    figures = find_figures(cleaned, amounts)
    if not amounts and not figures:
        return (), ()
    opens = arithmetic_opens(cleaned)
    return (
        tuple(
            Asserted(
                amount,
                place,
                amount.negative or worded_as_negative(cleaned, amount.start, amount.end),
                context.grounds(amount),
                hedged(cleaned[: amount.start]),
                _alternative(cleaned, amounts, index),
                _stated_in_question(amount.value, context),
                *_arithmetic(cleaned, amounts, index, context, opens),
            )
            for index, amount in enumerate(amounts)
        ),
        tuple(
            Asserted(
                figure,
                place,
                figure.negative or worded_as_negative(cleaned, figure.start, figure.end),
                False,
                hedged(cleaned[: figure.start]),
                _alternative(cleaned, figures, index),
                (figure.kind, figure.value) in context.question_figures,
                *_arithmetic(cleaned, figures, index, context, opens),
            )
            for index, figure in enumerate(figures)
        ),
    )


def _stated_in_question(value: Decimal, context: Context) -> bool:
    """Whether the question states an amount of this value. (Looked up only in a question that
    states some: hashing a value to look it up costs more than the rest of the test, and most
    questions state none.)"""
    return bool(context.question_amounts) and value in context.question_amounts


def arithmetic_opens(text: str) -> int:
    """Where the first arithmetic word of ``text`` stands (`_ARITHMETIC_OPENER`), or its length
    when it holds none: no figure before it is the result of an arithmetic. The pattern is
    read only where one of the words is written, in any case (looked for as substrings of the
    text as a pattern ignoring case reads it, `lowered_as_matched`)."""
    lowered = lowered_as_matched(text)
    if not any(word in lowered for word in ARITHMETIC):
        return len(text)
    opener = _ARITHMETIC_OPENER.search(text)
    return opener.start() if opener is not None else len(text)


def _arithmetic(
    text: str, found: Sequence[Amount | Figure], index: int, context: Context, opens: int
) -> tuple[bool, bool]:
    """Whether the figure at ``found[index]`` is the result of the answer's own arithmetic in
    ``text`` (a part's asserted text), and whether that arithmetic names what the question asks
    (`arithmetic_names_question`). ``opens``: where the text's first arithmetic word stands
    (`_ARITHMETIC_OPENER`; before it, none opens)."""
    figure = found[index]
    if figure.start <= opens:
        return False, False  # (every match of `_ARITHMETIC` opens with such a word)
    opened = _ARITHMETIC.search(text, 0, figure.start)
    if opened is None:
        return False, False
    return True, arithmetic_names_question(text, found, opened.start(), figure.start, context)


def arithmetic_names_question(
    text: str, found: Sequence[Amount | Figure], opens: int, start: int, context: Context
) -> bool:
    """Whether the words that lead to the result of an arithmetic name what the question asks
    (DESIGN 4.5, v4): the words from the last figure before the arithmetic opens (at ``opens``)
    to its result (at ``start``) name the phrase or a word the question asks about, or the
    arithmetic gives its result with the question's own verb of paying ("after the trade-in you
    pay $899.00", asked what you pay). So "The list price is $1,249.00, so after the trade-in
    you pay $899.00" names no list price after the list price; "but the new balance, after the
    $50.00 credit, is $68.40" names the balance. When the question says nothing a rule reads,
    every arithmetic names it."""
    if not context.asks:
        return True
    since = max((other.end for other in found if other.end <= opens), default=0)
    if names_question(text[since:start], context):
        return True
    if not context.question_verbs:
        return False
    words = WORDS.findall(text[opens:start].lower())
    return any(PAYING.get(word, "") in context.question_verbs for word in words)


def _alternative(text: str, found: Sequence[Amount | Figure], index: int) -> bool:
    """Whether the figure at ``found[index]`` is one of two joined as alternatives or a range
    (and they differ): "either $18.00 or $24.00", "$40-$50", "between $18 and $24"; or the
    alternative rejected, right after "not", "rather than", "instead of" ("£950, not £1,050").
    Never a bound ("not more than $500", "does not exceed $500") or "not only"."""
    if rejected_before(text, found[index].start):
        return True
    for low, high in ((index - 1, index), (index, index + 1)):
        if low < 0 or high >= len(found) or _restates(found[low], found[high]):
            continue
        between = text[found[low].end : found[high].start]
        if _EITHER.fullmatch(between) is None:
            continue
        word = between.strip().lower()
        before = text[: found[low].start]
        if word == "and" and _ALTERNATIVE_OPENING.search(before) is None:
            continue  # "$18 and $24": both, not one of them
        if word == "to" and _FROM.search(before) is not None:
            continue  # "from $18 to $24": a change
        if word == "or" or word == "-" or word == "to" or word == "and":
            return True
    return False


_REJECTED_FIGURE = re.compile(
    r"(?<!\w)(?:not|rather\s+than|instead\s+of)(?:\s+(?:the|a|an))?\s*$", re.IGNORECASE
)
# What every match of `_REJECTED_FIGURE` holds, in lower case.
_REJECTING = ("not", "rather", "instead")
_REJECTED_REACH = 24  # characters before a figure where its rejection is read


def rejected_before(text: str, start: int) -> bool:
    """Whether the alternative at ``start`` is rejected: "not", "rather than" or "instead of"
    right before it (`_REJECTED_FIGURE`, in the few characters before it). The pattern is read
    only where one of the words is written there (substrings of the text as the pattern
    ignoring case reads it, `lowered_as_matched`)."""
    reach = max(0, start - _REJECTED_REACH)
    window = lowered_as_matched(text[reach:start])
    if not any(word in window for word in _REJECTING):
        return False
    return _REJECTED_FIGURE.search(text, reach, start) is not None


def _restates(one: Amount | Figure, other: Amount | Figure) -> bool:
    """Whether two figures are one figure written twice ("0.0142 or 1.42%", "$5 or $5.00"), or
    figures of kinds that are not alternatives to each other. The two are both amounts or both
    figures: `_alternative` reads the amounts of a part apart from its figures."""
    if isinstance(one, Figure) and isinstance(other, Figure):
        if one.kind == COUNT or other.kind == COUNT:
            return one.kind != other.kind or one.value == other.value
        return one.as_kind(RATIO) == other.as_kind(RATIO)
    return one.value == other.value
