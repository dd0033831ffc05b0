"""The one declaration of an answer: its question, gold and sources (DESIGN section 2).

The ground floor of the grader, with `grader.errors`: the rules grade these records, the
run-file readers (`grader.records.runfile`) decode lines into them, the corpus loader builds
questions' gold with them. Nothing here reads or writes a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

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
NEEDLE_KINDS = ("must_contain", "must_contain_any", "must_not_contain")


class Gold(msgspec.Struct, frozen=True, gc=False):
    """The human answer key of one question and its needles.

    ``unit`` and ``precision`` are optional and read only for money keys (DESIGN 2): the unit
    the key is written in ("million" for FinanceBench's "$1577.00" in USD millions) and the
    step the key is rounded to, in that unit ("1" accepts $381.6 million for $382 million).
    Absent, a key is read as written, exact to the cent.
    """

    key: str = ""
    must_contain: tuple[str, ...] = ()
    must_contain_any: tuple[str, ...] = ()
    must_not_contain: tuple[str, ...] = ()
    golden_docs: tuple[str, ...] = ()
    unit: str = ""
    precision: str = ""

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            known = ", ".join(unit for unit in UNITS if unit)
            raise _BadRecord(f"gold.unit must be one of {known}, got {self.unit!r:.40}")
        if self.precision and parse_precision(self.precision) is None:
            raise _BadRecord(
                f"gold.precision must be a positive number, got {self.precision!r:.40}"
            )

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "key": self.key,
            "must_contain": list(self.must_contain),
            "must_contain_any": list(self.must_contain_any),
            "must_not_contain": list(self.must_not_contain),
            "golden_docs": list(self.golden_docs),
        }
        if self.unit:
            record["unit"] = self.unit
        if self.precision:
            record["precision"] = self.precision
        return record


class Answer(msgspec.Struct, gc=False):
    """One answer line. ``sources`` stays the list of dicts read from disk (fields kept as is).

    ``line`` (where it was read) and ``extra`` (fields this version does not know, kept so they
    are written back) are not fields of the line itself. Decoded JSON holds no reference
    cycles, so answers are not tracked by the cycle collector (``gc=False``): a run of 100,000
    answers does not make every collection walk them.
    """

    qid: str
    kind: str
    question: str = ""
    gold: Gold = msgspec.field(default_factory=Gold)
    answer: str = ""
    sources: list[dict[str, Any]] = []
    latency_ms: int | float | None = None
    error: str | None = None
    line: int = 0
    extra: dict[str, Any] = {}

    def source_refs(self) -> list[SourceRef]:
        """Each source's number, document and text, in order."""
        return [SourceRef(source["n"], source["doc"], _text_of(source)) for source in self.sources]

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "type": "answer",
            "qid": self.qid,
            "kind": self.kind,
            "question": self.question,
            "gold": self.gold.to_dict(),
            "answer": self.answer,
            "sources": self.sources,
            "latency_ms": self.latency_ms,
            "error": self.error,
        }
        for name, value in self.extra.items():
            record.setdefault(name, value)
        return record


Int64 = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]


class SourceRef(msgspec.Struct, frozen=True, gc=False):
    """A source as grading sees it: the number the model was shown, its document, and its text
    (what an amount is grounded in). It reads like the plain reader's source dict for these
    fields (``source["doc"]``); the others (page, chunk, score) are not read for grading."""

    n: Int64
    doc: str
    text: str = ""

    def __getitem__(self, name: str) -> Any:
        if name in ("n", "doc", "text"):
            return getattr(self, name)
        raise KeyError(f"{name!r}: a source read for grading holds only n, doc and text")

    def get(self, name: str, default: Any = None) -> Any:
        return getattr(self, name) if name in ("n", "doc", "text") else default


def _text_of(source: Mapping[str, Any]) -> str:
    text = source.get("text")
    return text if isinstance(text, str) else ""


class _BadRecord(ValueError):
    pass


def _string_list(gold: Mapping[str, Any], name: str) -> tuple[str, ...]:
    value = gold.get(name)
    if not value:
        if value is None or value == []:
            return ()
        raise _BadRecord(f"gold.{name} must be a list of strings")
    if type(value) is not list or not all(type(item) is str for item in value):
        raise _BadRecord(f"gold.{name} must be a list of strings")
    return tuple(value)


def gold_from_dict(gold: Any) -> Gold:
    """Validate and convert a ``gold`` object (also used by the corpus loader).

    Raises:
        ValueError: with a reason naming the offending field.
    """
    if not isinstance(gold, dict):
        raise _BadRecord(f"gold must be an object, got {type_name(gold)}")
    key = gold.get("key", "")
    if key is None:
        key = ""
    if not isinstance(key, str):
        raise _BadRecord(f"gold.key must be a string, got {type_name(key)}")
    unit = gold.get("unit") or ""
    precision = gold.get("precision") or ""
    if not isinstance(unit, str) or not isinstance(precision, str):
        raise _BadRecord("gold.unit and gold.precision must be strings")
    return Gold(
        key=key,
        must_contain=_string_list(gold, "must_contain"),
        must_contain_any=_string_list(gold, "must_contain_any"),
        must_not_contain=_string_list(gold, "must_not_contain"),
        golden_docs=_string_list(gold, "golden_docs"),
        unit=unit,
        precision=precision,
    )


_KNOWN_ANSWER_FIELDS = frozenset(
    ("type", "qid", "kind", "question", "gold", "answer", "sources", "latency_ms", "error")
)


def answer_from_dict(record: dict[str, Any], line: int = 0) -> Answer:
    """Validate one decoded answer object.

    Raises:
        ValueError: with a reason naming the offending field.
    """
    get = record.get
    qid = get("qid")
    if type(qid) is not str or not qid:
        raise _BadRecord("qid must be a non-empty string")
    kind = get("kind")
    if kind not in KINDS:
        raise _BadRecord(f"kind must be one of {', '.join(KINDS)}, got {kind!r:.40}")
    question = get("question", "")
    if type(question) is not str:
        raise _BadRecord(f"question must be a string, got {type_name(question)}")
    answer = get("answer", "")
    if answer is None:
        answer = ""
    elif type(answer) is not str:
        raise _BadRecord(f"answer must be a string, got {type_name(answer)}")
    sources = get("sources") or []
    if type(sources) is not list:
        raise _BadRecord(f"sources must be a list, got {type_name(sources)}")
    for position, source in enumerate(sources):
        if (
            type(source) is not dict
            or type(source.get("n")) is not int
            or type(source.get("doc")) is not str
        ):
            raise _BadRecord(f"sources[{position}] needs an integer n and a string doc")
    latency = get("latency_ms")
    if latency is not None and type(latency) not in (int, float):
        raise _BadRecord(f"latency_ms must be a number or null, got {type_name(latency)}")
    error = get("error")
    if error is not None and type(error) is not str:
        raise _BadRecord(f"error must be a string or null, got {type_name(error)}")
    extra = (
        {}
        if record.keys() <= _KNOWN_ANSWER_FIELDS
        else {k: v for k, v in record.items() if k not in _KNOWN_ANSWER_FIELDS}
    )
    return Answer(
        qid=qid,
        kind=kind,
        question=question,
        gold=gold_from_dict(get("gold", {})),
        answer=answer,
        sources=sources,
        latency_ms=latency,
        error=error,
        line=line,
        extra=extra,
    )


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "object", list: "list", str: "string", bool: "boolean"}.get(
        type(value), type(value).__name__
    )
