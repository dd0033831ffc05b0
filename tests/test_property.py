"""Properties: scorecards of parts add up to the whole. (The rules' properties are filed with
their rules under tests/rules/: widening the decline list in test_declines.py, a source's digits
in test_money.py.)"""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from grader.records.scorecard import Scorecard, scorecard
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grade, MoneyCheck

GRADES = st.lists(
    st.builds(
        Grade,
        qid=st.sampled_from(["a", "b", "c"]),
        kind=st.sampled_from(["answerable", "negative", "ambiguous"]),
        verdict=st.sampled_from([CORRECT, PARTIAL, WRONG, UNJUDGED]),
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
def test_the_scorecards_of_two_parts_add_up_to_the_whole(grades, cut):
    # What a parallel regrade relies on: each process counts its own part.
    card = Scorecard.of(grades[:cut])
    card.add(Scorecard.of(grades[cut:]))
    assert card == scorecard(grades)


@settings(max_examples=300, deadline=None)
@given(GRADES, st.lists(st.integers(min_value=0, max_value=30), max_size=6))
def test_the_scorecards_of_many_parts_join_into_the_whole(grades, cuts):
    edges = [0, *sorted(min(cut, len(grades)) for cut in cuts), len(grades)]
    parts = [Scorecard.of(grades[low:high]) for low, high in itertools.pairwise(edges)]
    assert Scorecard.joined(parts) == scorecard(grades)
