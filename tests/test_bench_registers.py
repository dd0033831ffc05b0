"""bench/bench_registers.py: the written cases read and checked line by line, and the grader's
figures against the judge on hand-made cases."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_registers as bench  # noqa: E402


def write(tmp_path: Path, *cases: object) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text(
        "\n".join(c if isinstance(c, str) else json.dumps(c) for c in cases) + "\n",
        encoding="utf-8",
    )
    return path


def case(answer: str, human: str, accepted: object = ("Canberra",)) -> dict[str, object]:
    return {
        "register": "geography",
        "question": "What is the capital of Australia?",
        "accepted": accepted,
        "answer": answer,
        "human": human,
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "cases.jsonl:2: not JSON"),
        (json.dumps({"register": "x", "question": "q"}), "cases.jsonl:2: missing accepted"),
        (json.dumps(case("Canberra.", "right")), "human verdict 'right'"),
        (json.dumps(case("Canberra.", "correct", accepted=[])), "cases.jsonl:2: no accepted"),
    ],
)
def test_a_bad_line_is_named_with_its_number(tmp_path, line, message):
    path = write(tmp_path, case("Canberra.", "correct"), line)
    with pytest.raises(SystemExit, match=message):
        bench.load(path)


def test_the_figures_count_each_case_against_the_judge(tmp_path):
    path = write(
        tmp_path,
        case("Canberra.", "correct"),
        case("It is Sydney.", "wrong"),
        case("Canberra, I think, or maybe not: it is Sydney.", "wrong"),
        case("The capital is Canberra.", "correct", accepted="Canberra"),
    )
    cases = bench.load(path)
    assert cases[3]["accepted"] == ("Canberra",)  # one string is one accepted answer
    found = bench.report(cases)
    verdicts = [grade["verdict"] for grade in found["grades"]]
    today = found["overall"][bench.TODAY]
    assert today["n"] == 4
    judged = [v for v in verdicts if v != "unjudged"]
    assert today["judged"] == len(judged)
    hits = sum(
        1
        for v, c in zip(verdicts, cases, strict=True)
        if v != "unjudged" and (v == "correct") == (c["human"] == "correct")
    )
    assert today["agreement"] == pytest.approx(hits / len(judged))
    # key contained accepts the third answer, which names the key on its way to another
    assert found["overall"][bench.CONTAINED]["precision"] == pytest.approx(2 / 3)
    assert list(found["per_register"]) == ["geography"]


def test_the_committed_cases_load():
    cases = bench.load(bench.DEFAULT_CASES)
    assert len(cases) >= 300
    assert len({c["register"] for c in cases}) >= 8
