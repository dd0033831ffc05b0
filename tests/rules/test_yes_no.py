"""A Yes or No (Y001-Y002, DESIGN 4.6, v4): the side an answer takes on a Yes-or-No question,
by its opener, as an elliptical answer or by the polarity of a sentence that restates the
question, each family with what it must not read, in several registers; the Yes or No a key
opens with; and the side an answer takes after an opening frame.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.codes import TAKES_NO_SIDE
from grader.rules.content_check import stance_of_answer
from grader.rules.key import polarity_of_key
from grader.rules.normalize import normalize
from grader.rules.reading import Context, read_answer
from grader.rules.stance import (
    _CONTRAST_WORDS,
    _HEDGE_OPENER,
    _HEDGE_WORDS,
    without_hedge_opener,
)
from grader.rules.verdict import UNJUDGED, WRONG, Grader
from grader.schema import Answer, Gold, Source
from tests.rules.shipped import DECLINES


def stance(answer: str, question: str) -> str:
    context = Context.of(question, [])
    return stance_of_answer(read_answer(answer, get_strategy(), DECLINES, context), question)


# (question, answer, side)
OPENERS = {
    # what an opener reads
    "yes": ("Does the policy cover hail?", "Yes.", "yes"),
    "yes-without-a-comma": ("Did the lease allow pets?", "Yes it did, with a deposit.", "yes"),
    "no": ("Is the drug approved for children?", "No, only for adults.", "no"),
    "no-it-does-not": ("Does the lease allow pets?", "No it does not.", "no"),
    "not-quite-but-yes": ("Did the team win the league?", "Not quite, but yes.", "yes"),
    "not-quite-but-yes-after-an-unspaced-dash": (
        "Did the bill pass the Senate?",
        "Not quite\u2014but yes, on the second vote.",
        "yes",
    ),
    "definitely": (
        "Will the ferry run on the holiday?",
        "Definitely - the timetable lists it.",
        "yes",
    ),
    "nope": ("Is the ferry running today?", "Nope.", "no"),
    "i-doubt-it": ("Was the treaty signed in 1815?", "I doubt it.", "no"),
    "correct": ("Is the deductible applied per claim?", "Correct, per claim [1].", "yes"),
    "that-is-right": ("Did Napoleon return from Elba?", "That's right: in 1815.", "yes"),
    "not-at-all": ("Does the trial report liver damage?", "Not at all.", "no"),
    "absolutely": ("Can the tenant sublet?", "Absolutely, with written consent.", "yes"),
    "indeed": ("Did the striker score twice?", "Indeed, in the second half.", "yes"),
    "of-course-not": ("Is flood damage covered?", "Of course not.", "no"),
    "after-a-frame": ("Is hail covered?", "Based on the policy, yes, it is [1].", "yes"),
    "yes-then-no-as-a-determiner": (
        "Is the transfer free?",
        "Yes, there is no fee for it.",
        "yes",
    ),
    "an-emphasis-on-a-negation": (
        "Does the policy cover floods?",
        "Indeed, the policy does not cover floods.",
        "no",
    ),
    # what an opener must not read: "no" as a determiner, "correct" as an adjective
    "no-one-knows": ("Did the treaty end the war?", "No one knows.", ""),
    "no-longer": ("Is the clinic open on Sundays?", "No longer.", ""),
    "the-correct-premium": (
        "Is the premium $40?",
        "The correct premium is stated on page 2.",
        "",
    ),
    "a-filings-checkbox": ("Is the company a shell company?", "Yes ☐ No ☒", ""),
}


ELLIPTICAL = {
    "it-does-not": (
        "Does the policy cover floods?",
        "It does not: the policy excludes floods [1].",
        "no",
    ),
    "they-did": ("Did the Romans reach Scotland?", "They did.", "yes"),
    "she-has": ("Has the patient been vaccinated?", "She has, in March.", "yes"),
    # not elliptical: the auxiliary goes on to a verb
    "it-does-cover": ("Does the policy cover floods?", "It does cover hail [1].", ""),
}


POLARITY = {
    # a sentence that restates the question, read by its main clause
    "did-not-pay": (
        "Did the company pay a dividend?",
        "The company did not pay a dividend.",
        "no",
    ),
    "paid": (
        "Did the company pay a dividend in 2022?",
        "The company paid a dividend in 2022.",
        "yes",
    ),
    "there-is-no": ("Is there a pet deposit?", "There is no pet deposit under this lease.", "no"),
    "has-no": ("Does the policy have a deductible?", "The policy has no deductible [1].", "no"),
    "never": ("Did the club ever win the cup?", "The club never won the cup.", "no"),
    "cannot": ("Can the tenant sublet the flat?", "The tenant cannot sublet the flat.", "no"),
    "not-in-a-subordinate-clause": (
        "Did the company pay a dividend?",
        "The company paid a dividend, although it did not raise it.",
        "yes",
    ),
    "not-in-a-relative-clause": (
        "Does the policy cover water damage?",
        "The policy covers water damage, which is not excluded anywhere [1].",
        "yes",
    ),
    "not-in-a-relative-clause-after-an-unspaced-comma": (
        "Does the library support async code?",
        "The library supports async code,which was not true of its first release.",
        "yes",
    ),
    "not-in-a-quotation": (
        'Is the word "not" in the clause about pets?',
        'The clause about pets holds the word "not" twice [1].',
        "yes",
    ),
    "no-after-a-preposition": (
        "Does the lease allow pets?",
        "The lease allows pets at no extra charge [2].",
        "yes",
    ),
    "not-only": (
        "Did the trial report nausea?",
        "The trial reported not only nausea but also headaches.",
        "yes",
    ),
    "the-other-direction": (
        "Has the company increased its debt between 2021 and 2022?",
        "The company's debt decreased between 2021 and 2022.",
        "no",
    ),
    "the-other-direction-in-its-bare-form": (
        "Was the planning application rejected?",
        "The council voted to accept the application.",
        "no",
    ),
    "the-same-direction-in-other-words": (
        "Was there a drop in the patient's blood pressure?",
        "The patient's blood pressure fell after the second dose.",
        "yes",
    ),
    "both-directions-the-last-concludes": (
        "Has the team's ranking improved this season?",
        "The team's ranking improved in autumn but then declined this season.",
        "no",
    ),
    "negated-then-the-other-direction": (
        "Has the team's form improved this season?",
        "The team's form did not improve this season; instead, it declined.",
        "no",
    ),
    "excluded-for-covered": (
        "Does the policy cover flood damage?",
        "The policy excludes flood damage [1].",
        "no",
    ),
    "negative-for-positive": (
        "Does the landlord have positive cash flow from the lease?",
        "The landlord has negative cash flow from the lease.",
        "no",
    ),
    "after-a-preamble": (
        "Does the company have positive working capital?",
        "To determine whether the company has positive working capital, we compare current "
        "assets and liabilities. The company has positive working capital of $2.1 million.",
        "yes",
    ),
    "after-a-line-of-working": (
        "Did the company's margin improve in 2023?",
        "Margin = profit / sales. The company's margin improved in 2023.",
        "yes",
    ),
    # sentences that take no side
    "a-preamble-alone": (
        "Did the empire collapse in 476?",
        "To determine whether the empire collapsed in 476, we need to look at the sources.",
        "",
    ),
    "a-possibility": (
        "Will the insurer pay the claim?",
        "The insurer may pay the claim after review.",
        "",
    ),
    "a-sentence-that-restates-too-little": (
        "Is the drug approved for use in children under twelve?",
        "The drug is a common antihistamine.",
        "",
    ),
    "a-figure-without-the-change-asked": (
        "Has the company increased its debt between 2021 and 2022?",
        "The company's debt was $150.6 billion in 2022 and $150.9 billion in 2021.",
        "",
    ),
    "a-question-back": (
        "Did the team win the final?",
        "Did the team win the final?",
        "",
    ),
    "a-list-item": (
        "Did the clinic's waiting times improve in 2023?",
        "- Waiting times improved in 2023 for outpatients.",
        "",
    ),
    "a-decline-ends-the-search": (
        "Did the company pay a dividend in 2022?",
        "I could not find the 2022 statements. The company paid a dividend in 2022.",
        "",
    ),
    "no-yes-or-no-question": (
        "What does the policy cover?",
        "The policy does not cover floods.",
        "",
    ),
}


# (v4) An opener after a qualifier of respect or certainty, and what must not be read as one.
QUALIFIED = {
    "botany": ("Is a tomato a fruit?", "Botanically, yes - it is a berry.", "yes"),
    "law": ("Is jaywalking a crime in the UK?", "Legally, no: there is no such offence.", "no"),
    "technically": ("Is a whale a fish?", "Technically, no.", "no"),
    "strictly speaking": (
        "Does the warranty cover water damage?",
        "Strictly speaking, yes, if the seal was intact.",
        "yes",
    ),
    "in short": ("Can I renew my passport online?", "In short, no [1].", "no"),
    "a determiner after the qualifier": (
        "Is there a fee to change the booking?",
        "Usually, no fee is charged for a change.",
        "no",
    ),
    "no opener after the qualifier": (
        "Does the museum open on Mondays?",
        "Normally, the museum opens on Mondays.",
        "yes",
    ),
    "a qualifier without a comma": ("Is Pluto a planet?", "Formally yes it was once.", ""),
}


# (v4) A hedge opener then a contrast takes no side: the claim after it does. What it must
# not read: a hedge without the contrast (doubt of the claim itself), a hedge alone, an opener
# before the hedge, "not quite", a hedge later in the sentence or in a later sentence.
HEDGE_OPENERS = {
    "science": (
        "Does water boil at a lower temperature at high altitude?",
        "I'm not sure, but I believe water boils at a lower temperature at high altitude.",
        "yes",
    ),
    "sport": (
        "Did the goalkeeper score in the final?",
        "I don't know for certain, but the goalkeeper did not score in the final.",
        "no",
    ),
    "politics": (
        "Did the bill pass the Senate?",
        "I can't be certain; however, the bill passed the Senate in the spring.",
        "yes",
    ),
    "music": (
        "Did the band record the album in Berlin?",
        "Not 100% sure, but yes, they recorded it there.",
        "yes",
    ),
    "law": (
        "Is a verbal contract binding?",
        "I may be wrong, but no: it is binding only in writing here.",
        "no",
    ),
    "literature": (
        "Was the novel published under a pen name?",
        "I'm not entirely sure, though the novel was published under a pen name.",
        "yes",
    ),
    "business": (
        "Did the company open a store in Lisbon?",
        "Not sure, but I think the company opened a store in Lisbon in 2019.",
        "yes",
    ),
    "a caveat on what it can check": (
        "Did the bill pass the Senate?",
        "I can't verify archived votes, but the bill passed the Senate in the spring.",
        "yes",
    ),
    # what it must not read
    "a caveat about the sources": (
        "Did the company open a store in Lisbon?",
        "I cannot verify the filing, but the company opened a store in Lisbon.",
        "",
    ),
    "doubt of the claim itself, as I doubt it": (
        "Did the company open a store in Lisbon?",
        "I'm not sure the company opened a store in Lisbon.",
        "no",
    ),
    "doubt of the claim, in so many words": (
        "Did the bill pass the Senate?",
        "I doubt that the bill passed the Senate.",
        "no",
    ),
    "a doubted no takes no side": (
        "Did the bill pass the Senate?",
        "I doubt the bill did not pass the Senate.",
        "",
    ),
    "a hedge alone": ("Did the bill pass the Senate?", "I'm not sure.", ""),
    "an opener before the hedge": (
        "Can the ferry carry cars?",
        "No, I'm not sure it can.",
        "no",
    ),
    "not quite is an opener": ("Did the team win the league?", "Not quite, but close.", "no"),
    "a hedge after the start of the sentence": (
        "Did the band record the album in Berlin?",
        "The band did not record the album in Berlin, I'm not sure, but I think in Paris.",
        "no",
    ),
    "a hedge in a later sentence": (
        "Is a verbal contract binding?",
        "Yes. I'm not sure, but the court may ask for a witness.",
        "yes",
    ),
}

# (v4, one owner) The forms the hedge opener gained when the doubt became one definition
# (`grader.rules.stance.DOUBT`, read by the candidates' doubt too), and the candidates' own forms
# it never takes: not knowing ("I don't know", "no idea", "I could not find it") before a
# contrast is no doubt of a claim, and a sentence that declines withholds its side, as a caveat
# about the sources does. (question, answer, side). Cases written here.
DOUBT_BEFORE_A_CONTRAST = {
    "medicine, hard to say": (
        "Is aspirin an anti-inflammatory drug?",
        "Hard to say, but it is.",
        "yes",
    ),
    "sport, recalling exactly": (
        "Did Leeds win the league in 1992?",
        "I can't recall exactly, but Leeds won the league in 1992.",
        "yes",
    ),
    "law, remembering offhand": (
        "Does a will in England need two witnesses?",
        "I don't remember offhand, but a will in England needs two witnesses.",
        "yes",
    ),
    "history, we cannot be certain": (
        "Was the treaty signed at Versailles?",
        "We cannot be certain; however, the treaty was signed at Versailles.",
        "yes",
    ),
    "history, a caveat in the past tense": (
        "Was the treaty signed at Versailles?",
        "I was not able to check the archive, but the treaty was signed at Versailles.",
        "yes",
    ),
    "cooking, difficult to tell": (
        "Does a roux need butter?",
        "It is difficult to tell, but it does not: oil works too.",
        "no",
    ),
    # what it must not read
    "medicine, not knowing": (
        "Is aspirin an anti-inflammatory drug?",
        "I don't know, but aspirin is an anti-inflammatory drug.",
        "",
    ),
    "sport, no idea": (
        "Did Leeds win the league in 1992?",
        "No idea, but Leeds won the league in 1992.",
        "",
    ),
    "law, a search that found nothing": (
        "Does a will in England need two witnesses?",
        "I could not find it, but a will in England needs two witnesses.",
        "",
    ),
    "history, hard to say from the sources": (
        "Was the treaty signed at Versailles?",
        "It is hard to say from the excerpts, but the treaty was signed at Versailles.",
        "",
    ),
    "cooking, cannot say without a word of how surely": (
        "Does a roux need butter?",
        "I cannot say, but a roux needs butter.",
        "",
    ),
}


@pytest.mark.parametrize(
    ("question", "answer", "side"),
    list(DOUBT_BEFORE_A_CONTRAST.values()),
    ids=list(DOUBT_BEFORE_A_CONTRAST.keys()),
)
def test_the_doubt_before_a_contrast(question, answer, side):
    """ "I was not able to check the archive, but the treaty was signed at Versailles" was read
    as No, and "Hard to say, but it is." took no side: the hedge opener's doubt lacked forms the
    candidates' doubt had."""
    assert stance(answer, question) == side


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(HEDGE_OPENERS.values()), ids=list(HEDGE_OPENERS.keys())
)
def test_a_hedge_opener_takes_no_side(question, answer, side):
    """ "I'm not sure, but I believe the Switch can be played both docked and handheld" was
    read as No."""
    assert stance(answer, question) == side


def test_the_hedge_openers_guard_is_its_pattern():
    """Every text the hedge-opener pattern strips holds one of the words the guard looks for, and
    one of the contrast words: the guard cuts no hedge opener."""
    texts = [normalize(answer) for _, answer, _ in HEDGE_OPENERS.values()]
    texts += [
        "i am unsure, but yes",
        "i am uncertain; however, no",
        "not absolutely positive, but yes",
        "i could be mistaken, but no",
        "i cannot say exactly, but yes",
        "i do not know definitely, but no",
        "i cannot browse the web, but yes",
        "we are unable to double-check this; however, no",
        "i am not able to look up live scores, but yes",
        "i cannot search the archive, but no",
        "i cannot verify the documents, but yes",
        "it is hard to say, but yes",
        "difficult to tell; however, no",
        "i cannot recall with any confidence, but yes",
        "we do not remember precisely, though no",
        "i could not say offhand, yet yes",
        "i do not know from memory, but no",
        "we were not able to double-check it, but yes",
        "i did not look up the score, but no",
        "i am not a hundred percent positive, but yes",
        "i do not know, but yes",
        "no idea, but no",
        "hard to say whether it did, but yes",
        "i am not sure it did",
        "it is hard to say for sure - yes",
    ]
    texts += [text.replace("but", "and") for text in texts]  # no contrast: no hedge opener
    for text in texts:
        if _HEDGE_OPENER.match(text) is not None:
            assert any(word in text for word in _HEDGE_WORDS), text
            assert any(word in text for word in _CONTRAST_WORDS), text
        assert without_hedge_opener(text) == (
            text[_HEDGE_OPENER.match(text).end() :] if _HEDGE_OPENER.match(text) else text
        )


# The doubt's own phrases and their neighbours, with the contrasts and marks around them.
DOUBT_PHRASES = st.sampled_from(
    (
        "i am not sure",
        "not 100% certain",
        "unsure",
        "i may be wrong",
        "it is hard to say",
        "difficult to tell",
        "i cannot be certain",
        "we were unable to verify",
        "i did not check",
        "i cannot recall",
        "i do not remember",
        "i do not know",
        "no idea",
        "i could not find",
        "exactly",
        "with any confidence",
        "offhand",
        "from memory",
        "the archive",
        "in the",
        "documents",
        "about this",
        "whether it did",
        "but",
        "however,",
        "though",
        "yet",
        "and",
        ",",
        ";",
        "-",
        "yes",
        "it did",
    )
)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(DOUBT_PHRASES, max_size=8).map(" ".join))
def test_the_hedge_openers_guard_is_its_pattern_on_drawn_text(text):
    found = _HEDGE_OPENER.match(text)
    assert without_hedge_opener(text) == (text[found.end() :] if found else text)


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(QUALIFIED.values()), ids=list(QUALIFIED.keys())
)
def test_an_opener_after_a_qualifier(question, answer, side):
    """ "Botanically, yes - it's a berry." took no side."""
    assert stance(answer, question) == side


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(OPENERS.values()), ids=list(OPENERS.keys())
)
def test_openers(question, answer, side):
    assert stance(answer, question) == side


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(ELLIPTICAL.values()), ids=list(ELLIPTICAL.keys())
)
def test_elliptical_answers(question, answer, side):
    assert stance(answer, question) == side


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(POLARITY.values()), ids=list(POLARITY.keys())
)
def test_polarity_of_a_sentence_that_restates_the_question(question, answer, side):
    assert stance(answer, question) == side


# (v4) "May" the month is no modal: a sentence that names it takes its side by its polarity;
# "may" the modal (after a subject or a word a verb may follow) still takes none.
MONTH_MAY = {
    "in-may-and-a-year (politics)": (
        "Did the law take effect in 2021?",
        "The law took effect in May 2021.",
        "yes",
    ),
    "in-may (sport)": (
        "Did the club win the league in 1999?",
        "The club won the league in May that year.",
        "yes",
    ),
    "until-may, negated (science)": (
        "Did the probe reach Mars in 2021?",
        "The probe did not reach Mars until May 2022.",
        "no",
    ),
    "a-day-before-may (law)": (
        "Was the appeal heard in 2019?",
        "The appeal was heard on 5 May 2019.",
        "yes",
    ),
    "mid-may (business)": (
        "Did the company list its shares in 2020?",
        "The company listed its shares by mid-May 2020.",
        "yes",
    ),
    "may-opens-the-sentence-before-a-year (literature)": (
        "Was the novel published in 1925?",
        "May 1925 saw the novel published.",
        "yes",
    ),
    "early-may (music)": (
        "Was the album released before the tour?",
        "The album was released in early May, before the tour.",
        "yes",
    ),
    "in-may, negated (finance)": (
        "Did the bank raise rates in 2022?",
        "The bank did not raise rates in May 2022.",
        "no",
    ),
    # the modal: no side
    "the-modal-and-another-month (insurance)": (
        "Will the insurer pay the claim?",
        "The insurer may pay the claim in June.",
        "",
    ),
    "the-modal-beside-the-month (politics)": (
        "Will the bill pass in May?",
        "The bill may pass in May.",
        "",
    ),
    "the-modal-after-and (business)": (
        "Did the firm's profit rise in 2023?",
        "The firm's profit rose in 2023 and may rise again.",
        "",
    ),
    "the-modal-opening-a-sentence (law)": (
        "Can the tenant sublet the flat?",
        "May I add: the tenant can sublet the flat with consent.",
        "",
    ),
    "the-modal-alone (music)": ("Will the album be reissued?", "It may.", ""),
    "an-opener-before-the-modal (sport)": (
        "Will the match be replayed?",
        "Yes, it may be replayed in May.",
        "yes",
    ),
}


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(MONTH_MAY.values()), ids=list(MONTH_MAY.keys())
)
def test_may_the_month_is_no_modal(question, answer, side):
    assert stance(answer, question) == side


# The question's own object set aside with "rather than", "instead of", "as opposed to" or a
# contrastive "not" takes the side No; another thing set aside negates nothing.
REJECTIONS = {
    "software, rather than": (
        "Does Python 3's range() return a list?",
        "It returns a lazy range object rather than a list.",
        "no",
    ),
    "software, rather than first": (
        "Does dict.keys() return a list?",
        "Rather than a list, dict.keys() returns a view.",
        "no",
    ),
    "software, contrastive not": (
        "Does the API return XML?",
        "The API returns JSON, not XML.",
        "no",
    ),
    "insurance, as opposed to": (
        "Does the policy cover flood damage?",
        "The policy covers fire damage as opposed to flood damage.",
        "no",
    ),
    "cooking, instead of": (
        "Does the recipe use butter?",
        "The recipe uses olive oil instead of butter.",
        "no",
    ),
    "law, rather than": (
        "Is the case heard by a jury?",
        "The case is heard by a judge rather than a jury.",
        "no",
    ),
    # counter-examples: another thing set aside; the question's object asserted
    "software, another thing rejected": (
        "Does range() return a list?",
        "It returns a list rather than a tuple.",
        "yes",
    ),
    "law, another thing rejected": (
        "Is the case heard by a jury?",
        "The case is heard by a jury, not a judge alone.",
        "yes",
    ),
    "travel, a contrastive not is no negation": (
        "Is the fee charged per booking?",
        "The fee is charged per booking, not per passenger.",
        "yes",
    ),
    "sport, the object kept beside the rejection": (
        "Is the final played in London?",
        "The final is played in London rather than in Paris or in Madrid.",
        "yes",
    ),
    "finance, a second rejection after its comma, an aside between": (
        "Did the company pay a dividend in 2022?",
        "The company paid a dividend in 2022 rather than in 2021, and not, as reported, a buyback.",
        "yes",
    ),
    "not only is no rejection": (
        "Does the recipe use butter?",
        "The recipe uses butter, but not only butter: it adds lard too.",
        "yes",
    ),
}

# To a question about a cost, a sentence that says it is free takes the side No, unless it
# states a cost beside it.
ABSENCE = {
    "travel": ("Is there a fee to change a booking?", "Changes are free of charge.", "no"),
    "museum": ("Does the museum charge for entry?", "Entry is free for every visitor.", "no"),
    "banking": (
        "Is there a fee for incoming transfers?",
        "Incoming transfers are fee-free.",
        "no",
    ),
    "negated": ("Is there a fee to change a booking?", "Changing a booking is not free.", "yes"),
    "free in part, a cost in another": (
        "Is there a fee to change a booking?",
        "The first change is free; later ones cost $25.",
        "",
    ),
    "free with a fee beside it": (
        "Is there a charge for checked bags?",
        "The first checked bag is free, the second carries a $35 fee.",
        "",
    ),
    "free to do something": (
        "Is there a fee to cancel the subscription?",
        "Cancellation carries a fee, though you are free to cancel.",
        "yes",
    ),
    "no question of cost": (
        "Does the app work offline?",
        "The app is free and it works offline.",
        "yes",
    ),
}


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(REJECTIONS.values()), ids=list(REJECTIONS.keys())
)
def test_the_questions_object_rejected(question, answer, side):
    """ "It returns a lazy range object rather than a list" was read as Yes."""
    assert stance(answer, question) == side


@pytest.mark.parametrize(
    ("question", "answer", "side"), list(ABSENCE.values()), ids=list(ABSENCE.keys())
)
def test_the_absence_of_a_cost(question, answer, side):
    assert stance(answer, question) == side


def _answer(question: str, answer: str, key: str) -> Answer:
    return Answer(
        qid="q1",
        kind="answerable",
        question=question,
        gold=Gold(key=key, golden_docs=("doc-a",)),
        answer=answer,
        sources=[Source(1, "doc-a", text="...")],
        latency_ms=1000,
    )


@pytest.mark.parametrize(
    ("question", "answer", "key", "verdict", "label"),
    [
        (
            "Does the policy cover floods?",
            "It does not: the policy excludes floods [1].",
            "No. Floods are excluded under section 4.",
            "correct",
            "cited golden document: doc-a",
        ),
        (
            "Did the company pay a dividend in 2022?",
            "The company did not pay a dividend in 2022 [1].",
            "Yes, a special dividend in March.",
            WRONG,
            "wrong polarity: answered No, key Yes",
        ),
        (
            "Did the striker play in the final?",
            "The match was held in Rome [1].",
            "Yes. He came on after an hour.",
            UNJUDGED,
            TAKES_NO_SIDE.say(),
        ),
    ],
    ids=["a-no-however-worded", "the-other-side", "no-side-to-a-reader"],
)
def test_a_yes_or_no_key_is_matched_by_the_answers_stance(question, answer, key, verdict, label):
    grade = Grader().grade(_answer(question, answer, key))
    assert (grade.verdict, grade.labels[0]) == (verdict, label)


# --- the facts of a key -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("Yes", "yes", id="'Yes' alone"),
        pytest.param("No.", "no", id="'No.' with a full stop"),
        pytest.param("No, it fell 5%.", "no", id="'No,' with a comma"),
        pytest.param("No; it fell.", "no", id="'No;' with a semicolon"),
        pytest.param("No: the quick ratio is 0.54.", "no", id="'No:' with a colon"),
        pytest.param("No! It fell.", "no", id="'No!' with an exclamation mark"),
        pytest.param("  yes, it did", "yes", id="'yes' in lower case after spaces"),
        pytest.param("Nope", "", id="'Nope' is no No"),
        pytest.param("Yesterday it fell.", "", id="'Yesterday' is no Yes"),
        pytest.param("No-one knows.", "", id="'No-one' is no No"),
        pytest.param("No? Maybe.", "", id="'No?' asks, it does not answer"),
        pytest.param("The ratio is 0.54.", "", id="a key without Yes or No"),
    ],
)
def test_the_yes_or_no_a_key_opens_with(key: str, expected: str) -> None:
    assert polarity_of_key(key) == expected


# --- the side an answer opens with after a frame ----------------------------------------------


@pytest.mark.parametrize(
    ("answer", "polarity"),
    [
        ("Based on the provided data, yes, it did.", "yes"),
        ("According to the filing, no.", "no"),
        ("In summary: yes.", "yes"),
        ("Given the 10-K, No, it did not.", "no"),
        ("Yes.", "yes"),
        ("No longer.", ""),
        ("No one knows.", ""),
    ],
    ids=lambda value: value if value not in ("yes", "no", "") else None,
)
def test_the_yes_or_no_an_answer_opens_with_after_a_frame(answer, polarity):
    assert read_answer(answer, get_strategy(), DECLINES).polarity == polarity
