"""`ragtriage import FILE` of LangSmith experiment results, read from the files LangSmith's SDK
itself wrote (tests/fixtures/imports/langsmith-*, made by tools/make_import_fixtures.py: its
evaluate with upload_results=False over local examples, no server, the results written by its
ExperimentResults.to_pandas()). The bad inputs are those files broken as files break."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest

from engine.importers import import_file, recognise
from engine.imports.rows import BadRows
from grader.records.runfile import read_run
from tests.test_importers import FIXTURES, answers_of, graders_of, import_at_once

CSV = FIXTURES / "langsmith-0.15.1-experiment.csv"
JSONL = FIXTURES / "langsmith-0.15.1-experiment.jsonl"
MOORE = "e83f2ff8-be20-51bf-9942-3d712089809b"  # the examples' ids: uuid5 of their questions
CAPITAL = "a1644142-3c5e-5b08-bfc5-9e077105cf5a"
ENDED = "c31348f2-ffec-592d-892a-561cc78bc824"


def jsonl_rows():
    return [json.loads(line) for line in JSONL.read_text().splitlines()]


def jsonl_written(tmp_path, rows, name="experiment.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


@pytest.mark.parametrize("path", [CSV, JSONL], ids=["csv", "jsonl"])
def test_each_feedback_key_is_an_evaluators_verdict(tmp_path, path):
    fmt, [imported] = import_file(path, tmp_path)
    assert fmt.name == "langsmith" and imported.answers == 5
    answers = answers_of(imported.run)
    moore = answers[MOORE]
    assert moore.question == "Who captained England in the 1966 World Cup final?"
    assert moore.answer == "Robert Moore."
    assert moore.gold.accepted == ("Bobby Moore", "Robert Moore")
    graded = graders_of(moore)
    assert graded["langsmith:contains_answer"].verdict == "correct"
    concise = graded["langsmith:concise"]
    assert (concise.verdict, concise.score, concise.threshold) == ("correct", 0.8, 0.5)
    # the evaluator gave no score on a long answer: no verdict, never wrong
    capital = graders_of(answers[CAPITAL])["langsmith:concise"]
    assert (capital.verdict, capital.score) == (None, None)
    # the app raised: an engine error (its first line), no evaluator's verdict
    ended = answers[ENDED]
    assert ended.error == "TimeoutError('upstream model timed out after 3 retries')"
    assert ended.graders == () and ended.answer == ""
    assert moore.latency_ms is not None


@pytest.mark.parametrize("path", [CSV, JSONL], ids=["csv", "jsonl"])
def test_the_results_are_recognised_by_content(tmp_path, path):
    renamed = tmp_path / "export.dat"
    shutil.copyfile(path, renamed)
    assert recognise(renamed).name == "langsmith"


def test_a_truncated_jsonl_names_its_last_line(tmp_path):
    data = JSONL.read_bytes()
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[: len(data) - 60])
    with pytest.raises(BadRows, match=r"line 5: not valid JSON \(the file ends there"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_row_without_its_question_is_named(tmp_path):
    rows = list(csv.DictReader(io.StringIO(CSV.read_text(), newline="")))
    rows[2]["inputs.question"] = ""
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path = tmp_path / "experiment.csv"
    path.write_text(out.getvalue())
    with pytest.raises(BadRows, match="line 4: no question"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_nan_score_is_no_verdict_and_infinity_is_refused(tmp_path):
    rows = jsonl_rows()
    rows[1]["feedback.concise"] = float("nan")  # a bare NaN, as Python's json writes it
    _fmt, [imported] = import_file(jsonl_written(tmp_path, rows), tmp_path / "runs")
    concise = graders_of(answers_of(imported.run)[MOORE])["langsmith:concise"]
    assert (concise.verdict, concise.score) == (None, None)
    rows[1]["feedback.concise"] = float("inf")
    with pytest.raises(BadRows, match="line 2: feedback must be a number"):
        import_file(jsonl_written(tmp_path, rows, "inf.jsonl"), tmp_path / "runs2")
    assert not (tmp_path / "runs2").exists()


def test_a_label_value_is_read_as_a_verdict(tmp_path):
    rows = jsonl_rows()
    rows[2]["feedback.contains_answer"] = "Incorrect"
    rows[1]["feedback.contains_answer"] = "mostly"
    _fmt, [imported] = import_file(jsonl_written(tmp_path, rows), tmp_path / "runs")
    answers = answers_of(imported.run)
    spider = graders_of(answers["3f755d2f-ca03-57e9-acb4-1cb9f7328100"])
    assert spider["langsmith:contains_answer"].verdict == "wrong"
    unread = graders_of(answers[MOORE])["langsmith:contains_answer"]
    assert (unread.verdict, unread.reason) == (None, "value 'mostly'")


def test_two_writers_importing_at_once_lose_nothing(tmp_path):
    runs = tmp_path / "runs"
    other = tmp_path / "langsmith-other.csv"
    shutil.copyfile(CSV, other)
    outcomes = import_at_once((JSONL, JSONL, other), runs)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    for name in (JSONL.stem, other.stem):
        run = read_run(runs / f"{name}.jsonl")
        assert not run.problems and len(run.answers) == 5


def test_versions_json_says_langsmith_wrote_them():
    versions = json.loads((FIXTURES / "VERSIONS.json").read_text())
    for path in (CSV, JSONL):
        entry = versions[path.name]
        assert (entry["tool"], entry["version"]) == ("langsmith", "0.15.1")
