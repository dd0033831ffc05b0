"""Hedges (DESIGN 4.5): which words make a figure a guess (an amount given as a guess is M005
"guessed amount"; a hedged figure makes a pass suspicious) and which do not. Found by mutation
testing (`bench/mutate.py --module hedges`): each word of the module's two lists gets a case of
its own, in which it is the only hedge, so a word dropped from a list fails its case. The words
are written out here, not read from the module.

`hedged` reads the text of a figure's part up to the figure; each case below is a sentence and
the figure in it, and the text before the figure's first occurrence is what `hedged` reads.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.hedges import BEFORE_FIGURE, HEDGING, hedged, hedged_by_definition
from grader.rules.reading import read_answer
from tests.rules.shipped import DECLINES


def hedged_in(sentence: str, figure: str) -> bool:
    """Whether `figure` is hedged in `sentence` (the text before its first occurrence)."""
    assert figure in sentence, (figure, sentence)
    return hedged(sentence[: sentence.index(figure)])


def one_per_word(cases: list[tuple[str, str, str]]) -> list:
    """The cases ``(word, sentence, figure)`` as parameters named by their word."""
    return [
        pytest.param(sentence, figure, id=f"{word!r}: {sentence}")
        for word, sentence, figure in cases
    ]


# Words that hedge whatever follows them in the part: each case holds one of them and no other
# hedge, and the word is not right before the figure.
HEDGING_CASES = [
    ("probably", "The annual fee is probably $60 [1].", "$60"),
    ("likely", "The fee is likely $60 a year.", "$60"),
    ("presumably", "So it is presumably $250 [1].", "$250"),
    ("possibly", "The fee is possibly $60.", "$60"),
    ("perhaps", "The fee is perhaps $60.", "$60"),
    ("maybe", "The fee is maybe $60.", "$60"),
    ("typically", "The fee is typically $60 a year.", "$60"),
    ("usually", "The fee is usually $60.", "$60"),
    ("generally", "The fee is generally $60.", "$60"),
    ("normally", "The fee is normally $60.", "$60"),
    ("ordinarily", "The fee is ordinarily $60.", "$60"),
    ("standard", "The standard fee is $60.", "$60"),
    ("usual", "It is the usual $250 deductible.", "$250"),
    ("typical", "A typical fee is $60.", "$60"),
    ("customary", "The customary fee is $60.", "$60"),
    ("assume", "I assume the fee is $60.", "$60"),
    ("assuming", "Assuming no discount, the fee is $60.", "$60"),
    ("guess", "My guess is $60.", "$60"),
    ("I think", "I think the fee is $60.", "$60"),
    ("I believe", "I believe the fee is $60.", "$60"),
    ("I suspect", "I suspect the fee is $60.", "$60"),
    ("I would estimate", "I would estimate the fee at $60.", "$60"),
    ("I'd estimate", "I'd estimate the fee at $60.", "$60"),  # the contraction expanded
    ("my estimate", "My estimate is $60.", "$60"),
    ("might be", "The fee might be $60.", "$60"),
    ("may be", "The fee may be $60.", "$60"),
    ("could be", "The fee could be $60.", "$60"),
    ("must be", "The fee must be $60.", "$60"),
    # "around" is not right before the second figure: only "should be around" hedges it
    ("should be around", "The fee should be around $50 or $60.", "$60"),
    ("somewhere", "It is somewhere between $50 and $70.", "$50"),
]


@pytest.mark.parametrize(("sentence", "figure"), one_per_word(HEDGING_CASES))
def test_a_hedging_word_hedges_what_follows_it(sentence: str, figure: str) -> None:
    assert hedged_in(sentence, figure)


# Words that hedge only the figure right after them: each case holds one of them and no other.
BEFORE_FIGURE_CASES = [
    ("about", "The fee is about $60 a year.", "$60"),
    ("around", "The fee is around $60.", "$60"),
    ("roughly", "Margin was roughly 12%.", "12%"),
    ("near", "The fee is near $60.", "$60"),
    ("nearly", "The fee is nearly $60.", "$60"),
    ("approximately", "Capex was approximately $1.5 billion.", "$1.5 billion"),
    ("approx", "Capex was approx $1.5 billion.", "$1.5 billion"),
    ("circa", "Revenue was circa $2 million.", "$2 million"),
    ("ca", "Revenue was ca $2 million.", "$2 million"),
    ("some", "The company spent some $40 million.", "$40 million"),
    ("~", "The fee is ~$60.", "$60"),
    ("in the range of", "The fee is in the range of $50 to $70.", "$50"),
    ("in the region of", "The fee is in the region of $60.", "$60"),
    ("on the order of", "Losses were on the order of $1 billion.", "$1 billion"),
    ("ballpark", "The fee is ballpark $60.", "$60"),
]


@pytest.mark.parametrize(("sentence", "figure"), one_per_word(BEFORE_FIGURE_CASES))
def test_a_word_before_the_figure_hedges_it(sentence: str, figure: str) -> None:
    assert hedged_in(sentence, figure)


@pytest.mark.parametrize(
    ("sentence", "figure", "expected"),
    [
        pytest.param("The fee is $60.", "$60", False, id="$60 alone is not hedged"),
        pytest.param("The fee is exactly $60.", "$60", False, id="exactly $60 is not hedged"),
        pytest.param(
            "Information about the fee: it is $60.",
            "$60",
            False,
            id="'about' away from the figure hedges nothing",
        ),
        pytest.param(
            "The fee for some plans is $60.",
            "$60",
            False,
            id="'some' away from the figure hedges nothing",
        ),
        pytest.param(
            "Around March the fee was $60.",
            "$60",
            False,
            id="'around' away from the figure hedges nothing",
        ),
        # an article may stand between the word and the figure
        pytest.param("It is about the $60 fee.", "$60", True, id="about the $60 is hedged"),
        pytest.param("It is around a $60 fee.", "$60", True, id="around a $60 fee is hedged"),
        pytest.param(
            "It is roughly an $80 charge.", "$80", True, id="roughly an $80 charge is hedged"
        ),
        # an abbreviation's dot may too
        pytest.param(
            "Capex was approx. $1.5 billion.",
            "$1.5 billion",
            True,
            id="approx. $1.5 billion (with its dot) is hedged",
        ),
        pytest.param(
            "Revenue was ca. $2 million.", "$2 million", True, id="ca. $2 million is hedged"
        ),
        # ... as a word of its own, after a space
        pytest.param(
            "It is abouta $60 fee.",
            "$60",
            False,
            id="a hedge run into an article (abouta $60) is not read as one",
        ),
        # the words are whole words, not pieces of others
        pytest.param(
            "The standardized fee is $60.",
            "$60",
            False,
            id="'standard' inside 'standardized' is no hedge",
        ),
        pytest.param(
            "An unusual fee of $60 applies.",
            "$60",
            False,
            id="'usual' inside 'unusual' is no hedge",
        ),
        pytest.param(
            "He got a handsome $60 bonus.", "$60", False, id="'some' inside 'handsome' is no hedge"
        ),
        pytest.param(
            "Sales in Africa $60 million.", "$60", False, id="'ca' inside 'Africa' is no hedge"
        ),
        # case and spacing do not matter
        pytest.param("ABOUT $60 a year.", "$60", True, id="ABOUT $60 in capitals is hedged"),
        pytest.param(
            "The fee is about   $60.", "$60", True, id="about $60 with spaces between is hedged"
        ),
    ],
)
def test_what_is_and_is_not_a_hedge(sentence: str, figure: str, expected: bool) -> None:
    assert hedged_in(sentence, figure) is expected


# Through the reading: a figure's hedge is read in its own part of the sentence.
@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        pytest.param("The fee is about $60 a year [1].", True, id="about $60 a year is hedged"),
        pytest.param("Margin was roughly 12% [1].", True, id="roughly 12% is hedged"),
        pytest.param("The fee is exactly $60 [1].", False, id="exactly $60 is not hedged"),
        pytest.param(
            "The exact figure is not stated, but capex was about $1.5 billion.",
            True,
            id="a hedged amount beside a decline is hedged",
        ),
        pytest.param(
            "The fee is probably high. It is $60 [1].",
            False,
            id="a hedge in the sentence before hedges nothing",
        ),
        pytest.param(
            "The fee is probably high, but it is $60 [1].",
            False,
            id="a hedge in another part of the sentence hedges nothing",
        ),
    ],
)
def test_the_reading_marks_hedged_figures(answer: str, expected: bool) -> None:
    reading = read_answer(answer, get_strategy(), DECLINES)
    [item] = (*reading.amounts, *reading.figures)
    assert item.hedged is expected


_HEDGE_PIECES = [*HEDGING, *BEFORE_FIGURE, "I THINK", "Probably,", "xprobably", "likelyx", "the"]
_HEDGE_PIECES += ["a", "is", "fee", "$40", ".", "  ", "can't", "I'm", "ſome", "ıt", "-", "maybe."]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_HEDGE_PIECES), max_size=8), st.sampled_from([" ", "", "-"]))
def test_hedged_equals_its_definition(pieces: list[str], joint: str) -> None:
    """The hedging words' pattern, read only where one of them is written, finds what it finds
    read everywhere."""
    text = joint.join(pieces)
    assert hedged(text) == hedged_by_definition(text)
