"""Verdicts: the grader as a pure function of (answer record, needle lists) (DESIGN 4.5).

Every rule is a small function whose result carries the reason in plain words; a verdict carries
its labels. Nothing is printed from here.

The decline check (``declined``) is consulted in exactly three places, marked DECLINE-PATH
below: the negative accept path, the ambiguous accept path and the money guard. It is also
reported, and used to word a label on an answer that is already wrong; it never moves a
verdict anywhere else. That is what makes widening the decline list one-directional.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import lru_cache

import msgspec
import orjson

from grader.citations import cited_docs, cited_numbers
from grader.clauses import Strategy, asserted_text, get_strategy
from grader.declines import DeclineList, load_declines
from grader.match import normalize, normalize_phrase
from grader.money import Amount, find_amounts, names_number
from grader.runfile import Answer, Gold, collector_paused

GRADER_VERSION = "1"
CORRECT, PARTIAL, WRONG = "correct", "partial", "wrong"
VERDICTS = (CORRECT, PARTIAL, WRONG)


class MoneyCheck(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """The money line of a verdict: key amounts, asserted amounts, and whether it violates."""

    is_money: bool
    key: tuple[str, ...]
    asserted: tuple[str, ...]
    violation: bool
    key_found: bool = False

    def to_dict(self) -> dict[str, object]:
        return {
            "is_money": self.is_money,
            "key": list(self.key),
            "asserted": list(self.asserted),
            "violation": self.violation,
        }


class Grade(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """The verdict on one answer, with everything needed to explain it.

    A frozen msgspec struct: built for every answer graded, and cheap to send between the
    processes of a parallel regrade (`grader.regrade`).
    """

    qid: str
    kind: str
    verdict: str
    labels: tuple[str, ...]
    declined: bool
    decline_phrase: str | None
    money: MoneyCheck
    cited: tuple[str, ...]
    latency_ms: float | None = None


NOT_MONEY = MoneyCheck(False, (), (), False, False)
_NO_DOCS: frozenset[str] = frozenset()


# A key that is one dollar amount and nothing else ("$44,322", "$42.99").
_ONE_AMOUNT = re.compile(r"\$(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")


class MoneyKey(msgspec.Struct, frozen=True, gc=False):
    """A money key read once (keys repeat across runs of a corpus): as written, and as values.

    The values are a tuple, each once, compared with ``==``: hashing a `Decimal` costs several
    times more than comparing two, and a key has one value or a few.
    """

    texts: tuple[str, ...]
    values: tuple[Decimal, ...]

    @classmethod
    def of(cls, key: str) -> MoneyKey | None:
        """The key's amounts; None when it names none (not a money question)."""
        if _ONE_AMOUNT.fullmatch(key):  # one amount (most keys are): what find_amounts reads
            return cls((key,), (Decimal(key[1:].replace(",", "")),))
        amounts = find_amounts(key)
        if not amounts:
            return None
        values: list[Decimal] = []
        for amount in amounts:
            if amount.value not in values:
                values.append(amount.value)
        return cls(tuple([amount.text for amount in amounts]), tuple(values))


# Keys read lately: a corpus's keys come back in every run of it (`ragtriage rebaseline --all`),
# while within one run most keys are new, and a cache in C costs them least.
_money_key = lru_cache(maxsize=4096)(MoneyKey.of)


def money_check(key: MoneyKey, asserted_text: str, declined: bool) -> MoneyCheck:
    """Rules 4.3 and 4.4 for one answer.

    The key is found when the asserted text names it: as a dollar amount, or as the bare figure
    a form prints (``44,322`` for a ``$44,322`` key). A money question violates when its asserted
    text names dollar amounts, none equal to the key, and the answer does not look like a
    decline (DECLINE-PATH 3 of 3: the money guard).
    """
    asserted = find_amounts(asserted_text)
    values = key.values
    hit = False
    for amount in asserted:
        if amount.value in values:
            hit = True
            break
    else:
        hit = names_number(asserted_text, values)
    return MoneyCheck(
        True,
        key.texts,
        _texts(asserted),
        bool(asserted) and not hit and not declined,
        hit,
    )


def _texts(amounts: list[Amount]) -> tuple[str, ...]:
    """The amounts as written, each once, in order."""
    if len(amounts) == 1:
        return (amounts[0].text,)
    return tuple(dict.fromkeys([amount.text for amount in amounts])) if amounts else ()


class ContentResult(msgspec.Struct, frozen=True, gc=False):
    """The content checks of one answer: which required checks passed, and what failed."""

    passed: int
    required: int
    misses: tuple[str, ...]
    fatal: tuple[str, ...]


def content_checks(gold: Gold, asserted_norm: str, money: MoneyCheck) -> ContentResult:
    """Check the key and the needles against the asserted text.

    A money key must appear among the asserted amounts; a text key with no needles must occur
    in the asserted text; every ``must_contain`` must occur; one of ``must_contain_any`` must
    occur. A ``must_not_contain`` needle or a wrong asserted amount is fatal.
    """
    passed = required = 0
    misses: tuple[str, ...] = ()  # (tuples: most answers add one item or none)
    fatal: tuple[str, ...] = ()
    if money.is_money:
        required = 1
        if money.key_found:
            passed = 1
        elif money.asserted:
            fatal = (wrong_money_label(money),)
        else:
            misses = (f"missing key amount: {money.key[0]}",)
    elif not (gold.must_contain or gold.must_contain_any) and gold.key.strip():
        required = 1
        if normalize_phrase(gold.key) in asserted_norm:
            passed = 1
        else:
            misses = (f'missing key: "{gold.key.strip()}"',)
    for needle in gold.must_contain:
        required += 1
        if normalize_phrase(needle) in asserted_norm:
            passed += 1
        else:
            misses += (f'missing needle: "{needle}"',)
    if gold.must_contain_any:
        required += 1
        if any(normalize_phrase(needle) in asserted_norm for needle in gold.must_contain_any):
            passed += 1
        else:
            listed = ", ".join(f'"{needle}"' for needle in gold.must_contain_any)
            misses += (f"missing needle: any of {listed}",)
    for needle in gold.must_not_contain:
        if normalize_phrase(needle) in asserted_norm:
            fatal += (f'forbidden needle: "{needle}"',)
    return ContentResult(passed, required, misses, fatal)


def wrong_money_label(money: MoneyCheck) -> str:
    """``wrong money: asserted $26.99, key $42.99``."""
    return f"wrong money: asserted {', '.join(money.asserted)}, key {money.key[0]}"


def citation_labels(gold: Gold, numbers: frozenset[int], docs: frozenset[str]) -> tuple[str, ...]:
    """Empty when a golden document is cited (or none is named); else why not."""
    if not gold.golden_docs:
        return ()
    if not numbers:
        return ("cited nothing",)
    if docs.isdisjoint(gold.golden_docs):
        return ("cited no golden document",)
    return ()


class Grader:
    """The grader: decline list + clause strategy (+ optional today's needles per question).

    Args:
        declines: The decline list; default the shipped one.
        strategy: A registered clause-split strategy name; default the default strategy.
        gold_overrides: Today's gold per qid, replacing the gold stored in a run's answers
            (question needles change in the corpus, not in old run files).
    """

    def __init__(
        self,
        declines: DeclineList | None = None,
        strategy: str | None = None,
        gold_overrides: Mapping[str, Gold] | None = None,
    ) -> None:
        self.declines = declines if declines is not None else load_declines()
        self.strategy: Strategy = get_strategy(strategy)
        self.gold_overrides = dict(gold_overrides or {})

    @property
    def fingerprint(self) -> str:
        """A short hash of everything that decides a verdict besides the answer itself."""
        payload = {
            "version": GRADER_VERSION,
            "strategy": self.strategy.name,
            "declines": sorted(normalize_phrase(p) for p in self.declines.texts()),
            "gold": {qid: gold.to_dict() for qid, gold in sorted(self.gold_overrides.items())},
        }
        return hashlib.sha256(orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)).hexdigest()[:12]

    def grade(self, answer: Answer) -> Grade:
        """Grade one answer. Pure: same answer and lists, same grade."""
        gold = (
            self.gold_overrides.get(answer.qid, answer.gold) if self.gold_overrides else answer.gold
        )
        text = answer.answer
        text_norm = normalize(text)
        decline_phrase = self.declines.match_normalized(text_norm)
        declined = decline_phrase is not None
        # The asserted text is read by the money check and the content checks only (a negative
        # without a money key needs neither).
        money_key = _money_key(gold.key) if gold.key else None
        asserted = None if money_key is None else asserted_text(text, self.strategy, text_norm)
        money = NOT_MONEY if asserted is None else money_check(money_key, asserted, declined)
        numbers = cited_numbers(text, text_norm)
        docs = cited_docs(numbers, answer.source_refs()) if numbers else _NO_DOCS

        if answer.error is not None:
            verdict, labels = WRONG, ("engine error",)
        elif answer.kind == "negative":
            # DECLINE-PATH 1 of 3: a negative is correct exactly when it declines.
            verdict, labels = (
                (CORRECT, ("declined",)) if declined else (WRONG, ("did not decline",))
            )
        elif answer.kind == "ambiguous" and declined:
            # DECLINE-PATH 2 of 3: an ambiguous question accepts an honest decline.
            verdict, labels = CORRECT, ("declined (accepted for an ambiguous question)",)
        else:
            if asserted is None:
                asserted = asserted_text(text, self.strategy, text_norm)
            asserted_norm = text_norm if asserted is text else normalize(asserted)
            content = content_checks(gold, asserted_norm, money)
            verdict, labels = _grounded_verdict(gold, content, numbers, docs)
            if verdict == WRONG and declined and content.passed == 0:
                labels = ("declined an answerable question", *labels)
        if money.violation:
            label = wrong_money_label(money)
            if label not in labels:
                labels = (*labels, label)
        return Grade(
            answer.qid,
            answer.kind,
            verdict,
            labels,
            declined,
            decline_phrase,
            money,
            tuple(sorted(docs)) if docs else (),
            answer.latency_ms,
        )

    def grade_all(self, answers: Iterable[Answer]) -> list[Grade]:
        """Grade many answers, in order."""
        with collector_paused():
            return [self.grade(answer) for answer in answers]


def _grounded_verdict(
    gold: Gold, content: ContentResult, numbers: frozenset[int], docs: frozenset[str]
) -> tuple[str, tuple[str, ...]]:
    if content.fatal:
        return WRONG, (*content.fatal, *content.misses)
    citation = citation_labels(gold, numbers, docs)
    if not content.misses:
        if citation:
            return PARTIAL, citation
        cited = sorted(docs.intersection(gold.golden_docs))
        return CORRECT, (f"cited golden document: {', '.join(cited)}",) if cited else ()
    if content.passed:
        return PARTIAL, (*content.misses, *citation)
    return WRONG, (*content.misses, *citation)
