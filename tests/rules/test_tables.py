"""An answer given as a table (grader/rules/sentences.py, `tabled_answer`; DESIGN 4.1): a table
of fields read as statements, each row "Name: value", a line of a list when there are several;
a table of candidates read as its chosen row's candidate, or as its candidates left open when
none is marked; and what must never be read so (a table of facts, a column of numbers that are
no scores, a table of three columns named as no candidates, pipes inside prose). Cases written
for this project (medicine, sport, law, history, science, cooking, music, geography).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.normalize import markdown_tables, without_markdown
from grader.rules.reading import read_answer
from grader.rules.sentences import answer_sentences, tabled_answer
from grader.rules.verdict import CORRECT, PARTIAL, WRONG
from tests.caseids import case_id
from tests.rules.shipped import DECLINES, grade

FIELDS = "| Field | Value |\n|---|---|\n"

# --- what is read -------------------------------------------------------------------------------

READ = [
    # (answer, the answer's sentences, the working set aside)
    # a table of fields: each row "Name: value", a line of a list when there are two or more
    (
        FIELDS + "| Drug | Metformin |\n| Class | Biguanide |\n| First approved | 1958 |",
        ["- Drug: Metformin", "- Class: Biguanide", "- First approved: 1958"],
        "",
    ),
    (
        "| **Attribute** | **Details** |\n|:---|:---|\n| Court | House of Lords |\n| Year | 1932 |",
        ["- Court: House of Lords", "- Year: 1932"],
        "",
    ),
    (
        "| Question | Answer |\n| --- | --- |\n| Composer of Tosca | Giacomo Puccini |",
        ["Composer of Tosca: Giacomo Puccini"],
        "",
    ),
    (
        "| Property | Value |\n|---|---|\n| Element | Tungsten |\n| Symbol | W |\n\nIt melts at"
        " 3,422 °C.",
        ["- Element: Tungsten", "- Symbol: W", "It melts at 3,422 °C."],
        "",
    ),
    # a table of fields with one answer field: its value is the answer, the rest working
    (
        FIELDS + "| Answer | Warfarin |\n| Confidence | 0.8 |\n| Alternative | Heparin |",
        ["Warfarin"],
        "Confidence: 0.8\nAlternative: Heparin",
    ),
    (
        "| Attribute | Value |\n|---|---|\n| Final answer | Offside |\n| Law | Law 11 [2] |",
        ["Offside"],
        "Law: Law 11 [2]",
    ),
    # two answer fields, or an empty one: the rows are statements
    (
        FIELDS + "| Answer | Warfarin |\n| Answer | Heparin |",
        ["- Answer: Warfarin", "- Answer: Heparin"],
        "",
    ),
    (
        FIELDS + "| Answer | |\n| Note | not in the notes |",
        ["- Answer", "- Note: not in the notes"],
        "",
    ),
    # a table of candidates, none marked: its candidates left open; the table set aside
    (
        "| Candidate | Score |\n|---|---|\n| Ligament | 0.64 |\n| Tendon | 0.30 |\n| Cartilage |"
        " 0.06 |",
        ["Either Ligament or Tendon or Cartilage."],
        "Ligament, 0.64\nTendon, 0.30\nCartilage, 0.06",
    ),
    (
        "| Year | Probability |\n|---|---|\n| 1215 | 80% |\n| 1216 | 20% |",
        ["Either 1215 or 1216."],
        "1215, 80%\n1216, 20%",
    ),
    (
        "| Candidate | Confidence (%) |\n|---|---|\n| Sodium | 70 |\n| Potassium | 30 |",
        ["Either Sodium or Potassium."],
        "Sodium, 70\nPotassium, 30",
    ),
    (
        "| Rank | Option | Reason |\n|---|---|---|\n| 2 | Baking soda | leavens |\n| 1 | Yeast |"
        " ferments |",
        ["Either Baking soda or Yeast."],
        "2, Baking soda, leavens\n1, Yeast, ferments",
    ),
    # scores as the one owner of a score's value reads them (`grader.rules.candidates.
    # written_score`): a decimal up to 1.0, a percentage down to 0% (chemistry, law)
    (
        "| Candidate | Confidence |\n|---|---|\n| Argon | 1.0 |\n| Neon | 0.0 |",
        ["Either Argon or Neon."],
        "Argon, 1.0\nNeon, 0.0",
    ),
    (
        "| Option | Probability |\n|---|---|\n| Tort | 100% |\n| Contract | 0% |",
        ["Either Tort or Contract."],
        "Tort, 100%\nContract, 0%",
    ),
    # one row marked chosen: that row's candidate; the table set aside
    (
        "| Candidate | Confidence | Chosen |\n|---|---|---|\n| Ligament | 0.64 | ✓ |\n| Tendon |"
        " 0.30 | |",
        ["Ligament"],
        "Ligament, 0.64, ✓\nTendon, 0.30",
    ),
    # the other check marks people type: a heavy one, a ballot box with a check
    (
        "| Candidate | Confidence | Chosen |\n|---|---|---|\n| Tetanus | 0.20 | |\n| Measles |"
        " 0.75 | ✔ |",
        ["Measles"],
        "Tetanus, 0.20\nMeasles, 0.75, ✔",
    ),
    (
        "| Option | Score | Picked |\n|---|---|---|\n| Naan | 0.4 | |\n| Matzo | 0.6 | ☑ |",
        ["Matzo"],
        "Naan, 0.4\nMatzo, 0.6, ☑",
    ),
    (
        "| Possible answer | Likelihood |\n|---|---|\n| Tendon | 35% |\n| Ligament (best) | 55% |",
        ["Ligament"],
        "Tendon, 35%\nLigament (best), 55%",
    ),
    (
        "| Candidate | Score |\n|---|---|\n| **Ligament** | 0.64 |\n| Tendon | 0.30 |",
        ["Ligament"],
        "**Ligament**, 0.64\nTendon, 0.30",
    ),
    (
        "| Option | Confidence | Selected |\n|---|---|---|\n| Verdi | 0.4 | no |\n| Puccini |"
        " 0.6 | yes |",
        ["Puccini"],
        "Verdi, 0.4, no\nPuccini, 0.6, yes",
    ),
    # a candidate named by a word of choice is no mark (sport)
    (
        "| Candidate | Score |\n|---|---|\n| Best | 0.5 |\n| Charlton | 0.5 |",
        ["Either Best or Charlton."],
        "Best, 0.5\nCharlton, 0.5",
    ),
    # a table of one candidate is its answer
    ("| Answer | Confidence |\n|---|---|\n| Puccini | 0.93 |", ["Puccini"], "Puccini, 0.93"),
    # prose around a table is read as it stands, a note under it included
    (
        "My candidates:\n| Candidate | Score |\n|---|---|\n| Verdi | 0.5 |\n| Puccini | 0.5 |\n"
        "Note: both wrote for La Scala.",
        ["My candidates:", "Either Verdi or Puccini.", "Note: both wrote for La Scala."],
        "Verdi, 0.5\nPuccini, 0.5",
    ),
]


@pytest.mark.parametrize(("answer", "read", "working"), READ, ids=case_id)
def test_a_table_of_fields_or_of_candidates_is_read_as_a_reader_reads_it(answer, read, working):
    sentences, _invented, set_aside = answer_sentences(answer)
    assert sentences == read
    assert set_aside == working


# --- never: the table read as markdown reads any table ------------------------------------------

AS_ANY_TABLE = [
    # a table of facts, whatever prose answers after it (history, literature)
    "| Year | Event |\n|---|---|\n| 1065 | Westminster Abbey consecrated |\n| 1066 | Battle of"
    " Hastings |\n\nSo it was 1066.",
    "| Novel | Author |\n|---|---|\n| Middlemarch | George Eliot |",
    # a table whose rows are the parts of a list the question asks for
    "| Sister | Born |\n|---|---|\n| Charlotte | 1816 |\n| Emily | 1818 |\n| Anne | 1820 |",
    # a table of fields of three columns, or whose header names no fields and values
    "| Field | Value | Source |\n|---|---|---|\n| Dose | 500 mg | BNF |",
    "| Drug | Dose |\n|---|---|\n| Metformin | 500 mg |\n| Gliclazide | 40 mg |",
    # a column of numbers that are no scores: years, goals, a share counted, ranks of facts
    "| Candidate | Score |\n|---|---|\n| Hastings | 1066 |\n| Stamford Bridge | 1066 |",
    "| Club | Score |\n|---|---|\n| Celtic | 2 |\n| Rangers | 1 |",
    "| Party | Vote share |\n|---|---|\n| Labour | 43% |\n| Conservative | 31% |",
    "| Rank | Country | Gold |\n|---|---|---|\n| 1 | Norway | 16 |\n| 2 | Germany | 12 |",
    "| Candidate | Score |\n|---|---|\n| Hydrogen | 1.5 |\n| Helium | 0.5 |",
    "| Candidate | Rank |\n|---|---|\n| Hydrogen | 1 |\n| Helium | 3 |",
    # whole numbers under a score's or a belief's header: a tally or points, no score (the one
    # owner of a score's value, `grader.rules.candidates.written_score`, reads none in them)
    "| Candidate | Score |\n|---|---|\n| Okafor | 1 |\n| Lindqvist | 0 |",
    "| Option | Likelihood |\n|---|---|\n| Sourdough | 1 |\n| Brioche | 0 |",
    # pipes inside prose, or a row with no rule row under it
    "We ran A | B testing on the two dosing schedules.",
    "| Field | Value |\n| Dose | 500 mg |",
]


@pytest.mark.parametrize("answer", AS_ANY_TABLE, ids=case_id)
def test_never_a_table_of_fields_or_of_candidates(answer):
    assert tabled_answer(answer) == ("", answer)
    sentences, _invented, working = answer_sentences(answer)
    assert sentences == answer_sentences(without_markdown(answer))[0]
    assert working == ""


def test_whole_numbers_under_a_score_beside_a_column_of_answers_choose_none():
    # A column headed "Answer" makes the table a sheet's rows (`grader.rules.sheets`): its rows
    # are left open, and 1 and 0 under "Score" are no scores that would choose Danube.
    answer = "| Answer | Score |\n|---|---|\n| Rhine | 0 |\n| Danube | 1 |"
    assert tabled_answer(answer)[1] == "Either Rhine or Danube."


def test_a_table_of_candidates_for_a_question_that_asks_for_several_is_read_as_any():
    answer = "| Candidate | Confidence |\n|---|---|\n| Charlotte | 0.99 |\n| Emily | 0.97 |"
    assert tabled_answer(answer, question="Which two sisters wrote novels?") == ("", answer)
    assert tabled_answer(answer, question="Which sister wrote Jane Eyre?")[1] == (
        "Either Charlotte or Emily."
    )
    assert tabled_answer(answer)[1] == "Either Charlotte or Emily."


def test_a_candidate_s_citation_still_cites():
    reading = read_answer(
        "| Candidate | Score |\n|---|---|\n| Ligament [2] | 0.6 |\n| Tendon [3] | 0.4 |",
        get_strategy(),
        DECLINES,
    )
    assert set(reading.cited) == {2, 3}


# --- graded ---------------------------------------------------------------------------------------

GRADED = [
    # (question, accepted answers, answer, verdict)
    # a table of fields: the row that answers is a statement, the others no answer given first
    (
        "Which drug is the first-line treatment for type 2 diabetes?",
        ("metformin",),
        FIELDS + "| Condition | Type 2 diabetes |\n| First-line drug | Metformin |\n| Route | Oral"
        " |",
        CORRECT,
    ),
    (
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords", "the House of Lords"),
        "| Attribute | Value |\n|---|---|\n| Case | Donoghue v Stevenson |\n| Decided by | House"
        " of Lords |\n| Year | 1932 |",
        CORRECT,
    ),
    (
        "Which country hosted the first FIFA World Cup?",
        ("Uruguay",),
        FIELDS + "| Tournament | 1930 World Cup |\n| Host | Uruguay |\n| Champion | Uruguay |",
        CORRECT,
    ),
    (
        "Who first isolated fluorine?",
        ("Henri Moissan", "Moissan"),
        FIELDS + "| Element | Fluorine |\n| Isolated by | Humphry Davy |\n| Year | 1886 |",
        WRONG,
    ),
    # a table of fields with one answer field: the other fields are working
    (
        "Which anticoagulant is reversed by vitamin K?",
        ("warfarin",),
        FIELDS + "| Answer | Heparin |\n| Confidence | 0.4 |\n| Alternative | Warfarin |",
        WRONG,
    ),
    (
        "Which anticoagulant is reversed by vitamin K?",
        ("warfarin",),
        FIELDS + "| Answer | Warfarin |\n| Confidence | 0.9 |\n| Alternative | Heparin |",
        CORRECT,
    ),
    # a table of candidates, none marked: the key among candidates
    (
        "Which tissue connects bone to bone?",
        ("ligament", "ligaments"),
        "| Candidate | Score |\n|---|---|\n| Ligament | 0.64 |\n| Tendon | 0.30 |\n| Cartilage |"
        " 0.06 |",
        PARTIAL,
    ),
    (
        "In which year was Magna Carta sealed?",
        ("1215",),
        "| Year | Probability |\n|---|---|\n| 1216 | 55% |\n| 1215 | 45% |",
        PARTIAL,
    ),
    (
        "Who won the men's singles at Wimbledon in 1980?",
        ("Björn Borg", "Borg"),
        "| Candidate | Confidence |\n|---|---|\n| John McEnroe | 0.5 |\n| Jimmy Connors | 0.5 |",
        WRONG,
    ),
    # one marked chosen: the chosen row is the answer, the others its working
    (
        "Which tissue connects bone to bone?",
        ("ligament", "ligaments"),
        "| Candidate | Score |\n|---|---|\n| Tendon | 0.30 |\n| Ligament ✓ | 0.64 |",
        CORRECT,
    ),
    (
        "Which tissue connects bone to bone?",
        ("ligament", "ligaments"),
        "| Candidate | Score |\n|---|---|\n| Tendon (chosen) | 0.52 |\n| Ligament | 0.48 |",
        WRONG,
    ),
    (
        "Who composed Tosca?",
        ("Giacomo Puccini", "Puccini"),
        "| Rank | Candidate |\n|---|---|\n| 1 | **Puccini** |\n| 2 | Verdi |",
        CORRECT,
    ),
    # a later sentence that names one candidate alone chooses it
    (
        "Which gas makes up most of the Earth's atmosphere?",
        ("nitrogen",),
        "| Candidate | Score |\n|---|---|\n| Oxygen | 0.4 |\n| Nitrogen | 0.6 |\n\nSo the answer"
        " is nitrogen.",
        CORRECT,
    ),
    # never: a table of facts, read row by row as before (its first row the answer given), a
    # list asked for, a score of goals
    (
        "Which drug is the first-line treatment for type 2 diabetes?",
        ("metformin",),
        "| Line | Drug |\n|---|---|\n| First | Sulfonylurea |\n| Second | Metformin |",
        WRONG,
    ),
    (
        "Name the three Brontë sisters who published novels.",
        ("Charlotte, Emily and Anne",),
        "| Sister | Confidence |\n|---|---|\n| Charlotte | 0.99 |\n| Emily | 0.98 |\n| Anne |"
        " 0.97 |",
        CORRECT,
    ),
    (
        "Who won the 1967 European Cup final?",
        ("Celtic",),
        "| Club | Score |\n|---|---|\n| Celtic | 2 |\n| Inter Milan | 1 |",
        CORRECT,
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), GRADED, ids=case_id)
def test_an_answer_given_as_a_table_is_graded_as_read(question, accepted, answer, verdict):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, graded.labels


# --- the shortcut ---------------------------------------------------------------------------------

TABLE_PIECES = st.sampled_from(
    [
        "|",
        " | ",
        "-",
        "--",
        "---",
        ":",
        "\n",
        "Field",
        "Value",
        "Candidate",
        "Score",
        "0.5",
        "70%",
        "1",
        "✓",
        "(best)",
        "**",
        "Verdi",
        " ",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(TABLE_PIECES, max_size=14).map("".join))
def test_a_table_is_looked_for_only_where_a_pipe_and_three_dashes_are_written(text):
    """`tabled_answer` reads a text with no pipe or no three dashes as holding no table (its
    shortcut): every table's rule row holds both, so none is found there either."""
    if "|" not in text or "---" not in text:
        assert markdown_tables(text.split("\n")) == []
        assert tabled_answer(text) == ("", text)
    else:
        tabled_answer(text)  # (and reads any text)


# --- a row as text (`normalize.Table`, the one definition of a table) ----------------------------

ROWS_AS_TEXT = [
    # (the table, each row as text, each row as a field)
    (
        "| Field | Value |\n|---|---|\n| Drug | Amoxicillin |\n| Dose | 500 mg |",
        ["Drug, Amoxicillin", "Dose, 500 mg"],
        ["Drug: Amoxicillin", "Dose: 500 mg"],
    ),
    # an empty cell is left out, not written as an empty item
    (
        "| Composer | Opera | Year |\n|---|---|---|\n| Verdi |  | 1853 |\n|  | Tosca | 1900 |",
        ["Verdi, 1853", "Tosca, 1900"],
        ["Verdi: 1853", "Tosca: 1900"],
    ),
]


@pytest.mark.parametrize(("table", "as_text", "as_fields"), ROWS_AS_TEXT, ids=case_id)
def test_a_tables_rows_as_text(table, as_text, as_fields):
    (found,) = markdown_tables(table.split("\n"))
    assert found.rows_as_text() == as_text
    assert found.rows_as_fields() == as_fields
    assert without_markdown(table) == "\n".join(as_text)  # markdown's reading writes them so
