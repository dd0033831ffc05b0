"""A multiple-choice answer (K017 another option chosen, K018 options left open; DESIGN 4.6,
grader/rules/choices.py): a question that lists lettered options, a key that names one, and an
answer's letter read as the option it names; what must never read so (a question with no
options, a capital letter glued to a word or followed by one, an article, a negated letter,
working before a concluding letter). Cases written for this project (medicine, law, geography,
music, chemistry, sport, history, cooking, computing, astronomy).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.choices import Options, listed_options, listed_options_by_definition
from grader.rules.codes import OPTIONS_OPEN, OTHER_OPTION, codes_of
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

ORGAN = "Which organ produces insulin? A) liver B) pancreas C) spleen D) kidney"
COURT = (
    "Which court hears appeals from the Crown Court?\n(a) Magistrates' court\n(b) Court of "
    "Appeal\n(c) County court"
)
CAPITAL = "What is the capital of Canada? 1) Toronto 2) Ottawa 3) Montreal 4) Vancouver"
KEY_OF = (
    "In which key is Beethoven's Fifth Symphony? A. C major B. C minor C. G major D. E-flat major"
)
GAS = "Which gas do plants take in for photosynthesis?\nA: oxygen\nB: carbon dioxide\nC: nitrogen"
STROKES = "How many players are on a rugby union side? (A) 11 (B) 13 (C) 15 (D) 7"
PLANET = "Which planet has the Great Red Spot? A) Mars B) Jupiter C) Saturn"
BLOOD = "Which blood group is the universal donor? A) A+ B) O- C) AB+ D) B-"

OPTIONS = [
    (ORGAN, ("A", "B", "C", "D"), ("liver", "pancreas", "spleen", "kidney")),
    (COURT, ("a", "b", "c"), ("Magistrates' court", "Court of Appeal", "County court")),
    (CAPITAL, ("1", "2", "3", "4"), ("Toronto", "Ottawa", "Montreal", "Vancouver")),
    (KEY_OF, ("A", "B", "C", "D"), ("C major", "C minor", "G major", "E-flat major")),
    (GAS, ("A", "B", "C"), ("oxygen", "carbon dioxide", "nitrogen")),
    (STROKES, ("A", "B", "C", "D"), ("11", "13", "15", "7")),
    # "or" and a question mark closing the options
    ("Is a tomato A) a fruit or B) a vegetable?", ("A", "B"), ("a fruit", "a vegetable")),
    # commas between the options, "or" before the last
    (
        "Which is a noble gas: A) argon, B) chlorine, or C) sodium?",
        ("A", "B", "C"),
        ("argon", "chlorine", "sodium"),
    ),
]


@pytest.mark.parametrize(("question", "labels", "texts"), OPTIONS, ids=case_id)
def test_a_question_lists_its_options(question, labels, texts):
    assert listed_options(question) == Options(labels, texts)


@pytest.mark.parametrize(
    "question",
    [
        "What is the backup plan called?",
        "Which vitamin is also called ascorbic acid: vitamin B or vitamin C?",
        "Who wrote A. Lincoln's biography in 1866?",  # one mark, no second
        "Which option follows plan A) if it fails?",
        "Rank them: B) Paris C) Lyon",  # not labelled from the first
        "Which is larger? 1) 8 2) 12 3) 23",  # numbered, a text a number: label or text?
        "Score 1.5 or 2.5 points?",
        "A) mixed B. styles C) in one list?",  # (no two marks of one style in order)
    ],
    ids=case_id,
)
def test_a_question_without_lettered_options_lists_none(question):
    assert listed_options(question) is None


KEY_CHOSEN = [
    # medicine: the letter alone, in parentheses, after "The answer is", lower case
    (ORGAN, ("B", "pancreas"), "B"),
    (ORGAN, ("B", "pancreas"), "(b)"),
    (ORGAN, ("B", "pancreas"), "The answer is B."),
    # medicine: the key's text alone, with a key of its letter alone
    (ORGAN, ("B",), "The pancreas, in its islets of Langerhans."),
    # law: a lettered list one a line, the letter and its text
    (COURT, ("b", "Court of Appeal"), "(b) Court of Appeal"),
    # geography: numbered, "Option 2"; "I'd go with 2, Ottawa."
    (CAPITAL, ("2", "Ottawa"), "Option 2"),
    (CAPITAL, ("Ottawa",), "I'd go with 2, Ottawa."),
    # music: an option's text that holds a letter ("C minor") with its label
    (KEY_OF, ("B", "C minor"), "B. C minor"),
    (KEY_OF, ("B", "C minor"), "It is in C minor, so B."),
    # chemistry: working that names other options, then "Answer: B"
    (GAS, ("B", "carbon dioxide"), "Plants give off oxygen and take in carbon dioxide.\nAnswer: B"),
    # sport: a figure's option, the letter after a dash
    (STROKES, ("C", "15"), "Fifteen - C"),
    # a retraction after another letter
    (ORGAN, ("B", "pancreas"), "A. Wait, no - B."),
    (ORGAN, ("B", "pancreas"), "A, or rather B."),
    # letters negated or followed by a word, then the concluding one
    (ORGAN, ("B", "pancreas"), "Not A or C; it's B."),
    (ORGAN, ("B", "pancreas"), "A is wrong and C is wrong, so B."),
    (ORGAN, ("B", "pancreas"), "B is correct."),
    # markdown's marks around the letter
    (ORGAN, ("B", "pancreas"), "**B**"),
    # astronomy: a colon that introduces letters that close no clause introduces no choice
    (PLANET, ("B", "Jupiter"), "Answer: B\nExplanation: A and C have no such storm."),
    (PLANET, ("B", "Jupiter"), "The answer is B (Jupiter)."),
    # music: an option named inside another's text is not named beside its letter
    (
        "Which instrument plays the low line in a rock band? A) guitar B) bass guitar C) drums",
        ("B", "bass guitar"),
        "The answer is B, bass guitar.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), KEY_CHOSEN, ids=case_id)
def test_the_keys_letter_chosen_is_correct(question, accepted, answer):
    assert grade(question, accepted, answer).verdict == CORRECT


OTHER_CHOSEN = [
    # medicine: another letter, alone or concluding working that names the key's text
    (ORGAN, ("B", "pancreas"), "C"),
    (ORGAN, ("B", "pancreas"), "The pancreas makes many enzymes, so the answer is A."),
    # a letter and a text of two options, either way round
    (ORGAN, ("B", "pancreas"), "The answer is A, the pancreas."),
    (ORGAN, ("B", "pancreas"), "B) liver"),
    (ORGAN, ("B", "pancreas"), "liver (B)"),
    (ORGAN, ("B", "pancreas"), "spleen - B"),
    # law: lower-case labels, another option's letter
    (COURT, ("b", "Court of Appeal"), "(c) County court"),
    # geography: numbered, another number; the key's text beside another label
    (CAPITAL, ("2", "Ottawa"), "Option 3"),
    (CAPITAL, ("Ottawa",), "1) Ottawa"),
    # music: "C" the label, not the option "C major"
    (KEY_OF, ("B", "C minor"), "C"),
    # chemistry: the key's text alone in the key, another letter answered
    (GAS, ("carbon dioxide",), "Answer: A"),
    # sport: the working reaches the key's figure, the final letter another
    (STROKES, ("C", "15"), "8 forwards + 7 backs = 15, so the answer is B"),
    # astronomy: another option's text in parentheses after the key's letter
    (PLANET, ("B", "Jupiter"), "The answer is B (Saturn)."),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), OTHER_CHOSEN, ids=case_id)
def test_another_option_chosen_is_wrong(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG
    assert OTHER_OPTION.code in codes_of(graded.labels), graded.labels


LEFT_OPEN = [
    (ORGAN, ("B", "pancreas"), "B and C"),
    (ORGAN, ("B", "pancreas"), "Answer: A/B"),
    (ORGAN, ("B", "pancreas"), "Both make hormones, so it could be A or B."),
    (ORGAN, ("B", "pancreas"), "B - or possibly D"),
    (ORGAN, ("B", "pancreas"), "Either B or C, I am not sure."),
    (COURT, ("b", "Court of Appeal"), "a) Magistrates' court, b) Court of Appeal"),
    (CAPITAL, ("2", "Ottawa"), "2 or 3"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), LEFT_OPEN, ids=case_id)
def test_letters_left_open_are_wrong(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG
    assert OPTIONS_OPEN.code in codes_of(graded.labels), graded.labels


NEVER = [
    # no options: a capital letter is an ordinary answer, and a key may be a letter
    ("What is the backup plan called?", ("Plan B",), "Plan B", CORRECT),
    ("Which vitamin prevents scurvy?", ("vitamin C",), "Vitamin C", CORRECT),
    ("What grade did the best essay get?", ("A",), "It got an A.", CORRECT),
    ("Which group were Spain drawn in?", ("Group C", "C"), "Group C", CORRECT),
    # options listed: an article is no letter ("a stag" does not say "A")
    ("What is a male deer called? A) stag B) bull C) boar", ("A", "stag"), "It is a bull.", WRONG),
    ("What is a male deer called? A) stag B) bull C) boar", ("A", "stag"), "A stag.", CORRECT),
    # a letter that opens an option's own text is that text ("B-", option D)
    (BLOOD, ("B", "O-"), "B-", WRONG),
    (BLOOD, ("B", "O-"), "O-", CORRECT),
    # a letter glued to a word, or negated
    (KEY_OF, ("B", "C minor"), "C minor", CORRECT),
    (ORGAN, ("B", "pancreas"), "B, not C.", CORRECT),
    # a negated letter in brackets glued to "not" (the negation needs no space before it)
    (ORGAN, ("B", "pancreas"), "B, not(C).", CORRECT),
    (COURT, ("b", "Court of Appeal"), "The Court of Appeal (b), not(c).", CORRECT),
    (CAPITAL, ("2", "Ottawa"), "2, not(3).", CORRECT),
    # an option described by its letter, not chosen; the key's text said
    (
        ORGAN,
        ("B", "pancreas"),
        "Option A (the liver) stores glycogen; the pancreas makes insulin.",
        CORRECT,
    ),
    # a label that names the letter's own option beside another
    (ORGAN, ("B", "pancreas"), "B) the pancreas, not the liver", CORRECT),
    # a key that names no option: the other checks read the answer
    (ORGAN, ("islets of Langerhans",), "B", WRONG),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), NEVER, ids=case_id)
def test_what_is_no_lettered_choice_is_read_as_before(question, accepted, answer, verdict):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, graded.labels
    codes = codes_of(graded.labels)
    assert OTHER_OPTION.code not in codes and OPTIONS_OPEN.code not in codes


MARKS = st.sampled_from(["A)", "B)", "(B)", "b.", "B:", "2)", "C)", "1.", "a)", "B.", "(2)"])
WORDS = st.sampled_from(["Which", "is", "it", "plan", "1.5", "or", "?", "\n", "vermilion", "x"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(MARKS, WORDS), max_size=12), st.sampled_from([" ", "", "\n"]))
def test_options_are_looked_for_only_where_a_second_labels_mark_is_written(pieces, gap):
    question = gap.join(pieces)
    assert listed_options(question) == listed_options_by_definition(question)
