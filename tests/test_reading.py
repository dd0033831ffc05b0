"""An answer read once (grader.rules.reading): sentences, parts, invented source blocks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.context import Context
from grader.rules.declines import load_declines
from grader.rules.facts import _ARITHMETIC_OPENER, _arithmetic
from grader.rules.figures import find_figures
from grader.rules.money import find_amounts
from grader.rules.reading import read_answer
from grader.rules.sentences import part_spans, split_sentences

DECLINES = load_declines()


def read(text: str):
    return read_answer(text, get_strategy(), DECLINES)


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "It is $42.99. It was $26.99!\nNext line",
            ["It is $42.99.", "It was $26.99!", "Next line"],
        ),
        ("The U.S. GAAP figure is $5. Next.", ["The U.S. GAAP figure is $5.", "Next."]),
        ("See e.g. the bill. Then pay.", ["See e.g. the bill.", "Then pay."]),
        ("Paid $5.50 on time.", ["Paid $5.50 on time."]),
        ("It was due. and then", ["It was due. and then"]),
        ("- first item\n- second item", ["- first item", "- second item"]),
    ],
    ids=[
        "punctuation-and-lines",
        "an-abbreviation",
        "e-g",
        "decimals",
        "lower-case-after",
        "a-list",
    ],
)
def test_sentences(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        (
            "I could not find the fee, but the service charge is $12.00 [1].",
            ["I could not find the fee", "but the service charge is $12.00 [1]."],
        ),
        ("It lists $5; the fee is not given.", ["It lists $5", "the fee is not given."]),
        ("The fee is $5, however small.", ["The fee is $5", "however small."]),
        ("The fee is $5 and the tax is $1.", ["The fee is $5 and the tax is $1."]),
    ],
    ids=["a-contrast", "a-semicolon", "however", "and-does-not-cut"],
)
def test_parts_of_a_sentence(sentence, parts):
    assert [sentence[start:end] for start, end in part_spans(sentence)] == parts


def test_a_part_that_declines_excuses_only_its_own_amounts():
    reading = read(
        "I could not find a returned-check fee, but the monthly service charge is $12.00 [1]."
    )
    first, second = reading.sentences[0].parts
    assert first.declines and not second.declines
    assert [a.text for a in reading.amounts if not reading.parts[a.part].declines] == ["$12.00"]
    assert reading.declines


def test_a_sentence_that_declines_does_not_excuse_another():
    reading = read("The balance is $310.40 [1]. The fee is not specified.")
    assert reading.declines
    assert [a.text for a in reading.amounts if not reading.parts[a.part].declines] == ["$310.40"]


@pytest.mark.parametrize(
    "answer",
    [
        "The amount due is $42.99 [1].\n[6] (ADT bill, page 1) Amount due $42.99 ...",
        "The amount due is $42.99 [1]. [6] (ADT bill, page 1) Amount due $42.99",
        "The amount due is $42.99 [1].\nSources:\n[1] (ADT bill, page 1) ...",
        "The amount due is $42.99 [1].\nQuestion: What is the late fee?",
    ],
    ids=["on-a-new-line", "in-line", "a-sources-heading", "a-next-question"],
)
def test_an_invented_source_block_is_not_part_of_the_answer(answer):
    reading = read(answer)
    assert reading.invented_block
    assert [s.clause.text for s in reading.sentences] == ["The amount due is $42.99 [1]."]
    assert reading.cited == (1,)


@pytest.mark.parametrize(
    "answer, sentences",
    [
        ("Answer: The amount due is $42.99 [1].", ["The amount due is $42.99 [1]."]),
        ("  answer:  $42.99 [1]", ["$42.99 [1]"]),
        (
            "Answer: The amount due is $42.99 [1].\nQuestion: What is the late fee?",
            ["The amount due is $42.99 [1]."],
        ),
    ],
    ids=["an-answer-label", "lower-case-with-spaces", "a-label-then-a-next-question"],
)
def test_an_opening_answer_label_is_dropped_not_read_as_an_invented_block(answer, sentences):
    # Small models echo the prompt's last line, "Answer:", before their answer. That answer
    # was once read as one invented source block, leaving nothing to grade.
    reading = read(answer)
    assert [s.clause.text for s in reading.sentences] == sentences
    assert reading.cited == (1,)


def test_a_declining_answer_after_an_answer_label_declines():
    assert read("Answer: Not enough information.").declines


def test_citations_are_read_per_sentence_in_order():
    reading = read("The fee is $5 [2]. The tax is $1 (Source 1). See Sources 3 and 4.")
    assert reading.cited == (2, 1, 3, 4)


# --- the arithmetic guard equals its pattern -----------------------------------------------------

ARITHMETIC_PIECES = (
    "After|after|so|So|also|net of|minus|hence|thus|therefore|subtracting|is|was|comes to|=|,|"
    "the balance|the discount|xso|so-called|$40.00|€12|7%|1.5x|12|paid|the total"
).split("|")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(ARITHMETIC_PIECES), max_size=12).map(" ".join))
def test_arithmetic_guard_is_its_pattern(text):
    """Looking for an arithmetic only after the part's first arithmetic word finds what looking
    before every figure finds."""
    context = Context.of("What is the balance after the discount?", ())
    opener = _ARITHMETIC_OPENER.search(text)
    opens = opener.start() if opener is not None else len(text)
    amounts = find_amounts(text)
    for found in (amounts, find_figures(text, amounts)):
        for index in range(len(found)):
            assert _arithmetic(text, found, index, context, opens) == _arithmetic(
                text, found, index, context, 0
            )
