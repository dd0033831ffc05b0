"""An answer given as a structured object (grader/rules/sentences.py, `structured_answer`; DESIGN
4.1): a JSON object whose one answer field is read as the answer and whose other fields are set
aside as its working; and what must never be read so (an object inside prose, malformed JSON, no
answer field or two, a value that is no answer's text, an array at the top, "answer: X" lines).
Cases written for this project (medicine, sport, law, history, science, cooking, geography,
music, money).
"""

from __future__ import annotations

import json

import pytest

from grader.rules.clauses import get_strategy
from grader.rules.reading import read_answer
from grader.rules.sentences import answer_sentences, structured_answer
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import DECLINES, GRADER, grade

# --- what is read as the answer, and what is set aside ----------------------------------------

READ = [
    # (answer, the answer's sentences, the working set aside)
    (
        '{"answer": "vitamin D", "confidence": 0.9, "alternatives": ["calcium", "phosphate"]}',
        ["vitamin D"],
        "confidence: 0.9\nalternatives: calcium, phosphate",
    ),
    (
        '{"final_answer": "13th Amendment", "explanation": "The 14th grants equal protection."}',
        ["13th Amendment"],
        "explanation: The 14th grants equal protection.",
    ),
    # the names of the answer field, in any case, "_", "-" or a space aside
    ('{"finalAnswer": "Brazil", "confidence": 0.8}', ["Brazil"], "confidence: 0.8"),
    ('{"Final Answer": "Brazil"}', ["Brazil"], ""),
    (
        '{"response": "Ag", "reasoning": "From the Latin argentum."}',
        ["Ag"],
        "reasoning: From the Latin argentum.",
    ),
    ('{"result": "mascarpone"}', ["mascarpone"], ""),
    # a number, as it is written
    ('{"answer": 1066, "confidence": 0.99}', ["1066"], "confidence: 0.99"),
    ('{"answer": 37.50, "unit": "degrees Celsius"}', ["37.50"], "unit: degrees Celsius"),
    ('{"answer": 3e8, "unit": "m/s"}', ["3e8"], "unit: m/s"),
    # a list of strings: the answer lists them
    (
        '{"answer": ["Haiti", "Dominican Republic"], "confidence": 0.95}',
        ["- Haiti", "- Dominican Republic"],
        "confidence: 0.95",
    ),
    # in a fence, white space around it
    (
        '```json\n{"answer": "mascarpone", "course": "dessert"}\n```',
        ["mascarpone"],
        "course: dessert",
    ),
    ('\n  ```JSON\n{"answer": "Au"}\n```\n', ["Au"], ""),
    ('```\n{"answer": "Au"}\n```', ["Au"], ""),
    ('  {"answer": "Au"}\n', ["Au"], ""),
    # the value is read as any answer is: its sentences, its markdown
    (
        '{"answer": "**Lisbon.** It was rebuilt after 1755.", "confidence": 0.7}',
        ["Lisbon.", "It was rebuilt after 1755."],
        "confidence: 0.7",
    ),
    # other fields of any kind are working
    (
        '{"answer": "Verdi", "work": {"title": "Aida", "year": 1871}, "sure": true, "note": null}',
        ["Verdi"],
        "work: {title: Aida, year: 1871}\nsure: true\nnote: null",
    ),
]


@pytest.mark.parametrize(("answer", "read", "working"), READ, ids=case_id)
def test_the_answer_field_is_read_and_the_other_fields_set_aside(answer, read, working):
    sentences, _invented, set_aside = answer_sentences(answer)
    assert sentences == read
    assert set_aside == working


NO_ANSWER = [
    '{"answer": null, "reason": "the passages do not name the winner"}',
    '{"answer": "", "confidence": 0.0}',
    '{"answer": "   "}',
    '{"answer": [], "reasoning": "none of the listed drugs is licensed for children"}',
]


@pytest.mark.parametrize("answer", NO_ANSWER, ids=case_id)
def test_an_empty_answer_field_leaves_the_object_read_as_text(answer):
    assert structured_answer(answer) is None
    sentences, _invented, working = answer_sentences(answer)
    assert sentences and working == ""


READ_AS_TEXT = [
    # an object inside prose, or beside another: only a whole answer is an object
    'Here is the answer: {"answer": "Brazil", "confidence": 0.9}',
    '{"answer": "Brazil", "confidence": 0.9}\nBrazil has won five titles.',
    '{"answer": "Brazil"} {"answer": "Germany"}',
    # malformed JSON
    '{"answer": "Brazil", "confidence": 0.9',
    "{'answer': 'Brazil'}",
    '{"answer": "Brazil",}',
    '{answer: "Brazil"}',
    # a field named twice: which value was meant is not said
    '{"answer": "Brazil", "answer": "Germany"}',
    # no answer field (other names are not asked for), or two
    '{"city": "Lyon", "country": "France", "confidence": 0.7}',
    '{"answers": ["Haiti", "Dominican Republic"]}',
    '{"short_answer": "vitamin D", "detail": "sunlight helps"}',
    '{"answer": "vitamin D", "final_answer": "vitamin C"}',
    '{"response": "Au", "result": "Ag"}',
    # an answer field whose value is no answer's text
    '{"answer": {"name": "Brazil", "titles": 5}}',
    '{"answer": true, "reason": "the statute was repealed in 1998"}',
    '{"answer": ["Brazil", 5]}',
    # an array or a string at the top
    '["Haiti", "Dominican Republic"]',
    '"Brazil"',
    # "answer: X" lines of text (the label and the marked final answer read them)
    "answer: Brazil\nconfidence: 0.9",
    # a fence of another language, a fence not closed
    '```python\n{"answer": "Brazil"}\n```',
    '```json\n{"answer": "Brazil"}',
]


@pytest.mark.parametrize("answer", READ_AS_TEXT, ids=case_id)
def test_never_a_structured_answer(answer):
    assert structured_answer(answer) is None


def test_an_object_inside_prose_is_read_whole():
    sentences, _invented, working = answer_sentences(
        'Here is the answer: {"answer": "Brazil", "alternatives": ["Germany"]}'
    )
    assert sentences == ['Here is the answer: {"answer": "Brazil", "alternatives": ["Germany"]}']
    assert working == ""


def test_the_working_s_citations_still_cite():
    reading = read_answer(
        '{"answer": "$1,500.00 [2]", "reasoning": "Rent is $1,450.00 [1] and parking $50.00.",'
        ' "sources": [1, 3]}',
        get_strategy(),
        DECLINES,
    )
    assert reading.cited == (1, 3, 2)
    assert [amount.value for amount in reading.amounts] == [1500]


# --- graded: the answer field is what the rules read -----------------------------------------

RIGHT = [
    (
        "Which vitamin deficiency causes rickets?",
        ("vitamin D",),
        '{"answer": "vitamin D", "confidence": 0.9, "alternatives": ["calcium", "phosphate"]}',
    ),
    (
        "Which amendment to the US Constitution abolished slavery?",
        ("Thirteenth Amendment", "13th Amendment"),
        '{"final_answer": "13th Amendment", "explanation": "The Fourteenth guarantees equal'
        ' protection; the Fifteenth the vote."}',
    ),
    (
        "In which year was the Battle of Hastings fought?",
        ("1066",),
        '```json\n{"answer": 1066, "confidence": 0.99, "alternatives": [1067]}\n```',
    ),
    (
        "Which soft cheese is layered in a tiramisu?",
        ("mascarpone",),
        '{"response": "mascarpone", "reasoning": "Ricotta is used in cannoli, not tiramisu."}',
    ),
    (
        "Which country has won the most men's FIFA World Cups?",
        ("Brazil",),
        '{"answer": "Brazil", "confidence": 0.97, "alternatives": ["Germany", "Italy"]}',
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), RIGHT, ids=case_id)
def test_the_key_in_the_answer_field_is_correct(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


WRONG_ANSWER_FIELD = [
    (
        "Which vitamin deficiency causes rickets?",
        ("vitamin D",),
        '{"answer": "vitamin C", "confidence": 0.55, "alternatives": ["vitamin D"]}',
    ),
    (
        "Which country has won the most men's FIFA World Cups?",
        ("Brazil",),
        '{"answer": "Germany", "reasoning": "Brazil has five titles, but Germany has reached more'
        ' finals."}',
    ),
    (
        "Which amendment to the US Constitution abolished slavery?",
        ("Thirteenth Amendment", "13th Amendment"),
        '{"result": "Fourteenth Amendment", "explanation": "Not the Thirteenth, which only'
        ' ended the trade."}',
    ),
    (
        "What is the chemical symbol for gold?",
        ("Au",),
        '{"response": "Ag", "reasoning": "Au is often confused with it.", "confidence": 0.4}',
    ),
    (
        "In which year was the Battle of Hastings fought?",
        ("1066",),
        '{"answer": 1067, "alternatives": [1066]}',
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), WRONG_ANSWER_FIELD, ids=case_id)
def test_the_key_only_in_the_other_fields_is_not_the_answer(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, graded.labels


def test_an_answer_field_that_declines_declines():
    graded = grade(
        "Who won the 1954 Tour de France?",
        ("Louison Bobet",),
        '{"answer": "I don\'t know.", "confidence": 0.1, "alternatives": ["Louison Bobet"]}',
    )
    assert graded.declined
    assert graded.verdict == WRONG  # declining an answerable question (rule 2)


@pytest.mark.parametrize(
    "answer",
    [
        '{"answer": null, "reason": "I could not find this in the provided documents."}',
        '{"answer": "", "explanation": "The filing does not disclose that figure."}',
    ],
    ids=case_id,
)
def test_an_empty_answer_field_beside_a_reason_that_declines_declines(answer):
    graded = GRADER.grade(make_answer(answer, kind="unanswerable", question="Who won?"))
    assert graded.declined, graded.labels


def test_a_list_in_the_answer_field_grades_as_the_bulleted_list():
    question = "Which two countries share the island of Hispaniola?"
    accepted = ("Haiti and the Dominican Republic", "the Dominican Republic and Haiti")
    for items in (("Haiti", "Dominican Republic"), ("Haiti", "Cuba")):
        as_json = json.dumps({"answer": list(items)})
        as_list = "\n".join(f"- {item}" for item in items)
        graded, listed = grade(question, accepted, as_json), grade(question, accepted, as_list)
        assert (graded.verdict, graded.labels) == (listed.verdict, listed.labels)


# --- money: the answer field's amount is the one the money rules read ----------------------

TOTAL = "What is the total due this month?"


def test_an_amount_in_the_answer_field_is_the_answer():
    graded = GRADER.grade(
        make_answer(
            '{"answer": "$1,500.00 [1]", "reasoning": "Rent is $1,450.00 [1], parking $50.00."}',
            key="$1,500.00",
            question=TOTAL,
        )
    )
    assert graded.verdict == CORRECT, graded.labels
    assert not graded.money.violation


def test_a_wrong_amount_is_a_violation_though_the_reasoning_holds_the_key():
    graded = GRADER.grade(
        make_answer(
            '{"answer": "$1,450.00 [1]", "reasoning": "Rent plus parking is $1,500.00 [1]."}',
            key="$1,500.00",
            question=TOTAL,
        )
    )
    assert graded.verdict == WRONG
    assert graded.money.violation
