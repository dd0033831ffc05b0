"""The ``ragtriage`` command line (DESIGN section 5).

Each subcommand is a thin layer over `grader`, `engine` and `corpora` (see `tui.commands`): it
parses arguments, calls pure code, and prints either the human form or, with ``--json``, one
JSON document on stdout. Errors are caught here, at the boundary, and shown as one line on
stderr with exit status 2. Heavy imports (the review app, the model) happen inside the command
that needs them. Each command family's arguments are declared in `tui.parsers`; this module puts
them together and runs the command asked for.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from grader.errors import RagtriageError
from tui.commands.review import cmd_review
from tui.output import EXIT_OK, warn
from tui.parsers.engine import add_corpus, add_run
from tui.parsers.grading import add_audit, add_compare, add_grade, add_rules
from tui.parsers.needles import add_needle, add_scan
from tui.parsers.reviewing import add_judge, add_review
from tui.parsers.transfer import IMPORT_ACTIONS, add_export, add_import


class Parser(argparse.ArgumentParser):
    """argparse, with "did you mean" for a mistyped command, action or choice."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is None or value in choices:
            return
        names = [str(choice) for choice in choices]
        close = difflib.get_close_matches(str(value), names, n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise argparse.ArgumentError(
            action, f"invalid choice: {value!r}{hint} (choose from {', '.join(names)})"
        )


def build_parser() -> argparse.ArgumentParser:
    from engine import __version__

    parser = Parser(
        prog="ragtriage",
        description="Grade RAG answers with rules that explain themselves, and review them.",
    )
    parser.add_argument("--version", action="version", version=f"ragtriage {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (
        add_review,
        add_grade,
        add_rules,
        add_compare,
        add_run,
        add_judge,
        add_corpus,
        add_scan,
        add_needle,
        add_audit,
        add_import,
        add_export,
    ):
        add(sub)
    return parser


def _is_import_file(word: str) -> bool:
    """Whether `import WORD` names a file (`ragtriage import FILE`) rather than an action: not
    an option, not an action, and not a near miss of one that names no file (``label``)."""
    from pathlib import Path

    if word[:1] == "-" or word in IMPORT_ACTIONS:
        return False
    return Path(word).exists() or not difflib.get_close_matches(word, IMPORT_ACTIONS, n=1)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ragtriage`` console script."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["import"] and argv[1:2] and _is_import_file(argv[1]):
        argv.insert(1, "file")  # `ragtriage import FILE`
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:  # argparse's own message is already on stderr
        return int(exit.code or 0)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        # Bare `ragtriage` opens the review app on the newest run.
        args = parser.parse_args(["review"])
        handler = cmd_review
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
