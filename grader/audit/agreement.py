"""Every grader present, held to the same test: agreement with the people's marks.

Three graders are measured over the same reviewed answers:

- **rules**: the rules' verdicts, over the answers they judge (an ``unjudged`` answer is left
  out, and the coverage says how many that left);
- **judge**: a model judge's verdicts (`grader.records.judgements`), over the answers it gave a
  verdict on (an unparsed reply or none at all is not a verdict);
- **rules then judge**: the rules where they judge, the judge only where they abstain.

Each with agreement, Cohen's kappa and coverage (the share of the reviewed answers it gave a
verdict on), all through the one `grader.audit.against_marks.agreement`. A judgement never
changes a rules' grade; it is only measured beside it.

Figures to quote (`quoted_agreement`): the same graders and every imported grader present in the
answers' ``graders``, each with 95% intervals (Wilson's for the agreement, a seeded BCa bootstrap
over answers for kappa: `grader.audit.measure.bootstrap`), over the marks picked at random or in
plain file order; the marks the queue picked (or a hand chose) are reported apart, as they
over-represent the grader's mistakes, and so are those made through a filter or found by a
search, which pick by what the grade says or what the reader looked for. When two reviewers
marked the same answers, however those were picked, their kappa is the ceiling beside every
grader's, with how the answers were picked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from msgspec.structs import replace

from grader.audit.against_marks import Agreement, agreement
from grader.audit.measure import (
    AGREED_METHOD,
    RESAMPLES,
    Agreed,
    bootstrap,
    ceiling_pairs,
    reaches,
)
from grader.records.judgements import Judgement
from grader.records.marks import HAND, QUEUE, QUOTED, Mark, marks_on
from grader.rules.verdict import UNJUDGED, Grade
from grader.schema import GraderVerdict

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
    imported: Mapping[str, Mapping[str, Mapping[str, str | None]]] | None = None,
) -> list[GraderAgreement]:
    """The rules, the judge, rules-then-judge and every imported grader present, each against
    the marks over the same reviewed answers.

    Args:
        graded: Today's grades, each with its run id.
        judgements: The effective judgement per qid, per run id.
        marks: The effective mark per qid, or every reviewer's latest (`read_reviews`), per
            run id; each reviewer's mark counts once (``reviewed`` counts marks).
        imported: Per run id, per qid, the imported graders' verdicts (`imported_verdicts` of
            the answer's ``graders``); each grader named there is measured over the reviewed
            answers it gave a verdict on (its coverage says how many that left).
    """
    imported = imported or {}
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
    names: list[str] = []
    for run, grade, _judgement in rows:
        names += [n for n in imported.get(run, {}).get(grade.qid, {}) if n not in names]
    for name in names:
        given_by = []
        for run, grade, _judgement in rows:
            verdict = imported.get(run, {}).get(grade.qid, {}).get(name)
            if verdict is not None:
                why = f"{name}: imported"
                given_by.append((run, replace(grade, verdict=verdict, labels=(why,))))
        found.append(GraderAgreement(name, reviewed, agreement(given_by, marks)))
    return found


# --- figures to quote: intervals, how the marks were picked, the second reader ---------------


def imported_verdicts(graders: Iterable[GraderVerdict]) -> dict[str, str | None]:
    """Other graders' verdicts on an answer, as imported with it (the answer's declared
    ``graders``, DESIGN 2): name -> verdict, None where the grader gave none (a missing score
    is no verdict, never wrong). A grader named twice keeps its first verdict."""
    found: dict[str, str | None] = {}
    for grader in graders:
        found.setdefault(grader.name, grader.verdict)
    return found


QUOTED_GROUP = "random or file order"
CHOSEN_GROUP = "filter or search"
# Why each group of marks is reported apart from the figures to quote.
APART_BECAUSE = {
    QUEUE: "which over-represents the grader's mistakes",
    HAND: "which a person chose: no random pick",
    CHOSEN_GROUP: "a filter or a search picks by what the grade says or what was looked for, "
    "not at random",
}


def picked_group(mark: Mark) -> str:
    """Which figure a mark counts in: marks picked at random or in plain file order (audit,
    random, all, browse) give the figures to quote; the queue's, a hand's and those made
    through a filter or a search (`Picked.chosen`) are counted apart."""
    if mark.picked.chosen:
        return CHOSEN_GROUP
    return QUOTED_GROUP if mark.picked.how in QUOTED else mark.picked.how


def picked_words(mark: Mark) -> str:
    """How a mark's answer was picked, in a word or two ("audit", "browse", "filter wrong",
    "search", "hand")."""
    if mark.picked.chosen:
        return f"filter {mark.picked.filter}" if mark.picked.filter else "search"
    return mark.picked.how


@dataclass(frozen=True)
class Quoted:
    """Every grader's agreement and kappa with their intervals, per group of marks (the
    quoted ones first, then each group reported apart), and the people's ceiling."""

    seed: int
    resamples: int
    marks_by_picked: dict[str, int]  # `picked_words` -> marks ("filter wrong", "search")
    graders: dict[str, dict[str, Agreed]]  # grader -> group -> figures
    covered: dict[str, dict[str, int]]  # grader -> group -> answers it gave a verdict on
    reviewed: dict[str, int]  # group -> answers with a mark in it
    ceiling_reviewers: tuple[str, str] | None
    ceiling: Agreed | None
    # how the ceiling's answers were picked: (picked_words) -> the two reviewers' marks
    ceiling_picked: dict[str, int] = field(default_factory=dict)

    @property
    def ceiling_at_random(self) -> bool:
        """Whether every mark of the ceiling was picked at random or in plain file order."""
        return all(how in QUOTED for how in self.ceiling_picked)

    def reaches(self, grader: str) -> bool | None:
        """Whether the grader's kappa interval (quoted marks) reaches the people's ceiling."""
        figures = self.graders.get(grader, {}).get(QUOTED_GROUP)
        if figures is None or self.ceiling is None:
            return None
        return reaches(figures.kappa, self.ceiling.kappa)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "resamples": self.resamples,
            "interval": "95%",
            "method": AGREED_METHOD,
            "quoted_from": list(QUOTED),
            "reported_apart": [g for g in self.reviewed if g != QUOTED_GROUP],
            "marks_by_picked": self.marks_by_picked,
            "reviewed": self.reviewed,
            "graders": [
                {
                    "grader": name,
                    **{
                        ("quoted" if group == QUOTED_GROUP else group): {
                            "covered": self.covered[name][group],
                            **figures.to_dict(),
                        }
                        for group, figures in groups.items()
                    },
                    "reaches_ceiling": self.reaches(name),
                }
                for name, groups in self.graders.items()
            ],
            "apart_because": {
                group: APART_BECAUSE.get(group, "no random pick")
                for group in self.reviewed
                if group != QUOTED_GROUP
            },
            "ceiling": None
            if self.ceiling is None or self.ceiling_reviewers is None
            else {
                "reviewers": list(self.ceiling_reviewers),
                "picked": self.ceiling_picked,
                "at_random": self.ceiling_at_random,
                **self.ceiling.to_dict(),
            },
        }


def quoted_agreement(
    rows: Iterable[tuple[Grade, Judgement | None, Mapping[str, str | None], Sequence[Mark]]],
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> Quoted:
    """Every grader present against the people, figures to quote.

    Args:
        rows: Each reviewed answer in file order (runs one after another): today's grade, its
            judgement (or None), the imported graders' verdicts (`imported_verdicts` of the
            answer's ``graders``), and every reviewer's latest mark on it.
        seed, resamples: The bootstrap's (`grader.audit.measure.bootstrap`).

    Marks are grouped by how their answers were picked (`picked_group`); in each group, each
    grader (the rules, the judge, rules then judge, every imported grader present) is measured
    over the answers it gave a verdict on, every mark on them counted, the answers resampled.
    The ceiling: the two reviewers who marked the most of the same answers, however those
    were picked, against each other (`Quoted.ceiling_picked` says how).
    """
    rows = list(rows)
    names = list(GRADERS)
    for _grade, _judgement, imported, _marks in rows:
        names += [name for name in imported if name not in names]
    patterns: dict[str, dict[str, list[tuple[tuple[str, str], ...]]]] = {n: {} for n in names}
    reviewed: Counter[str] = Counter()
    by_picked: Counter[str] = Counter()
    people: dict[int, list[tuple[str, str]]] = {}
    hows: dict[int, dict[str, str]] = {}  # per answer read twice: reviewer -> how picked
    for number, (grade, judgement, imported, marks) in enumerate(rows):
        groups: dict[str, list[Mark]] = {}
        for mark in marks:
            groups.setdefault(picked_group(mark), []).append(mark)
            by_picked[picked_words(mark)] += 1
        for group in groups:
            reviewed[group] += 1
        if len({mark.by for mark in marks}) > 1:
            people[number] = [(mark.by, mark.verdict) for mark in marks]
            hows[number] = {mark.by: picked_words(mark) for mark in marks}
        for name in names:
            verdict = _verdict_of(name, grade, judgement, imported)
            for group, in_group in groups.items():
                found = patterns[name].setdefault(group, [])
                if verdict is not None:
                    found.append(tuple((verdict, mark.verdict) for mark in in_group))
    order = sorted(reviewed, key=lambda group: (group != QUOTED_GROUP, group))
    graders: dict[str, dict[str, Agreed]] = {}
    covered: dict[str, dict[str, int]] = {}
    judged = any(judgement is not None and judgement.parsed for _g, judgement, _i, _m in rows)
    for name in names:
        if name in (JUDGE, RULES_THEN_JUDGE) and not judged:
            continue  # without a judgement, the judge is absent and rules-then-judge the rules
        if name not in GRADERS and not any(patterns[name].get(g) for g in order):
            continue
        graders[name] = {
            group: bootstrap(patterns[name].get(group, []), seed, resamples) for group in order
        }
        covered[name] = {group: len(patterns[name].get(group, [])) for group in order}
    pair, shared = ceiling_pairs(people)
    ceiling_picked: Counter[str] = Counter()
    for how in hows.values():
        if pair is not None and pair[0] in how and pair[1] in how:
            ceiling_picked.update((how[pair[0]], how[pair[1]]))
    return Quoted(
        seed,
        resamples,
        dict(by_picked),
        graders,
        covered,
        {group: reviewed[group] for group in order},
        pair,
        bootstrap(shared, seed, resamples) if pair else None,
        dict(sorted(ceiling_picked.items())),
    )


def _verdict_of(
    name: str, grade: Grade, judgement: Judgement | None, imported: Mapping[str, str | None]
) -> str | None:
    if name in GRADERS:
        given = GRADERS[name](grade, judgement)
        return given.verdict if given is not None else None
    return imported.get(name)
