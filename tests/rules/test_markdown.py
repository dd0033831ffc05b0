"""Markdown in chat answers (DESIGN 4.0, `grader.rules.normalize.without_markdown`): emphasis
marks are no words, a heading is a label over what follows, a table's header and rule rows
assert nothing and each other row is a sentence of its cells, a numbered list's markers are
bullets, no numbers; and what must never be read as
markdown (an asterisk that is no emphasis, a pipe outside a table, an identifier's
underscores). The cases are written here in several registers, none taken from a benchmark.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.normalize import has_markdown, without_markdown
from grader.rules.sentences import answer_sentences
from grader.rules.verdict import Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

# (markdown, what it reads as)
READ = [
    # emphasis: the marks go, the words stay
    ("**Yes.**", "Yes."),
    ("The capital is **Canberra**.", "The capital is Canberra."),
    ("Newton's *Principia* (1687)", "Newton's Principia (1687)"),
    ("__Wimbledon__ is on grass.", "Wimbledon is on grass."),
    ("It was _Hamlet_, Act 3.", "It was Hamlet, Act 3."),
    ("***Mozart***", "Mozart"),
    ("**Short answer:** metformin.", "Short answer: metformin."),
    ("Net income was **$4.2 billion**.", "Net income was $4.2 billion."),
    ("**I don't know.**", "I don't know."),
    ("*a **bold** word*", "a bold word"),  # nested: read until nothing changes
    # a heading is a label over what follows
    ("### Answer\nThe Treaty of Westphalia.", "Answer:\nThe Treaty of Westphalia."),
    ("## Bob Dylan\nHe won in 2016.", "Bob Dylan:\nHe won in 2016."),
    ("# Verdict: guilty", "Verdict: guilty"),
    # a table: header and rule rows go, a row is its cells joined by commas
    (
        "| Court | Year |\n|---|---|\n| Supreme Court | 1954 |",
        "Supreme Court, 1954",
    ),
    (
        "Composer | Opera\n:--- | ---:\nVerdi | Aida\nPuccini | Tosca",
        "Verdi, Aida\nPuccini, Tosca",
    ),
    (
        "Results:\n\n| Club | Points |\n| --- | --- |\n| Arsenal | 89 |\n\nA record.",
        "Results:\n\nArsenal, 89\n\nA record.",
    ),
    # a numbered list: its markers read as bullets, each item a line (geography, music)
    ("1. Paris\n2. Lyon", "- Paris\n- Lyon"),
    ("Mars has two moons:\n1) Phobos\n2) Deimos", "Mars has two moons:\n- Phobos\n- Deimos"),
    (
        "Steps:\n1. Tune the A string.\n\n2. Tune the D string.\n3. Tune the rest.",
        "Steps:\n- Tune the A string.\n\n- Tune the D string.\n- Tune the rest.",
    ),
    # a nested list, each indentation its own count (law)
    (
        "1. Courts\n   1. Supreme Court\n   2. Court of Appeal\n2. Tribunals",
        "- Courts\n   - Supreme Court\n   - Court of Appeal\n- Tribunals",
    ),
    # a list, then a number that continues no list (business)
    (
        "1. Revenue rose.\n2. Costs fell.\n7. Margins widened.",
        "- Revenue rose.\n- Costs fell.\n7. Margins widened.",
    ),
]

# text that holds the marks but is no markdown: read as written
KEPT = [
    "5 * 3 = 15",  # an asterisk between spaces
    "p*q is the product",  # glued inside a word
    "Revenue rose 12%*",  # a footnote mark
    "See note* below and note** above",
    "Use snake_case for names.",  # an identifier's underscore
    "The constructor is __init__.",  # a dunder name
    "We ran A|B testing on the page.",  # a pipe outside a table
    "| Court | Year |",  # a row with no rule row under it is no table
    "He was the #1 seed.",  # no heading without a space after its marks
    "#metoo began in 2017.",
    "** not emphasis **",  # marks that wrap spaces
    "2 ** 10 is 1024",
    # numbers that mark no numbered list
    "1. Paris is the capital.\nIt has 2.1 million people.",  # a list of one item is no list
    "1. Paris\n3. Rome",  # out of order
    "10. Finland\n11. Norway",  # not counted from 1
    "Output rose:\n3.5 million in 2022\n2.1 million before",  # decimals
    "1990. Founded in Leeds.\n1992. Listed in London.",  # years
    "Round 1. Ali danced.\nRound 2. Ali danced again.",  # inside a line
    "The team won 2-1.\nIt was 1) close and 2) late.",  # inside a line
]


@pytest.mark.parametrize(("text", "expected"), READ, ids=case_id)
def test_markdown_is_read_as_meant(text: str, expected: str) -> None:
    assert without_markdown(text) == expected


@pytest.mark.parametrize("text", KEPT, ids=case_id)
def test_what_is_no_markdown_is_kept(text: str) -> None:
    assert without_markdown(text) == text


@pytest.mark.parametrize("text", [text for text, _ in READ] + KEPT, ids=case_id)
def test_reading_twice_reads_nothing_more(text: str) -> None:
    once = without_markdown(text)
    assert without_markdown(once) == once


def test_a_table_row_is_a_sentence_and_its_header_none() -> None:
    sentences = answer_sentences("| Element | Discoverer |\n|---|---|\n| Radium | Marie Curie |")[0]
    assert sentences == ["Radium, Marie Curie"]


def test_bold_ends_a_sentence_where_its_full_stop_does() -> None:
    sentences = answer_sentences("**Yes.** The treaty was ratified in 1920.")[0]
    assert sentences == ["Yes.", "The treaty was ratified in 1920."]


def _verdict(accepted: tuple[str, ...], question: str, text: str) -> str:
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    answer = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=text)
    return Grader(citations=False).grade(answer).verdict


@pytest.mark.parametrize(
    ("accepted", "question", "text", "verdict"),
    [
        # a bold opener takes the side it names (politics, law)
        (
            ("Yes",),
            "Did the Senate ratify the treaty?",
            "**Yes.**\n- In 1920\n- By 66 to 30",
            "correct",
        ),
        (("No",), "Is the verdict final?", "**No.**\n- An appeal is pending", "correct"),
        (("Yes",), "Did the band split up?", "**No.** They toured in 2019.", "wrong"),
        # a bold answer inside a sentence (science, music)
        (("Oxygen",), "Which gas do plants release?", "Plants release **oxygen** [1].", "correct"),
        (("Nitrogen",), "Which gas do plants release?", "Plants release **oxygen**.", "wrong"),
        # a table's row is what it asserts (literature, sport)
        (
            ("Charlotte Bronte",),
            "Who wrote Jane Eyre?",
            "| Novel | Author |\n|---|---|\n| Jane Eyre | Charlotte Brontë |",
            "correct",
        ),
        (
            ("Brazil",),
            "Who won the 2002 World Cup?",
            "| Year | Winner |\n|---|---|\n| 2002 | Germany |",
            "wrong",
        ),
        # a heading over the answer (business)
        (
            ("Tim Cook",),
            "Who is Apple's CEO?",
            "### Answer\nTim Cook has led it since 2011.",
            "correct",
        ),
        # an amount in bold (finance) and a decline in bold
        (("$4.2 billion",), "What was the revenue?", "Revenue was **$4.2 billion**.", "correct"),
        (("Canberra",), "What is the capital of Australia?", "**I don't know.**", "wrong"),
        # a figure in bold after a negated bound is the bound (medicine); a negated figure is not
        (
            ("1200 mg",),
            "What is the daily maximum?",
            "Do not exceed **1,200 mg** a day.",
            "correct",
        ),
        (("1200 mg",), "What is the daily maximum?", "It is not **1,200 mg** but 800 mg.", "wrong"),
        # a numbered list's markers are no numbers of the answer (science, law, sport, music)
        (
            ("4", "four"),
            "How many strings has a violin?",
            "1. Four strings.\n2. Tuned in fifths.",
            "correct",
        ),
        (
            ("1", "one"),
            "How many Chief Justices sit on the US Supreme Court?",
            "1) The Chief Justice presides.\n2) Eight associate justices sit with him.",
            "wrong",
        ),
        (("2", "two"), "How many moons has Mars?", "1. Phobos\n2. Deimos", "wrong"),
        (
            ("2", "two"),
            "How many moons has Mars?",
            "1. Phobos\n2. Deimos\nSo it has two.",
            "correct",
        ),
        (("8", "eighth"), "In which round did Ali win?", "1. Round 8\n2. In Kinshasa", "correct"),
        (("Verdi",), "Who wrote Aida?", "1. Verdi\n2. In 1871", "correct"),
        # a number alone of its kind is read as written
        (("2", "two"), "How many moons has Mars?", "2. Phobos and Deimos.", "correct"),
    ],
    ids=case_id,
)
def test_markdown_answers_graded(
    accepted: tuple[str, ...], question: str, text: str, verdict: str
) -> None:
    assert _verdict(accepted, question, text) == verdict


MARKDOWN_PIECES = st.sampled_from(
    [
        "**",
        "*",
        "__",
        "_",
        "#",
        "## ",
        "|",
        "---",
        ":",
        "\n",
        " ",
        "Yes",
        "x",
        "1",
        "2",
        ".",
        ")",
        "$4",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(MARKDOWN_PIECES, max_size=12).map("".join))
def test_the_cheap_test_skips_only_text_markdown_leaves_alone(text: str) -> None:
    """`has_markdown` is the guard before `without_markdown`: a text it passes over is one
    `without_markdown` leaves as it is."""
    if not has_markdown(text):
        assert without_markdown(text) == text
    assert answer_sentences(text) is not None  # (and any text is read)
