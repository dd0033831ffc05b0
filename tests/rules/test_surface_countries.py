"""A country by its people's adjective (DESIGN 4.6, grader/rules/surface_countries.py): what the
family matches and what it must never match, in cases written for this project (sport, music,
food, science, history, politics, business, film), graded whole; the adjectives built from a
key's letters; and the question's shortcut equal to its pattern.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.surface_countries import _ASKS_COUNTRY, asks_country, built_adjectives
from grader.rules.verdict import CORRECT
from tests.caseids import case_id
from tests.rules import shipped


def grade(question: str, accepted: tuple[str, ...], answer: str):
    return shipped.grade(question, accepted, answer, listed=len(accepted) > 1)


SAID = [
    # sport: the adjective alone
    ("Which country's team lost the 1966 World Cup final?", ("Germany",), "German."),
    # music: before the noun of the person asked about
    ("What country is the singer Shakira from?", ("Colombia",), "Colombian singer"),
    # food: after a function word, the clause's end after it
    ("Which country does sushi come from?", ("Japan",), "It is Japanese."),
    # science: before a noun, a comma ending the clause
    ("Which country launched Sputnik?", ("Russia",), "The Russian state, in 1957."),
    # history: an adjective with "i"
    ("Which country's army fought at Karbala in 2003?", ("Iraq",), "Iraqi forces."),
    # politics: the table's irregular adjective, and the state's long name with it
    ("Which country is governed from the Élysée Palace?", ("France",), "The French Republic"),
    ("Which nation's flag is a white cross on red?", ("Switzerland",), "Swiss"),
    # business: "ish" for a key's "ey"
    ("What country is the airline Pegasus based in?", ("Turkey",), "Turkish airline"),
    # film: "ic" after a key in "land", after an article
    ("Which country's cinema made Rams (2015)?", ("Iceland",), "An Icelandic film."),
    # a key in "e", in "o", in "y"
    ("Which country is Valparaíso in?", ("Chile",), "Chilean"),
    ("What country does mole poblano come from?", ("Mexico",), "Mexican."),
    ("Which country's dish is risotto?", ("Italy",), "Italian cuisine"),
    # "ish" for a key's "and", "land" with a doubled consonant
    ("Which European country is Gdańsk in?", ("Poland",), "Polish"),
    ("Which country's sauna culture is on UNESCO's list?", ("Finland",), "Finnish sauna"),
    # history: a table adjective the regular forms build too, in the state's long name
    (
        "Which country declared its independence from Yugoslavia with Slovenia in June 1991?",
        ("Croatia",),
        "The Croatian Republic.",
    ),
    # sport: the table's second adjective of a state, a people's noun
    ("Which country did Novak Djokovic represent at the 2012 Olympics?", ("Serbia",), "A Serb."),
    # geography: a built adjective before "kingdom" names the key's own state (no state is named
    # so: "republic" alone marks another state's name, "Dominican Republic")
    ("Which country is ruled from Nuku'alofa?", ("Tonga",), "The Tongan kingdom."),
    # sport: the table's second adjective of a state whose name has another root
    ("Which country did the boxer Manny Pacquiao represent?", ("Philippines",), "He is Filipino."),
    (
        "Which Himalayan country measures Gross National Happiness?",
        ("Bhutan",),
        "The Bhutanese kingdom",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), SAID, ids=case_id)
def test_a_country_said_by_its_adjective(question: str, accepted: tuple[str, ...], answer: str):
    assert grade(question, accepted, answer).verdict == CORRECT


NEVER = [
    # a question that asks no country: a person, a language, a people
    ("Who founded the Mossad?", ("Israel",), "Israeli"),
    ("What language is spoken in Brasília?", ("Brazil",), "Brazilian"),
    # the adjective and its noun as the question writes them
    ("Which country has the longest coast on the Indian Ocean?", ("India",), "The Indian Ocean"),
    # another state's name: a word of it before the adjective, or its "republic"
    ("Which country is Juba the capital of?", ("Sudan",), "South Sudanese"),
    ("Which country is Malabo in?", ("Guinea",), "Equatorial Guinean"),
    ("Which country is Santo Domingo in?", ("Dominica",), "The Dominican Republic"),
    # "ian" after a key's consonant is another state's (Nigeria's, not Niger's)
    ("Which country is Niamey the capital of?", ("Niger",), "Nigerian"),
    # inside a longer phrase, and a rejected mention
    ("Which country's team won?", ("Israel",), "The Israeli national football team won it."),
    ("Which country makes Feta?", ("Greece",), "It is not Greek."),
    # a word that only begins like an adjective
    ("Which country produces Chianti?", ("Italy",), "Italianate"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NEVER, ids=case_id)
def test_never_a_country(question: str, accepted: tuple[str, ...], answer: str):
    assert grade(question, accepted, answer).verdict != CORRECT


@pytest.mark.parametrize(
    ("key", "adjective", "built"),
    [
        ("israel", "israeli", True),
        ("kenya", "kenyan", True),
        ("ukraine", "ukrainian", True),
        ("hungary", "hungarian", True),
        ("china", "chinese", True),
        ("england", "english", True),
        ("niger", "nigerian", False),
        ("oman", "omanian", False),
        ("chad", "chadese", True),  # built, harmless: no word of English
        ("iraq", "iraqi", True),
        ("latvia", "latish", False),  # "ish" only for a key in "land": an English word
    ],
    ids=case_id,
)
def test_built_adjectives(key: str, adjective: str, built: bool) -> None:
    assert (adjective in built_adjectives(key)) is built


def test_a_key_too_short_or_of_two_words_builds_none() -> None:
    assert built_adjectives("peru") != ()
    assert built_adjectives("mali")
    assert built_adjectives("cub") == ()
    assert built_adjectives("sri lanka") == ()


@given(
    st.lists(
        st.sampled_from(
            ["which", "what", "country", "nation", "countries", "in", "european", "'s"]
        ),
        max_size=6,
    )
)
@settings(max_examples=400, deadline=None)
def test_asks_country_equals_its_pattern(words: list[str]) -> None:
    text = " ".join(words)
    assert asks_country(text) == (_ASKS_COUNTRY.search(text) is not None)
