"""The key in a bare list with others (K013, grader/rules/list_answers.py): an answer that is
nothing but short items joined by "and", "&" or commas, one an accepted answer and another none,
to a question that does not ask for several, is partial; a question that asks for several, an
accepted answer that is itself the pair or a name with "and", another item with the key's words
or only the question's, two names joined by a comma alone, words around the list or a figure
leave the answer as it was. Cases written for this project in geography, chess, medicine, music,
chemistry, cooking, law and sport.
"""

from __future__ import annotations

import pytest

from grader.rules import codes
from grader.rules.list_answers import bare_items, listed_with_others
from grader.rules.normalize import normalize
from grader.rules.surface import surface
from grader.rules.verdict import CORRECT, PARTIAL
from tests.caseids import case_id
from tests.rules.shipped import grade


def listed(question: str, accepted: tuple[str, ...], answer: str) -> tuple[str, ...]:
    return listed_with_others(accepted, question, surface(normalize(question)), answer)


WITH_OTHERS = [
    ("geography", "Which river flows through Baghdad?", ("Tigris",), "Tigris and Euphrates"),
    ("chess", "Which piece can only move diagonally?", ("bishop",), "bishop, queen"),
    ("medicine", "Which organ makes insulin?", ("pancreas",), "The pancreas and the liver."),
    ("music", "Who composed The Magic Flute?", ("Mozart",), "Mozart & Salieri"),
    ("chemistry", "Which gas do plants take in?", ("carbon dioxide",), "oxygen, carbon dioxide"),
    ("cooking", "Which herb is in pesto?", ("basil",), "basil, parsley, mint"),
    ("law", "Which writ tests a detention?", ("habeas corpus",), "habeas corpus and mandamus"),
    (
        "sport",
        "Which club won the 1999 final?",
        ("Manchester United",),
        "Arsenal and Manchester United",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), WITH_OTHERS, ids=case_id)
def test_the_key_in_a_bare_list_with_others(register, question, accepted, answer):
    found = listed(question, accepted, answer)
    assert found and found[0] != "" and len(found) >= 2


UNMOVED = [
    # a question that asks for several: the list is the answer
    ("geography", "Which two rivers flow through Iraq?", ("Tigris",), "Tigris and Euphrates"),
    ("chess", "Name both pieces that move diagonally.", ("bishop",), "bishop, queen"),
    # an accepted answer that is the pair, or a name with "and" in it
    (
        "geography",
        "Which rivers frame Mesopotamia?",
        ("Tigris and Euphrates",),
        "Tigris and Euphrates",
    ),
    ("business", "Which store sells Percy Pig?", ("Marks & Spencer", "M&S"), "Marks and Spencer"),
    ("theatre", "Which play has Tybalt in it?", ("Romeo and Juliet",), "Romeo and Juliet"),
    # another item with a word of the key, or only the question's words
    (
        "geography",
        "Which river flows through Baghdad?",
        ("Tigris", "Tigris River"),
        "Tigris and Tigris River",
    ),
    (
        "games",
        "Which game uses the terms gammon and doubling cube?",
        ("backgammon",),
        "Backgammon uses gammons and a doubling cube.",
    ),
    # two names joined by a comma alone: a place and its region, a title
    ("geography", "In which city is the Munch Museum?", ("Oslo",), "Oslo, Norway"),
    (
        "theatre",
        "Which Cole Porter musical won the first Tony?",
        ("Kiss Me Kate",),
        "Kiss Me, Kate",
    ),
    # words of its own around the list, a description, a figure
    ("medicine", "Which organ makes insulin?", ("pancreas",), "Organs: pancreas and liver"),
    ("sport", "Who has the most home runs?", ("Barry Bonds",), "Barry Bonds, with 762"),
    ("history", "When did Armstrong walk on the Moon?", ("July 20",), "July 20, 1969"),
    (
        "astronomy",
        "How long does sunlight take to reach Earth?",
        ("8 minutes",),
        "eight minutes and twenty seconds",
    ),
    ("chemistry", "What is the pH of pure water?", ("7",), "Neutral, pH seven."),
    # the key alone, or not said at all
    ("geography", "Which river flows through Baghdad?", ("Tigris",), "The Tigris."),
    ("chess", "Which piece can only move diagonally?", ("bishop",), "rook, queen"),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), UNMOVED, ids=case_id)
def test_what_the_family_never_reads(register, question, accepted, answer):
    assert listed(question, accepted, answer) == ()


@pytest.mark.parametrize(
    ("answer", "items"),
    [
        ("Tigris and Euphrates", ("Tigris", "Euphrates")),
        ("the Tigris and the Euphrates.", ("Tigris", "Euphrates")),
        ("basil, parsley, and mint", ("basil", "parsley", "mint")),
        # an item that opens as "and" does, or a word that ends as it does: no joiner
        ("granite, andesite", ("granite", "andesite")),
        ("Finland and Sweden", ("Finland", "Sweden")),
        ("the Andes and the Alps", ("Andes", "Alps")),
        ("Paris, France", ()),
        ("Mont Blanc, at about 4,805 m", ()),
        ("It flows through Baghdad and Mosul and then on to Basra and the Gulf.", ()),
        ("Tigris", ()),
        ("The tibia. Sorry, the femur.", ()),
        ("Tibia; femur, I mean", ()),
    ],
    ids=case_id,
)
def test_bare_items(answer, items):
    assert bare_items(answer) == items


def test_the_grade_is_partial_and_names_the_others():
    found = grade(
        "Which river flows through Baghdad?", ("Tigris", "Tigris River"), "Tigris and Euphrates"
    )
    assert found.verdict == PARTIAL
    assert codes.codes_of(found.labels) == ("K013",)
    assert found.labels == ('the key listed with others: "Tigris" beside "Euphrates"',)


def test_a_list_asked_for_stays_correct():
    found = grade(
        "Which two rivers flow through Iraq?", ("Tigris and Euphrates",), "Euphrates and Tigris"
    )
    assert found.verdict == CORRECT


# (v4) Two persons' full names joined by a comma alone, to a question that asks for one person:
# each item a person's name (capitalised words, a title aside) opened by a given name the tables
# hold (grader/rules/given_names.py). (register, question, accepted, answer)
PERSONS = [
    (
        "science",
        "Who discovered penicillin?",
        ("Alexander Fleming",),
        "Alexander Fleming, Ernst Chain",
    ),
    (
        "sport",
        "Who won the 1981 Wimbledon men's title?",
        ("John McEnroe",),
        "Jimmy Connors, John McEnroe",
    ),
    (
        "politics",
        "Who was British prime minister when England won the 1966 World Cup?",
        ("Harold Wilson",),
        "Harold Wilson, Edward Heath",
    ),
    (
        "music",
        "Which composer was known as the Red Priest?",
        ("Antonio Vivaldi", "Vivaldi"),
        "Antonio Vivaldi, Giuseppe Tartini",
    ),
    (
        "law",
        "Which chief justice wrote Marbury v. Madison?",
        ("John Marshall",),
        "John Marshall, William Cushing",
    ),
    (
        "business",
        "Who founded Apple with Steve Wozniak?",
        ("Steve Jobs",),
        "Steve Jobs, Ronald Wayne",
    ),
    ("literature", "Who wrote Frankenstein?", ("Mary Shelley",), "Mary Shelley, Ann Radcliffe"),
    # stray emphasis marks, spaced apart, around two names: eight words as written
    (
        "sport",
        "Who scored a hat-trick in the 1966 final?",
        ("Geoff Hurst",),
        "* * Geoff Hurst, Martin Peters * *",
    ),
    (
        "finance",
        "Who chaired the Federal Reserve in 2008?",
        ("Ben Bernanke",),
        "Ben Bernanke, Henry Paulson",
    ),
]


def test_the_key_in_bold_is_not_chosen():
    """Emphasis marks are no words (`grader.rules.normalize.without_markdown`): the key in bold
    before another person's name is the same list of two."""
    question, accepted = "Who scored a hat-trick in the 1966 final?", ("Geoff Hurst",)
    assert grade(question, accepted, "**Geoff Hurst**, Martin Peters").verdict == PARTIAL


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), PERSONS, ids=case_id)
def test_two_persons_joined_by_a_comma(register, question, accepted, answer):
    assert grade(question, accepted, answer).verdict == PARTIAL
    assert listed(question, accepted, answer)


NOT_PERSONS = [
    # a key that is itself a pair, a question that asks for several
    (
        "stage",
        "Which duo performed with white tigers?",
        ("Siegfried & Roy", "Siegfried and Roy"),
        "Siegfried Fischbacher, Roy Horn",
    ),
    (
        "music",
        "Who were the Beatles?",
        ("John Lennon",),
        "John Lennon, Paul McCartney",
    ),
    (
        "sport",
        "Name two scorers in the 1966 final.",
        ("Geoff Hurst",),
        "Geoff Hurst, Martin Peters",
    ),
    # an apposition, a surname written first, a club or a company after the name
    (
        "sport",
        "Who scored a hat-trick in the 1966 final?",
        ("Geoff Hurst",),
        "Geoff Hurst, England's striker",
    ),
    ("sport", "Who scored a hat-trick in the 1966 final?", ("Geoff Hurst",), "Hurst, Geoff"),
    (
        "sport",
        "Who scored a hat-trick in the 1966 final?",
        ("Geoff Hurst",),
        "Geoff Hurst, West Ham",
    ),
    ("business", "Who founded Apple with Steve Wozniak?", ("Steve Jobs",), "Steve Jobs, Apple Inc"),
    (
        "politics",
        "Who led the Soviet Union in 1985?",
        ("Mikhail Gorbachev",),
        "Mikhail Gorbachev, General Secretary",
    ),
    # a question for no person: a place and its region
    ("geography", "In which city is the Munch Museum?", ("Oslo",), "Oslo, Norway"),
    ("geography", "Which city hosted the 1908 Olympics?", ("London",), "London, United Kingdom"),
    # the other item opened by a given name the tables do not hold: not read (the table's cost)
    (
        "science",
        "Who discovered penicillin?",
        ("Alexander Fleming",),
        "Alexander Fleming, Howard Florey",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), NOT_PERSONS, ids=case_id)
def test_what_the_persons_list_never_reads(register, question, accepted, answer):
    assert listed(question, accepted, answer) == ()
    assert grade(question, accepted, answer).verdict == CORRECT


@pytest.mark.parametrize(
    "answer",
    [
        "Geoff Hurst, Martin Peters",
        "Geoff Hurst, Martin Peters, Roger Hunt",
        "Geoff Hurst and Martin Peters",
        "geoff hurst, martin peters",
        "**Geoff Hurst**, Martin Peters",
        "It was Geoff Hurst, who scored three goals in the final at Wembley.",
        "Oslo, Norway",
        "Hurst, Geoff",
        '"Geoff Hurst, Martin Peters"',
    ],
)
def test_the_persons_reading_is_looked_for_only_where_it_can_differ(answer):
    """`listed_with_others` reads two persons' names (``bare_items(answer, True)``) only in an
    answer with one comma, no "and", at most eight words and a capital first (its shortcut):
    elsewhere the reading is the plain one."""
    import re as regex

    gate = (
        answer.count(",") == 1
        and len(answer.split()) <= 8
        and answer.lstrip(" \"'`.!?*_")[:1].isupper()
        and regex.search(r"\s(?:and|&)\s", answer, regex.IGNORECASE) is None
    )
    if not gate:
        assert bare_items(answer, True) == bare_items(answer)


# (v4) A thing and its name joined by a comma, in either order, are no list: one a description
# (an article, then lower case), the other a name (capitalised past its article). Cases written
# for this project.
THING_AND_NAME = [
    (
        "medicine",
        "Which organism causes tuberculosis?",
        ("bacterium",),
        "A rod-shaped bacterium, Mycobacterium tuberculosis.",
    ),
    (
        "geography",
        "What is the highest mountain on Earth?",
        ("Everest",),
        "Everest, the highest peak",
    ),
    (
        "music",
        "Which instrument did Adolphe Sax invent?",
        ("saxophone",),
        "A woodwind, the Saxophone",
    ),
    (
        "pharmacy",
        "Which drug is the first-line malaria treatment?",
        ("artemisinin",),
        "An antimalarial, Artemisinin",
    ),
    ("cooking", "Which grain is risotto made from?", ("rice",), "A short-grain rice, Arborio"),
    (
        "astronomy",
        "What kind of object is Sirius?",
        ("star",),
        "A bright star, Alpha Canis Majoris",
    ),
]
# Never: two descriptions, two pieces without an article, three pieces.
STILL_A_LIST = [
    ("zoology", "What kind of animal is a dolphin?", ("mammal",), "A mammal, a fish."),
    ("zoology", "What kind of animal is a dolphin?", ("mammal",), "mammal, fish"),
    ("chess", "Which piece can only move diagonally?", ("bishop",), "the bishop, the queen"),
    ("astronomy", "What kind of object is Sirius?", ("star",), "a star, a planet, Jupiter"),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), THING_AND_NAME, ids=case_id
)
def test_a_thing_and_its_name_are_no_list(register, question, accepted, answer):
    assert listed(question, accepted, answer) == (), register
    assert grade(question, accepted, answer).verdict == CORRECT, register


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), STILL_A_LIST, ids=case_id)
def test_what_the_thing_and_its_name_never_reads(register, question, accepted, answer):
    assert listed(question, accepted, answer), register
    assert grade(question, accepted, answer).verdict == PARTIAL, register


# (v4) The question's own words restated beside the key, as a transcribed answer says them: no
# other item.
RESTATED = [
    (
        "cooking",
        "a full english breakfast has eggs bacon and what else",
        ("sausages", "sausage"),
        "yeah eggs bacon and sausages",
        CORRECT,
    ),
    (
        "chemistry",
        "brass is made of copper and what other metal",
        ("zinc",),
        "yeah copper and zinc",
        CORRECT,
    ),
    (
        "sport",
        "in tennis after fifteen and thirty what is the next score",
        ("forty",),
        "okay fifteen thirty and forty",
        CORRECT,
    ),
    # an item that restates every word the question has, and none more
    ("literature", "romeo and who", ("juliet",), "romeo and juliet", CORRECT),
    ("music", "simon and who", ("garfunkel",), "simon and garfunkel", CORRECT),
    # words of its own beside the restated ones, or another item beside them: the key listed
    # with others
    (
        "cooking",
        "a full english breakfast has eggs bacon and what else",
        ("sausages", "sausage"),
        "yeah eggs toast and sausages",
        PARTIAL,
    ),
    (
        "chemistry",
        "brass is made of copper and what other metal",
        ("zinc",),
        "copper, tin and zinc",
        PARTIAL,
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "verdict"), RESTATED, ids=case_id
)
def test_the_question_restated_beside_the_key_is_no_other_item(
    register, question, accepted, answer, verdict
):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == verdict, grade_.labels
    assert ("K013" in codes.codes_of(grade_.labels)) is (verdict == PARTIAL), grade_.labels
