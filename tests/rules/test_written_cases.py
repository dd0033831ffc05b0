"""Whole answers graded against what careful people say of them: cases written blind, by writers
who had not read the rules, graded by every rule at once.

First, grading cases written by writers who read DESIGN section 4 and no code, in registers and
answer styles the rules were not written against (bills, leases, filings, papers, receipts,
budgets; chat assistants, small local models, terse answers, markdown, step-by-step reasoning).
Each case is an answer record with the verdict, the decline flag and the money violation a
careful reader applying the contract gives it. The first set was written before grader v3 was
measured on it and then used to develop it; the second was held out until the first had been
worked through (on first reading it graded 156 of 165 as written). A case the grader reads
otherwise on purpose says why in ``known`` and must keep failing (strict), so that a change
that makes it pass is noticed.

200 short factual questions in eight registers beyond quiz trivia (medicine, law, geography,
statistics, sport, technology, film, household), each answered in one of five styles (a bare
span, a chat sentence, a verbose paragraph, a web-search answer with glued citation digits, a
small model's terse reply) and labelled correct or not as a careful person would
(tests/cases/openqa-written-blind.jsonl).

The cases were written blind, by a writer who had not read the rules. Measured once before any
rule was changed for them (grader at 22b21cd): coverage 91.5%, kappa 0.917 over judged answers,
precision of `correct` 0.970. Their disagreements then showed four families the rules lacked
(a surname given alone, a key mentioned only to be rejected or as one of uncommitted
alternatives, percentages and rates in words, number words with a multiplier), which were added
as families with counter-examples (tests/rules/test_key_text.py); since then the set is
development data, not a held-back measurement. This test holds the grader to the held-back
targets on it (DESIGN 4 and issue targets: coverage >= 95%, precision of `correct` >= 0.93,
kappa >= 0.70).

A second set, tests/cases/openqa-heldout.jsonl, was written blind by another writer after those
families were in: 180 informal search-engine questions ("who sings i want to know what love
is") and 60 questions about a person's own documents (a tenancy in euros, an electricity bill
in pounds, a Swiss car policy, a US contract, a medicine leaflet, a Japanese phone contract),
answered in six styles. Measured once before anything was changed for it (grader at b7daa42):
web questions coverage 96.7%, kappa 0.929, precision 0.969; documents coverage 88.3%, kappa
0.662, precision 1.000. Its disagreements then added two families (a surname with its
particles, a date in figures either way round) and a counter-example (a surname that is
another's first name); since then it is development data too. The web questions are held to
the short-answer targets; the documents, where yes-or-no keys with a reason and amounts in
words ("fifty euros") still go to a reader or are missed, are held to what they reach today.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import orjson
import pytest

from grader.audit.against_marks import cohen_kappa
from grader.rules.verdict import Grader
from grader.schema import Answer, Gold, answer_from_dict

# --- cases written blind against DESIGN section 4 ---------------------------------------------


CASES = Path(__file__).parents[1] / "cases"


ROWS = [
    (path.stem, orjson.loads(line))
    for path in sorted(CASES.glob("written-blind-*.jsonl"))
    for line in path.read_bytes().splitlines()
    if line.strip()
]


GRADED, UNGRADED = Grader(), Grader(citations=False)


def _params():
    for source, row in ROWS:
        marks = []
        if row.get("known"):
            marks.append(pytest.mark.xfail(reason=row["known"], strict=True))
        yield pytest.param(row, id=f"{source}:{row['class']}:{row['id']}", marks=marks)


@pytest.mark.parametrize("row", list(_params()))
def test_a_case_written_blind(row):
    answer = answer_from_dict(
        {
            "type": "answer",
            "qid": row["id"],
            **{name: row[name] for name in ("kind", "question", "gold", "answer", "sources")},
        }
    )
    grade = (GRADED if row.get("citations_graded", True) else UNGRADED).grade(answer)
    got = {"verdict": grade.verdict, "declined": grade.declined, "violation": grade.violation}
    assert got == row["expect"], f"{row['why']} (labels: {grade.labels})"


def test_every_class_has_cases_in_several_registers():
    by_class: dict[str, set[str]] = {}
    for _source, row in ROWS:
        by_class.setdefault(row["class"], set()).add(row["register"])
    assert len(by_class) == 11
    assert all(len(registers) >= 3 for registers in by_class.values()), by_class


# --- short factual questions written blind (open QA) ------------------------------------------


WRITTEN = CASES / "openqa-written-blind.jsonl"


HELD_OUT = CASES / "openqa-heldout.jsonl"


def _graded(path: Path = WRITTEN, register: str = "") -> list[tuple[bool, str]]:
    grader = Grader(citations=False)
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if register and case["register"] != register:
            continue
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
    cases = [json.loads(line) for line in WRITTEN.read_text(encoding="utf-8").splitlines()]
    assert len(cases) == 200
    assert len({case["id"] for case in cases}) == 200
    assert len({case["register"] for case in cases}) == 8
    assert sum(case["human"] for case in cases) == 140


def _figures(graded: list[tuple[bool, str]]) -> tuple[float, float, float]:
    """Coverage, precision of `correct` and kappa over the judged answers."""
    judged = [(human, verdict == "correct") for human, verdict in graded if verdict != "unjudged"]
    said_correct = [human for human, correct in judged if correct]
    matrix = Counter(
        ("correct" if correct else "wrong", "correct" if human else "wrong")
        for human, correct in judged
    )
    kappa = cohen_kappa(matrix)
    assert kappa is not None
    return len(judged) / len(graded), sum(said_correct) / len(said_correct), kappa


def test_the_grader_meets_the_short_answer_targets_on_them() -> None:
    coverage, precision, kappa = _figures(_graded())
    assert coverage >= 0.95, coverage
    assert precision >= 0.93, precision
    assert kappa >= 0.70, kappa


def test_the_second_set_is_what_the_docstring_says() -> None:
    cases = [json.loads(line) for line in HELD_OUT.read_text(encoding="utf-8").splitlines()]
    assert len(cases) == 240
    assert len({case["id"] for case in cases}) == 240
    assert sum(case["register"] == "documents" for case in cases) == 60


def test_web_questions_meet_the_short_answer_targets() -> None:
    coverage, precision, kappa = _figures(_graded(HELD_OUT, "web-questions"))
    assert coverage >= 0.95, coverage
    assert precision >= 0.93, precision
    assert kappa >= 0.70, kappa


def test_questions_about_documents_hold_what_they_reach() -> None:
    coverage, precision, kappa = _figures(_graded(HELD_OUT, "documents"))
    assert coverage >= 0.85, coverage
    assert precision >= 0.93, precision
    assert kappa >= 0.70, kappa
