"""The lean reader (what grading reads: sources without their text) accepts, refuses and reads
every line exactly as the plain reader does."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.records.runfile import decode_line
from grader.rules.verdict import Grader

GRADER = Grader()


FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**65), max_value=2**65),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(["answerable", "negative", "ambiguous", "answer", "run", "", "é"]),
    st.lists(st.text(max_size=4), max_size=2),
    st.lists(st.integers(), max_size=2),
    st.builds(dict),
)
VALID_SOURCE = st.fixed_dictionaries(
    {"n": st.integers(min_value=-3, max_value=2**64), "doc": st.text(max_size=4)},
    optional={"text": st.text(max_size=8), "page": FIELD_VALUES},
)
STRINGS = st.lists(st.text(max_size=4), max_size=2)
VALID_RECORDS = st.fixed_dictionaries(
    {
        "type": st.just("answer"),
        "qid": st.sampled_from(["q1", "q2"]),
        "kind": st.sampled_from(["answerable", "negative", "ambiguous"]),
        "question": st.text(max_size=6),
        "gold": st.fixed_dictionaries(
            {"key": st.sampled_from(["$5", "$5.00", "five", ""])},
            optional={
                "unit": st.sampled_from(["", "million", "bogus"]),
                "precision": st.sampled_from(["", "1", "written", "x", "-1"]),
                "must_contain": STRINGS,
                "must_contain_any": STRINGS,
                "must_not_contain": STRINGS,
                "golden_docs": STRINGS,
            },
        ),
        "answer": st.sampled_from(["I could not find it.", "$5 [1].", "It is 5 (Source 2)."]),
        "sources": st.lists(VALID_SOURCE, max_size=3),
        "latency_ms": st.one_of(st.none(), st.integers(), st.floats(allow_nan=False)),
        "error": st.one_of(st.none(), st.text(max_size=4)),
    },
    optional={"zz": FIELD_VALUES},
)
# Where a valid record can go wrong: a top-level field, a gold field, a source or its fields.
PLACES = st.sampled_from(
    [
        ("type",),
        ("qid",),
        ("kind",),
        ("question",),
        ("gold",),
        ("answer",),
        ("sources",),
        ("latency_ms",),
        ("error",),
        ("line",),
        ("extra",),
        ("gold", "key"),
        ("gold", "unit"),
        ("gold", "precision"),
        ("gold", "must_contain"),
        ("gold", "golden_docs"),
        ("gold", "x"),
        ("sources", 0),
        ("sources", 0, "n"),
        ("sources", 0, "doc"),
        ("sources", 0, "text"),
    ]
)
DELETE = object()


def changed(record: dict, changes: list) -> dict:
    for place, value in changes:
        *path, last = place
        target = record
        for step in path:
            inside = isinstance(target, dict) and step in target
            inside = inside or (
                isinstance(target, list) and isinstance(step, int) and step < len(target)
            )
            target = target[step] if inside else None
        if isinstance(target, dict):
            if value is DELETE:
                target.pop(last, None)
            else:
                target[last] = value
        elif isinstance(target, list) and isinstance(last, int) and last < len(target):
            target[last] = None if value is DELETE else value
    return record


RECORDS = st.builds(
    changed,
    VALID_RECORDS,
    st.lists(st.tuples(PLACES, st.one_of(FIELD_VALUES, st.just(DELETE))), max_size=2),
)


def dumps(record: dict) -> bytes:
    # the standard library writes integers of any size (orjson refuses more than 64 bits)
    return json.dumps(record, ensure_ascii=False).encode()


LINES = st.one_of(
    RECORDS.map(dumps),
    RECORDS.map(dumps),
    RECORDS.map(dumps).map(lambda raw: raw.replace(b"q1", b"q\xff")),
    RECORDS.map(dumps).map(lambda raw: raw[: len(raw) // 2]),
)


@pytest.mark.slow  # 1,500 drawn lines: left out of `make test-fast`
@settings(max_examples=1500, deadline=None)
@given(LINES)
def test_the_lean_reader_agrees_with_the_plain_one(raw):
    plain_kind, plain = decode_line(raw, 7)
    lean_kind, lean = decode_line(raw, 7, lean=True)
    assert lean_kind == plain_kind
    if plain_kind != "answer":
        assert lean == plain
        return
    for name in ("qid", "kind", "question", "gold", "answer", "latency_ms", "error", "line"):
        assert getattr(lean, name) == getattr(plain, name), name
        assert type(getattr(lean, name)) is type(getattr(plain, name)), name
    assert [(s.n, s.doc) for s in lean.sources] == [(s.n, s.doc) for s in plain.sources]
    assert GRADER.grade(lean) == GRADER.grade(plain)
