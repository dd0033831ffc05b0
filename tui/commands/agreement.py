"""``ragtriage agreement``: the graders (the rules, the model judge, the graders imported with
the answers) against the people's marks on runs."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tui.output import EXIT_OK, emit_json, one_line, printable, say, warn

if TYPE_CHECKING:
    from grader.audit.against_marks import Agreement


def as_percent(value: float | None) -> str:
    """An agreement as a percentage (``n/a``: none)."""
    return "n/a" if value is None else f"{value:.1%}"


def as_decimal(value: float | None) -> str:
    """A kappa, precision, recall or F1 to three places (``n/a``: none)."""
    return "n/a" if value is None else f"{value:.3f}"


def reviewed_line(result: Agreement | None, answers: int) -> str:
    """``reviewed 30 of 227 answers (44 marks by 7 reviewers)``: answers and marks each
    named, as `agreement` and `strategies` both say it."""
    if result is None:
        return f"reviewed 0 of {answers} answers"
    marks = (
        f" ({result.reviewed} marks by {len(result.per_reviewer)} reviewers)"
        if len(result.per_reviewer) > 1 or result.reviewed != result.answers_reviewed
        else ""
    )
    return f"reviewed {result.answers_reviewed} of {answers} answers{marks}"


def _print_graders(graders: list[Any], judged: bool) -> None:
    """Every grader present against the people over the same reviewed answers, each with its
    coverage (the share of those answers it gave a verdict on); the judge's only when there
    are judgements, every imported grader's always."""
    from grader.audit.agreement import GRADERS, RULES

    shown = [g for g in graders if judged or g.name == RULES or g.name not in GRADERS]
    width = max([17, *(len(printable(g.name)) + 2 for g in shown)])
    say("\nevery grader against the people, over the reviewed answers:")
    say(f"  {'grader':<{width}}{'covers':>16}{'agreement':>11}{'kappa':>8}")
    for grader in shown:
        covers = f"{grader.covered}/{grader.reviewed} {as_percent(grader.coverage)}"
        say(
            f"  {printable(grader.name):<{width}}{covers:>16}"
            f"{as_percent(grader.result.agreement):>11}{as_decimal(grader.result.kappa):>8}"
        )
    if not judged:
        say("  (no model judgements: `ragtriage judge RUN` asks one)")


def _imported(path: Any) -> dict[str, dict[str, Any]]:
    """Per qid, the other graders' verdicts imported with a run's answers (their declared
    ``graders``, as `imported_graders` reads them: grading's reads keep no answer's text)."""
    from grader.audit.agreement import imported_verdicts
    from grader.records.runfile import imported_graders

    return {qid: imported_verdicts(graders) for qid, graders in imported_graders(path).items()}


def _quoted(imported: dict, graded: list[Any], judgements: dict, marks: dict, seed: int) -> Any:
    """Figures to quote over every run's reviewed answers, in file order (``imported``: per
    run id, the imported graders' verdicts per qid, `_imported`)."""
    from grader.audit.agreement import quoted_agreement
    from grader.records.marks import marks_on

    rows = [
        (
            grade,
            judgements.get(run_id, {}).get(grade.qid),
            imported[run_id].get(grade.qid, {}),
            marks_on(marks.get(run_id, {}).get(grade.qid)),
        )
        for run_id, grade in graded
        if marks_on(marks.get(run_id, {}).get(grade.qid))
    ]
    return quoted_agreement(rows, seed)


def _print_quoted(quoted: Any) -> None:
    """Every grader's figures with their 95% intervals: those to quote (marks picked at random
    or in file order), then each group of marks reported apart, and the people's ceiling."""
    from grader.audit.agreement import APART_BECAUSE, QUOTED_GROUP

    picked = ", ".join(f"{how} {n}" for how, n in sorted(quoted.marks_by_picked.items()))
    # How the intervals are made (`grader.audit.measure.AGREED_METHOD`; `--json` says it whole).
    say(
        f"\nfigures to quote, 95% intervals (agreement: Wilson's; kappa: BCa bootstrap, "
        f"seed {quoted.seed}, {quoted.resamples:,} resamples)"
    )
    say(f"marks by how their answers were picked: {picked}")
    ceiling = quoted.ceiling
    for group, answers in quoted.reviewed.items():
        if group == QUOTED_GROUP:
            say(
                f"over the {answers} answer(s) picked at random or in plain file order (marks: "
                "every reviewer's, over the answers the grader judges):"
            )
        else:
            why = APART_BECAUSE.get(group, "no random pick")
            say(f"reported apart: the {answers} answer(s) picked by {group} ({why}):")
        width = max([17, *(len(printable(name)) + 1 for name in quoted.graders)])
        say(f"  {'grader':<{width}}{'marks':>6}  {'agreement':<27}kappa")
        for name, groups in quoted.graders.items():
            figures = groups[group]
            if not figures.answers:
                continue
            line = (
                f"  {printable(name):<{width}}{figures.agreement.n:>6}  "
                f"{_ranged(figures.agreement, True):<27}{_ranged(figures.kappa, False):<24}"
            )
            reached = quoted.reaches(name) if group == QUOTED_GROUP else None
            if reached is not None:
                line += "reaches the ceiling" if reached else "below the ceiling"
            say(line.rstrip())
    if ceiling is not None and quoted.ceiling_reviewers is not None:
        first, second = quoted.ceiling_reviewers
        say(
            printable(
                f"ceiling: {first} and {second} on the same {ceiling.answers} answer(s): "
                f"agreement {_ranged(ceiling.agreement, True)}, kappa "
                f"{_ranged(ceiling.kappa, False)}"
            )
        )
        picked = ", ".join(f"{how} {n}" for how, n in quoted.ceiling_picked.items())
        say(printable(f"  their marks on those answers were picked: {picked}"))
        if not quoted.ceiling_at_random:
            say("  (not all at random: the ceiling is read over answers someone chose)")
        say("  (a grader reaches the ceiling when its kappa's interval reaches their kappa)")
    else:
        say("ceiling: no answer read by two reviewers (a second reader gives the ceiling)")


def _ranged(interval: Any, percent: bool) -> str:
    """``81.2% [70.1, 90.5]`` or ``0.712 [0.551, 0.843]``."""
    if interval.value is None:
        return "n/a"
    if interval.low is None:
        return f"{interval.value:.1%}" if percent else f"{interval.value:.3f}"
    if percent:
        return f"{interval.value:.1%} [{interval.low:.1%}, {interval.high:.1%}]"
    return f"{interval.value:.3f} [{interval.low:.3f}, {interval.high:.3f}]"


def cmd_agreement(args: argparse.Namespace) -> int:
    from engine.workspace import workspace_for
    from grader.audit.against_marks import agreement
    from grader.audit.agreement import graders_against_people
    from grader.records.judgements import read_judgements
    from grader.records.runfile import read_run
    from grader.rules.verdict import VERDICTS

    workspace = workspace_for(args)
    if args.runs_given:
        runs = [read_run(workspace.run_path(name), lean=True) for name in args.runs_given]
    else:
        runs = workspace.runs()
    graded, marks, judgements = [], {}, {}
    for run in runs:
        grader = workspace.grader(run)
        marks[run.run_id] = workspace.marks(run)
        judgements[run.run_id], problems = read_judgements(run.path)
        workspace.problems.extend(problems)
        graded += [(run.run_id, grade) for grade in grader.grade_all(run.answers)]
    result = agreement(graded, marks)
    imported = {run.run_id: _imported(run.path) for run in runs}
    graders = graders_against_people(graded, judgements, marks, imported)
    quoted = _quoted(imported, graded, judgements, marks, getattr(args, "seed", 0))
    for problem in workspace.problems:
        warn(problem)
    if args.json:
        emit_json(
            {
                "runs": [run.run_id for run in runs],
                **result.to_dict(),
                "graders": [g.to_dict() for g in graders],
                "quoted": quoted.to_dict(),
            }
        )
        return EXIT_OK
    where = f" in {workspace.runs_dir}" if not args.runs_given else ""
    say(
        f"{len(runs)} run(s){where}, {result.answers} answers, "
        f"{reviewed_line(result, result.answers)}"
    )
    if not runs:
        say(f"no run files in {workspace.runs_dir}: `--runs DIR` names another folder")
        return EXIT_OK
    if not result.reviewed:
        say("no marks yet: review answers with `ragtriage review` (c agrees, d disagrees)")
        return EXIT_OK
    say("\ngrader (rows) against reviewers (columns)")
    say(f"{'':<10}" + "".join(f"{v:>10}" for v in VERDICTS))
    for grader_verdict in VERDICTS:
        cells = "".join(f"{result.matrix.get((grader_verdict, v), 0):>10}" for v in VERDICTS)
        say(f"{grader_verdict:<10}{cells}")
    say(f"\nagreement {as_percent(result.agreement)} · Cohen's kappa {as_decimal(result.kappa)}")
    if len(result.per_reviewer) > 1:  # whose mark is whose: each reviewer against the grader
        say(
            "per reviewer: "
            + printable(
                ", ".join(
                    f"{by} {as_percent(agreed / n)} of {n}"
                    for by, (n, agreed) in result.per_reviewer.items()
                )
            )
            + " (an unjudged answer counts as disagreeing here)"
        )
    _print_graders(graders, any(judgements.values()))
    _print_quoted(quoted)
    declines = result.decline_scores()
    if declines["f1"] is not None or declines["recall"] is not None:
        say(
            f"declines (where marks say): precision {as_decimal(declines['precision'])} "
            f"recall {as_decimal(declines['recall'])} F1 {as_decimal(declines['f1'])} "
            f"({result.declines.get('tp', 0)} found, {result.declines.get('fn', 0)} missed, "
            f"{result.declines.get('fp', 0)} false)"
        )
    if result.per_rule:
        say("\ndisagreements per rule: " + ", ".join(f"{r} {n}" for r, n in result.per_rule))
        say("disagreements per label: " + ", ".join(f"{lab} {n}" for lab, n in result.per_label))
    if result.disagreements:
        say(f"\n{len(result.disagreements)} disagreement(s):")
        for d in result.disagreements:
            say(
                printable(
                    f"  {d.run} {d.qid}: grader {d.grader_verdict} "
                    f"({'; '.join(d.grader_labels) or 'no label'}), {d.by or 'reviewer'} "
                    f"{d.reviewer_verdict}" + (f": {one_line(d.note)}" if d.note else "")
                )
            )
    return EXIT_OK
