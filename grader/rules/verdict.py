"""Verdicts: the grader as a pure function of (answer record, needle lists) (DESIGN 4.5).

An answer is read once (`grader.rules.reading`); then each rule below is a small function of that
reading and the gold, returning its outcome with the label that says why; `Grader.grade`
combines them. One rule, one label: the label names the rule that fired, and nothing else
writes it. Nothing is printed from here.

The decline check is consulted in exactly three places, marked DECLINE-PATH below: the
negative accept path, the ambiguous accept path and the money guard. It is also reported, and
words a label on an answer that is already wrong; it moves no verdict anywhere else. That is
what makes widening the decline list one-directional.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import msgspec
import orjson

from grader.registry import lookup
from grader.rules.citations import cited_docs, unknown_numbers
from grader.rules.clauses import Strategy, get_strategy
from grader.rules.declines import DeclineList, load_declines
from grader.rules.match import occurs
from grader.rules.money import Amount, MoneyKey, names_key_figure
from grader.rules.normalize import normalize
from grader.rules.reading import Reading, read_answer
from grader.schema import Answer, Gold, SourceRef

GRADER_VERSION = "2"
CORRECT, PARTIAL, WRONG = "correct", "partial", "wrong"
VERDICTS = (CORRECT, PARTIAL, WRONG)


class MoneyCheck(msgspec.Struct, frozen=True, array_like=True):
    """The money line of a verdict: the key's amounts, the amounts asserted, whether the key
    was found, and whether the answer violates ZERO-WRONG-MONEY."""

    is_money: bool
    key: tuple[str, ...]
    asserted: tuple[str, ...]
    violation: bool
    key_found: bool = False
    others: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "is_money": self.is_money,
            "key": list(self.key),
            "asserted": list(self.asserted),
            "violation": self.violation,
        }


NOT_MONEY = MoneyCheck(False, (), (), False)


class Grade(msgspec.Struct, frozen=True, array_like=True):
    """The verdict on one answer, with everything needed to explain it.

    A frozen msgspec struct: built for every answer graded, and cheap to send between the
    processes of a parallel regrade (`grader.audit.regrade`).
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

    @property
    def violation(self) -> bool:
        return self.money.violation


# Every label the grader writes (its text up to a colon), by the rule that writes it.
RULE_OF_LABEL = {
    "engine error": "engine",
    "declined": "declines",
    "declined (accepted for an ambiguous question)": "declines",
    "did not decline": "declines",
    "declined an answerable question": "declines",
    "invented amount": "money",
    "wrong money": "money",
    "missing key amount": "money",
    "other amounts asserted": "money",
    "content checks passed": "content",
    "missing key": "content",
    "missing needle": "content",
    "forbidden needle": "content",
    "cited golden document": "citations",
    "cited nothing": "citations",
    "cited no golden document": "citations",
    "cited a source that does not exist": "citations",
    "invented source block": "citations",
}


def rule_of(label: str) -> str:
    """The rule that writes a label ("money" for "wrong money: ..."), or "other"."""
    return RULE_OF_LABEL.get(label.split(":")[0], "other")


# --- money conclusion strategies ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Conclusion:
    """A money-conclusion strategy: which asserted amount is the answer when several are."""

    name: str
    summary: str
    decide: Callable[[Sequence[Amount], MoneyKey], tuple[bool, tuple[str, ...]]]


def _any(asserted: Sequence[Amount], key: MoneyKey) -> tuple[bool, tuple[str, ...]]:
    """The key is found when any asserted amount equals it (grader version 1)."""
    return any(key.matches(amount.value) for amount in asserted), ()


def _concluding(asserted: Sequence[Amount], key: MoneyKey) -> tuple[bool, tuple[str, ...]]:
    """The key is found when the amount asserted last equals it."""
    return bool(asserted) and key.matches(asserted[-1].value), ()


def _sole(asserted: Sequence[Amount], key: MoneyKey) -> tuple[bool, tuple[str, ...]]:
    """The key is found when an asserted amount equals it; other distinct amounts asserted
    beside it are named (the answer is then partial)."""
    found = any(key.matches(amount.value) for amount in asserted)
    others = [amount.text for amount in asserted if not key.matches(amount.value)]
    return found, tuple(dict.fromkeys(others)) if found else ()


CONCLUSIONS: dict[str, Conclusion] = {
    conclusion.name: conclusion
    for conclusion in (
        Conclusion("any", "the key is any amount asserted (grader version 1)", _any),
        Conclusion("concluding", "the key is the amount asserted last", _concluding),
        Conclusion(
            "sole",
            "the key must be the only distinct amount asserted; others make it partial",
            _sole,
        ),
    )
}
DEFAULT_CONCLUSION = "any"


def get_conclusion(name: str | None = None) -> Conclusion:
    """Look a money-conclusion strategy up by name.

    Raises:
        GraderConfigError: for an unknown name, suggesting the closest registered one.
    """
    return lookup(CONCLUSIONS, name or DEFAULT_CONCLUSION, "money strategy")


# --- the rules --------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def money_key(key: str, unit: str = "", precision: str = "") -> MoneyKey | None:
    """The money key of a gold key (cached: a corpus's keys come back in every run of it)."""
    return MoneyKey.of(key, unit, precision)


def _each_once(amounts: Iterable[Amount]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(amount.text for amount in amounts))


def money_rule(reading: Reading, gold: Gold, conclusion: Conclusion) -> MoneyCheck:
    """Rules 4.3 and 4.4 for an answerable or ambiguous question.

    The key is found by the conclusion strategy among the asserted amounts; when the answer
    asserts no dollar amount at all, by the bare figure a form prints ("44,322" for a $44,322
    key). The answer violates when the key is not found and a part that does not decline
    asserts a dollar amount (DECLINE-PATH 3 of 3: the money guard excuses an amount only in a
    part that declines).
    """
    key = money_key(gold.key, gold.unit, gold.precision) if gold.key else None
    if key is None:
        return NOT_MONEY
    asserted = reading.asserted_amounts()
    if asserted:
        found, others = conclusion.decide(asserted, key)
    else:
        found, others = names_key_figure(reading.asserted_text(), key), ()
    violation = not found and bool(reading.amounts_not_declined())
    return MoneyCheck(True, key.texts, _each_once(asserted), violation, found, others)


def invented_amounts(reading: Reading) -> MoneyCheck:
    """Rule 4.4 for a negative: a dollar amount asserted in a part that does not decline is an
    invented figure (DECLINE-PATH 3 of 3)."""
    invented = reading.amounts_not_declined()
    if not invented:
        return NOT_MONEY
    return MoneyCheck(False, (), _each_once(reading.asserted_amounts()), True)


def invented_amount_label(money: MoneyCheck) -> str:
    """``invented amount: $12.00``."""
    return f"invented amount: {', '.join(money.asserted)}"


def wrong_money_label(money: MoneyCheck) -> str:
    """``wrong money: asserted $26.99, key $42.99`` (every accepted key amount named)."""
    return f"wrong money: asserted {', '.join(money.asserted)}, key {' or '.join(money.key)}"


class ContentResult(msgspec.Struct, frozen=True):
    """The content checks of one answer: which required checks passed, and what failed."""

    passed: int
    required: int
    misses: tuple[str, ...]
    fatal: tuple[str, ...]


def content_rule(reading: Reading, gold: Gold, money: MoneyCheck) -> ContentResult:
    """Check the key and the needles against the asserted text, as whole words.

    A money key must be found (`money_rule`): a violation is fatal, other amounts beside it
    (the ``sole`` strategy) are a miss. A text key with no needles must occur; every
    ``must_contain`` must occur; one of ``must_contain_any`` must occur. A ``must_not_contain``
    needle is fatal.
    """
    asserted = normalize(reading.asserted_text())
    passed = required = 0
    misses: list[str] = []
    fatal: list[str] = []
    if money.is_money:
        required += 1
        if money.key_found:
            passed += 1
            if money.others:
                misses.append(f"other amounts asserted: {', '.join(money.others)}")
        elif money.violation:
            fatal.append(wrong_money_label(money))
        else:
            misses.append(f"missing key amount: {' or '.join(money.key)}")
    elif not (gold.must_contain or gold.must_contain_any) and gold.key.strip():
        required += 1
        if occurs(gold.key, asserted):
            passed += 1
        else:
            misses.append(f'missing key: "{gold.key.strip()}"')
    for needle in gold.must_contain:
        required += 1
        if occurs(needle, asserted):
            passed += 1
        else:
            misses.append(f'missing needle: "{needle}"')
    if gold.must_contain_any:
        required += 1
        if any(occurs(needle, asserted) for needle in gold.must_contain_any):
            passed += 1
        else:
            listed = ", ".join(f'"{needle}"' for needle in gold.must_contain_any)
            misses.append(f"missing needle: any of {listed}")
    for needle in gold.must_not_contain:
        if occurs(needle, asserted):
            fatal.append(f'forbidden needle: "{needle}"')
    return ContentResult(passed, required, tuple(misses), tuple(fatal))


def citation_rule(
    reading: Reading, gold: Gold, sources: Sequence[SourceRef]
) -> tuple[tuple[str, ...], frozenset[str]]:
    """Which sources the answer cites, and what is wrong with that: a number no source was
    shown under; no citation at all, or none of a golden document (when the gold names
    golden documents).

    Returns:
        The labels (empty when the citations are in order) and the documents cited.
    """
    numbers = reading.cited()
    docs = cited_docs(numbers, sources)
    labels = []
    unknown = unknown_numbers(numbers, sources)
    if unknown:
        listed = ", ".join(f"[{n}]" for n in unknown)
        labels.append(f"cited a source that does not exist: {listed}")
    if gold.golden_docs:
        if not numbers:
            labels.append("cited nothing")
        elif docs.isdisjoint(gold.golden_docs):
            labels.append("cited no golden document")
    return tuple(labels), docs


def grounded_verdict(
    content: ContentResult, citation: tuple[str, ...], golden_cited: Sequence[str]
) -> tuple[str, tuple[str, ...]]:
    """The verdict of an answer graded on its content: wrong on a fatal check or when nothing
    passed; partial when some checks failed or the citations are not in order; correct with
    the golden document it cites."""
    if content.fatal:
        return WRONG, (*content.fatal, *content.misses)
    if not content.misses:
        if citation:
            return PARTIAL, citation
        if golden_cited:
            return CORRECT, (f"cited golden document: {', '.join(golden_cited)}",)
        return CORRECT, ("content checks passed",)
    if content.passed:
        return PARTIAL, (*content.misses, *citation)
    return WRONG, (*content.misses, *citation)


def clean_decline(reading: Reading) -> bool:
    """An honest decline: the answer declines, and no part that does not decline asserts a
    dollar amount (DECLINE-PATH 1 and 2 of 3)."""
    return reading.declines and not reading.amounts_not_declined()


# --- the grader -------------------------------------------------------------------------------


class Grader:
    """The grader: decline list, clause strategy, money strategy, and today's gold.

    Args:
        declines: The decline list; default the shipped one.
        strategy: A registered clause-split strategy name; default the default strategy.
        gold_overrides: Today's gold per qid, replacing the gold stored in a run's answers
            (question needles change in the corpus, not in old run files).
        money: A registered money-conclusion strategy name; default ``any``.
        citations: Whether citations are graded (False for answers made without numbered
            sources, such as FinanceBench's: DESIGN 2).
    """

    def __init__(
        self,
        declines: DeclineList | None = None,
        strategy: str | None = None,
        gold_overrides: Mapping[str, Gold] | None = None,
        money: str | None = None,
        citations: bool = True,
    ) -> None:
        self.declines = declines if declines is not None else load_declines()
        self.strategy: Strategy = get_strategy(strategy)
        self.conclusion: Conclusion = get_conclusion(money)
        self.gold_overrides = dict(gold_overrides or {})
        self.citations = citations

    @property
    def fingerprint(self) -> str:
        """A short hash of everything that decides a verdict besides the answer itself."""
        payload = {
            "version": GRADER_VERSION,
            "strategy": self.strategy.name,
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
        settings: dict[str, object] = {
            "declines": self.declines,
            "strategy": self.strategy.name,
            "gold_overrides": self.gold_overrides,
            "money": self.conclusion.name,
            "citations": self.citations,
        }
        unknown = set(changes) - set(settings)
        if unknown:
            raise TypeError(f"unknown grader settings: {', '.join(sorted(unknown))}")
        return Grader(**(settings | changes))  # type: ignore[arg-type]

    def gold_of(self, answer: Answer) -> Gold:
        """Today's gold of an answer's question."""
        return self.gold_overrides.get(answer.qid, answer.gold)

    def read(self, answer: Answer) -> Reading:
        """The answer read once with this grader's strategy and decline list."""
        return read_answer(answer.answer, self.strategy, self.declines)

    def grade(self, answer: Answer) -> Grade:
        """Grade one answer. Pure: same answer and lists, same grade."""
        return self.grade_reading(answer, self.read(answer))

    def grade_reading(self, answer: Answer, reading: Reading) -> Grade:
        """Grade one answer from its reading (`read`), for a caller that reads it itself."""
        gold = self.gold_of(answer)
        decline = reading.decline()
        sources = answer.source_refs()
        citation, docs = citation_rule(reading, gold, sources) if self.citations else ((), _NONE)
        money = NOT_MONEY

        if answer.error is not None:
            verdict, labels = WRONG, ("engine error",)
        elif answer.kind == "negative":
            money = invented_amounts(reading)
            if clean_decline(reading):  # DECLINE-PATH 1 of 3
                verdict, labels = CORRECT, ("declined",)
            else:
                verdict = WRONG
                labels = () if reading.declines else ("did not decline",)
                labels += (invented_amount_label(money),) if money.violation else ()
        elif answer.kind == "ambiguous" and clean_decline(reading):  # DECLINE-PATH 2 of 3
            verdict, labels = CORRECT, ("declined (accepted for an ambiguous question)",)
        else:
            money = money_rule(reading, gold, self.conclusion)
            content = content_rule(reading, gold, money)
            golden = sorted(docs.intersection(gold.golden_docs))
            verdict, labels = grounded_verdict(content, citation, golden)
            if verdict == WRONG and reading.declines and content.passed == 0:
                labels = ("declined an answerable question", *labels)
        if reading.invented_block:
            labels = (*labels, "invented source block")
        return Grade(
            answer.qid,
            answer.kind,
            verdict,
            labels,
            reading.declines,
            decline.words if decline else None,
            money,
            tuple(sorted(docs)),
            answer.latency_ms,
        )

    def grade_all(self, answers: Iterable[Answer]) -> list[Grade]:
        """Grade many answers, in order."""
        return [self.grade(answer) for answer in answers]


_NONE: frozenset[str] = frozenset()
