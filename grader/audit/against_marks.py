"""Today's grades against the reviewers' marks: agreement, Cohen's kappa, the decline flag's
precision and recall, and the disagreements by label and rule, over the reviewed answers only.

The one count of agreement with the people (`agreement`): every grader measured against them
goes through it (the rules, a model judge, an imported grader: `grader.audit.agreement`; each
registered strategy: `grader.audit.strategies`), as do the review app and `ragtriage agreement`.
Several reviewers may mark one answer (`grader.records.marks.read_reviews`): each one's mark
counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grader.records.marks import Mark, marks_on
from grader.rules.codes import family_of, heading
from grader.rules.verdict import VERDICTS, Grade


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One reviewed answer where today's grader and the reviewer differ."""

    run: str
    qid: str
    grader_verdict: str
    grader_labels: tuple[str, ...]
    reviewer_verdict: str
    note: str
    by: str


@dataclass(frozen=True)
class Agreement:
    """Today's grader against the reviewers, over the reviewed answers only."""

    answers: int
    reviewed: int
    matrix: dict[tuple[str, str], int]
    declines: dict[str, int] = field(default_factory=dict)  # tp, fp, fn, tn
    per_label: list[tuple[str, int]] = field(default_factory=list)
    per_rule: list[tuple[str, int]] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    # Per reviewer: (their marks counted, those sharing the grader's verdict). With several
    # reviewers, ``reviewed`` counts every reviewer's mark (one answer read twice counts twice).
    per_reviewer: dict[str, tuple[int, int]] = field(default_factory=dict)
    # The answers holding at least one mark (``reviewed`` counts the marks on them).
    answers_reviewed: int = 0

    @property
    def agreement(self) -> float | None:
        """The share of reviewed answers whose verdict the reviewer shares."""
        if not self.reviewed:
            return None
        return sum(self.matrix.get((v, v), 0) for v in VERDICTS) / self.reviewed

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa of the grader's verdicts against the reviewers' (None when chance
        agreement is certain, or nothing was reviewed)."""
        return cohen_kappa(self.matrix)

    def decline_scores(self) -> dict[str, float | None]:
        """Precision, recall and F1 of the grader's decline flag against the marks that say."""
        tp, fp, fn = (self.declines.get(k, 0) for k in ("tp", "fp", "fn"))
        precision = tp / (tp + fp) if tp + fp else None
        recall = tp / (tp + fn) if tp + fn else None
        f1 = (
            2 * precision * recall / (precision + recall)
            if precision is not None and recall is not None and precision + recall
            else None
        )
        return {"precision": precision, "recall": recall, "f1": f1}

    def to_dict(self) -> dict[str, Any]:
        return {
            "answers": self.answers,
            "answers_reviewed": self.answers_reviewed,
            "marks": self.reviewed,
            "agreement": self.agreement,
            "kappa": self.kappa,
            "matrix": {
                grader: {reviewer: self.matrix.get((grader, reviewer), 0) for reviewer in VERDICTS}
                for grader in VERDICTS
            },
            "declines": {
                **{k: self.declines.get(k, 0) for k in ("tp", "fp", "fn", "tn")},
                **self.decline_scores(),
            },
            "per_label": [{"label": label, "disagreements": n} for label, n in self.per_label],
            "per_rule": [{"rule": rule, "disagreements": n} for rule, n in self.per_rule],
            "reviewers": [
                {"by": by, "marks": n, "agreement": agreed / n if n else None}
                for by, (n, agreed) in self.per_reviewer.items()
            ],
            "disagreements": [
                {
                    "run": d.run,
                    "qid": d.qid,
                    "grader": {"verdict": d.grader_verdict, "labels": list(d.grader_labels)},
                    "reviewer": {"verdict": d.reviewer_verdict, "note": d.note, "by": d.by},
                }
                for d in self.disagreements
            ],
        }


def cohen_kappa(matrix: Mapping[tuple[str, str], int]) -> float | None:
    """Cohen's kappa of a (grader, reviewer) confusion matrix over the three verdicts."""
    total = sum(matrix.values())
    if not total:
        return None
    observed = sum(matrix.get((v, v), 0) for v in VERDICTS) / total
    expected = sum(
        sum(matrix.get((v, r), 0) for r in VERDICTS) * sum(matrix.get((g, v), 0) for g in VERDICTS)
        for v in VERDICTS
    ) / (total * total)
    return None if expected == 1 else (observed - expected) / (1 - expected)


def agreement(
    graded: Iterable[tuple[str, Grade]],
    marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]],
) -> Agreement:
    """Today's grades (each with its run id) against the reviewers' marks, per run: one mark
    per answer, or every reviewer's (`read_reviews`), each of which counts.

    Only reviewed answers count: an answer nobody marked is neither agreement nor
    disagreement. Decline precision and recall count the marks that say whether the answer
    declined. Disagreements are counted per grader label (its code and rule name,
    `grader.rules.codes.heading`) and per rule, and each names its reviewer.
    """
    matrix: Counter[tuple[str, str]] = Counter()
    declines: Counter[str] = Counter()
    per_label: Counter[str] = Counter()
    per_rule: Counter[str] = Counter()
    per_reviewer: dict[str, list[int]] = {}
    disagreements: list[Disagreement] = []
    answers = answers_reviewed = 0
    for run, grade in graded:
        answers += 1
        on_answer = marks_on(marks.get(run, {}).get(grade.qid))
        answers_reviewed += bool(on_answer)
        for mark in on_answer:
            _count_mark(grade, mark, run, matrix, declines, per_label, per_rule, disagreements)
            counted = per_reviewer.setdefault(mark.by, [0, 0])
            counted[0] += 1
            counted[1] += mark.verdict == grade.verdict
    return Agreement(
        answers,
        sum(matrix.values()),
        dict(matrix),
        dict(declines),
        per_label.most_common(),
        per_rule.most_common(),
        disagreements,
        {by: (n, agreed) for by, (n, agreed) in per_reviewer.items()},
        answers_reviewed,
    )


def _count_mark(
    grade: Grade,
    mark: Mark,
    run: str,
    matrix: Counter[tuple[str, str]],
    declines: Counter[str],
    per_label: Counter[str],
    per_rule: Counter[str],
    disagreements: list[Disagreement],
) -> None:
    """Count one reviewer's mark on one graded answer."""
    matrix[(grade.verdict, mark.verdict)] += 1
    if mark.declined is not None:
        key = ("t" if grade.declined == mark.declined else "f") + ("p" if grade.declined else "n")
        declines[key] += 1
    if mark.verdict != grade.verdict:
        for label in grade.labels or ("(no label)",):
            per_label[heading(label)] += 1
        for rule in dict.fromkeys(family_of(label) for label in grade.labels or ("",)):
            per_rule[rule] += 1
        disagreements.append(
            Disagreement(
                run, grade.qid, grade.verdict, grade.labels, mark.verdict, mark.note, mark.by
            )
        )
