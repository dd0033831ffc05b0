"""The key's end said inside another name (grader/rules/question_words.py, `in_another_name`):
where the question names the words that open the key, the rest of the key (its end) said only
right after another name's capitalised words names another thing of the key's kind ("Water
Music" for "Fireworks Music"), and is not the key; said alone, after an article, after the
question's own word, in lower case, or where the question names the key's end, it stays the key.
Cases written for this project in music, geography, spaceflight, law, sport, medicine, history and
chemistry; the grades come from the shipped grader.
"""

from __future__ import annotations

import pytest

from grader.rules.normalize import normalize
from grader.rules.question_words import in_another_name
from grader.rules.surface import surface
from grader.rules.verdict import CORRECT
from tests.caseids import case_id
from tests.rules.shipped import grade

HANDEL = "Which piece by Handel was written for a 1749 fireworks display in London's Green Park?"
FIREWORKS = ("Music for the Royal Fireworks", "Royal Fireworks Music", "Fireworks Music")
NILE = "Which lake feeds the White Nile?"
APOLLO = "Which Apollo mission first landed people on the Moon?"
GULF = "Which gulf did the Deepwater Horizon spill foul?"
VITAMIN = "Which vitamin do the blood's clotting factors need?"
RYDER = "Which golf contest pits Europe against the USA, the Ryder what?"
COURT = "Which court heard Marbury v. Madison?"
ACID = "Which acid is found in the stomach?"
SALT = "Which sodium compound is table salt?"

# (register, question, accepted answers, answer): the key's end after another name's words in
# the place of the words the question names: another thing, not the key.
ANOTHER_NAME = [
    ("music", HANDEL, FIREWORKS, "Water Music"),
    ("music", HANDEL, FIREWORKS, "Round 6, Q2: Water Music"),
    ("music", HANDEL, ("Fireworks Music",), "It's the Water Music"),
    ("music", HANDEL, ("Fireworks Music",), "Handel's Water Music"),
    ("geography", NILE, ("Lake Victoria",), "Mount Victoria"),
    ("geography", NILE, ("Lake Victoria",), "It is Queen Victoria."),
    ("spaceflight", APOLLO, ("Apollo 11",), "Gemini 11"),
    ("geography", GULF, ("Gulf of Mexico",), "New Mexico"),
    ("medicine", VITAMIN, ("Vitamin K",), "Special K"),
    ("sport", RYDER, ("Ryder Cup",), "The Davis Cup"),
    ("chemistry", SALT, ("sodium chloride",), "Potassium Chloride"),
    # a middle name before the surname: another person of the name (the second president's son)
    (
        "politics",
        "Which John was the second president of the United States?",
        ("John Adams",),
        "John Quincy Adams",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), ANOTHER_NAME, ids=case_id)
def test_the_keys_end_inside_another_name_is_not_the_key(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict != CORRECT, graded.labels


# (register, question, accepted answers, answer): the key's end alone, after an article or a
# function word, after the question's own word, in lower case, the key said whole, another
# mention free beside a rejected one, or the key's start where the question names its end.
THE_KEY = [
    ("music", HANDEL, FIREWORKS, "Royal Fireworks Music"),  # the question's word in its place
    ("music", HANDEL, ("Fireworks Music",), "Firework Music"),  # the question's word, inflected
    ("music", HANDEL, ("Fireworks Music",), "Handel's Fireworks Music"),  # the key whole
    ("law", "Which article of the treaty governs withdrawal?", ("Article 50",), "Art. 50"),
    ("music", HANDEL, FIREWORKS, "Music for the Royal Fireworks"),
    ("music", HANDEL, ("Fireworks Music",), "Music, not Water Music"),  # free beside rejected
    ("geography", NILE, ("Lake Victoria",), "Victoria"),
    ("geography", NILE, ("Lake Victoria",), "The Victoria."),  # an article
    ("geography", NILE, ("Lake Victoria",), "It is Victoria."),  # a capital opens no name here
    ("geography", NILE, ("Lake Victoria",), "the great Victoria"),  # lower case: a description
    ("spaceflight", APOLLO, ("Apollo 11",), "11"),
    ("medicine", VITAMIN, ("Vitamin K",), "K."),
    ("sport", RYDER, ("Ryder Cup",), "The Cup"),
    ("geography", GULF, ("Gulf of Mexico",), "Mexico."),
    ("geography", "Which river runs through Paris?", ("River Seine",), "The Seine"),
    # the question names an epithet that ends the key: the name alone is the key
    (
        "history",
        "Which Russian empress was called the Great?",
        ("Catherine the Great",),
        "Catherine.",
    ),
    ("history", "Which tsar was called the Terrible?", ("Ivan the Terrible",), "Ivan IV."),
    # the question names the key's end: the rest is the key's start, read as before
    ("law", "Which amendment gave women the vote?", ("19th Amendment",), "The 19th."),
    ("law", COURT, ("Supreme Court",), "Supreme"),
    ("sport", "Which canal links the Mediterranean and the Red Sea?", ("Suez Canal",), "Suez."),
    ("chemistry", SALT, ("sodium chloride",), "Chloride."),
    ("chemistry", ACID, ("hydrochloric acid",), "Hydrochloric."),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), THE_KEY, ids=case_id)
def test_the_keys_end_alone_or_in_the_keys_place_is_the_key(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


@pytest.mark.parametrize(
    ("rest", "question", "answer", "inside"),
    [
        ("music", HANDEL, "Water Music", True),
        ("victoria", NILE, "Queen Victoria", True),
        ("11", APOLLO, "Gemini 11", True),
        ("victoria", NILE, "Victoria", False),  # alone
        ("victoria", NILE, "the Victoria", False),  # an article alone is no name
        ("music", HANDEL, "Fireworks Music", False),  # the question's word
        ("music", HANDEL, "water music", False),  # lower case
        ("music", HANDEL, "Water Music or music", False),  # one mention free
        ("victoria", NILE, "Infected Victoria lies east.", False),  # a sentence's opening word
        ("victoria", NILE, "Nyanza", False),  # not mentioned by its words: `says` decides
    ],
    ids=case_id,
)
def test_in_another_name(rest: str, question: str, answer: str, inside: bool) -> None:
    assert in_another_name(rest, surface(normalize(question)), answer) is inside
