"""Quantifier words of one meaning before a key's figure (DESIGN 4.6,
`grader.rules.surface_forms.BOUNDS`): an approximation need not be said, a bound is said by any
word of its class, and a bound that includes its figure also after it ("3 or more", "3 at most");
and what must never match (another class, the figure alone for a bound, a word that bounds
nothing; another class is another answer, never the key in other words). Cases written here, in
several registers.
"""

import pytest

from grader.rules.surface_forms import BOUNDS, forms
from grader.rules.verdict import Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id
from tests.rules.shipped import said_with_dates as said

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
    # a bound that includes its figure, written after it
    ("sport", "at least 3", "A player may hold 3 or more titles."),
    ("games", "at most 3", "Reroll 3 at most."),
    ("law", "at most 12 jurors", "It seats 12 or fewer jurors."),
    ("finance", "at least $500", "Deposits of $500 and above earn interest."),
    ("politics", "at least 18", "Voters aged 18 or over may register."),
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
    # a bound after the figure of another class, or that excludes its figure
    ("another class after", "at most 3", "Reroll 3 or more dice."),
    ("another class after", "at least 18", "Voters aged 18 or under may not register."),
    ("excluding after including", "fewer than 50", "Firms of 50 or fewer staff qualify."),
    ("a bound after another figure", "at least 3", "She won 2 or more titles."),
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
        before = {f"{word} 12 votes" for word in words}
        after = {
            "at least": {"12 or more votes"},
            "at most": {"12 or fewer votes", "12 or less votes"},
        }
        assert texts == before | after.get(words[0], set())


# (question, accepted answer, answer, verdict): graded whole
GRADED = [
    # another class of bound on the key's figure is another answer, not the key in other words
    # (business, sport, science): wrong, never a reader's ("than" is no word of the key)
    ("How many staff may a micro-firm employ?", "fewer than 10", "More than 10.", "wrong"),
    ("How many players must a side field?", "at least 7", "At most 7 players.", "wrong"),
    ("How many moons has Saturn?", "more than 100", "Fewer than 100 moons.", "wrong"),
    ("How many seats make a majority?", "at least 326", "More than 326 seats.", "wrong"),
    # the key's own class, before or after the figure (games, law, politics)
    ("How many dice may a player reroll?", "at most 3", "Three at most.", "correct"),
    ("How many jurors may sit?", "at most 12", "Twelve or fewer.", "correct"),
    ("At what age may people vote?", "at least 18", "18 and over.", "correct"),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), GRADED, ids=case_id)
def test_bounds_graded(question: str, accepted: str, answer: str, verdict: str) -> None:
    gold = Gold(key=accepted, accepted=(accepted,))
    record = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    assert Grader(citations=False).grade(record).verdict == verdict
