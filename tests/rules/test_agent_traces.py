"""An agent's trace (grader/rules/sentences.py, `agent_reply`; DESIGN 4.1): the thoughts, tool
calls and observations an agent shows before its reply are set aside as working, and the reply
alone is read (a marked final answer, ReAct's finish, the prose after the last trace line, or
nothing: no reply); and what must never be read so (a label with no tool call in the answer, a
source quoted in prose, a bracket with no call in it, a call inside a line). Cases written for
this project (medicine, sport, law, history, science, cooking).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.reading import read_answer
from grader.rules.sentences import _TOOL_CALL, agent_reply, answer_sentences
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import DECLINES, GRADER, grade

# --- what is set aside, and what is read as the reply ------------------------------------------

READ = [
    # (answer, the working set aside, the reply's sentences)
    # ReAct's labels, then a marked final answer (read as `final_answer` reads it)
    (
        "Thought: I need the element with the highest melting point.\n"
        "Action: search[highest melting point element]\n"
        "Observation: Tungsten melts at 3,422 C; carbon sublimes higher still.\n"
        "Thought: Among metals it is tungsten.\n"
        "Final Answer: tungsten",
        "Thought: I need the element with the highest melting point.\n"
        "Action: search[highest melting point element]\n"
        "Observation: Tungsten melts at 3,422 C; carbon sublimes higher still.\n"
        "Thought: Among metals it is tungsten.",
        ["tungsten"],
    ),
    # an Action named, its input on the next line; the reply in prose after the observation
    (
        "Thought: Which amendment abolished slavery?\n"
        "Action: Search\n"
        "Action Input: amendment abolished slavery United States\n"
        "Observation: The Fourteenth Amendment (1868) grants equal protection.\n"
        "The Thirteenth Amendment abolished slavery in 1865.",
        "Thought: Which amendment abolished slavery?\n"
        "Action: Search\n"
        "Action Input: amendment abolished slavery United States\n"
        "Observation: The Fourteenth Amendment (1868) grants equal protection.",
        ["The Thirteenth Amendment abolished slavery in 1865."],
    ),
    # a bracketed tool call and its result, then the reply
    (
        '[tool: drug_lookup("first-line treatment anaphylaxis")] -> "Antihistamines and steroids'
        ' are adjuncts."\nThe first-line treatment is intramuscular adrenaline.',
        '[tool: drug_lookup("first-line treatment anaphylaxis")] -> "Antihistamines and steroids'
        ' are adjuncts."',
        ["The first-line treatment is intramuscular adrenaline."],
    ),
    # no "tool:", "=>"; a preamble before the first call and prose between two calls: working
    (
        "Let me check the final.\n"
        '[search("1966 World Cup final score")] => "England 4-2 West Germany (a.e.t.)"\n'
        "That is the final.\n"
        '[search("1966 final hat-trick")] => "Geoff Hurst scored three goals."\n'
        "Geoff Hurst scored the hat-trick.",
        "Let me check the final.\n"
        '[search("1966 World Cup final score")] => "England 4-2 West Germany (a.e.t.)"\n'
        "That is the final.\n"
        '[search("1966 final hat-trick")] => "Geoff Hurst scored three goals."',
        ["Geoff Hurst scored the hat-trick."],
    ),
    # a dotted name, an arrow written as one character
    (
        '[tool: recipe.search("carbonara cheese")] \u2192 "Parmigiano is a common substitute"\n'
        "Pecorino Romano.",
        '[tool: recipe.search("carbonara cheese")] \u2192 "Parmigiano is a common substitute"',
        ["Pecorino Romano."],
    ),
    # ReAct's steps numbered, and its own finish action as the reply
    (
        "Thought 1: I need the year of the Battle of Hastings.\n"
        "Action 1: Search[Battle of Hastings]\n"
        "Observation 1: Harold II was killed there; William was crowned that Christmas.\n"
        "Thought 2: It was fought in 1066.\n"
        "Action 2: Finish[1066]",
        "Thought 1: I need the year of the Battle of Hastings.\n"
        "Action 1: Search[Battle of Hastings]\n"
        "Observation 1: Harold II was killed there; William was crowned that Christmas.\n"
        "Thought 2: It was fought in 1066.",
        ["1066"],
    ),
    # a final answer with a paragraph after it (no marked final answer): the reply, its marker
    # aside
    (
        "Action: search[speed of light in vacuum]\n"
        "Observation: It fixes the length of the metre.\n"
        "Final Answer: 299,792,458 metres per second\n\n"
        "The figure has been exact since 1983.",
        "Action: search[speed of light in vacuum]\nObservation: It fixes the length of the metre.",
        ["299,792,458 metres per second", "The figure has been exact since 1983."],
    ),
    # a marker inside the trace: the trace is looked for in what the final answer leaves
    (
        "Thought: The comet was seen in 1986.\n"
        "Answer: 76 years\n"
        "Action: search[Halley's comet period]\n"
        "Observation: Its period varies between 75 and 79 years.\n"
        "It returns about every 76 years.",
        "Thought: The comet was seen in 1986.\n"
        "76 years\n"
        "Action: search[Halley's comet period]\n"
        "Observation: Its period varies between 75 and 79 years.",
        ["It returns about every 76 years."],
    ),
    # markdown's marks read first
    (
        "**Thought:** The question asks for the most common blood type.\n"
        "**Action:** lookup(blood type frequency)\n"
        "**Observation:** AB negative is the rarest.\n\n"
        "O positive is the most common blood type.",
        "Thought: The question asks for the most common blood type.\n"
        "Action: lookup(blood type frequency)\n"
        "Observation: AB negative is the rarest.",
        ["O positive is the most common blood type."],
    ),
]


@pytest.mark.parametrize(("answer", "working", "read"), READ, ids=case_id)
def test_the_trace_is_set_aside_and_the_reply_read(answer, working, read):
    sentences, _invented, set_aside = answer_sentences(answer)
    assert set_aside == working
    assert sentences == read


NO_REPLY = [
    # the trace stops at an Action
    "Thought: Which organ produces insulin?\nAction: search[organ that produces insulin]",
    # a single tool call and its result, nothing after it
    '[tool: case_law("Marbury v. Madison")] -> "Marbury v. Madison, 5 U.S. 137, decided 1803"',
    # the same with an arrow character, no colon and no ">" anywhere
    '[lookup("boiling point of ethanol")] \u2192 "78.37 degrees Celsius at sea level"',
    # an observation that timed out
    "Thought: Who holds the men's marathon world record?\n"
    "Action: search[men's marathon world record]\n"
    "Observation: (timed out)",
    # a thought last: working, not a reply
    "Action: search[Magna Carta sealed]\n"
    "Observation: King John sealed it at Runnymede in June 1215.\n"
    "Thought: So it was sealed in 1215.",
]


@pytest.mark.parametrize("answer", NO_REPLY, ids=case_id)
def test_a_trace_with_no_reply_replies_nothing(answer):
    working, reply = agent_reply(answer)
    assert (working, reply) == (answer, "")
    sentences, _invented, _working = answer_sentences(answer)
    assert sentences == []


NOT_A_TRACE = [
    # a label with no tool call in the answer: words of prose, or a report's headings
    "Observation: the rash faded after two days of antihistamines.\nThe diagnosis was urticaria.",
    "Observation: pulse 110, blood pressure 90/60.\nAction: oxygen given and IV fluids started."
    "\nResponse: blood pressure rose to 110/70.",
    "Action: the referee awarded a penalty.\nResult: Kane scored it.",
    "Thought: the Treaty of Westphalia ended the Thirty Years' War in 1648.",
    # a source quoted in prose
    "According to Wikipedia, the Treaty of Westphalia was signed in 1648.",
    "Source: the 2021 census\nThe population was 67 million.",
    # a bracket with no call in it
    "[Step 1] -> whisk the eggs and sugar.\n[Step 2] -> fold in the flour.\nBake for 25 minutes.",
    "[1] => see the table of doses.\nThe adult dose is 500 mg.",
    # a call inside a line, a call with no marked result, a function call's JSON
    "I searched with search(Everest) -> nothing useful.\nEverest is the highest mountain.",
    'Calling search("first woman Nobel prize")\nMarie Curie won in 1903.',
    '{"name": "search", "arguments": {"q": "offside rule"}}\nA player is offside when ...',
    # a label inside a line
    "My first thought: it was Pasteur.\nAction: none needed, it was Pasteur.",
]


@pytest.mark.parametrize("answer", NOT_A_TRACE, ids=case_id)
def test_never_a_trace(answer):
    assert agent_reply(answer) == ("", answer)
    _sentences, _invented, working = answer_sentences(answer)
    assert working == ""


# --- graded: the reply is what the rules read ---------------------------------------------------

RIGHT_REPLY = [
    (
        "Which vitamin deficiency causes scurvy?",
        ("vitamin C", "ascorbic acid"),
        '[tool: med_search("bleeding gums deficiency")] -> "Beriberi: thiamine (vitamin B1).'
        ' Rickets: vitamin D. Pellagra: niacin."\n'
        "Scurvy is caused by a lack of vitamin C.",
    ),
    (
        "Who won the 2010 FIFA World Cup?",
        ("Spain",),
        "Thought: I should check the 2010 final.\n"
        "Action: search[2010 World Cup final]\n"
        "Observation: The Netherlands were beaten in extra time; Germany finished third.\n"
        "Spain won the 2010 World Cup.",
    ),
    (
        "Which writ requires a detained person to be brought before a court?",
        ("habeas corpus", "writ of habeas corpus"),
        "Action: search[writs of English law]\n"
        "Observation: Writs include mandamus, certiorari, prohibition and quo warranto.\n"
        "Thought: None of those is about detention.\n"
        "Action: search[writ unlawful detention]\n"
        "Observation: (no results)\n"
        "It is the writ of habeas corpus.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), RIGHT_REPLY, ids=case_id)
def test_a_right_reply_after_observations_naming_others(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


WRONG_REPLY = [
    (
        "In which year did the Berlin Wall fall?",
        ("1989",),
        '[tool: search("Berlin Wall fall")] -> "The Wall was opened on 9 November 1989."\n'
        "The Berlin Wall came down in 1990.",
    ),
    (
        "Which planet has the most confirmed moons?",
        ("Saturn",),
        "Thought: Moon counts change often.\n"
        "Action: search[planet with most moons]\n"
        "Observation: Saturn has 146 confirmed moons.\n"
        "Thought: Jupiter is the largest planet.\n"
        "Jupiter has the most moons.",
    ),
    (
        "Which cheese is traditionally used in a Greek salad?",
        ("feta",),
        '[tool: recipe_lookup("horiatiki")] -> "Tomato, cucumber, onion, olives and a slab of'
        ' feta."\n'
        '[tool: recipe_lookup("halloumi salad")] -> "Grilled halloumi over leaves."\n'
        "A Greek salad is topped with halloumi.",
    ),
    (
        "Which bone is the longest in the human body?",
        ("femur", "thigh bone"),
        "Action 1: Search[longest bone human body]\n"
        "Observation 1: The femur is the longest and strongest bone.\n"
        "Action 2: Finish[tibia]",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), WRONG_REPLY, ids=case_id)
def test_a_wrong_reply_though_an_observation_holds_the_key(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, graded.labels


NO_REPLY_GRADED = [
    (
        "Which organ produces insulin?",
        ("pancreas", "the pancreas"),
        "Thought: I should look this up.\n"
        "Action: search[organ that produces insulin]\n"
        "Observation: Insulin is made by the beta cells of the pancreas.",
    ),
    (
        "Who holds the men's marathon world record?",
        ("Kelvin Kiptum", "Kiptum"),
        '[tool: search("men\'s marathon world record")] -> "Kelvin Kiptum ran 2:00:35 in'
        ' Chicago in 2023."',
    ),
    (
        "In which year was Magna Carta sealed?",
        ("1215",),
        "Action: search[Magna Carta sealed]\n"
        "Observation: King John sealed it at Runnymede in June 1215.\n"
        "Thought: So it was sealed in 1215.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NO_REPLY_GRADED, ids=case_id)
def test_a_trace_with_no_reply_is_graded_as_an_empty_answer(question, accepted, answer):
    graded, empty = grade(question, accepted, answer), grade(question, accepted, "")
    assert (graded.verdict, graded.labels) == (empty.verdict, empty.labels)
    assert graded.verdict == WRONG
    assert not graded.declined


def test_a_trace_with_no_reply_declines_nothing():
    trace = 'Action: search[1954 Tour de France winner]\nObservation: "No results found."'
    graded = GRADER.grade(make_answer(trace, kind="unanswerable", question="Who won?"))
    empty = GRADER.grade(make_answer("", kind="unanswerable", question="Who won?"))
    assert not graded.declined
    assert (graded.verdict, graded.labels) == (empty.verdict, empty.labels)


@pytest.mark.parametrize(
    "answer",
    [
        "Thought: I need the 1954 winner.\n"
        "Action: search[1954 Tour de France winner]\n"
        "Observation: Louison Bobet won in 1953, 1954 and 1955.\n"
        "Final Answer: I don't know.",
        '[tool: search("1954 Tour de France winner")] -> "Louison Bobet won in 1954."\n'
        "I'm sorry, I could not find who won.",
    ],
    ids=case_id,
)
def test_a_reply_that_declines_declines(answer):
    graded = grade("Who won the 1954 Tour de France?", ("Louison Bobet",), answer)
    assert graded.declined
    assert graded.verdict == WRONG  # declining an answerable question (rule 2)


@pytest.mark.parametrize(
    ("question", "accepted", "answer"),
    [
        (
            "Which vitamin deficiency causes scurvy?",
            ("vitamin C", "ascorbic acid"),
            "Observation: bleeding gums and poor wound healing.\n"
            "Diagnosis: scurvy, a lack of vitamin C.",
        ),
        (
            "What is the capital of Australia?",
            ("Canberra",),
            "According to Wikipedia, Canberra is the capital of Australia.",
        ),
    ],
    ids=case_id,
)
def test_prose_with_a_label_or_a_source_is_read_as_it_stands(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


def test_the_reply_s_citations_cite_and_the_trace_s_still_cite():
    reading = read_answer(
        '[tool: search("late fee lease")] -> "A late fee of $75.00 applies [2]."\n'
        "The late fee is $75.00 [1].",
        get_strategy(),
        DECLINES,
    )
    assert reading.cited == (2, 1)  # (the working's first)
    assert [amount.value for amount in reading.amounts] == [75]


# --- the shortcut ---------------------------------------------------------------------------

TRACE_PIECES = st.sampled_from(
    [
        "Action",
        "Action Input",
        "Observation",
        ": ",
        "search[x]",
        "lookup(y)",
        "[tool: f(x)]",
        "[g(1)]",
        " -> ",
        "=>",
        "\u2192",
        '"r"',
        "\n",
        " ",
        "Pasteur.",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(TRACE_PIECES, max_size=10).map("".join))
def test_a_trace_is_looked_for_only_where_a_colon_or_an_arrow_is_written(text):
    """`agent_reply` reads a text with no colon, ">" or arrow as holding no trace (its
    shortcut): every tool call holds an Action's colon or a call's arrow, so the pattern finds
    none there either."""
    if ":" not in text and ">" not in text and "\u2192" not in text:
        assert _TOOL_CALL.search("\n" + text) is None
        assert agent_reply(text) == ("", text)
    else:
        agent_reply(text)  # (and reads any text)
