"""The commands that show what today's grader flips: ``rebaseline`` (today's grades against
the grades of record, ``--write`` to make them the record) and ``strategies`` (each clause-split
strategy and conclusion rule against the marks). ``rebaseline --write`` writes atomically.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from grader.errors import RagtriageError
from tui.commands.agreement import as_decimal, as_percent, reviewed_line
from tui.output import EXIT_OK, emit_json, printable, say, warn


def flip_dict(flip: Any) -> dict[str, Any]:
    """A flip as ``--json`` writes it."""
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


# --- rebaseline ------------------------------------------------------------------------------


def cmd_rebaseline(args: argparse.Namespace) -> int:
    from engine.workspace import workspace_for
    from grader.records.runfile import read_run

    workspace = workspace_for(args)
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
                        "flips": [flip_dict(f) for f in r["flips"]],
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
    from grader.audit.rebaseline import rebaseline
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
    from engine.workspace import workspace_for
    from grader.audit.strategies import compare_strategies
    from grader.rules.clauses import DEFAULT_STRATEGY
    from grader.rules.conclusion import DEFAULT_CONCLUSION

    workspace = workspace_for(args)
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
                        "money_flips": [flip_dict(f) for f in r.money_flips],
                        "other_flips": [flip_dict(f) for f in r.other_flips],
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
        f"the defaults; {reviewed_line(reviewed, total)}"
    )
    table = [
        (
            f"{row.kind} {row.name}" + (" (default)" if defaults[row.kind] == row.name else ""),
            str(len(row.money_flips)),
            str(len(row.other_flips)),
            str(row.verdicts_changed),
            str(row.money_correct_flipped),
            as_percent(row.agreement.agreement if row.agreement else None),
            as_decimal(row.agreement.kappa if row.agreement else None),
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
