"""Grader v4 (issue 43): citations with a locator or as footnotes (DESIGN 4.7), and a negated
mention that runs on to the end of its clause (DESIGN 4.6, must_not_contain)."""

import pytest

from grader.rules.citations import cited_numbers
from grader.rules.clauses import get_strategy
from grader.rules.content_check import occurs_unnegated
from grader.rules.declines import load_declines
from grader.rules.normalize import normalize
from grader.rules.reading import read_answer

CITED = {
    # what cites
    "a-page-after-the-number": ("The deductible is $500.00 [2, p. 14].", (2,)),
    "pages-after-the-number": ("The lease runs twelve months [2, pp. 14-15].", (2,)),
    "a-section-after-a-semicolon": ("The dose is 5 mg [1; sec. 3.2].", (1,)),
    "a-paragraph": ("Napoleon returned in 1815 [4, para 7].", (4,)),
    "two-sources-and-a-page": ("The club was founded in 1878 [1, 2, p. 7].", (1, 2)),
    "a-source-word-and-a-page": ("The premium is $812.00 [Source 2, p. 9].", (2,)),
    "a-footnote": ("The trial enrolled 412 patients [^3].", (3,)),
    "a-footnote-glued": ("The fee is waived for students[^12].", (12,)),
    "source-in-brackets": ("The rent is due on the first (Source 1).", (1,)),
    "source-in-brackets-with-a-page": ("The rent is $1,450.00 (Source 1, p. 4).", (1,)),
    # what does not: a locator alone, a year, a page number mistaken for a source
    "a-locator-alone": ("See the schedule [p. 14].", ()),
    "a-year-in-brackets": ("The treaty was signed in 1815 [1815].", ()),
    "a-page-is-no-second-source": ("The team won the cup [2, page 140].", (2,)),
}


@pytest.mark.parametrize(("text", "numbers"), list(CITED.values()), ids=list(CITED.keys()))
def test_citations_with_a_locator_or_as_footnotes(text, numbers):
    assert cited_numbers(text) == numbers


@pytest.mark.parametrize(
    ("answer", "cited", "sentences"),
    [
        ("The deductible is $500.00 [2, p. 14]. Hail is covered [1].", (2, 1), 2),
        ("The dose is 5 mg [1, sec. 3]. It is taken daily [1].", (1,), 2),
    ],
    ids=["a-page", "a-section"],
)
def test_a_locator_does_not_end_the_sentence(answer, cited, sentences):
    """ "[2, p. 14]" was cut after "p." and cited nothing."""
    reading = read_answer(answer, get_strategy(), load_declines())
    assert (reading.cited, len(reading.sentences)) == (cited, sentences)


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
