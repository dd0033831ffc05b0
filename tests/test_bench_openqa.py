"""bench/bench_openqa.py: EVOUNA's TriviaQA rows as answer records, the lexical baselines and the
agreement figures, on hand-made records; the import over the real file when it is beside the
checkout."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_openqa as bench  # noqa: E402

DATA = ROOT.parent / "shared" / "evouna-tq"


def row(golden: str, improper: bool = False, **judged: bool) -> dict[str, object]:
    found: dict[str, object] = {"question": "Which?", "golden_answer": golden, "improper": improper}
    for system in bench.SYSTEMS:
        found[f"answer_{system}"] = f"{system} says {golden.split('/')[0]}"
        found[f"judge_{system}"] = judged.get(system, True)
    return found


def test_aliases_are_split_stripped_and_kept_once_in_order():
    assert bench.split_aliases("Scorpio/Skorpio / Scorpio (disambiguation)/Scorpio//") == (
        "Scorpio",
        "Skorpio",
        "Scorpio (disambiguation)",
    )
    # only exact duplicates go: another case is another alias
    assert bench.split_aliases("Canada/CANADA/ Canada ") == ("Canada", "CANADA")
    assert bench.split_aliases(" / ") == ()


def test_rows_become_one_record_per_system_and_improper_questions_are_left_out():
    rows = [row("X/Y", improper=True), row("David Seville/ Seville /", gpt4=False)]
    records = bench.answer_records(rows)
    assert [r.system for r in records] == list(bench.SYSTEMS)
    first = records[0].answer
    assert first.qid == "tq-0001"  # the question's place in the file, the improper one counted
    assert first.kind == "answerable"
    assert first.sources == []
    assert first.gold.accepted == ("David Seville", "Seville")
    assert first.gold.key == "David Seville / Seville"
    assert records[0].aliases == ("David Seville", "Seville")
    assert [r.person for r in records] == [True, True, True, False, True]
    assert records[3].answer.answer == "gpt4 says David Seville"
    # grader v3 knows no gold.accepted: it gets the joined key alone
    old = bench.v3_record(records[0])
    assert old["gold"] == {"key": "David Seville / Seville"}
    assert old["qid"] == "tq-0001" and old["answer"] == "fid says David Seville"


def test_squad_normalisation():
    assert bench.squad_normalize("An  Apple, a day keeps THE doctor away!") == (
        "apple day keeps doctor away"
    )
    assert bench.squad_normalize("Theatre") == "theatre"  # articles only as words


@pytest.mark.parametrize(
    ("answer", "aliases", "exact", "contained"),
    [
        ("The Beatles.", ["Beatles"], True, True),
        ("It was the Beatles who sang it", ["Beatles"], False, True),
        ("Scorpio", ["Skorpio", "scorpio"], True, True),
        ("Scorpion", ["Scorpio"], False, True),  # a substring, not a word
        ("Leo", ["Scorpio", "Skorpio"], False, False),
        ("the theatre", ["The"], False, False),  # an alias that normalises to nothing never matches
        ("", ["+-*"], False, False),
        ("J.R.R. Tolkien", ["JRR Tolkien"], True, True),
    ],
)
def test_exact_match_and_key_contained(answer, aliases, exact, contained):
    assert bench.exact_match(answer, aliases) is exact
    assert bench.key_contained(answer, aliases) is contained


def test_scores_on_a_table_computed_by_hand():
    # judged: rules correct / person true 4, correct / false 1, not correct / true 2 (a partial
    # among them), not correct / false 3 (a partial among them); 2 unjudged left out.
    verdicts = (
        ["correct"] * 4
        + ["correct"]
        + ["wrong", "partial"]
        + ["wrong", "wrong", "partial"]
        + ["unjudged", "unjudged"]
    )
    people = [True] * 4 + [False] + [True, True] + [False] * 3 + [True, False]
    found = bench.scores(verdicts, people)
    assert found["n"] == 12 and found["judged"] == 10
    assert found["coverage"] == pytest.approx(10 / 12)
    assert found["agreement"] == pytest.approx(0.7)
    # observed 0.7; by chance 0.5 x 0.6 + 0.5 x 0.4 = 0.5; kappa (0.7 - 0.5) / (1 - 0.5)
    assert found["kappa"] == pytest.approx(0.4)
    assert found["precision"] == pytest.approx(4 / 5)
    assert found["recall"] == pytest.approx(4 / 6)
    assert found["verdicts"] == {"correct": 5, "partial": 2, "unjudged": 2, "wrong": 3}


def test_scores_of_a_grader_that_says_nothing():
    found = bench.scores(["unjudged", "unjudged"], [True, False])
    assert found["coverage"] == 0
    assert found["kappa"] is None and found["precision"] is None and found["recall"] is None


def test_targets_and_disagreements():
    records = bench.answer_records([row("Seville", fid=False)])
    today = ["correct", "correct", "wrong", "correct", "unjudged"]
    verdicts = {
        bench.TODAY: today,
        bench.CONTAINED: ["correct"] * 5,
    }
    found = bench.report(records, verdicts)
    assert found["answers"] == 5 and found["questions"] == 1 and found["people_correct"] == 4
    assert found["per_system"]["fid"][bench.TODAY]["n"] == 1
    targets = found["targets"]
    assert targets["coverage"]["value"] == pytest.approx(0.8)
    assert targets["coverage"]["met"] is False
    assert targets["precision"]["value"] == pytest.approx(2 / 3)
    assert targets["precision"]["met"] is False
    # key contained says correct of everything: kappa 0, so the bar is 0.15; today's judged four
    # agree on 2 against 0.75 x 0.75 + 0.25 x 0.25 by chance: (0.5 - 0.625) / 0.375
    assert targets["kappa"]["target"] == pytest.approx(0.15)
    assert targets["kappa"]["value"] == pytest.approx(-1 / 3)
    assert targets["kappa"]["met"] is False
    graded = [(verdict, (f"label {i}",)) for i, verdict in enumerate(today)]
    rows = bench.disagreements(records, graded)
    assert [(r["system"], r["verdict"], r["person"]) for r in rows] == [
        ("fid", "correct", False),
        ("chatgpt", "wrong", True),
    ]
    assert rows[0]["aliases"] == ["Seville"] and rows[0]["labels"] == ["label 0"]
    assert rows[0]["question"] == "Which?" and rows[0]["qid"] == "tq-0000"


@pytest.mark.skipif(
    not (DATA / bench.FILE).is_file(), reason="../shared/evouna-tq/TQ.json is absent"
)
def test_the_real_file_imports_as_9690_answers():
    records = bench.load(DATA)
    assert len(records) == bench.ANSWERS_IN_FILE == 9_690
    assert len({r.answer.qid for r in records}) == 1_938
    assert len({(r.system, r.answer.qid) for r in records}) == 9_690
    assert all(r.aliases and r.answer.gold.key for r in records)
    assert 0.8 < sum(r.person for r in records) / len(records) < 0.9  # the people accept 85%
