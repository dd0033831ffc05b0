"""The question a writer says they cannot answer, set aside (`grader.rules.declined_questions`,
issue 43): "I don't know which physician the manoeuvre is named after" asserts no name, the
key's included; what the answer says outside the embedded question is read as before. Cases of
our own in several registers, what the family sets aside and what it must never."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules import declined_questions
from grader.rules.clauses import Clause, Span, get_strategy
from grader.rules.declined_questions import (
    _ASKING,
    ASKING_STEMS,
    KNOWING_STEMS,
    asked_with,
    declined_questions_set_aside,
    question_asks,
    set_aside_declined_questions,
)
from grader.rules.normalize import lowered_as_matched
from grader.rules.sentences import part_spans
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade


def asserted(sentence: str, question: str) -> str:
    """What the sentence asserts once the question it declines is set aside."""
    clause = set_aside_declined_questions(Clause.whole(sentence), part_spans(sentence), question)
    return clause.asserted


# (register, question, sentence, what it asserts): the not knowing and its embedded question set
# aside, to the end of the embedded question's clause (the sentence's stop kept).
SET_ASIDE = [
    (
        "medicine",
        "The Heimlich manoeuvre is named after which physician?",
        "I'm afraid I don't know which physician the Heimlich manoeuvre is named after.",
        ".",
    ),
    (
        "sport",
        "The Davis Cup takes its name from which player?",
        "not sure which player the davis cup was named for sorry",
        "",
    ),
    (
        "law",
        "Miranda rights take their name from which defendant?",
        "I can't tell you which defendant the Miranda rights take their name from.",
        ".",
    ),
    (
        "cooking",
        "Who was eggs Benedict named after?",
        "Sorry, I have no idea who eggs Benedict was named after.",
        ".",
    ),
    (
        "science",
        "The Hubble telescope honours which astronomer?",
        "We can't say for certain which astronomer the Hubble telescope honours.",
        ".",
    ),
    (
        "history",
        "Where was the Magna Carta sealed?",
        "I honestly do not remember where the Magna Carta was sealed, sorry.",
        ", sorry.",
    ),
    (
        "music",
        "How many symphonies did Beethoven complete?",
        "Um, I'm not certain how much of Beethoven's music was symphonic",
        "",
    ),
    (
        "geography",
        "When did the Mississippi last flood New Orleans?",
        "i dont know when the mississippi last flooded new orleans",
        "",
    ),
    # ends at its clause: a comma, a dash, a guess after it, a contrast
    (
        "medicine",
        "Which vitamin prevents scurvy?",
        "I'm unsure which vitamin prevents scurvy, vitamin C perhaps.",
        ", vitamin C perhaps.",
    ),
    (
        "sport",
        "Which club did Pele play for in Brazil?",
        "i cant recall which club pele played for maybe santos",
        "maybe santos",
    ),
    (
        "law",
        "Which court decided Marbury v. Madison?",
        "I couldn't tell you which court decided it - the Supreme Court, I believe.",
        "- the Supreme Court, I believe.",
    ),
    (
        "cooking",
        "What gives saffron rice its colour?",
        "I don't know what gives it its colour but saffron is expensive.",
        "but saffron is expensive.",
    ),
    # a part's opener goes with it; a word of content before it stays
    (
        "medicine",
        "Which physician described the manoeuvre?",
        "Henry Heimlich, though I'm not sure which physician first tried it.",
        "Henry Heimlich, .",
    ),
    (
        "sport",
        "Which club did Pele play for in Brazil?",
        "santos, not sure which club came next",
        "santos,",
    ),
    # each verb of knowing or telling read alone ("say", "identify"), and "100%" written either way
    (
        "sport",
        "Which nation won the first Rugby World Cup?",
        "We can't say which nation won the first Rugby World Cup.",
        ".",
    ),
    (
        "music",
        "Which composer wrote the Wanderer Fantasy?",
        "I cannot identify which composer wrote the Wanderer Fantasy.",
        ".",
    ),
    (
        "chemistry",
        "Which element has the highest melting point?",
        "I'm not 100% sure which element has the highest melting point.",
        ".",
    ),
    # every embedded question the writer declines, each to its own end
    (
        "history",
        "Who built Hadrian's Wall and when?",
        "I don't know who built Hadrian's Wall; I'm not sure when either.",
        "; .",
    ),
]


@pytest.mark.parametrize(("register", "question", "sentence", "said"), SET_ASIDE, ids=case_id)
def test_the_question_a_writer_cannot_answer_is_not_asserted(register, question, sentence, said):
    assert asserted(sentence, question) == said


# (register, question, sentence): never set aside, the sentence asserted whole.
NEVER = [
    # "whether" and "if" name a candidate: a hedged answer
    ("music", "Who composed the Messiah?", "I'm not sure whether it was Handel."),
    ("medicine", "Which drug is a beta blocker?", "I don't know if propranolol is one."),
    # "who else", "what else": the named one is said to have done it
    (
        "music",
        "Who sang Tosca at the Met in 1965?",
        "I don't know who else sang it besides Callas.",
    ),
    ("cooking", "What is added to a roux?", "Not sure what else goes in besides butter and flour."),
    # another question than the one asked, which takes for granted what it does not ask
    ("sport", "Which city hosted the 1924 Games?", "I can't say how Paris won the bid."),
    ("science", "Who discovered penicillin?", "I'm not sure when Fleming published it."),
    ("history", "When was the Bastille stormed?", "I don't know who led the crowd in 1789."),
    # someone else's not knowing: a claim about the world
    ("history", "Who designed Chartres?", "Historians don't know which architect designed it."),
    ("law", "Which judge wrote the ruling?", "The clerks could not say which judge wrote it."),
    # knowing, not negated; "not sure" as a hedge with no embedded question
    ("history", "Which engineer built the tower?", "I know which engineer it was: Eiffel."),
    ("geography", "Which city hosted the 1920 Games?", "Not sure, but Antwerp."),
    ("medicine", "Which organ makes insulin?", "I don't know exactly, the pancreas I think."),
    # a question that asks with no interrogative word restates nothing the family reads
    ("music", "Name the composer of the Messiah.", "I don't know which composer wrote it."),
]


@pytest.mark.parametrize(("register", "question", "sentence"), NEVER, ids=case_id)
def test_what_is_no_declined_restatement_of_the_question_is_asserted(register, question, sentence):
    assert asserted(sentence, question) == sentence


# (register, question, accepted answers, answer): graded wrong, the key named only inside the
# question the writer declines (declining an answerable question, or the key missing where the
# words are no decline on the list).
KEY_INSIDE = [
    (
        "medicine",
        "The Heimlich manoeuvre is named after which physician?",
        ("Henry Heimlich", "Heimlich"),
        "I'm afraid I don't know which physician the Heimlich manoeuvre is named after.",
    ),
    (
        "law",
        "Miranda rights take their name from which defendant?",
        ("Ernesto Miranda", "Miranda"),
        "I can't tell you which defendant the Miranda rights take their name from.",
    ),
    (
        "cooking",
        "Who was eggs Benedict named after?",
        ("Lemuel Benedict", "Benedict"),
        "Sorry, I have no idea who eggs Benedict was named after.",
    ),
    (
        "science",
        "The Hubble telescope honours which astronomer?",
        ("Edwin Hubble", "Hubble"),
        "We can't say for certain which astronomer the Hubble telescope honours.",
    ),
    (
        "sport",
        "The Davis Cup takes its name from which player?",
        ("Dwight Davis", "Davis"),
        "not sure which player the davis cup was named for sorry",
    ),
    (
        "history",
        "Hadrian's Wall was built on the orders of which emperor?",
        ("Hadrian", "Emperor Hadrian"),
        "Sorry, I can't tell you which emperor ordered Hadrian's Wall built.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), KEY_INSIDE, ids=case_id)
def test_the_key_inside_a_declined_question_is_no_answer(register, question, accepted, answer):
    assert grade(question, accepted, answer).verdict == WRONG


# (register, question, accepted answers, answer): the key said outside the declined question,
# graded correct as before.
KEY_OUTSIDE = [
    (
        "medicine",
        "The Heimlich manoeuvre is named after which physician?",
        ("Henry Heimlich", "Heimlich"),
        "I don't know exactly, but I think it was Henry Heimlich.",
    ),
    (
        "law",
        "Miranda rights take their name from which defendant?",
        ("Ernesto Miranda", "Miranda"),
        "I'm not sure which defendant, Ernesto Miranda maybe.",
    ),
    (
        "cooking",
        "Who was eggs Benedict named after?",
        ("Lemuel Benedict", "Benedict"),
        "not sure who it was named after maybe lemuel benedict",
    ),
    (
        "science",
        "The Hubble telescope honours which astronomer?",
        ("Edwin Hubble", "Hubble"),
        "I don't know the year it launched, but it honours Edwin Hubble.",
    ),
    (
        "sport",
        "The Davis Cup takes its name from which player?",
        ("Dwight Davis", "Davis"),
        "I can't tell you which player exactly, but the Davis Cup honours Dwight Davis.",
    ),
    (
        "music",
        "Who composed the Messiah?",
        ("George Frideric Handel", "Handel"),
        "I'm not sure whether it was Handel.",
    ),
    (
        "sport",
        "Which city hosted the 1924 Games?",
        ("Paris",),
        "I can't say how Paris won the bid.",
    ),
    (
        "geography",
        "Which city hosted the 1920 Games?",
        ("Antwerp",),
        "Not sure, but Antwerp.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), KEY_OUTSIDE, ids=case_id)
def test_the_key_outside_a_declined_question_is_said(register, question, accepted, answer):
    assert grade(question, accepted, answer).verdict == CORRECT


@pytest.mark.parametrize(
    ("words", "form"),
    [
        ("who", "what"),
        ("which", "what"),
        ("whom", "what"),
        ("whose", "whose"),
        ("how much", "how many"),
        ("how  many", "how many"),
        ("how long", "how long"),
        ("how", "how"),
        ("where", "where"),
    ],
    ids=case_id,
)
def test_interrogatives_asked_with(words, form):
    assert asked_with(words) == form


def test_every_interrogative_of_a_question_is_read():
    assert question_asks("Who built it, where, and how many years did it take?") == {
        "what",
        "where",
        "how many",
    }


_QUESTION_PIECES = st.sampled_from(
    [
        *"who whom which what how many much long h w x _ 1 é - ' , ? somehow elsewhere".split(),
        " ",
        "\n",
    ]
)


@given(st.lists(_QUESTION_PIECES, max_size=12).map("".join))
@settings(max_examples=800, deadline=None)
def test_interrogatives_are_found_as_whole_words(question: str):
    """`_ASKING` writes its opening word boundary after each word's first letter (`none_before`,
    so the engine looks for "w" or "h" first): the same words as the boundary first."""
    boundary_first = re.compile(rf"\b(?:{declined_questions._ASKS})\b")
    assert _ASKING.findall(question) == boundary_first.findall(question)


def test_what_the_clause_split_attributed_stays_unasserted():
    """Setting aside asserts nothing the clause split left to a source."""
    sentence = "Source 2 lists the fee as $5, but I don't know which fee applies."
    clause = get_strategy().split(sentence)
    aside = set_aside_declined_questions(clause, part_spans(sentence), "Which fee?")
    assert (clause.asserted, aside.asserted) == (
        ", but I don't know which fee applies.",
        ", .",
    )


def test_a_sentence_asserted_in_pieces_keeps_its_pieces():
    """A clause already cut (here by hand) is set aside within each of its spans."""
    sentence = "I cannot determine which plan it is, sorry."
    clause = Clause(sentence, (Span(0, 24, True), Span(24, len(sentence), True)))
    aside = set_aside_declined_questions(clause, part_spans(sentence), "Which plan?")
    assert aside.asserted == ", sorry."


# Pieces of sentences around the pattern's words and the guard's stems, in several cases.
_PIECES = [
    "I",
    "I'm",
    "we",
    "Sorry,",
    "um",
    "Historians",
    "don't",
    "dont",
    "can't",
    "not",
    "never",
    "really",
    "be able to",
    "know",
    "KNOW",
    "tell you",
    "say",
    "sure",
    "unsure",
    "certain",
    "no idea",
    "no clue",
    "dunno",
    "find out",
    "recall",
    "which",
    "Which",
    "WHO",
    "who else",
    "whether",
    "how many",
    "how",
    "why",
    "physician",
    "Heimlich",
    "maybe",
    ",",
    ";",
    " - ",
    "but",
    "ſure",
]
# Questions asking with no interrogative, "what", "how many" and "where", and "why".
_QUESTIONS = st.sampled_from(
    ["Name the composer.", "Which one?", "How many were built, and where?", "Why?"]
)


@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=10), _QUESTIONS)
@settings(max_examples=800, deadline=None)
def test_set_aside_declined_questions_equals_its_definition(pieces: list[str], question):
    """The guard of `set_aside_declined_questions` (a stem of a verb of knowing and one of an
    interrogative word, looked for in the sentence lower-cased as its pattern reads it) changes
    nothing: on drawn sentences it gives what `declined_questions_set_aside` gives."""
    sentence = " ".join(pieces) + "."
    clause = Clause.whole(sentence)
    spans = part_spans(sentence)
    assert set_aside_declined_questions(clause, spans, question) == declined_questions_set_aside(
        clause, spans, question_asks(question)
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "I don't know, tell, say, recall or remember, sure, certain, determine, identify, confirm,"
        " pinpoint, find out, no idea, no clue, dunno: I can't say which one it was or how."
    ],
    ids=["every stem of the guard"],
)
def test_set_aside_declined_questions_equals_its_definition_at_its_guards_edge(sentence: str):
    lowered = lowered_as_matched(sentence)
    assert all(stem in lowered for stem in (*KNOWING_STEMS, *ASKING_STEMS))
    clause = Clause.whole(sentence)
    spans = part_spans(sentence)
    assert (
        set_aside_declined_questions(clause, spans, "Which one?")
        == declined_questions_set_aside(clause, spans, question_asks("Which one?"))
        != clause
    )
