"""Quantifier words of one meaning before a key's figure (DESIGN 4.6,
`grader.rules.surface_forms.BOUNDS`): an approximation need not be said, a bound is said by any
word of its class; and what must never match (another class, the figure alone for a bound, a
word that bounds nothing). Cases written here, in several registers.
"""

import pytest

from grader.rules.normalize import normalize
from grader.rules.surface import surface
from grader.rules.surface_forms import BOUNDS, forms
from grader.rules.surface_match import says
from tests.caseids import case_id


def said(accepted: str, answer: str) -> bool:
    return says(accepted, surface(normalize(answer)), answer)


# (register, accepted answer, answer): each says it
SAID = [
    ("geography", "over 7,000", "The archipelago has more than 7,000 islands."),
    ("science", "more than 100 moons", "Saturn has over 100 moons."),
    ("business", "above 50%", "Its market share is in excess of 50%."),
    ("sport", "upwards of 90,000", "Attendance was over 90,000."),
    ("politics", "fewer than 100", "The bill drew less than 100 votes."),
    ("law", "under 18", "Defendants below 18 are tried as minors."),
    ("music", "at least 3", "She won no fewer than three Grammys."),
    ("finance", "up to $1,200", "The card charges no more than $1,200 a year."),
    ("literature", "nearly 1,000 pages", "The novel runs almost 1,000 pages."),
    # an approximation need not be said (the key's edges drop it)
    ("geography", "about 7,641", "It has 7,641 islands."),
    ("science", "some 8,700", "There are around 8,700 species."),
    ("history", "c. 1500", "It was painted in 1500."),
    # a negated bound is a bound, no rejection of its figure
    ("medicine", "1,200 mg", "Adults should not exceed 1,200 mg a day."),
]

# (register, accepted answer, answer): none says it
NEVER = [
    ("another class", "over 7,000", "It has under 7,000 islands."),
    ("another class", "at least 3", "She won up to three Grammys."),
    ("an approximation for a bound", "over 7,000", "It has about 7,000 islands."),
    ("the figure alone for a bound", "over 7,000", "It has 7,000 islands."),
    ("a figure after the word", "more than 7,000", "It has 7,000 more than Japan."),
    ("a bound of another figure", "over 7,000", "over 6,000 of its 7,000 islands"),
    ("a rejected figure", "over 7,000", "Not more than 7,000, no: about 5,000."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), SAID, ids=case_id)
def test_words_of_one_meaning_say_the_key(register: str, accepted: str, answer: str) -> None:
    assert said(accepted, answer), register


@pytest.mark.parametrize(("register", "accepted", "answer"), NEVER, ids=case_id)
def test_what_a_bound_never_matches(register: str, accepted: str, answer: str) -> None:
    assert not said(accepted, answer), register


def test_a_bound_word_before_no_figure_makes_no_form() -> None:
    assert [form.text for form in forms("Over the River")] == ["over the river"]
    assert [form.text for form in forms("some of the 7,000")] == ["some of the 7000"]


def test_every_word_of_a_class_is_a_form() -> None:
    for words in BOUNDS:
        texts = {form.text for form in forms(f"{words[0]} 12 votes")}
        assert texts == {f"{word} 12 votes" for word in words}
