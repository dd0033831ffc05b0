"""Needles (N001-N002, DESIGN 4.5, 4.6): a needle matched as words, bounded only where it starts
or ends with a word character; a negated mention of a forbidden needle, which does not count, and
how far the negation reaches (to the end of its clause, grader v4).

The cases of a needle's edges and of the words that negate were found by mutation testing
(`bench/mutate.py --module match`, `--module verdict`), their words written out here.
"""

import pytest

from grader.rules.content_check import occurs_unnegated
from grader.rules.match import occurs
from grader.rules.normalize import normalize
from grader.rules.verdict import CORRECT, WRONG
from tests.conftest import make_answer
from tests.rules.shipped import GRADER

# --- needles match as words -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("needle", "text", "found"),
    [
        ("No", "The claim was noted [1].", False),
        ("No", "No, the claim was denied [1].", True),
        ("APR", "Due in April.", False),
        ("APR", "The APR is 24.99%.", True),
        ("RNA", "mRNA vaccines", False),
        ("10", "in 2010", False),
        ("10", "in 10 days", True),
        ("W-2", "the W2 form", True),
        ("W2", "the W-2 form", True),
        ("W-2", "the W 2 form", True),
        ("1099-INT", "the 1099INT", True),
        ("not covered", "Flood damage is NOT\u2003covered.", True),
        ("0.96", "a ratio of 0.965", False),
        ("24.26", "the answer is 24.26.", True),
        ("doesn't mention", "the source does not mention it", True),
        ("gold ppo", "the GOLD-PPO plan", True),
        ("year-over-year", "revenue grew year over year", True),
        ("non-GAAP", "a non\u2011GAAP measure", True),
        ("non-GAAP", "a nonGAAP measure", False),
        ("gold ppo", "the goldppo plan", False),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_needles_match_as_words(needle, text, found):
    assert occurs(needle, normalize(text)) is found


@pytest.mark.parametrize(
    ("needle", "text", "found"),
    [
        pytest.param("No", "No.5 is listed", True, id="'No' is a word before a dot"),
        pytest.param("No", "Notes are listed", False, id="'No' is not in 'Notes'"),
        pytest.param("5", "US$5 is listed", True, id="'5' is a word after a dollar sign"),
        pytest.param("5", "$15 is listed", False, id="'5' is not in '15'"),
        # a needle that ends with no word character has no edge to keep there
        pytest.param("No.", "Note No.5 lists it", True, id="'No.' is in 'No.5'"),
        pytest.param("U.S.", "a U.S.A. subsidiary", True, id="'U.S.' is in 'U.S.A.'"),
        # ... nor where it starts with none
        pytest.param("$5", "it is US$5", True, id="'$5' is in 'US$5'"),
        pytest.param("(a)", "clause b(a) applies", True, id="'(a)' is in 'b(a)'"),
        # ... but a word character on the needle's side keeps its edge
        pytest.param("$5", "it is $55", False, id="'$5' is not in '$55'"),
    ],
)
def test_a_needle_is_bounded_only_where_it_starts_or_ends_with_a_word_character(
    needle: str, text: str, found: bool
) -> None:
    assert occurs(needle, normalize(text)) is found


@pytest.mark.parametrize(
    "needle", [pytest.param("", id="empty"), pytest.param("  \u2003", id="spaces only")]
)
def test_a_blank_needle_occurs_nowhere(needle: str) -> None:
    assert not occurs(needle, normalize("anything at all"))
    assert not occurs(needle, "")


# --- a negation runs on to the end of its clause (grader v4) ----------------------------------


NEGATED = {
    # a negation runs on across an aside set off by commas
    "an-aside-after-not": ("It is not, as some say, the City of Evanston.", "City of Evanston"),
    "an-aside-after-not-in-medicine": (
        "The drug is not, despite early reports, a statin.",
        "statin",
    ),
    "a-list-after-not": ("The lease names not Springfield, Peoria, or Evanston.", "Evanston"),
    "an-aside-in-sport": (
        "The winner was not, as the papers claimed, Leeds United.",
        "Leeds United",
    ),
}


UNNEGATED = {
    # a contrast ends the negation; a new clause or sentence is not negated
    "a-contrast-after-the-aside": (
        "The payee is not Evanston, as the bill says, but the City of Chicago.",
        "City of Chicago",
    ),
    "a-contrast-in-history": (
        "It was not Napoleon, as many believe, but Wellington who won.",
        "Wellington",
    ),
    "a-new-clause-after-a-comma": (
        "The payee is not Evanston, it is the City of Chicago.",
        "City of Chicago",
    ),
    "a-new-clause-after-a-semicolon": (
        "The team did not win; the title went to Leeds United.",
        "Leeds United",
    ),
    "the-negated-one-is-the-other": (
        "Pay the City of Evanston, not the City of Chicago.",
        "City of Evanston",
    ),
    "an-insurer-named-plainly": ("Claims go to Acme Mutual, as the policy says.", "Acme Mutual"),
}


@pytest.mark.parametrize(("text", "needle"), list(NEGATED.values()), ids=list(NEGATED.keys()))
def test_a_negation_runs_on_to_the_end_of_its_clause(text, needle):
    assert not occurs_unnegated(needle, normalize(text))


@pytest.mark.parametrize(("text", "needle"), list(UNNEGATED.values()), ids=list(UNNEGATED.keys()))
def test_a_mention_past_the_negations_clause_counts(text, needle):
    assert occurs_unnegated(needle, normalize(text))


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
