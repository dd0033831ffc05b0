"""A key's brackets (grader/rules/surface_forms.py, "a parenthesised part", `without_asides`): a
bracket set off by spaces is an aside the key may be said without ("Paris (France)", "Jaws
(1975)", "(Robert) Boyle"), empty brackets hold nothing ("len()"); a bracket glued to a word
("poly(vinyl acetate)", "iron(III) oxide", "(R)-carvone", "f(x)"), one after a prefix that
counts what it holds ("poly (vinyl acetate)"), and one whose going leaves only function words
("(The) Who") are part of the name, said with their words and never without them; an "or"
inside a bracket joins no alternatives. Cases written for this project in chemistry,
mathematics, music, film, law, geography, sport and medicine.
"""

from __future__ import annotations

import pytest

from grader.rules.surface_forms import forms, without_asides
from grader.rules.verdict import CORRECT
from tests.caseids import case_id
from tests.rules.shipped import grade, said

# (register, accepted answer, answer): an aside left out, or the name with its bracket said.
SAID = [
    ("geography", "Paris (France)", "It is Paris."),
    ("film", "Jaws (1975)", "The film was Jaws."),
    ("science", "(Robert) Boyle", "The law is named after Boyle."),
    ("music", "Hey Jude (song)", "Hey Jude"),
    ("law", "Miranda v. Arizona (1966)", "It was Miranda v. Arizona."),
    ("medicine", "World Health Organization (WHO)", "The WHO declared it."),
    ("software", "len()", "Use the built-in len function."),
    ("computing", "D (programming language)", "D"),  # a letter left: a name, as written
    # a bracket of the name: said glued or spaced, or with its words and no brackets
    ("chemistry", "poly(vinyl acetate)", "It is poly(vinyl acetate)."),
    ("chemistry", "poly(vinyl acetate)", "It is poly (vinyl acetate)."),
    ("chemistry", "poly (vinyl acetate)", "It is poly(vinyl acetate)."),
    ("chemistry", "poly(vinyl acetate)", "Poly vinyl acetate."),
    ("chemistry", "poly(vinyl acetate)", "Polyvinyl acetate."),
    ("chemistry", "iron(III) oxide", "Rust is mostly iron(III) oxide."),
    ("chemistry", "iron(III) oxide", "Rust is mostly iron (III) oxide."),
    ("chemistry", "(R)-carvone", "Spearmint smells of (R)-carvone."),
    ("chemistry", "(R)-carvone", "Spearmint smells of R-carvone."),
    ("mathematics", "f(x)", "The output is written f(x)."),
    ("chemistry", "bis(2-ethylhexyl) phthalate", "It is bis(2-ethylhexyl) phthalate."),
    ("music", "(The) Who", "The band was The Who."),
    ("geography", "(Burma)", "Burma"),
    # an "or" inside a bracket: the key is said without its aside
    ("medicine", "skin disease (of the beard or face)", "It is a skin disease."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), SAID, ids=case_id)
def test_an_aside_left_out_or_a_bracket_of_the_name_said(register, accepted, answer):
    assert said(accepted, answer)


# (register, accepted answer, answer): the key without a bracket of its name, or a word of an
# aside alone, is not said.
NOT_SAID = [
    ("chemistry", "poly(vinyl acetate)", "Poly"),
    ("chemistry", "poly(vinyl acetate)", "Poly Vinyl Alcohol"),
    ("chemistry", "poly (vinyl acetate)", "Poly"),  # a counting prefix, a space or not
    ("chemistry", "poly(methyl methacrylate)", "a poly bag"),
    ("chemistry", "iron(III) oxide", "It is iron oxide."),  # the oxidation state left out
    ("chemistry", "iron(III) oxide", "It is iron(II) oxide."),
    ("chemistry", "(R)-carvone", "Spearmint smells of carvone."),  # the stereodescriptor
    ("chemistry", "(S)-carvone", "Spearmint smells of (R)-carvone."),
    ("mathematics", "f(x)", "The answer is f."),
    ("chemistry", "bis (2-ethylhexyl) phthalate", "It is bis phthalate."),
    ("chemistry", "tris(hydroxymethyl)aminomethane", "It is tris."),
    ("music", "(The) Who", "Who sang it?"),  # the pronoun
    ("medicine", "skin disease (of the beard or face)", "It affects the face."),
    ("medicine", "skin disease (of the beard or face)", "It grows in a beard."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), NOT_SAID, ids=case_id)
def test_a_bracket_of_the_name_left_out_is_not_the_key(register, accepted, answer):
    assert not said(accepted, answer)


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        ("Paris (France)", "Paris "),
        ("(Robert) Boyle", " Boyle"),
        ("len()", "len "),
        ("Seymour (Sy) Hersh", "Seymour Hersh"),  # an aside inside, set off by spaces
        ("iron(III) oxide (rust)", "iron(III) oxide "),  # the aside goes, the glued one stays
        ("poly(vinyl acetate)", "poly(vinyl acetate)"),  # glued to the word before
        ("(R)-carvone", "(R)-carvone"),  # glued by a hyphen to the word after
        ("Na(+)", "Na(+)"),
        ("poly (vinyl acetate)", "poly (vinyl acetate)"),  # after a counting prefix
        ("Tris (buffer)", "Tris (buffer)"),
        ("(The) Who", "(The) Who"),  # only a function word would be left
        ("(Burma)", "(Burma)"),  # nothing would be left
        ("Polyester (film)", "Polyester "),  # a word that opens like a prefix is no prefix
    ],
    ids=case_id,
)
def test_without_asides(written: str, plain: str) -> None:
    assert without_asides(written) == plain


def test_an_or_inside_a_bracket_joins_no_alternatives() -> None:
    """An "or" inside an aside split the key into "skin disease (of the beard" and "face)"."""
    assert [form.text for form in forms("skin disease (of the beard or face)")] == ["skin disease"]


# (register, question, accepted answers, answer, correct): graded whole, in several registers.
GRADED = [
    (
        "woodworking",
        "In the name of the common wood glue, what does PVA stand for?",
        ("polyvinyl acetate", "poly(vinyl acetate)"),
        "Round 2, Q5: Poly Vinyl Alcohol",
        False,
    ),
    (
        "woodworking",
        "In the name of the common wood glue, what does PVA stand for?",
        ("polyvinyl acetate", "poly(vinyl acetate)"),
        "Polyvinyl acetate.",
        True,
    ),
    ("chemistry", "What is rust mostly made of?", ("iron(III) oxide",), "Iron oxide", False),
    (
        "chemistry",
        "What is rust mostly made of?",
        ("iron(III) oxide",),
        "Fe2O3, iron(III) oxide",
        True,
    ),
    ("film", "Which Spielberg film opened in June 1975?", ("Jaws (1975)",), "Jaws", True),
    ("sport", "Which club did he join?", ("Everton (football club)",), "Everton", True),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "correct"), GRADED, ids=case_id
)
def test_graded(register, question, accepted, answer, correct) -> None:
    graded = grade(question, accepted, answer)
    assert (graded.verdict == CORRECT) is correct, graded.labels
