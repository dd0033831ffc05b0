"""200 short factual questions in eight registers beyond quiz trivia (medicine, law, geography,
statistics, sport, technology, film, household), each answered in one of five styles (a bare
span, a chat sentence, a verbose paragraph, a web-search answer with glued citation digits, a
small model's terse reply) and labelled correct or not as a careful person would
(tests/cases/openqa-written-blind.jsonl).

The cases were written blind, by a writer who had not read the rules. Measured once before any
rule was changed for them (grader at 22b21cd): coverage 91.5%, kappa 0.917 over judged answers,
precision of `correct` 0.970. Their disagreements then showed four families the rules lacked
(a surname given alone, a key mentioned only to be rejected or as one of uncommitted
alternatives, percentages and rates in words, number words with a multiplier), which were added
as families with counter-examples (tests/test_surface.py); since then the set is development
data, not a held-back measurement. This test holds the grader to the held-back targets on it
(DESIGN 4 and issue targets: coverage >= 95%, precision of `correct` >= 0.93, kappa >= 0.70).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from grader.records.marks import cohen_kappa
from grader.rules.verdict import Grader
from grader.schema import Answer, Gold

CASES = Path(__file__).parent / "cases" / "openqa-written-blind.jsonl"


def _graded() -> list[tuple[bool, str]]:
    grader = Grader(citations=False)
    out = []
    for line in CASES.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        accepted = tuple(case["accepted"])
        answer = Answer(
            qid=case["id"],
            kind="answerable",
            question=case["question"],
            gold=Gold(key=" / ".join(accepted), accepted=accepted),
            answer=case["answer"],
        )
        out.append((bool(case["human"]), grader.grade(answer).verdict))
    return out


def test_the_written_cases_are_what_the_docstring_says() -> None:
    cases = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()]
    assert len(cases) == 200
    assert len({case["id"] for case in cases}) == 200
    assert len({case["register"] for case in cases}) == 8
    assert sum(case["human"] for case in cases) == 140


def test_the_grader_meets_the_short_answer_targets_on_them() -> None:
    graded = _graded()
    judged = [(human, verdict == "correct") for human, verdict in graded if verdict != "unjudged"]
    coverage = len(judged) / len(graded)
    said_correct = [human for human, correct in judged if correct]
    precision = sum(said_correct) / len(said_correct)
    matrix = Counter(
        ("correct" if correct else "wrong", "correct" if human else "wrong")
        for human, correct in judged
    )
    kappa = cohen_kappa(matrix)
    assert kappa is not None
    assert coverage >= 0.95, coverage
    assert precision >= 0.93, precision
    assert kappa >= 0.70, kappa
