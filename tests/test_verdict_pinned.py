"""Verdicts pinned case by case (`grader.rules.verdict`, DESIGN 4.2 and 4.5-4.7): the facts of a
key (its Yes or No, what it answers with, whether it is its figure or a short name), the words
that negate a forbidden needle, when an answer withholds, what makes a pass suspicious, and what
the grader's fingerprint reads. Found by mutation testing (`bench/mutate.py --module verdict`):
each case is one a reader can check against DESIGN section 4 and the module's docstrings, and
each word of the module's lists gets a case of its own, written out here rather than read from
the module.
"""

import pytest

from grader.rules.content_check import occurs_unnegated
from grader.rules.declines import decline_list_from_dict
from grader.rules.key import answer_of_key, is_figure_key, is_short_key, polarity_of_key
from grader.rules.normalize import normalize
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grader
from tests.conftest import make_answer

GRADER = Grader()

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


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("No", "No", id="'No' alone"),
        pytest.param("No. The quick ratio is 0.54.", "No", id="'No.': the reasoning is not"),
        pytest.param("No! the quick ratio was only 0.54.", "No", id="'No!': the reasoning is not"),
        pytest.param(
            "Yes, CVS paid a $0.55 dividend per share.",
            "Yes, CVS paid a $0.55 dividend per share.",
            id="'Yes,' opens a sentence that is the answer",
        ),
        pytest.param(
            "The quick ratio is 0.54.", "The quick ratio is 0.54.", id="a key without Yes or No"
        ),
    ],
)
def test_what_a_key_answers_with(key: str, expected: str) -> None:
    assert answer_of_key(key) == expected


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("0.83", True, id="0.83"),
        pytest.param("7.9%.", True, id="7.9% with a full stop"),
        pytest.param("~7.9%", True, id="~7.9% with a tilde"),
        pytest.param("2.7 times", True, id="2.7 times"),
        pytest.param(
            "Las Vegas resorts contributed ~90%", False, id="a key that says more than its figure"
        ),
        pytest.param("Yes. 0.83", False, id="a Yes answers with Yes, not its figure"),
        pytest.param("0.83 and 16%", False, id="a key of two figures"),
    ],
)
def test_a_key_that_is_its_figure(key: str, expected: bool) -> None:
    assert is_figure_key(key) is expected


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("Data Center", True, id="a name of two words"),
        pytest.param("Data Center.", True, id="a name with a full stop"),
        pytest.param("one two three four five six", True, id="six words"),
        pytest.param("one two three four five six seven", False, id="seven words"),
        pytest.param("Data Center. Austin", False, id="two sentences"),
        pytest.param("Data Center; Austin", False, id="two clauses"),
        pytest.param("Data Center\nAustin", False, id="two lines"),
        pytest.param("", False, id="no words"),
    ],
)
def test_a_short_key(key: str, expected: bool) -> None:
    assert is_short_key(key) is expected


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        pytest.param(
            "The quick ratio is healthy [1].",
            "missing key figure: 0.83",
            id="a key that is its figure, answered without a figure, misses it",
        ),
        pytest.param(
            "The quick ratio is 0.84 [1].",
            "wrong figure: asserted 0.84, key 0.83",
            id="another ratio is the wrong figure",
        ),
    ],
)
def test_a_figure_key_answered_otherwise_is_wrong(answer: str, label: str) -> None:
    grade = GRADER.grade(make_answer(answer, key="0.83"))
    assert (grade.verdict, grade.labels) == (WRONG, (label,))


# --- negated needles --------------------------------------------------------------------------

NEEDLE = "City of Evanston"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Do not send payments to the City of Evanston.", id="'not'"),
        pytest.param("No City of Evanston account is involved.", id="'no'"),
        pytest.param("Pay the county rather than the City of Evanston.", id="'rather than'"),
        pytest.param("Pay the county instead of the City of Evanston.", id="'instead of'"),
        pytest.param("It is unlike the older bills from the City of Evanston.", id="'unlike'"),
        pytest.param("Payments never go to the City of Evanston.", id="'never'"),
        pytest.param("The bill is paid without the City of Evanston.", id="'without'"),
        pytest.param("Neither the state nor the City of Evanston bills it.", id="'nor'"),
    ],
)
def test_a_negated_mention_does_not_count(text: str) -> None:
    assert not occurs_unnegated(NEEDLE, normalize(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Send payments to the City of Evanston.", True, id="a mention without a negation"
        ),
        pytest.param(
            "Do not send the payments to the City of Evanston.",
            False,
            id="a negation five words before the mention negates it",
        ),
        pytest.param(
            "They did not pay late because they paid the City of Evanston.",
            True,
            id="a negation six words before the mention does not",
        ),
        pytest.param(
            "Nothing is owed to the City of Evanston.",
            True,
            id="'nothing' is no 'no'",
        ),
        pytest.param(
            "It is not late, and payments go to the City of Evanston.",
            True,
            id="a negation in the clause before does not",
        ),
    ],
)
def test_how_far_a_negation_reaches(text: str, expected: bool) -> None:
    assert occurs_unnegated(NEEDLE, normalize(text)) is expected


def test_a_negated_forbidden_needle_is_not_fatal() -> None:
    kwargs = dict(key="Cook County", must_not_contain=(NEEDLE,))
    negated = GRADER.grade(make_answer("Pay Cook County, not the City of Evanston [1].", **kwargs))
    asserted = GRADER.grade(make_answer("Pay Cook County or the City of Evanston [1].", **kwargs))
    assert negated.verdict == CORRECT
    assert (asserted.verdict, asserted.labels) == (WRONG, (f'forbidden needle: "{NEEDLE}"',))


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


# --- suspicions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        pytest.param("The amount due is $42.99 [1].", (), id="the key alone raises nothing"),
        pytest.param(
            "The amount due is $42.99 [1]. The total was $50.00 [1].",
            ("2 amounts asserted",),
            id="two amounts asserted",
        ),
        pytest.param(
            "The amount due is $42.99 [1]. Source 1 lists $42.99 as the amount due.",
            ("the key also sits in an attributed clause",),
            id="the key also in an attributed sentence after it",
        ),
        pytest.param(
            "Source 1 lists $42.99 as the amount due. The amount due is $42.99 [1].",
            ("the key also sits in an attributed clause",),
            id="the key also in an attributed sentence before it",
        ),
    ],
)
def test_what_makes_a_passing_money_answer_suspicious(answer: str, expected: tuple) -> None:
    grade = GRADER.grade(make_answer(answer, key="$42.99"))
    assert (grade.verdict, grade.suspicious) == (CORRECT, expected)


# --- the fingerprint --------------------------------------------------------------------------

PHRASE = {"phrase": "not stated", "why": "a"}


def fingerprint(**phrase: object) -> str:
    """The fingerprint of a grader whose decline list is one phrase."""
    return Grader(decline_list_from_dict({"phrases": [{**PHRASE, **phrase}]})).fingerprint


@pytest.mark.parametrize(
    "note",
    [
        pytest.param({"why": "b"}, id="why"),
        pytest.param({"observed": "o"}, id="observed"),
        pytest.param({"override": "v"}, id="override"),
        pytest.param({"counterexamples": ["the fee is not stated as $5"]}, id="counterexamples"),
    ],
)
def test_a_phrase_note_does_not_change_the_fingerprint(note: dict) -> None:
    assert fingerprint(**note) == fingerprint()


def test_the_phrase_itself_changes_the_fingerprint() -> None:
    assert fingerprint(phrase="not given") != fingerprint()


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        pytest.param(
            "Las Vegas resorts contributed most of it [1].",
            UNJUDGED,
            id="a short key's figure answered in words: a reader decides, no word-for-word miss",
        ),
        pytest.param("Las Vegas resorts contributed about 90% [1].", CORRECT, id="its figure"),
        pytest.param("They contributed 75% [1].", WRONG, id="another figure of its kind"),
    ],
)
def test_a_short_key_that_holds_a_figure_is_checked_through_it(answer: str, verdict: str) -> None:
    grade = Grader(citations=False).grade(
        make_answer(answer, key="Las Vegas resorts contributed ~90%")
    )
    assert grade.verdict == verdict, grade.labels
