"""The question's gap (grader/rules/gaps.py, read by K008 and K009): which questions ask for
their subject, and what the gap's head is (its verb's stem, its order words); and the questions
that must have none (another question word, several things asked, an object's question). The
answers read against the gap are tests/rules/test_answering.py's.
"""

from __future__ import annotations

import pytest

from grader.rules.gaps import gap_of
from tests.caseids import case_id


@pytest.mark.parametrize(
    "question",
    [
        "When did the Berlin Wall fall?",
        "Where is the Prado museum?",
        "How many players are on a cricket team?",
        "In which city is the Prado?",
        "What did Marie Curie discover?",
        "What is Osbert Lancaster best known for?",
        "Which two architects designed the Pompidou Centre?",
        "Name the longest river in Asia.",
        # the aside left out, "runs" is no verb this reads
        "Which company, founded in 1998, runs the search engine?",
    ],
    ids=case_id,
)
def test_no_gap_for_another_question(question):
    assert gap_of(question) is None


@pytest.mark.parametrize(
    ("question", "verb", "order"),
    [
        ("Who invented the telephone?", "invent", frozenset()),
        ("What is the hottest planet?", "", frozenset({"hottest"})),
        ("Which spacecraft was the first to land on Mars?", "", frozenset({"first"})),
        ("Which town is situated near the Wash?", "situat", frozenset()),
    ],
    ids=case_id,
)
def test_the_gap_of_a_question(question, verb, order):
    gap = gap_of(question)
    assert gap is not None
    assert (gap.verb, gap.order) == (verb, order)
