"""`ragtriage review [RUN]` (and bare `ragtriage`): open the review app."""

from __future__ import annotations

import argparse
from pathlib import Path

from grader.errors import RagtriageError, RunFileError
from tui.commands.corpus import corpora_root
from tui.output import EXIT_OK


def newest_run(runs_dir: Path) -> Path:
    """The most recently written run file under ``runs_dir``."""
    from grader.records.runfile import is_run_file

    folder = Path(runs_dir)
    runs = [p for p in folder.glob("*.jsonl") if is_run_file(p)] if folder.is_dir() else []
    if not runs:
        raise RunFileError(
            f"no run files in {folder}/; start one with `ragtriage run --corpus finance --sample 5`"
        )
    return max(runs, key=lambda p: (_created(p), p.stat().st_mtime, p.name))


def _created(path: Path) -> str:
    """The header's ``created`` time (a clone gives every file the same mtime); "" for a file
    whose header cannot be read (it is refused, with its reason, if it is the one opened)."""
    from grader.records.runfile import read_header

    try:
        return str(read_header(path).get("created", ""))
    except RunFileError:
        return ""


def cmd_review(args: argparse.Namespace) -> int:
    from engine.workspace import Workspace, default_needles_dir, resolve_run
    from grader.records.runfile import read_header
    from tui.app import ReviewApp

    named = getattr(args, "run", None)
    path = resolve_run(named, args.runs) if named else newest_run(Path(args.runs))
    # An unreadable file fails here, with one line, before the screen opens (only the header
    # is read: the app indexes the file itself).
    read_header(path)
    against = resolve_run(args.against, args.runs) if getattr(args, "against", None) else None
    if against is not None and (getattr(args, "blind", False) or getattr(args, "audit", None)):
        raise RagtriageError("--blind and --audit review one run: leave out --against")
    if against is not None:
        read_header(against)
    runs_dir = Path(args.runs) if getattr(args, "run", None) is None else path.parent
    needles = getattr(args, "needles", None)
    workspace = Workspace(
        runs_dir=runs_dir,
        corpora_root=corpora_root(args),
        needles_dir=Path(needles) if needles else default_needles_dir(),
    )
    app = ReviewApp(
        path,
        workspace,
        against,
        blind=bool(getattr(args, "blind", False)),
        audit=getattr(args, "audit", None),
        seed=getattr(args, "seed", 0),
    )
    app.run()
    return EXIT_OK
