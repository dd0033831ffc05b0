"""`ragtriage import financebench | labels | answers`: labelled answers made elsewhere."""

from __future__ import annotations

import argparse
from pathlib import Path

from tui.output import EXIT_OK, emit_json, printable, say


def _report(imported: list, as_json: bool) -> int:
    if as_json:
        emit_json({"imported": [item.to_dict() for item in imported]})
        return EXIT_OK
    for item in imported:
        parts = []
        if item.answers:
            parts.append(f"{item.answers} answer(s)")
        if item.marks:
            parts.append(f"{item.marks} mark(s) in {item.run.with_suffix('').name}.marks.jsonl")
        say(printable(f"{item.run}: {', '.join(parts)}"))
        for note in item.notes:
            say(printable(f"  {note}"))
    say("next: `ragtriage agreement` compares today's grader with the marks")
    return EXIT_OK


def cmd_import_financebench(args: argparse.Namespace) -> int:
    from engine.imports import import_financebench

    imported = import_financebench(
        [Path(p) for p in args.results], Path(args.corpus), Path(args.runs)
    )
    return _report(imported, args.json)


def cmd_import_labels(args: argparse.Namespace) -> int:
    from engine.imports import import_labels

    return _report([import_labels(Path(args.file), Path(args.run), args.by)], args.json)


def cmd_import_answers(args: argparse.Namespace) -> int:
    from engine.imports import import_answers

    return _report([import_answers(Path(args.file), Path(args.runs), args.name)], args.json)
