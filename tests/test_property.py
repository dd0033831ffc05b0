"""Property: widening the decline list only moves verdicts up and only removes violations."""

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.declines import DeclinePhrase
from grader.scorecard import Tally, scorecard
from grader.verdict import CORRECT, PARTIAL, WRONG, Grade, Grader, MoneyCheck
from tests.conftest import make_answer

BASE = Grader()
RANK = {WRONG: 0, PARTIAL: 1, CORRECT: 2}

FRAGMENTS = st.sampled_from(
    [
        "The amount due is $42.99",
        "the ending balance is $26.99",
        "According to Source 2,",
        "as indicated in Source 1,",
        "This is listed in Source 3, where",
        "[1]",
        "[2]",
        "not covered by insurance",
        "the figure is not stated",
        "I could not find it",
        "a transfer of -$10,020.00",
        "$44,322",
        "$450,658",
        "flood",
        "per claim",
        ".",
        ",",
        "beyond the scope",
        "hmm",
    ]
)
ANSWERS = st.lists(st.one_of(FRAGMENTS, st.text(max_size=12)), max_size=10).map(" ".join)
PHRASES = st.one_of(
    FRAGMENTS,
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz $.,[]0123456789", min_size=1, max_size=20),
).filter(lambda p: p.strip())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answer=ANSWERS,
    phrase=PHRASES,
    kind=st.sampled_from(["answerable", "negative", "ambiguous"]),
    key=st.sampled_from(["", "$42.99", "$44,322", "$20.00", "No"]),
    must=st.sampled_from([(), ("flood",), ("not covered",)]),
    forbidden=st.sampled_from([(), ("flood",)]),
)
def test_adding_a_decline_phrase_is_one_directional(answer, phrase, kind, key, must, forbidden):
    record = make_answer(
        answer,
        kind=kind,
        key=key,
        must_contain=must,
        must_not_contain=forbidden,
        sources=[{"n": 1, "doc": "doc-a"}, {"n": 2, "doc": "doc-b"}, {"n": 3, "doc": "doc-a"}],
    )
    wider = Grader(BASE.declines.with_phrase(DeclinePhrase(phrase.strip(), "property", "test")))
    before, after = BASE.grade(record), wider.grade(record)
    assert RANK[after.verdict] >= RANK[before.verdict]
    if before.verdict == CORRECT:
        assert after.verdict == CORRECT
    if not before.money.violation:
        assert not after.money.violation
    if kind == "answerable":
        assert after.verdict == before.verdict


GRADES = st.lists(
    st.builds(
        Grade,
        qid=st.sampled_from(["a", "b", "c"]),
        kind=st.sampled_from(["answerable", "negative", "ambiguous"]),
        verdict=st.sampled_from([CORRECT, PARTIAL, WRONG]),
        labels=st.sampled_from([(), ("engine error",), ("declined",)]),
        declined=st.booleans(),
        decline_phrase=st.none(),
        money=st.builds(MoneyCheck, st.booleans(), st.just(()), st.just(()), st.booleans()),
        cited=st.just(()),
        latency_ms=st.one_of(st.none(), st.integers(0, 10**6), st.floats(0, 1e6)),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(GRADES, st.integers(min_value=0, max_value=30))
def test_the_tallies_of_two_parts_add_up_to_the_whole(grades, cut):
    # What a parallel regrade relies on: each process counts its own part.
    tally = Tally.of(grades[:cut])
    tally.add(Tally.of(grades[cut:]))
    # (the latencies come as each part's sorted run: the same numbers, in another order)
    assert msgspec.structs.replace(tally, latencies=sorted(tally.latencies)) == Tally.of(grades)
    assert tally.scorecard() == scorecard(grades)
