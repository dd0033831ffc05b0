"""Another kind of the key's head (K012, grader/rules/other_kinds.py): a key that lists a common
noun bare and after a qualifier written as a name ("mosquito / Anopheles mosquito") is not said
by the head after another qualifier of the same shape ("Aedes mosquito"); the key's qualifier
inside a longer one, an adjective in lower case, a capital that opens a sentence, a qualifier of
another shape, a key with no qualified form or whose head is a name, leave the key said. Cases
written for this project in medicine, zoology, money, botany, food, music, sport and geography.
"""

from __future__ import annotations

import pytest

from grader.rules import codes
from grader.rules.other_kinds import another_kind, qualified_heads
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

MALARIA = ("mosquito", "Anopheles mosquito", "female Anopheles mosquito")
MOHAIR = ("goat", "Angora goat")
FRANC = ("Swiss franc", "franc", "CHF")
TEA = ("tea", "Assam tea")
FINCHES = ("Darwin's finches", "finches")
COFFEE = ("coffee", "Arabica coffee")
PIANO = ("piano", "Steinway piano")
RIVER = ("Nile", "river", "White Nile river")
FRUIT_FLY = ("fruit fly", "Mediterranean fruit fly")

OTHER_KINDS = [
    ("medicine", MALARIA, "Aedes mosquito", "Aedes mosquito"),
    ("medicine", MALARIA, "Malaria is spread by the Culex mosquito.", "Culex mosquito"),
    ("zoology", MOHAIR, "Mohair comes from the Cashmere goat.", "Cashmere goat"),
    ("money", FRANC, "It was paid in French francs.", "French francs"),
    ("food", TEA, "Darjeeling tea.", "Darjeeling tea"),
    ("biology", FINCHES, "He studied Wallace's finches.", "Wallace's finches"),
    ("food", COFFEE, "The Robusta coffee grown there.", "Robusta coffee"),
    ("music", PIANO, "She played a Bösendorfer piano.", "Bosendorfer piano"),
    ("zoology", FRUIT_FLY, "The Oriental fruit fly.", "Oriental fruit fly"),  # a head of two words
    # the head in its plural, as the inflection family reads it
    ("medicine", MALARIA, "Aedes mosquitoes", "Aedes mosquitoes"),
    (
        "music",
        ("piccolo", "Italian piccolo"),
        "It calls for two German piccolos.",
        "German piccolos",
    ),
    ("botany", ("tomato", "Roma tomato"), "Cherokee tomatoes.", "Cherokee tomatoes"),
    ("medicine", ("virus", "Zika virus"), "It is spread by Dengue viruses.", "Dengue viruses"),
    ("zoology", ("octopus", "Pacific octopus"), "Atlantic octopuses.", "Atlantic octopuses"),
]


@pytest.mark.parametrize(("register", "accepted", "answer", "named"), OTHER_KINDS, ids=case_id)
def test_another_qualifier_of_the_same_shape_names_another_kind(register, accepted, answer, named):
    assert another_kind(accepted, answer) == named


THE_KEY = [
    # the key's qualifier, inside a longer one too
    ("medicine", MALARIA, "The female Anopheles mosquito."),
    ("medicine", MALARIA, "Anopheles gambiae mosquitoes"),
    ("medicine", MALARIA, "Female mosquitoes"),  # a word of the key's qualifiers
    ("medicine", MALARIA, "Anopheles mosquitoes"),  # the key's kind in the plural
    ("medicine", MALARIA, "Anopheles mosquitoes spread it; Aedes mosquitoes spread dengue."),
    ("botany", ("tomato", "Roma tomato"), "Roma tomatoes."),
    # an irregular plural is not read: the key's kind or another, the head is not found
    ("zoology", ("goose", "Canada goose"), "Canada geese."),
    ("zoology", ("goose", "Canada goose"), "Snow geese."),
    ("zoology", ("mouse", "house mouse"), "Field mice."),
    # a head in -s: its plural in -es, never a word that only begins like it
    ("medicine", ("virus", "Zika virus"), "Zika viruses."),
    ("law", ("clause", "Commerce clause"), "The Commerce Clauses."),
    # an adjective that is no kind, an article alone
    ("medicine", MALARIA, "a tiny mosquito"),
    ("medicine", MALARIA, "the mosquito"),
    ("medicine", MALARIA, "The mosquito."),  # the article alone, capitalised
    ("zoology", MOHAIR, "From a young goat's fleece."),
    # a capital that opens a sentence says nothing
    ("medicine", MALARIA, "Infected mosquitoes carry it."),
    ("food", TEA, "Strong tea, usually. Black tea is drunk with milk."),
    ("food", TEA, "Black tea is drunk with milk."),  # at the answer's start, words after it
    # the head said otherwise too
    ("medicine", MALARIA, "Aedes mosquitoes spread dengue; the Anopheles mosquito, malaria."),
    ("zoology", MOHAIR, "Not the Cashmere goat: the goat that gives mohair is the Angora."),
    # a qualifier of another shape
    ("money", ("Deutsche Mark", "mark"), "The East German mark."),
    ("biology", FINCHES, "Galapagos finches"),
    ("botany", ("palm", "Travellers' palm"), "A Sago palm."),  # the key's in the plural possessive
    # a mention rejected
    ("medicine", MALARIA, "It is not the Aedes mosquito."),
    # a head that is a name, or no qualified form listed
    ("music", ("Gershwin", "George Gershwin"), "Ira Gershwin"),
    ("geography", RIVER, "The Blue Nile"),
    ("medicine", ("mosquito",), "Aedes mosquito"),
    ("sport", ("racket", "tennis racket"), "A Wilson racket."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), THE_KEY, ids=case_id)
def test_what_the_family_never_reads_as_another_kind(register, accepted, answer):
    assert another_kind(accepted, answer) == ""


def test_the_question_may_name_the_other_kind():
    """A qualified head the question names is no answer of the answer's own."""
    asked = "Unlike the Aedes mosquito, which insect transmits malaria?"
    assert another_kind(MALARIA, "Aedes mosquito", asked) == ""


def test_most_keys_list_no_qualified_head():
    """The cheap test first: a key without a bare common noun and a named form of it is read no
    further."""
    assert qualified_heads(("Alexander Fleming", "Fleming")) == ()
    assert qualified_heads(("liver", "the liver")) == ()
    assert [q.head for q in qualified_heads(MALARIA)] == ["mosquito"]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"),
    [
        ("Which insect transmits malaria?", MALARIA, "Aedes mosquito", WRONG),
        ("Which insect transmits malaria?", MALARIA, "The female Anopheles mosquito", CORRECT),
        ("Which insect transmits malaria?", MALARIA, "a mosquito", CORRECT),
        ("Which insect transmits malaria?", ("mosquito",), "Aedes mosquito", CORRECT),
        ("Which animal gives mohair?", MOHAIR, "The Cashmere goat.", WRONG),
        ("What currency did Geneva use in 1990?", FRANC, "The French franc.", WRONG),
    ],
    ids=case_id,
)
def test_the_grade(question, accepted, answer, verdict):
    found = grade(question, accepted, answer)
    assert found.verdict == verdict
    if verdict == WRONG:
        assert codes.codes_of(found.labels) == ("K012",)
