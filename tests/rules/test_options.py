"""The other option chosen (K008, DESIGN 4.6, grader/rules/options.py): a question that names
two options, answered by a first clause that gives the asked thing to the option that is not the
key, the key named only after it (compared to it, denied it), is wrong; what must never read so
(the key named first, the other option denied the predicate or given another, both, a
correction, a hedge before the option, a question with no options or with three). Cases written
for this project (geography, medicine, sport, law, history, science, cooking, nature).
"""

from __future__ import annotations

import pytest

from grader.rules.options import options_of, other_option
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

CHOSEN = [
    # geography: the key compared to the option chosen ("than")
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile", "the Nile"),
        "The Amazon is longer than the Nile.",
        "the Amazon",
    ),
    # medicine: the key denied the predicate in a later clause ("only")
    (
        "Which is caused by a virus: measles or tetanus?",
        ("measles",),
        "Tetanus is caused by a virus; measles only follows a bacterial infection.",
        "tetanus",
    ),
    # sport: the key compared, after a comma
    (
        "Who won more Grand Slam singles titles, Federer or Sampras?",
        ("Federer", "Roger Federer"),
        "Sampras won more Grand Slam singles titles, finishing ahead of Federer.",
        "Sampras",
    ),
    # law: the key given another predicate after a semicolon
    (
        "Which court sits above the other, the Crown Court or the Court of Appeal?",
        ("Court of Appeal", "the Court of Appeal"),
        "The Crown Court sits above; the Court of Appeal hears trials.",
        "the Crown Court",
    ),
    # history: the key in a clause that denies
    (
        "Who was crowned first, Elizabeth I or Mary I?",
        ("Mary I", "Mary Tudor"),
        "Elizabeth I was crowned first; Mary I never outlived her.",
        "Elizabeth I",
    ),
    # science: "lacks" for the key
    (
        "Which has a nucleus: a bacterium or a yeast cell?",
        ("a yeast cell", "yeast cell", "yeast"),
        "A bacterium has a nucleus, while a yeast cell lacks one.",
        "a bacterium",
    ),
    # cooking: the options without "the"
    (
        "Which is leavened, naan or matzo?",
        ("naan",),
        "Matzo is leavened; naan is not.",
        "matzo",
    ),
    # geography: "no" as a determiner and "wait" as a verb take nothing back
    # (`grader.rules.taken_back.retracts`)
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile", "the Nile"),
        "The Amazon is longer; no other river comes close to the Nile.",
        "the Amazon",
    ),
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile", "the Nile"),
        "The Amazon is longer, wait for it, than the Nile.",
        "the Amazon",
    ),
    # chat, typed without apostrophes: "whats" (a stem of "what") is no word of the predicate
    (
        "who knows whats longer, the nile or the amazon?",
        ("Nile", "the Nile"),
        "the amazon is longer; whats more the nile is shorter",
        "the amazon",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "chosen"), CHOSEN, ids=case_id)
def test_the_other_option_chosen_is_wrong(question, accepted, answer, chosen):
    """'The Amazon is longer than the Nile.' was correct for the Nile: the key, compared to the
    option the answer chose, was read as the key said."""
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, graded.labels
    assert graded.labels[0].startswith(f'restated with another answer: "{chosen}"')


NOT_CHOSEN = [
    # geography: the key named first
    ("Which is longer, the Nile or the Amazon?", ("Nile",), "The Nile is longer than the Amazon."),
    # geography: the other option given another predicate ("shorter")
    ("Which is longer, the Nile or the Amazon?", ("Nile",), "The Amazon is shorter than the Nile."),
    # medicine: the other option denied the predicate
    (
        "Which is caused by a virus: measles or tetanus?",
        ("measles",),
        "Tetanus is not caused by a virus; measles is.",
    ),
    # sport: a hedge opens the first clause
    (
        "Who won more Grand Slam singles titles, Federer or Sampras?",
        ("Federer", "Roger Federer"),
        "I think Sampras won more Grand Slam singles titles, then Federer passed him.",
    ),
    # law: a correction takes the first clause back
    (
        "Which court sits above the other, the Crown Court or the Court of Appeal?",
        ("Court of Appeal",),
        "The Crown Court sits above. No, the Court of Appeal sits above it.",
    ),
    # law, geography, cooking: a retraction as `grader.rules.taken_back.retracts` reads one
    (
        "Which court sits above the other, the Crown Court or the Court of Appeal?",
        ("Court of Appeal",),
        "The Crown Court sits above. In fact, the Court of Appeal does.",
    ),
    (
        "Which court sits above the other, the Crown Court or the Court of Appeal?",
        ("Court of Appeal",),
        "The Crown Court sits above; or rather, the Court of Appeal does.",
    ),
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile",),
        "The Amazon is longer. No. The Nile is.",
    ),
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile",),
        "The Amazon is longer. Nope, the Nile is.",
    ),
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile",),
        "The Amazon is longer, but actually the Nile is.",
    ),
    (
        "Which is longer, the Nile or the Amazon?",
        ("Nile",),
        "The Amazon is longer. On second thought, the Nile is.",
    ),
    ("Which is leavened, naan or matzo?", ("naan",), "Matzo is leavened; nope the naan is."),
    ("Which is leavened, naan or matzo?", ("naan",), "Matzo is leavened, oops it is naan."),
    # history: the key given the predicate too
    (
        "Who reigned longer, Victoria or George III?",
        ("Victoria", "Queen Victoria"),
        "George III reigned for sixty years, and Victoria reigned longer still.",
    ),
    # science: both named as the answer
    (
        "Which has a nucleus: a bacterium or a yeast cell?",
        ("a yeast cell", "yeast cell", "yeast"),
        "Both have one: a bacterium and a yeast cell.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_CHOSEN, ids=case_id)
def test_never_the_other_option_chosen(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert not any(label.startswith("restated with another answer") for label in graded.labels)
    assert graded.verdict == CORRECT, graded.labels


@pytest.mark.parametrize(
    "question",
    [
        "Which seals have external ear flaps?",  # no options
        "Which is heaviest, gold, lead or iron?",  # three options, the first after a comma
        "Is tetanus or measles caused by a virus?",  # no asking word before them
        "Which of these is longer?",  # no "or"
    ],
    ids=case_id,
)
def test_no_options(question):
    assert options_of(question) is None


def test_the_options_and_the_predicate():
    found = options_of("Which is longer, the Nile or the Amazon?")
    assert found == (frozenset({"long"}), "the Nile", "the Amazon")


def test_a_question_with_no_options_leaves_the_answer_to_other_rules():
    question = "Which river is longer than the Amazon?"
    sentences = ("The Amazon is longer than the Nile.",)
    assert other_option(("Nile",), question, sentences) == ""


def test_the_key_named_first_is_correct():
    graded = grade(
        "Which is leavened, naan or matzo?", ("naan",), "Naan is leavened; matzo is not."
    )
    assert graded.verdict == CORRECT, graded.labels
