"""Declines (D001-D004, DESIGN 4.2): which answers decline, as families of phrasing held as
data with their conditions, every recorded counter-example and example replayed; the list's file
form and its checks; what says that a thing does not exist (`says_none`) and the grounded absence
that declines a negative question; when an answer withholds; and the property that widening the
list only moves verdicts up and only removes violations (but for one way down, grader v4: an
answer newly read as declining an answerable question is wrong).

The cases of a phrase's first word, of the opening frame and of the list's order and notes were
found by mutation testing (`bench/mutate.py`): each is one a reader can check against DESIGN 4.
"""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.errors import GraderConfigError
from grader.rules.clauses import get_strategy
from grader.rules.declines import (
    _WORD,
    DeclinePhrase,
    _words,
    decline_list_from_dict,
    dump_declines,
    load_declines,
    validate_phrase,
)
from grader.rules.facts import _ABSENCE
from grader.rules.normalize import normalize
from grader.rules.reading import answer_declines, read_answer, says_none
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grader
from grader.schema import Source
from tests.conftest import make_answer
from tests.rules.shipped import DECLINES, GRADER, grade


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
    known = {condition.name for condition in DECLINES.conditions}
    assert known == {"sources", "refusal"}
    for phrase in DECLINES.phrases:
        if phrase.requires and phrase.requires not in known:
            pytest.fail(f"{phrase.phrase!r}: unknown condition {phrase.requires!r}")
    assert any(p.phrase == "insufficient" and p.counterexamples for p in DECLINES.phrases)
    assert any(p.requires == "refusal" and p.counterexamples for p in DECLINES.phrases)


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
    "sorry,",
    "i was wrong",
    "but",
    "i cannot",
    "there is no data on",
    # starred first words ("{offer*|provide*|...} no", "{say*|...} nothing", "{prevent*|...}")
    "the documents offer no insight into",
    "offers",
    "provided no",
    "the passages say nothing about",
    "saying",
    "prevents me from knowing",
    # the v4 families: a first word with a slash, a phrase that must be alone
    "n/a",
    "unknown",
    "none given",
    "as an ai language model, i cannot",
    "the fee schedule does not include any",
    "appears nowhere on",
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


def _expanded(phrase: str, pick: st.DataObject) -> str:
    """A text one of the phrase's readings spells out: at each group an alternative drawn (so
    the drawn texts hold the groups' words, where the group filter decides), stars dropped."""
    out: list[str] = []
    index = 0
    while index < len(phrase):
        character = phrase[index]
        if character == "{":
            # the group's alternatives at this level, one drawn
            depth, start, alternatives = 1, index + 1, []
            end = index + 1
            while depth:
                if phrase[end] == "{":
                    depth += 1
                elif phrase[end] == "}":
                    depth -= 1
                    if depth == 0:
                        alternatives.append(phrase[start:end])
                elif phrase[end] == "|" and depth == 1:
                    alternatives.append(phrase[start:end])
                    start = end + 1
                end += 1
            out.append(_expanded(pick.draw(st.sampled_from(alternatives)), pick))
            index = end
            continue
        out.append("" if character == "*" else character)
        index += 1
    return "".join(out)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_decline_filters_equal_the_patterns(pick):
    """`find` skips a phrase whose pieces, or every alternative of one of whose groups, the part
    lacks: the same as searching every phrase's pattern (the filters emptied)."""
    unfiltered = replace(DECLINES)
    unfiltered._tables["pieces"] = ((),) * len(DECLINES.phrases)
    unfiltered._tables["choices"] = ((),) * len(DECLINES.phrases)
    words = [
        _expanded(pick.draw(st.sampled_from(DECLINES.texts())), pick)
        for _ in range(pick.draw(st.integers(1, 3)))
    ]
    noise = pick.draw(st.lists(st.sampled_from(PIECES), max_size=3))
    cut = pick.draw(st.integers(0, len(words[0])))
    part = normalize(" ".join([words[0][:cut], *noise, words[0][cut:], *words[1:]]))
    assert DECLINES.find([part], 0) == unfiltered.find([part], 0)


# --- grader v4 (issue 43): the families the v3 list missed, each with what it must not read ---

V4_DECLINING = {
    # a figure the issuer never made public
    "has-not-disclosed-its": "The company has not disclosed its capital expenditure for 2023.",
    "did-not-publish-the-exact": "The insurer did not publish the exact loss ratio.",
    "has-not-revealed-the-terms": "The club has not revealed the terms of the transfer.",
    "was-never-disclosed": "The transfer fee was never disclosed.",
    "not-been-made-public": "The terms of the settlement have not been made public.",
    "not-publicly-disclosed": "The amount the hospital paid is not publicly disclosed.",
    "remains-undisclosed": "The size of the Roman garrison remains undisclosed.",
    # a charge that appears nowhere on a schedule or list
    "schedule-does-not-include-any": (
        "The fee schedule does not include any charge for paper statements."
    ),
    "rate-sheet-does-not-list-a": "The rate sheet doesn't list a fee for stop-payment orders.",
    "price-list-does-not-show": "The hospital's price list does not show a charge for the scan.",
    "appears-nowhere-on": "A paper-statement fee appears nowhere on the schedule.",
    "listed-nowhere-in": "The pet surcharge is listed nowhere in the lease.",
    "not-listed-on-the-fee-schedule": "A card-replacement fee is not listed on the fee schedule.",
    # a study that gives no number for something
    "does-not-report-a-figure-for": "The study does not report a figure for the dropout rate.",
    "did-not-give-a-number-for": "The trial didn't give a number for hospital admissions.",
    "does-not-provide-an-exact-count": (
        "The census does not provide an exact count of the town's households."
    ),
    "gives-no-number-for": "The league table gives no number for away attendances.",
    "provides-no-figure-for": "The chronicle provides no figure for the army's size.",
    "no-figure-is-reported-for": "No figure is reported for the dropout rate.",
    "no-estimate-was-given-for": "No estimate was given for the crowd at the final.",
    # a bare one-word non-answer from a small model
    "n-a": "N/A",
    "unknown": "Unknown.",
    "none-given": "None given",
    "not-available": "Not available.",
    "i-do-not-know": "I don't know.",
    "a-bare-non-answer-after-a-label": "Answer: Unknown",
    # the opening of a chat model, followed by a refusal of its own
    "as-an-ai-i-cannot": "As an AI language model, I cannot browse the filing.",
    # the detail asked for, as the subject, not given in what the model read
    "the-name-of-the-sea-is-not-given": (
        "Based on the passage, the Danube empties into a sea, but the name of the sea is not given."
    ),
    "the-date-of-the-treaty-is-not-stated": "The date of the treaty is not stated in the excerpt.",
    "the-figure-for-the-crowd-was-not-reported": "The figure for the crowd was not reported.",
    "the-identity-of-the-buyer-is-not-disclosed": "The identity of the buyer is not disclosed.",
    "the-number-of-the-ships-crew-is-not-given": "The number of the ship's crew is not given.",
    "the-names-of-the-founders-are-not-provided": (
        "The names of its two founders are not provided in the context."
    ),
    "the-title-of-her-first-album-is-not-mentioned": (
        "The title of her first album is not mentioned."
    ),
    # a QA or retrieval system's report that it gives no answer
    "no-answer-above-threshold": "No answer above threshold",
    "no-span-exceeds-the-cutoff": "no span exceeds the 0.25 cutoff",
    "no-confident-prediction-above-the-threshold": (
        "No confident prediction above the confidence threshold."
    ),
    "no-answer-found": "No answer found in the retrieved passages.",
    "no-span-extracted": "No span extracted.",
    "confidence-below-threshold-alone": "Confidence below threshold.",
    "below-the-cutoff-alone": "Below the cutoff",
}


@pytest.mark.parametrize("answer", V4_DECLINING.values(), ids=V4_DECLINING.keys())
def test_the_v4_decline_families_are_recognised(answer):
    assert declines(answer)


V4_SUBSTANTIVE = {
    # the issue's own counter-example: an absence stated as the answer
    "no-fee-is-listed-for-incoming-wires": "No fee is listed for incoming wires [1].",
    "did-not-disclose-any-weaknesses": (
        "The company did not disclose any material weaknesses in its controls [2]."
    ),
    "does-not-disclose-customer-data": (
        "The insurer does not disclose customer data to third parties [1]."
    ),
    "results-had-not-been-published-then-an-answer": (
        "As of my last update, the 2022 results had not been published; the company's two "
        "segments are aircraft and defence [1]."
    ),
    "a-statement-that-shows-a-fee": (
        "The statement shows a $35.00 late fee and does not include interest [1]."
    ),
    "the-trial-reported-no-deaths": "The trial reported no deaths in either arm [2].",
    "no-higher-rate": "The trial does not report a higher rate of infection in treated arms [2].",
    "none-alone-answers-how-many": "None.",
    "unknown-inside-a-sentence": "The sender of the letter is unknown [1].",
    "n-a-inside-a-sentence": "N/A fees do not apply; the monthly fee is $12.00 [1].",
    # an opening "As an AI language model" followed by an answer
    "as-an-ai-then-an-answer": (
        "As an AI language model, I can tell you the lease term is 12 months [1]."
    ),
    "as-an-ai-model-i-read": "As an AI model, I read the policy: the deductible is $500.00 [1].",
    # "not given" in the ordinary sense, or no detail named as its subject
    "no-reason-was-given": "No reason was given for the delay [1].",
    "aspirin-is-not-given-to-children": "Aspirin is not given to children under 16 [1].",
    "the-dose-is-not-given-orally": "The dose is not given orally; it is injected [2].",
    "the-name-of-the-drug-is-aspirin": "The name of the drug is aspirin [1].",
    "the-date-of-his-birth-is-not-known": "The date of his birth is not known to historians.",
    "the-name-of-the-river-is-the-tigris": (
        "The name of the river is the Tigris; it is not given a second name [1]."
    ),
    # a threshold, or no answer, in an answer's own sentence
    "a-score-below-the-threshold-inside-a-sentence": (
        "Your credit score was below the threshold, so the loan was refused [1]."
    ),
    "a-threshold-with-an-answer-above-it": (
        "The threshold was 0.3, and the answer above it was Omega."
    ),
    "no-answers-yet-then-a-theory": (
        "Scientists have found no answers yet; the leading theory is tidal locking."
    ),
}


@pytest.mark.parametrize("answer", V4_SUBSTANTIVE.values(), ids=V4_SUBSTANTIVE.keys())
def test_the_v4_families_leave_answers_alone(answer):
    assert not declines(answer)


# An apology declines with the refusal it opens (the condition `refusal`): the turn to it
# ("but"), the writer's own inability or refusal, the thing asked said not to exist. Cases
# written here, in several registers.
APOLOGY_REFUSES = {
    "science": "Sorry, I can't help with that.",
    "sport": "I'm sorry, I don't know who won that race.",
    "politics": "My apologies, but I cannot say who will win the election.",
    "music": "Sorry, there is no record of that album in what I was given.",
    "law": "I apologise, I am unable to give advice on a pending case.",
    "business": "I'm sorry, as an AI I have no view of the company's payroll.",
    "literature": "Sorry, I'm not able to identify that poem.",
    "finance": "I'm sorry, I won't guess at next quarter's dividend.",
}

# An apology that owns an error, or that gives the answer, withholds nothing.
APOLOGY_ANSWERS = {
    "science": "Sorry, I was wrong.",
    "sport": "Sorry, the answer is Brazil.",
    "politics": "I apologise for the confusion: the Senate has 100 members.",
    "music": "My apologies, I mixed up the albums; Abbey Road came out in 1969.",
    "law": "Sorry, I misspoke: a claim in contract must be brought within six years.",
    "business": "I'm sorry for the delay; the merger closed in March.",
    "literature": "Sorry, my mistake. The novel is Persuasion.",
    "finance": "I'm sorry, I gave the wrong figure earlier: the fee is $25.",
}


@pytest.mark.parametrize("answer", APOLOGY_REFUSES.values(), ids=APOLOGY_REFUSES.keys())
def test_an_apology_that_opens_a_refusal_declines(answer):
    assert declines(answer)
    record = make_answer(answer, kind="negative", question="Who was it?")
    assert GRADER.grade(record).verdict == CORRECT


@pytest.mark.parametrize("answer", APOLOGY_ANSWERS.values(), ids=APOLOGY_ANSWERS.keys())
def test_an_apology_that_owns_an_error_or_answers_declines_nothing(answer):
    assert not declines(answer)
    grade = GRADER.grade(make_answer(answer, kind="negative", question="Who was it?"))
    assert (grade.verdict, grade.declined) == (WRONG, False), grade.labels


def test_an_apology_alone_on_an_answerable_question_is_a_missing_key_not_a_decline():
    """It asserts nothing: wrong, for the key it does not give (no rule reads it as declining
    an answerable question, D004)."""
    grade = GRADER.grade(make_answer("Sorry, I was wrong.", key="Paris", question="Capital?"))
    assert (grade.verdict, grade.declined, grade.labels[0]) == (
        WRONG,
        False,
        'missing key: "Paris"',
    )


def test_a_phrase_marked_alone_declines_only_as_its_whole_part():
    bare = DECLINES.with_phrase(DeclinePhrase("no clue", "t", "t", alone=True))
    assert declines("No clue.", bare)
    assert not declines("The detective had no clue where the will was [1].", bare)
    path_form = dump_declines(bare)
    assert b'"alone": true' in path_form


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        ("The company has not disclosed its hedging policy.", "It hedges with swaps, see p. 40."),
        ("N/A", "The treaty ended the war in 1815, after Waterloo."),
        ("The study does not report a figure for it.", "About one in ten patients left."),
        (
            "Based on the text, the ship sank in a strait, but the name of the strait is not "
            "given.",
            "Strait of Dover",
        ),
    ],
    ids=[
        "a-key-no-rule-can-check",
        "a-bare-non-answer",
        "a-study-without-a-number",
        "the-name-of-the-detail-not-given",
    ],
)
def test_declining_an_answerable_question_is_wrong_whatever_the_key_holds(answer, key):
    """A decline on a key with no checkable fact was left to a reader (unjudged)."""
    from grader.rules.verdict import WRONG, Grader
    from grader.schema import Answer, Gold, Source

    record = Answer(
        qid="q1",
        kind="answerable",
        question="What does the record say?",
        gold=Gold(key=key, golden_docs=("doc-a",)),
        answer=answer,
        sources=[Source(1, "doc-a", text="...")],
        latency_ms=1000,
    )
    grade = Grader().grade(record)
    assert (grade.verdict, grade.labels[0], grade.declined) == (
        WRONG,
        "declined an answerable question",
        True,
    )


# --- saying that a thing does not exist -------------------------------------------------------


SAYS_NONE = [
    ("there is no", "There is no pet deposit."),
    ("there are no", "There are no debt securities registered under its name."),
    ("there was no", "There was no late fee last month."),
    ("there were no", "There were no dividends declared in 2022."),
    ("there are not any", "There are not any preferred shares outstanding."),
    ("no ... is charged", "No fee is charged for paper statements."),
    ("no, two words, are listed", "No debt securities are listed on an exchange."),
    ("no, three words, are listed", "No other debt securities are listed in the filing."),
    ("no ... were issued", "No new shares were issued during the year."),
    ("no ... are registered", "No notes are registered under Section 12(b)."),
    ("no ... is outstanding", "No balance is outstanding on the card."),
    ("does not allow", "The lease does not allow pets."),
    ("doesn't charge", "The bank doesn't charge a monthly fee."),
    ("do not exist", "Such fees do not exist under this plan."),
    ("did not have", "The company did not have any debt securities registered."),
    ("didn't impose", "The city didn't impose a penalty."),
    ("does not list", "The statement does not list a transfer fee."),
    ("has no", "The policy has no glass deductible."),
    ("have no", "Members have no annual fee."),
    ("had no", "The company had no long-term debt at year end."),
    ("is not charged", "A late fee is not charged on autopay accounts."),
    ("were not payable", "Dividends were not payable to preferred holders."),
    ("none", "None."),
    ("no such", "The bill shows no such charge."),
]


SAYS_SOMETHING = [
    ("a fee stated", "The late fee is $35.00."),
    ("'no' as an answer word, nothing denied", "No, the fee went up to $40."),
    ("'no longer' is not 'no'", "The fee is no longer waived, and it is now $12."),
    ("four words between 'no' and the verb", "No one of the old debt notes are listed."),
    ("'is not' of a state that is not absence", "The fee is not refundable."),
    ("'does not' of another verb", "The lease does not mention the fee amount."),
    ("'has not' is not 'has no'", "The company has not yet filed its report."),
    ("'nonetheless' holds 'none' inside a word", "Nonetheless, the fee is $20."),
]


@pytest.mark.parametrize(
    "text", [pytest.param(text, id=f"{family}: {text}") for family, text in SAYS_NONE]
)
def test_says_that_nothing_exists(text):
    assert says_none(normalize(text))


@pytest.mark.parametrize(
    "text", [pytest.param(text, id=f"{family}: {text}") for family, text in SAYS_SOMETHING]
)
def test_says_something_exists_or_something_else(text):
    assert not says_none(normalize(text))


def test_a_grounded_absence_in_a_new_family_declines_a_negative_question():
    sources = [Source(1, "doc-a", text="Deposits: security deposit $1,200."), Source(2, "doc-b")]
    answer = make_answer(
        "The lease has no pet deposit [1].",
        kind="negative",
        key="",
        sources=sources,
    )
    answer.question = "What is the pet deposit?"
    graded = Grader().grade(answer)
    assert graded.declined and graded.verdict == CORRECT, graded.labels


def parts_of(answer: str) -> list[tuple[str, str | None]]:
    """Each part of an answer (default strategy, shipped decline list) and its decline's words."""
    reading = read_answer(answer, get_strategy(), DECLINES)
    return [(part.text, part.decline.words if part.decline else None) for part in reading.parts]


# --- a phrase's forms, the opening frame, the list's order ------------------------------------


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("The documents say nothing about the fee.", "say nothing about"),
        ("The filing mentions nothing about a fee.", "mentions nothing about"),
        ("The provided documents lack the fee.", "lack"),
    ],
    ids=["say* nothing about", "mention* nothing about", "lack*"],
)
def test_a_phrase_whose_first_word_is_starred_is_found_in_its_forms(answer, words):
    assert parts_of(answer) == [(answer, words)]


@pytest.mark.parametrize(
    ("answer", "declines"),
    [
        ("Based on the documents, the fee is $5; the documents do not provide the late fee.", True),
        ("Based on the documents, the fee is $5; they do not provide the late fee.", False),
    ],
    ids=["the sources named in the declining part", "the sources named only in the frame"],
)
def test_an_opening_frame_is_left_out_of_the_first_part_only(answer, declines):
    """The frame ("Based on the documents,") does not satisfy the condition of a later part's
    phrase; the later part's own words still do, even where they stand within as many
    characters of its start as the frame is long."""
    (_, first), (_, second) = parts_of(answer)
    assert first is None
    assert (second is not None) is declines


def test_of_phrases_starting_at_the_same_word_the_earlier_on_the_list_wins():
    phrases = [{"phrase": "not stated", "why": "a"}, {"phrase": "not {stated|given}", "why": "b"}]
    found = decline_list_from_dict({"phrases": phrases}).find(["the fee is not stated"], 0)
    assert found is not None and found.phrase.why == "a"


def test_a_list_written_out_keeps_every_note_of_a_phrase():
    phrase = {"phrase": "not stated", "why": "w", "observed": "o", "override": "v"}
    declines = decline_list_from_dict({"phrases": [phrase]})
    assert b'"override": "v"' in dump_declines(declines)
    assert b'"observed": "o"' in dump_declines(declines)


def test_an_unknown_condition_is_named_with_the_list_it_is_missing_from():
    phrase = {"phrase": "not given", "why": "", "requires": "sources"}
    message = "decline list: phrase 'not given' requires an unknown condition 'sources' "
    with pytest.raises(GraderConfigError, match=rf"^{message}\(known: none\)$"):
        decline_list_from_dict({"phrases": [phrase]})
    with pytest.raises(GraderConfigError, match=rf"^{message}\(known: none\)$"):
        decline_list_from_dict({}).with_phrase(DeclinePhrase("not given", "", requires="sources"))


# --- withholding ------------------------------------------------------------------------------


def test_a_key_figure_beside_a_declined_amount_does_not_answer_a_money_question() -> None:
    """DESIGN 4.2: on a money question only an amount answers; a percent of the key is none."""
    answer = "I could not find the amount in the sources. Fees rose 5% [1]."
    grade = GRADER.grade(make_answer(answer, key="$1,200 (up 5%)"))
    assert grade.declined
    assert grade.labels == ("declined an answerable question", "missing key amount: $1,200")


def test_a_key_figure_beside_a_decline_answers_a_text_question() -> None:
    answer = "I could not find the amount in the sources. Fees rose 5% [1]."
    grade = GRADER.grade(make_answer(answer, key="Fees rose 5%"))
    assert not grade.declined
    assert grade.verdict == CORRECT


# --- widening the decline list is one-directional (a property) --------------------------------


BASE = Grader()


RANK = {WRONG: 0, PARTIAL: 1, UNJUDGED: 1, CORRECT: 2}


CLAUSES = st.sampled_from(
    [
        "The amount due is $42.99",
        "the ending balance is $26.99",
        "According to Source 2, the fee is $20.00",
        "as indicated in Source 1, the total is $44,322",
        "This is listed in Source 3, where the balance is $42.99",
        "Source 1 lists $42.99",
        "not covered by insurance",
        "the figure is not stated",
        "I could not find it",
        "the provided context does not include the fee",
        "a transfer of -$10,020.00",
        "$450,658",
        "flood",
        "per claim",
        "beyond the scope of the documents",
        "hmm",
    ]
)


JOINS = st.sampled_from([". ", "; ", ", but ", " [1]. ", " [2]; ", "\n", " and ", ", however, "])


@st.composite
def answers(draw) -> str:
    pieces = draw(st.lists(CLAUSES, min_size=1, max_size=6))
    text = pieces[0]
    for piece in pieces[1:]:
        text += draw(JOINS) + piece
    return text + draw(st.sampled_from([".", " [1].", "", "!"]))


PHRASES = st.one_of(
    CLAUSES,
    st.sampled_from(["is $", "balance", "fee", "the", "source*", "{fee|total}", "no*"]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.0123456789", min_size=1, max_size=16),
).filter(lambda p: p.strip() and p.strip()[0] not in "*,.")


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answer=answers(),
    phrase=PHRASES,
    requires=st.sampled_from(["", "sources"]),
    kind=st.sampled_from(["answerable", "negative", "ambiguous"]),
    key=st.sampled_from(["", "$42.99", "$44,322", "$20.00", "No"]),
    must=st.sampled_from([(), ("flood",), ("not covered",)]),
    forbidden=st.sampled_from([(), ("flood",)]),
)
def test_adding_a_decline_phrase_is_one_directional(
    answer, phrase, requires, kind, key, must, forbidden
):
    record = make_answer(
        answer,
        kind=kind,
        key=key,
        must_contain=must,
        must_not_contain=forbidden,
        sources=[Source(1, "doc-a"), Source(2, "doc-b"), Source(3, "doc-a")],
    )
    added = DeclinePhrase(phrase.strip(), "property", "test", requires=requires)
    wider = BASE.variant(declines=BASE.declines.with_phrase(added))
    before, after = BASE.grade(record), wider.grade(record)
    if not before.money.violation:
        assert not after.money.violation
    if (
        kind == "answerable"
        and after.declined
        and not before.declined
        and after.labels[:1] == ("declined an answerable question",)
    ):
        # (v4, DESIGN 4.2) the one way down: an answer the wider list reads as withholding the
        # answer to an answerable question is wrong whatever the key holds, never unjudged
        assert after.verdict == WRONG
        return
    assert RANK[after.verdict] >= RANK[before.verdict]
    if before.verdict == CORRECT:
        assert after.verdict == CORRECT
    if kind == "answerable" and after.verdict != before.verdict:
        # on an answerable question declines reach the verdict only through the money guard
        assert before.money.violation and not after.money.violation


# `says_none` looks for its pattern only in text that holds "no": every way of saying a thing does
# not exist holds it. Drawn from the pattern's own words and their neighbours.
ABSENCE_WORDS = st.sampled_from(
    "there is are was were no not any none such fee fees charged listed does do did allow has "
    "have had the pets deposit . , [1] nothing non-refundable know".split()
)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ABSENCE_WORDS, max_size=10).map(" ".join))
def test_says_none_is_its_pattern_on_normalised_text(text):
    text_norm = normalize(text)
    assert says_none(text_norm) == (_ABSENCE.search(text_norm) is not None)


# (v4) A hedge opener before an answer declines nothing (`grader.rules.stance.hedges_an_answer`):
# a caveat on what the writer can check, or how sure it is, then a contrast and an answer.
# (question, accepted answers, answer, verdict). Cases written here, in several registers.
HEDGES_BEFORE_AN_ANSWER = {
    "medicine, a caveat then the answer": (
        "Which hormone do the islets of Langerhans release to lower blood sugar?",
        ("insulin",),
        "I'm not able to verify current clinical guidance, but the islets release insulin.",
        CORRECT,
    ),
    "sport, browsing then a wrong answer is wrong, not a decline": (
        "Which country hosted the 1982 football World Cup?",
        ("Spain",),
        "I can't browse the web, but as far as I know it was Italy.",
        WRONG,
    ),
    "law, a caveat with however": (
        "How many justices sit on the US Supreme Court?",
        ("nine", "9"),
        "I cannot confirm recent changes; however, the Court has nine justices.",
        CORRECT,
    ),
    "banking support, a policy line then the answer": (
        "How many digits does a UK sort code have?",
        ("six", "6"),
        "I'm unable to check your account details, but a UK sort code has six digits.",
        CORRECT,
    ),
    "travel support, not knowing for certain then a wrong answer": (
        "Which airport code belongs to Amsterdam Schiphol?",
        ("AMS",),
        "I don't know for certain, but I believe it is SPL.",
        WRONG,
    ),
    # (v4, one owner) forms the hedge opener gained from the one definition of the doubt (a
    # caveat in the past tense declined before; "hard to say" declines only of the sources)
    "medicine, hard to say then the answer": (
        "Which hormone do the islets of Langerhans release to lower blood sugar?",
        ("insulin",),
        "Hard to say, but the islets release insulin.",
        CORRECT,
    ),
    "sport, difficult to tell then a wrong answer": (
        "Which country hosted the 1982 football World Cup?",
        ("Spain",),
        "It's difficult to tell, but I think it was Argentina.",
        WRONG,
    ),
    "law, a caveat in the past tense": (
        "How many justices sit on the US Supreme Court?",
        ("nine", "9"),
        "I was unable to verify recent appointments, but the Court has nine justices.",
        CORRECT,
    ),
    "history, we were not able to confirm": (
        "Who signed the Peace of Westphalia for Sweden?",
        ("Johan Oxenstierna", "Oxenstierna"),
        "We were not able to confirm the archive; however, Johan Oxenstierna signed for Sweden.",
        CORRECT,
    ),
    "cooking, hard to say then the answer": (
        "Which cured pork is used in a classic carbonara?",
        ("guanciale",),
        "It's hard to say, but a classic carbonara uses guanciale.",
        CORRECT,
    ),
}

# What it must never read as an answer: the part after the contrast declines itself, sends the
# reader elsewhere, or offers candidates; a caveat about the sources; a caveat alone.
HEDGES_BEFORE_NO_ANSWER = {
    "a second decline after the caveat": (
        "Which hormone do the islets of Langerhans release to lower blood sugar?",
        "I'm not able to verify this, but I can't give you a name.",
    ),
    "the reader sent elsewhere": (
        "Which country hosted the 1982 football World Cup?",
        "I'm unable to confirm that, but you can check the FIFA website.",
    ),
    "a recommendation": (
        "What is the maximum daily dose of paracetamol for adults?",
        "I cannot verify dosing, but I'd recommend asking your pharmacist.",
    ),
    "the sources lack it, beside context": (
        "Who wrote the annual report?",
        "I cannot verify the author in the documents, but the preface is signed by the board.",
    ),
    "a caveat alone": (
        "How many justices sit on the US Supreme Court?",
        "I can't verify that.",
    ),
    # (v4, one owner) not knowing, which the candidates' doubt reads and the hedge opener does
    # not: what follows it is context or a referral; the sources named
    "medicine, not knowing then context": (
        "What is the maximum daily dose of paracetamol for adults?",
        "I don't know, but the dose depends on the patient's weight.",
    ),
    "sport, no idea then context": (
        "Which country hosted the 1982 football World Cup?",
        "No idea, but it was a famous tournament.",
    ),
    "law, hard to say from the excerpts": (
        "When was the statute last amended?",
        "It is hard to say from the excerpts, but the statute is still in force.",
    ),
    "law, the one excerpt given lacks it": (
        "When was the statute last amended?",
        "I cannot verify the amendment date in the excerpt, but the statute is still in force.",
    ),
    # a part that is more than a hedge opener: its decline stays, whatever follows
    "history, a doubt then the sources lacking it, in one part": (
        "In which year did the First World War end?",
        "I'm not sure though I could not find the year in the documents, but the armistice was"
        " signed in 1918.",
    ),
    "history, a search that found nothing": (
        "In which year was the Peace of Westphalia signed?",
        "I could not find the date, but the archive lists several treaties.",
    ),
    "cooking, a caveat in the past tense then a referral": (
        "Which cured pork is used in a classic carbonara?",
        "I was unable to verify the recipe, but you could ask your butcher.",
    ),
}


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"),
    list(HEDGES_BEFORE_AN_ANSWER.values()),
    ids=list(HEDGES_BEFORE_AN_ANSWER.keys()),
)
def test_a_hedge_before_an_answer_declines_nothing(question, accepted, answer, verdict):
    """ "I'm not able to verify archived schedules, but they won gold in Barcelona" was read as
    declining an answerable question."""
    found = grade(question, accepted, answer)
    assert (found.verdict, found.declined) == (verdict, False), found.labels


@pytest.mark.parametrize(
    ("question", "answer"),
    list(HEDGES_BEFORE_NO_ANSWER.values()),
    ids=list(HEDGES_BEFORE_NO_ANSWER.keys()),
)
def test_a_hedge_before_no_answer_still_declines(question, answer):
    assert declines(answer)
    assert grade(question, ("nine",), answer).declined


def test_a_hedge_before_candidates_leaves_them_candidates():
    """As before the family: the answer names the key as one of two and chooses neither."""
    found = grade(
        "Which country hosted the 1982 football World Cup?",
        ("Spain",),
        "I can't verify it, but it might be Spain or Italy.",
    )
    assert (found.verdict, found.declined) == (PARTIAL, True)


@pytest.mark.parametrize(
    "text",
    [
        "the fee is not stated in the sources.",
        "n/a",
        "snake_case words_and 42nd 3.5 $1,204.50 [2]",
        "   ",
        "",
        "i could not find it - sorry; no data (none)",
    ],
)
def test_the_words_of_ascii_text_are_the_words_of_its_pattern(text):
    assert _words(text) == _WORD.findall(text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x24F)))
def test_the_words_of_drawn_text_are_the_words_of_its_pattern(text):
    """`_words` reads ASCII text with a set of characters in place of "\\w": the same words."""
    assert _words(text) == _WORD.findall(text)
