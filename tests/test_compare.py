"""A/B comparison: the paired test, comparability, differences, the command line."""

from __future__ import annotations

import orjson
import pytest

from grader.audit.compare import compare, knobs_changed, mcnemar_exact
from grader.records.runfile import write_run
from grader.rules.verdict import Grade, MoneyCheck
from grader.schema import Answer, Gold
from tests.conftest import ROOT
from tui.cli import main

K3 = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
K5 = ROOT / "runs" / "20261130-182735-finance-k5.jsonl"


@pytest.mark.parametrize(
    ("a_only", "b_only", "p"),
    [
        (0, 0, 1.0),
        (5, 0, 0.0625),
        (0, 5, 0.0625),
        (10, 2, 0.0386),
        (2, 10, 0.0386),
        (5, 2, 0.4531),  # the example: 7 discordant, p = 0.45
        (3, 3, 1.0),
        (1, 0, 1.0),
    ],
)
def test_the_exact_mcnemar_p_value_matches_values_by_hand(a_only, b_only, p):
    assert mcnemar_exact(a_only, b_only) == pytest.approx(p, abs=5e-5)


@pytest.mark.parametrize(
    ("a_only", "b_only"), [(40, 20), (200, 150), (31, 30), (0, 90), (1000, 900), (7, 7)]
)
def test_the_p_value_equals_the_binomial_tail_summed_exactly(a_only, b_only):
    from math import comb

    n = a_only + b_only
    exact = min(1, 2 * sum(comb(n, i) for i in range(min(a_only, b_only) + 1)) / 2**n)
    assert mcnemar_exact(a_only, b_only) == pytest.approx(exact, rel=1e-9, abs=1e-300)


def test_the_p_value_of_80000_discordant_pairs_agrees_with_the_normal_approximation():
    # (Summing the big binomial coefficients themselves took minutes at this size.)
    from math import erf, sqrt

    a_only, b_only = 40_100, 39_900
    z = (abs(a_only - b_only) - 1) / sqrt(a_only + b_only)  # with continuity correction
    normal = 1 - erf(z / sqrt(2))
    assert mcnemar_exact(a_only, b_only) == pytest.approx(normal, abs=1e-3)
    assert mcnemar_exact(50_000, 30_000) < 1e-100


def grade(qid, verdict="wrong", declined=False, violation=False, latency=100.0, labels=()):
    money = MoneyCheck(True, ("$1.00",), ("$2.00",) if violation else (), violation)
    return Grade(qid, "answerable", verdict, tuple(labels), declined, None, money, (), latency)


def header(run_id="a", corpus="finance", **config):
    return {
        "run_id": run_id,
        "corpus": corpus,
        "config": {"name": "k5", "top_k": 5, "chunk_chars": 1200, **config},
        "model": {"name": "gemma", "sha256": "abc", "prompt": "completion"},
        "engine": {"version": "0.2.0"},
    }


def test_identical_runs_are_comparable_with_nothing_to_test():
    grades = [grade("q1", "correct"), grade("q2")]
    result = compare(header(), grades, header("b"), grades)
    assert result.comparable and result.reasons == [] and result.knobs == []
    assert result.differences == []
    assert (
        result.sentence()
        == "A and B are correct on the same questions: there is no difference to test."
    )


def test_a_different_corpus_is_not_comparable():
    result = compare(header(), [grade("q1")], header("b", corpus="openrag"), [grade("q1")])
    assert not result.comparable
    assert result.reasons == ["different corpora: A is 'finance', B is 'openrag'"]


def test_questions_in_one_run_only_are_listed_and_left_out():
    result = compare(
        header(), [grade("q1"), grade("q2")], header("b"), [grade("q2", "correct"), grade("q3")]
    )
    assert result.comparable
    assert result.only_in_a == ["q1"] and result.only_in_b == ["q3"] and result.common == 1
    assert result.reasons == [
        "compared over the 1 questions both answered (1 in A only, 1 in B only)"
    ]
    assert result.correct.b_only == 1


def test_no_question_in_common_is_not_comparable():
    result = compare(header(), [grade("q1")], header("b"), [grade("q2")])
    assert not result.comparable
    assert "no question is answered in both runs" in result.reasons


def test_graders_that_differ_today_and_grades_of_record_from_another_grader_are_said():
    grades = [grade("q1")]
    result = compare(header(), grades, header("b"), grades, ("f1", "f2"), ("f1", "old"))
    assert result.reasons == [
        "the two runs are graded by different graders today (their needles or citation rules "
        "differ)",
        "B's grades of record are from another grader; both are graded with today's",
    ]


def test_one_knob_changed_is_named_and_more_than_one_is_said_first():
    one = knobs_changed(header(), header("b", top_k=8))
    assert one == [{"knob": "top_k", "a": 5, "b": 8}]
    b = header("b", top_k=8)
    b["model"] = {"name": "qwen", "sha256": "def", "prompt": "chat template"}
    result = compare(header(), [grade("q1")], b, [grade("q1")])
    assert [k["knob"] for k in result.knobs] == ["top_k", "model", "model sha256", "prompt"]
    assert result.reasons[0].startswith("more than one thing changed (top_k, model,")
    assert result.comparable  # still compared; the reader is told


def test_differences_violations_declines_and_latency():
    a = [
        grade("gain"),
        grade("lose", "correct", latency=50),
        grade("money", violation=True),
        grade("decline", declined=False),
        grade("same", "partial"),
    ]
    b = [
        grade("gain", "correct", latency=50),
        grade("lose", "partial", latency=200),
        grade("money", "wrong"),
        grade("decline", declined=True, violation=True),
        grade("same", "partial", latency=10),
    ]
    result = compare(header(), a, header("b"), b)
    changes = {d.qid: d.change for d in result.differences}
    assert changes == {"gain": "gained", "lose": "lost", "money": "changed", "decline": "changed"}
    assert result.violations_added == ["decline"] and result.violations_removed == ["money"]
    assert result.declines_gained == ["decline"] and result.declines_lost == []
    assert (result.correct.a_only, result.correct.b_only) == (1, 1)
    assert (result.money.a_only, result.money.b_only) == (1, 1)
    assert result.latency == {
        "timed": 5,
        "median_ms_a": 100.0,
        "median_ms_b": 100.0,
        "median_difference_ms": 0.0,
        "b_faster_share": 0.4,
    }
    assert result.sentence() == (
        "B answers as many questions correctly (1 gained, 1 lost); with 2 discordant questions "
        "this is not evidence of a difference (p = 1)."
    )


def test_the_sentence_says_when_there_is_evidence():
    a = [grade(f"q{i}", "correct") for i in range(10)] + [grade("x"), grade("y")]
    b = [grade(f"q{i}") for i in range(10)] + [grade("x", "correct"), grade("y", "correct")]
    result = compare(header(), a, header("b"), b)
    assert result.sentence() == (
        "B answers 8 fewer questions correctly (2 gained, 10 lost); with 12 discordant "
        "questions this is evidence of a difference (p = 0.039)."
    )
    assert result.b_significantly_worse
    assert not compare(header(), b, header("b"), a).b_significantly_worse


def write(path, qid_answers, corpus="finance", top_k=5):
    gold = Gold(key="$10.00")
    answers = [
        Answer(qid=qid, kind="answerable", question="How much?", gold=gold, answer=text)
        for qid, text in qid_answers
    ]
    write_run(path, {"run_id": path.stem, "corpus": corpus, "config": {"top_k": top_k}}, answers)
    return path


def test_fail_if_worse_exits_1_when_b_loses_significantly(tmp_path, capsys):
    a = write(tmp_path / "a.jsonl", [(f"q{i}", "It is $10.00.") for i in range(6)], "x")
    b = write(tmp_path / "b.jsonl", [(f"q{i}", "It is $99.00.") for i in range(6)], "x", 8)
    assert main(["compare", str(a), str(b), "--corpora", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "top_k  5 -> 8" in out
    assert out.rstrip().endswith(
        "B answers 6 fewer questions correctly (0 gained, 6 lost); with 6 discordant questions "
        "this is evidence of a difference (p = 0.031)."
    )
    assert main(["compare", str(a), str(b), "--fail-if-worse", "--corpora", str(tmp_path)]) == 1
    assert main(["compare", str(b), str(a), "--fail-if-worse", "--corpora", str(tmp_path)]) == 0


def test_a_file_that_is_not_a_run_is_refused_in_one_line(tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert main(["compare", str(empty), str(K5)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a run file: no header" in err


def test_the_committed_k3_small_and_k5_runs_compare_cleanly(capsys):
    assert main(["compare", str(K3), str(K5), "--json"]) == 0
    document = orjson.loads(capsys.readouterr().out)
    assert document["comparable"] is True
    assert document["reasons"][0].startswith("more than one thing changed")
    assert {k["knob"] for k in document["knobs"]} == {"top_k", "chunk_chars", "max_tokens"}
    assert document["questions"] == {"common": 71, "only_in_a": [], "only_in_b": []}
    paired = document["paired"]
    assert set(paired) == {"correct", "money"}
    assert set(paired["correct"]) == {"a_only", "b_only", "p_value"}
    differences = document["differences"]
    assert differences and {"qid", "change", "a", "b"} <= set(differences[0])
    correct_a = sum(d["a"]["verdict"] == "correct" for d in differences)
    assert paired["correct"]["a_only"] == sum(d["change"] == "lost" for d in differences)
    assert correct_a >= paired["correct"]["a_only"]
    assert document["sentence"].startswith("B answers")
