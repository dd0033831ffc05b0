"""Citations (C001-C006, DESIGN 4.7): every way of citing a source, with a locator or as a
footnote (grader v4), and a locator that does not end the sentence; the documents cited and the
numbers no source was shown under; an invented source block after the answer; and the prompt's
answer label, dropped at the opening or the close of an answer.

The cases of the ways of citing, the invented block and the answer label were found by mutation
testing (`bench/mutate.py`): each is one a reader can check against DESIGN 4.7.
"""

import pytest

from grader.rules.citations import (
    cited_docs,
    cited_numbers,
    invented_block_start,
    mention_spans,
    unknown_numbers,
    without_answer_label,
)
from grader.rules.clauses import get_strategy
from grader.rules.declines import load_declines
from grader.rules.reading import read_answer
from grader.schema import Source

# --- with a locator or as footnotes (grader v4) -----------------------------------------------


CITED = {
    # what cites
    "a-page-after-the-number": ("The deductible is $500.00 [2, p. 14].", (2,)),
    "pages-after-the-number": ("The lease runs twelve months [2, pp. 14-15].", (2,)),
    "a-section-after-a-semicolon": ("The dose is 5 mg [1; sec. 3.2].", (1,)),
    "a-paragraph": ("Napoleon returned in 1815 [4, para 7].", (4,)),
    "two-sources-and-a-page": ("The club was founded in 1878 [1, 2, p. 7].", (1, 2)),
    "a-source-word-and-a-page": ("The premium is $812.00 [Source 2, p. 9].", (2,)),
    "a-footnote": ("The trial enrolled 412 patients [^3].", (3,)),
    "a-footnote-glued": ("The fee is waived for students[^12].", (12,)),
    "source-in-brackets": ("The rent is due on the first (Source 1).", (1,)),
    "source-in-brackets-with-a-page": ("The rent is $1,450.00 (Source 1, p. 4).", (1,)),
    # what does not: a locator alone, a year, a page number mistaken for a source
    "a-locator-alone": ("See the schedule [p. 14].", ()),
    "a-year-in-brackets": ("The treaty was signed in 1815 [1815].", ()),
    "a-page-is-no-second-source": ("The team won the cup [2, page 140].", (2,)),
}


@pytest.mark.parametrize(("text", "numbers"), list(CITED.values()), ids=list(CITED.keys()))
def test_citations_with_a_locator_or_as_footnotes(text, numbers):
    assert cited_numbers(text) == numbers


@pytest.mark.parametrize(
    ("answer", "cited", "sentences"),
    [
        ("The deductible is $500.00 [2, p. 14]. Hail is covered [1].", (2, 1), 2),
        ("The dose is 5 mg [1, sec. 3]. It is taken daily [1].", (1,), 2),
    ],
    ids=["a-page", "a-section"],
)
def test_a_locator_does_not_end_the_sentence(answer, cited, sentences):
    """ "[2, p. 14]" was cut after "p." and cited nothing."""
    reading = read_answer(answer, get_strategy(), load_declines())
    assert (reading.cited, len(reading.sentences)) == (cited, sentences)


# --- ways of citing, invented blocks, the answer label ----------------------------------------

WAYS_OF_CITING = [
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
    [case[1:] for case in WAYS_OF_CITING],
    ids=[case[0] for case in WAYS_OF_CITING],
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


# --- the answer label at the close ------------------------------------------------------------


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
