"""A state or province by its postal code (DESIGN 4.6, grader/rules/surface_places.py), after a
place or alone as the whole answer: what the family matches and what it must never match, in
cases written for this project (science, sport, politics, music, law, business, literature,
finance, history, medicine, cooking), graded whole; and its shortcut equal to its pattern.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.surface_places import _CODES, may_say_postal, postal_code, postal_pattern
from grader.rules.verdict import CORRECT
from tests.caseids import case_id
from tests.rules import shipped


def grade(question: str, accepted: tuple[str, ...], answer: str):
    return shipped.grade(question, accepted, answer, listed=len(accepted) > 1)


SAID = [
    # science: a city and its state's code, the whole answer
    ("In which state is Los Alamos National Laboratory?", ("New Mexico",), "Los Alamos, NM"),
    # sport: inside a sentence, a full stop after it
    ("In which state do the Packers play?", ("Wisconsin",), "They play in Green Bay, WI."),
    # politics: "the State of ..." in the key
    ("Which state's capital is Concord?", ("the State of New Hampshire",), "Concord, NH"),
    # music: a comma after the code
    ("In which state is the Grand Ole Opry?", ("Tennessee",), "Nashville, TN, since 1925."),
    # law: a ZIP code after it
    ("Where is the Liberty Bell kept?", ("Pennsylvania",), "Philadelphia, PA 19106."),
    # business: a place of two words
    ("In which state is Walmart's head office?", ("Arkansas",), "In Bentonville, AR."),
    # literature: an abbreviated place ("St.")
    ("In which state was T. S. Eliot born?", ("Missouri",), "In St. Louis, MO, in 1888."),
    # finance: a Canadian province and its postal code
    (
        "In which province is the Bank of Nova Scotia's Vancouver branch?",
        ("British Columbia",),
        "Vancouver, BC V6B 1A1",
    ),
    # finance: a territory
    ("Where is the Bank of Montreal's Whitehorse branch?", ("Yukon",), "Whitehorse, YT"),
    # geography: a place's name of two letters
    ("In which state is the hamlet of Ai?", ("Ohio",), "Ai, OH"),
    # business: a Canadian postal code written without its space
    (
        "In which province is Lululemon's head office?",
        ("British Columbia",),
        "Vancouver, BC V6J1C7",
    ),
]


# (v4) The code alone, in capitals, as the whole answer: its state, the codes that are also
# words too.
ALONE = [
    # geography
    ("Which state is the Golden State?", ("California",), "CA"),
    # history: a full stop after it
    ("In which state was Abraham Lincoln born?", ("Kentucky",), "KY."),
    # politics: a code that is also a word
    ("Which state first let voters propose laws by initiative?", ("Oregon",), "OR"),
    # sport
    ("Which state holds the Indianapolis 500?", ("Indiana",), "IN"),
    # cooking: in emphasis marks
    ("Which state makes the most maple syrup?", ("Vermont",), "**VT**"),
    # medicine
    ("In which state did the Mayo Clinic begin?", ("Minnesota",), "MN"),
    # geography: a Canadian province
    ("In which province is Banff National Park?", ("Alberta",), "AB"),
    # history
    ("Which state joined the Union fiftieth?", ("Hawaii",), "HI"),
    ("Which state is the Pine Tree State?", ("Maine",), "ME"),
    ("Which state is the Sooner State?", ("Oklahoma",), "OK"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), ALONE, ids=case_id)
def test_a_state_said_by_its_code_alone(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert found.verdict == CORRECT, found.labels


@pytest.mark.parametrize(("question", "accepted", "answer"), SAID, ids=case_id)
def test_a_state_said_by_its_postal_code_after_a_place(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert found.verdict == CORRECT, found.labels


NOT_SAID = [
    # the code as an English word, or in a sentence
    ("Which state is the Sooner State?", ("Oklahoma",), "It is OK"),
    ("Which state is the Hoosier State?", ("Indiana",), "Log IN"),
    ("Which state is the Lone Star State?", ("Texas",), "It is TX."),
    # alone, in lower case or with a small letter: a word
    ("Which state is the Sooner State?", ("Oklahoma",), "Ok."),
    ("Which state is the Aloha State?", ("Hawaii",), "Hi"),
    ("Which state is the Beaver State?", ("Oregon",), "or"),
    ("Which state is the Lone Star State?", ("Texas",), "tx"),
    # alone, with more letters, digits or dots
    ("Which state is the Lone Star State?", ("Texas",), "TXT"),
    ("Which state is the Lone Star State?", ("Texas",), "TX2"),
    ("Which state is the Lone Star State?", ("Texas",), "T.X."),
    # alone, another state's code
    ("Which state is the Lone Star State?", ("Texas",), "OK"),
    ("Which state is the Garden State?", ("New Jersey",), "NY"),
    # a ZIP code with no place before the code
    ("Which state holds the ZIP code 90210?", ("California",), "CA 90210"),
    # in lower case, after a word in capitals or in lower case
    ("In which state is Denver?", ("Colorado",), "denver, co"),
    ("In which state is Denver?", ("Colorado",), "It is OK, CO."),
    ("In which state is Denver?", ("Colorado",), "It raised the price, CO."),
    # more letters or digits after the code
    ("In which state is Dallas?", ("Texas",), "Paris, TX2"),
    # another state's code
    (
        "In which state is the city with the International Rose Test Garden?",
        ("Oregon",),
        "Portland, ME",
    ),
    # rejected, or among alternatives the answer does not choose between
    ("In which state is Denver?", ("Colorado",), "Not Denver, CO; it is Kansas."),
    ("In which state is Denver?", ("Colorado",), "Either Denver, CO or Denver, PA."),
    # a name that is also a city's or a country's: never read by its code
    ("In which city is Wall Street?", ("New York",), "Albany, NY"),
    ("In which city is the White House?", ("Washington",), "Seattle, WA"),
    ("Which country's capital is Tbilisi?", ("Georgia",), "Atlanta, GA"),
    ("Which country's capital is Tbilisi?", ("Georgia",), "GA"),
    ("In which city is the Château Frontenac?", ("Quebec",), "Montreal, QC"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_SAID, ids=case_id)
def test_never_a_postal_code_elsewhere(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert found.verdict != CORRECT, found.labels


@pytest.mark.parametrize(
    ("accepted", "code"),
    [
        ("Colorado", "CO"),
        ("the State of Colorado", "CO"),
        ("Ontario Province", "ON"),
        ("Québec", ""),
        ("New York", ""),
        ("Colorado River", ""),
        ("Colorado Springs", ""),
        ("Kansas City", ""),
    ],
)
def test_which_keys_name_a_state(accepted, code):
    assert postal_code(accepted) == code


def test_the_table_holds_the_states_and_provinces_once_each():
    assert len(_CODES) == 50 - 3 + 2 + 13 - 1  # (the states, DC, PR, the provinces; four left out)
    assert len(set(_CODES.values())) == len(_CODES)


PIECES = ["Denver", "denver", "OK", "St.", "Louis", ",", ", ", " ", "CO", "CA", "80202", "V6B 1A1"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), st.sampled_from(["CO", "CA"]))
def test_the_shortcut_equals_the_pattern(text, code):
    """`may_say_postal` is false only where the pattern cannot match."""
    if postal_pattern(code).search(text):
        assert may_say_postal(code, text)
