"""Verdicts: the grader as a pure function of (answer record, needle lists) (DESIGN 4.5-4.7).

An answer is read once (`grader.rules.reading`) and its gold once (`grader.rules.key`: the
key's amounts, figures, Yes or No and kind, a `Key`); then each check is a small function of
that reading and that key, in a module of its own, returning its outcome with the label that
says why; `Grader.grade_reading` combines them. Every label is written by its rule in the
registry (`grader.rules.codes`: its code, definition and examples; ``ragtriage rules CODE``),
and read back into its code only there. Nothing is printed from here.

The checks, in the order a grade is made:

- the money check (rules 3-5, `grader.rules.money_check`): is the key among the amounts the
  answer concludes with (`grader.rules.conclusion`), and does the answer violate
  ZERO-WRONG-MONEY;
- the decline check (rule 2, `grader.rules.decline_check`): the answer's ``declined`` flag;
- the content check (rule 6, `grader.rules.content_check`): the money key, the key's figures,
  its Yes or No, its text, the needles, or, when the key holds none of these, `unjudged`;
- the citation check (rule 7, `grader.rules.citation_check`): the sources cited, and whether a
  cited golden one holds the key;
- `grounded_verdict` (rule 7) combines them; `grader.rules.suspicions` names what makes a pass
  worth reading.

The decline check is consulted in exactly three places, marked DECLINE-PATH: the negative
accept path, the ambiguous accept path and the money guard (an amount in a declining part is
excused when grounded; on a negative, grounded amounts are context only beside a decline). It
also words labels and the ``declined`` flag, and (v4) turns an answer that withholds the
answer to an answerable question from ``unjudged`` into ``wrong``: declining an answerable
question is wrong whatever the key holds. So widening the decline list turns wrong into
correct, removes violations, and leaves no decline of an answerable question to a reader.

This module also holds the grader's fingerprint (`rules_revision`, `Grader.fingerprint`).
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import orjson

import grader
import grader.compiled
from grader.rules import codes
from grader.rules.citation_check import (
    citation_rule,
    cited_golden,
    golden_source_holds,
    invented_source_block,
)
from grader.rules.clauses import Strategy, get_strategy
from grader.rules.conclusion import Conclusion, get_conclusion
from grader.rules.content_check import ContentResult, content_rule
from grader.rules.context import Context
from grader.rules.decline_check import (
    clean_decline,
    declined_answerable,
    did_not_decline,
    withholds,
)
from grader.rules.declines import DeclineList, load_declines
from grader.rules.key import Key, key_of
from grader.rules.money_check import money_rule, negative_money_labels, negative_money_rule
from grader.rules.reading import Reading, read_answer
from grader.rules.suspicions import suspicions
from grader.schema import NOT_MONEY, Answer, Gold, Grade, MoneyCheck, SourceRef

GRADER_VERSION = "4"
CORRECT, PARTIAL, WRONG, UNJUDGED = "correct", "partial", "wrong", "unjudged"
VERDICTS = (CORRECT, PARTIAL, WRONG, UNJUDGED)


def engine_error(answer: Answer) -> str:
    """E001 ``engine error``: the engine failed to answer (the record holds an error), and no
    other rule reads the answer. Its label, or ""."""
    return codes.ENGINE_ERROR.say() if answer.error is not None else ""


def content_passed() -> str:
    """V001 ``content checks passed``: the label of an answer whose content checks all passed
    and that cites no golden document (`grader.rules.citation_check.cited_golden` labels one
    that does)."""
    return codes.CONTENT_PASSED.say()


def grounded_verdict(
    content: ContentResult,
    notes: tuple[str, ...],
    faults: tuple[str, ...],
    golden_cited: Sequence[str],
) -> tuple[str, tuple[str, ...]]:
    """The verdict of an answer graded on its content: wrong on a fatal check or when nothing
    passed; partial when some checks failed or the citations are not in order (``faults``);
    correct with the golden document it cites, and the ``notes`` beside the pass (a citation of
    a source that does not exist counts as none)."""
    if content.fatal:
        return WRONG, (*content.fatal, *content.misses)
    citation = (*notes, *faults)
    if not content.misses:
        if faults:
            return PARTIAL, citation
        return CORRECT, (cited_golden(golden_cited) or content_passed(), *notes)
    if content.passed:
        return PARTIAL, (*content.misses, *citation)
    return WRONG, (*content.misses, *citation)


# --- the fingerprint of the rules' code ----------------------------------------------------------

RULE_SOURCES = (
    Path(grader.__file__).parent / "schema.py",  # the package's files, not a compiled build's
    *sorted((Path(grader.__file__).parent / "rules").glob("*.py")),
)


@cache
def rules_revision() -> str:
    """The rules' revision (`revision_of_sources`), read from the compiled build this process
    runs when it holds one (the build was made from today's sources: its folder's key is their
    hash, and the build recorded their revision), else worked out from the sources: reading
    and dumping every module's syntax tree costs a command a quarter of a second."""
    return grader.compiled.built_revision() or revision_of_sources()


def revision_of_sources() -> str:
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
        notes, faults, docs = (
            citation_rule(reading, key, sources) if self.citations else ((), (), _NONE)
        )
        declined = withholds(reading, key, kind, answer.question)
        amount = key.money if kind != "negative" else None
        # A money question by its key alone: an engine error stays in the money bar.
        money = MoneyCheck(True, amount.texts, (), False) if amount is not None else NOT_MONEY
        labels: tuple[str, ...]
        failed = engine_error(answer)
        if failed:
            verdict, labels = WRONG, (failed,)
        elif kind == "negative":
            money = negative_money_rule(reading, declined)
            accepted = clean_decline(kind, declined, money)  # DECLINE-PATH 1 of 3
            if accepted:
                verdict, labels = CORRECT, (accepted,)
            else:
                verdict = WRONG
                labels = (*did_not_decline(declined), *negative_money_labels(money))
        else:
            if amount is not None:
                money = money_rule(reading, key, self.conclusion)
            accepted = clean_decline(kind, declined, money)  # DECLINE-PATH 2 of 3
            if accepted:
                verdict, labels = CORRECT, (accepted,)
            else:
                verdict, labels = self._answered(
                    reading, key, money, notes, faults, docs, sources, answer.question
                )
                refused = declined_answerable(declined)
                if refused and verdict == UNJUDGED:
                    # declining an answerable question is wrong whatever the key holds (rule 2)
                    verdict, labels = WRONG, (refused, *notes, *faults)
                elif refused and verdict == WRONG:
                    labels = (refused, *labels)
        labels = (*labels, *invented_source_block(reading))
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
            suspicions(reading, key, money, declined) if verdict == CORRECT else (),
        )

    def _answered(
        self,
        reading: Reading,
        key: Key,
        money: MoneyCheck,
        notes: tuple[str, ...],
        faults: tuple[str, ...],
        docs: frozenset[str],
        sources: Sequence[SourceRef],
        question: str = "",
    ) -> tuple[str, tuple[str, ...]]:
        """The verdict of an answer to an answerable (or ambiguous) question."""
        content = content_rule(reading, key, money, question)
        if not content.checkable:
            return UNJUDGED, (content.reader, *notes, *faults)
        golden = sorted(docs.intersection(key.gold.golden_docs))
        if self.citations and golden and not content.fatal and not content.misses:
            holds = golden_source_holds(reading, key, sources, money)
            if holds:
                faults = (*faults, holds)
        return grounded_verdict(content, notes, faults, golden)

    def grade_all(self, answers: Iterable[Answer]) -> list[Grade]:
        """Grade many answers, in order."""
        return [self.grade(answer) for answer in answers]


_NONE: frozenset[str] = frozenset()
