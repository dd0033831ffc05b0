"""The strategy comparison: how each registered clause split and money conclusion would grade
the answers on disk, against today's grader, and how each agrees with the reviewers.

`ragtriage strategies` prints it. There is more than one reasonable place to draw the clause
split's lines (`grader.rules.clauses.STRATEGIES`) and to conclude on a money answer
(`grader.rules.conclusion.CONCLUSIONS`); each registered one is measured here by what it flips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from grader.audit.against_marks import Agreement, agreement
from grader.audit.flips import Flip, differs
from grader.records.marks import Mark
from grader.rules.clauses import STRATEGIES
from grader.rules.conclusion import CONCLUSIONS
from grader.rules.verdict import CORRECT, Grade, Grader
from grader.schema import Answer


@dataclass
class StrategyRow:
    """How one strategy (a clause split or a money conclusion) would grade the answers on
    disk, against the default grader: what flips, and how it agrees with the reviewers."""

    kind: str  # "clause" or "money"
    name: str
    summary: str
    money_flips: list[Flip] = field(default_factory=list)
    other_flips: list[Flip] = field(default_factory=list)
    money_correct_flipped: int = 0
    agreement: Agreement | None = None

    @property
    def verdicts_changed(self) -> int:
        """Flips that change a verdict or a money violation (not only a label)."""
        return sum(flip.verdict_changed for flip in (*self.money_flips, *self.other_flips))


def compare_strategies(
    runs: Sequence[tuple[str, Sequence[Answer]]],
    graders: Mapping[str, Grader],
    marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]] | None = None,
) -> tuple[list[StrategyRow], int, int]:
    """Regrade every answer on disk under every registered clause strategy and every money
    strategy, each against today's grader of its run (the defaults).

    Args:
        runs: (run id, answers) of every run on disk.
        graders: run id -> today's grader for that run.
        marks: run id -> the reviewers' effective marks on that run, for each strategy's
            agreement with them.

    Returns:
        One row per strategy, the number of answers, and the number of currently-correct money
        answers (the denominator the essay used).
    """
    baseline: dict[tuple[str, str], Grade] = {}
    for run_id, answers in runs:
        for answer in answers:
            baseline[(run_id, answer.qid)] = graders[run_id].grade(answer)
    correct_money = sum(
        1 for grade in baseline.values() if grade.verdict == CORRECT and grade.money.is_money
    )
    variants = [("clause", name, s.summary, {"strategy": name}) for name, s in STRATEGIES.items()]
    variants += [("money", name, c.summary, {"money": name}) for name, c in CONCLUSIONS.items()]
    rows = []
    for kind, name, summary, change in variants:
        row = StrategyRow(kind, name, summary)
        graded: list[tuple[str, Grade]] = []
        for run_id, answers in runs:
            grader = graders[run_id].variant(**change)
            for answer in answers:
                old, new = baseline[(run_id, answer.qid)], grader.grade(answer)
                graded.append((run_id, new))
                if not differs(old, new):
                    continue
                flip = Flip.between(run_id, answer.qid, old, new)
                (row.money_flips if old.money.is_money else row.other_flips).append(flip)
                row.money_correct_flipped += old.money.is_money and old.verdict == CORRECT
        if marks is not None:
            row.agreement = agreement(graded, marks)
        rows.append(row)
    return rows, len(baseline), correct_money
