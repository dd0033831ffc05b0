"""`ragtriage import FILE` of Langfuse experiment items. The fixture is NOT written by Langfuse
(no Langfuse server runs here): it is written from the documented schema of GET
/api/public/experiment-items?fields=io,scores by the Langfuse SDK's own API types
(tools/import_fixtures/langfuse_items.py; VERSIONS.json says so). The bad inputs are that file
broken as files break."""

from __future__ import annotations

import json
import shutil

import pytest

from engine.importers import import_file, recognise
from engine.imports.rows import BadRows
from grader.records.marks import read_marks
from grader.records.runfile import read_run
from tests.test_importers import FIXTURES, answers_of, graders_of, import_at_once, refused
from tui.cli import main

ITEMS = FIXTURES / "langfuse-5.2.0-experiment-items.json"


def edited(tmp_path, edit, name="items.json"):
    document = json.loads(ITEMS.read_text())
    edit(document["data"])
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def test_model_scores_are_graders_and_peoples_scores_their_marks(tmp_path):
    fmt, [imported] = import_file(ITEMS, tmp_path)
    assert fmt.name == "langfuse" and imported.answers == 5 and imported.marks == 3
    answers = answers_of(imported.run)
    assert set(answers) == {"capital-fr", "moore", "spider-legs", "rent", "lease-end"}
    moore = answers["moore"]
    assert moore.question == "Who captained England in the 1966 World Cup final?"
    assert moore.answer == "Robert Moore."
    assert moore.gold.accepted == ("Bobby Moore", "Robert Moore")
    judged = graders_of(moore)["langfuse:correctness"]
    assert (judged.verdict, judged.score, judged.threshold) == ("wrong", 0.2, 0.5)
    assert judged.reason == "LLM judge"
    assert moore.latency_ms == 1250.0
    # a category no verdict word reads: no verdict, its value kept
    rent = graders_of(answers["rent"])["langfuse:correctness-label"]
    assert (rent.verdict, rent.reason) == (None, "value 'unsure'")
    # the trace errored: an engine error, no grader's verdict
    assert answers["lease-end"].error == "the trace ended at level ERROR"
    assert answers["lease-end"].graders == ()
    marks = read_marks(imported.run)[0]
    said = {(m.qid, m.by, m.verdict) for m in marks.values()}
    assert said == {
        ("moore", "dana", "correct"),
        ("spider-legs", "lee", "wrong"),
        ("rent", "dana", "correct"),
    }


def test_agreement_sets_the_judge_beside_the_rules_against_the_people(tmp_path, capsys):
    _fmt, [imported] = import_file(ITEMS, tmp_path)
    assert main(["agreement", str(imported.run), "--runs", str(tmp_path), "--json"]) == 0
    graders = {g["grader"]: g for g in json.loads(capsys.readouterr().out)["graders"]}
    assert {"rules", "langfuse:correctness"} <= set(graders)
    # the judge scored moore 0.2 (wrong) and the spider 0.0 (wrong): dana says moore is right
    assert graders["langfuse:correctness"]["covered"] == 2
    assert graders["langfuse:correctness"]["agreement"] == 0.5


def test_the_items_are_recognised_by_content(tmp_path):
    renamed = tmp_path / "export.txt"
    shutil.copyfile(ITEMS, renamed)
    assert recognise(renamed).name == "langfuse"


def test_a_truncated_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "cut.json"
    path.write_bytes(ITEMS.read_bytes()[:2000])
    said = refused(tmp_path, path, "not valid JSON", fmt="langfuse")
    assert "truncated" in said and "Langfuse experiment items" in said


def test_an_item_listed_without_its_io_is_named(tmp_path):
    def drop(items):
        del items[2]["expectedOutput"]

    with pytest.raises(BadRows, match=r"item 3 \(spider-legs\): no expectedOutput"):
        import_file(edited(tmp_path, drop), tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_nan_score_is_refused_with_its_item(tmp_path):
    def nan(items):
        items[0]["scores"][0]["value"] = float("nan")  # json.dumps writes a bare NaN

    with pytest.raises(BadRows, match=r"item 1 \(capital-fr\): .*correctness is NaN"):
        import_file(edited(tmp_path, nan), tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_score_without_a_value_is_no_verdict(tmp_path):
    def unvalued(items):
        items[0]["scores"][0]["value"] = None

    _fmt, [imported] = import_file(edited(tmp_path, unvalued), tmp_path / "runs")
    judged = graders_of(answers_of(imported.run)["capital-fr"])["langfuse:correctness"]
    assert (judged.verdict, judged.score) == (None, None)


def test_two_experiments_are_two_runs(tmp_path):
    def second(items):
        for item in list(items):
            again = json.loads(json.dumps(item))
            again["experimentName"] = "lease-qa v2"
            items.append(again)

    _fmt, imported = import_file(edited(tmp_path, second), tmp_path / "runs")
    assert sorted(i.run.stem for i in imported) == ["items-lease-qa", "items-lease-qa-v2"]
    assert all(i.answers == 5 and i.marks == 3 for i in imported)


def test_two_writers_importing_at_once_lose_nothing(tmp_path):
    runs = tmp_path / "runs"
    other = tmp_path / "langfuse-other.json"
    shutil.copyfile(ITEMS, other)
    outcomes = import_at_once((ITEMS, ITEMS, other), runs)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    for name in (ITEMS.stem, other.stem):
        run = read_run(runs / f"{name}.jsonl")
        assert not run.problems and len(run.answers) == 5
        assert len(read_marks(runs / f"{name}.jsonl")[0]) == 3


def test_versions_json_says_it_was_not_written_by_langfuse():
    entry = json.loads((FIXTURES / "VERSIONS.json").read_text())[ITEMS.name]
    assert entry["tool"] == "langfuse" and "NOT written by Langfuse" in entry["made by"]
