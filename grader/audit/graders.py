"""The graders an answer holds beside the rules: where they disagree.

An answer imported from another tool keeps that tool's graders' verdicts (`GraderVerdict`,
DESIGN 2: ``promptfoo:contains``, ``inspect:model_graded_fact``), never in place of the rules'
grade. A grader that gave no verdict (a missing score) disagrees with nobody, and neither do
the rules where they leave the answer ``unjudged``: only two verdicts given can differ.
"""

from __future__ import annotations

from collections.abc import Iterable

from grader.rules.verdict import UNJUDGED, Grade
from grader.schema import GraderVerdict


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
