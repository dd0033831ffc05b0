"""`ragtriage import FILE` of DeepEval test runs, read from the files DeepEval itself wrote
(tests/fixtures/imports/deepeval-*, made by tools/make_import_fixtures.py: deterministic
BaseMetric subclasses run by its own evaluate, which saves the test run; what evaluate returns
written with its own model_dump_json). The bad inputs are those files broken as files break."""

from __future__ import annotations

import json
import shutil

import pytest

from engine.importers import import_file, recognise
from engine.imports.rows import BadRows
from grader.records.runfile import read_run
from tests.test_importers import FIXTURES, answers_of, graders_of, import_at_once, refused

TEST_RUN = FIXTURES / "deepeval-4.3.1-test_run.json"
RESULT = FIXTURES / "deepeval-4.3.1-evaluation_result.json"
CASES = {TEST_RUN: "testCases", RESULT: "test_results"}
METRICS = {TEST_RUN: "metricsData", RESULT: "metrics_data"}


def edited(tmp_path, source, edit, name="broken.json"):
    document = json.loads(source.read_text())
    edit(document[CASES[source]])
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize("path", [TEST_RUN, RESULT], ids=["test-run", "evaluate-result"])
def test_each_metric_is_a_grader_decided_by_deepevals_success(tmp_path, path):
    fmt, [imported] = import_file(path, tmp_path)
    assert fmt.name == "deepeval" and imported.answers == 5
    answers = answers_of(imported.run)
    assert set(answers) == {"capital-fr", "moore", "spider-legs", "rent", "lease-end"}
    moore = answers["moore"]
    assert moore.gold.accepted == ("Bobby Moore", "Robert Moore")  # text written as a list
    assert moore.sources[0].text == "Bobby Moore captained England to the 1966 title."
    graded = graders_of(moore)
    assert set(graded) == {"deepeval:Contains Expected", "deepeval:Word Overlap"}
    contains, overlap = graded["deepeval:Contains Expected"], graded["deepeval:Word Overlap"]
    assert (contains.verdict, contains.score, contains.threshold) == ("correct", 1.0, 0.5)
    assert contains.reason == "the answer holds 'Robert Moore'"
    assert (overlap.verdict, overlap.score, overlap.threshold) == ("wrong", 0.5, 0.7)
    # the metric raised on the empty answer: DeepEval kept its error, no score: no verdict
    failed = graders_of(answers["lease-end"])["deepeval:Word Overlap"]
    assert (failed.verdict, failed.score) == (None, None)
    assert failed.reason == "the metric failed: ValueError: empty actual_output: nothing to compare"
    assert graders_of(answers["lease-end"])["deepeval:Contains Expected"].verdict == "wrong"


def test_the_test_run_keeps_its_hyperparameters_and_durations(tmp_path):
    _fmt, [imported] = import_file(TEST_RUN, tmp_path)
    run = read_run(imported.run)
    assert run.header["model"]["name"] == "lookup-model"
    assert run.header["config"]["name"] == "lease-qa"
    assert all(answer.latency_ms is not None for answer in run.answers)


@pytest.mark.parametrize("path", [TEST_RUN, RESULT], ids=["test-run", "evaluate-result"])
def test_the_files_are_recognised_by_content(tmp_path, path):
    renamed = tmp_path / "whatever.txt"
    shutil.copyfile(path, renamed)
    assert recognise(renamed).name == "deepeval"


def test_a_made_up_case_name_is_no_id(tmp_path):
    def unnamed(cases):
        for number, case in enumerate(cases):
            case["name"] = f"test_case_{number}"

    _fmt, [imported] = import_file(edited(tmp_path, TEST_RUN, unnamed), tmp_path / "runs")
    qids = set(answers_of(imported.run))
    assert len(qids) == 5 and all(qid.startswith("q-") for qid in qids)


def test_a_truncated_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "cut.json"
    path.write_bytes(TEST_RUN.read_bytes()[:1500])
    said = refused(tmp_path, path, "not valid JSON", fmt="deepeval")
    assert "truncated" in said and "DeepEval test run" in said


@pytest.mark.parametrize("path", [TEST_RUN, RESULT], ids=["test-run", "evaluate-result"])
def test_a_case_without_its_input_is_named(tmp_path, path):
    def drop(cases):
        del cases[2]["input"]

    with pytest.raises(BadRows, match=r"test case 3 \(spider-legs\): no input"):
        import_file(edited(tmp_path, path, drop), tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_nan_score_is_refused_with_its_case(tmp_path):
    def nan(cases):
        cases[0]["metricsData"][1]["score"] = float("nan")  # json.dumps writes a bare NaN

    with pytest.raises(BadRows, match=r"test case 1 \(capital-fr\): .*Word Overlap's score is NaN"):
        import_file(edited(tmp_path, TEST_RUN, nan), tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_missing_score_and_success_is_no_verdict(tmp_path):
    def unscored(cases):
        del cases[3]["metricsData"][0]["score"]
        del cases[3]["metricsData"][0]["success"]

    _fmt, [imported] = import_file(edited(tmp_path, TEST_RUN, unscored), tmp_path / "runs")
    rent = graders_of(answers_of(imported.run)["rent"])["deepeval:Contains Expected"]
    assert (rent.verdict, rent.score, rent.threshold) == (None, None, 0.5)


def test_two_writers_importing_at_once_lose_nothing(tmp_path):
    runs = tmp_path / "runs"
    outcomes = import_at_once((TEST_RUN, TEST_RUN, RESULT), runs)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    for path in (TEST_RUN, RESULT):
        run = read_run(runs / f"{path.stem}.jsonl")
        assert not run.problems and len(run.answers) == 5


def test_versions_json_says_deepeval_wrote_them():
    versions = json.loads((FIXTURES / "VERSIONS.json").read_text())
    for path in (TEST_RUN, RESULT):
        assert (versions[path.name]["tool"], versions[path.name]["version"]) == (
            "deepeval",
            "4.3.1",
        )
