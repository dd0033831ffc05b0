"""The reading pinned case by case (`grader.rules.reading`, DESIGN 4.1, 4.2): where a sentence
is cut into parts, which figures are alternatives to each other, and which words of an answer
name what the question asks, and the facts recorded for what is asserted. Found by mutation
testing (`bench/mutate.py --module reading`, seeds 0 and 1): each ending the question's words
are stemmed by gets a case of its own in which it is the only one that applies, and each kind
of pair of figures joined by "or" gets one. The words are written out here, not read from the
module.
"""

from decimal import Decimal

import pytest

from grader.rules.citations import without_answer_label
from grader.rules.clauses import get_strategy
from grader.rules.context import Context, names_question, question_subject
from grader.rules.declines import load_declines
from grader.rules.reading import read_answer
from grader.rules.sentences import part_spans

DECLINES = load_declines()


def parts_of(answer: str) -> list[tuple[str, str]]:
    """Each part of an answer (default strategy, shipped decline list) and what opened it."""
    reading = read_answer(answer, get_strategy(), DECLINES)
    return [(part.text, part.opener) for part in reading.parts]


# --- parts ------------------------------------------------------------------------------------


def test_a_sentence_that_holds_every_word_a_part_ends_at_is_cut_at_each():
    """Every place a part can end at, in one sentence: a dash before "sorry", a colon before "I
    mean", a comma before "actually", a semicolon, "but" and "whereas" alone, a comma before
    "make that". ("the correction should be" is no correction: "correction" and "that should
    be" open one only after a comma, a colon or a dash.)"""
    answer = (
        "The fee is $5 - sorry: I mean $6, actually $7; rather $8 but $9 whereas the correction "
        "should be $10, make that $11."
    )
    assert parts_of(answer) == [
        ("The fee is $5", ""),
        ("sorry", "correction"),
        ("I mean $6", "correction"),
        ("actually $7", "correction"),
        ("rather $8", "correction"),
        ("but $9", "contrast"),
        ("whereas the correction should be $10", "contrast"),
        ("make that $11.", "correction"),
    ]


def test_a_semicolon_that_ends_a_sentence_opens_no_empty_part():
    assert parts_of("The fee is $5;") == [("The fee is $5", "")]


# --- the facts of what is asserted --------------------------------------------------------------


def test_an_asserted_amount_has_its_value():
    [amount] = read_answer("The fee is $42.99 [1].", get_strategy(), DECLINES).amounts
    assert (amount.text, amount.value) == ("$42.99", Decimal("42.99"))


@pytest.mark.parametrize(
    ("answer", "negative"),
    [
        pytest.param("Operating margin declined 5% [1].", True, id="'declined 5%' is negative"),
        pytest.param("Operating margin was -5% [1].", True, id="'-5%' is negative"),
        pytest.param("Operating margin was 5% [1].", False, id="'was 5%' is not negative"),
    ],
)
def test_a_figure_is_negative_by_its_sign_or_its_wording(answer, negative):
    [figure] = read_answer(answer, get_strategy(), DECLINES).figures
    assert figure.negative is negative


def test_figures_are_not_looked_up_in_the_sources_amounts_are():
    context = Context.of("What was the operating margin?", ["Operating margin 12%, fee $42.99"])
    reading = read_answer(
        "The operating margin was 12% and the fee $42.99 [1].", get_strategy(), DECLINES, context
    )
    assert [(item.text, item.grounded) for item in reading.figures] == [("12%", False)]
    assert [(item.text, item.grounded) for item in reading.amounts] == [("$42.99", True)]


def test_a_part_that_asserts_nothing_does_not_name_what_the_question_asks():
    context = Context.of("What is the base fare?", [])
    reading = read_answer(
        "Source 3 lists the base fare as $42.99. The base fare is $40.00.",
        get_strategy(),
        DECLINES,
        context,
    )
    assert [part.names_question for part in reading.parts] == [False, True]


# --- figures joined as alternatives -------------------------------------------------------------


def alternatives(answer: str) -> list[tuple[str, bool]]:
    """Each figure (not money) an answer asserts, and whether it is one of two alternatives."""
    reading = read_answer(answer, get_strategy(), DECLINES)
    return [(item.text, item.alternative) for item in reading.figures]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        pytest.param(
            "The company closed 40 stores or 12% of its stores.",
            [("40 stores", False), ("12%", False)],
            id="'40 stores or 12%': a count and a percent are no alternatives",
        ),
        pytest.param(
            "The company closed 12% of its stores or 40 stores.",
            [("12%", False), ("40 stores", False)],
            id="'12% ... or 40 stores': a percent and a count are no alternatives",
        ),
        pytest.param(
            "It has 40 stores or 45 stores.",
            [("40 stores", True), ("45 stores", True)],
            id="'40 stores or 45 stores' are alternatives",
        ),
        pytest.param(
            "It has 40 stores or 40 stores.",
            [("40 stores", False), ("40 stores", False)],
            id="'40 stores or 40 stores' is one count written twice",
        ),
        pytest.param(
            "Margin was 12% or 15%.",
            [("12%", True), ("15%", True)],
            id="'12% or 15%' are alternatives",
        ),
        pytest.param(
            "Margin was 12% or 0.12.",
            [("12%", False), ("0.12", False)],
            id="'12% or 0.12' is one figure written twice",
        ),
    ],
)
def test_figures_joined_by_or(answer, expected):
    assert alternatives(answer) == expected


# --- the words of the question ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        pytest.param("What is the late fee?", "late fee", id="'What is the late fee?'"),
        pytest.param(
            "What is the late fee", "late fee", id="'What is the late fee' (no question mark)"
        ),
        pytest.param(
            "What is the Medicare Part B premium?",
            "b premium",
            id="a one-letter word inside the subject ('Part B premium'): its last two words",
        ),
        pytest.param(
            "What is the B premium for Medicare?",
            "b premium",
            id="a one-letter word opening the subject ('the B premium')",
        ),
    ],
)
def test_what_a_question_asks_about_up_to_its_end(question, subject):
    assert question_subject(question) == subject


# A question that does not ask in the shape "What is the ..." is named by any of its own words,
# in another form of the word: each ending below is the only one that applies in its case.
@pytest.mark.parametrize(
    ("question", "part", "names"),
    [
        pytest.param(
            "Which firms reported a loss?",
            "The firm made money.",
            True,
            id="'-s': 'firms' is named by 'firm'",
        ),
        pytest.param(
            "Total fees paid in FY2022?",
            "The fee was $5.",
            True,
            id="'-s': 'fees' is named by 'fee' (too short a word to lose '-es')",
        ),
        pytest.param(
            "Total taxes paid in FY2022?",
            "The tax was $5.",
            True,
            id="'-es': 'taxes' is named by 'tax'",
        ),
        pytest.param(
            "Which subsidiaries reported a loss?",
            "One subsidiary made money.",
            True,
            id="'-ies': 'subsidiaries' is named by 'subsidiary'",
        ),
        pytest.param(
            "Total expenses in FY2022?",
            "The expense was $5.",
            True,
            id="'-es' after a final 'e': 'expenses' is named by 'expense'",
        ),
        pytest.param(
            "Did prices rise in FY2022?",
            "The price rose to $5.",
            True,
            id="'prices' is named by 'price'",
        ),
        pytest.param(
            "Were losses reported in FY2022?",
            "A loss of $5 arose.",
            True,
            id="'losses' is named by 'loss'",
        ),
        pytest.param(
            "Did the business grow in FY2022?",
            "The business made $5.",
            True,
            id="a word ending in '-ss' keeps it: 'business' is named by 'business'",
        ),
        pytest.param(
            "What did Apple's filing report?",
            "Apple made money.",
            True,
            id="\"-'s\": \"Apple's\" is named by 'Apple'",
        ),
        pytest.param(
            "What did Apple's filing report?",
            "It made money.",
            False,
            id='"Apple\'s" is not named by a part without a word of the question',
        ),
    ],
)
def test_a_word_of_the_question_in_another_form_names_it(question, part, names):
    assert names_question(part, Context.of(question, [])) is names


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        ("The fee is $5,but it is $6.", ["The fee is $5", "but it is $6."]),
        (
            "The fee is $5,however the bill says $6.",
            ["The fee is $5", "however the bill says $6."],
        ),
        (
            "The balance is $1,310.00-make that $1,301.00.",
            ["The balance is $1,310.00", "make that $1,301.00."],
        ),
        ("The fee is $5\tbut it is $6.", ["The fee is $5", "but it is $6."]),
        ("The total is $40 -that  should  be $45.", ["The total is $40", "that  should  be $45."]),
        ("It is $12:actually $14.", ["It is $12", "actually $14."]),
        ("Fees: $5; taxes $2.", ["Fees: $5", "taxes $2."]),
        ("He paid $5 while she paid $6.", ["He paid $5 while she paid $6."]),
        ("Nothing here is cut at all.", ["Nothing here is cut at all."]),
    ],
    ids=[
        "a contrast glued to its comma",
        "'however' glued to its comma",
        "a correction glued to its dash",
        "'but' after a tab",
        "'that should be' spaced twice",
        "'actually' glued to a colon",
        "a semicolon",
        "'while' with no comma: one part",
        "no place to cut: one part",
    ],
)
def test_every_place_a_part_ends_is_found_however_it_is_spaced(sentence, parts):
    """A part ends before a contrast or a correction however the comma, dash or colon before it
    is spaced ("$5,but"): the sentence is cut where the rule says, not only where a space is."""
    assert [sentence[start:end] for start, end in part_spans(sentence)] == parts


# --- the unit note a sentence gives its parts -------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "values"),
    [
        pytest.param(
            "In millions: revenue was $1,204, but net income was $212.",
            ["1204000000", "212000000"],
            id="a capital In opens the note: it reaches the part after but",
        ),
        pytest.param(
            "Figures in millions: revenue was $1,204, but net income was $212.",
            ["1204000000", "212000000"],
            id="in lower case within the sentence",
        ),
        pytest.param(
            "IN THOUSANDS: revenue was $1,204; net income was $212.",
            ["1204000", "212000"],
            id="in capitals, before a semicolon",
        ),
        pytest.param(
            "In 2023 revenue was $1,204, but net income was $212.",
            ["1204", "212"],
            id="In before a year is no note",
        ),
        pytest.param(
            "Revenue was $1,204, but income rose in millions of homes to $212.",
            ["1204", "212"],
            id="in millions of something else is no note",
        ),
    ],
)
def test_a_unit_note_applies_to_every_part_of_its_sentence(answer, values):
    """A note opening a sentence with a capital "In" was skipped by a lower-case shortcut: the
    part after "but" read $212 as dollars."""
    reading = read_answer(answer, get_strategy(), DECLINES)
    assert [amount.value for amount in reading.amounts] == [Decimal(v) for v in values]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("The fee is $5.\nAnswer: $5 [1]", "The fee is $5.\n$5 [1]"),
        ("The fee is $5.\nANSWER: $5 [1]", "The fee is $5.\n$5 [1]"),
        ("The fee is $5.\n  aNsWeR : $5 [1]", "The fee is $5.\n$5 [1]"),
        ("The fee is $5.\nThe answer: $5 [1]", "The fee is $5.\nThe answer: $5 [1]"),
        ("The fee is $5.\nAnswers: $5 [1]", "The fee is $5.\nAnswers: $5 [1]"),
    ],
    ids=["label", "label-in-capitals", "label-in-mixed-case", "not-at-a-line-start", "plural"],
)
def test_a_closing_answer_label_is_dropped_in_any_case(answer, expected):
    """An "ANSWER:" line in capitals kept its label: a lower-case shortcut skipped it."""
    assert without_answer_label(answer) == expected


# --- what the words that lead to an arithmetic result name -------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "names"),
    [
        pytest.param(
            "What is the list price of the laptop?",
            "The list price is $1,249.00, so after the trade-in you pay $899.00.",
            [False, False],
            id="the key's own words before the arithmetic do not count",
        ),
        pytest.param(
            "How much do I pay for the laptop?",
            "The list price is $1,249.00, so after the trade-in you pay $899.00.",
            [False, True],
            id="the question's verb of paying",
        ),
        pytest.param(
            "What is the new balance?",
            "The purchases were $118.40; the new balance, after the credit, is $68.40.",
            [False, True],
            id="the phrase asked about, before the arithmetic opens",
        ),
        pytest.param(
            "What is the amount due?",
            "Subtracting the credit, you owe $123.27.",
            [True],
            id="due is what is owed",
        ),
        pytest.param(
            "What is the amount due?",
            "Subtracting the credit, you paid $123.27.",
            [False],
            id="paid is not owed",
        ),
        pytest.param(
            "?",
            "The list price is $1,249.00, so after the trade-in you pay $899.00.",
            [False, True],
            id="a question with nothing to read: every arithmetic names it",
        ),
    ],
)
def test_the_words_leading_to_an_arithmetic_result_name_what_is_asked(question, answer, names):
    reading = read_answer(answer, get_strategy(), DECLINES, Context.of(question, []))
    assert [amount.names_asked for amount in reading.amounts] == names
