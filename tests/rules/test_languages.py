"""An answer in another language (K021, DESIGN 4.6, grader/rules/languages.py): its "Answer:"
label in another language read as the English one, an answer shown to be in another language
that may say the key in it left to a reader, and what stays wrong (another name, a figure, an
English answer that quotes another language, a name that only looks foreign), in cases written
for this project (geography, zoology, chemistry, anatomy, history, literature, cooking, sport).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.rules.languages import (
    needs_a_reader,
    needs_a_reader_by_definition,
    without_foreign_label,
    without_foreign_label_by_definition,
)
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

GRADER = Grader(citations=False)
OTHER_LANGUAGE = "needs a reader: the answer is in another language"


def graded(question: str, accepted: tuple[str, ...], answer: str):
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    record = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    return GRADER.grade(record)


LABELS = [
    ("Réponse : la baleine bleue.", "Réponse :", "la baleine bleue."),
    ("La réponse est : Lisbonne", "La réponse est :", "Lisbonne"),
    ("Die Antwort lautet: Eisen.", "Die Antwort lautet:", "Eisen."),
    ("Antwort: Sauerstoff", "Antwort:", "Sauerstoff"),
    ("Het antwoord is: de maan", "Het antwoord is:", "de maan"),
    ("La respuesta es: el hierro", "La respuesta es:", "el hierro"),
    ("Risposta: il cervello", "Risposta:", "il cervello"),
    ("A resposta é: o coração", "A resposta é:", "o coração"),
    ("Svaret är: blåval", "Svaret är:", "blåval"),
    ("Svar: Oslo", "Svar:", "Oslo"),
]

NO_LABEL = [
    "Svarta havet is the Black Sea.",
    "Responsive: yes, the site adapts to phones.",
    "Antwort auf die Frage ist ja.",  # no colon: a sentence
    "The answer: iron.",  # the English label is `grader.rules.citations`'
    "Die Frage lautet: welches Metall? Antwort: Eisen.",  # not at the answer's start
]


@pytest.mark.parametrize(("answer", "label", "rest"), LABELS, ids=case_id)
def test_a_label_in_another_language_is_set_aside(answer, label, rest):
    assert without_foreign_label(answer) == (label, rest)


@pytest.mark.parametrize("answer", NO_LABEL, ids=case_id)
def test_no_label_in_another_language(answer):
    assert without_foreign_label(answer) == ("", answer)


# (question, accepted answers, an answer in another language that may say the key in it)
TO_A_READER = [
    ("What is the largest animal?", ("Blue whale",), "Réponse : la baleine bleue."),
    ("Which metal rusts?", ("Iron",), "Respuesta: el hierro."),
    ("Which organ does a neurologist treat?", ("Brain",), "La risposta è: il cervello."),
    ("What orbits the Earth once a month?", ("Moon", "The Moon"), "Het antwoord is: de maan."),
    ("Which organ pumps blood?", ("Heart",), "A resposta é: o coração."),
    ("Which gas do plants release?", ("Oxygen",), "Antwort: Sauerstoff"),  # German: a noun
    ("In which country is Monterrey?", ("Mexico",), "Réponse : Mexique"),  # looks like it
    ("Where is the British Museum?", ("London",), "Risposta: Londra (Bloomsbury)"),
    ("What is a swordfish called in Spanish?", ("Pez espada",), "Svar: svärdfisk"),
    ("What country is Athens the capital of?", ("Greece",), "Ελλάδα (Elláda)"),
    ("What do fish breathe in?", ("Water",), "[translated from Russian] Вода"),
    ("How many legs does a spider have?", ("8", "eight"), "Réponse : huit pattes."),
    ("Who taught Alexander the Great?", ("Aristotle",), "[traduit de l'anglais] C'est d'Aristote."),
    ("Which spice is dried orchid pods?", ("Vanilla",), "[translated from Spanish] little pod."),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), TO_A_READER, ids=case_id)
def test_an_answer_in_another_language_goes_to_a_reader(question, accepted, answer):
    grade = graded(question, accepted, answer)
    assert grade.verdict == UNJUDGED
    assert grade.labels[0] == OTHER_LANGUAGE


# (question, accepted answers, an answer that stays wrong)
STAYS_WRONG = [
    # another thing named, under a label or a tag, in a language that writes names so
    ("Which country borders France to the south-west?", ("Spain",), "Réponse : Portugal."),
    ("What is the capital of Sweden?", ("Stockholm",), "Svar: Oslo"),
    ("Which city is Germany's capital?", ("Berlin",), "[translated from German] It is Munich."),
    ("Who wrote Don Quixote?", ("Cervantes",), "Respuesta: el escritor Lope de Vega."),
    (
        "Who taught Alexander the Great?",
        ("Aristotle",),
        "[traduit de l'anglais] Il s'agit d'Isocrate.",
    ),
    # a figure where the key holds one
    ("In which year did the Vikings raid Lindisfarne?", ("793", "AD 793"), "Svar: år 1066"),
    ("How many legs does a spider have?", ("8", "eight"), "Réponse : six pattes."),  # "six" is 6
    # nothing shows the answer in another language
    (
        "What is the motto of the United States?",
        ("In God We Trust", "E pluribus unum"),
        "The motto is 'Liberté, égalité, fraternité'.",
    ),
    ("Which island nation lies east of Madagascar?", ("Mauritius",), "Réunion."),
    ("What is the capital of Norway?", ("Oslo",), "Bergen."),
    ("Which bread is a long thin French loaf?", ("Baguette",), "A croissant, très français."),
    ("Which German word means joy at others' misfortune?", ("Schadenfreude",), "Gloating."),
    # a name given in Latin letters, its original in brackets
    ("Which company makes the Hayabusa motorcycle?", ("Suzuki",), "Honda (本田)."),
    # a key in another script: a word in that script shows no other language
    ("What is Japan's capital?", ("東京", "Tokyo"), "大阪 (Osaka)"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), STAYS_WRONG, ids=case_id)
def test_what_stays_wrong(question, accepted, answer):
    grade = graded(question, accepted, answer)
    assert grade.verdict == WRONG
    assert OTHER_LANGUAGE not in grade.labels


# The label read as "Answer:" is: what follows is the answer, read by every other rule.
AS_ENGLISH = [
    ("Which country won the 1998 World Cup?", ("France",), "Respuesta: Francia", UNJUDGED),
    ("Which country won the 1998 World Cup?", ("France",), "Respuesta: France.", CORRECT),
    ("Which country is the largest?", ("Russia",), "Resposta: Canadá, seguido da Rússia.", WRONG),
    (
        "Which country is the largest?",
        ("Russia", "Rusia"),
        "La respuesta es: Canadá, seguido de Rusia.",
        WRONG,
    ),
    (
        "Which country is the largest?",
        ("Russia",),
        "Die Antwort lautet: Kanada, gefolgt von Russia.",
        WRONG,
    ),
    ("Who wrote Don Quixote?", ("Cervantes",), "Respuesta: Cervantes, autor del Quijote.", CORRECT),
    ("Who painted Guernica?", ("Picasso",), "Réponse : Picasso, peintre de Malaga.", CORRECT),
    ("Which piece moves diagonally?", ("Bishop",), "Answer: bishop, queen", PARTIAL),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), AS_ENGLISH, ids=case_id)
def test_the_label_is_read_as_answer_is(question, accepted, answer, verdict):
    assert graded(question, accepted, answer).verdict == verdict


def test_a_label_alone_shows_nothing_without_its_working():
    """The label is read where the reading set it aside (its working), never in the text."""
    assert not needs_a_reader(("Wasp",), "", ("guêpe.",), "")
    assert needs_a_reader(("Wasp",), "", ("guêpe.",), "Réponse :")


# --- the shortcuts: each equals its rule on drawn text -------------------------------------------

PIECES = st.lists(
    st.sampled_from(
        [
            "Réponse",
            "Die Antwort lautet",
            "Svar",
            "Answer",
            ":",
            " : ",
            " ",
            "\n",
            "[translated from Spanish]",
            "[1]",
            "[",
            "le safran",
            "Indien",
            "カフェイン",
            "(kafein)",
            "Нерон",
            "Saffron",
            "India",
            "Bergamotte",
            "six",
            "1066",
        ]
    ),
    max_size=8,
).map("".join)


@given(PIECES)
def test_a_foreign_label_is_looked_for_only_where_a_colon_is_written(text):
    assert without_foreign_label(text) == without_foreign_label_by_definition(text)


@given(st.lists(PIECES, max_size=3), PIECES, PIECES)
def test_a_reader_is_asked_for_only_where_a_colon_a_bracket_or_no_ascii_is_written(
    sentences, working, question
):
    accepted = ("India", "Saffron / Safran")
    assert needs_a_reader(accepted, question, sentences, working) == (
        needs_a_reader_by_definition(accepted, question, sentences, working)
    )
