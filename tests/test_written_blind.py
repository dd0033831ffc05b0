"""Grading cases written blind: by writers who read DESIGN section 4 and no code, in registers
and answer styles the rules were not written against (bills, leases, filings, papers, receipts,
budgets; chat assistants, small local models, terse answers, markdown, step-by-step reasoning).

Each case is an answer record with the verdict, the decline flag and the money violation a
careful reader applying the contract gives it. The first set was written before grader v3 was
measured on it and then used to develop it; the second was held out until the first had been
worked through (on first reading it graded 156 of 165 as written). A case the grader reads
otherwise on purpose says why in ``known`` and must keep failing (strict), so that a change
that makes it pass is noticed.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from grader.rules.verdict import Grader
from grader.schema import answer_from_dict

CASES = Path(__file__).parent / "cases"
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
