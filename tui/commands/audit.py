"""Grader audit commands: ``scan``, ``needle``, ``rebaseline`` and ``strategies``.

Thin layers over `grader.audit.scan` (pure) and `engine.workspace` (what is on disk). Nothing here
changes a file except ``needle`` (after a clean scan, or with an override reason) and
``rebaseline --write``, and both write atomically.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import TYPE_CHECKING, Any

from grader.errors import RagtriageError
from tui.output import EXIT_GATE, EXIT_OK, clip, emit_json, one_line, printable, say, warn

if TYPE_CHECKING:
    from grader.records.marks import Agreement


def _workspace(args: argparse.Namespace) -> Any:
    from engine.workspace import workspace_for

    return workspace_for(args)


def _changes(workspace: Any) -> Any:
    """Changes to the workspace's needle lists (`engine.needle_changes`)."""
    from engine.needle_changes import NeedleChanges

    return NeedleChanges(workspace)


def _change_from(args: argparse.Namespace) -> Any:
    from grader.audit.scan import Change

    if args.add_decline is not None:
        requires = getattr(args, "requires", None) or ""
        return Change(
            "add-decline", args.add_decline, why=getattr(args, "why", "") or "", requires=requires
        )
    if args.remove_decline is not None:
        return Change("remove-decline", args.remove_decline)
    if args.add_needle:
        qid, kind, phrase = args.add_needle
        return Change("add-needle", phrase, qid=qid, needle_kind=kind)
    if args.remove_needle:
        qid, kind, phrase = args.remove_needle
        return Change("remove-needle", phrase, qid=qid, needle_kind=kind)
    raise RagtriageError(
        "say what to scan: --add-decline PHRASE, --remove-decline PHRASE, "
        "--add-needle QID KIND PHRASE, --remove-needle QID KIND PHRASE, "
        "or --declines"
    )


def _flip_dict(flip: Any) -> dict[str, Any]:
    return {
        "run": flip.run,
        "qid": flip.qid,
        "old": flip.old_verdict,
        "new": flip.new_verdict,
        "old_labels": list(flip.old_labels),
        "new_labels": list(flip.new_labels),
        "violation_before": flip.old_violation,
        "violation_after": flip.new_violation,
        "sentence": flip.sentence,
    }


def report_dict(report: Any) -> dict[str, Any]:
    return {
        "change": report.change.describe(),
        "summary": report.summary(),
        "clean": report.clean,
        "collisions": [
            {"kind": c.kind, "where": c.where, "detail": c.detail} for c in report.collisions
        ],
        "flips": [_flip_dict(f) for f in report.flips],
        "violations_removed": [f.qid for f in report.violations_removed],
        "direction": report.direction,
        "observed_agrees": report.agrees,
        "reviewers": {
            "fixes": [f"{f.run}:{f.qid}" for f in report.toward_reviewers],
            "breaks": [f"{f.run}:{f.qid}" for f in report.away_from_reviewers],
        },
        "answers_scanned": report.answers_scanned,
        "answers_regraded": report.answers_regraded,
        "warnings": report.warnings,
    }


def print_report(report: Any) -> None:
    say(printable(f"proposed: {report.change.describe()}"))
    say(f"collisions: {len(report.collisions)}")
    for collision in report.collisions:
        say(printable(f"  [{collision.kind}] {collision.where}: {collision.detail}"))
    say(
        f"flips: {len(report.flips)} answer(s) would be graded differently "
        f"({report.answers_regraded} of the {report.answers_scanned} answers on disk could be "
        "reached by this change and were read again)"
    )
    for flip in report.flips:
        say(printable(f"  {flip.run} {flip.qid}: {flip.describe()}"))
        if flip.sentence:
            say(printable(f"      because: {clip(flip.sentence, 160)}"))
    say(printable(f"which way it can move grades: {report.direction}"))
    say(
        "the flips move that way: "
        + ("yes" if report.agrees else "NO: some move the other way, read them")
    )
    if report.toward_reviewers or report.away_from_reviewers:
        say(
            f"against the reviewers' marks: fixes {len(report.toward_reviewers)} "
            f"disagreement(s), breaks {len(report.away_from_reviewers)} agreement(s)"
        )
    for warning in report.warnings:
        say(printable(f"WARNING: {warning}"))
    say(printable(report.summary()))


def cmd_scan(args: argparse.Namespace) -> int:
    workspace = _workspace(args)
    if args.declines:
        return _audit_declines(args, workspace)
    report = _changes(workspace).scan(_change_from(args))
    for problem in workspace.problems:
        warn(problem)
    if args.json:
        emit_json(report_dict(report))
    else:
        print_report(report)
    if args.fail_on_collision and report.collisions:
        warn(f"scan: {len(report.collisions)} collision(s) (--fail-on-collision)")
        return EXIT_GATE
    return EXIT_OK


def _audit_declines(args: argparse.Namespace, workspace: Any) -> int:
    from engine.ingest import document_text
    from grader.audit.scan import audit_declines
    from grader.errors import CorpusError

    declines = workspace.declines()
    documents = []
    for corpus in workspace.corpora():
        for document in corpus.documents:
            try:
                documents.append((corpus.name, document.id, document_text(document)))
            except CorpusError as exc:
                workspace.problems.append(str(exc))
    runs = workspace.runs()
    findings = audit_declines(
        declines,
        workspace.questions(),
        documents,
        [(run.run_id, run.answers) for run in runs],
        {run.run_id: workspace.grader(run, declines) for run in runs},
    )
    for problem in workspace.problems:
        warn(problem)
    if args.json:
        emit_json(
            {
                "phrases": len(declines.phrases),
                "findings": [
                    {"phrase": f.phrase, "place": f.place, "where": f.where, "excerpt": f.excerpt}
                    for f in findings
                ],
            }
        )
        return EXIT_OK
    by_phrase: dict[str, list[Any]] = {}
    for finding in findings:
        by_phrase.setdefault(finding.phrase, []).append(finding)
    for phrase in declines.texts():
        hits = by_phrase.get(phrase, [])
        status = "clean" if not hits else f"{len(hits)} finding(s)"
        say(printable(f"{phrase!r}: {status}"))
        for finding in hits:
            say(printable(f"  [{finding.place}] {finding.where}: {finding.excerpt}"))
    say(
        f"{len(declines.phrases)} phrases audited, {len(findings)} finding(s) in "
        f"{len(by_phrase)} phrase(s)"
    )
    return EXIT_OK


# --- needle: make the change -----------------------------------------------------------------


def cmd_needle(args: argparse.Namespace) -> int:
    from grader.audit.scan import Change

    workspace = _workspace(args)
    action = args.needle_command
    if action == "exclude":
        return _exclude(args, workspace)
    if action in ("add-decline", "remove-decline"):
        change = Change(action, args.phrase, why=args.why or "", requires=args.requires or "")
    else:
        change = Change(
            f"{action}-needle", args.phrase, qid=args.qid, needle_kind=args.kind, why=args.why or ""
        )
    if not args.why:
        raise RagtriageError("say why with --why TEXT: the rationale is recorded with the change")
    # The lists stay locked from the scan to the write: a change made meanwhile by another
    # command or the review app can neither be lost nor slip in between (the scan is of the
    # lists this change is written to).
    changes = _changes(workspace)
    with changes.lists_locked():
        before = changes.lists_digest()
        report = changes.scan(change)
        if not report.clean and not args.override_reason:
            if args.json:
                emit_json({**report_dict(report), "written": False})
            else:
                print_report(report)
            warn(
                "refused: the scan is not clean; read the collisions and flips above, then "
                "repeat with --override-reason TEXT to accept them"
            )
            return EXIT_GATE
        written = changes.apply(
            change,
            why=args.why,
            observed=args.observed,
            override=args.override_reason,
            scanned=before,
            keep_example=not getattr(args, "no_example", False),
        )
    if args.json:
        emit_json({**report_dict(report), "written": True, "files": [str(p) for p in written]})
    else:
        print_report(report)
        for path in written:
            say(printable(f"wrote {path}"))
        say("next: `ragtriage rebaseline --all` shows the flips against the grades of record")
    return EXIT_OK


def _exclude(args: argparse.Namespace, workspace: Any) -> int:
    from grader.rules.declines import validate_phrase

    if not args.why:
        raise RagtriageError("say why with --why TEXT")
    if not args.counterexample:
        raise RagtriageError(
            "record at least one --counterexample TEXT: the substantive "
            "answer the phrase would misread"
        )
    phrase = validate_phrase(args.phrase)
    with _changes(workspace).lists_locked():
        return _exclude_locked(args, workspace, phrase)


def _exclude_locked(args: argparse.Namespace, workspace: Any, phrase: str) -> int:
    """Record an exclusion; the caller holds the lists' locks."""
    from dataclasses import replace

    from grader.rules.clauses import get_strategy
    from grader.rules.declines import Exclusion
    from grader.rules.normalize import normalize_phrase
    from grader.rules.reading import read_answer

    declines = workspace.declines()
    if normalize_phrase(phrase) in {normalize_phrase(p) for p in declines.texts()}:
        raise RagtriageError(
            f"{phrase!r} is on the decline list; remove it first "
            f"(`ragtriage needle remove-decline`)"
        )
    updated = replace(
        declines,
        exclusions=(*declines.exclusions, Exclusion(phrase, args.why, tuple(args.counterexample))),
    )
    for example in args.counterexample:
        decline = read_answer(example, get_strategy(), updated).decline
        if decline is not None:
            raise RagtriageError(
                f"counter-example {example!r} already reads as a decline "
                f"(matched {decline.words!r}); it cannot show what the exclusion protects"
            )
    before = workspace.grader({}).fingerprint
    changes = _changes(workspace)
    written = changes.write_declines(updated)
    changes.record_change(
        {"action": "exclude", "change": f"exclude {phrase!r}", "phrase": phrase},
        why=args.why,
        override=None,
        before=before,
        after=workspace.fresh().grader({}).fingerprint,
        files=[written],
    )
    if args.json:
        emit_json({"excluded": phrase, "written": True, "file": str(written)})
    else:
        say(printable(f"recorded the exclusion of {phrase!r} in {written}"))
    return EXIT_OK


# --- rebaseline ------------------------------------------------------------------------------


def cmd_rebaseline(args: argparse.Namespace) -> int:
    from grader.records.runfile import read_run

    workspace = _workspace(args)
    if args.all:
        runs = workspace.runs()
    elif args.run:
        runs = [read_run(workspace.run_path(args.run), lean=True)]
        workspace.runs_dir = runs[0].path.parent
    else:
        raise RagtriageError("name a run file, or --all")
    results = [_rebaseline_one(run, workspace.grader(run), args.write) for run in runs]
    if args.json:
        emit_json(
            {
                "written": bool(args.write),
                "runs": [
                    {
                        **{k: v for k, v in r.items() if k != "flips"},
                        "flips": [_flip_dict(f) for f in r["flips"]],
                    }
                    for r in results
                ],
            }
        )
    else:
        _print_rebaseline(results, args.write)
    return EXIT_OK


def _rebaseline_one(run: Any, grader: Any, write: bool) -> dict[str, Any]:
    """One run against its grades of record; with ``write``, today's grades become the
    record (the superseded ones go to the history)."""
    from grader.audit.scan import rebaseline
    from grader.records.atomic import locked
    from grader.records.grades import grades_path, read_grades, write_grades, write_history

    # With --write, the record read is the record replaced: no other writer between the two.
    with locked(grades_path(run.path)) if write else contextlib.nullcontext():
        record = read_grades(run.path)
        if record is None:
            if write:
                write_grades(run.path, run.run_id, grader.grade_all(run.answers), grader)
            return {"run": run.run_id, "record": None, "flips": []}
        flips = rebaseline(run.run_id, run.answers, record.grades, grader)
        if write and (flips or record.fingerprint != grader.fingerprint):
            write_history(run.path, record)
            write_grades(run.path, run.run_id, grader.grade_all(run.answers), grader)
    return {
        "run": run.run_id,
        "record": record.fingerprint,
        "today": grader.fingerprint,
        "flips": flips,
    }


def _print_rebaseline(results: list[dict[str, Any]], written: bool) -> None:
    total = 0
    for result in results:
        if result["record"] is None:
            say(
                f"{result['run']}: no grades of record yet"
                + (" (recorded now)" if written else " (`--write` records them)")
            )
            continue
        same = " (same)" if result["record"] == result["today"] else ""
        say(
            f"{result['run']}: grader of record {result['record']}, today "
            f"{result['today']}{same}: {len(result['flips'])} flip(s)"
        )
        for flip in result["flips"]:
            say(f"  {flip.qid}: {flip.describe()}")
            say(f"      was: {'; '.join(flip.old_labels)}")
            say(f"      now: {'; '.join(flip.new_labels)}")
        total += len(result["flips"])
    say(
        f"{total} flip(s) in {len(results)} run(s)"
        + (
            "; new grades of record written, old ones kept in the history"
            if written
            else "; nothing written (use --write to record today's grades)"
        )
    )


# --- strategies ------------------------------------------------------------------------------


def cmd_strategies(args: argparse.Namespace) -> int:
    from grader.audit.scan import compare_strategies
    from grader.rules.clauses import DEFAULT_STRATEGY
    from grader.rules.verdict import DEFAULT_CONCLUSION

    workspace = _workspace(args)
    runs = workspace.runs()
    rows, total, correct_money = compare_strategies(
        [(run.run_id, run.answers) for run in runs],
        {run.run_id: workspace.grader(run) for run in runs},
        {run.run_id: workspace.marks(run) for run in runs},
    )
    for problem in workspace.problems:
        warn(problem)
    defaults = {"clause": DEFAULT_STRATEGY, "money": DEFAULT_CONCLUSION}
    if args.json:
        emit_json(
            {
                "defaults": defaults,
                "answers": total,
                "correct_money_answers": correct_money,
                "strategies": [
                    {
                        "kind": r.kind,
                        "name": r.name,
                        "summary": r.summary,
                        "money_flips": [_flip_dict(f) for f in r.money_flips],
                        "other_flips": [_flip_dict(f) for f in r.other_flips],
                        "verdicts_changed": r.verdicts_changed,
                        "correct_money_flipped": r.money_correct_flipped,
                        "agreement": r.agreement.to_dict() if r.agreement else None,
                    }
                    for r in rows
                ],
            }
        )
        return EXIT_OK
    reviewed = rows[0].agreement if rows else None
    say(
        f"{total} answers in {len(runs)} run(s); {correct_money} correct money answers under "
        f"the defaults; {_reviewed(reviewed, total)}"
    )
    table = [
        (
            f"{row.kind} {row.name}" + (" (default)" if defaults[row.kind] == row.name else ""),
            str(len(row.money_flips)),
            str(len(row.other_flips)),
            str(row.verdicts_changed),
            str(row.money_correct_flipped),
            _percent(row.agreement.agreement if row.agreement else None),
            _decimal(row.agreement.kappa if row.agreement else None),
        )
        for row in rows
    ]
    # Two header lines: the table fits 100 columns (86 wide with the strategies shipped).
    header = [
        ("", "money", "other", "verdicts", "correct money", "", ""),
        ("strategy", "flips", "flips", "changed", "flipped", "agreement", "kappa"),
    ]
    widths = [max(len(cell) for cell in column) for column in zip(*header, *table, strict=True)]
    for cells in (*header, *table):
        say(
            "  ".join(
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()
        )
    if args.verbose:
        for row in rows:
            for flip in row.money_flips + row.other_flips:
                say(printable(f"  {row.kind} {row.name}: {flip.run} {flip.qid}: {flip.describe()}"))
    return EXIT_OK


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def _decimal(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


# --- agreement -------------------------------------------------------------------------------


def _reviewed(result: Agreement | None, answers: int) -> str:
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
        covers = f"{grader.covered}/{grader.reviewed} {_percent(grader.coverage)}"
        say(
            f"  {printable(grader.name):<{width}}{covers:>16}"
            f"{_percent(grader.result.agreement):>11}{_decimal(grader.result.kappa):>8}"
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
            say(f"over the {answers} answer(s) picked at random or in plain file order:")
        else:
            why = APART_BECAUSE.get(group, "no random pick")
            say(f"reported apart: the {answers} answer(s) picked by {group} ({why}):")
        width = max([17, *(len(printable(name)) + 1 for name in quoted.graders)])
        say(f"  {'grader':<{width}}{'n':>6}  {'agreement':<27}kappa")
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
    from grader.audit.agreement import graders_against_people
    from grader.records.judgements import read_judgements
    from grader.records.marks import agreement
    from grader.records.runfile import read_run
    from grader.rules.verdict import VERDICTS

    workspace = _workspace(args)
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
    say(f"{len(runs)} run(s), {result.answers} answers, {_reviewed(result, result.answers)}")
    if not result.reviewed:
        say("no marks yet: review answers with `ragtriage review` (c agrees, d disagrees)")
        return EXIT_OK
    say("\ngrader (rows) against reviewers (columns)")
    say(f"{'':<10}" + "".join(f"{v:>10}" for v in VERDICTS))
    for grader_verdict in VERDICTS:
        cells = "".join(f"{result.matrix.get((grader_verdict, v), 0):>10}" for v in VERDICTS)
        say(f"{grader_verdict:<10}{cells}")
    say(f"\nagreement {_percent(result.agreement)} · Cohen's kappa {_decimal(result.kappa)}")
    if len(result.per_reviewer) > 1:  # whose mark is whose: each reviewer against the grader
        say(
            "per reviewer: "
            + printable(
                ", ".join(
                    f"{by} {_percent(agreed / n)} of {n}"
                    for by, (n, agreed) in result.per_reviewer.items()
                )
            )
        )
    _print_graders(graders, any(judgements.values()))
    _print_quoted(quoted)
    declines = result.decline_scores()
    if declines["f1"] is not None or declines["recall"] is not None:
        say(
            f"declines (where marks say): precision {_decimal(declines['precision'])} "
            f"recall {_decimal(declines['recall'])} F1 {_decimal(declines['f1'])} "
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
