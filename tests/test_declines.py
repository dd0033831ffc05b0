"""Decline detection (DESIGN 4.2): the list is data, and its exclusions are tests."""

import pytest

from grader.declines import (
    DeclinePhrase,
    decline_list_from_dict,
    dump_declines,
    load_declines,
    validate_phrase,
)
from grader.errors import GraderConfigError

DECLINES = load_declines()


@pytest.mark.parametrize(
    "answer",
    [
        "This question is not directly addressed in the provided sources.",
        "The specific figure is not explicitly stated in the provided sources.",
        "The topic is not discussed in the sources.",
        "The due date is not stated.",
        "I couldn’t find the amount in these documents.",
        "The sources do NOT CONTAIN that figure.",
        "The premium is not\nspecified in the policy.",
    ],
    ids=[
        "openrag-0035bbca",
        "openrag-006b56ae",
        "not-discussed",
        "not-stated",
        "curly-apostrophe",
        "upper-case",
        "line-break",
    ],
)
def test_observed_declines_are_recognised(answer):
    assert DECLINES.looks_like_not_found(answer)


def test_every_recorded_example_is_a_decline():
    """The regression examples `ragtriage needle add-decline --observed` appends to."""
    assert DECLINES.examples, "the list ships its observed examples"
    for example in DECLINES.examples:
        assert DECLINES.looks_like_not_found(example.answer), example.observed


def test_no_exclusion_counterexample_is_a_decline():
    """Every recorded exclusion's counter-examples are substantive answers, not declines."""
    assert any(e.phrase == "not covered" for e in DECLINES.exclusions)
    for exclusion in DECLINES.exclusions:
        assert exclusion.counterexamples, f"{exclusion.phrase!r} records no counter-example"
        for counterexample in exclusion.counterexamples:
            assert not DECLINES.looks_like_not_found(counterexample), counterexample


@pytest.mark.parametrize(
    "answer",
    [
        "You may deduct medical expenses not covered by insurance [1].",
        "Form 1040 Schedule A covers itemized deductions; "
        "casualty losses are not covered there [2].",
        "The amount due is $42.99 [1].",
    ],
)
def test_substantive_answers_are_not_declines(answer):
    assert not DECLINES.looks_like_not_found(answer)


def test_every_phrase_has_a_rationale_and_provenance():
    for phrase in DECLINES.phrases:
        assert phrase.why.strip(), phrase.phrase
        assert phrase.observed.strip(), phrase.phrase


def test_essay_phrases_are_listed():
    listed = set(DECLINES.texts())
    for phrase in [
        "not directly addressed",
        "not addressed",
        "not discussed",
        "not explicitly stated",
        "not stated",
    ]:
        assert phrase in listed
    assert "not covered" not in listed


def test_list_round_trips_through_its_file_form(tmp_path):
    path = tmp_path / "declines.json"
    path.write_bytes(dump_declines(DECLINES))
    assert load_declines(path) == DECLINES


def test_with_phrase_widens():
    wider = DECLINES.with_phrase(DeclinePhrase("beyond the scope of", "test", "test"))
    assert wider.looks_like_not_found("That is beyond the scope of these sources.")
    assert not DECLINES.looks_like_not_found("That is beyond the scope of these sources.")
    assert wider.without_phrase("beyond the scope of") == DECLINES


@pytest.mark.parametrize("phrase", ["", "   ", "x" * 201], ids=["empty", "whitespace", "too-long"])
def test_bad_phrases_are_refused(phrase):
    with pytest.raises(GraderConfigError):
        validate_phrase(phrase)


def test_a_phrase_both_listed_and_excluded_is_refused():
    data = {
        "phrases": [{"phrase": "not covered", "why": "x", "observed": "y"}],
        "exclusions": [{"phrase": "Not Covered", "why": "z", "counterexamples": []}],
    }
    with pytest.raises(GraderConfigError, match="both on the list and a recorded exclusion"):
        decline_list_from_dict(data)


def test_missing_list_file_is_a_clear_error(tmp_path):
    with pytest.raises(GraderConfigError, match="cannot read decline list"):
        load_declines(tmp_path / "nope.json")
