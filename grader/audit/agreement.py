"""Every grader present, held to the same test: agreement with the people's marks.

Three graders are measured over the same reviewed answers:

- **rules**: the rules' verdicts, over the answers they judge (an ``unjudged`` answer is left
  out, and the coverage says how many that left);
- **judge**: a model judge's verdicts (`grader.records.judgements`), over the answers it gave a
  verdict on (an unparsed reply or none at all is not a verdict);
- **rules then judge**: the rules where they judge, the judge only where they abstain.

Each with agreement, Cohen's kappa and coverage (the share of the reviewed answers it gave a
verdict on), all through the one `grader.records.marks.agreement`. A judgement never changes a
rules' grade; it is only measured beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from grader.records.judgements import Judgement
from grader.records.marks import Agreement, Mark, agreement, marks_on
from grader.rules.verdict import UNJUDGED, Grade

RULES, JUDGE, RULES_THEN_JUDGE = "rules", "judge", "rules then judge"


def judge_grade(grade: Grade, judgement: Judgement | None) -> Grade | None:
    """The judge's verdict on an answer as a grade (its label the judge's reason), or None when
    the judge gave none."""
    if judgement is None or not judgement.parsed:
        return None
    why = judgement.why or "no reason given"
    return msgspec.structs.replace(grade, verdict=judgement.verdict, labels=(f"judge: {why}",))


def rules_grade(grade: Grade, judgement: Judgement | None = None) -> Grade | None:
    """The rules' grade when they judge the answer, else None (``unjudged``)."""
    return grade if grade.verdict != UNJUDGED else None


def rules_then_judge(grade: Grade, judgement: Judgement | None) -> Grade | None:
    """The rules' grade where they judge; the judge's only where they abstain."""
    return rules_grade(grade) or judge_grade(grade, judgement)


def judge_disagrees(grade: Grade, judgement: Judgement | None) -> bool:
    """Whether the rules judge the answer, the judge gave a verdict, and the two differ."""
    judged = judge_grade(grade, judgement)
    return rules_grade(grade) is not None and judged is not None and judged.verdict != grade.verdict


GRADERS: dict[str, Callable[[Grade, Judgement | None], Grade | None]] = {
    RULES: rules_grade,
    JUDGE: judge_grade,
    RULES_THEN_JUDGE: rules_then_judge,
}


@dataclass(frozen=True)
class GraderAgreement:
    """One grader against the people over the reviewed answers."""

    name: str
    reviewed: int
    result: Agreement

    @property
    def covered(self) -> int:
        """Reviewed answers this grader gave a verdict on."""
        return self.result.reviewed

    @property
    def coverage(self) -> float | None:
        return self.covered / self.reviewed if self.reviewed else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "grader": self.name,
            "reviewed": self.reviewed,
            "covered": self.covered,
            "coverage": self.coverage,
            "agreement": self.result.agreement,
            "kappa": self.result.kappa,
            "matrix": self.result.to_dict()["matrix"],
        }


def graders_against_people(
    graded: Iterable[tuple[str, Grade]],
    judgements: Mapping[str, Mapping[str, Judgement]],
    marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]],
) -> list[GraderAgreement]:
    """The rules, the judge and rules-then-judge, each against the marks.

    Args:
        graded: Today's grades, each with its run id.
        judgements: The effective judgement per qid, per run id.
        marks: The effective mark per qid, or every reviewer's latest (`read_reviews`), per
            run id; each reviewer's mark counts once (``reviewed`` counts marks).
    """
    rows = [
        (run, grade, judgements.get(run, {}).get(grade.qid))
        for run, grade in graded
        if marks_on(marks.get(run, {}).get(grade.qid))
    ]
    reviewed = sum(len(marks_on(marks[run][grade.qid])) for run, grade, _j in rows)
    found = []
    for name, verdict_of in GRADERS.items():
        given = [(run, verdict_of(grade, judgement)) for run, grade, judgement in rows]
        result = agreement([(run, g) for run, g in given if g is not None], marks)
        found.append(GraderAgreement(name, reviewed, result))
    return found
