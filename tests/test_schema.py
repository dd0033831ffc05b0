"""The one declaration of a question and an answer (`grader.schema`): what it accepts, and the
words it refuses a record in (every reason names its field)."""

import pytest

from grader.schema import (
    MUST_BE,
    QUESTION_FIELDS,
    Answer,
    BadRecord,
    Gold,
    GraderVerdict,
    Question,
    Source,
    answer_from_dict,
    gold_from_dict,
    question_from_dict,
)
from tests.conftest import ANSWER_LINE

GOOD = ANSWER_LINE


def but(**changes):
    record = {**GOOD, **changes}
    return {name: value for name, value in record.items() if value is not ...}


def with_gold(**changes):
    return but(gold={**GOOD["gold"], **changes})


REFUSED = [
    ("qid a number", but(qid=7), "qid must be a non-empty string, got int"),
    ("qid empty", but(qid=""), "qid must be a non-empty string, got ''"),
    ("qid missing", but(qid=...), "qid is missing: it must be a non-empty string"),
    ("qid null", but(qid=None), "qid must be a non-empty string, got null"),
    (
        "kind unknown",
        but(kind="maybe"),
        "kind must be one of answerable, negative, ambiguous, got 'maybe'",
    ),
    (
        "kind a boolean",
        but(kind=True),
        "kind must be one of answerable, negative, ambiguous, got boolean",
    ),
    ("kind missing", but(kind=...), "kind is missing: it must be one of answerable"),
    ("question a list", but(question=["?"]), "question must be a string, got list"),
    ("question null", but(question=None), "question must be a string, got null"),
    ("answer a number", but(answer=42), "answer must be a string, got int"),
    ("sources an object", but(sources={"n": 1}), "sources must be a list, got object"),
    (
        "a source's n a string",
        but(sources=[{"n": "1", "doc": "a"}]),
        "sources[0] needs an integer n, a string doc and a string text (or none)",
    ),
    ("a source's n a boolean", but(sources=[{"n": True, "doc": "a"}]), "sources[0] needs"),
    (
        "a source without doc",
        but(sources=[{"n": 1, "doc": "a"}, {"n": 2}]),
        "sources[1] needs an integer n, a string doc and a string text (or none)",
    ),
    (
        "a source's text a number",
        but(sources=[{"n": 1, "doc": "a", "text": 5}]),
        "sources[0] needs",
    ),
    (
        "a source not an object",
        but(sources=[3]),
        "sources[0] needs an integer n, a string doc and a string text (or none)",
    ),
    ("latency a string", but(latency_ms="fast"), "latency_ms must be a number or null, got string"),
    (
        "latency a boolean",
        but(latency_ms=False),
        "latency_ms must be a number or null, got boolean",
    ),
    ("error a number", but(error=1), "error must be a string or null, got int"),
    ("gold a string", but(gold="x"), "gold must be an object, got string"),
    ("gold null", but(gold=None), "gold must be an object, got null"),
    ("gold.key a number", with_gold(key=5), "gold.key must be a string, got int"),
    (
        "a needle list a string",
        with_gold(must_contain="x"),
        "gold.must_contain must be a list of strings, got string",
    ),
    (
        "a needle not a string",
        with_gold(must_not_contain=["a", 2]),
        "gold.must_not_contain must be a list of strings, got int at [1]",
    ),
    (
        "golden docs an object",
        with_gold(golden_docs={}),
        "gold.golden_docs must be a list of strings, got object",
    ),
    (
        "gold.unit unknown",
        with_gold(unit="zillion"),
        "gold.unit must be one of thousand, million, billion, trillion, got 'zillion'",
    ),
    ("gold.unit a number", with_gold(unit=6), "gold.unit must be a string, got int"),
    (
        "gold.precision not a number",
        with_gold(precision="x"),
        "gold.precision must be a positive number, got 'x'",
    ),
    (
        "gold.precision negative",
        with_gold(precision="-1"),
        "gold.precision must be a positive number",
    ),
]


@pytest.mark.parametrize(
    ("record", "reason"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_a_bad_answer_is_refused_naming_its_field(record, reason):
    with pytest.raises(BadRecord) as caught:
        answer_from_dict(record)
    assert reason in str(caught.value)


ACCEPTED = [
    # (id, record, what it reads as)
    ("answer null", but(answer=None), lambda a: a.answer == ""),
    ("sources null", but(sources=None), lambda a: a.sources == []),
    ("gold.key null", with_gold(key=None), lambda a: a.gold.key == ""),
    ("a needle list null", with_gold(must_contain=None), lambda a: a.gold.must_contain == ()),
    ("gold.unit null", with_gold(unit=None, precision=None), lambda a: a.gold.unit == ""),
    (
        "a source's text null",
        but(sources=[{"n": 1, "doc": "a", "text": None}]),
        lambda a: a.sources == [Source(1, "a")],
    ),
    ("latency a float", but(latency_ms=8.5), lambda a: a.latency_ms == 8.5),
    (
        "only qid and kind",
        {"type": "answer", "qid": "q", "kind": "negative"},
        lambda a: a.gold == Gold(),
    ),
    ("an unknown field", but(usage={"tokens": 3}), lambda a: a.extra == {"usage": {"tokens": 3}}),
    (
        "a field named line",
        but(line="seven"),
        lambda a: a.extra == {"line": "seven"} and a.line == 4,
    ),
    ("a field named extra", but(extra=5), lambda a: a.extra == {"extra": 5}),
    (
        "another grader's unjudged and null reason, as an earlier reader took them",
        but(graders=[{"name": "g", "verdict": "unjudged", "reason": None}]),
        lambda a: a.graders == (GraderVerdict("g"),),
    ),
    ("graders null", but(graders=None), lambda a: a.graders == ()),
    (
        "another grader's verdicts",
        but(graders=[{"name": "promptfoo:contains", "verdict": None, "score": 0}]),
        lambda a: a.graders == (GraderVerdict("promptfoo:contains", None, 0.0),) and not a.extra,
    ),
    (
        "a source's other fields",
        GOOD,
        lambda a: a.sources == [Source(1, "adt", page=1, text="Amount due $42.99")],
    ),
]


@pytest.mark.parametrize(
    ("record", "check"), [r[1:] for r in ACCEPTED], ids=[r[0] for r in ACCEPTED]
)
def test_an_answer_is_read_as_declared(record, check):
    answer = answer_from_dict(record, line=4)
    assert isinstance(answer, Answer) and answer.line == 4
    assert check(answer)


def test_every_field_is_refused_in_words():
    """A field without words in MUST_BE would be refused in msgspec's words."""
    gold_fields = {f"gold.{name}" for name in Gold.__struct_fields__}
    answer_fields = set(Answer.__struct_fields__) - {"line", "extra"}
    grader_fields = {f"graders.{name}" for name in GraderVerdict.__struct_fields__}
    assert answer_fields | gold_fields | grader_fields == set(MUST_BE)
    assert {"qid", "kind", "question", "gold"} == QUESTION_FIELDS


def test_an_answer_is_written_as_it_was_read():
    answer = answer_from_dict(but(future={"kept": True}))
    gold = {"key": "$42.99", "must_contain": [], "must_contain_any": [], "must_not_contain": []}
    assert answer.to_dict() == {
        **GOOD,
        "gold": {**gold, "golden_docs": ["adt"]},
        "future": {"kept": True},
    }


def test_a_question_and_a_gold_are_read_by_the_same_declaration():
    question = question_from_dict({"qid": "q1", "kind": "negative", "gold": {"key": None}}, 3)
    assert question == Question(qid="q1", kind="negative", gold=Gold(), line=3)
    with pytest.raises(
        BadRecord, match="kind must be one of answerable, negative, ambiguous, got 'x'"
    ):
        question_from_dict({"qid": "q1", "kind": "x"})
    assert gold_from_dict({"key": "$5", "unit": "million"}) == Gold(key="$5", unit="million")
    with pytest.raises(BadRecord, match="gold must be an object, got list"):
        gold_from_dict([])
    with pytest.raises(
        BadRecord, match=r"gold.must_contain must be a list of strings, got int at \[0\]"
    ):
        gold_from_dict({"must_contain": [1]})
