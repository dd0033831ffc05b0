"""Decline detection (DESIGN 4.2): families of phrasing as data, conditions, and every recorded
counter-example and example replayed."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.errors import GraderConfigError
from grader.rules.clauses import get_strategy
from grader.rules.declines import (
    DeclinePhrase,
    decline_list_from_dict,
    dump_declines,
    load_declines,
    validate_phrase,
)
from grader.rules.normalize import normalize
from grader.rules.reading import answer_declines, read_answer

DECLINES = load_declines()


def declines(answer: str, declines=DECLINES) -> bool:
    return answer_declines(answer, declines)


DECLINING = {
    # the essay's academic register
    "openrag-0035bbca": "This question is not directly addressed in the provided sources.",
    "openrag-006b56ae": "The specific figure is not explicitly stated in the provided sources.",
    "not-discussed": "The topic is not discussed in the sources.",
    "not-stated": "The due date is not stated.",
    # the families the issue names
    "provided-context-does-not-include": "The provided context does not include the 2022 figure.",
    "no-access-after-cut-off": "As of my last update, I do not have access to the 2023 filing.",
    "apology": "I\u2019m sorry, but I can\u2019t answer that from these documents.",
    "you-have-not-provided": "You haven't provided the balance sheet for that year.",
    "no-explicit-information": "There is no explicit information about the dividend in the text.",
    "not-directly-provided": "The exact margin is not directly provided.",
    # the same declines in other models' registers (written here, not copied from any data set)
    "unfortunately-not-enough": "Unfortunately, I do not have enough information to answer.",
    "cannot-determine-first-person": "Based on these excerpts, I cannot determine the fee.",
    "we-cannot": "Without the cash flow statement, we cannot calculate the ratio.",
    "passive-cannot-be": "The late fee cannot be determined from the documents.",
    "not-possible-to": "It is not possible to say what the premium was.",
    "insufficient-information": "There is insufficient information to answer this question.",
    "not-enough-data": "The documents hold not enough data for that.",
    "not-available-in-the-context": "The answer is not available in the context.",
    "not-in-the-provided-documents": "That figure is not in the provided documents.",
    "the-passage-does-not-mention": "The passage doesn't mention a late fee.",
    "no-mention": "There is no mention of a reinstatement fee.",
    "unable-to-find": "I was unable to locate the policy number.",
    "the-paper-does-not-report": "The paper does not report the training cost.",
    "has-not-been-provided": "The evidence needed to answer has not been provided.",
    "i-would-need": "I would need the actual statement to answer that.",
    "without-access": "Without access to the filing, the figure cannot be confirmed.",
    "the-text-you-provided": "The information you provided does not include the 2021 figures.",
    "the-excerpts-do-not-discuss": "The provided excerpts do not discuss the training time.",
    "the-filing-does-not-break-out": "The 10-K doesn't break out revenue by region.",
    "the-excerpts-are-silent": "Regarding the deductible, the excerpts are silent.",
    "does-not-allow-me-to": "The given text does not allow me to determine the answer.",
    "the-documents-offer-no-insight": "The documents provided offer no insight into hedging.",
    "no-answer-can-be-given": "No answer can be given from the sources.",
    "the-sources-are-not-relevant": "The sources provided are not relevant to this question.",
    "something-prevents-me": "My knowledge cutoff prevents me from knowing the 2023 results.",
    # the academic register of papers
    "none-of-the-papers-report": "None of the papers report results on the WMT benchmark.",
    "the-passages-say-nothing-about": "The retrieved passages say nothing about speech.",
    "not-given-in-the-abstracts-provided": "This detail is not given in the abstracts provided.",
    "does-not-elaborate-on": "The source material does not elaborate on the evaluation.",
    "does-not-allow-for-an-answer": "The information given does not allow for a definitive answer.",
    # older instruct models and chat assistants
    "no-way-to-determine": "Based on the information provided, there is no way to determine it.",
    "just-an-ai": "I'm just an AI and do not have access to the company's internal records.",
    "hard-to-say-from-the-excerpts": "It is hard to say from the excerpts what the premium is.",
    "unknown-from-the-context": "The context only covers 2021, so the 2022 figure is unknown.",
    "neither-source-mentions": "Neither source mentions the fee.",
    "no-such-figure-appears": "No such figure appears in the documents.",
    "not-answerable": "The question is not answerable with the given context.",
    "inconclusive": "The documents are inconclusive on the premium.",
    "the-information-is-not-available": "The information is not available.",
    "em-space-in-a-decline": "I could not\u2003find it.",
    "upper-case": "The sources do NOT CONTAIN that figure.",
    "line-break": "The premium is not\nspecified in the policy.",
}


@pytest.mark.parametrize("answer", DECLINING.values(), ids=DECLINING.keys())
def test_declines_are_recognised(answer):
    assert declines(answer)


SUBSTANTIVE = {
    "insufficient-funds-charge": "The statement shows a $29.00 insufficient-funds charge [1].",
    "endorsement-does-not-provide": "The endorsement does not provide water backup coverage [1].",
    "discount-not-available-in-texas": "The discount is not available in Texas [2].",
    "no-information-return": "No information return is needed for this account [1].",
    "not-covered-by-insurance": "You may deduct medical expenses not covered by insurance [1].",
    "casualty-not-covered": (
        "Schedule A covers itemized deductions; casualty losses are not covered there [2]."
    ),
    "a-figure": "The amount due is $42.99 [1].",
    "a-frame-is-not-about-the-sources": (
        "Based on the provided data, the company does not have a rising margin [1]."
    ),
    "a-frame-after-an-opener": (
        "Therefore, based on the data provided, Amcor does not have an improving margin."
    ),
    "knowledge-cut-off-frames-an-answer": (
        "As of my last update, the company paid a dividend every quarter."
    ),
    "not-directly-comparable": (
        "Adjusted EBITDA is not directly comparable to other companies' measures [2]."
    ),
    "a-dataset-does-not-contain": "The dataset does not contain personal information [1].",
    "a-method-does-not-scale": "The method does not scale to graphs of a million nodes [2].",
    "no-evidence-of-leakage": "Our analysis finds no evidence of data leakage [1].",
    "no-way-to-cancel-online": "There is no way to cancel the policy online [1].",
    "neither-account-has-a-fee": "Neither account has a monthly fee [2].",
    "no-such-fee-applies": "No such fee applies to accounts opened after 2020 [1].",
    "an-assistant-manager": "As an assistant manager, Jane approves refunds up to $500.00 [1].",
    "roaming-data-not-included": "Roaming data is not included in the plan [1].",
    "a-policy-does-not-cover": "The policy does not cover flood damage [2].",
    "a-card-offers-no-rewards": "The card offers no rewards on balance transfers [1].",
    "a-fee-not-relevant-to-the-question": (
        "The late fee is not relevant to the question; the amount due is $42.99 [1]."
    ),
    "we-cannot-provide-assurance": (
        "We cannot provide assurance that the litigation will succeed [3]."
    ),
}


@pytest.mark.parametrize("answer", SUBSTANTIVE.values(), ids=SUBSTANTIVE.keys())
def test_substantive_answers_are_not_declines(answer):
    assert not declines(answer)


def test_every_recorded_counterexample_is_not_a_decline():
    """Each conditioned phrase and each exclusion keeps the answers it must not misread."""
    recorded = [c for p in DECLINES.phrases for c in p.counterexamples]
    recorded += [c for e in DECLINES.exclusions for c in e.counterexamples]
    assert len(recorded) >= 10
    for counterexample in recorded:
        assert not declines(counterexample), counterexample


def test_every_conditioned_phrase_names_its_collisions():
    for phrase in DECLINES.phrases:
        if phrase.requires and phrase.requires != "sources":
            pytest.fail(f"{phrase.phrase!r}: unknown condition {phrase.requires!r}")
    assert any(p.phrase == "insufficient" and p.counterexamples for p in DECLINES.phrases)


def test_every_recorded_example_is_a_decline():
    """The regression examples `ragtriage needle add-decline --observed` appends to."""
    assert DECLINES.examples
    for example in DECLINES.examples:
        assert declines(example.answer), example.observed


def test_every_phrase_has_a_rationale_and_provenance():
    for phrase in DECLINES.phrases:
        assert phrase.why.strip(), phrase.phrase
        assert phrase.observed.strip(), phrase.phrase


def test_the_essays_phrases_are_listed_and_not_covered_is_excluded():
    listed = set(DECLINES.texts())
    for phrase in (
        "not directly addressed",
        "not addressed",
        "not discussed",
        "not explicitly stated",
        "not stated",
    ):
        assert phrase in listed
    assert "not covered" not in listed
    assert any(e.phrase == "not covered" for e in DECLINES.exclusions)


def test_the_phrase_that_declines_is_reported():
    reading = read_answer("The fee? I couldn\u2019t find it.", get_strategy(), DECLINES)
    assert reading.decline.words == "i could not find"


def test_list_round_trips_through_its_file_form(tmp_path):
    path = tmp_path / "declines.json"
    path.write_bytes(dump_declines(DECLINES))
    assert load_declines(path) == DECLINES


def test_with_phrase_widens_and_without_phrase_narrows():
    wider = DECLINES.with_phrase(DeclinePhrase("outside my remit", "test", "test"))
    assert declines("That is outside my remit.", wider)
    assert not declines("That is outside my remit.")
    assert wider.without_phrase("outside my remit") == DECLINES


def test_a_conditioned_phrase_needs_its_condition():
    wider = DECLINES.with_phrase(DeclinePhrase("is unknown", "t", "t", requires="sources"))
    assert declines("The figure is unknown from the excerpts.", wider)
    assert not declines("The figure is unknown.", wider)
    with pytest.raises(GraderConfigError, match="unknown condition"):
        DECLINES.with_phrase(DeclinePhrase("x y", "t", "t", requires="nope"))


@pytest.mark.parametrize(
    "phrase",
    ["", "   ", "x" * 501, "not {stated", "not *stated"],
    ids=["empty", "whitespace", "too-long", "unbalanced", "misplaced-star"],
)
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


def test_a_version_one_list_still_loads():
    """A workspace list written by grader version 1 (plain phrases, no conditions)."""
    old = decline_list_from_dict(
        {"version": 1, "phrases": [{"phrase": "couldn't find", "why": "x"}]}
    )
    assert declines("I couldn't find it.", old)


def test_missing_list_file_is_a_clear_error(tmp_path):
    with pytest.raises(GraderConfigError, match="cannot read decline list"):
        load_declines(tmp_path / "nope.json")


PIECES = [
    *(p.phrase for p in DECLINES.phrases if "{" not in p.phrase),
    "could not find",
    "not provided",
    "the provided context",
    "based on the sources,",
    "insufficient",
    "lacks",
    "i am sorry",
    "there is no data on",
    # starred first words ("{offer*|provide*|...} no", "{say*|...} nothing", "{prevent*|...}")
    "the documents offer no insight into",
    "offers",
    "provided no",
    "the passages say nothing about",
    "saying",
    "prevents me from knowing",
    "the fee",
    "$5",
    " ",
    ", ",
]


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(PIECES), max_size=6).map(" ".join), min_size=1, max_size=3)
)
def test_the_fast_decline_search_equals_the_rule(parts):
    parts = [normalize(part) for part in parts]
    for index in range(len(parts)):
        assert DECLINES.find_fast(parts, index) == DECLINES.find(parts, index)
