"""Clause split (DESIGN 4.1): what a sentence asserts, behind a registry of strategies."""

import pytest

from grader.errors import GraderConfigError
from grader.rules.clauses import DEFAULT_STRATEGY, STRATEGIES, get_strategy
from grader.rules.money import find_amounts

DEFAULT = get_strategy(DEFAULT_STRATEGY)


def asserted_amounts(sentence: str, strategy=DEFAULT) -> set[str]:
    return {amount.text for amount in find_amounts(strategy.split(sentence).asserted)}


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    [
        ("The amount due is $42.99 [1].", {"$42.99"}),
        ("According to Source 2, the amount due is $42.99.", {"$42.99"}),
        ("The fee, per Source 2, is $25.00.", {"$25.00"}),
        (
            "This is indicated in Source 3, where the ending balance is listed as $42.99, but the "
            "amount due is specified as $26.99.",
            {"$26.99"},
        ),
        ("Source 3 lists $310.", set()),
    ],
    ids=[
        "a-trailing-marker-backs-the-claim",
        "an-opening-attribution-is-adopted",
        "a-mention-between-commas-backs",
        "a-mid-sentence-report-ends-at-the-contrast",
        "a-source-that-opens-as-subject-reports",
    ],
)
def test_the_design_examples(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    [
        ("The overdraft fee, per Source 2, is $34.00.", {"$34.00"}),
        ("The fee listed in Source 2 is $34.00.", {"$34.00"}),
        ("The fee is $34.00, as shown in Source 2.", {"$34.00"}),
        ("The fee is $34.00 (Source 2).", {"$34.00"}),
        ("The fee is $34.00 [Source 2].", {"$34.00"}),
        ("According to line 24 in Source 1, the total tax is $9,120.", {"$9,120"}),
        ("Source 2 states that the fee is $20.00.", set()),
        ("Source 3 lists $42.99, but the amount due is $26.99.", {"$26.99"}),
        ("This is listed in Source 3 as $42.99.", set()),
        (
            "According to Source 1, the fee is $20.00, which is listed in Source 2 as $25.00.",
            {"$20.00"},
        ),
        ("While Source 1 lists $42.99 as the amount due, the figure is $39.99.", {"$39.99"}),
        ("Although Source 2 states $42.99; the amount due is $39.99.", {"$39.99"}),
        ("Source 1 claims $42.99 is due; however, the amount due is $39.99 [1].", {"$39.99"}),
        ("While reviewing Source 1, I found the amount due is $42.99.", {"$42.99"}),
    ],
    ids=[
        "per-source-between-commas",
        "a-mention-inside-the-subject",
        "a-closing-as-shown-in",
        "a-bracketed-mention",
        "a-bracketed-source-marker",
        "an-opening-with-words-before-the-source",
        "a-source-that-opens-as-subject-reports",
        "a-source-contrasted-with-the-model-reports",
        "a-reported-figure",
        "an-adopted-opening-then-a-report",
        "a-concession-reports-to-its-comma",
        "a-concession-reports-to-its-semicolon",
        "claims-reports-up-to-the-contrast",
        "while-without-a-reporting-verb-is-no-concession",
    ],
)
def test_mentions_that_back_and_mentions_that_report(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


def test_first_report_adopts_an_opening_report_that_nothing_contrasts():
    """Grader version 2's default: "Source 2 states that ..." opening a sentence is the model's
    answer; the default since version 3 reads it as a report."""
    first_report = get_strategy("first-report")
    assert asserted_amounts("Source 2 states that the fee is $20.00.", first_report) == {"$20.00"}
    assert asserted_amounts(
        "Source 3 lists $42.99, but the amount due is $26.99.", first_report
    ) == {"$26.99"}


def test_the_split_point_and_its_pieces_in_order():
    clause = DEFAULT.split("Source 3 lists $42.99, but the amount due is $26.99.")
    assert clause.pieces() == [
        ("Source 3 lists $42.99", False),
        (", but the amount due is $26.99.", True),
    ]
    clause = DEFAULT.split("This is indicated in Source 3, where the balance is $42.99.")
    assert (clause.asserted, clause.attributed) == (
        "This is",
        "indicated in Source 3, where the balance is $42.99.",
    )


@pytest.mark.parametrize(
    ("strategy", "adopted", "mid_sentence"),
    [
        ("reports", {"$42.99"}, {"$26.99"}),
        ("first-report", {"$42.99"}, {"$26.99"}),
        ("first-attribution", {"$42.99"}, set()),
        ("mentions", {"$42.99"}, {"$42.99", "$26.99"}),
        ("sentence-attribution", set(), set()),
        ("clause-bounded", {"$42.99"}, {"$26.99"}),
    ],
)
def test_where_each_strategy_draws_the_line(strategy, adopted, mid_sentence):
    chosen = get_strategy(strategy)
    assert asserted_amounts("According to Source 2, the amount due is $42.99.", chosen) == adopted
    mid = (
        "This is indicated in Source 3, where the ending balance is listed as $42.99, but the "
        "amount due is specified as $26.99."
    )
    assert asserted_amounts(mid, chosen) == mid_sentence


def test_version_one_did_not_let_a_mention_back_a_claim():
    assert (
        asserted_amounts("The fee listed in Source 2 is $34.00.", get_strategy("first-attribution"))
        == set()
    )


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_registered_strategy_covers_its_sentence(name):
    sentence = "According to Source 2, first $2, as shown in Source 1, then $3 per Source 4."
    clause = get_strategy(name).split(sentence)
    assert "".join(sentence[start:end] for start, end, _ in clause.spans) == sentence
    assert (
        get_strategy(name).split("No source named here: $5.").asserted
        == "No source named here: $5."
    )


def test_unknown_strategy_suggests_the_closest():
    with pytest.raises(GraderConfigError, match="did you mean 'first-report'"):
        get_strategy("first-reprot")
