"""`ragtriage compare RUN --grader A --grader B`: two graders of one run against each other (the
rules, the model judge, any grader imported with the answers), over a run imported from the
real Inspect log in tests/fixtures/imports/; the bad invocations, each one line and exit 2."""

from __future__ import annotations

import json

import pytest

from engine.importers import import_file
from grader.audit.graders import compare_graders, graders_held
from grader.errors import GraderConfigError
from grader.records.judgements import Judgement, append_judgement
from grader.records.runfile import imported_graders, read_run
from grader.rules.verdict import Grader
from tests.conftest import ROOT
from tui.cli import main

INSPECT = ROOT / "tests" / "fixtures" / "imports" / "inspect-0.3.285-lease.eval"
HELD = ["rules", "inspect:match", "inspect:includes", "inspect:f1", "inspect:model_graded_fact"]


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    _fmt, (item,) = import_file(INSPECT, tmp_path / "runs")
    return item.run


def rows_of(path, judgements=None):
    imported = imported_graders(path)
    grader = Grader(citations=False)
    return [
        (grade, (judgements or {}).get(grade.qid), imported.get(grade.qid, ()))
        for grade in grader.grade_all(read_run(path).answers)
    ]


def test_the_graders_a_run_holds(run):
    assert graders_held(rows_of(run)) == HELD
    judged = {"rent-epoch1": judgement("rent-epoch1", "wrong")}
    assert graders_held(rows_of(run, judged)) == [
        "rules",
        "judge",
        "rules then judge",
        *HELD[1:],
    ]


def test_rules_against_f1_counts_every_pair_and_lists_each_difference(run):
    c = compare_graders(rows_of(run), "rules", "inspect:f1")
    # Ten answers: two are engine errors (the rules: wrong; f1: no score), eight both judged.
    assert (c.answers, c.both, c.only_a, c.only_b, c.neither) == (10, 8, 2, 0, 0)
    # f1 under its 0.5 on Paris (0.33) and on the rent (0.4), where the rules say correct.
    assert [d.qid for d in c.differences] == [
        "capital-fr-epoch1",
        "rent-epoch1",
        "capital-fr-epoch2",
        "rent-epoch2",
    ]
    first = c.differences[0]
    assert (first.a.verdict, first.b.verdict, first.b.score, first.b.threshold) == (
        "correct",
        "wrong",
        0.33,
        0.5,
    )
    assert c.matrix == {("correct", "correct"): 2, ("correct", "wrong"): 4, ("wrong", "wrong"): 2}
    assert c.agreement == 0.5
    # kappa by hand: observed 0.5; chance (6/8 * 2/8) + (2/8 * 6/8) = 0.375; (0.5-0.375)/0.625
    assert c.kappa == pytest.approx(0.2)


def test_no_verdict_is_counted_apart_never_as_a_difference(run):
    c = compare_graders(rows_of(run), "inspect:match", "inspect:model_graded_fact")
    # model_graded_fact found no grade on the spider (both epochs): A only; errors: neither.
    assert (c.both, c.only_a, c.only_b, c.neither) == (6, 2, 0, 2)
    assert [(d.qid, d.a.verdict, d.b.verdict) for d in c.differences] == [
        ("rent-epoch1", "wrong", "partial"),
        ("rent-epoch2", "wrong", "partial"),
    ]
    assert "GRADE: P" in c.differences[0].b.reason


def test_the_judge_is_a_grader_like_the_others(run):
    judged = {"rent-epoch1": judgement("rent-epoch1", "wrong")}
    c = compare_graders(rows_of(run, judged), "judge", "inspect:match")
    assert (c.both, c.agreed, c.differences) == (1, 1, [])


@pytest.mark.parametrize(
    ("a", "b", "says"),
    [
        ("rules", "inspect:model_graded_fac", "did you mean inspect:model_graded_fact?"),
        ("ragas:faithfulness", "rules", "no grader 'ragas:faithfulness' in this run"),
        ("judge", "rules", "no grader 'judge'"),
        ("rules", "rules", "not 'rules' with itself"),
    ],
    ids=["near-miss", "absent", "no-judgements", "same-twice"],
)
def test_a_grader_the_run_does_not_hold_is_refused_with_those_it_holds(run, a, b, says):
    with pytest.raises(GraderConfigError) as caught:
        compare_graders(rows_of(run), a, b)
    assert says in str(caught.value)
    if "itself" not in says:
        assert str(caught.value).endswith("it holds: " + ", ".join(HELD))


# --- the command -------------------------------------------------------------------------


def test_compare_two_graders_from_the_command_line(run, capsys):
    assert main(["compare", str(run), "--grader", "rules", "--grader", "inspect:f1"]) == 0
    out = capsys.readouterr().out
    assert "both gave a verdict on 8 of 10 (A only 2, B only 0, neither 0)" in out
    assert "agree on 4 of 8 (50.0%), Cohen's kappa 0.200; differ on 4" in out
    assert "rent-epoch1" in out and "score 0.4; threshold 0.5" in out
    argv = ["compare", str(run), "--grader", "rules", "--grader", "inspect:f1", "--json"]
    assert main(argv) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["graders"] == ["rules", "inspect:f1"] and document["held"] == HELD
    assert (document["both"], document["differ"], document["agreement"]) == (8, 4, 0.5)
    assert document["matrix"]["correct"]["wrong"] == 4
    assert document["differences"][1]["qid"] == "rent-epoch1"
    assert document["differences"][1]["b"]["score"] == 0.4


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--grader", "rules", "--grader", "inspect:nope"], "it holds: rules, inspect:match"),
        (["--grader", "rules"], "--grader names two graders to compare, not 1"),
        (["--grader", "rules"] * 3, "--grader names two graders to compare, not 3"),
        ([], "compare needs RUN_B (A/B of two runs), or --grader twice"),
        (["--grader", "rules", "--grader", "inspect:f1", "--fail-if-worse"], "leave out RUN_B"),
    ],
    ids=["unknown-grader", "one-grader", "three-graders", "no-run-b-no-grader", "gate"],
)
def test_bad_invocations_are_one_line_and_exit_2(run, capsys, extra, says):
    assert main(["compare", str(run), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err


def test_a_second_run_with_grader_is_refused(run, capsys):
    argv = ["compare", str(run), str(run), "--grader", "rules", "--grader", "inspect:f1"]
    assert main(argv) == 2
    assert "leave out RUN_B" in capsys.readouterr().err


def test_the_judges_sidecar_is_read(run, capsys):
    append_judgement(run, judgement("rent-epoch1", "partial"))
    argv = ["compare", str(run), "--grader", "judge", "--grader", "inspect:model_graded_fact"]
    assert main([*argv, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["both"], document["agreed"]) == (1, 1)


def judgement(qid: str, verdict: str) -> Judgement:
    return Judgement(
        qid,
        "judged",
        verdict,
        "the figure differs",
        f"{verdict}. the figure differs",
        {"name": "stand-in", "backend": "llama", "sha256": "a5fd"},
        "judge-1",
        "h",
        "2026-12-02T10:00:00Z",
    )
