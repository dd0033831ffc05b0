"""An answer written as a dialogue (`grader.rules.dialogues`, DESIGN 4.1, v4): the asker's and
the helpers' turns set aside as working, the answerer's turns read; an answer sheet's labels set
aside; and what must never be read so (one speaker, fields, turns with no asker, a dialogue
quoted in prose, a name inside a line). Cases written for this project (a quiz show, a pub
quiz, an interview, a chat, a question sheet, a radio phone-in; history, science, sport,
cooking, music, geography).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.dialogues import dialogue_turns, dialogue_turns_by_definition
from grader.rules.reading import read_answer
from grader.rules.verdict import CORRECT, WRONG
from tests.rules.shipped import DECLINES, grade

# --- what is set aside, and what is read ----------------------------------------------------------

READ = {
    "a quiz show, the host judging and naming the right answer": (
        "HOST: Which river flows through Vienna?\nCONTESTANT: The Rhine.\nHOST: No, the Danube.",
        "HOST: Which river flows through Vienna?\nHOST: No, the Danube.",
        "The Rhine.",
    ),
    "an interview in Title case, the answerer speaking twice": (
        "Interviewer: When did you first climb Everest?\nDr Reyes: In 1998.\nInterviewer: "
        "With oxygen?\nDr Reyes: Without.",
        "Interviewer: When did you first climb Everest?\nInterviewer: With oxygen?",
        "In 1998.\n\nWithout.",
    ),
    "a pub quiz, the team conferring is a helper, the captain answers": (
        "QUIZ MASTER: Which composer wrote The Planets?\nTEAM (whispering): 'Elgar?' "
        "'Holst, surely.'\nCAPTAIN: Elgar.\nQUIZ MASTER: It was Holst.",
        "QUIZ MASTER: Which composer wrote The Planets?\nTEAM (whispering): 'Elgar?' "
        "'Holst, surely.'\nQUIZ MASTER: It was Holst.",
        "Elgar.",
    ),
    "a phone-in, a named friend is a helper": (
        "PRESENTER: You've rung Priya. Priya, what is the chemical symbol for tin?\nPRIYA: "
        "It's Sn.\nCALLER: Priya says Sn, so Sn.\nPRESENTER: Correct!",
        "PRESENTER: You've rung Priya. Priya, what is the chemical symbol for tin?\nPRIYA: "
        "It's Sn.\nPRESENTER: Correct!",
        "Priya says Sn, so Sn.",
    ),
    "a question sheet, Q and A": (
        "Q: What is the capital of Mongolia?\nA: Ulaanbaatar",
        "Q: What is the capital of Mongolia?",
        "Ulaanbaatar",
    ),
    "a chat, an introducing line set aside, a turn going on under its label": (
        "Transcript:\nUser: who wrote Middlemarch?\nAssistant: George Eliot,\nthe pen name of "
        "Mary Ann Evans.",
        "Transcript:\nUser: who wrote Middlemarch?",
        "George Eliot,\nthe pen name of Mary Ann Evans.",
    ),
    "no asker named: the first speaker asks and judges": (
        "ANNA: Which planet has the most moons?\nBEN: Jupiter.\nANNA: Saturn, actually.",
        "ANNA: Which planet has the most moons?\nANNA: Saturn, actually.",
        "Jupiter.",
    ),
    "the answerer says nothing: no answer": (
        "HOST: Who painted The Hay Wain?\nCONTESTANT: ...\nHOST: Time's up, it was Constable.",
        "HOST: Who painted The Hay Wain?\nHOST: Time's up, it was Constable.",
        "",
    ),
    "a commitment after weighing: the weighing set aside": (
        "HOST: How many strings has a standard violin?\nCONTESTANT: Four... or five? I'll say "
        "five.\nHOST: It's four.",
        "HOST: How many strings has a standard violin?\nHOST: It's four.\nFour... or five?",
        "I'll say five.",
    ),
    "a commitment in a later turn: the earlier turns weighed": (
        "Quizmaster: Capital of Australia?\nCaptain: Sydney?\nQuizmaster: Final answer?\n"
        "Captain: Hmm. Let's go with Canberra.",
        "Quizmaster: Capital of Australia?\nQuizmaster: Final answer?\nSydney?\n\nHmm.",
        "Let's go with Canberra.",
    ),
    "a commitment to what came before marks nothing": (
        "HOST: Who wrote Dracula?\nCONTESTANT: Bram Stoker. I'll go with that.",
        "HOST: Who wrote Dracula?",
        "Bram Stoker. I'll go with that.",
    ),
    "a helper's commitment is no answer": (
        "HOST: Who first made nitroglycerin?\nFRIEND: I'll say Nobel.\nCONTESTANT: Sobrero, "
        "I'd say, or Nobel.",
        "HOST: Who first made nitroglycerin?\nFRIEND: I'll say Nobel.",
        "Sobrero, I'd say, or Nobel.",
    ),
    "the contestant named: the audience after them is a helper": (
        "HOST: Which gas do plants take in?\nCONTESTANT: Oxygen.\nAUDIENCE: (groans)\n"
        "HOST: Carbon dioxide.",
        "HOST: Which gas do plants take in?\nAUDIENCE: (groans)\nHOST: Carbon dioxide.",
        "Oxygen.",
    ),
    "numbered players in a bulleted transcript, the presenter's asides": (
        "- PRESENTER (off camera): Which metal is liquid at room temperature?\n- PLAYER 2: "
        "Gallium.\n- PRESENTER (off camera): Mercury, I'm afraid.",
        "- PRESENTER (off camera): Which metal is liquid at room temperature?\n- PRESENTER "
        "(off camera): Mercury, I'm afraid.",
        "Gallium.",
    ),
    "an answer sheet, a round and a number": (
        "Round 4 (Geography), Q2: Lake Titicaca",
        "Round 4 (Geography), Q2:",
        "Lake Titicaca",
    ),
    "an answer sheet of several lines, dashes and stops": (
        "Question 1 - Mercury\nQ2. Venus",
        "Question 1 -\nQ2.",
        "Mercury\nVenus",
    ),
}


@pytest.mark.parametrize(("answer", "aside", "read"), READ.values(), ids=READ.keys())
def test_a_dialogue_is_read_as_its_answerers_turns(answer, aside, read):
    assert dialogue_turns(answer) == (aside, read)


NOT_A_DIALOGUE = {
    "one speaker alone": "CONTESTANT: The Rhine.\nIt flows through Basel.",
    "the asker alone": "HOST: Which river flows through Vienna?\nHOST: The Danube.",
    "fields": "Answer: Ulaanbaatar\nConfidence: 0.9\nSource: atlas",
    "an agent's trace": "Thought: look it up\nAction: search[Mongolia capital]\nObservation: "
    "Ulaanbaatar is the capital.\nFinal Answer: Ulaanbaatar",
    "names labelling a list's items": "England: 5 titles\nScotland: 3 titles\nWales: 1 title",
    "two speakers, neither asking": "ALICE: It was Holst.\nBOB: Holst, yes.",
    "a dialogue quoted in prose, the writer's conclusion under it": (
        "HOST: Which river flows through Vienna?\nCONTESTANT: The Rhine.\nHOST: No, the "
        "Danube.\n\nSo the answer is the Danube."
    ),
    "a dialogue under prose that introduces nothing": (
        "The host asked about Vienna.\nHOST: Which river?\nCONTESTANT: The Rhine.\nHOST: No."
    ),
    "a speaker's name inside a line": "The host said: it was the Danube.\nThe guest agreed.",
    "two askers named": "HOST: Which river?\nINTERVIEWER: Which one?\nGUEST: The Danube.",
    "a question's number inside prose": "The answer to Q2: Venus, as in round 1.\nIt is hot.",
    "a numbered question on one line of several": "Q2: Venus\nIt is the hottest planet.",
    "numbered steps, the first asking": "Step 1: Which river?\nStep 2: The Danube.\nStep 1: Yes.",
    "a time, no label": "10:30: the train left.\n11:00: it arrived.",
}


@pytest.mark.parametrize("answer", NOT_A_DIALOGUE.values(), ids=NOT_A_DIALOGUE.keys())
def test_what_is_no_dialogue_is_read_as_it_stands(answer):
    assert dialogue_turns(answer) == ("", answer)


# --- graded: the answerer's words, never the asker's ---------------------------------------------

GRADED = {
    "the host names the key after a wrong answer: wrong": (
        "Which river flows through Vienna?",
        ("Danube", "the Danube"),
        "HOST: Which river flows through Vienna?\nCONTESTANT: The Rhine.\nHOST: No, I'm "
        "sorry, it's the Danube.",
        WRONG,
    ),
    "a helper names the key, the captain another: wrong": (
        "Who composed The Planets?",
        ("Gustav Holst", "Holst"),
        "QUIZMASTER: Who composed The Planets?\nTEAM (conferring): 'Holst?' 'No, Elgar.'\n"
        "CAPTAIN: Elgar.\nQUIZMASTER: Holst, I'm afraid.",
        WRONG,
    ),
    "the host's opening words are no answer given first: correct": (
        "Who painted The Hay Wain?",
        ("John Constable", "Constable"),
        "HOST: You've phoned a friend. Who painted The Hay Wain?\nFRIEND: Turner, I think.\n"
        "CONTESTANT: No, I'm sure it's Constable.\nHOST: Correct.",
        CORRECT,
    ),
    "an interview, the interviewer's guess no answer given first: correct": (
        "In which year did Hillary and Tenzing reach the summit of Everest?",
        ("1953",),
        "Interviewer: Hillary and Tenzing reached the top in 1952, didn't they?\nGuest: No, in "
        "1953.",
        CORRECT,
    ),
    "a spoken commitment after the key weighed: wrong": (
        "How many players are on a netball team on court?",
        ("7", "seven"),
        "HOST: How many players has a netball side on court?\nCONTESTANT: Seven? Or nine? "
        "I'm going to say nine.\nHOST: Seven, sorry.",
        WRONG,
    ),
    "an answer sheet's number is no figure: correct": (
        "How many players are on a rugby union side?",
        ("15", "fifteen"),
        "Round 3, Q7: 15",
        CORRECT,
    ),
    "a dialogue quoted in prose is read as it stands: the writer's conclusion": (
        "Which river flows through Vienna?",
        ("Danube", "the Danube"),
        "HOST: Which river flows through Vienna?\nCONTESTANT: The Rhine.\nHOST: No, the "
        "Danube.\n\nSo the answer is the Danube.",
        CORRECT,
    ),
}


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"), GRADED.values(), ids=GRADED.keys()
)
def test_a_dialogue_is_graded_on_its_answerers_turns(question, accepted, answer, verdict):
    assert grade(question, accepted, answer).verdict == verdict


def test_the_set_aside_turns_are_the_readings_working():
    """The asker's turns are kept as the reading's working (shown struck through in the review
    app), not read as the answer."""
    answer = "HOST: Which river flows through Vienna?\nCONTESTANT: The Rhine.\nHOST: The Danube."
    reading = read_answer(answer, get_strategy(), DECLINES)
    assert reading.working == "HOST: Which river flows through Vienna?\nHOST: The Danube."
    assert [sentence.clause.text for sentence in reading.sentences] == ["The Rhine."]


# --- the shortcut ---------------------------------------------------------------------------------

DIALOGUE_PIECES = st.sampled_from(
    [
        "\n",
        "\n\n",
        " ",
        ":",
        "HOST: ",
        "CONTESTANT: ",
        "Interviewer:",
        "Guest: ",
        "TEAM (conferring): ",
        "Q: ",
        "A: ",
        "Answer: ",
        "Round 2, ",
        "Q5: ",
        "Question 3 - ",
        "q1. ",
        "Which river?",
        "The Rhine.",
        "No, the Danube.",
        "Transcript:",
        "1953",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(DIALOGUE_PIECES, max_size=14).map("".join))
def test_a_dialogue_is_looked_for_only_where_a_colon_or_a_sheets_label_is_written(text):
    """`dialogue_turns` reads a text with no colon and whose first character opens no answer
    sheet's label as neither (its shortcut): its definition reads it so too."""
    assert dialogue_turns(text) == dialogue_turns_by_definition(text)
