"""Clause split (DESIGN 4.1): asserted versus attributed, behind a registry of strategies."""

import pytest

from grader.clauses import (
    DEFAULT_STRATEGY,
    STRATEGIES,
    asserted_text,
    get_strategy,
    split_clauses,
    split_sentences,
)
from grader.errors import GraderConfigError
from grader.money import amount_values

DESIGN_EXAMPLES = [
    ("The amount due is $42.99 [1].", {"42.99"}),
    ("According to Source 2, the amount due is $42.99.", {"42.99"}),
    (
        "This is indicated in Source 3, where the ending balance is listed as $42.99, but the "
        "amount due is specified as $26.99.",
        set(),
    ),
]


@pytest.mark.parametrize(
    ("answer", "asserted_amounts"),
    DESIGN_EXAMPLES,
    ids=["trailing-marker-backs-claim", "opening-attribution-adopted", "mid-sentence-reported"],
)
def test_design_examples_under_the_default(answer, asserted_amounts):
    asserted = asserted_text(answer, get_strategy(DEFAULT_STRATEGY))
    assert {str(v) for v in amount_values(asserted)} == asserted_amounts


def test_mid_sentence_split_point():
    (clause,) = split_clauses(DESIGN_EXAMPLES[2][0])
    assert clause.asserted == "This is"
    assert clause.attributed.startswith("indicated in Source 3")


def test_essay_alarm_bill_asserts_the_wrong_figure():
    answer = (
        "The amount due is $26.99. This is indicated in Source 3, where the ending balance is "
        "listed as $42.99, but the amount due is specified as $26.99. Therefore the amount due "
        "is $26.99."
    )
    asserted = asserted_text(answer, get_strategy(DEFAULT_STRATEGY))
    assert {str(v) for v in amount_values(asserted)} == {"26.99"}


@pytest.mark.parametrize(
    ("strategy", "expected"),
    [
        # DESIGN example 2 and 3 under every strategy: where the strategies draw the line.
        ("first-attribution", ({"42.99"}, set())),
        ("mentions", ({"42.99"}, {"42.99", "26.99"})),
        ("sentence-attribution", (set(), set())),
        ("clause-bounded", ({"42.99"}, {"26.99"})),
    ],
)
def test_where_each_strategy_draws_the_line(strategy, expected):
    got = tuple(
        {str(v) for v in amount_values(asserted_text(answer, get_strategy(strategy)))}
        for answer, _ in DESIGN_EXAMPLES[1:]
    )
    assert got == expected


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_registered_strategy_runs(name):
    clauses = split_clauses(
        "First claim $1 [1]. According to Source 2, second $2. As shown in Source 1, third.", name
    )
    assert len(clauses) == 3
    for clause in clauses:
        assert isinstance(clause.asserted, str)
        assert isinstance(clause.attributed, str)


def test_unknown_strategy_suggests_the_closest():
    with pytest.raises(GraderConfigError, match="did you mean 'first-attribution'"):
        get_strategy("first-atribution")


@pytest.mark.parametrize(
    ("sentence", "asserted", "attributed"),
    [
        ("Source 2 states that the fee is $20.00.", "Source 2 states that the fee is $20.00.", ""),
        ("The fee is $20.00, as shown in Source 1.", "The fee is $20.00,", "as shown in Source 1."),
        (
            "As stated in Source 1, the fee is $20.00.",
            "As stated in Source 1, the fee is $20.00.",
            "",
        ),
        ("The fee is $20.00 [1][2].", "The fee is $20.00 [1][2].", ""),
        (
            "According to Source 1, the fee is $20.00, which is listed in Source 2 as $25.00.",
            "According to Source 1, the fee is $20.00, which is",
            "listed in Source 2 as $25.00.",
        ),
    ],
    ids=[
        "source-says-opens",
        "trailing-as-shown",
        "as-stated-opens",
        "markers-only",
        "second-attribution-splits",
    ],
)
def test_default_split_cases(sentence, asserted, attributed):
    (clause,) = split_clauses(sentence)
    assert (clause.asserted, clause.attributed) == (asserted, attributed)


def test_sentences_split_on_terminal_punctuation_and_lines():
    assert split_sentences("It is $42.99. It was $26.99!\nNext line") == [
        "It is $42.99.",
        "It was $26.99!",
        "Next line",
    ]
