"""The graders an answer holds beside the rules: where they disagree, and one compared with
another over a run.

An answer imported from another tool keeps that tool's graders' verdicts (`GraderVerdict`,
DESIGN 2: ``promptfoo:contains``, ``inspect:model_graded_fact``), never in place of the rules'
grade. A grader that gave no verdict (a missing score) disagrees with nobody, and neither do
the rules where they leave the answer ``unjudged``: only two verdicts given can differ.

`compare_graders` holds two of a run's graders (the rules, the model judge, rules-then-judge, or
any imported grader) against each other over the answers both gave a verdict on: every answer
where they differ, the counts of each pair of verdicts, the share that agree and Cohen's kappa.
No person is involved: how far two graders agree is not how far either is right (`agreement`
measures each against the people).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grader.audit.against_marks import cohen_kappa
from grader.audit.agreement import GRADERS, RULES
from grader.errors import GraderConfigError
from grader.records.judgements import Judgement
from grader.rules.verdict import UNJUDGED, VERDICTS, Grade
from grader.schema import GraderVerdict

# One answer as `compare_graders` reads it: the rules' grade, the judge's judgement (or None),
# and the graders imported with the answer.
Row = tuple[Grade, Judgement | None, Sequence[GraderVerdict]]


def disagrees_with_rules(grade: Grade, other: GraderVerdict) -> bool:
    """Whether the rules judge the answer, the imported grader gave a verdict, and the two
    differ."""
    if grade.verdict == UNJUDGED or other.verdict is None:
        return False
    return other.verdict != grade.verdict


def graders_disagree(grade: Grade, graders: Iterable[GraderVerdict]) -> bool:
    """Whether the rules and some imported grader, or two imported graders, give different
    verdicts on one answer."""
    verdicts: set[str] = {other.verdict for other in graders if other.verdict is not None}
    if grade.verdict != UNJUDGED:
        verdicts.add(grade.verdict)
    return len(verdicts) > 1


@dataclass(frozen=True, slots=True)
class Said:
    """One grader's verdict on one answer (None: it gave none) and why, with its raw score and
    threshold where it is an imported grader that gave them."""

    verdict: str | None
    reason: str = ""
    score: float | None = None
    threshold: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "reason": self.reason,
            "score": self.score,
            "threshold": self.threshold,
        }


def said_by(
    name: str, grade: Grade, judgement: Judgement | None, imported: Sequence[GraderVerdict]
) -> Said:
    """What the grader ``name`` said of one answer: the rules (their labels as the reason), the
    judge or rules-then-judge (`grader.audit.agreement.GRADERS`), or an imported grader (the
    first of that name); no verdict where it gave none or did not grade the answer."""
    if name in GRADERS:
        given = GRADERS[name](grade, judgement)
        if given is None:
            return Said(None, "; ".join(grade.labels) if name == RULES else "")
        return Said(given.verdict, "; ".join(given.labels))
    for other in imported:
        if other.name == name:
            return Said(other.verdict, other.reason, other.score, other.threshold)
    return Said(None)


def graders_held(rows: Iterable[Row]) -> list[str]:
    """The graders a run holds, as `compare_graders` names them: the rules; the judge and
    rules-then-judge when any answer was judged; every imported grader, in the order first
    met."""
    names = [RULES]
    judged = False
    for _grade, judgement, imported in rows:
        judged = judged or judgement is not None
        names += [other.name for other in imported if other.name not in names]
    if judged:
        names[1:1] = [name for name in GRADERS if name != RULES]
    return names


@dataclass(frozen=True, slots=True)
class GraderDifference:
    """An answer both graders gave a verdict on, and not the same one."""

    qid: str
    a: Said
    b: Said

    def to_dict(self) -> dict[str, Any]:
        return {"qid": self.qid, "a": self.a.to_dict(), "b": self.b.to_dict()}


@dataclass(frozen=True)
class GraderComparison:
    """Two graders of one run against each other."""

    a: str
    b: str
    held: list[str]  # every grader the run holds
    answers: int
    both: int  # answers both gave a verdict on
    only_a: int
    only_b: int
    neither: int
    matrix: dict[tuple[str, str], int]  # (a's verdict, b's verdict) -> answers, over `both`
    differences: list[GraderDifference]

    @property
    def agreed(self) -> int:
        return self.both - len(self.differences)

    @property
    def agreement(self) -> float | None:
        """The share of the answers both judged on which they give the same verdict."""
        return self.agreed / self.both if self.both else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa of the two over the answers both judged (None where chance agreement
        is certain or there are none)."""
        return cohen_kappa(self.matrix)

    def to_dict(self) -> dict[str, Any]:
        verdicts = [v for v in VERDICTS if v != UNJUDGED]
        return {
            "graders": [self.a, self.b],
            "held": self.held,
            "answers": self.answers,
            "both": self.both,
            "only_a": self.only_a,
            "only_b": self.only_b,
            "neither": self.neither,
            "agreed": self.agreed,
            "differ": len(self.differences),
            "agreement": self.agreement,
            "kappa": self.kappa,
            "matrix": {a: {b: self.matrix.get((a, b), 0) for b in verdicts} for a in verdicts},
            "differences": [difference.to_dict() for difference in self.differences],
        }


def compare_graders(rows: Iterable[Row], a: str, b: str) -> GraderComparison:
    """Grader ``a`` against grader ``b`` over one run's answers (each qid once).

    Raises:
        GraderConfigError: for a name the run holds no grader of (one line listing those it
            holds, and the nearest), or the same grader twice.
    """
    rows = list(rows)
    held = graders_held(rows)
    for name in (a, b):
        if name not in held:
            near = difflib.get_close_matches(name, held, n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise GraderConfigError(
                f"no grader {name!r} in this run{hint}; it holds: {', '.join(held)}"
            )
    if a == b:
        raise GraderConfigError(f"compare two different graders, not {a!r} with itself")
    matrix: Counter[tuple[str, str]] = Counter()
    differences = []
    only_a = only_b = neither = 0
    for grade, judgement, imported in rows:
        first, second = (
            said_by(a, grade, judgement, imported),
            said_by(b, grade, judgement, imported),
        )
        if first.verdict is None or second.verdict is None:
            only_a += first.verdict is not None
            only_b += second.verdict is not None
            neither += first.verdict is None and second.verdict is None
            continue
        matrix[(first.verdict, second.verdict)] += 1
        if first.verdict != second.verdict:
            differences.append(GraderDifference(grade.qid, first, second))
    return GraderComparison(
        a,
        b,
        held,
        len(rows),
        sum(matrix.values()),
        only_a,
        only_b,
        neither,
        dict(matrix),
        differences,
    )
