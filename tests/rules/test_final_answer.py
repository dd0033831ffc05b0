"""A marked final answer (grader/rules/sentences.py, `final_answer`; DESIGN 4.1): a reasoning
model's working set aside before the final answer it marks on a line of its own, so that every
rule reads the final answer alone; and what must never be read so (a conclusion inside a
sentence, a marker inside a line, the prompt's label alone, a marker with a paragraph after it,
an answer in parts, an invented source block, a final answer that points back, other labels).
Cases written for this project (sport, medicine, law, cooking, history, science, music,
geography, money).
"""

from __future__ import annotations

import pytest

from grader.rules.clauses import get_strategy
from grader.rules.reading import read_answer
from grader.rules.sentences import answer_sentences
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import DECLINES, GRADER, grade

# --- what is set aside, and what is read ------------------------------------------------------

SET_ASIDE = [
    # (answer, the working set aside, the final answer's sentences)
    (
        "Let me think. Argentina reached the final in Montevideo, and the hosts beat them 4-2."
        "\n\nFinal answer: Uruguay",
        "Let me think. Argentina reached the final in Montevideo, and the hosts beat them 4-2.",
        ["Uruguay"],
    ),
    (
        "Reasoning: mandamus orders an official to act.\n**Final answer:** habeas corpus",
        "Reasoning: mandamus orders an official to act.",
        ["habeas corpus"],
    ),
    (
        "Halloumi is Cypriot and grilled; kefalotyri is grated.\nThe final answer is feta.",
        "Halloumi is Cypriot and grilled; kefalotyri is grated.",
        ["feta."],
    ),
    (
        "Corelli and Albinoni were his contemporaries.\n\n## Final answer\n\nAntonio Vivaldi",
        "Corelli and Albinoni were his contemporaries.",
        ["Antonio Vivaldi"],
    ),
    (
        "Sydney is the largest city.\nMy final answer: Canberra",
        "Sydney is the largest city.",
        ["Canberra"],
    ),
    (
        "Thinking: scurvy is vitamin C, but thiamine fits the fatigue.\nAnswer: vitamin B1",
        "Thinking: scurvy is vitamin C, but thiamine fits the fatigue.",
        ["vitamin B1"],
    ),
    (
        "Water boils at 100 C at sea level.\nFinal answer - 100 degrees Celsius",
        "Water boils at 100 C at sea level.",
        ["100 degrees Celsius"],
    ),
    (
        "A soft-boiled egg needs about six minutes; a hard one longer.\n"
        "Final answer \u2014 6 minutes",
        "A soft-boiled egg needs about six minutes; a hard one longer.",
        ["6 minutes"],
    ),
    # the final answer runs to the end of its paragraph
    (
        "Marie Curie won in 1903 and again in 1911.\nFinal answer: 1911\nHer second prize.",
        "Marie Curie won in 1903 and again in 1911.",
        ["1911", "Her second prize."],
    ),
    # an opening label is the prompt's: the working starts after it
    (
        "Answer: Let me see. The Hundred Years' War began in 1337.\nFinal answer: 1453",
        "Let me see. The Hundred Years' War began in 1337.",
        ["1453"],
    ),
]


@pytest.mark.parametrize(("answer", "working", "read"), SET_ASIDE, ids=case_id)
def test_the_working_is_set_aside_and_the_final_answer_read(answer, working, read):
    sentences, _invented, set_aside = answer_sentences(answer)
    assert set_aside == working
    assert sentences == read


def test_an_invented_source_block_after_the_final_answer_is_cut_off():
    sentences, invented, working = answer_sentences(
        "Rome was the capital of the Empire.\nAnswer: Rome\nQuestion: What is the capital of Spain?"
    )
    assert (sentences, working) == (["Rome"], "Rome was the capital of the Empire.")
    assert invented.startswith("Question:")


READ_WHOLE = [
    # "the answer is" inside a sentence: a conclusion of the working, read as it stands
    "Sydney is the largest city, but parliament sits in Canberra, so the answer is Canberra.",
    # a marker inside a line
    "Sydney is the largest city. Answer: Canberra",
    "The dose is 500 mg twice daily; final answer: 500 mg",
    # the prompt's label with nothing before it: the whole answer
    "Answer: Canberra",
    "Question: What is the capital of Australia?\nAnswer: Canberra",
    # a marker followed by another paragraph: an answer, then its explanation
    "Sydney is the largest city.\nAnswer: Canberra\n\nIt was chosen in 1908 as a compromise.",
    # two markers: an answer in parts
    "First, the capital:\nAnswer: Canberra\nThen the largest city:\nAnswer: Sydney",
    # a marker inside an invented source block: the model ran on past its answer
    "Canberra\nQuestion: What is the capital of New Zealand?\nAnswer: Wellington",
    # a final answer that points back to the working
    "The dose is 500 mg twice daily with meals.\nFinal answer: see above",
    "The penalty is a fine of up to 500 euros.\nAnswer: as explained",
    "The oven should be at 180 C for 40 minutes.\nFinal answer: the times given above.",
    # no working before the marker: marks are no words
    "...\nFinal answer: Canberra",
    # nothing after the marker
    "Sydney is the largest city.\nFinal answer:",
    # other labels
    "Sydney is the largest city.\nAnswers: Canberra",
    "Sydney is the largest city.\nThe answer: Canberra",
    "Sydney is the largest city.\nShort answer: Canberra",
    "The two were Sydney and Canberra.\nFinal answers: Canberra and Sydney",
]


@pytest.mark.parametrize("answer", READ_WHOLE, ids=case_id)
def test_never_a_marked_final_answer(answer):
    _sentences, _invented, working = answer_sentences(answer)
    assert working == ""


def test_the_working_s_citations_still_cite():
    reading = read_answer(
        "The lease lists rent of $1,450.00 [1] and parking of $50.00 [2].\nAnswer: $1,500.00 [1]",
        get_strategy(),
        DECLINES,
    )
    assert reading.cited == (1, 2)
    assert [amount.value for amount in reading.amounts] == [1500]


# --- graded: the final answer is what the rules read ------------------------------------------

RIGHT_FINAL = [
    (
        "Which country won the first FIFA World Cup in 1930?",
        ("Uruguay",),
        "Let me think. Argentina reached the final in Montevideo, and the hosts beat them 4-2."
        "\n\n**Final answer: Uruguay**",
    ),
    (
        "Which writ requires a detained person to be brought before a court?",
        ("habeas corpus", "writ of habeas corpus"),
        "Reasoning: mandamus orders an official to act, and certiorari calls up a lower court's"
        " record.\n**Final answer:** habeas corpus",
    ),
    (
        "Which cheese is traditionally used in a Greek salad?",
        ("feta",),
        "Halloumi is Cypriot and grilled; kefalotyri is grated over pasta.\n"
        "The final answer is feta.",
    ),
    (
        "Who composed The Four Seasons?",
        ("Antonio Vivaldi", "Vivaldi"),
        "Corelli and Albinoni were his contemporaries in Rome and Venice.\n\n## Final answer\n\n"
        "Antonio Vivaldi",
    ),
    (
        "What is the capital of Australia?",
        ("Canberra",),
        "Sydney is the largest city and Melbourne held parliament until 1927.\n"
        "My final answer: Canberra",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), RIGHT_FINAL, ids=case_id)
def test_a_right_final_answer_after_working_that_names_others(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


WRONG_FINAL = [
    (
        "Which vitamin deficiency causes scurvy?",
        ("vitamin C", "ascorbic acid"),
        "Thinking: scurvy is classically a lack of vitamin C, but sailors also lacked fresh meat,"
        " and thiamine fits the fatigue.\nAnswer: vitamin B1",
    ),
    (
        "In which year did the Berlin Wall fall?",
        ("1989",),
        "Let me work through this. The Wall was opened on 9 November 1989, but Germany reunified"
        " in 1990, and that is when it was really gone.\nFinal answer: 1990",
    ),
    (
        "Which planet has the most moons confirmed?",
        ("Saturn",),
        "Saturn passed Jupiter in 2023 with 146 confirmed moons, though Jupiter keeps adding some."
        "\n\n**Final answer:** Jupiter",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), WRONG_FINAL, ids=case_id)
def test_a_wrong_final_answer_after_working_that_names_the_key(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, graded.labels


def test_a_final_answer_that_declines_declines():
    graded = grade(
        "What is the half-life of carbon-14?",
        ("5,730 years", "5730 years"),
        "Thinking: I recall about 5,730 years, but I may be mixing it up with another isotope."
        "\nFinal answer: I don't know.",
    )
    assert graded.declined
    assert graded.verdict == WRONG  # declining an answerable question (rule 2)


def test_a_final_answer_that_answers_after_working_that_doubts_does_not_decline():
    graded = grade(
        "What is the half-life of carbon-14?",
        ("5,730 years", "5730 years"),
        "I'm not sure at first: uranium's is far longer.\nFinal answer: 5,730 years",
    )
    assert not graded.declined
    assert graded.verdict == CORRECT, graded.labels


# --- money: the final amount is the one the money rules read --------------------------------

TOTAL = "What is the total due this month?"


def test_a_final_amount_after_its_working_is_the_answer():
    graded = GRADER.grade(
        make_answer(
            "Rent is $1,450.00 [1] and parking is $50.00 [1].\nAnswer: $1,500.00 [1]",
            key="$1,500.00",
            question=TOTAL,
        )
    )
    assert graded.verdict == CORRECT, graded.labels
    assert not graded.money.violation


def test_a_wrong_final_amount_is_a_violation_though_the_working_holds_the_key():
    graded = GRADER.grade(
        make_answer(
            "Rent plus parking comes to $1,500.00 [1].\nFinal answer: $1,450.00 [1]",
            key="$1,500.00",
            question=TOTAL,
        )
    )
    assert graded.verdict == WRONG
    assert graded.money.violation
