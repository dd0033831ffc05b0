"""What says that a thing does not exist (`grader.rules.reading.says_none`): the families of
wording an answer uses for "there is none", case by case, and the two rules that read it: a key
of a few words that says nothing exists ("There are none") is answered by an answer that says
so, and on a negative question a grounded absence declines (DESIGN 4.2)."""

import pytest

from grader.rules.facts import says_none
from grader.rules.normalize import normalize
from grader.rules.verdict import CORRECT, WRONG, Grader
from grader.schema import Source
from tests.conftest import make_answer

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


GRADER = Grader(citations=False)


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        pytest.param(
            "The company did not have any debt securities registered on an exchange; only its "
            "common stock is listed.",
            CORRECT,
            id="'did not have' answers a key of none",
        ),
        pytest.param(
            "Only common stock is registered. No other debt securities are listed in the filing.",
            CORRECT,
            id="'no other debt securities are listed' answers a key of none",
        ),
        pytest.param(
            "Its 4.25% notes due 2030 are registered on the New York Stock Exchange.",
            WRONG,
            id="naming a security is not none",
        ),
    ],
)
def test_a_key_of_none_is_answered_in_any_family(answer, verdict):
    graded = GRADER.grade(make_answer(answer, key="There are none"))
    assert graded.verdict == verdict, graded.labels


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
