"""`ragtriage import FILE` of plain answers files: CSV separated by commas, semicolons or tabs
(by suffix or, for any other name, by content), JSON Lines, and a list of accepted answers
written as JSON or as a Python list (as pandas writes one) kept as a list."""

from __future__ import annotations

import csv
import io
import json

import pytest

from engine.importers import import_file, recognise
from engine.imports.rows import BadRows
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


def labelled(tmp_path, label_of_rent="Correct"):
    path = tmp_path / "qa.csv"
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "question", "answer", "reference", "label", "by"])
    writer.writerow(
        ["moore", "Who captained England?", "Robert Moore.", CELLS["json"], "yes", "dana"]
    )
    writer.writerow(
        ["rent", "What is the monthly rent?", "The rent is $1450.", "$1,450", label_of_rent, ""]
    )
    writer.writerow(["spider", "How many legs does a spider have?", "Six.", "8", "NO", "lee"])
    writer.writerow(["end", "When does the lease end?", "In 2027.", "June 30, 2027", "", ""])
    path.write_text(out.getvalue())
    return path


def test_a_labelled_qa_set_imports_in_one_command_with_its_labels_as_marks(tmp_path, capsys):
    """The new user's path: accepted answers as a list and yes/no labels, no option: the
    labels are each person's marks, and agreement sets the rules against them."""
    from grader.records.marks import read_marks
    from tui.cli import main

    runs = tmp_path / "runs"
    assert main(["import", str(labelled(tmp_path)), "--runs", str(runs)]) == 0
    assert "3 label(s) by people kept as their marks" in capsys.readouterr().out
    marks = read_marks(runs / "qa.jsonl")[0].values()
    said = {(m.qid, m.verdict, m.by) for m in marks}
    assert said == {
        ("moore", "correct", "dana"),
        ("rent", "correct", "labels in qa.csv"),
        ("spider", "wrong", "lee"),
    }
    assert answers_of(runs / "qa.jsonl")["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")
    assert main(["agreement", str(runs / "qa.jsonl"), "--runs", str(runs), "--json"]) == 0
    graders = {g["grader"]: g for g in json.loads(capsys.readouterr().out)["graders"]}
    assert graders["rules"]["covered"] == 3


def test_an_unknown_label_is_named_with_its_line_and_nothing_written(tmp_path):
    runs = tmp_path / "runs"
    with pytest.raises(BadRows) as refused:
        import_file(labelled(tmp_path, "maybe"), runs)
    said = str(refused.value)
    assert "line 3: unknown label 'maybe' (accepted, in any case: correct, partial" in said
    assert not runs.exists() or not list(runs.iterdir())


def test_two_writers_importing_a_labelled_set_at_once_write_each_mark_once(tmp_path):
    import threading

    from grader.errors import RunFileError
    from grader.records.marks import read_marks

    path, runs = labelled(tmp_path), tmp_path / "runs"
    outcomes: list[object] = []
    start = threading.Barrier(2)

    def one():
        start.wait()
        try:
            outcomes.append(import_file(path, runs))
        except RunFileError as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    assert len(read_marks(runs / "qa.jsonl")[0]) == 3
    marks_file = (runs / "qa.marks.jsonl").read_text().splitlines()
    assert len([line for line in marks_file if '"type":"mark"' in line]) == 3
