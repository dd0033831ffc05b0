"""bench/bench_queue.py --cases: the reading queue measured on written sets, each file a set of
its own and all of them pooled, with misgrades counted as bench_registers.py counts
disagreements (partial and wrong both not correct)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_queue as bench  # noqa: E402
import bench_registers  # noqa: E402

CAPITAL = ("geography", "What is the capital of Australia?", ["Canberra"])
CARMEN = ("music", "Who composed the opera Carmen?", ["Georges Bizet", "Bizet"])
BOILING = ("cooking", "At what temperature in Celsius does water boil at sea level?", ["100"])
SIDE = ("sport", "How many players does a football side field?", ["11", "eleven"])

# (question, answer, the person's verdict): the rules pass "Canberra." and fail "It is Sydney."
# whatever else they do, so set A holds a pass the person rejects (a misgrade) and a wrong the
# person calls partial (not one)
SET_A = [
    (CAPITAL, "Canberra.", "correct"),
    (CAPITAL, "It is Sydney.", "wrong"),
    (CAPITAL, "It is Sydney.", "partial"),
    (CAPITAL, "Canberra.", "wrong"),
    (CARMEN, "It was written by Bizay.", "correct"),
    (CARMEN, "Bizet wrote it, I believe.", "correct"),
]
SET_B = [
    (BOILING, "About 100 degrees.", "correct"),
    (BOILING, "It boils at 90 degrees.", "wrong"),
    (SIDE, "A side fields a goalkeeper and outfield players.", "partial"),
    (SIDE, "Eleven, with up to five substitutes used.", "correct"),
    (SIDE, "Ten outfield players and a goalkeeper.", "correct"),
]


def write(tmp_path: Path, name: str, rows: list) -> Path:
    path = tmp_path / f"{name}.jsonl"
    lines = [
        json.dumps(
            {
                "register": register,
                "question": question,
                "accepted": accepted,
                "answer": answer,
                "human": human,
            }
        )
        for (register, question, accepted), answer, human in rows
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def sets(tmp_path: Path) -> tuple[Path, Path]:
    return write(tmp_path, "set_a", SET_A), write(tmp_path, "set_b", SET_B)


def expected(path: Path) -> tuple[int, int, int]:
    """Judged answers, misgrades and partial-against-wrong pairs, from bench_registers' own
    grades of the file, counted here from the definition."""
    cases = bench_registers.load(path)
    found = bench_registers.report(cases)
    pairs = [
        (grade["verdict"], case["human"])
        for grade, case in zip(found["grades"], cases, strict=True)
        if grade["verdict"] != "unjudged"
    ]
    misgrades = sum(1 for said, human in pairs if (said == "correct") != (human == "correct"))
    apart = sum(1 for said, human in pairs if {said, human} == {"partial", "wrong"})
    return len(pairs), misgrades, apart


def test_a_written_sets_misgrades_are_bench_registers_disagreements(sets):
    found = {s["set"]: s for s in bench.report_sets(None, None, frozenset(), cases=sets)}
    for path in sets:
        judged, misgrades, apart = expected(path)
        assert found[path.stem]["judged"] == judged
        assert found[path.stem]["misgrades"] == misgrades
        assert found[path.stem]["partial_against_wrong"] == apart
    # "Canberra." judged wrong by the person is a misgrade and a pass; "It is Sydney." called
    # partial is no misgrade, and is counted apart
    assert found["set_a"]["misgrades"] >= 1
    assert found["set_a"]["passed"] >= 1
    assert found["set_a"]["partial_against_wrong"] >= 1
    assert found["set_a"]["too_few"]  # a handful of misgrades is too few to read


def test_each_file_is_a_set_of_its_own_and_all_of_them_one(sets):
    pooled = bench.report_sets(None, None, frozenset(), cases=sets)
    assert [s["set"] for s in pooled] == ["set_a", "set_b", bench.WRITTEN]
    # a file's rows of the pooled queue are its own queue: the figures of the file alone
    for path, found in zip(sets, pooled, strict=False):
        (alone,) = bench.report_sets(None, None, frozenset(), cases=[path])
        assert alone == found
    whole = pooled[-1]
    for key in ("answers", "judged", "misgrades", "partial_against_wrong", "no_signal", "passed"):
        assert whole[key] == pooled[0][key] + pooled[1][key]
    for signal in range(len(whole["signals"])):
        fires = [s["signals"][signal]["fires"] for s in pooled]
        assert fires[2] == fires[0] + fires[1]


def test_the_share_is_given_with_its_count_and_interval(sets):
    (found,) = bench.report_sets(None, None, frozenset(), cases=sets[:1])
    n = found["misgrades"]
    for fraction in ("10%", "25%"):
        assert found["queue"][fraction] == pytest.approx(found["queue_found"][fraction] / n)
    low, high = found["interval_10%"]
    assert low <= found["queue"]["10%"] <= high


def test_cases_alone_measures_only_the_written_sets(sets, capsys):
    assert bench.main(["--cases", *map(str, sets), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [s["set"] for s in printed["sets"]] == ["set_a", "set_b", bench.WRITTEN]
    assert bench.main(["--cases", str(sets[0])]) == 0
    out = capsys.readouterr().out
    assert "set_a: first 10% holds >= 35% of the misgrades" in out
    assert "too few to read" in out
    assert bench.WRITTEN not in out  # one file is no pool


def test_a_missing_file_is_named(tmp_path, capsys):
    assert bench.main(["--cases", str(tmp_path / "none.jsonl")]) == 2
    assert "no cases at" in capsys.readouterr().err


def test_two_files_of_one_name_are_refused(sets, tmp_path):
    """Each set is named by its file: two files of one name would be one set."""
    again = tmp_path / "again"
    again.mkdir()
    copy = write(again, "set_a", SET_B)
    with pytest.raises(SystemExit, match="two files named set_a"):
        bench.report_sets(None, None, frozenset(), cases=[sets[0], copy])
