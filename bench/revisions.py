"""Another revision's files, for a benchmark to measure it beside today's.

``revision(REV)`` extracts the files of a commit (``git archive``) into
``bench/out/against-<commit>/`` once, kept for the next run, and builds its compiled grader
there when it ships one (`tools/build_compiled.py`) and a build is asked for. A benchmark then
runs that revision's code in a subprocess with the folder first on ``PYTHONPATH``
(``bench_grade.py --against REV``, ``bench_openqa.py --against REV``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent


class Revision(NamedTuple):
    """Another revision's files, to measure its grader beside today's."""

    name: str  # as asked for
    commit: str
    folder: Path
    build: str  # "compiled" or "pure": as it runs


def revision(name: str, compiled: bool = True) -> Revision:
    """The files of the revision ``name`` in ``bench/out/against-<commit>/`` (extracted by
    ``git archive`` once), its compiled grader built if it ships one and ``compiled`` is true
    (pure otherwise: the same verdicts, as each compiled module's test proves).

    Raises:
        SystemExit: with git's message, when the revision cannot be found or extracted, or its
            compiled grader cannot be built.
    """
    program = Path(sys.argv[0]).stem or "bench"
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise SystemExit(f"{program}: --against {name}: no such revision in {ROOT}")
    commit = found.stdout.strip()
    folder = ROOT / "bench" / "out" / f"against-{commit[:12]}"
    if not (folder / "tui" / "cli.py").is_file():
        partial = folder.with_name(folder.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(partial)], input=archive, check=True)
        if not (partial / "tui" / "cli.py").is_file():
            raise SystemExit(f"{program}: --against {name}: that revision has no tui/cli.py")
        partial.rename(folder)
    build = "pure"
    if compiled and (folder / "tools" / "build_compiled.py").is_file():
        built = subprocess.run(
            [sys.executable, "tools/build_compiled.py", "--require"],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        seen = subprocess.run(
            [sys.executable, "-c", "import grader.compiled as c; print(c.status().build)"],
            cwd=folder,
            env={**os.environ, "PYTHONPATH": str(folder), "RAGTRIAGE_PURE": ""},
            capture_output=True,
            text=True,
        )
        if built.returncode != 0 or seen.stdout.strip() != "compiled":
            raise SystemExit(
                f"{program}: --against {name}: its compiled grader could not be built:\n"
                + built.stdout
                + built.stderr
                + seen.stderr
            )
        build = "compiled"
    return Revision(name, commit, folder, build)
