"""Grader audit commands: ``scan``, ``needle``, ``rebaseline`` and ``strategies``.

Thin layers over `grader.audit` (pure) and `engine.workspace` (what is on disk). Nothing here
changes a file except ``needle`` (after a clean scan, or with an override reason) and
``rebaseline --write``, and both write atomically.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from grader.errors import RagtriageError
from tui.commands.corpus import corpora_root
from tui.output import EXIT_GATE, EXIT_OK, emit_json, printable, warn


def _workspace(args: argparse.Namespace) -> Any:
    from engine.workspace import Workspace

    return Workspace(
        runs_dir=Path(getattr(args, "runs", None) or "runs"), corpora_root=corpora_root(args)
    )


def _change_from(args: argparse.Namespace) -> Any:
    from grader.audit import Change

    if args.add_decline is not None:
        return Change("add-decline", args.add_decline, why=getattr(args, "why", "") or "")
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
        "answers_scanned": report.answers_scanned,
        "answers_regraded": report.answers_regraded,
        "warnings": report.warnings,
    }


def print_report(report: Any) -> None:
    print(printable(f"proposed: {report.change.describe()}"))
    print(f"collisions: {len(report.collisions)}")
    for collision in report.collisions:
        print(printable(f"  [{collision.kind}] {collision.where}: {collision.detail}"))
    print(
        f"flips: {len(report.flips)} (regraded {report.answers_regraded} of "
        f"{report.answers_scanned} answers on disk)"
    )
    for flip in report.flips:
        money = ""
        if flip.old_violation != flip.new_violation:
            money = "  money violation " + ("REMOVED" if flip.old_violation else "added")
        print(
            printable(f"  {flip.run} {flip.qid}: {flip.old_verdict} -> {flip.new_verdict}{money}")
        )
        if flip.sentence:
            print(printable(f"      because: {flip.sentence[:160]}"))
    print(printable(f"direction: {report.direction}"))
    print("observed flips agree: " + ("yes" if report.agrees else "NO"))
    for warning in report.warnings:
        print(printable(f"WARNING: {warning}"))
    print(printable(report.summary()))


def cmd_scan(args: argparse.Namespace) -> int:
    workspace = _workspace(args)
    if args.declines:
        return _audit_declines(args, workspace)
    report = workspace.scan(_change_from(args))
    for problem in workspace.problems:
        warn(problem)
    if args.json:
        emit_json(report_dict(report))
    else:
        print_report(report)
    return EXIT_OK


def _audit_declines(args: argparse.Namespace, workspace: Any) -> int:
    from engine.ingest import document_text
    from grader.audit import audit_declines
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
        print(printable(f"{phrase!r}: {status}"))
        for finding in hits:
            print(printable(f"  [{finding.place}] {finding.where}: {finding.excerpt}"))
    print(
        f"{len(declines.phrases)} phrases audited, {len(findings)} finding(s) in "
        f"{len(by_phrase)} phrase(s)"
    )
    return EXIT_OK


# --- needle: make the change -----------------------------------------------------------------


def cmd_needle(args: argparse.Namespace) -> int:
    from grader.audit import Change

    workspace = _workspace(args)
    action = args.needle_command
    if action == "exclude":
        return _exclude(args, workspace)
    if action in ("add-decline", "remove-decline"):
        change = Change(action, args.phrase, why=args.why or "")
    else:
        change = Change(
            f"{action}-needle", args.phrase, qid=args.qid, needle_kind=args.kind, why=args.why or ""
        )
    if not args.why:
        raise RagtriageError("say why with --why TEXT: the rationale is recorded with the change")
    before = workspace.lists_fingerprint()
    report = workspace.scan(change)
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
    written = workspace.apply(
        change, why=args.why, observed=args.observed, override=args.override_reason, scanned=before
    )
    if args.json:
        emit_json({**report_dict(report), "written": True, "files": [str(p) for p in written]})
    else:
        print_report(report)
        for path in written:
            print(printable(f"wrote {path}"))
        print("next: `ragtriage rebaseline --all` shows the flips against the grades of record")
    return EXIT_OK


def _exclude(args: argparse.Namespace, workspace: Any) -> int:
    from dataclasses import replace

    from engine.workspace import _write_declines
    from grader.declines import Exclusion, validate_phrase
    from grader.match import normalize_phrase

    if not args.why:
        raise RagtriageError("say why with --why TEXT")
    if not args.counterexample:
        raise RagtriageError(
            "record at least one --counterexample TEXT: the substantive "
            "answer the phrase would misread"
        )
    phrase = validate_phrase(args.phrase)
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
        if updated.looks_like_not_found(example):
            raise RagtriageError(
                f"counter-example {example!r} already reads as a decline "
                f"(matched {updated.matches(example)!r}); it cannot show "
                "what the exclusion protects"
            )
    _write_declines(Path(workspace.declines_path), updated)
    if args.json:
        emit_json({"excluded": phrase, "written": True, "file": str(workspace.declines_path)})
    else:
        print(printable(f"recorded the exclusion of {phrase!r} in {workspace.declines_path}"))
    return EXIT_OK


# --- rebaseline ------------------------------------------------------------------------------


def cmd_rebaseline(args: argparse.Namespace) -> int:
    from grader.audit import rebaseline
    from grader.grades import read_grades, write_grades, write_history
    from grader.runfile import read_run

    workspace = _workspace(args)
    if args.all:
        runs = workspace.runs()
    elif args.run:
        runs = [read_run(Path(args.run), lean=True)]
        workspace.runs_dir = runs[0].path.parent
    else:
        raise RagtriageError("name a run file, or --all")
    results = []
    for run in runs:
        grader = workspace.grader(run)
        record = read_grades(run.path)
        if record is None:
            results.append({"run": run.run_id, "record": None, "flips": []})
            if args.write:
                write_grades(run.path, run.run_id, grader.grade_all(run.answers), grader)
            continue
        recorded = {
            qid: (g.verdict, g.labels, g.money_violation) for qid, g in record.grades.items()
        }
        flips = rebaseline(run.run_id, run.answers, recorded, grader)
        results.append(
            {
                "run": run.run_id,
                "record": record.fingerprint,
                "today": grader.fingerprint,
                "flips": flips,
            }
        )
        if args.write and (flips or record.fingerprint != grader.fingerprint):
            write_history(run.path, record)
            write_grades(run.path, run.run_id, grader.grade_all(run.answers), grader)
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
        return EXIT_OK
    total = 0
    for result in results:
        if result["record"] is None:
            print(
                printable(
                    f"{result['run']}: no grades of record yet"
                    + (" (recorded now)" if args.write else " (`--write` records them)")
                )
            )
            continue
        same = result["record"] == result["today"]
        print(
            printable(
                f"{result['run']}: grader of record {result['record']}, today "
                f"{result['today']}{' (same)' if same else ''}: "
                f"{len(result['flips'])} flip(s)"
            )
        )
        for flip in result["flips"]:
            money = ""
            if flip.old_violation != flip.new_violation:
                money = "  money violation " + ("removed" if flip.old_violation else "added")
            print(printable(f"  {flip.qid}: {flip.old_verdict} -> {flip.new_verdict}{money}"))
            print(printable(f"      was: {'; '.join(flip.old_labels)}"))
            print(printable(f"      now: {'; '.join(flip.new_labels)}"))
        total += len(result["flips"])
    print(
        f"{total} flip(s) in {len(results)} run(s)"
        + (
            "; new grades of record written, old ones kept in the history"
            if args.write
            else "; nothing written (use --write to record today's grades)"
        )
    )
    return EXIT_OK


# --- strategies ------------------------------------------------------------------------------


def cmd_strategies(args: argparse.Namespace) -> int:
    from grader.audit import compare_strategies
    from grader.clauses import DEFAULT_STRATEGY

    workspace = _workspace(args)
    runs = workspace.runs()
    overrides = {run.run_id: workspace.grader(run).gold_overrides for run in runs}
    rows, total, correct_money = compare_strategies(
        [(run.run_id, run.answers) for run in runs], workspace.declines(), overrides
    )
    if args.json:
        emit_json(
            {
                "default": DEFAULT_STRATEGY,
                "answers": total,
                "correct_money_answers": correct_money,
                "strategies": [
                    {
                        "name": r.name,
                        "summary": r.summary,
                        "money_flips": [_flip_dict(f) for f in r.money_flips],
                        "other_flips": [_flip_dict(f) for f in r.other_flips],
                        "correct_money_flipped": r.money_correct_flipped,
                    }
                    for r in rows
                ],
            }
        )
        return EXIT_OK
    print(
        f"{total} answers in {len(runs)} run(s); {correct_money} correct money answers "
        f"under the default ({DEFAULT_STRATEGY})"
    )
    print(f"{'strategy':<30} {'money flips':>11} {'other flips':>11} {'correct money flipped':>22}")
    for row in rows:
        mark = " (default)" if row.name == DEFAULT_STRATEGY else ""
        print(
            f"{row.name + mark:<22} {len(row.money_flips):>11} {len(row.other_flips):>11} "
            f"{row.money_correct_flipped:>22}"
        )
    if args.verbose:
        for row in rows:
            for flip in row.money_flips + row.other_flips:
                print(
                    printable(
                        f"  {row.name}: {flip.run} {flip.qid}: {flip.old_verdict} -> "
                        f"{flip.new_verdict}"
                    )
                )
    return EXIT_OK
