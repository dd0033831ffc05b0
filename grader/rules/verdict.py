"""Verdicts: the grader as a pure function of (answer record, needle lists) (DESIGN 4.5-4.7).

An answer is read once (`grader.rules.reading`) and its gold once (`key_of`: the key's
amounts, figures, Yes or No and kind, a `Key`); then each rule below is a small function of
that reading and that key, returning its outcome with the label that says why; `Grader.grade`
combines them. Every label is written by its rule in the registry (`grader.rules.codes`: its
code, definition and examples; ``ragtriage rules CODE``), and read back into its code only
there. Nothing is printed from here.

The rules, in the order a grade is made:

- `money_rule` (rules 3-5): is the key among the amounts the answer concludes with, and does
  the answer violate ZERO-WRONG-MONEY; `negative_money_rule` for a question with no answer;
- `withholds` (rule 2): the answer's ``declined`` flag, it withholds the answer;
- `content_rule` (rule 6): the money key, the key's figures, its Yes or No, the needles, or,
  when the key holds none of these, `unjudged`;
- `citation_rule` (rule 7): the sources cited, and whether a cited golden one holds the key;
- `verdict_of` (rule 7) combines them; `suspicions` names what makes a pass worth reading.

The decline check is consulted in exactly three places, marked DECLINE-PATH below: the
negative accept path, the ambiguous accept path and the money guard (an amount in a declining
part is excused when grounded; on a negative, grounded amounts are context only beside a
decline). It also words labels and the ``declined`` flag, and (v4) turns an answer that
withholds the answer to an answerable question from ``unjudged`` into ``wrong``: declining an
answerable question is wrong whatever the key holds. So widening the decline list turns wrong
into correct, removes violations, and leaves no decline of an answerable question to a reader.
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path

import orjson

import grader
from grader.registry import lookup
from grader.rules import codes
from grader.rules.citations import cited_docs, unknown_numbers
from grader.rules.clauses import Strategy, get_strategy
from grader.rules.declines import DeclineList, load_declines
from grader.rules.figures import Figure, KeyFigure, key_figures
from grader.rules.match import needle_pattern, occurs
from grader.rules.money import Amount, MoneyKey, find_amounts, names_key_figure, names_zero
from grader.rules.normalize import clean, normalize
from grader.rules.question_words import says_as_asked
from grader.rules.reading import (
    CONTRAST,
    CORRECTION,
    Asserted,
    Context,
    Reading,
    asked_in,
    read_answer,
    says_none,
    split_sentences,
    stance_in,
)
from grader.rules.surface import dated, rejects, shares_words, surface
from grader.schema import NOT_MONEY, Answer, Gold, Grade, MoneyCheck, SourceRef

GRADER_VERSION = "4"
CORRECT, PARTIAL, WRONG, UNJUDGED = "correct", "partial", "wrong", "unjudged"
VERDICTS = (CORRECT, PARTIAL, WRONG, UNJUDGED)
# The labels of an answer left to a reader, as tests and callers name them.
NEEDS_A_READER = codes.NO_CHECKABLE_FACT.say()
OTHER_WORDS = codes.OTHER_WORDS.say()
TAKES_NO_SIDE = codes.TAKES_NO_SIDE.say()


# --- money conclusion strategies ---------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class Found:
    """What a conclusion strategy decided: whether the key is what the answer concludes, the
    distinct other figures beside it (``sole``), and the figure that supersedes it."""

    found: bool
    others: tuple[str, ...] = ()
    superseded: Asserted | None = None

    def __init__(
        self,
        found: bool,
        others: tuple[str, ...] = (),
        superseded: Asserted | None = None,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "found", found)
        object.__setattr__(self, "others", others)
        object.__setattr__(self, "superseded", superseded)


Matcher = Callable[[Asserted], bool]


@dataclass(frozen=True, slots=True)
class Conclusion:
    """A conclusion strategy: which asserted figures are the answer when several are.

    ``decide`` is given the candidates (asserted, neither the question's own nor one of an
    either-or), a matcher for the key, and the reading.
    """

    name: str
    summary: str
    decide: Callable[[Sequence[Asserted], Matcher, Reading], Found]


def _any(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when any asserted figure equals it (grader versions 1 and 2)."""
    return Found(any(matches(item) for item in asserted))


def _concluding(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when the figure asserted last equals it."""
    return Found(bool(asserted) and matches(asserted[-1]))


def _sole(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when an asserted figure equals it; other distinct figures asserted
    beside it are named (the answer is then partial)."""
    found = any(matches(item) for item in asserted)
    others = [item.text for item in asserted if not matches(item)]
    return Found(found, tuple(dict.fromkeys(others)) if found else ())


def supersedes(item: Asserted, reading: Reading) -> bool:
    """Whether a figure asserted after the key supersedes it (DESIGN 4.5): it is given as a
    correction ("$1,310.00, sorry, I mean $1,301.00"), or as the same quantity after a contrast
    or the answer's own arithmetic: after a contrast, its part names what the question asks;
    after "after", "subtracting", "net of", "so", "therefore", the words that lead to it do
    (v4: "The list price is $1,249.00, but after the trade-in you pay $899.00", asked the list
    price, keeps the key; asked what you pay, it supersedes). Another quantity named after the
    key ("..., but the minimum payment is $35.00", asked the balance) does not; nor do the
    components of a correction, the figures after the one it gives in its part ("Sorry,
    $512.40: the $480.00 base plus $32.40 tax" concludes $512.40)."""
    part = reading.parts[item.part]
    if part.opener == CORRECTION:
        given = next((other for other in part.amounts if not other.from_question), None)
        if given is item:
            return True
    if item.after_arithmetic:
        return item.names_asked
    return part.opener == CONTRAST and (part.names_question or restates(item, part.asserted))


# The same quantity after a contrast, said again by a pronoun, the amount closing its part:
# "..., but in practice it is €15", "but it's really €15 [2]." Never an amount that more words
# follow ("but it is €5 for students", "but that is €15 less than last year"), nor another
# quantity named ("but the deposit is €15": that is `names_question`'s to say).
_RESTATED_BEFORE = re.compile(
    r"^\W*(?:but|however|yet|though|although)\W+"
    r"(?:(?:in\s+practice|in\s+fact|in\s+reality|actually|really|now|currently|effectively)\W+)*"
    r"(?:it|that|this)(?:\s+(?:actually|really))?"
    r"(?:\s+(?:is|was|will\s+be|would\s+be)|'s|\s+(?:costs?|comes\s+to|came\s+to"
    r"|amounts\s+to|totals))(?:\s+(?:actually|really|only|just))?\s*$",
    re.IGNORECASE,
)
_RESTATED_AFTER = re.compile(r"^\s*(?:\[\d+(?:,\s*\d+)*\]\s*)*[.!]?\s*$")


def restates(item: Asserted, asserted: str) -> bool:
    """Whether a part (its asserted text) says the amount ``item`` again of the same quantity
    after a contrast, by a pronoun ("but in practice it is €15"), the amount closing the part
    (DESIGN 4.5: "the same quantity after a contrast")."""
    cleaned = clean(asserted)
    return (
        _RESTATED_BEFORE.match(cleaned[: item.what.start]) is not None
        and _RESTATED_AFTER.match(cleaned[item.what.end :]) is not None
    )


def _superseding(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when an asserted figure equals it and no figure asserted after the
    last such one supersedes it (`supersedes`)."""
    last = max((i for i, item in enumerate(asserted) if matches(item)), default=None)
    if last is None:
        return Found(False)
    for item in asserted[last + 1 :]:
        if not matches(item) and supersedes(item, reading):
            return Found(False, superseded=item)
    return Found(True)


CONCLUSIONS: dict[str, Conclusion] = {
    conclusion.name: conclusion
    for conclusion in (
        Conclusion("any", "the key is any amount asserted (grader versions 1 and 2)", _any),
        Conclusion("concluding", "the key is the amount asserted last", _concluding),
        Conclusion(
            "sole",
            "the key must be the only distinct amount asserted; others make it partial",
            _sole,
        ),
        Conclusion(
            "superseding",
            "the key is an amount asserted and not superseded by a later correction, or by "
            "the same quantity after a contrast or the answer's own arithmetic (default)",
            _superseding,
        ),
    )
}
DEFAULT_CONCLUSION = "superseding"


def get_conclusion(name: str | None = None) -> Conclusion:
    """Look a money-conclusion strategy up by name.

    Raises:
        GraderConfigError: for an unknown name, suggesting the closest registered one.
    """
    return lookup(CONCLUSIONS, name or DEFAULT_CONCLUSION, "money strategy")


# --- the facts of a key ------------------------------------------------------------------------


def answer_of_key(key: str) -> str:
    """What a key answers with: the whole key, or, for a key that opens with Yes or No, its
    first sentence: "No" of "No. The quick ratio is 0.54, calculated as ...", what follows is
    the key's reasoning and its figures are the working, not the answer; "Yes, CVS paid a $0.55
    dividend per share" whole."""
    polarity = polarity_of_key(key)
    if not polarity:
        return key
    stripped = key.strip()
    if stripped[len(polarity) : len(polarity) + 1] in (".", "!", ""):
        return stripped[: len(polarity)]
    return next(iter(split_sentences(stripped)), stripped)


@lru_cache(maxsize=4096)
def money_key(key: str, unit: str = "", precision: str = "") -> MoneyKey | None:
    """The money key of a gold key: the amounts (in any currency) of what it answers with (cached: a
    corpus's keys come back in every run of it)."""
    return MoneyKey.of(answer_of_key(key), unit, precision)


@lru_cache(maxsize=4096)
def figures_of_key(key: str) -> tuple[KeyFigure, ...]:
    """The figures of what a text key answers with (cached, as `money_key`)."""
    return key_figures(answer_of_key(key))


_POLARITY_KEY = ("yes", "no")


@lru_cache(maxsize=4096)
def polarity_of_key(key: str) -> str:
    """ "yes" or "no" for a key that opens with it ("No. The quick ratio was 0.54"), else ""."""
    words = key.strip().lower().split(None, 1)
    first = words[0].strip(".,;:!") if words else ""
    return (
        first
        if first in _POLARITY_KEY and words[0][len(first) :] in ("", ".", ",", ";", ":", "!")
        else ""
    )


def is_figure_key(key: str) -> bool:
    """A key that is its figure and nothing more ("0.83", "7.9%", "2.7 times")."""
    figures = figures_of_key(key)
    return len(figures) == 1 and clean(answer_of_key(key)).strip(" .~") == figures[0].figure.text


def is_none_key(key: str) -> bool:
    """A key of a few words that says nothing exists ("There are none", "None", "No such
    fee")."""
    return is_short_key(key) and says_none(normalize(answer_of_key(key)))


# A key of a few words that names something ("Data Center", "HO-5521-77") is checked word for
# word; a longer one is an explanation no rule can match.
SHORT_KEY_WORDS = 6


def is_short_key(key: str) -> bool:
    """A key of at most `SHORT_KEY_WORDS` words and one sentence: a name, matched word for word."""
    stripped = key.strip().rstrip(".")
    sentences = _INITIAL.sub("", stripped)  # "J. R. R. Tolkien" is one sentence
    return 0 < len(stripped.split()) <= SHORT_KEY_WORDS and not any(
        mark in sentences for mark in (". ", "\n", "; ")
    )


_INITIAL = re.compile(r"(?<!\w)[^\W\d_]\.\s?")


@dataclass(frozen=True, slots=True, init=False)
class Key:
    """The gold read once: its facts as every check reads them, as the answer's are read once
    into a `Reading` (`key_of`; each is empty or false when the key is blank).

    Attributes:
        gold: The gold itself: its accepted answers (``gold.answers``), needles and golden
            documents.
        money: The amounts of what the key answers with (`money_key`), or None.
        polarity: "yes" or "no" for a key that opens with it (`polarity_of_key`), else "".
        is_none: The key says nothing exists (`is_none_key`).
        figures: The figures of what it answers with (`figures_of_key`).
        is_figure: The key is its figure and nothing more (`is_figure_key`).
        is_short: The key is a few words, matched word for word (`is_short_key`).

    A money key is judged by its amounts: ``figures``, ``is_figure`` and ``is_short`` are read
    only for a key that holds none, and are worked out only for one (empty, false).
    """

    gold: Gold
    money: MoneyKey | None
    polarity: str
    is_none: bool
    figures: tuple[KeyFigure, ...] = ()
    is_figure: bool = False
    is_short: bool = False

    def __init__(
        self,
        gold: Gold,
        money: MoneyKey | None,
        polarity: str,
        is_none: bool,
        figures: tuple[KeyFigure, ...] = (),
        is_figure: bool = False,
        is_short: bool = False,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "money", money)
        object.__setattr__(self, "polarity", polarity)
        object.__setattr__(self, "is_none", is_none)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "is_figure", is_figure)
        object.__setattr__(self, "is_short", is_short)


@lru_cache(maxsize=4096)
def key_of(gold: Gold) -> Key:
    """The facts of a gold's key, worked out once (cached: a corpus's golds come back in every
    answer to its questions)."""
    key = gold.key
    money = money_key(key, gold.unit, gold.precision) if key else None
    polarity = polarity_of_key(key) if key else ""
    if money is not None:
        return Key(gold, money, polarity, is_none_key(key))
    figures = figures_of_key(key) if key else ()
    return Key(
        gold, None, polarity, is_none_key(key), figures, is_figure_key(key), is_short_key(key)
    )


def _each_once(items: Iterable[Asserted]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(item.text for item in items))


def candidates(items: Iterable[Asserted], matches: Matcher) -> list[Asserted]:
    """The asserted figures that may be the answer: not one of an either-or, and not the
    question's own (unless it is the key)."""
    return [
        item for item in items if not item.alternative and (not item.from_question or matches(item))
    ]


# --- the rules --------------------------------------------------------------------------------


def money_rule(reading: Reading, key: Key, conclusion: Conclusion) -> MoneyCheck:
    """Rules 3 to 5 for an answerable or ambiguous question whose key holds an amount of money.

    The key is found by the conclusion strategy among the asserted amounts (an either-or is
    never the key; the question's own amounts are not the answer's); when the answer asserts
    no amount at all, by the bare figure a form prints ("44,322" for a $44,322 key). A
    $0 key is found by a word for nothing ("free", "no fee") unless a later amount supersedes
    it. The answer violates when it asserts an amount
    and the key is not found or is superseded; an amount in a declining part is excused only
    when a source holds it (DECLINE-PATH 3 of 3: a guess is never excused).
    """
    amount = key.money
    if amount is None:
        return NOT_MONEY

    def matches(item: Asserted) -> bool:
        return isinstance(item.what, Amount) and amount.matches_amount(item.what, item.negative)

    picked = candidates(reading.amounts, matches)
    zero = zero_part(reading) if amount.has_zero else None
    if zero is not None:
        # "There's no fee ... [1], but expedited delivery costs $25.00": the key, said in words,
        # unless an amount after it supersedes it
        later = [item for item in picked if item.part > zero]
        superseding = next((item for item in later if supersedes(item, reading)), None)
        decided = Found(superseding is None, superseded=superseding)
    elif picked:
        decided = conclusion.decide(picked, matches, reading)
    else:
        decided = Found(names_key_figure(reading.asserted_text, amount))
    counted = [
        item
        for item in reading.amounts
        if not (item.from_question and not matches(item))
        and not (reading.parts[item.part].declines and item.grounded)
    ]
    violation = not decided.found and bool(counted)
    return MoneyCheck(
        True,
        amount.texts,
        _each_once(reading.amounts),
        violation,
        decided.found,
        decided.others,
        decided.superseded.text if decided.superseded else "",
    )


def zero_part(reading: Reading) -> int | None:
    """The first part that says, in its asserted text, that there is no money at all ("no
    fee", "free", "$0"), or None."""
    return next(
        (
            place
            for place, part in enumerate(reading.parts)
            if part.asserted and names_zero(part.asserted) and not part.declines
        ),
        None,
    )


def negative_money_rule(reading: Reading, declined: bool) -> MoneyCheck:
    """Rule 5 for a question with no answer: every asserted amount that is not context is a
    violation. Context is a grounded amount, not hedged, in an answer that declines
    (DECLINE-PATH 3 of 3); an ungrounded amount is invented, a hedged one a guess, and one in
    an answer that does not decline answers a question that has no answer."""
    invented, guessed, unanswerable = [], [], []
    for item in reading.amounts:
        if item.from_question:
            continue
        if not item.grounded:
            invented.append(item)
        elif item.hedged:
            guessed.append(item)
        elif not declined:
            unanswerable.append(item)
    if not (invented or guessed or unanswerable):
        return NOT_MONEY
    return MoneyCheck(
        False,
        (),
        _each_once(reading.amounts),
        True,
        invented=_each_once(invented),
        guessed=_each_once(guessed),
        unanswerable=_each_once(unanswerable),
    )


def negative_money_labels(money: MoneyCheck) -> tuple[str, ...]:
    """``invented amount: $12.00``, ``guessed amount: $60``, ``amount given for a question
    with no answer: $500``."""
    labels = []
    for rule, amounts in (
        (codes.INVENTED_AMOUNT, money.invented),
        (codes.GUESSED_AMOUNT, money.guessed),
        (codes.UNANSWERABLE_AMOUNT, money.unanswerable),
    ):
        if amounts:
            labels.append(rule.say(", ".join(amounts)))
    return tuple(labels)


def wrong_money_label(money: MoneyCheck) -> str:
    """``wrong money: asserted $26.99, key $42.99`` (every accepted key amount named), or
    ``wrong money: $81.60 supersedes the key $96.00``."""
    key = " or ".join(money.key)
    if money.superseded:
        return codes.WRONG_MONEY.say(f"{money.superseded} supersedes the key {key}")
    return codes.WRONG_MONEY.say(f"asserted {', '.join(money.asserted)}, key {key}")


def withholds(reading: Reading, key: Key, kind: str, question: str = "") -> bool:
    """The answer's ``declined`` flag (rule 2): it withholds the answer. Some part declines (on
    a question with no answer, a grounded absence declines too), no other part gives an
    answer (an amount that is the key, a guess (hedged, or held by no source), one of the key's
    figures, a Yes or No, or a needle), and no part gives a hedged amount, the declining part
    included. A grounded amount stated beside a decline is context, not an answer ("The
    collision deductible is $500 [2]. I could not find a glass deductible.")."""
    if not (reading.declines or (kind == "negative" and reading.absence)):
        return False
    amount = key.money if kind != "negative" else None
    figures = key.figures if amount is None and kind != "negative" else ()
    for part in reading.parts:
        if part.declines or (kind == "negative" and part.absence):
            # A guess given in the declining part itself is still a guess given ("the policy
            # does not list it, so it is presumably the usual $1,000 [1]").
            if any(item.hedged and not item.from_question for item in part.amounts):
                return False
            continue
        for item in part.amounts:
            if item.from_question:
                continue
            if not item.grounded or item.hedged:
                return False
            if (
                amount is not None
                and isinstance(item.what, Amount)
                and amount.matches_amount(item.what, item.negative)
            ):
                return False
        for item in part.figures:
            if item.from_question or not isinstance(item.what, Figure):
                continue
            if any(k.matches(item.what, item.negative) for k in figures):
                return False
    if kind != "negative":
        if key.polarity and (reading.polarity if amount else stance_of_answer(reading, question)):
            return False
        if key.is_none and any(
            says_none(normalize(part.asserted)) for part in reading.parts if not part.declines
        ):
            return False
        needles = (*key.gold.must_contain, *key.gold.must_contain_any)
        undeclined = " ".join(part.asserted for part in reading.parts if not part.declines)
        if needles and any(occurs(needle, normalize(undeclined)) for needle in needles):
            return False
    return True


@dataclass(frozen=True, slots=True, init=False)
class ContentResult:
    """The content checks of one answer: which required checks passed, what failed, and
    whether the key holds anything a rule can check (``unstated``: the key's figures, when the
    answer states none of their kind and the key says more than its figure; ``reader``: why a
    reader must judge an answer the checks cannot, when it is not the key's want of a fact:
    the key answers Yes or No and the answer takes no side, or the answer may say the key in
    other words)."""

    passed: int
    required: int
    misses: tuple[str, ...]
    fatal: tuple[str, ...]
    checkable: bool = True
    unstated: tuple[str, ...] = ()
    reader: str = ""

    def __init__(
        self,
        passed: int,
        required: int,
        misses: tuple[str, ...],
        fatal: tuple[str, ...],
        checkable: bool = True,
        unstated: tuple[str, ...] = (),
        reader: str = "",
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "required", required)
        object.__setattr__(self, "misses", misses)
        object.__setattr__(self, "fatal", fatal)
        object.__setattr__(self, "checkable", checkable)
        object.__setattr__(self, "unstated", unstated)
        object.__setattr__(self, "reader", reader)

    @property
    def reader_label(self) -> str:
        """Why a reader must judge the answer."""
        if self.reader:
            return self.reader
        if self.unstated:
            figures = ", ".join(self.unstated)
            return codes.UNSTATED_FIGURE.say(figures)
        return NEEDS_A_READER


def content_rule(
    reading: Reading, key: Key, money: MoneyCheck, question: str = ""
) -> ContentResult:
    """Rule 6: check the key and the needles against the asserted text.

    A money key must be found (`money_rule`): a violation is fatal, other amounts beside it
    (the ``sole`` strategy) are a miss. A text key is checked through its facts: its figures
    (one must be asserted; a different figure of the same kind asserted instead is fatal), a Yes
    or No the answer opens with (the first asserted sentence's; the opposite is fatal), a key
    that says none exists (an answer that says so), and, when it holds none of these and is a
    few words long, the key itself word for word. A key that says more than its figure,
    answered without any figure of its kind, leaves the figure to a reader. Every
    ``must_contain`` must occur; one of ``must_contain_any`` must occur; a ``must_not_contain``
    needle is fatal unless negated ("rather than X"). A key with none of these facts is not
    ``checkable``.

    (v4) A key with several accepted answers (``gold.accepted``) is matched by any one of them,
    each as a phrase through the surface-form families (`grader.rules.surface`), and so is a
    short key. An answer that says none of them but holds some of their words (beyond the
    question's) may say the key in other words: a reader decides (`OTHER_WORDS`); otherwise
    the key is missing.
    """
    gold = key.gold
    asserted = reading.asserted_norm
    passed = required = 0
    misses: list[str] = []
    fatal: list[str] = []
    unstated: tuple[str, ...] = ()
    if money.is_money:
        required += 1
        if money.key_found:
            passed += 1
            if money.others:
                misses.append(codes.OTHER_AMOUNTS.say(", ".join(money.others)))
        elif money.violation:
            fatal.append(wrong_money_label(money))
        else:
            misses.append(codes.MISSING_KEY_AMOUNT.say(" or ".join(money.key)))
    else:
        figures = key.figures if not gold.accepted else ()
        fired, outcome = figure_rule(reading, figures) if figures else ("", "")
        if (
            fired == codes.MISSING_KEY_FIGURE.code
            and key.is_figure
            and says_key(gold, *answer_surfaces(reading))
        ):
            fired = outcome = ""  # the figure in words or another form ("eleven" for "11")
        if figures and fired == codes.MISSING_KEY_FIGURE.code and not key.is_figure:
            # A key that says more than its figure ("Las Vegas resorts contributed ~90%"): an
            # answer that states no figure of its kind may answer in words; a reader decides.
            unstated = tuple(figure.figure.text for figure in figures)
        elif figures:
            required += 1
            if outcome == "":
                passed += 1
            elif fired == codes.WRONG_FIGURE.code:
                fatal.append(outcome)
            else:
                misses.append(outcome)
    # A Yes or No is checked against the side the answer takes, however worded
    # (`grader.rules.stance`); an answer that takes none goes to a reader, unless a check
    # found it wrong or the key's needles judge it. A money key is answered by its amount:
    # there, only a Yes or No the answer opens with is checked.
    polarity = key.polarity
    side = (
        reading.polarity
        if money.is_money
        else stance_of_answer(reading, question)
        if polarity
        else ""
    )
    no_side = bool(polarity) and not side and not money.is_money
    if polarity and side:
        required += 1
        if side == polarity:
            passed += 1
        else:
            fatal.append(
                codes.WRONG_POLARITY.say(f"answered {side.title()}, key {polarity.title()}")
            )
    needles = bool(gold.must_contain or gold.must_contain_any)
    other_words = False
    if not (money.is_money or required) and key.is_none:
        # "There are none": answered by an answer that says none exists, in a part that does
        # not decline ("there are no debt securities registered under its name")
        required += 1
        if any(says_none(normalize(p.asserted)) for p in reading.parts if not p.declines):
            passed += 1
        else:
            misses.append(codes.MISSING_KEY.say(f'"{gold.key.strip()}"'))
    elif not (money.is_money or required or needles or unstated or polarity) and (
        gold.accepted or key.is_short
    ):
        # (a short key that holds a figure is checked through its figure, and one left to a
        # reader above is not matched word for word)
        required += 1
        surfaces = answer_surfaces(reading)
        if says_key(gold, *surfaces, surface(normalize(question)) if question else ""):
            passed += 1
        elif in_other_words(gold, surfaces[0], question) and not rejects_key(gold, surfaces[0]):
            other_words = True
        else:
            misses.append(codes.MISSING_KEY.say(f'"{gold.key.strip()}"'))
    for needle in gold.must_contain:
        required += 1
        if occurs(needle, asserted):
            passed += 1
        else:
            misses.append(codes.MISSING_NEEDLE.say(f'"{needle}"'))
    if gold.must_contain_any:
        required += 1
        if any(occurs(needle, asserted) for needle in gold.must_contain_any):
            passed += 1
        else:
            listed = ", ".join(f'"{needle}"' for needle in gold.must_contain_any)
            misses.append(codes.MISSING_NEEDLE.say(f"any of {listed}"))
    for needle in gold.must_not_contain:
        if occurs_unnegated(needle, asserted):
            fatal.append(codes.FORBIDDEN_NEEDLE.say(f'"{needle}"'))
    if other_words:
        # the key's words in another form, and nothing else to check: a reader decides
        return ContentResult(0, 0, (), tuple(fatal), False, unstated, OTHER_WORDS)
    if no_side and not fatal and not needles:
        # no needle to check it by: a reader decides
        return ContentResult(passed, required, tuple(misses), (), False, unstated, TAKES_NO_SIDE)
    return ContentResult(passed, required, tuple(misses), tuple(fatal), required > 0, unstated)


def stance_of_answer(reading: Reading, question: str) -> str:
    """The side the answer takes on the question, "yes", "no" or "" (`grader.rules.stance`,
    read from the answer's sentences against what a Yes-or-No question asks)."""
    return stance_in(reading.sentences, asked_in(question).question_claim)


def answer_surfaces(reading: Reading) -> tuple[str, str, str]:
    """The answer's asserted text in its canonical form (`grader.rules.surface`), the same with
    its dates as written, and the text as written: what `says_key` reads."""
    undated = surface(reading.asserted_norm, dates=False)
    return dated(undated), undated, reading.asserted_text


def says_key(gold: Gold, said: str, undated: str, asserted_text: str, asked: str = "") -> bool:
    """Whether the answer's asserted text says one of the key's accepted answers (rule 6, v4:
    `grader.rules.surface`), in its canonical form or with its dates as written (a key that
    names a month alone, "december", is said by "december 7, 1941"); ``answer_surfaces``;
    against the question's canonical form ``asked``, by the key's distinguishing part
    (`grader.rules.question_words`)."""
    if any(says_as_asked(accepted, asked, said, asserted_text) for accepted in gold.answers):
        return True
    return undated != said and any(
        says_as_asked(accepted, asked, undated, asserted_text) for accepted in gold.answers
    )


def in_other_words(gold: Gold, said: str, question: str) -> bool:
    """Whether an answer that says none of the accepted answers holds some of their content
    words beyond the question's (``said``: its canonical form): it may say the key in other
    words (a name given shorter or longer, the words in another form), and a reader decides."""
    asked = surface(normalize(question)) if question else ""
    return any(shares_words(accepted, said, asked) for accepted in gold.answers)


def rejects_key(gold: Gold, said: str) -> bool:
    """Whether the answer (``said``: its canonical form) mentions an accepted answer only to
    reject it ("It wasn't Argentina"): another answer, not the key in other words."""
    return any(rejects(accepted, said) for accepted in gold.answers)


def figure_rule(reading: Reading, figures: Sequence[KeyFigure]) -> tuple[str, str]:
    """The key's figures against the answer's (rule 6), as the code that fired and its label:
    ("", "") when the answer asserts one of them; F001 ``wrong figure: asserted 2.3x, key 1.8x``
    when it asserts figures of the key's kind and none is the key; otherwise F002 ``missing key
    figure: 1.8x``. (Which of several amounts an answer concludes with is the money conclusion
    strategy's question, not this rule's.)"""

    def matches(item: Asserted) -> bool:
        return isinstance(item.what, Figure) and any(
            figure.matches(item.what, item.negative) for figure in figures
        )

    def same_kind(item: Asserted) -> bool:
        """A figure that may stand for the key: of its kind, and not a bare whole number (a
        divisor in the answer's working, "/ 2") unless it is the key."""
        if not isinstance(item.what, Figure):
            return False
        if item.what.whole and not matches(item):
            return False
        return any(figure.figure.same_kind(item.what) for figure in figures)

    picked = candidates((item for item in reading.figures if same_kind(item)), matches)
    if any(matches(item) for item in picked):
        return "", ""
    key = " or ".join(figure.figure.text for figure in figures)
    if picked:
        wrong = codes.WRONG_FIGURE
        return wrong.code, wrong.say(f"asserted {', '.join(_each_once(picked))}, key {key}")
    return codes.MISSING_KEY_FIGURE.code, codes.MISSING_KEY_FIGURE.say(key)


_NEGATIONS = ("not", "no", "rather than", "instead of", "unlike", "never", "without", "nor")
# A negation among the few words before a mention, in its clause: "rather than the City of
# Evanston", "unlike the older bills from the City of Evanston", "do not send payments to X".
_NEGATED = re.compile(r"(?<!\w)(?:" + "|".join(_NEGATIONS) + r")(?!\w)(?:\W+\w+){0,5}\W*$")


# (v4) A negation runs on to the end of its clause across an aside set off by commas ("it is
# not, as some say, the City of Evanston"; "not Springfield, Evanston, or X"), and stops at a
# contrast ("not Evanston, as the bill says, but X").
_ASIDE = re.compile(r",[^,]{1,60},")
_CLAUSE_END = re.compile(r"[.;:!?()]")
_CONTRAST_OR_COMMA = re.compile(r",|(?<!\w)(?:but|however|yet|although|whereas|while)(?!\w)")
# How far back before a mention its clause is read.
_NEGATION_REACH = 200


def occurs_unnegated(needle: str, text_norm: str) -> bool:
    """Whether ``needle`` occurs in ``text_norm`` other than as a negated mention ("not X",
    "rather than X", "instead of X", "unlike X"); a negation reaches across an aside set off
    by commas ("it is not, as some say, X"), not past a contrast ("not Y, but X")."""
    pattern = needle_pattern(needle)
    if pattern is None:
        return False
    for found in pattern.finditer(text_norm):
        before = text_norm[max(0, found.start() - _NEGATION_REACH) : found.start()]
        clause = _CLAUSE_END.split(before)[-1]
        clause = _CONTRAST_OR_COMMA.split(_ASIDE.sub(" ", clause))[-1]
        if _NEGATED.search(clause) is None:
            return True
    return False


def citation_rule(
    reading: Reading, key: Key, sources: Sequence[SourceRef]
) -> tuple[tuple[str, ...], frozenset[str]]:
    """Which sources the answer cites, and what is wrong with that: a number no source was
    shown under; no citation at all, or none of a golden document (when the gold names
    golden documents).

    Returns:
        The labels (empty when the citations are in order) and the documents cited.
    """
    numbers = reading.cited
    docs = cited_docs(numbers, sources)
    labels = []
    unknown = unknown_numbers(numbers, sources)
    if unknown:
        listed = ", ".join(f"[{n}]" for n in unknown)
        labels.append(codes.NO_SUCH_SOURCE.say(listed))
    if key.gold.golden_docs:
        if not numbers:
            labels.append(codes.CITED_NOTHING.say())
        elif docs.isdisjoint(key.gold.golden_docs):
            labels.append(codes.CITED_NO_GOLDEN.say())
    return tuple(labels), docs


def golden_source_holds(
    reading: Reading, key: Key, sources: Sequence[SourceRef], money: MoneyCheck
) -> str:
    """For a money key found: "" when a cited golden source's text holds the key figure the
    answer asserts (or no cited golden source has text to look in); otherwise the label
    ``cited source does not hold $42.99``."""
    amount = key.money
    if amount is None or not money.key_found:
        return ""
    cited = set(reading.cited)
    golden = key.gold.golden_docs
    texts = [s.text for s in sources if s.n in cited and s.doc in golden and s.text]
    if not texts:
        return ""
    asserted = [
        item.what
        for item in reading.amounts
        if isinstance(item.what, Amount) and amount.matches_amount(item.what, item.negative)
    ]
    held = Context.of("", texts)
    if not asserted or any(held.grounds(one) for one in asserted):
        return ""
    return codes.SOURCE_DOES_NOT_HOLD.say(asserted[0].text)


def grounded_verdict(
    content: ContentResult, citation: tuple[str, ...], golden_cited: Sequence[str]
) -> tuple[str, tuple[str, ...]]:
    """The verdict of an answer graded on its content: wrong on a fatal check or when nothing
    passed; partial when some checks failed or the citations are not in order; correct with
    the golden document it cites."""
    if content.fatal:
        return WRONG, (*content.fatal, *content.misses)
    if not content.misses:
        # a citation of a source that does not exist counts as none, with its label
        notes = tuple(
            label for label in citation if codes.code_of(label) == codes.NO_SUCH_SOURCE.code
        )
        faults = tuple(label for label in citation if label not in notes)
        if faults:
            return PARTIAL, citation
        if golden_cited:
            return CORRECT, (codes.CITED_GOLDEN.say(", ".join(golden_cited)), *notes)
        return CORRECT, (codes.CONTENT_PASSED.say(), *notes)
    if content.passed:
        return PARTIAL, (*content.misses, *citation)
    return WRONG, (*content.misses, *citation)


def clean_decline(reading: Reading, declined: bool, money: MoneyCheck) -> bool:
    """An honest decline: the answer withholds the answer and asserts no amount that violates
    (DECLINE-PATH 1 and 2 of 3)."""
    return declined and not money.violation


def suspicions(
    reading: Reading, key: Key, verdict: str, money: MoneyCheck, declined: bool
) -> tuple[str, ...]:
    """What makes a passing answer worth reading before it is trusted: other amounts beside
    the key, the key also in an attributed clause, a decline phrase, a hedged figure."""
    if verdict != CORRECT:
        return ()
    reasons = []
    if money.is_money and len(money.asserted) > 1:
        reasons.append(f"{len(money.asserted)} amounts asserted")
    amount = key.money if money.is_money else None
    if amount is not None:
        attributed = " ".join(s.clause.attributed for s in reading.sentences if s.clause.attributed)
        if attributed and any(
            amount.matches(one.value, one.currency) for one in find_amounts(attributed)
        ):
            reasons.append("the key also sits in an attributed clause")
    if reading.decline is not None and not declined:
        # (an accepted decline holds its phrase by being one)
        reasons.append(f'a decline phrase in a passing answer ("{reading.decline.words}")')
    if any(item.hedged for item in (*reading.amounts, *reading.figures)):
        reasons.append("a hedged figure")
    return tuple(reasons)


# --- the fingerprint of the rules' code ----------------------------------------------------------

RULE_SOURCES = (
    Path(grader.__file__).parent / "schema.py",  # the package's files, not a compiled build's
    *sorted((Path(grader.__file__).parent / "rules").glob("*.py")),
)


@cache
def rules_revision() -> str:
    """A hash of the rules' code (each module's syntax tree, without docstrings or comments):
    any change to how answers are graded shows as another grader, a change to a comment
    does not."""
    digest = hashlib.sha256()
    for path in RULE_SOURCES:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except OSError:
            digest.update(f"{path.name}: missing".encode())
            continue
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (
                isinstance(body, list)
                and body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                body.pop(0)
        digest.update(path.name.encode() + b"\0" + ast.dump(tree).encode())
    return digest.hexdigest()[:16]


# --- the grader -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Grader:
    """The grader: decline list, clause strategy, money strategy, and today's gold.

    Attributes:
        declines: The decline list; default the shipped one.
        strategy: A registered clause-split strategy name; default the default strategy.
        gold_overrides: Today's gold per qid, replacing the gold stored in a run's answers
            (question needles change in the corpus, not in old run files).
        money: A registered money-conclusion strategy name; default ``any``.
        citations: Whether citations are graded (False for answers made without numbered
            sources, such as FinanceBench's: DESIGN 2).
        splitter, conclusion: The strategies the names stand for.
    """

    declines: DeclineList = field(default_factory=load_declines)
    strategy: str | None = None
    gold_overrides: Mapping[str, Gold] = field(default_factory=dict)
    money: str | None = None
    citations: bool = True
    splitter: Strategy = field(init=False)
    conclusion: Conclusion = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "splitter", get_strategy(self.strategy))
        object.__setattr__(self, "conclusion", get_conclusion(self.money))
        object.__setattr__(self, "strategy", self.splitter.name)
        object.__setattr__(self, "money", self.conclusion.name)
        object.__setattr__(self, "gold_overrides", dict(self.gold_overrides))

    @property
    def fingerprint(self) -> str:
        """A short hash of everything that decides a verdict besides the answer itself: the
        rules' code, the strategies, the lists and today's gold."""
        payload = {
            "version": GRADER_VERSION,
            "rules": rules_revision(),
            "strategy": self.splitter.name,
            "money": self.conclusion.name,
            "citations": self.citations,
            "declines": self.declines.to_dict()["phrases"],
            "conditions": self.declines.to_dict()["conditions"],
            "gold": {qid: gold.to_dict() for qid, gold in sorted(self.gold_overrides.items())},
        }
        for phrase in payload["declines"]:  # what decides a verdict, not why it is there
            for note in ("why", "observed", "override", "counterexamples"):
                phrase.pop(note, None)
        return hashlib.sha256(orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)).hexdigest()[:12]

    def variant(self, **changes: object) -> Grader:
        """The same grader with some of its settings changed (``declines``, ``strategy``,
        ``gold_overrides``, ``money``, ``citations``)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def gold_of(self, answer: Answer) -> Gold:
        """Today's gold of an answer's question."""
        return self.gold_overrides.get(answer.qid, answer.gold)

    def read(self, answer: Answer) -> Reading:
        """The answer read once with this grader's strategy and decline list, against its
        question and its sources."""
        context = Context.of(answer.question, [source.text for source in answer.source_refs()])
        return read_answer(answer.answer, self.splitter, self.declines, context)

    def grade(self, answer: Answer) -> Grade:
        """Grade one answer. Pure: same answer and lists, same grade."""
        return self.grade_reading(answer, self.read(answer))

    def graded(self, answer: Answer) -> tuple[Grade, Reading]:
        """Grade one answer and keep its reading: for a caller that shows what was read (the
        review app, ``grade --json``), one reading serves both."""
        reading = self.read(answer)
        return self.grade_reading(answer, reading), reading

    def grade_reading(self, answer: Answer, reading: Reading) -> Grade:
        """Grade one answer from its reading (`read`), for a caller that reads it itself."""
        gold = self.gold_of(answer)
        key = key_of(gold)  # the gold read once, as the answer is
        kind = answer.kind
        sources = answer.source_refs()
        citation, docs = citation_rule(reading, key, sources) if self.citations else ((), _NONE)
        declined = withholds(reading, key, kind, answer.question)
        amount = key.money if kind != "negative" else None
        # A money question by its key alone: an engine error stays in the money bar.
        money = MoneyCheck(True, amount.texts, (), False) if amount is not None else NOT_MONEY
        labels: tuple[str, ...]
        if answer.error is not None:
            verdict, labels = WRONG, (codes.ENGINE_ERROR.say(),)
        elif kind == "negative":
            money = negative_money_rule(reading, declined)
            if clean_decline(reading, declined, money):  # DECLINE-PATH 1 of 3
                verdict, labels = CORRECT, (codes.DECLINED.say(),)
            else:
                verdict = WRONG
                labels = () if declined else (codes.DID_NOT_DECLINE.say(),)
                labels += negative_money_labels(money)
        else:
            if amount is not None:
                money = money_rule(reading, key, self.conclusion)
            if kind == "ambiguous" and clean_decline(reading, declined, money):  # DECLINE-PATH 2
                verdict, labels = CORRECT, (codes.DECLINED_AMBIGUOUS.say(),)
            else:
                verdict, labels = self._answered(
                    reading, key, money, citation, docs, sources, answer.question
                )
                if verdict == UNJUDGED and declined:
                    # declining an answerable question is wrong whatever the key holds (rule 2)
                    verdict, labels = WRONG, (codes.DECLINED_ANSWERABLE.say(), *citation)
                elif verdict == WRONG and declined:
                    labels = (codes.DECLINED_ANSWERABLE.say(), *labels)
        if reading.invented_block:
            labels = (*labels, codes.INVENTED_SOURCE_BLOCK.say())
        return Grade(
            answer.qid,
            kind,
            verdict,
            labels,
            declined,
            reading.decline.words if reading.decline else None,
            money,
            tuple(sorted(docs)),
            answer.latency_ms,
            suspicions(reading, key, verdict, money, declined),
        )

    def _answered(
        self,
        reading: Reading,
        key: Key,
        money: MoneyCheck,
        citation: tuple[str, ...],
        docs: frozenset[str],
        sources: Sequence[SourceRef],
        question: str = "",
    ) -> tuple[str, tuple[str, ...]]:
        """The verdict of an answer to an answerable (or ambiguous) question."""
        content = content_rule(reading, key, money, question)
        if not content.checkable:
            return UNJUDGED, (content.reader_label, *citation)
        golden = sorted(docs.intersection(key.gold.golden_docs))
        if self.citations and golden and not content.fatal and not content.misses:
            holds = golden_source_holds(reading, key, sources, money)
            if holds:
                citation = (*citation, holds)
        return grounded_verdict(content, citation, golden)

    def grade_all(self, answers: Iterable[Answer]) -> list[Grade]:
        """Grade many answers, in order."""
        return [self.grade(answer) for answer in answers]


_NONE: frozenset[str] = frozenset()
