"""Text laid out as a scanned page (DESIGN 4.0, `grader.rules.normalize.without_page_layout`): a
word broken at a line's end with a hyphen is joined, the hyphen dropped inside a word and kept at
a compound's own; a page's furniture on a line of its own is dropped (a page number between
dashes anywhere, other furniture only inside a word broken across it); and what must never be
read so (a number alone on a line, a list's item, a minus sign, a rule, a dash after a space, a
word cut off with no hyphen). Cases written for this project (law reports, medical textbooks,
sport almanacs, history books, chemistry manuals, cooking, music), none taken from a benchmark.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.normalize import without_page_layout, without_page_layout_by_definition
from grader.rules.sentences import answer_sentences
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

# --- what is read -------------------------------------------------------------------------------

READ = [
    # (text as the scan laid it out, the text as its sentences)
    # a word broken inside itself: joined, the hyphen dropped
    ("the plaintiff, Mrs Donog-\nhue, drank", "the plaintiff, Mrs Donoghue, drank"),
    ("dependent on injected in-\nsulin for life", "dependent on injected insulin for life"),
    ("led by Cae-\nsar across", "led by Caesar across"),
    ("beat into the mascar-\npone until smooth", "beat into the mascarpone until smooth"),
    ("the gas is hy-\ndrogen.", "the gas is hydrogen."),  # two letters before the break
    ("(anti-\nseptic)", "(antiseptic)"),  # an opening bracket before the word
    ("'Tos-\nca' was first", "'Tosca' was first"),
    ("the Brandenburg Con-  \n   certos", "the Brandenburg Concertos"),  # spaces around
    ("the won-\r\nder\r\nof it", "the wonder\r\nof it"),  # a line break of two characters
    ("a whole sen-\ntence broken twi-\nce over", "a whole sentence broken twice over"),
    ("Ox\u00ad\nford", "Oxford"),  # a soft hyphen marks a break and nothing else
    ("OX\u00ad\nFORD", "OXFORD"),
    ("the re-\nsult", "the result"),
    # a compound of other words broken at its hyphen is not told from a broken word: joined
    # without it, the key matched either way (each part of three letters or more); a part of two
    # letters is the cost, decided ("reelected" does not say "re-elected")
    ("a well-\nknown case", "a wellknown case"),
    ("he was re-\nelected in 1936", "he was reelected in 1936"),
    # a compound broken at its own hyphen: joined, the hyphen kept
    ("built by Rolls-\nRoyce at Derby", "built by Rolls-Royce at Derby"),  # a capital after
    ("the Austro-\nHungarian army", "the Austro-Hungarian army"),
    ("the COVID-\n19 wards", "the COVID-19 wards"),  # a digit after
    ("the war of 1914-\n1918 ended", "the war of 1914-1918 ended"),
    ("an X-\nray of the chest", "an X-ray of the chest"),  # one letter before
    ("by e-\nmail", "by e-mail"),
    ("his mother-in-\nlaw", "his mother-in-law"),  # a word with a hyphen already
    ("a 19th-\ncentury reform", "a 19th-century reform"),  # a digit in the word
    ("twenty-\nfive overs", "twenty-five overs"),  # a number's tens
    ("the Forty-\nsecond Regiment", "the Forty-second Regiment"),
    # a page's furniture: a page number between dashes, anywhere in a longer text
    ("the anti-\n\u2014 214 \u2014\nseptic method", "the antiseptic method"),
    ("the gas evolved is hydro-\n- 37 -\ngen", "the gas evolved is hydrogen"),
    ("the final whistle.\n\u2013112\u2013\nThe replay", "the final whistle.\nThe replay"),
    (
        "published The Gentleman and Cabinet-\n\u2014 56 \u2014",
        "published The Gentleman and Cabinet-",
    ),
    ("\u2014 9 \u2014\nThe court held", "The court held"),
    # other furniture, inside a word broken across it
    ("the anti-\n214\nseptic method", "the antiseptic method"),
    ("the appel-\nPage 88\nlant", "the appellant"),
    ("the appel-\np. 88\nlant", "the appellant"),
    ("a sul-\nCHAPTER XII\nphate", "a sulphate"),
    ("a sul-\nChapter 12\nphate", "a sulphate"),
    ("the opera-\n214 THE LIFE OF VERDI\ntion", "the operation"),
    ("the opera-\nTHE LIFE OF VERDI 215\ntion", "the operation"),
    # a line after it in capitals: no word goes on across it, so a number alone is no furniture
    # (and the word before is a compound with it, as "COVID-\n19" is)
    ("a sul-\n12\nThe court", "a sul-12\nThe court"),
]


@pytest.mark.parametrize(("text", "read"), READ, ids=case_id)
def test_a_scanned_page_is_read_as_its_sentences(text: str, read: str) -> None:
    assert without_page_layout(text) == read


NEVER = [
    # a number alone on a line outside a broken word: a figure of the sentence, or the answer
    "The adult skeleton has\n206\nbones.",
    "214",
    "Goals by season:\n31\n28\n35",
    "the final whistle.\n112\nThe replay",
    "206\nbones in the adult skele-",  # the answer's number first, the excerpt cut off after
    "the anti-\n",  # the text ends: no word goes on after the break
    # other furniture outside a broken word: a reference of the sentence
    "as described in\nChapter 12\nof the guide",
    "see\nPage 12\nfor the dosage",
    "CHAPTER XII\nThe trial opened in May.",
    # a number between dashes that is the whole answer, or with no words beside it
    "\u2014 214 \u2014",
    "- 3 -\n- 2 -",
    "Full time:\n37 -\n35",  # a dash on one side only: a score
    # a list's item, a minus sign, a rule, a table's rule row
    "Calibres:\n- 37 mm\n- 40 mm",
    "The low that night was\n-37\non the plateau",
    "First half\n---\nSecond half",
    "| Drug | Dose |\n|---|---|\n| Aspirin | 75 mg |",
    # a dash after a space or a mark, a hyphen before a line that opens with no letter or digit
    "the answer is -\nnone",
    "the answer is -\n214\nnone",  # a number alone after a dash that is a dash
    "and so on, etc.-\nthe list",
    "Symptoms: pain-\n- fever",
    "a broken Lis-\n\nter",  # a blank line between: a paragraph ends there
    "the score was 3-\n(after extra time)",
    # a word cut off with no hyphen; a hyphen at the text's end; an excerpt's dots
    "The capital of Australia is Canb",
    "The capital of Australia is Canb-",
    "...and so the knight rode on",
    "the garrison surrendered...",
    # a hyphen inside a line: no break
    "a well-known case\nheard in 1932",
]


@pytest.mark.parametrize("text", NEVER, ids=case_id)
def test_what_is_no_scanned_layout_is_read_as_it_stands(text: str) -> None:
    assert without_page_layout(text) == text


def test_the_sentences_of_a_scanned_page() -> None:
    """An answer's sentences read the page's sentences: the broken word whole, the page number
    no sentence of its own."""
    sentences, _invented, _working = answer_sentences(
        "The bacillus was first isolated by Ro-\nbert Koch in 1882.\n\u2014 37 \u2014\nHe was"
        " awar-\nded the Nobel Prize in 1905."
    )
    assert sentences == [
        "The bacillus was first isolated by Robert Koch in 1882.",
        "He was awarded the Nobel Prize in 1905.",
    ]


# --- what is graded -----------------------------------------------------------------------------

GRADED = [
    # (question, accepted answers, answer, verdict)
    (
        "Which case established the neighbour principle in negligence?",
        ("Donoghue v Stevenson",),
        "The neighbour principle was laid down by Lord Atkin in Donog-\nhue v Stevenson, a case"
        " about a snail in a bottle of ginger beer.",
        CORRECT,
    ),
    (
        "Which hormone is lacking in type 1 diabetes?",
        ("insulin",),
        "In the juvenile form the islets fail, and the patient depends on injected in-\nsulin for"
        " the rest of life.",
        CORRECT,
    ),
    (
        "Which Roman general crossed the Rubicon in 49 BC?",
        ("Julius Caesar", "Caesar"),
        "...and in January of that year Cae-\n\u2014 118 \u2014\nsar led the Thirteenth Legion"
        " across the river, saying that the die was cast.",
        CORRECT,
    ),
    (
        "Which gas is given off when zinc reacts with dilute hydrochloric acid?",
        ("hydrogen",),
        "Zinc dissolves in the dilute acid with brisk effervescence, the gas evolved being hydro-\n"
        "- 37 -\ngen, which burns with a squeaky pop.",
        CORRECT,
    ),
    (
        "Which cheese goes into a traditional tiramisu?",
        ("mascarpone",),
        "The cream is made by beating egg yolks and sugar into the mascar-\npone until smooth",
        CORRECT,
    ),
    (
        "Which company built the Merlin aero engine?",
        ("Rolls-Royce",),
        "The Merlin was designed and built by Rolls-\nRoyce at Derby.",
        CORRECT,
    ),
    (
        "How many overs a side was the rain-shortened final?",
        ("25",),
        "The final was cut to twenty-\nfive overs a side after the storm.",
        CORRECT,
    ),
    (
        "Which composer wrote the opera Tosca?",
        ("Giacomo Puccini", "Puccini"),
        "Tosca was first given in Rome in January 1900; its composer, Puc-\n214\ncini, had"
        " seen Sardou's play in Milan.",
        CORRECT,
    ),
    (
        "What kind of painting is Rembrandt's canvas of 1659 in Washington?",
        ("self-portrait",),
        "The canvas of 1659 is a self-\nportrait, painted in the years of his insolvency.",
        CORRECT,
    ),
    # never: a number alone on a line is the sentence's figure, and an answer alone
    (
        "How many bones are in the adult human skeleton?",
        ("206",),
        "The adult skeleton has\n206\nbones.",
        CORRECT,
    ),
    ("How many bones are in the adult human skeleton?", ("206",), "206", CORRECT),
    # never: a compound of one letter joined without its hyphen
    (
        "Which imaging test first showed the fracture?",
        ("X-ray",),
        "The fracture was first seen on an X-\nray taken at the casualty department.",
        CORRECT,
    ),
    # never: a word cut off with no hyphen, or a hyphen with nothing after it, completed
    ("What is the capital of Australia?", ("Canberra",), "The capital of Australia is Canb", WRONG),
    (
        "What is the capital of Australia?",
        ("Canberra",),
        "The capital of Australia is Canb-",
        WRONG,
    ),
    # never: a broken word joined to another word than the key
    (
        "Which river flows through Florence?",
        ("Arno",),
        "Florence stands on the Ar-\nbia, a tributary that joins further south.",
        WRONG,
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), GRADED, ids=case_id)
def test_a_scanned_page_is_graded_as_its_sentences_read(
    question: str, accepted: tuple[str, ...], answer: str, verdict: str
) -> None:
    assert grade(question, accepted, answer).verdict == verdict


# --- the shortcut -------------------------------------------------------------------------------

PIECES = st.sampled_from(
    ["Lis-", "ter", "\n", "\r\n", " ", "\u2014 214 \u2014", "214", "- 37 -", "Page 9", "-", "A"]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=30), st.lists(PIECES, max_size=8).map("".join)))
def test_a_page_layout_is_looked_for_only_across_a_line_break(text: str) -> None:
    """`without_page_layout` returns a text with no line break as it stands: its definition
    changes none (furniture and a break stand at lines' ends)."""
    assert without_page_layout(text) == without_page_layout_by_definition(text)
