"""Regenerate the importer tests' fixtures with the real tools, and record which made them.

    python tools/make_import_fixtures.py [--work DIR]

Each tool is installed into a throwaway place under ``--work`` (default a temporary folder):
inspect_ai from PyPI into a venv per version, promptfoo from npm into a folder per version. No
model is needed: Inspect's answers come from its ``mockllm/model`` provider and promptfoo's from
its ``echo`` provider and a table-driven stand-in (``import_fixtures/lookup_provider.js``), so
the files are written by each tool's own code. The outputs are copied to
``tests/fixtures/imports/`` and ``VERSIONS.json`` there says which version wrote each file and
how. The tests read only the committed files; they never need the tools.

Versions: the newest inspect_ai writes ``.eval`` logs compressed with zstd; 0.3.150 wrote them
with deflate (readable by the standard library), so both are kept. promptfoo's results file
format version is the ``results.version`` inside it: 0.121.20 writes version 3, 0.55.0
version 2 (the config is written so that both read it: plain-string prompts, the stand-in
provider named by its path).

The round trip through Inspect: ragtriage writes score edits of the newest log
(``export marks --format inspect-edits``, the marks in ``EDIT_MARKS``) and Inspect applies them
with its own ``edit_score`` (``import_fixtures/apply_edits.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tools" / "import_fixtures"
OUT = ROOT / "tests" / "fixtures" / "imports"
INSPECT_VERSIONS = ("0.3.285", "0.3.150")
PROMPTFOO_VERSIONS = ("0.121.20", "0.55.0")  # results versions 3 and 2
FLAGS = ("--no-cache", "--no-table", "--no-write")  # promptfoo: fresh answers, no database


def run(command: list[str], ok: tuple[int, ...] = (0,), **kwargs) -> None:
    print("+", " ".join(command), flush=True)
    done = subprocess.run(command, **kwargs)
    if done.returncode not in ok:
        raise SystemExit(f"{command[0]} exited {done.returncode}")


def make_inspect(version: str, work: Path) -> dict[str, dict[str, str]]:
    venv = work / f"inspect-{version}"
    if not (venv / "bin" / "python").exists():
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(venv / "bin" / "pip"), "install", "-q", f"inspect_ai=={version}"])
    out = work / f"inspect-out-{version}"
    shutil.rmtree(out, ignore_errors=True)
    run([str(venv / "bin" / "python"), str(HERE / "inspect_task.py"), str(out)])
    made = {}
    for name in ("inspect-lease.eval", "inspect-lease.json"):
        target = f"inspect-{version}-{name.removeprefix('inspect-')}"
        if version != INSPECT_VERSIONS[0] and name.endswith(".json"):
            continue  # one JSON log is enough; the older .eval is kept for its compression
        shutil.copyfile(out / name, OUT / target)
        made[target] = {
            "tool": "inspect_ai",
            "version": version,
            "made by": "tools/import_fixtures/inspect_task.py (mockllm/model)",
        }
    return made


def make_promptfoo(version: str, work: Path) -> dict[str, dict[str, str]]:
    folder = work / f"promptfoo-{version}"
    binary = folder / "node_modules" / ".bin" / "promptfoo"
    if not binary.exists():
        folder.mkdir(parents=True, exist_ok=True)
        run(["npm", "init", "-y"], cwd=folder, stdout=subprocess.DEVNULL)
        run(["npm", "install", f"promptfoo@{version}"], cwd=folder)
    target = f"promptfoo-{version}-results.json"
    env = {
        **os.environ,
        "PROMPTFOO_DISABLE_TELEMETRY": "1",
        "PROMPTFOO_DISABLE_UPDATE": "1",
        "PROMPTFOO_CONFIG_DIR": str(work / f"promptfoo-config-{version}"),
    }
    run(
        [str(binary), "eval", "-c", "promptfooconfig.yaml", "-o", str(OUT / target), *FLAGS],
        ok=(0, 100),  # 100: some tests failed, as they are meant to
        cwd=HERE,
        env=env,
    )
    written = json.loads((OUT / target).read_text())
    return {
        target: {
            "tool": "promptfoo",
            "version": version,
            "results version": str(written["results"]["version"]),
            "made by": "tools/import_fixtures/promptfooconfig.yaml (echo, lookup_provider.js)",
        }
    }


# The marks whose Inspect score edits ragtriage writes and Inspect applies (the round trip
# through Inspect's own edit_score): (qid, says, verdict, note, declined, by, time, audit seed,
# blind). tests/test_marks_forms.py makes the same marks and checks ragtriage writes this file.
EDIT_MARKS = (
    ("capital-fr-epoch1", "agree", None, "", None, "ana", "2026-12-06T10:00:00Z", 3, True),
    (
        "3-epoch2",
        "disagree",
        "partial",
        'six legs, "then" eight;\na line break',
        False,
        "bo",
        "2026-12-06T10:05:00Z",
        None,
        False,
    ),
)
EDITS = "ragtriage-0.1.0-score-edits.json"
EDITED = "inspect-0.3.285-lease-edited.eval"


def make_inspect_edited(work: Path) -> dict[str, dict[str, str]]:
    """ragtriage's score edits of the newest Inspect log (``export marks --format
    inspect-edits``), applied to it by Inspect's own ``edit_score``."""
    import dataclasses

    sys.path.insert(0, str(ROOT))
    from engine import __version__
    from engine.importers import import_file
    from engine.imports import export_marks
    from grader.records.marks import append_mark, make_mark, picked_browsing, picked_in_audit
    from grader.records.runfile import read_run
    from grader.rules.verdict import Grader

    log = OUT / f"inspect-{INSPECT_VERSIONS[0]}-lease.eval"
    runs = work / "edited-runs"
    shutil.rmtree(runs, ignore_errors=True)
    # the log named as the tests name it (its path is the edits' "log")
    with contextlib.chdir(ROOT):
        _fmt, (item,) = import_file(log.relative_to(ROOT), runs)
    grader = Grader(citations=False)
    grades = {answer.qid: grader.grade(answer) for answer in read_run(item.run).answers}
    for qid, says, verdict, note, declined, by, created, seed, blind in EDIT_MARKS:
        picked = picked_in_audit(seed) if seed is not None else picked_browsing()
        mark = make_mark(
            grades[qid],
            says,
            "fp",
            verdict=verdict,
            note=note,
            declined=declined,
            by=by,
            picked=picked,
            blind=blind,
        )
        append_mark(item.run, dataclasses.replace(mark, created=created))
    data, _count = export_marks(item.run, "inspect-edits", "model_graded_fact")
    (OUT / EDITS).write_bytes(data)
    python = work / f"inspect-{INSPECT_VERSIONS[0]}" / "bin" / "python"
    run([str(python), str(HERE / "apply_edits.py"), str(log), str(OUT / EDITS), str(OUT / EDITED)])
    return {
        EDITS: {
            "tool": "ragtriage",
            "version": __version__,
            "made by": "ragtriage export marks --format inspect-edits --scorer model_graded_fact "
            "(tools/make_import_fixtures.py EDIT_MARKS)",
        },
        EDITED: {
            "tool": "inspect_ai",
            "version": INSPECT_VERSIONS[0],
            "made by": f"tools/import_fixtures/apply_edits.py: {log.name} with {EDITS} applied "
            "by inspect_ai.log.edit_score",
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, help="where the tools are installed (kept)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="import-fixtures-"))
    work.mkdir(parents=True, exist_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    made: dict[str, dict[str, str]] = {}
    for version in INSPECT_VERSIONS:
        made |= make_inspect(version, work)
    made |= make_inspect_edited(work)
    for version in PROMPTFOO_VERSIONS:
        made |= make_promptfoo(version, work)
    (OUT / "VERSIONS.json").write_text(json.dumps(made, indent=2, sort_keys=True) + "\n")
    print(json.dumps(made, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
