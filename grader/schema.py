"""The one declaration of a question and an answer (their gold and sources) and of a grade
(DESIGN sections 2, 3, 4).

The ground floor of the grader, with `grader.errors`: the rules grade these records, the run-file
readers (`grader.records.runfile`) decode lines into them, the corpus loader decodes questions
with them. The declarations are msgspec structs, and they are the validation: a decoded record
is valid by construction, and a bad one is refused in words that name the field
(`answer_from_dict`, `question_from_dict`, `gold_from_dict`). Nothing here reads or writes a file.

An answer is declared once, over the kind of source it holds: `Answer[Source]` is the whole line
(what the review app shows and an engine writes), `Answer[SourceRef]` what grading needs of it
(the lean read in `grader.records.runfile`: sources without their text).

A grade (`Grade`, with its `MoneyCheck`) is declared here too: the rules make it
(`grader.rules.verdict`), the processes of a regrade send it to each other, the grades files
hold it. It is a msgspec struct, and a module of compiled rules declares none (docs/performance.md).

Why one file: the schema has one owner (STYLE). The records hold one another (an `Answer` its
`Gold`, `Source`s and `GraderVerdict`s, a `Grade` its `MoneyCheck`), and the decoders that refuse a
bad record in words that name its field (`_decode`, `_reason`) serve every one of them; declared
apart, a field and the words that refuse it would sit in two files.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, Generic, Literal, TypeVar

import msgspec

# The units a gold key may be written in (FinanceBench's "$1577.00" asked "in USD millions"),
# as multiples of a dollar.
UNITS = {
    "": Decimal(1),
    "thousand": Decimal(1_000),
    "million": Decimal(1_000_000),
    "billion": Decimal(1_000_000_000),
    "trillion": Decimal(1_000_000_000_000),
}
# A gold precision that rounds each key amount to its last significant digit, as written.
WRITTEN = "written"


def parse_precision(precision: str) -> Decimal | None:
    """A gold precision as a number (``written`` as 0), or None when it is neither a positive
    decimal nor ``written``."""
    if precision == WRITTEN:
        return Decimal(0)
    try:
        step = Decimal(precision)
    except InvalidOperation:
        return None
    return step if step.is_finite() and step > 0 else None


KINDS = ("answerable", "negative", "ambiguous")
Kind = Literal["answerable", "negative", "ambiguous"]
NEEDLE_KINDS = ("must_contain", "must_contain_any", "must_not_contain")
# Only 64-bit integers: orjson, which the plain reader parses with, reads no wider ones as
# integers, so the lean reader (msgspec) must not either.
Int64 = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
Qid = Annotated[str, msgspec.Meta(min_length=1)]


class BadRecord(ValueError):
    """A record that does not fit its declaration; the message names the field."""


class Gold(msgspec.Struct, frozen=True, gc=False):
    """The human answer key of one question and its needles.

    ``unit`` and ``precision`` are optional and read only for money keys (DESIGN 2): the unit
    the key is written in ("million" for FinanceBench's "$1577.00" in USD millions) and the
    step the key is rounded to, in that unit ("1" accepts $381.6 million for $382 million).
    Absent, a key is read as written, exact to the cent.

    ``accepted`` lists every accepted answer when there are several (a QA set's answer list,
    TriviaQA's aliases); the ``key`` then shows them to a reader, and a text key is matched by
    any one of them (DESIGN 2, rule 6). Empty, the key is the one accepted answer.
    """

    key: str = ""
    accepted: tuple[str, ...] = ()
    must_contain: tuple[str, ...] = ()
    must_contain_any: tuple[str, ...] = ()
    must_not_contain: tuple[str, ...] = ()
    golden_docs: tuple[str, ...] = ()
    unit: str = ""
    precision: str = ""

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            known = ", ".join(unit for unit in UNITS if unit)
            raise BadRecord(f"gold.unit must be one of {known}, got {self.unit!r:.40}")
        if self.precision and parse_precision(self.precision) is None:
            raise BadRecord(f"gold.precision must be a positive number, got {self.precision!r:.40}")

    @property
    def answers(self) -> tuple[str, ...]:
        """The accepted answers: ``accepted`` when it lists any, else the key alone (none when
        the key is blank)."""
        if self.accepted:
            return self.accepted
        return (self.key,) if self.key.strip() else ()

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "key": self.key,
            "must_contain": list(self.must_contain),
            "must_contain_any": list(self.must_contain_any),
            "must_not_contain": list(self.must_not_contain),
            "golden_docs": list(self.golden_docs),
        }
        if self.accepted:
            record["accepted"] = list(self.accepted)
        if self.unit:
            record["unit"] = self.unit
        if self.precision:
            record["precision"] = self.precision
        return record


class SourceRef(msgspec.Struct, frozen=True, gc=False):
    """A source as grading reads it: the number the model was shown it under, its document, and
    its text (what an amount is grounded in)."""

    n: Int64
    doc: str
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "doc": self.doc, "text": self.text}


class Source(SourceRef, frozen=True, gc=False):
    """A retrieved source as the run file holds it. ``page``, ``chunk`` and ``score`` are shown
    to the reviewer and never graded: they are kept as written, whatever their type (absent,
    None)."""

    page: Any = None
    chunk: Any = None
    score: Any = None

    def to_dict(self) -> dict[str, Any]:
        """The source as a run file holds it, its fields in the engine's order (the text last,
        as it is the longest), those absent left out."""
        record: dict[str, Any] = {"n": self.n, "doc": self.doc}
        for name in ("page", "chunk", "score"):
            value = getattr(self, name)
            if value is not None:
                record[name] = value
        record["text"] = self.text
        return record


S = TypeVar("S", bound=SourceRef)


GRADER_VERDICTS = ("correct", "partial", "wrong")  # a verdict another grader may give
Verdict = Literal["correct", "partial", "wrong"]


class GraderVerdict(msgspec.Struct, frozen=True, gc=False):
    """Another grader's verdict on an answer, imported with it (DESIGN 2, rule 10): a promptfoo
    assertion, an Inspect scorer, a metric with its threshold.

    ``name`` says whose (``promptfoo:contains``, ``inspect:match``); ``verdict`` is null where
    the grader gave none (a missing score is no verdict, never wrong); ``score`` is the raw
    figure and ``threshold`` the one the grader turned it into a verdict with, when it said;
    ``reason`` is the grader's own explanation. A score or threshold that is not a finite
    number (NaN, infinity) is refused: it says nothing a reader can check.
    """

    name: Annotated[str, msgspec.Meta(min_length=1)]
    verdict: Verdict | None = None
    score: float | None = None
    threshold: float | None = None
    reason: str = ""

    def __post_init__(self) -> None:
        for name in ("score", "threshold"):
            value = getattr(self, name)
            if value is not None and not math.isfinite(value):
                raise BadRecord(f"graders: {self.name!r:.40}'s {name} must be a finite number")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "verdict": self.verdict,
            "score": self.score,
            "threshold": self.threshold,
            "reason": self.reason,
        }


class Question(msgspec.Struct, kw_only=True, gc=False):
    """A question: a line of a corpus's ``questions.jsonl``, and the first fields of every answer
    to it (DESIGN 3). ``line`` (where it was read) is not a field of the line."""

    qid: Qid
    kind: Kind
    question: str = ""
    gold: Gold = msgspec.field(default_factory=Gold)
    line: int = 0


class Answer(Question, Generic[S], kw_only=True, gc=False):
    """One answer line (``"type": "answer"``): its question, what the engine answered, the
    sources it was shown and how long it took.

    ``graders`` holds other graders' verdicts on it, imported with it (`GraderVerdict`; the
    line leaves the field out when there are none).

    ``extra`` holds the fields this version does not know, kept so that they are written back;
    like ``line``, it is not a field of the line. Decoded JSON holds no reference cycles, so
    answers are not tracked by the cycle collector (``gc=False``): a run of 100,000 answers does
    not make every collection walk them.
    """

    answer: str = ""
    sources: list[S] = []
    latency_ms: Int64 | float | None = None
    error: str | None = None
    graders: tuple[GraderVerdict, ...] = ()
    extra: dict[str, Any] = {}

    def source_refs(self) -> Sequence[SourceRef]:
        """Each source's number, document and text, in order (every `Source` is a
        `SourceRef`)."""
        return self.sources

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "type": "answer",
            "qid": self.qid,
            "kind": self.kind,
            "question": self.question,
            "gold": self.gold.to_dict(),
            "answer": self.answer,
            "sources": [source.to_dict() for source in self.sources],
            "latency_ms": self.latency_ms,
            "error": self.error,
        }
        if self.graders:
            record["graders"] = [grader.to_dict() for grader in self.graders]
        for name, value in self.extra.items():
            record.setdefault(name, value)
        return record


# --- a grade: what the rules decide of an answer (grader.rules.verdict) ----------------------


class MoneyCheck(msgspec.Struct, frozen=True, array_like=True):
    """The money line of a verdict: the key's amounts, the amounts asserted, whether the key
    was found, and whether the answer violates ZERO-WRONG-MONEY.

    ``others``: distinct amounts beside the key (the ``sole`` strategy); ``superseded``: the
    amount that supersedes the key, when one does; ``invented``, ``guessed``, ``unanswerable``:
    on a question with no answer, the amounts that violate, by why.
    """

    is_money: bool
    key: tuple[str, ...]
    asserted: tuple[str, ...]
    violation: bool
    key_found: bool = False
    others: tuple[str, ...] = ()
    superseded: str = ""
    invented: tuple[str, ...] = ()
    guessed: tuple[str, ...] = ()
    unanswerable: tuple[str, ...] = ()

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

    A frozen msgspec struct: made by the rules (`grader.rules.verdict`) for every answer graded,
    and cheap to send between the processes of a parallel regrade (`grader.audit.regrade`).
    ``suspicious`` names why a pass is worth reading before it is trusted (empty for an answer
    that did not pass).
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
    suspicious: tuple[str, ...] = ()

    @property
    def violation(self) -> bool:
        return self.money.violation


# --- decoding a record, and saying what is wrong with it ---------------------------------------

# The fields of each record as the line holds them (not where it was read, nor what is kept
# besides).
QUESTION_FIELDS = frozenset(Question.__struct_fields__) - {"line"}
ANSWER_FIELDS = frozenset(Answer.__struct_fields__) - {"line", "extra"} | {"type"}
# A null in these fields of an answer, and in any field of a gold or a source, reads as the
# field left out (``"answer": null`` from a tool that wrote no answer); anywhere else it is a bad
# record.
NULL_IS_ABSENT = frozenset(("answer", "sources", "graders"))

# What each field must be, in the words a bad record is reported with.
MUST_BE = {
    "qid": "a non-empty string",
    "kind": f"one of {', '.join(KINDS)}",
    "question": "a string",
    "gold": "an object",
    "answer": "a string",
    "sources": "a list",
    "latency_ms": "a number or null",
    "error": "a string or null",
    "gold.key": "a string",
    **{f"gold.{name}": "a list of strings" for name in (*NEEDLE_KINDS, "golden_docs", "accepted")},
    "graders": "a list of objects (name, verdict, score, threshold, reason)",
    "graders.name": "a non-empty string",
    "graders.verdict": "one of correct, partial, wrong or null",
    "graders.score": "a number or null",
    "graders.threshold": "a number or null",
    "graders.reason": "a string",
    "gold.unit": "a string",
    "gold.precision": "a string",
}
SOURCE_MUST_BE = "needs an integer n, a string doc and a string text (or none)"

_WHOLE_ANSWER = Answer[Source]
_DETAIL = re.compile(r"^(?P<detail>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")
_MISSING = re.compile(r"^Object missing required field `(\w+)`$")


def answer_from_dict(record: dict[str, Any], line: int = 0) -> Answer[Source]:
    """One decoded answer object as the whole `Answer` (the fields this version does not know
    in ``extra``).

    Raises:
        BadRecord: with a reason naming the offending field.
    """
    fields, extra = _split(record, ANSWER_FIELDS)
    answer: Answer[Source] = _decode(fields, _WHOLE_ANSWER)
    answer.line = line
    answer.extra = extra
    return answer


def question_from_dict(record: dict[str, Any], line: int = 0) -> Question:
    """One decoded question object (a line of ``questions.jsonl``; unknown fields ignored).

    Raises:
        BadRecord: with a reason naming the offending field.
    """
    question: Question = _decode(_split(record, QUESTION_FIELDS)[0], Question)
    question.line = line
    return question


def gold_from_dict(gold: Any) -> Gold:
    """One decoded ``gold`` object.

    Raises:
        BadRecord: with a reason naming the offending field.
    """
    decoded: Gold = _decode(gold, Gold, within="gold")
    return decoded


def _decode(record: Any, into: Any, within: str = "") -> Any:
    """``record`` as the declared type ``into`` (msgspec checks every field), after the nulls
    that mean "absent" are dropped. ``within`` names the field the record is (its errors are
    reported as that field's)."""
    record = _without_absent_nulls(record, within)
    try:
        return msgspec.convert(record, into)
    except msgspec.ValidationError as exc:
        raise BadRecord(_reason(exc, record, within)) from None


def _without_absent_nulls(record: Any, within: str) -> Any:
    """The record without the nulls that read as the field left out: every one in a gold or a
    source, and those of `NULL_IS_ABSENT` in an answer."""
    if not isinstance(record, dict):
        return record
    if within == "gold":
        return _without_nulls(record)
    gold = record.get("gold")
    if isinstance(gold, dict) and None in gold.values():
        record = {**record, "gold": _without_nulls(gold)}
    sources = record.get("sources")
    if isinstance(sources, list) and any(
        isinstance(source, dict) and None in source.values() for source in sources
    ):
        record = {**record, "sources": [_without_nulls(source) for source in sources]}
    graders = record.get("graders")
    if isinstance(graders, list) and any(map(_loose_grader, graders)):
        record = {**record, "graders": [_as_declared(grader) for grader in graders]}
    if any(record.get(name, "") is None for name in NULL_IS_ABSENT):
        record = {k: v for k, v in record.items() if not (v is None and k in NULL_IS_ABSENT)}
    return record


def _loose_grader(grader: Any) -> bool:
    """Whether another grader's entry is written loosely: a null reason, or the verdict
    ``unjudged`` (which an earlier reader took as no verdict)."""
    return isinstance(grader, dict) and (
        ("reason" in grader and grader["reason"] is None) or grader.get("verdict") == "unjudged"
    )


def _as_declared(grader: Any) -> Any:
    if not _loose_grader(grader):
        return grader
    grader = {
        name: value for name, value in grader.items() if not (name == "reason" and value is None)
    }
    if grader.get("verdict") == "unjudged":
        grader["verdict"] = None
    return grader


def _without_nulls(record: Any) -> Any:
    if not isinstance(record, dict) or None not in record.values():
        return record
    return {name: value for name, value in record.items() if value is not None}


def _split(
    record: Mapping[str, Any], known: frozenset[str]
) -> tuple[Mapping[str, Any], dict[str, Any]]:
    """The record's fields of the line, and the others (a field named ``line`` or ``extra``
    among them: those are not fields of the line, and never decoded from it)."""
    if record.keys() <= known:
        return record, {}
    return (
        {name: value for name, value in record.items() if name in known},
        {name: value for name, value in record.items() if name not in known},
    )


def _reason(error: msgspec.ValidationError, record: Any, within: str = "") -> str:
    """msgspec's reason a record does not fit its declaration, in the words of `MUST_BE`: the
    field, what it must be and what it is (``kind must be one of answerable, negative,
    ambiguous, got 'maybe'``; ``gold must be an object, got list``)."""
    found = _DETAIL.match(str(error))
    assert found is not None  # the pattern matches any text
    detail = found["detail"]
    steps: list[str | int] = [
        name if name else int(index) for name, index in _STEP.findall(found["path"] or "")
    ]
    missing = _MISSING.match(detail)
    names = [within] if within else []
    names += [step for step in steps if isinstance(step, str)]
    if missing:
        names.append(missing[1])
    if names[:1] == ["sources"] and len(steps) > 1 and isinstance(steps[1], int):
        return f"sources[{steps[1]}] {SOURCE_MUST_BE}"
    field = ".".join(names)
    rule = MUST_BE.get(field)
    if rule is None or not (missing or detail.startswith(("Expected `", "Invalid"))):
        return detail  # a reason of our own (Gold's unit and precision) names its field already
    which = ""
    if names[:1] == ["graders"] and len(steps) > 1 and isinstance(steps[1], int):
        which = f" at [{steps[1]}]"  # which grader of the list
    if missing:
        return f"{field} is missing{which}: it must be {rule}"
    value = record
    for step in steps:
        value = value[step]
    wrong_type = detail.startswith("Expected `") and ", got `" in detail
    got = type_name(value) if wrong_type else f"{value!r:.40}"
    where = which or (f" at [{steps[-1]}]" if steps and isinstance(steps[-1], int) else "")
    return f"{field} must be {rule}, got {got}{where}"


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "object", list: "list", str: "string", bool: "boolean"}.get(
        type(value), type(value).__name__
    )
