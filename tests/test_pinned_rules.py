"""Rules pinned case by case: behaviour of the grader's rules that no other test held, found by
mutation testing (`bench/mutate.py`, ``make mutate``). Each case is one a reader can check
against DESIGN section 4; the module docstrings of ``grader/rules/`` say the same in prose."""

from decimal import Decimal

import pytest

from grader.errors import GraderConfigError
from grader.rules.citations import (
    cited_docs,
    cited_numbers,
    invented_block_start,
    mention_spans,
    unknown_numbers,
    without_answer_label,
)
from grader.rules.clauses import get_strategy
from grader.rules.context import Context, names_question, question_subject
from grader.rules.declines import (
    DeclinePhrase,
    decline_list_from_dict,
    dump_declines,
    load_declines,
)
from grader.rules.money import find_amounts
from grader.rules.money_keys import MoneyKey, bare_figures
from grader.rules.reading import read_answer
from grader.rules.sentences import split_sentences
from grader.schema import Source

D = Decimal
DECLINES = load_declines()
# The rules' word lists, written out here rather than read from the modules: a word dropped from
# a module's list must fail a case.
OPENERS = "as and also however so thus therefore yes no but finally moreover additionally".split()
ABBREVIATIONS = (
    "e.g i.e u.s u.k inc no vs approx mr mrs ms dr co corp ltd st jr fig figs sr est dept".split()
)
ARITHMETIC = ("after", "subtracting", "net of", "so", "therefore", "thus", "hence", "minus")
RESULT = [
    *"is are was were be pay pays paid owe owes total totals totaled leaves left becomes".split(),
    *("equals", "gives", "comes to", "come to"),
]


def parts_of(answer: str) -> list[tuple[str, str | None]]:
    """Each part of an answer (default strategy, shipped decline list) and its decline's words."""
    reading = read_answer(answer, get_strategy(), DECLINES)
    return [(part.text, part.decline.words if part.decline else None) for part in reading.parts]


# --- money ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "negative"),
    [
        ("-$10,020.00", True),
        ("$-20.00", True),
        ("$(1,577) million", True),
        ("-20.00 dollars", True),
        ("($1,200.00)", True),
        ("Net: ($3.2 million)", True),
        ("a net loss of ($3.2 million)", True),
        ("cash from operations in FY 2023 ($1.8 bn)", False),
        ("$20.00", False),
    ],
    ids=[
        "minus before the currency",
        "minus after the currency",
        "brackets after the currency",
        "minus before a currency written after",
        "brackets opening the text",
        "brackets after a colon",
        "brackets after 'of'",
        "brackets after a word are an aside",
        "no sign",
    ],
)
def test_an_amount_is_negative_by_its_sign_or_its_brackets(text, negative):
    (amount,) = find_amounts(text)
    assert amount.negative is negative


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("$1234,567", []),
        ("$1,234,567", ["1234567"]),
        ("$1234567", ["1234567"]),
    ],
    ids=["$1234,567 is no amount", "$1,234,567", "$1234567"],
)
def test_digit_groups_are_read_whole_or_not_at_all(text, values):
    assert [amount.value for amount in find_amounts(text)] == [D(v) for v in values]


@pytest.mark.parametrize(
    ("answer", "unit", "matches"),
    [
        ("$381.50", "", True),
        ("$381.49", "", False),
        ("$382.50", "", True),
        ("$382.51", "", False),
        ("$381.5 million", "million", True),
        ("$381.4 million", "million", False),
        ("$382.5 million", "million", True),
        ("$382.6 million", "million", False),
    ],
    ids=[
        "half a step below matches",
        "past half a step below",
        "half a step above matches",
        "past half a step above",
        "in millions: half a step below",
        "in millions: past half a step below",
        "in millions: half a step above",
        "in millions: past half a step above",
    ],
)
def test_a_key_of_precision_1_matches_within_half_a_step(answer, unit, matches):
    """Gold precision "1": the key is rounded to the unit, so half a unit either way matches."""
    key = MoneyKey.of("$382", unit=unit, precision="1")
    (amount,) = find_amounts(answer)
    assert key.matches_amount(amount, False) is matches
    assert key.matches(amount.value) is matches


@pytest.mark.parametrize(
    "text",
    ["a rise of 1,250%", "1,250]", "1,250/", "1,250 /", "44,322 percent", "44,322 per cent"],
    ids=["a percentage", "a bracket", "a slash", "a slash after a space", "percent", "per cent"],
)
def test_a_number_before_a_percent_sign_a_bracket_or_a_slash_is_no_figure(text):
    assert bare_figures(text) == []


# --- declines ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("The documents say nothing about the fee.", "say nothing about"),
        ("The filing mentions nothing about a fee.", "mentions nothing about"),
        ("The provided documents lack the fee.", "lack"),
    ],
    ids=["say* nothing about", "mention* nothing about", "lack*"],
)
def test_a_phrase_whose_first_word_is_starred_is_found_in_its_forms(answer, words):
    assert parts_of(answer) == [(answer, words)]


@pytest.mark.parametrize(
    ("answer", "declines"),
    [
        ("Based on the documents, the fee is $5; the documents do not provide the late fee.", True),
        ("Based on the documents, the fee is $5; they do not provide the late fee.", False),
    ],
    ids=["the sources named in the declining part", "the sources named only in the frame"],
)
def test_an_opening_frame_is_left_out_of_the_first_part_only(answer, declines):
    """The frame ("Based on the documents,") does not satisfy the condition of a later part's
    phrase; the later part's own words still do, even where they stand within as many
    characters of its start as the frame is long."""
    (_, first), (_, second) = parts_of(answer)
    assert first is None
    assert (second is not None) is declines


def test_of_phrases_starting_at_the_same_word_the_earlier_on_the_list_wins():
    phrases = [{"phrase": "not stated", "why": "a"}, {"phrase": "not {stated|given}", "why": "b"}]
    found = decline_list_from_dict({"phrases": phrases}).find(["the fee is not stated"], 0)
    assert found is not None and found.phrase.why == "a"


def test_a_list_written_out_keeps_every_note_of_a_phrase():
    phrase = {"phrase": "not stated", "why": "w", "observed": "o", "override": "v"}
    declines = decline_list_from_dict({"phrases": [phrase]})
    assert b'"override": "v"' in dump_declines(declines)
    assert b'"observed": "o"' in dump_declines(declines)


def test_an_unknown_condition_is_named_with_the_list_it_is_missing_from():
    phrase = {"phrase": "not given", "why": "", "requires": "sources"}
    message = "decline list: phrase 'not given' requires an unknown condition 'sources' "
    with pytest.raises(GraderConfigError, match=rf"^{message}\(known: none\)$"):
        decline_list_from_dict({"phrases": [phrase]})
    with pytest.raises(GraderConfigError, match=rf"^{message}\(known: none\)$"):
        decline_list_from_dict({}).with_phrase(DeclinePhrase("not given", "", requires="sources"))


# --- citations --------------------------------------------------------------------------------

CITED = [
    ("Doc 4 cites source 4", "Doc 4 says so", (4,), True),
    ("document 4", "as document 4 shows", (4,), True),
    ("Docs 2 & 3", "Docs 2 & 3 agree", (2, 3), True),
    ("Source #2", "Source #2", (2,), True),
    ("Source:2", "Source:2", (2,), True),
    ("(Source: 1)", "(Source: 1)", (1,), True),
    ("Sources 1 and 2", "Sources 1 and 2", (1, 2), True),
    ("Source 2; 3", "Source 2; 3", (2, 3), True),
    ("sources 1 or 2", "see sources 1 or 2", (1, 2), True),
    ("Source 1, 2023 is source 1", "Source 1, 2023", (1,), True),
    ("Source 1234 is no source", "Source 1234", (), False),
    ("[Document: #4]", "[Document: #4]", (4,), True),
    ("【3†L10-L15】", "【3†L10-L15】", (3,), False),
    ("【1】", "【1】", (1,), False),
    ("[ 1 ]", "[ 1 ]", (1,), False),
    ("[1, 2]", "[1, 2]", (1, 2), False),
    ("[1 , 2]", "[1 , 2]", (1, 2), False),
    ("[1 and 2]", "[1 and 2]", (1, 2), False),
    ("[1][2]", "[1][2]", (1, 2), False),
    ("[1-3] is 1, 2 and 3", "[1-3]", (1, 2, 3), False),
    ("[3-1] is its ends", "[3-1]", (1, 3), False),
    ("[1-51] is a range of 50", "[1-51]", tuple(range(1, 52)), False),
    ("[1-52] is its ends", "[1-52]", (1, 52), False),
    ("[Source:2] before [1]", "[Source:2] and [1]", (2, 1), True),
    ("[Source #2] before [1]", "[Source #2] and [1]", (2, 1), True),
    ("no citation", "The fee is $5.", (), False),
]


@pytest.mark.parametrize(
    ("text", "numbers", "mentions"),
    [case[1:] for case in CITED],
    ids=[case[0] for case in CITED],
)
def test_every_way_of_citing_a_source(text, numbers, mentions):
    """A marker or a mention cites its numbers, each once, in the order they are written;
    only a mention (a source named in words) is a mention span."""
    assert cited_numbers(text) == numbers
    assert (mention_spans(text) != []) is mentions
    assert isinstance(mention_spans(text), list)


@pytest.mark.parametrize(
    ("answer", "invented"),
    [
        ("The fee is $5 [1].\nSources: bill.pdf", True),
        ("The fee is $5 [1].\nSource: bill.pdf", True),
        ("The fee is $5 [1].\n  Sources: bill.pdf", True),
        ("The fee is $5 [1].\nquestion: what else?", True),
        ("The fee is $5 [1].\n[2] (more text", True),
        ("The fee is $5 [1]. [6] (Lease, page 1) Rent is due", True),
        ("The fee is $5 [1].\nSources: [1], [2]", False),
        ("The fee is $5 [1].\nSources: [1] and [2]", False),
        ("The fee is $5 [1].\nSources: [1]; [2]\n", False),
        ("The fee is $5 [1].", False),
    ],
    ids=[
        "a line 'Sources:'",
        "a line 'Source:'",
        "an indented line 'Sources:'",
        "a line 'question:'",
        "a line opening '[2] ('",
        "'[6] (Title, page 1)' after the answer",
        "'Sources: [1], [2]' cites",
        "'Sources: [1] and [2]' cites",
        "'Sources: [1]; [2]' cites",
        "no block",
    ],
)
def test_an_invented_source_block_starts_after_the_answer(answer, invented):
    start = invented_block_start(answer)
    assert (start is not None) is invented
    if invented:
        assert answer[:start].rstrip() in ("The fee is $5 [1].", "The fee is $5 [1]")


@pytest.mark.parametrize(
    ("answer", "read"),
    [
        ("Answer: The fee is $5 [1].", "The fee is $5 [1]."),
        ("  answer:$5", "$5"),
        ("Answer : $5", "$5"),
        ("Question: What is the fee?\nAnswer: $5 [1]", "$5 [1]"),
        ("The fee is $2 + $3.\nAnswer: $5 [1]", "The fee is $2 + $3.\n$5 [1]"),
        ("The fee is $2 + $3.\n  Answer:\t$5 [1]", "The fee is $2 + $3.\n$5 [1]"),
        ("The answer: $5", "The answer: $5"),
        ("The answer is $5.", "The answer is $5."),
    ],
    ids=[
        "an opening label",
        "a label without a space after it",
        "a label with a space before its colon",
        "an echoed question and the label",
        "a closing 'Answer:' line",
        "an indented closing line",
        "'answer:' inside a line is no label",
        "no label",
    ],
)
def test_the_prompt_s_answer_label_is_dropped(answer, read):
    assert without_answer_label(answer) == read


def test_the_documents_cited_and_the_numbers_no_source_was_shown_under():
    sources = [Source(1, "bill"), Source(2, "lease")]
    assert cited_docs([1, 3], sources) == frozenset({"bill"})
    assert cited_docs([], sources) == frozenset()
    assert unknown_numbers([3, 1, 4], sources) == (3, 4)
    assert unknown_numbers([1, 2], sources) == ()


# --- clauses ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "asserted"),
    [
        (
            "The balances listed in Source 2 stand at $42.99.",
            "The balances listed in Source 2 stand at $42.99.",
        ),
        (
            "The balance listed in Source 2 stands at $42.99.",
            "The balance listed in Source 2 stands at $42.99.",
        ),
        ("The fee is $34.00, as shown in Source 2.", "The fee is $34.00, as shown in Source 2."),
        (
            "(Source 2 lists the fees) the late fee is $42.99.",
            "(Source 2 lists the fees) the late fee is $42.99.",
        ),
        (
            "The note (page 4) says that Source 3 lists $42.99 (rounded).",
            "The note (page 4) says that",
        ),
        (
            "Source 2 lists $42.99, though the amount due is $26.99.",
            ", though the amount due is $26.99.",
        ),
    ],
    ids=[
        "'stand at' after a mention in the subject",
        "'stands at' after a mention in the subject",
        "a closing reference backs the whole sentence",
        "a bracket opening the sentence backs",
        "a bracket closed before the mention does not",
        "', though' hands the sentence back",
    ],
)
def test_what_a_sentence_asserts(sentence, asserted):
    assert get_strategy().split(sentence).asserted == asserted


@pytest.mark.parametrize(
    "opener", OPENERS, ids=lambda word: f"'{word.capitalize()} Source 2 shows'"
)
def test_an_opener_word_before_a_source_keeps_it_opening_the_sentence(opener):
    """Under first-report, a source that opens the sentence is adopted; opener words ("As",
    "So", "However", ...) may stand before it. Another word ("Then") makes it a report."""
    first_report = get_strategy("first-report")
    sentence = f"{opener.capitalize()} Source 2 shows the fee is $34.00."
    assert first_report.split(sentence).asserted == sentence
    assert first_report.split("Then Source 2 shows the fee is $34.00.").asserted == "Then"


# --- reading ----------------------------------------------------------------------------------


@pytest.mark.parametrize("abbreviation", ABBREVIATIONS, ids=lambda word: f"'{word}.'")
def test_a_period_after_an_abbreviation_ends_no_sentence(abbreviation):
    """ "No. 5", "e.g.", "Inc." ...: each entry of the list, before a capitalised word."""
    text = f"See {abbreviation}. Twelve apply."
    assert split_sentences(text) == [text]
    assert split_sentences("It is done. Twelve apply.") == ["It is done.", "Twelve apply."]


def test_a_line_that_goes_on_in_lower_case_is_one_sentence():
    assert split_sentences("The fee\nis $5.") == ["The fee is $5."]
    assert split_sentences("The fee.\nThe tax is $1.") == ["The fee.", "The tax is $1."]


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
    ("figures", "alternative"),
    [
        ("either $18.00 or $24.00", True),
        ("$18 or $24", True),
        ("$40-$50", True),
        ("between $18 and $24", True),
        ("$18 to $24", True),
        ("$18 and $24", False),
        ("from $18 to $24", False),
        ("$5 or $5.00", False),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_figures_joined_as_alternatives_or_a_range(figures, alternative):
    reading = read_answer(f"The fee is {figures}.", get_strategy(), DECLINES)
    assert [item.alternative for item in reading.amounts] == [alternative, alternative]


@pytest.mark.parametrize(
    ("amount", "grounded"),
    [
        ("$42.99", True),
        ("$1,577 million", True),
        ("$4.31 billion", True),
        ("$43.00", False),
        ("$4.3 billion", False),
    ],
    ids=[
        "the same amount",
        "the number a table in millions prints",
        "a scale word rounding a source's amount",
        "another amount",
        "rounded to fewer than three digits",
    ],
)
def test_a_source_grounds_an_amount(amount, grounded):
    context = Context.of(
        "", ["Amount due $42.99", "Capex (in millions) 1,577", "Total $4,308 million"]
    )
    (found,) = find_amounts(amount)
    assert context.grounds(found) is grounded


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


@pytest.mark.parametrize(
    ("answer", "polarity"),
    [
        ("Based on the provided data, yes, it did.", "yes"),
        ("According to the filing, no.", "no"),
        ("In summary: yes.", "yes"),
        ("Given the 10-K, No, it did not.", "no"),
        ("Yes.", "yes"),
        ("No longer.", ""),
        ("No one knows.", ""),
    ],
    ids=lambda value: value if value not in ("yes", "no", "") else None,
)
def test_the_yes_or_no_an_answer_opens_with_after_a_frame(answer, polarity):
    assert read_answer(answer, get_strategy(), DECLINES).polarity == polarity
