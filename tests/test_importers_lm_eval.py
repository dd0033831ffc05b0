"""`ragtriage import FILE` of lm-evaluation-harness samples (``--log_samples``), read from the
file lm_eval itself wrote (tests/fixtures/imports/lm_eval-*/, made by
tools/make_import_fixtures.py with lm_eval's dummy model answering from a table). The bad
inputs are that file broken as files break."""

from __future__ import annotations

import json
import shutil

import pytest

from engine.importers import import_file, recognise
from engine.imports.rows import BadRows
from grader.records.runfile import read_run
from tests.test_importers import FIXTURES, answers_of, graders_of, import_at_once, refused

[SAMPLES] = sorted((FIXTURES / "lm_eval-0.4.13").glob("samples_*.jsonl"))


def lines_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def written(tmp_path, samples, name="samples_lease_qa_broken.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(sample) + "\n" for sample in samples))
    return path


def test_each_document_is_one_answer_with_a_grader_per_metric_and_filter(tmp_path):
    fmt, [imported] = import_file(SAMPLES, tmp_path)
    assert fmt.name == "lm_eval" and imported.answers == 5
    run = read_run(imported.run)
    assert run.header["model"]["name"] == "lookup-model"  # from the results file beside it
    assert run.header["config"]["name"] == "lease_qa"
    answers = answers_of(imported.run)
    assert set(answers) == {"capital-fr", "moore", "spider-legs", "rent", "lease-end"}
    # lm_eval writes a list target as a Python list: kept as the list of accepted answers
    assert answers["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")
    assert answers["rent"].gold.accepted == ("$1,450",)
    assert answers["capital-fr"].question == "What is the capital of France?"
    assert answers["capital-fr"].answer == "The capital of France is Paris."
    capital = graders_of(answers["capital-fr"])
    assert set(capital) == {"lm_eval:exact_match[whole]", "lm_eval:exact_match[after-is]"}
    whole, after = capital["lm_eval:exact_match[whole]"], capital["lm_eval:exact_match[after-is]"]
    assert (whole.verdict, whole.score, whole.threshold) == ("wrong", 0.0, 0.5)
    assert (after.verdict, after.reason) == ("correct", "scored 'Paris'")
    assert graders_of(answers["moore"])["lm_eval:exact_match[whole]"].verdict == "correct"
    assert any("filters after-is, whole" in note for note in imported.notes)


def test_the_samples_are_recognised_by_content(tmp_path):
    renamed = tmp_path / "whatever.dat"
    shutil.copyfile(SAMPLES, renamed)
    assert recognise(renamed).name == "lm_eval"


def test_a_truncated_file_names_its_last_line_and_writes_nothing(tmp_path):
    data = SAMPLES.read_bytes()
    path = tmp_path / "samples_lease_qa_cut.jsonl"
    path.write_bytes(data[: len(data) - 200])
    with pytest.raises(BadRows, match=r"line 10: not valid JSON \(the file ends there"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_line_without_its_target_is_named(tmp_path):
    samples = lines_of(SAMPLES)
    del samples[2]["target"]
    with pytest.raises(BadRows, match="line 3: no target; expected lm_eval --log_samples"):
        import_file(written(tmp_path, samples), tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_nan_score_is_refused_with_its_line(tmp_path):
    """lm_eval writes no NaN of its own; a file that holds one (Python's json writes a bare
    NaN) is refused, naming the line, never read as a verdict."""
    samples = lines_of(SAMPLES)
    samples[6]["exact_match"] = float("nan")
    with pytest.raises(BadRows, match=r"line 7: a metric must be a finite number.*exact_match"):
        import_file(written(tmp_path, samples), tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_metric_named_but_left_out_is_no_verdict_never_wrong(tmp_path):
    samples = lines_of(SAMPLES)
    del samples[3]["exact_match"]  # rent, the whole reply
    _fmt, [imported] = import_file(written(tmp_path, samples), tmp_path / "runs")
    rent = graders_of(answers_of(imported.run)["rent"])
    assert rent["lm_eval:exact_match[whole]"].verdict is None
    assert rent["lm_eval:exact_match[whole]"].score is None
    assert rent["lm_eval:exact_match[after-is]"].verdict == "wrong"


def test_a_multiple_choice_task_is_refused_in_one_line(tmp_path):
    samples = lines_of(SAMPLES)
    for sample in samples:
        sample["resps"] = [[[-1.25, False]], [[-0.5, True]]]
        sample["filtered_resps"] = [[-1.25, False], [-0.5, True]]
    refused(tmp_path, written(tmp_path, samples), "no generated answer to grade")


def test_two_writers_importing_at_once_lose_nothing(tmp_path):
    runs = tmp_path / "runs"
    other = written(tmp_path, lines_of(SAMPLES), "samples_lease_qa_again.jsonl")
    outcomes = import_at_once((SAMPLES, SAMPLES, other), runs)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    for name in (SAMPLES.stem, other.stem):
        run = read_run(runs / f"{name}.jsonl")
        assert not run.problems and len(run.answers) == 5


def test_versions_json_says_lm_eval_wrote_the_samples():
    versions = json.loads((FIXTURES / "VERSIONS.json").read_text())
    entry = versions[f"{SAMPLES.parent.name}/{SAMPLES.name}"]
    assert (entry["tool"], entry["version"]) == ("lm_eval", "0.4.13")


def test_the_prompt_is_the_question_when_the_document_names_none(tmp_path):
    """A task whose documents hold no question field: the prompt lm_eval sent is the question,
    in 0.4.3+'s shape (gen_args_0.arg_0) and the older one (a list of argument lists)."""
    samples = lines_of(SAMPLES)
    for sample in samples:
        sample["doc"]["q"] = sample["doc"].pop("question")
    samples[1]["arguments"] = [[samples[1]["arguments"]["gen_args_0"]["arg_0"], {"until": []}]]
    _fmt, [imported] = import_file(written(tmp_path, samples), tmp_path / "runs")
    answers = answers_of(imported.run)
    assert answers["capital-fr"].question == "Question: What is the capital of France?\nAnswer:"
    assert answers["moore"].question.startswith("Question: Who captained England")
