"""An answer read once (grader.rules.reading, DESIGN 4.1, 4.2): sentences, parts, invented
source blocks; where a sentence is cut into parts and what opens them; the facts recorded for
what is asserted; what a question asks about and which words of an answer name it; the unit note
a sentence gives its parts; and the answer's own arithmetic.

The pinned cases were found by mutation testing (`bench/mutate.py --module reading`, seeds 0 and
1): each ending the question's words are stemmed by gets a case of its own in which it is the
only one that applies. The words are written out here, not read from the module.
"""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.context import names_question, question_subject
from grader.rules.facts import (
    _ARITHMETIC_OPENER,
    _REJECTED_FIGURE,
    _arithmetic,
    arithmetic_opens,
    rejected_before,
)
from grader.rules.figures import find_figures
from grader.rules.money import find_amounts
from grader.rules.reading import Context, part_spans, read_answer
from grader.rules.sentences import split_sentences
from tests.caseids import case_id
from tests.rules.shipped import DECLINES


def read(text: str):
    return read_answer(text, get_strategy(), DECLINES)


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "It is $42.99. It was $26.99!\nNext line",
            ["It is $42.99.", "It was $26.99!", "Next line"],
        ),
        ("The U.S. GAAP figure is $5. Next.", ["The U.S. GAAP figure is $5.", "Next."]),
        ("See e.g. the bill. Then pay.", ["See e.g. the bill.", "Then pay."]),
        ("Paid $5.50 on time.", ["Paid $5.50 on time."]),
        ("It was due. and then", ["It was due. and then"]),
        ("- first item\n- second item", ["- first item", "- second item"]),
    ],
    ids=[
        "punctuation-and-lines",
        "an-abbreviation",
        "e-g",
        "decimals",
        "lower-case-after",
        "a-list",
    ],
)
def test_sentences(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        (
            "I could not find the fee, but the service charge is $12.00 [1].",
            ["I could not find the fee", "but the service charge is $12.00 [1]."],
        ),
        ("It lists $5; the fee is not given.", ["It lists $5", "the fee is not given."]),
        ("The fee is $5, however small.", ["The fee is $5", "however small."]),
        ("The fee is $5 and the tax is $1.", ["The fee is $5 and the tax is $1."]),
    ],
    ids=["a-contrast", "a-semicolon", "however", "and-does-not-cut"],
)
def test_parts_of_a_sentence(sentence, parts):
    assert [sentence[start:end] for start, end in part_spans(sentence)] == parts


def test_a_part_that_declines_excuses_only_its_own_amounts():
    reading = read(
        "I could not find a returned-check fee, but the monthly service charge is $12.00 [1]."
    )
    first, second = reading.sentences[0].parts
    assert first.declines and not second.declines
    assert [a.text for a in reading.amounts if not reading.parts[a.part].declines] == ["$12.00"]
    assert reading.declines


def test_a_sentence_that_declines_does_not_excuse_another():
    reading = read("The balance is $310.40 [1]. The fee is not specified.")
    assert reading.declines
    assert [a.text for a in reading.amounts if not reading.parts[a.part].declines] == ["$310.40"]


@pytest.mark.parametrize(
    "answer",
    [
        "The amount due is $42.99 [1].\n[6] (ADT bill, page 1) Amount due $42.99 ...",
        "The amount due is $42.99 [1]. [6] (ADT bill, page 1) Amount due $42.99",
        "The amount due is $42.99 [1].\nSources:\n[1] (ADT bill, page 1) ...",
        "The amount due is $42.99 [1].\nQuestion: What is the late fee?",
    ],
    ids=["on-a-new-line", "in-line", "a-sources-heading", "a-next-question"],
)
def test_an_invented_source_block_is_not_part_of_the_answer(answer):
    reading = read(answer)
    assert reading.invented_block
    assert [s.clause.text for s in reading.sentences] == ["The amount due is $42.99 [1]."]
    assert reading.cited == (1,)


@pytest.mark.parametrize(
    "answer, sentences",
    [
        ("Answer: The amount due is $42.99 [1].", ["The amount due is $42.99 [1]."]),
        ("  answer:  $42.99 [1]", ["$42.99 [1]"]),
        (
            "Answer: The amount due is $42.99 [1].\nQuestion: What is the late fee?",
            ["The amount due is $42.99 [1]."],
        ),
    ],
    ids=["an-answer-label", "lower-case-with-spaces", "a-label-then-a-next-question"],
)
def test_an_opening_answer_label_is_dropped_not_read_as_an_invented_block(answer, sentences):
    # Small models echo the prompt's last line, "Answer:", before their answer. That answer
    # was once read as one invented source block, leaving nothing to grade.
    reading = read(answer)
    assert [s.clause.text for s in reading.sentences] == sentences
    assert reading.cited == (1,)


def test_a_declining_answer_after_an_answer_label_declines():
    assert read("Answer: Not enough information.").declines


def test_citations_are_read_per_sentence_in_order():
    reading = read("The fee is $5 [2]. The tax is $1 (Source 1). See Sources 3 and 4.")
    assert reading.cited == (2, 1, 3, 4)


# --- the arithmetic guard equals its pattern -----------------------------------------------------

ARITHMETIC_PIECES = (
    "After|after|so|So|also|net of|minus|hence|thus|therefore|subtracting|is|was|comes to|=|,|"
    "the balance|the discount|xso|so-called|$40.00|€12|7%|1.5x|12|paid|the total|ſo|Aſter|SO"
).split("|")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(ARITHMETIC_PIECES), max_size=12).map(" ".join))
def test_arithmetic_opens_where_its_pattern_finds_the_first_word(text):
    """The first arithmetic word is looked for with its pattern only where one of the words is
    written: where it stands is where the pattern finds it, in any case and lookalike."""
    for each in (text, text.upper(), text.replace("s", "\u017f"), text.replace("i", "\u0131")):
        opener = _ARITHMETIC_OPENER.search(each)
        assert arithmetic_opens(each) == (opener.start() if opener is not None else len(each))


_REJECTION_PIECES = ["not", "NOT", "noT", "rather than", "Rather  than", "inſtead of", "instead of"]
_REJECTION_PIECES += ["the", "a", "an", "$5", "£950", ",", " ", "knot", "x", "month", "12"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_REJECTION_PIECES), max_size=10).map(" ".join))
def test_rejected_before_is_its_pattern(text):
    """The rejection before a figure is read with its pattern only where one of its words is
    written in reach: found at every place where the pattern finds it."""
    for start in range(len(text) + 1):
        expected = _REJECTED_FIGURE.search(text, max(0, start - 24), start) is not None
        assert rejected_before(text, start) is expected


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(ARITHMETIC_PIECES), max_size=12).map(" ".join))
def test_arithmetic_guard_is_its_pattern(text):
    """Looking for an arithmetic only after the part's first arithmetic word finds what looking
    before every figure finds."""
    context = Context.of("What is the balance after the discount?", ())
    opener = _ARITHMETIC_OPENER.search(text)
    opens = opener.start() if opener is not None else len(text)
    amounts = find_amounts(text)
    for found in (amounts, find_figures(text, amounts)):
        for index in range(len(found)):
            assert _arithmetic(text, found, index, context, opens) == _arithmetic(
                text, found, index, context, 0
            )


# The rules' word lists, written out here rather than read from the modules: a word dropped from
# a module's list must fail a case.
ABBREVIATIONS = (
    "e.g i.e u.s u.k inc no vs approx mr mrs ms dr co corp ltd st jr fig figs sr est dept".split()
)


ARITHMETIC = ("after", "subtracting", "net of", "so", "therefore", "thus", "hence", "minus")


RESULT = [
    *"is are was were be pay pays paid owe owes total totals totaled leaves left becomes".split(),
    *("equals", "gives", "comes to", "come to"),
]


# --- sentences, parts and the answer's arithmetic ---------------------------------------------


@pytest.mark.parametrize("abbreviation", ABBREVIATIONS, ids=lambda word: f"'{word}.'")
def test_a_period_after_an_abbreviation_ends_no_sentence(abbreviation):
    """ "No. 5", "e.g.", "Inc." ...: each entry of the list, before a capitalised word."""
    text = f"See {abbreviation}. Twelve apply."
    assert split_sentences(text) == [text]
    assert split_sentences("It is done. Twelve apply.") == ["It is done.", "Twelve apply."]


# (v4) Titles and ranks abbreviated before a name, written out here as the module's are.
TITLES = (
    "lt lieut cmdr cdr capt gen col maj sgt cpl pvt adm brig prof rev hon gov sen pres fr mt ft "
    "messrs mme mlle".split()
)


@pytest.mark.parametrize("title", TITLES, ids=lambda word: f"'{word}.'")
def test_a_period_after_a_title_ends_no_sentence(title):
    """ "Lt. Cmdr. Data", "Mt. Fuji": each entry, written as a name's title is, before a name."""
    text = f"It was {title.capitalize()}. Harlow."
    assert split_sentences(text) == [text]


# (v4) A period inside a name: after a title abbreviated before it, after an initial before the
# rest of it. Cases written for this project.
INSIDE_A_NAME = [
    ("science fiction", "Lt. Cmdr. Worf served on the bridge."),
    ("military history", "The army was led by Gen. George S. Patton in 1944."),
    ("medicine", "The vaccine was developed by Prof. Jonas Salk in 1955."),
    ("geography", "The highest peak is Mt. Kosciuszko in New South Wales."),
    ("literature", "It was written by J. R. R. Tolkien in 1937."),
    ("literature", "Many readers credit C. S. Lewis, but it is Tolkien's."),
    ("politics", "It was signed by John F. Kennedy in 1963."),
    ("law", "The opinion was written by John G. Roberts for the court."),
    ("sport", "The record was set by W. G. Grace at Lord's."),
]
# Never: a letter that closes a name or a label ("Vitamin C", "World War I", "Plan B", "Henry
# VIII" aside), a letter after a word in lower case ("vitamin C"), a letter or a title before a
# word that opens a sentence ("Malcolm X. He ...", "D. C. The ...").
ENDS_AT_A_LETTER = [
    ("medicine", "It is Vitamin C.", "Citrus fruits hold it."),
    ("medicine", "It is vitamin C.", "Oranges hold plenty."),
    ("history", "It began after World War I.", "Germany lost territory."),
    ("business", "They chose Plan B.", "Costs fell."),
    ("history", "It was Malcolm X.", "He was born in Omaha."),
    ("geography", "It is in Washington, D. C.", "The city is the capital."),
    ("cooking", "Grade A.", "Eggs of this grade are fresh."),
]


@pytest.mark.parametrize(("register", "text"), INSIDE_A_NAME, ids=case_id)
def test_a_period_inside_a_name_ends_no_sentence(register, text):
    assert split_sentences(text) == [text], register


@pytest.mark.parametrize(("register", "first", "second"), ENDS_AT_A_LETTER, ids=case_id)
def test_a_letter_that_closes_a_name_ends_its_sentence(register, first, second):
    assert split_sentences(f"{first} {second}") == [first, second], register


def test_a_line_that_goes_on_in_lower_case_is_one_sentence():
    assert split_sentences("The fee\nis $5.") == ["The fee is $5."]
    assert split_sentences("The fee.\nThe tax is $1.") == ["The fee.", "The tax is $1."]


# (v4) A line that opens with a text message's correction is a new sentence (register, text,
# sentences); and a line that goes on with the same word inside its sentence is wrapped.
CORRECTION_LINES = [
    ("geography", "madrid\nwait, lisbon", ["madrid", "wait, lisbon"]),
    ("history", "1215\nwait no\nit was 1216", ["1215", "wait no it was 1216"]),
    ("medicine", "ibuprofen\nnvm its paracetamol", ["ibuprofen", "nvm its paracetamol"]),
    ("cooking", "basil\nscratch that, oregano", ["basil", "scratch that, oregano"]),
    ("sport", "spain\nno wait\nitaly", ["spain", "no wait italy"]),
    ("music", "mozart\nnever mind its haydn", ["mozart", "never mind its haydn"]),
    ("science", "neon\noops,\nargon", ["neon", "oops, argon"]),
    ("astronomy", "9 planets\nwait thats with pluto", ["9 planets", "wait thats with pluto"]),
]
WRAPPED_LINES = [
    ("law", "The court's ruling is due, and you will have to\nwait for the results."),
    ("sport", "The draw is made live, so\nwait for it, the seeds go first."),
    ("medicine", "The clinic has closed and we are\nsorry that it closed so soon."),
    ("cooking", "Let the dough rest and\nnever mind the cracks on top."),
    ("law", "A tribunal may take months; few claimants\nwait that long for a hearing."),
]


@pytest.mark.parametrize(("register", "text", "sentences"), CORRECTION_LINES, ids=case_id)
def test_a_line_that_opens_with_a_correction_is_a_new_sentence(register, text, sentences):
    assert split_sentences(text) == sentences, register


@pytest.mark.parametrize(("register", "text"), WRAPPED_LINES, ids=case_id)
def test_a_correction_word_inside_a_wrapped_sentence_wraps(register, text):
    assert split_sentences(text) == [text.replace("\n", " ")], register


PARTS = [
    ("a semicolon without a space", "The fee is $5;the late fee is $9.", ["", ""]),
    (
        "' but ' without a comma",
        "I could not find the fee but the charge is $12.00.",
        ["", "contrast"],
    ),
    ("' whereas ' without a comma", "The fee is $5 whereas the tax is $1.", ["", "contrast"]),
    ("', however'", "The fee is $5, however the tax is $1.", ["", "contrast"]),
    ("', whereas'", "The fee is $5, whereas the tax is $1.", ["", "contrast"]),
    ("', while'", "The fee is $5, while the tax is $1.", ["", "contrast"]),
    ("', yet'", "The fee is $5, yet the tax is $1.", ["", "contrast"]),
    ("', although'", "The fee is $5, although the tax is $1.", ["", "contrast"]),
    ("', though'", "The fee is $5, though the tax is $1.", ["", "contrast"]),
    (
        "a dash and 'actually'",
        "The balance is $1,310.00\u2014actually $1,301.00.",
        ["", "correction"],
    ),
    ("a dash and 'I mean'", "The balance is $1,310.00\u2014I mean $1,301.00.", ["", "correction"]),
    (
        "a dash and 'I meant'",
        "The balance is $1,310.00\u2014I meant $1,301.00.",
        ["", "correction"],
    ),
    ("a dash and 'sorry'", "The balance is $1,310.00\u2014sorry, $1,301.00.", ["", "correction"]),
    ("a dash and 'rather'", "The balance is $1,310.00\u2014rather $1,301.00.", ["", "correction"]),
    (
        "a dash and 'correction'",
        "The balance is $1,310.00\u2014correction: $1,301.00.",
        ["", "correction"],
    ),
    ("', make that'", "The balance is $1,310.00, make that $1,301.00.", ["", "correction"]),
    (
        "a dash and 'that should be'",
        "The balance is $1,310.00\u2014that should be $1,301.00.",
        ["", "correction"],
    ),
    ("' or rather'", "The balance is $1,310.00 or rather $1,301.00.", ["", "correction"]),
    ("'rather than' is no correction", "The balance is $1,310.00, rather than $1,301.00.", [""]),
]


@pytest.mark.parametrize(
    ("answer", "openers"), [case[1:] for case in PARTS], ids=[case[0] for case in PARTS]
)
def test_where_a_sentence_splits_into_parts_and_what_opens_them(answer, openers):
    reading = read_answer(answer, get_strategy(), DECLINES)
    assert [part.opener for part in reading.parts] == openers


def after_arithmetic(answer: str) -> list[bool]:
    return [item.after_arithmetic for item in read_answer(answer, get_strategy(), DECLINES).amounts]


@pytest.mark.parametrize("word", ARITHMETIC, ids=lambda word: f"'{word}' opens arithmetic")
def test_each_word_that_opens_the_answer_s_own_arithmetic(word):
    assert after_arithmetic(f"{word.capitalize()} the discount the balance is $40.00.") == [True]
    assert after_arithmetic("The discount the balance is $40.00.") == [False]


@pytest.mark.parametrize("word", RESULT, ids=lambda word: f"'{word}' gives its result")
def test_each_word_that_gives_the_result_of_the_arithmetic(word):
    assert after_arithmetic(f"After the discount the balance {word} $40.00.") == [True]
    assert after_arithmetic("After the discount the balance $40.00.") == [False]


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("What is the base fare on my Boston-Lisbon ticket?", "base fare"),
        ("How much is the monthly HOA fee under the lease?", "hoa fee"),
        ("Which companies reported a loss?", ""),
    ],
    ids=["'the base fare on'", "its last two words", "not in that shape"],
)
def test_what_a_question_asks_about(question, subject):
    assert question_subject(question) == subject


@pytest.mark.parametrize(
    ("part", "question", "names"),
    [
        ("The base fare is $5.", "What is the base fare on my ticket?", True),
        ("The fee is $5.", "What is the base fare on my ticket?", False),
        ("The firm reported losses.", "Which firms reported a loss?", True),
        ("The firm made money.", "Which firms reported a loss?", True),
        ("It made money.", "Which firms reported a loss?", False),
        ("It made money.", "What was it?", False),
    ],
    ids=[
        "the subject",
        "not the subject",
        "a word of the question",
        "a word of the question in another form",
        "no word of the question",
        "a question of stop words only",
    ],
)
def test_a_part_names_what_the_question_asks(part, question, names):
    assert names_question(part, Context.of(question, [])) is names


@pytest.mark.parametrize(
    ("answer", "asserted"),
    [
        ("For example, if COGS were $10 billion, the margin would be 5%.", []),
        ("If no costs are listed, the answer would be $0.", []),
        ("If you pay late, the fee is $35.", ["$35"]),
    ],
    ids=["an example", "a conditional in the conditional mood", "a condition that asserts"],
)
def test_a_sentence_that_supposes_asserts_no_amount(answer, asserted):
    reading = read_answer(answer, get_strategy(), DECLINES)
    assert [item.text for item in reading.amounts] == asserted


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


def test_a_part_that_asserts_nothing_does_not_name_what_the_question_asks():
    context = Context.of("What is the base fare?", [])
    reading = read_answer(
        "Source 3 lists the base fare as $42.99. The base fare is $40.00.",
        get_strategy(),
        DECLINES,
        context,
    )
    assert [part.names_question for part in reading.parts] == [False, True]


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


QUESTIONS = st.sampled_from(
    ["What is the fee?", "Is the $35.00 fee waived?", "What is left of the $1,200.00 budget?", "?"]
)
STATED = st.sampled_from(["$35.00", "$1,200.00", "$12.50", "35", "€35.00", "1,200.00"])
WORDS = st.sampled_from(["The fee is", "you pay", "after", "not", "[1]", "Source 2 lists", ","])


@settings(max_examples=300, deadline=None)
@given(QUESTIONS, st.lists(st.one_of(STATED, WORDS), min_size=1, max_size=8).map(" ".join))
def test_an_amount_is_from_the_question_where_the_question_states_its_value(question, answer):
    """An amount's value is looked up among the question's only where it states some: the same
    flags as looking it up in every case."""
    context = Context.of(question, [])
    reading = read_answer(answer, get_strategy(), DECLINES, context)
    for amount in reading.amounts:
        assert amount.from_question is (amount.what.value in context.question_amounts)
