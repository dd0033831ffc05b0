"""A gate that cannot be fooled: runs that did not finish, runs that are not comparable, and
headers that name the prompt (an older header's missing fields are unknown, not changes)."""

from __future__ import annotations

import orjson
import pytest

from grader.audit.compare import compare, knobs_changed, knobs_unknown
from grader.records.scorecard import Completion, scorecard
from grader.rules.verdict import Grade, MoneyCheck
from tests.conftest import ROOT
from tui.cli import main

K3 = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"
HEADER = orjson.loads(K3.read_bytes().splitlines()[0])
CLEAN_QID = "fin-pay-net"  # correct, no violation, in k3-small


def cut(tmp_path, keep: int | list[str], name: str = "cut.jsonl"):
    """The k3-small run (71 questions planned) with only some of its answers left."""
    lines = K3.read_bytes().splitlines()
    answers = lines[1:]
    if isinstance(keep, int):
        kept = answers[:keep]
    else:
        kept = [line for line in answers if orjson.loads(line)["qid"] in keep]
    path = tmp_path / name
    path.write_bytes(b"\n".join([lines[0], *kept]) + b"\n")
    return path


def planned_only(tmp_path, qids=("q1", "q2")):
    """A run whose header plans two questions and that holds no answer: it was stopped before
    its first answer."""
    path = tmp_path / "stopped.jsonl"
    header = {"type": "run", "schema": 1, "run_id": "stopped", "corpus": "finance"}
    header["plan"] = {"limit": 2, "qids": list(qids)}
    path.write_bytes(orjson.dumps(header) + b"\n")
    return path


def grade(qid, verdict="correct", violation=False, suspicious=()):
    money = MoneyCheck(True, ("$1.00",), ("$2.00",) if violation else (), violation)
    return Grade(qid, "answerable", verdict, (), False, None, money, (), 10.0, suspicious)


@pytest.mark.parametrize(
    ("header", "qids", "expected", "complete"),
    [
        ({"plan": {"qids": ["a", "b"]}}, [], "incomplete: 0 of 2 planned", False),
        ({"plan": {"qids": ["a", "b"]}}, ["a"], "incomplete: 1 of 2 planned", False),
        ({"plan": {"qids": ["a", "b"]}}, ["b", "a"], "complete: 2 of 2 planned", True),
        ({"plan": {"qids": ["a", "b"]}}, ["a", "a", "x"], "incomplete: 1 of 2 planned", False),
        ({}, ["a", "b"], "no plan in the header: 2 answers", True),
        ({}, [], "no answers", False),
        ({"plan": {"qids": []}}, [], "incomplete: 0 of 0 planned", False),
        ({"plan": "nonsense"}, ["a"], "no plan in the header: 1 answers", True),
    ],
    ids=[
        "nothing-answered",
        "one-of-two",
        "all-answered-in-another-order",
        "a-duplicate-and-an-unplanned-answer-do-not-fill-the-plan",
        "imported-run-without-a-plan",
        "no-plan-and-no-answer",
        "an-empty-plan",
        "a-plan-that-is-not-one",
    ],
)
def test_completion_of_a_plan(header, qids, expected, complete):
    completion = Completion.of(header, qids)
    assert (completion.describe(), completion.complete) == (expected, complete)


ODD = ("2 amounts asserted",)


@pytest.mark.parametrize(
    ("grades", "options", "reasons"),
    [
        ([grade("a"), grade("b")], {}, []),
        ([grade("a")], {}, ["incomplete: 1 of 2 planned"]),
        ([grade("a")], {"allow_incomplete": True}, []),
        ([grade("a"), grade("b", "wrong", True)], {}, ["ZERO-WRONG-MONEY FAIL"]),
        ([grade("a", "wrong", True)], {"allow_incomplete": True}, ["ZERO-WRONG-MONEY FAIL"]),
        ([], {}, ["incomplete: 0 of 2 planned"]),
        ([grade("a"), grade("b", suspicious=ODD)], {}, []),
        (
            [grade("a"), grade("b", suspicious=ODD)],
            {"fail_on_suspicious": True},
            ["1 suspicious pass(es) (--fail-on-suspicious): b"],
        ),
    ],
    ids=[
        "finished-and-clean-passes",
        "unfinished-fails",
        "unfinished-passes-when-allowed",
        "a-violation-fails",
        "a-violation-fails-even-when-unfinished-is-allowed",
        "no-answer-fails",
        "a-suspicious-pass-passes-by-default",
        "a-suspicious-pass-fails-when-asked",
    ],
)
def test_the_gate_fails_on_what_it_must(grades, options, reasons):
    card = scorecard(grades, {"plan": {"qids": ["a", "b"]}})
    found = card.gate(**options)
    assert len(found) == len(reasons)
    assert all(r in f for r, f in zip(reasons, found, strict=True))


def test_a_run_stopped_before_its_first_answer_does_not_pass_the_gate(tmp_path, capsys):
    """A run with 2 questions planned and 0 answered once gave ZERO-WRONG-MONEY PASS, exit 0."""
    path = planned_only(tmp_path)
    assert main(["grade", str(path), "--gate"]) == 1
    captured = capsys.readouterr()
    assert "INCOMPLETE: 0 OF 2 PLANNED" in captured.out
    assert "gate: incomplete: 0 of 2 planned" in captured.err
    # the bar over nothing says so (it read "PASS  0 violations among 0 money questions")
    assert "ZERO-WRONG-MONEY  PASS  nothing scored: no answer yet" in captured.out
    assert "among 0 money questions" not in captured.out
    assert main(["grade", str(path), "--gate", "--allow-incomplete"]) == 0


def test_a_run_cut_to_one_answer_does_not_score_a_pass(tmp_path, capsys):
    """A 71-question run cut to 1 answer once scored 100%, PASS."""
    path = cut(tmp_path, [CLEAN_QID])
    assert main(["grade", str(path), "--gate", "--no-record"]) == 1
    captured = capsys.readouterr()
    assert "INCOMPLETE: 1 OF 71 PLANNED: the scores below are of the 1 answered" in captured.out
    assert "100.00%" in captured.out  # the score of what it has, said under the warning
    assert main(["grade", str(path), "--json", "--no-record"]) == 0
    card = orjson.loads(capsys.readouterr().out)["scorecard"]
    assert card["completion"] == {"complete": False, "planned": 71, "answered": 1}
    assert card["zero_wrong_money"] == "PASS"
    assert main(["grade", str(path), "--gate", "--allow-incomplete", "--no-record"]) == 0


def test_a_finished_run_says_so(tmp_path, capsys):
    path = cut(tmp_path, 71)
    main(["grade", str(path), "--no-record"])
    assert "completion        complete: 71 of 71 planned" in capsys.readouterr().out


def compare_args(tmp_path, a, b, *more):
    return ["compare", str(a), str(b), "--corpora", str(ROOT / "corpora"), *more]


def test_fail_if_worse_fails_when_b_did_not_finish(tmp_path, capsys):
    """`compare --fail-if-worse` once exited 0 when B answered 2 of 71."""
    a = cut(tmp_path, 71, "a.jsonl")
    b = cut(tmp_path, 2, "b.jsonl")
    assert main(compare_args(tmp_path, a, b, "--fail-if-worse")) == 1
    captured = capsys.readouterr()
    assert "B  20261130-182239-finance-k3-small  (incomplete: 2 of 71 planned)" in captured.out
    assert "B did not finish: incomplete: 2 of 71 planned" in captured.out
    assert "fail-if-worse: B did not finish" in captured.err
    assert main(compare_args(tmp_path, a, b, "--fail-if-worse", "--allow-incomplete")) == 0
    capsys.readouterr()
    assert main(compare_args(tmp_path, a, b, "--json")) == 0
    document = orjson.loads(capsys.readouterr().out)
    assert document["completion"]["b"] == {"complete": False, "planned": 71, "answered": 2}
    assert document["completion"]["a"]["complete"] is True


def test_fail_if_worse_fails_on_runs_that_are_not_comparable(tmp_path, capsys):
    """`compare --fail-if-worse` once exited 0 on runs it called NOT COMPARABLE."""
    a = cut(tmp_path, 71, "a.jsonl")
    b = tmp_path / EXAMPLE.name
    b.write_bytes(EXAMPLE.read_bytes())
    assert main(compare_args(tmp_path, a, b, "--fail-if-worse")) == 1
    captured = capsys.readouterr()
    assert "NOT COMPARABLE" in captured.out
    assert "fail-if-worse: the runs are NOT COMPARABLE" in captured.err
    assert main(compare_args(tmp_path, a, b, "--fail-if-worse", "--allow-not-comparable")) == 0


def test_a_field_an_old_header_lacks_is_unknown_not_changed():
    """Fields added since (the extractor, the prompt's hash) once read as changes of every run
    made before them."""
    old = {"config": {"name": "k5", "top_k": 5}, "model": {"name": "m"}}
    new = {
        "config": {"name": "k5", "top_k": 5, "extractor": "pdfium"},
        "model": {"name": "m"},
        "prompt": {"sha256": "abc"},
    }
    assert knobs_changed(old, new) == []
    assert [k["knob"] for k in knobs_unknown(old, new)] == ["extractor", "prompt sha256"]
    result = compare({**old, "corpus": "c"}, [grade("q")], {**new, "corpus": "c"}, [grade("q")])
    assert result.knobs == []
    assert any(
        "unknown rather than changed: extractor (A), prompt sha256 (A)" in r for r in result.reasons
    )


def test_a_changed_prompt_is_a_changed_knob():
    a = {"config": {}, "model": {"name": "m"}, "prompt": {"sha256": "abc"}}
    b = {"config": {}, "model": {"name": "m"}, "prompt": {"sha256": "def"}}
    assert knobs_changed(a, b) == [{"knob": "prompt sha256", "a": "abc", "b": "def"}]


def test_the_header_records_a_hash_of_the_exact_instructions_and_examples(tmp_path, monkeypatch):
    from corpora.loader import load_corpus
    from engine import prompt, run
    from grader.records.runfile import read_header
    from tests.fakes import ScriptedGenerator

    corpus = load_corpus(ROOT / "corpora" / "finance")
    path, _ = run.start_run(corpus, "k3-small", 1, ScriptedGenerator(), tmp_path)
    recorded = read_header(path)["prompt"]
    assert recorded == run.prompt_record() and len(recorded["sha256"]) == 16
    changed = (*prompt.EXAMPLES[:-1], (*prompt.EXAMPLES[-1][:2], "The net pay was $2,118.30 [1]."))
    monkeypatch.setattr(run, "EXAMPLES", changed)
    assert run.prompt_record()["sha256"] != recorded["sha256"]
    monkeypatch.undo()
    monkeypatch.setattr(run, "INSTRUCTIONS", prompt.INSTRUCTIONS + " Be brief.")
    assert run.prompt_record()["sha256"] != recorded["sha256"]


# --- suspicious passes reach scripts (the grader's Grade.suspicious) ----------------------------

SUSPICIOUS = {
    "type": "answer",
    "qid": "two-amounts",
    "kind": "answerable",
    "question": "How much is due?",
    "gold": {"key": "$42.99", "golden_docs": ["adt-2024-03"]},
    "answer": "The amount due is $42.99 [1], and the late fee is $5.00 [1].",
    "sources": [{"n": 1, "doc": "adt-2024-03", "text": "Amount due $42.99. Late fee $5.00."}],
}
PLAIN = {
    **SUSPICIOUS,
    "qid": "one-amount",
    "answer": "The amount due is $42.99 [1].",
}


def run_of(tmp_path, *answers):
    path = tmp_path / "suspicious.jsonl"
    header = {"type": "run", "schema": 1, "run_id": "suspicious", "corpus": ""}
    path.write_bytes(b"".join(orjson.dumps(record) + b"\n" for record in (header, *answers)))
    return path


def test_a_suspicious_pass_is_in_the_output_and_the_json(tmp_path, capsys):
    path = run_of(tmp_path, SUSPICIOUS, PLAIN)
    assert main(["grade", str(path), "--no-record"]) == 0
    out = capsys.readouterr().out
    assert "suspicious passes 1: two-amounts" in out
    assert "correct  two-amounts  cited golden document" in out and "SUSPICIOUS: 2 amounts" in out
    assert "one-amount" not in out, "a plain pass is not listed"
    assert main(["grade", str(path), "--no-record", "--json"]) == 0
    document = orjson.loads(capsys.readouterr().out)
    by_qid = {a["qid"]: a for a in document["answers"]}
    assert by_qid["two-amounts"]["suspicious"] == ["2 amounts asserted"]
    assert by_qid["one-amount"]["suspicious"] == []
    assert document["scorecard"]["suspicious"] == ["two-amounts"]


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--gate"], 0),
        (["--gate", "--fail-on-suspicious"], 1),
        (["--fail-on-suspicious"], 1),
    ],
    ids=["the-gate-alone-passes-it", "asked-to-the-gate-fails-it", "the-option-alone-gates"],
)
def test_the_gate_can_be_asked_to_fail_on_suspicious_passes(tmp_path, capsys, argv, code):
    path = run_of(tmp_path, SUSPICIOUS, PLAIN)
    assert main(["grade", str(path), "--no-record", *argv]) == code
    if code:
        assert "gate: 1 suspicious pass(es) (--fail-on-suspicious): two-amounts" in (
            capsys.readouterr().err
        )


def test_a_run_without_suspicious_passes_passes_the_suspicious_gate(tmp_path):
    assert main(["grade", str(run_of(tmp_path, PLAIN)), "--no-record", "--fail-on-suspicious"]) == 0
