"""`ragtriage import FILE | financebench | labels | answers`: answers made elsewhere; and
`ragtriage export marks`: the marks, in the form `import labels` reads."""

from __future__ import annotations

import argparse
from pathlib import Path

from grader.errors import RagtriageError
from tui.output import EXIT_OK, emit_json, printable, say, warn


def _report(imported: list, as_json: bool, next_step: str) -> int:
    if as_json:
        emit_json({"imported": [item.to_dict() for item in imported]})
        return EXIT_OK
    for item in imported:
        parts = []
        if item.answers:
            parts.append(f"{item.answers} answer(s)")
        if item.marks:
            parts.append(f"{item.marks} mark(s) in {item.run.with_suffix('').name}.marks.jsonl")
        if not parts:
            parts.append("nothing new")
        say(printable(f"{item.run}: {', '.join(parts)}"))
        for note in item.notes:
            say(printable(f"  {note}"))
    say(next_step)
    return EXIT_OK


AGREEMENT_NEXT = "next: `ragtriage agreement` compares today's grader with the marks"


def agreement_next(run: Path, runs: str) -> str:
    """The next step after labels are imported, as a command to copy: the run named by its id
    and, where the runs are not in ./runs, the folder too."""
    folder = "" if Path(runs) == Path("runs") else f" --runs {runs}"
    return (
        f"next: `ragtriage agreement {run.with_suffix('').name}{folder}` compares today's grader "
        "with the marks"
    )


def cmd_import_financebench(args: argparse.Namespace) -> int:
    from engine.imports.financebench import import_financebench

    imported = import_financebench(
        [Path(p) for p in args.results], Path(args.corpus), Path(args.runs)
    )
    return _report(imported, args.json, AGREEMENT_NEXT)


def cmd_import_labels(args: argparse.Namespace) -> int:
    from engine.imports.labels import check_picked, import_labels
    from engine.workspace import resolve_run

    picked = getattr(args, "picked", "hand")
    check_picked(picked)
    run = resolve_run(args.run, args.runs)
    imported = import_labels(Path(args.file), run, args.by, picked)
    return _report([imported], args.json, agreement_next(run, args.runs))


def cmd_import_answers(args: argparse.Namespace) -> int:
    from engine.imports.answers import import_answers
    from engine.workspace import workspace_for

    # References are read with the workspace's decline list, the one its grading uses.
    declines = workspace_for(args).declines()
    (item,) = [import_answers(Path(args.file), Path(args.runs), args.name, declines)]
    return _report([item], args.json, f"next: `ragtriage review {item.run}` reads the answers")


def cmd_import_file(args: argparse.Namespace) -> int:
    """`ragtriage import FILE [--format NAME]`: another tool's results as runs, the format
    recognised by content and said."""
    from engine.importers import import_file
    from engine.workspace import workspace_for

    declines = workspace_for(args).declines()
    fmt, imported = import_file(Path(args.file), Path(args.runs), args.format, args.name, declines)
    how = "as named by --format" if args.format else "recognised by its content"
    if args.json:
        emit_json(
            {"format": fmt.name, "recognised": not args.format}
            | {"imported": [item.to_dict() for item in imported]}
        )
        return EXIT_OK
    say(printable(f"{args.file}: read as {fmt.name}, {how}: {fmt.describe}"))
    first = imported[0].run
    return _report(
        imported,
        False,
        f"next: `ragtriage grade {first} --json` shows each answer's graders beside the rules'; "
        "`ragtriage agreement` measures them against people's marks",
    )


def cmd_export_marks(args: argparse.Namespace) -> int:
    import sys

    from engine.imports.export import export_marks
    from engine.workspace import resolve_run
    from grader.records.atomic import write_atomic

    run = resolve_run(args.run, args.runs)
    if args.scorer and args.format != "inspect-edits":
        raise RagtriageError("--scorer names the Inspect score edited: only with inspect-edits")
    data, count = export_marks(run, args.format, args.scorer)
    if args.out:
        write_atomic(Path(args.out), data, lock=False)  # (no lock file left in their folder)
        warn(f"wrote {count} mark(s) of {run} to {args.out}")
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return EXIT_OK
