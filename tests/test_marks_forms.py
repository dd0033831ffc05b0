"""Marks out in the forms other tools read back (Langfuse scores as JSON and CSV, Inspect score
edits, promptfoo human ratings), and in again with `import labels`: the same marks, who made
each and when kept. The run is imported from the real Inspect log in tests/fixtures/imports/
(its score edit by dana is one of the marks); the bad inputs each name their row and write
nothing."""

from __future__ import annotations

import csv
import dataclasses
import io
import shutil

import orjson
import pytest

from engine.importers import import_file
from engine.marks_forms import LANGFUSE_FIELDS, RunFacts, sample_of
from grader.records.marks import (
    append_mark,
    make_mark,
    marks_path,
    picked_in_audit,
    read_reviews,
)
from grader.records.runfile import read_run
from grader.rules.verdict import Grader
from tests.conftest import ROOT
from tui.cli import main

INSPECT = ROOT / "tests" / "fixtures" / "imports" / "inspect-0.3.285-lease.eval"
FORMS = ["langfuse-json", "langfuse-csv", "inspect-edits", "promptfoo-ratings"]
NOTE = 'six legs, "then" eight;\na line break'


@pytest.fixture
def run(tmp_path, monkeypatch):
    """The Inspect log imported (dana's score edit its one mark), then marked by two more
    reviewers: ana agrees, blind, in a seeded audit; bo disagrees with a note that holds
    quotes, a comma, a semicolon and a line break."""
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    _fmt, (item,) = import_file(INSPECT, tmp_path / "runs")
    grader = Grader(citations=False)
    grades = {answer.qid: grader.grade(answer) for answer in read_run(item.run).answers}
    ana = make_mark(
        grades["capital-fr-epoch1"], "agree", "fp", by="ana", picked=picked_in_audit(3), blind=True
    )
    bo = make_mark(
        grades["3-epoch2"], "disagree", "fp", verdict="partial", note=NOTE, declined=False, by="bo"
    )
    append_mark(item.run, ana)
    append_mark(item.run, bo)
    return item.run


def marks_of(path) -> list[tuple]:
    reviews, problems = read_reviews(path)
    assert not problems
    return sorted(
        (m.qid, m.verdict, m.note, m.by, m.created, m.declined, m.picked.to_record(), m.blind)
        for of_answer in reviews.values()
        for m in of_answer
    )


def fresh_copy(run, tmp_path, name="fresh"):
    folder = tmp_path / name
    folder.mkdir()
    return shutil.copy(run, folder / run.name)


def export(run, form, out, capsys, count=3) -> None:
    assert main(["export", "marks", str(run), "--format", form, "--out", str(out)]) == 0
    assert f"wrote {count} mark(s)" in capsys.readouterr().err


def from_the_log(row) -> bool:
    """dana's mark: her score edit in the Inspect log the run was imported from."""
    return row[3] == "dana"


@pytest.mark.parametrize("form", FORMS)
def test_export_then_import_gives_the_same_marks_with_who_and_when(run, tmp_path, form, capsys):
    # Score edits leave out dana's: applied to the log it came from, it would be there twice.
    count = 2 if form == "inspect-edits" else 3
    out = tmp_path / f"marks.{form}"
    export(run, form, out, capsys, count)
    fresh = fresh_copy(run, tmp_path)
    assert main(["import", "labels", str(out), "--run", str(fresh)]) == 0
    said = capsys.readouterr().out
    assert f"{count} mark(s)" in said and f"read as {form}" in said
    before, after = marks_of(run), marks_of(fresh)
    if form == "inspect-edits":
        before = [row for row in before if not from_the_log(row)]
    assert after == before
    assert {row[3] for row in after} == {"ana", "bo", "dana"} - ({"dana"} if count == 2 else set())
    ana = next(row for row in after if row[3] == "ana")
    assert ana[:2] == ("capital-fr-epoch1", "correct")
    assert ana[6:] == ({"how": "audit", "seed": 3}, True)
    # Imported again: the same rows of the same file, nothing added.
    assert main(["import", "labels", str(out), "--run", str(fresh)]) == 0
    assert f"{count} label(s) were there already" in capsys.readouterr().out
    assert marks_of(fresh) == before


@pytest.mark.parametrize("form", ["csv", "jsonl"])
def test_the_plain_labels_file_keeps_who_and_when_too(run, tmp_path, form, capsys):
    """A labels file exported and imported again gave each mark the time of the import."""
    out = tmp_path / f"marks.{form}"
    export(run, form, out, capsys)
    fresh = fresh_copy(run, tmp_path)
    assert main(["import", "labels", str(out), "--run", str(fresh)]) == 0
    # The plain form keeps how the answer was picked, not the audit's seed.
    drop_seed = [(*row[:6], {"how": row[6]["how"]}, *row[7:]) for row in marks_of(run)]
    assert marks_of(fresh) == drop_seed


def test_langfuse_scores_have_the_fields_of_langfuses_score_object(run, tmp_path, capsys):
    out = tmp_path / "scores.json"
    export(run, "langfuse-json", out, capsys)
    scores = orjson.loads(out.read_bytes())
    assert [tuple(score) for score in scores] == [LANGFUSE_FIELDS] * 3
    bo = next(score for score in scores if score["authorUserId"] == "bo")
    assert (bo["name"], bo["dataType"], bo["source"]) == ("verdict", "CATEGORICAL", "ANNOTATION")
    assert (bo["traceId"], bo["stringValue"], bo["value"], bo["comment"]) == (
        "3-epoch2",
        "partial",
        0.5,
        NOTE,
    )
    assert bo["metadata"]["ragtriage"]["declined"] is False
    assert len({score["id"] for score in scores}) == 3
    export(run, "langfuse-json", tmp_path / "again.json", capsys)
    assert orjson.loads((tmp_path / "again.json").read_bytes()) == scores, "ids are stable"
    export(run, "langfuse-csv", tmp_path / "scores.csv", capsys)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "scores.csv").read_text())))
    assert tuple(rows[0]) == LANGFUSE_FIELDS and len(rows) == 3
    assert rows[2]["comment"] == NOTE and rows[2]["sessionId"] == ""


def test_inspect_edits_name_the_sample_epoch_and_score(run, tmp_path, capsys):
    out = tmp_path / "edits.json"
    export(run, "inspect-edits", out, capsys, count=2)
    document = orjson.loads(out.read_bytes())
    assert document["log"].endswith("inspect-0.3.285-lease.eval")
    assert document["already_in_log"] == 1  # dana's edit, imported from that log
    spider = document["edits"][1]
    assert (spider["sample_id"], spider["epoch"], spider["score_name"]) == (3, 2, "match")
    edit = spider["edit"]
    assert edit["value"] == "P" and edit["answer"] == "UNCHANGED"
    assert (edit["provenance"]["author"], edit["provenance"]["reason"]) == ("bo", NOTE)
    argv = ["export", "marks", str(run), "--format", "inspect-edits", "--scorer", "f1"]
    assert main(argv) == 0
    assert {e["score_name"] for e in orjson.loads(capsys.readouterr().out)["edits"]} == {"f1"}


FIXTURES = ROOT / "tests" / "fixtures" / "imports"
EDITS = FIXTURES / "ragtriage-0.1.0-score-edits.json"  # ragtriage wrote these edits
EDITED = FIXTURES / "inspect-0.3.285-lease-edited.eval"  # and inspect_ai applied them


def test_the_edits_inspect_applied_are_what_ragtriage_writes(run, tmp_path, capsys):
    """The fixture's edits (tools/make_import_fixtures.py EDIT_MARKS: the marks of `run`, at
    fixed times) are what `export marks --format inspect-edits` writes today."""
    fixed = tmp_path / "fixed" / run.name
    fixed.parent.mkdir()
    shutil.copy(run, fixed)
    reviews, _problems = read_reviews(run)
    times = {"ana": "2026-12-06T10:00:00Z", "bo": "2026-12-06T10:05:00Z"}
    for of_answer in reviews.values():
        for mark in of_answer:  # dana's, from the log, kept as it is
            append_mark(fixed, dataclasses.replace(mark, created=times.get(mark.by, mark.created)))
    argv = ["export", "marks", str(fixed), "--format", "inspect-edits"]
    assert main([*argv, "--scorer", "model_graded_fact"]) == 0
    written, committed = orjson.loads(capsys.readouterr().out), orjson.loads(EDITS.read_bytes())
    assert committed.pop("log") == "tests/fixtures/imports/inspect-0.3.285-lease.eval"
    assert written.pop("log").endswith("tests/fixtures/imports/inspect-0.3.285-lease.eval")
    assert written == committed


def test_inspect_applied_ragtriages_edits_and_they_come_back_as_the_same_marks(tmp_path):
    """Inspect's own edit_score took the edits (the edited log is Inspect's); imported, the
    log gives each back as a mark with its author and time, dana's own edit once."""
    _fmt, (item,) = import_file(EDITED, tmp_path / "runs")
    found = marks_of(item.run)
    assert [(row[0], row[1], row[3], row[4]) for row in found] == [
        ("3-epoch2", "partial", "bo", "2026-12-06T10:05:00Z"),
        ("capital-fr-epoch1", "correct", "ana", "2026-12-06T10:00:00Z"),
        ("rent-epoch1", "correct", "dana", "2026-12-06T08:09:10.653191Z"),
    ]
    assert NOTE in found[0][2]


@pytest.mark.parametrize(
    ("qid", "from_inspect", "sample"),
    [
        ("rent-epoch2", True, ("rent", 2)),
        ("3-epoch1", True, (3, 1)),
        ("rent", True, ("rent", 1)),
        ("rent-epoch2", False, ("rent-epoch2", 1)),
    ],
    ids=["epoch", "numbered-sample", "one-epoch", "not-from-inspect"],
)
def test_the_sample_of_a_qid(qid, from_inspect, sample):
    header = {"provenance": {"format": "inspect"}} if from_inspect else {}
    assert sample_of(qid, RunFacts("r", header, {})) == sample


def test_promptfoo_ratings_are_the_grading_result_of_a_human_rating(run, tmp_path, capsys):
    out = tmp_path / "ratings.json"
    export(run, "promptfoo-ratings", out, capsys)
    ratings = orjson.loads(out.read_bytes())["ratings"]
    bo = ratings[2]
    assert bo["vars"] == {"qid": "3-epoch2", "question": "How many legs does a spider have?"}
    result = bo["gradingResult"]
    assert (result["pass"], result["score"], result["comment"]) == (False, 0.5, NOTE)
    (human,) = result["componentResults"]
    assert human == {"pass": False, "score": 0.5, "reason": NOTE, "assertion": {"type": "human"}}
    assert (bo["author"], ratings[0]["gradingResult"]["pass"]) == ("bo", True)


# --- bad input: each row named, nothing written ------------------------------------------


def score(**fields):
    base = {
        "id": "s1",
        "traceId": "rent-epoch1",
        "name": "verdict",
        "value": 1,
        "stringValue": "correct",
        "dataType": "CATEGORICAL",
        "source": "ANNOTATION",
        "timestamp": "2026-12-01T10:00:00Z",
        "authorUserId": "eve",
        "comment": "",
    }
    return base | fields


@pytest.mark.parametrize(
    ("document", "says"),
    [
        (
            [score(), score(stringValue=None, value=0.7, dataType="NUMERIC")],
            "score 2: unknown verdict '0.7'",
        ),
        ([score(timestamp="yesterday")], "score 1: created must be a time in ISO 8601"),
        ([score(traceId="nope")], "score 1: no answer 'nope' in inspect-0.3.285-lease"),
        (
            [score(name="helpful"), score(name="tone")],
            "Langfuse scores of several names and none named 'verdict': helpful (1), tone (1)",
        ),
        ({"edits": [{"sample_id": "rent", "edit": {"value": "C"}}]}, "edit 1: no provenance"),
        ({"edits": [{"edit": {}}]}, "edit 1: needs sample_id and edit"),
        (
            {"ratings": [{"qid": "rent-epoch1", "gradingResult": {"pass": True}}]},
            "rating 1: no human rating",
        ),
    ],
    ids=[
        "numeric-not-a-verdict",
        "bad-time",
        "unknown-trace",
        "several-score-names",
        "edit-without-provenance",
        "edit-without-sample",
        "rating-without-human",
    ],
)
def test_a_bad_row_is_named_and_nothing_is_written(run, tmp_path, document, says, capsys):
    fresh = fresh_copy(run, tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_bytes(orjson.dumps(document))
    assert main(["import", "labels", str(bad), "--run", str(fresh)]) == 2
    err = capsys.readouterr().err
    assert says in err
    assert not marks_path(fresh).exists()


def test_scores_not_made_by_a_person_and_of_other_names_are_left_out_and_said(
    run, tmp_path, capsys
):
    fresh = fresh_copy(run, tmp_path)
    scores = [
        score(),
        score(id="s2", traceId="moore-epoch1", source="EVAL", authorUserId=None),
        score(id="s3", name="tone", stringValue="polite"),
    ]
    path = tmp_path / "scores.json"
    path.write_bytes(orjson.dumps({"data": scores, "meta": {"page": 1}}))  # the API's shape
    assert main(["import", "labels", str(path), "--run", str(fresh)]) == 0
    out = capsys.readouterr().out
    assert "1 score(s) not made by a person (source API or EVAL) left out" in out
    assert "1 score(s) of other names than 'verdict' left out" in out
    assert [row[:5] for row in marks_of(fresh)] == [
        ("rent-epoch1", "correct", "", "eve", "2026-12-01T10:00:00Z")
    ]


def test_export_refuses_bad_options_in_one_line(run, tmp_path, capsys):
    for argv, says in (
        (["--format", "xml"], "--format must be one of csv, jsonl, langfuse-json"),
        (["--format", "csv", "--scorer", "f1"], "--scorer names the Inspect score edited"),
    ):
        assert main(["export", "marks", str(run), *argv]) == 2
        err = capsys.readouterr().err.strip()
        assert says in err and "\n" not in err
    plain = tmp_path / "plain.jsonl"  # a run with no Inspect scorer: the score must be named
    lines = run.read_bytes().splitlines()
    header, first = orjson.loads(lines[0]), orjson.loads(lines[1])
    first.pop("graders")
    plain.write_bytes(orjson.dumps(header) + b"\n" + orjson.dumps(first) + b"\n")
    assert main(["export", "marks", str(plain), "--format", "inspect-edits"]) == 2
    assert "holds no Inspect scorer's verdicts: name the score" in capsys.readouterr().err


def test_a_mark_through_inspect_keeps_how_it_was_picked_and_whether_blind(tmp_path):
    """What a form has no field for (the audit sample's seed, blind) travels in the edit's
    provenance metadata, which Inspect's edit_score keeps: imported back, ana's mark is the
    audit mark it was, blind; dana's edit, made in Inspect, is picked by hand."""
    _fmt, (item,) = import_file(EDITED, tmp_path / "runs")
    found = {row[3]: (row[6], row[7]) for row in marks_of(item.run)}
    assert found["ana"] == ({"how": "audit", "seed": 3}, True)
    assert found["bo"][1] is False and found["bo"][0]["how"] != "audit"
    assert found["dana"] == ({"how": "hand"}, False)


PROMPTFOO = FIXTURES / "promptfoo-0.121.20-results.json"


def test_a_human_rating_in_promptfoo_results_is_a_persons_mark_not_a_grader(tmp_path):
    """promptfoo's viewer records a person's rating as a component of assertion type human:
    imported, it is that person's mark, and no grader is named promptfoo:human."""
    document = orjson.loads(PROMPTFOO.read_bytes())
    results = document["results"]["results"]
    grading = results[0]["gradingResult"]
    grading["componentResults"].append(
        {"pass": False, "score": 0.5, "reason": "half right", "assertion": {"type": "human"}}
    )
    rated = tmp_path / "rated.json"
    rated.write_bytes(orjson.dumps(document))
    _fmt, items = import_file(rated, tmp_path / "runs")
    marks = [row for item in items for row in marks_of(item.run)]
    assert [(row[1], row[2], row[6]) for row in marks] == [
        ("partial", "half right", {"how": "hand"})
    ]
    assert marks[0][3] == "human ratings in rated.json"
    graders = {
        verdict.name
        for item in items
        for answer in read_run(item.run).answers
        for verdict in answer.graders
    }
    assert "promptfoo:human" not in graders and "promptfoo" in graders


def test_an_export_leaves_no_lock_file_in_the_users_folder(run, tmp_path, capsys):
    """`export marks --out DIR/mymarks.csv` left ``.mymarks.csv.lock`` beside it."""
    folder = tmp_path / "mine"
    export(run, "csv", folder / "mymarks.csv", capsys)
    export(run, "csv", folder / "mymarks.csv", capsys)  # (replacing it leaves none either)
    assert sorted(path.name for path in folder.iterdir()) == ["mymarks.csv"]


def test_the_same_marks_in_another_form_add_nothing_again(run, tmp_path, capsys):
    """Exported as promptfoo ratings, Langfuse CSV and JSON Lines and each imported into one
    run, 3 marks became 9 lines: a mark is the same mark whatever file it came in."""
    fresh = fresh_copy(run, tmp_path)
    for number, form in enumerate(["promptfoo-ratings", "langfuse-csv", "jsonl"]):
        out = tmp_path / f"marks.{form}"
        export(run, form, out, capsys)
        assert main(["import", "labels", str(out), "--run", str(fresh)]) == 0
        said = capsys.readouterr().out
        if number:
            assert "3 label(s) were there already" in said
    assert marks_of(fresh) == marks_of(run)
    assert len(marks_path(fresh).read_text().splitlines()) == 3
