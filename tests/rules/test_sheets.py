"""An answer exported as a sheet's rows (grader/rules/sheets.py; DESIGN 4.1): a CSV, a TSV, a
text grid or a markdown table with a column of answers read as that column's value, a column
of candidates with one of marks read as the row marked, a cell's value as a sheet writes it, a
formula line set aside before its value; and what must never be read so (a comma list, a
sentence with commas, a header with no column of answers, a header only, a row of another
number of cells, a line opening "=" that is no formula). Cases written for this project
(medicine, sport, law, music, cooking, geography, astronomy, chemistry).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.sentences import answer_sentences, tabled_answer
from grader.rules.sheets import (
    as_percentage,
    cell_value,
    formula_working,
    sheet_tables,
    sheet_tables_by_definition,
)
from grader.rules.verdict import CORRECT, PARTIAL, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

# --- what is read -------------------------------------------------------------------------------

READ = [
    # (question, answer, the answer's sentences, the working set aside)
    # a CSV with a column of answers: its one row's cell, the row set aside
    (
        "Which drug is the first choice for anaphylaxis?",
        "question,answer,confidence\nanaphylaxis first line,Adrenaline,0.93",
        ["Adrenaline"],
        "anaphylaxis first line, Adrenaline, 0.93",
    ),
    (
        "Which court decided Donoghue v Stevenson?",
        "id,question,predicted_answer\n88,court donoghue stevenson,House of Lords",
        ["House of Lords"],
        "88, court donoghue stevenson, House of Lords",
    ),
    # a cell in quotes holds its comma: a number's thousands separator
    (
        "How many spectators watched the 1950 World Cup decider?",
        'question,answer\nmaracana crowd 1950,"173,850"',
        ["173,850"],
        "maracana crowd 1950, 173,850",
    ),
    # a TSV, and a text grid
    (
        "Which composer wrote The Rite of Spring?",
        "q_id\tanswer\tconf\n12\tStravinsky\t0.88",
        ["Stravinsky"],
        "12, Stravinsky, 0.88",
    ),
    (
        "Which planet has the Great Red Spot?",
        "+----+---------+\n| id | answer  |\n+----+---------+\n| 4  | Jupiter |\n+----+---------+",
        ["Jupiter"],
        "4, Jupiter",
    ),
    # a semicolon's sheet (a comma marks its decimals), a pipe's with no rule row
    (
        "Which river flows through Vienna?",
        "frage;answer;konfidenz\nfluss wien;Donau;0,91",
        ["Donau"],
        "fluss wien, Donau, 0,91",
    ),
    (
        "Which constellation holds Betelgeuse?",
        "id|answer|score\n31|Orion|0.97",
        ["Orion"],
        "31, Orion, 0.97",
    ),
    # a markdown table that no other reading reads, by its column of answers
    (
        "Which herb is the base of pesto?",
        "| row | answer | conf |\n|---|---|---|\n| 3 | Basil | 0.7 |",
        ["Basil"],
        "3, Basil, 0.7",
    ),
    # a cell's value as a sheet writes it
    (
        "How many players does a rugby union side field?",
        "question,answer\nplayers per side,1.5E+01",
        ["15"],
        "players per side, 1.5E+01",
    ),
    (
        "What is the pH of pure water at 25 C?",
        "question\tanswer\nph pure water\t7.00E+00",
        ["7"],
        "ph pure water, 7.00E+00",
    ),
    # no answer in the cell: "#N/A" is "N/A", another error and an empty cell nothing
    (
        "Which element has the symbol W?",
        "question,answer,confidence\nsymbol W,#N/A,#N/A",
        ["N/A"],
        "symbol W, #N/A, #N/A",
    ),
    (
        "Which element has the symbol W?",
        "question,answer\nsymbol W,#DIV/0!",
        [],
        "symbol W, #DIV/0!",
    ),
    ("Which element has the symbol W?", "question,answer,confidence\nsymbol W,,", [], "symbol W"),
    # several rows: left open, or a list where the question asks for several
    (
        "Which spice colours paella yellow?",
        "id,answer\n1,Saffron\n2,Turmeric",
        ["Either Saffron or Turmeric."],
        "1, Saffron\n2, Turmeric",
    ),
    (
        "Name the two spices that come from the nutmeg tree.",
        "id,answer\n1,Nutmeg\n2,Mace",
        ["- Nutmeg", "- Mace"],
        "1, Nutmeg\n2, Mace",
    ),
    # candidates and a column of marks, as a sheet writes a mark
    (
        "Who painted The Night Watch?",
        "candidate,score,selected\nVermeer,0.31,FALSE\nRembrandt,0.62,TRUE",
        ["Rembrandt"],
        "Vermeer, 0.31, FALSE\nRembrandt, 0.62, TRUE",
    ),
    (
        "Which bone is the longest in the body?",
        "| candidate | chosen |\n|---|---|\n| tibia | 0 |\n| femur | 1 |",
        ["femur"],
        "tibia, 0\nfemur, 1",
    ),
    (
        "Which club won the 1999 Champions League final?",
        "candidate,score,selected\nBayern,0.45,FALSE\nManchester United,0.40,FALSE",
        ["Either Bayern or Manchester United."],
        "Bayern, 0.45, FALSE\nManchester United, 0.40, FALSE",
    ),
    # prose around the rows is read as it stands
    (
        "What is the capital of Peru?",
        "Here is the export.\nquestion,answer\ncapital of peru,Lima\nDone.",
        ["Here is the export.", "Lima", "Done."],
        "capital of peru, Lima",
    ),
    # a formula line before its value: set aside, the value read
    (
        "Who composed the Nutcracker?",
        "=PROPER(C7)\nTchaikovsky",
        ["Tchaikovsky"],
        "=PROPER(C7)",
    ),
    (
        "Which valve lies between the left atrium and ventricle?",
        "B3: =VLOOKUP(A3,Sheet2!A:B,2,FALSE)\nMitral valve",
        ["Mitral valve"],
        "B3: =VLOOKUP(A3,Sheet2!A:B,2,FALSE)",
    ),
    ("How many minutes are in two hours?", "=B2*C2\n1.2E+02", ["120"], "=B2*C2"),
]


@pytest.mark.parametrize(("question", "answer", "sentences", "working"), READ, ids=case_id)
def test_a_sheets_rows_are_read_by_their_column_of_answers(question, answer, sentences, working):
    read, _invented, set_aside = answer_sentences(answer, question=question)
    assert read == sentences
    assert set_aside == working


# --- what is never read so ----------------------------------------------------------------------

NEVER = [
    "Red, white, blue",
    "The answer, in short, is Paris.",
    "Paris, France\nLyon, France",
    "name,opened\nBakken,1583\nTivoli,1843",  # (no column of answers)
    "city,country,population\nLagos,Nigeria,15 million",
    "answer,final_answer\nDover,Calais",  # (two columns of answers)
    "question,answer,confidence",  # (a header only)
    "question,answer\nfirst c++ year,1,979",  # (a row of another number of cells)
    "Answer: Paris, France\nCapital: yes, Paris",  # (a label, no column's name)
    "question\tanswer\nbest picture 1998,Titanic",  # (a tab's header, a comma's row)
    "| candidate | selected |\n|---|---|\n| Larry Wall | yes, by the jury |",  # (no mark)
    "It was 1.979E+03 years ago, roughly.",
    "We ran A | B testing on the answer | and the control.",  # (pipes in prose)
    "answer;confidence\nParis, 0.9",  # (a row without the header's delimiter)
]


@pytest.mark.parametrize("answer", NEVER, ids=case_id)
def test_what_is_no_sheet_is_read_as_it_stands(answer):
    assert tabled_answer(answer, question="Which one?") == ("", answer) or (
        "|" in answer and answer_sentences(answer)[2] == ""
    )
    assert formula_working(answer) == ("", answer)


FORMULA_NEVER = [
    "=== Results ===\nParis",
    "= 42\nParis",
    "==> done\nParis",
    "=trim(b14)\nEtosha",  # (a function's name in capitals)
    "x = SUM(A1:A3)\n12",  # (a formula inside a line)
    "=TRIM(B14)",  # (no line after it)
    "=TRIM(B14) gives Etosha\nEtosha National Park",  # (more after its bracket)
    "=TRIM(B14)\n\nEtosha",  # (a blank line after it)
]


@pytest.mark.parametrize("answer", FORMULA_NEVER, ids=case_id)
def test_a_line_that_is_no_formula_is_read_as_it_stands(answer):
    assert formula_working(answer) == ("", answer)


CELLS = [
    ("3.00E+00", "3"),
    ("1.979E+03", "1979"),
    ("2.5E-01", "0.25"),
    ("-4.2e+02", "-420"),
    ("0.00E+00", "0"),
    ("#N/A", "N/A"),
    ("#n/a", "N/A"),
    ("#VALUE!", ""),
    ("#REF!", ""),
    ("#NAME?", ""),
    # read as they stand: a date-time (the date's family reads its year), a number's grouping,
    # a decimal, a word, an exponent with nothing before it
    ("2004-01-01 00:00:00", "2004-01-01 00:00:00"),
    ("1,979", "1,979"),
    ("3.0", "3.0"),
    ("E+03", "E+03"),
    ("Etosha", "Etosha"),
    ("N/A", "N/A"),
]


@pytest.mark.parametrize(("cell", "value"), CELLS, ids=case_id)
def test_a_cell_is_read_as_a_sheet_writes_its_value(cell, value):
    assert cell_value(cell) == value


PERCENTAGES = [
    ("0.45", "45%"),
    (".071", "7.1%"),
    ("0.5", "50%"),
    # as they stand: a percentage, nought, one, more than one, a word, a year
    ("45%", "45%"),
    ("0", "0"),
    ("0.0", "0.0"),
    ("1", "1"),
    ("1.5", "1.5"),
    ("Kenya", "Kenya"),
    ("2004", "2004"),
]


@pytest.mark.parametrize(("value", "percentage"), PERCENTAGES, ids=case_id)
def test_a_fraction_is_read_as_the_percentage_a_sheet_stores_so(value, percentage):
    assert as_percentage(value) == percentage


# --- graded as read -----------------------------------------------------------------------------

GRADED = [
    (
        "Which gas do plants take in for photosynthesis?",
        ("Carbon dioxide", "CO2"),
        "question,answer,confidence\nplants take in gas,Carbon dioxide,0.9",
        CORRECT,
    ),
    (
        "Which gas do plants take in for photosynthesis?",
        ("Carbon dioxide", "CO2"),
        "question,answer,confidence\nplants take in gas,Oxygen,0.6",
        WRONG,
    ),
    (
        "How many strings has a standard violin?",
        ("4", "Four"),
        "q\tanswer\nstrings\t4.00E+00",
        CORRECT,
    ),
    (
        "In what year did Apollo 11 land?",
        ("1969",),
        "question,answer\napollo 11,1.969E+03",
        CORRECT,
    ),
    (
        "In what year did the Berlin Wall fall?",
        ("1989",),
        "question,answer\nberlin wall fell,1989-01-01 00:00:00",
        CORRECT,
    ),
    (
        "Which country hosted the 2016 Olympics?",
        ("Brazil",),
        "question,answer,confidence\nhost 2016,#N/A,0",
        WRONG,
    ),
    (
        "Who wrote The Trial?",
        ("Franz Kafka", "Kafka"),
        "candidate,score,selected\nKafka,0.7,TRUE\nCamus,0.2,FALSE",
        CORRECT,
    ),
    (
        "Who wrote The Trial?",
        ("Franz Kafka", "Kafka"),
        "candidate,score,selected\nCamus,0.5,TRUE\nKafka,0.4,FALSE",
        WRONG,
    ),
    (
        "Who wrote The Trial?",
        ("Franz Kafka", "Kafka"),
        "candidate,score,selected\nCamus,0.5,FALSE\nKafka,0.4,FALSE",
        PARTIAL,
    ),
    ("Which river flows through Cairo?", ("Nile",), "=UPPER(B2)\nNILE", CORRECT),
    # a fraction where a percentage is asked, and never where a proportion is
    (
        "What percentage of the human body is water?",
        ("60%",),
        "question,answer\nbody water share,0.6",
        CORRECT,
    ),
    (
        "Roughly what per cent of the vote did Macron win in 2017's run-off?",
        ("66%", "66.1%"),
        "id\tanswer\n5\t0.661",
        CORRECT,
    ),
    (
        "What proportion of an adult's bones are in the hands and feet?",
        ("0.52", "52%"),
        "question,answer\nhands and feet bones,0.52",
        CORRECT,
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), GRADED, ids=case_id)
def test_an_answer_exported_as_a_sheet_is_graded_as_read(question, accepted, answer, verdict):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, graded.labels


# --- the shortcut ---------------------------------------------------------------------------------

SHEET_PIECES = st.sampled_from(
    [
        ",",
        ";",
        "\t",
        "\n",
        " ",
        "|",
        "+--+",
        "question",
        "answer",
        "Answer",
        "id",
        "conf",
        "city",
        "Lima",
        "0.9",
        '"',
        "#N/A",
        "prediction",
        "selected",
        "TRUE",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(SHEET_PIECES, max_size=16).map("".join))
def test_a_sheet_is_looked_for_only_where_a_column_of_answers_is_named(text):
    """`sheet_tables` reads a text that names no column of answers or candidates as holding no
    sheet (its shortcut): it finds what its definition finds on every text."""
    lines = text.split("\n")
    assert sheet_tables(lines) == sheet_tables_by_definition(lines)
