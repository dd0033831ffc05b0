"""`ragtriage import FILE` of plain answers files: CSV separated by commas, semicolons or tabs
(by suffix or, for any other name, by content), JSON Lines, and a list of accepted answers
written as JSON or as a Python list (as pandas writes one) kept as a list."""

from __future__ import annotations

import csv
import io
import json

import pytest

from engine.importers import import_file, recognise
from engine.importers.base import BadRows
from grader.errors import RunFileError
from tests.test_importers import answers_of

CELLS = {
    "json": '["Bobby Moore", "Robert Moore"]',
    "python-repr": "['Bobby Moore', 'Robert Moore']",
}


def table(separator: str, cell: str) -> str:
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=separator, lineterminator="\n")
    writer.writerow(["id", "question", "answer", "reference"])
    writer.writerow(["moore", "Who captained England in 1966?", "Robert Moore.", cell])
    writer.writerow(["rent", "What is the monthly rent?", "The rent is $1,450.", "$1,450"])
    return out.getvalue()


@pytest.mark.parametrize("cell", list(CELLS), ids=list(CELLS))
@pytest.mark.parametrize(
    ("separator", "suffix"),
    [(",", ".csv"), (";", ".csv"), ("\t", ".tsv"), ("\t", ".csv"), (";", ".txt"), ("\t", "")],
    ids=["commas", "semicolons", "tabs-tsv", "tabs-csv", "semicolons-txt", "tabs-no-suffix"],
)
def test_separators_and_list_cells(tmp_path, separator, suffix, cell):
    path = tmp_path / f"answers{suffix}"
    path.write_text(table(separator, CELLS[cell]))
    assert recognise(path).name == "answers"
    fmt, [imported] = import_file(path, tmp_path / "runs")
    assert fmt.name == "answers" and imported.answers == 2
    answers = answers_of(imported.run)
    assert answers["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")
    assert answers["rent"].gold.key == "$1,450" and answers["rent"].gold.accepted == ()


@pytest.mark.parametrize(
    "reference",
    [
        ["Bobby Moore", "Robert Moore"],
        '["Bobby Moore", "Robert Moore"]',
        "['Bobby Moore', 'Robert Moore']",
    ],
    ids=["json-list", "json-text", "python-repr-text"],
)
def test_jsonl_lists_of_accepted_answers(tmp_path, reference):
    path = tmp_path / "answers.data"  # no known suffix: JSON Lines by content
    row = {"id": "moore", "question": "Who captained England?", "answer": "Robert Moore."}
    path.write_text(json.dumps({**row, "reference": reference}) + "\n")
    _fmt, [imported] = import_file(path, tmp_path / "runs")
    assert answers_of(imported.run)["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")


def test_a_list_of_other_things_is_named_with_its_line(tmp_path):
    """A JSON list of other things is refused; a CSV cell that only looks like a list
    ("[3]") stays text, a key like any other."""
    path = tmp_path / "answers.jsonl"
    rows = [
        {"id": "rent", "question": "Rent?", "answer": "$1,450", "reference": "$1,450"},
        {"id": "moore", "question": "Who?", "answer": "Moore", "reference": ["Moore", 1966]},
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    with pytest.raises(BadRows, match="line 2: the reference must be text or a list of strings"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_text_file_naming_no_answer_fields_is_no_answers_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("day;weather\nmonday;rain\n")
    with pytest.raises(RunFileError, match="not a format this imports"):
        recognise(path)
