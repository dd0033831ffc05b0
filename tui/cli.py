"""The ``ragtriage`` command line (DESIGN section 5).

Each subcommand is a thin layer over `grader`, `engine` and `corpora`: it parses arguments,
calls pure code, and prints either the human form or, with ``--json``, one JSON document on
stdout. Errors are caught here, at the boundary, and shown as one line on stderr with exit
status 2. Heavy imports (the review app, the model) happen inside the subcommand that needs them.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import orjson

from grader.errors import RagtriageError

EXIT_OK, EXIT_GATE, EXIT_BAD_INPUT = 0, 1, 2
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text from answers and files is untrusted: show control characters, never obey them."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def emit_json(document: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
    sys.stdout.flush()


def warn(message: str) -> None:
    print(f"ragtriage: {printable(message)}", file=sys.stderr)


# --- grade -----------------------------------------------------------------------------------


def cmd_grade(args: argparse.Namespace) -> int:
    from grader.clauses import split_clauses
    from grader.grades import read_grades, write_grades
    from grader.runfile import read_run
    from grader.scorecard import format_scorecard, scorecard
    from grader.verdict import CORRECT, Grader

    run = read_run(Path(args.run))
    for problem in run.problems:
        warn(f"{run.path}: {problem} (skipped)")
    grader = Grader(strategy=args.strategy)
    grades = grader.grade_all(run.answers)
    card = scorecard(grades)

    record = read_grades(run.path)
    if record is None and run.answers:
        try:
            written = write_grades(run.path, run.run_id, grades, grader)
            warn(f"recorded the grades of record in {written}")
        except OSError as exc:
            warn(f"could not record the grades of record: {exc.strerror}")
    elif record is not None and record.fingerprint != grader.fingerprint:
        warn(
            f"the grades of record were made by grader {record.fingerprint}, today's is "
            f"{grader.fingerprint}: `ragtriage rebaseline {run.path}` lists what flipped"
        )

    if args.json:
        emit_json(
            {
                "run": {
                    "path": str(run.path),
                    "run_id": run.run_id,
                    "header": run.header,
                    "grader": grader.fingerprint,
                    "strategy": grader.strategy.name,
                },
                "scorecard": card.to_dict(),
                "answers": [
                    {
                        "qid": grade.qid,
                        "kind": grade.kind,
                        "verdict": grade.verdict,
                        "labels": list(grade.labels),
                        "declined": grade.declined,
                        "money": grade.money.to_dict(),
                        "clauses": [
                            {"asserted": c.asserted, "attributed": c.attributed}
                            for c in split_clauses(answer.answer, grader.strategy.name)
                        ],
                    }
                    for answer, grade in zip(run.answers, grades, strict=True)
                ],
                "problems": [{"line": p.line, "reason": p.reason} for p in run.problems],
            }
        )
    else:
        header = run.header or {}
        model = header.get("model", {}).get("name", "?") if isinstance(header, dict) else "?"
        print(
            printable(
                f"run {run.run_id} · corpus {header.get('corpus', '?')} · model {model} · "
                f"{len(run.answers)} answers"
                + (f" · {len(run.problems)} line(s) skipped" if run.problems else "")
            )
        )
        if not run.answers:
            print("this run holds no answers yet")
        for line in format_scorecard(card):
            print(line)
        flagged = [g for g in grades if g.verdict != CORRECT or g.money.violation]
        if flagged:
            print()
            width = max(len(g.qid) for g in flagged)
            for grade in flagged:
                print(
                    printable(
                        f"  {grade.verdict:<8} {grade.qid:<{width}}  {'; '.join(grade.labels)}"
                    )
                )
    if args.gate and card.violations:
        return EXIT_GATE
    return EXIT_OK


# --- the parser ------------------------------------------------------------------------------


def _add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ragtriage",
        description="Grade RAG answers with rules that explain themselves, and review them.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    grade = sub.add_parser("grade", help="grade a run file and print the scorecard")
    grade.add_argument("run", metavar="RUN", help="a run file (runs/<run_id>.jsonl)")
    _add_json(grade)
    grade.add_argument(
        "--gate", action="store_true", help="exit 1 when ZERO-WRONG-MONEY fails (for CI)"
    )
    grade.add_argument(
        "--strategy", default=None, help="clause-split strategy (default: first-attribution)"
    )
    grade.set_defaults(handler=cmd_grade)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ragtriage`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_OK
    try:
        return handler(args)
    except RagtriageError as exc:
        warn(f"error: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        warn("interrupted")
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
