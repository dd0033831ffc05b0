"""The needle commands: ``scan`` (a change's collisions and flips, or the decline list read
against the corpora) and ``needle`` (make the change, or record an exclusion).

Thin layers over `grader.audit.scan` (pure) and `engine.needle_changes` (the lists on disk).
``needle`` changes the lists only after a clean scan, or with an override reason, and writes
atomically.
"""

from __future__ import annotations

import argparse
from typing import Any

from grader.errors import RagtriageError
from tui.commands.flips import flip_dict
from tui.output import EXIT_GATE, EXIT_OK, clip, emit_json, printable, say, warn


def _workspace(args: argparse.Namespace) -> Any:
    from engine.workspace import workspace_for

    return workspace_for(args)


def _changes(workspace: Any) -> Any:
    """Changes to the workspace's needle lists (`engine.needle_changes`)."""
    from engine.needle_changes import NeedleChanges

    return NeedleChanges(workspace)


def _change_from(args: argparse.Namespace) -> Any:
    from grader.audit.change import Change

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


def report_dict(report: Any) -> dict[str, Any]:
    return {
        "change": report.change.describe(),
        "summary": report.summary(),
        "clean": report.clean,
        "collisions": [
            {"kind": c.kind, "where": c.where, "detail": c.detail} for c in report.collisions
        ],
        "flips": [flip_dict(f) for f in report.flips],
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
    from grader.audit.change import Change

    workspace = _workspace(args)
    action = args.needle_command
    if action == "exclude":
        return _exclude(args, workspace)
    if action in ("add-decline", "remove-decline"):
        change = Change(action, args.phrase, why=args.why or "", requires=args.requires or "")
    else:
        change = Change(
            "add-needle" if action == "add" else "remove-needle",
            args.phrase,
            qid=args.qid,
            needle_kind=args.kind,
            why=args.why or "",
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
