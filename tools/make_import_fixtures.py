"""Regenerate the importer tests' fixtures with the real tools, and record which made them.

    python tools/make_import_fixtures.py [--work DIR]

Each tool is installed into a throwaway place under ``--work`` (default a temporary folder):
inspect_ai, lm_eval, ragas, deepeval, langsmith and langfuse from PyPI into a venv each (per
version), promptfoo from npm into a folder per version; ``--only TOOL...`` remakes some. No
model and no server is needed: Inspect's answers come from its ``mockllm/model`` provider,
promptfoo's from its ``echo`` provider and a table-driven stand-in
(``import_fixtures/lookup_provider.js``), lm_eval's from its own ``dummy`` model given a table
of replies; Ragas computes only its non-LLM metrics, DeepEval and LangSmith run deterministic
metrics and evaluators of our own (LangSmith with ``upload_results=False``). So those files are
written by each tool's own code. Langfuse is the exception: its exports come from its server,
which cannot run here, so its file is written from the documented schema by the SDK's own API
types, and VERSIONS.json says it was not written by Langfuse. The outputs are copied to
``tests/fixtures/imports/`` and ``VERSIONS.json`` there says which version wrote each file and
how. The tests read only the committed files; they never need the tools.

Versions: the newest inspect_ai writes ``.eval`` logs compressed with zstd; 0.3.150 wrote them
with deflate (readable by the standard library), so both are kept. promptfoo's results file
format version is the ``results.version`` inside it: 0.121.20 writes version 3, 0.55.0
version 2 (the config is written so that both read it: plain-string prompts, the stand-in
provider named by its path). lm_eval is installed after ``torch==2.13.0``, whose CPU wheel lies
on this machine's disk (lm_eval alone would pull a CUDA build).

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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tools" / "import_fixtures"
OUT = ROOT / "tests" / "fixtures" / "imports"
INSPECT_VERSIONS = ("0.3.285", "0.3.150")
PROMPTFOO_VERSIONS = ("0.121.20", "0.55.0")  # results versions 3 and 2
LM_EVAL_VERSION = "0.4.13"
TORCH = "torch==2.13.0"  # a CPU wheel on this machine's disk; lm_eval would pull a CUDA build
DEEPEVAL_VERSION = "4.3.1"
RAGAS_VERSION = "0.4.3"
LANGSMITH_VERSION = "0.15.1"
LANGFUSE_VERSION = "5.2.0"
# ragas 0.4.3 imports langchain_community.chat_models.vertexai, gone from langchain-community
# 0.4; rapidfuzz is its string similarity's
RAGAS_REQUIREMENTS = (f"ragas=={RAGAS_VERSION}", "langchain-community<0.4", "rapidfuzz")
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
    from engine.imports.export import export_marks
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


def venv_with(work: Path, name: str, *requirements: str) -> Path:
    """A throwaway venv under ``work`` with the requirements installed in order; its python."""
    venv = work / name
    python = venv / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(venv)])
        for requirement in requirements:
            run([str(venv / "bin" / "pip"), "install", "-q", requirement])
    return python


def make_lm_eval(work: Path) -> dict[str, dict[str, str]]:
    """lm_eval's --log_samples file and the results file beside it, kept under lm_eval's own
    names in a folder of their version (the importer reads the model from the results)."""
    python = venv_with(work, f"lm_eval-{LM_EVAL_VERSION}", TORCH, f"lm_eval=={LM_EVAL_VERSION}")
    out = work / "lm_eval-out"
    shutil.rmtree(out, ignore_errors=True)
    run([str(python), str(HERE / "lm_eval_run.py"), str(out)])
    folder = OUT / f"lm_eval-{LM_EVAL_VERSION}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    made = {}
    for written in sorted(out.glob("*/*")):
        shutil.copyfile(written, folder / written.name)
        made[f"{folder.name}/{written.name}"] = {
            "tool": "lm_eval",
            "version": LM_EVAL_VERSION,
            "made by": "tools/import_fixtures/lm_eval_run.py (lm_eval's dummy model answering "
            "from a table; the task in lm_eval_task/)",
        }
    return made


def make_ragas(work: Path) -> dict[str, dict[str, str]]:
    """Ragas' result of its non-LLM metrics, as to_pandas() writes it in CSV and JSON Lines."""
    python = venv_with(work, f"ragas-{RAGAS_VERSION}", *RAGAS_REQUIREMENTS)
    out = work / "ragas-out"
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "RAGAS_DO_NOT_TRACK": "true"}
    run([str(python), str(HERE / "ragas_run.py"), str(out)], env=env, cwd=work)
    made = {}
    for suffix, how in (("csv", "to_csv(index=False)"), ("jsonl", "to_json(lines=True)")):
        name = f"ragas-{RAGAS_VERSION}-results.{suffix}"
        shutil.copyfile(out / f"ragas-results.{suffix}", OUT / name)
        made[name] = {
            "tool": "ragas",
            "version": RAGAS_VERSION,
            "made by": f"tools/import_fixtures/ragas_run.py (non-LLM metrics; to_pandas().{how})",
        }
    return made


def make_langsmith(work: Path) -> dict[str, dict[str, str]]:
    """LangSmith's experiment results (evaluate(upload_results=False)), as to_pandas() writes
    them in CSV and JSON Lines."""
    python = venv_with(
        work, f"langsmith-{LANGSMITH_VERSION}", f"langsmith=={LANGSMITH_VERSION}", "pandas"
    )
    out = work / "langsmith-out"
    shutil.rmtree(out, ignore_errors=True)
    run([str(python), str(HERE / "langsmith_run.py"), str(out)], cwd=work)
    made = {}
    for suffix, how in (("csv", "to_csv(index=False)"), ("jsonl", "to_json(lines=True)")):
        name = f"langsmith-{LANGSMITH_VERSION}-experiment.{suffix}"
        shutil.copyfile(out / f"langsmith-experiment.{suffix}", OUT / name)
        made[name] = {
            "tool": "langsmith",
            "version": LANGSMITH_VERSION,
            "made by": "tools/import_fixtures/langsmith_run.py (evaluate with "
            f"upload_results=False, no server; ExperimentResults.to_pandas().{how})",
        }
    return made


def make_langfuse(work: Path) -> dict[str, dict[str, str]]:
    """Langfuse's experiment items: written from the documented schema by the SDK's own API
    types, not by a Langfuse server (none runs here); VERSIONS.json says so."""
    python = venv_with(work, f"langfuse-{LANGFUSE_VERSION}", f"langfuse=={LANGFUSE_VERSION}")
    out = work / "langfuse-out"
    shutil.rmtree(out, ignore_errors=True)
    run([str(python), str(HERE / "langfuse_items.py"), str(out)], cwd=work)
    name = f"langfuse-{LANGFUSE_VERSION}-experiment-items.json"
    shutil.copyfile(out / "langfuse-experiment-items.json", OUT / name)
    return {
        name: {
            "tool": "langfuse",
            "version": LANGFUSE_VERSION,
            "made by": "tools/import_fixtures/langfuse_items.py: NOT written by Langfuse (no "
            "Langfuse server can run here, and the SDK writes this response only as a server "
            "sends it). Written from the documented schema of GET /api/public/experiment-items "
            "?fields=io,scores (https://langfuse.com/docs/api-and-data-platform/features/"
            "experiments-api), read and serialized by the Langfuse SDK's own API types "
            "(langfuse.api.experiments.types.ExperimentItemsResponse, scores ScoreV3)",
        }
    }


def make_deepeval(work: Path) -> dict[str, dict[str, str]]:
    """DeepEval's test run file (DEEPEVAL_RESULTS_FOLDER) and evaluate()'s result."""
    python = venv_with(work, f"deepeval-{DEEPEVAL_VERSION}", f"deepeval=={DEEPEVAL_VERSION}")
    out = work / "deepeval-out"
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "DEEPEVAL_TELEMETRY_OPT_OUT": "YES"}
    run([str(python), str(HERE / "deepeval_run.py"), str(out)], env=env, cwd=work)
    [test_run] = sorted(out.glob("test_run_*.json"))
    made = {}
    for written, target, how in (
        (test_run, "test_run.json", "evaluate()'s test run, as DeepEval saves it"),
        (out / "evaluation_result.json", "evaluation_result.json", "evaluate()'s result, dumped"),
    ):
        name = f"deepeval-{DEEPEVAL_VERSION}-{target}"
        shutil.copyfile(written, OUT / name)
        made[name] = {
            "tool": "deepeval",
            "version": DEEPEVAL_VERSION,
            "made by": f"tools/import_fixtures/deepeval_run.py (deterministic BaseMetric "
            f"subclasses; {how})",
        }
    return made


def made_by_tool(work: Path) -> dict[str, Any]:
    """Each tool's maker (each returns the files it wrote and how)."""
    return {
        "inspect_ai": lambda: {
            **{
                k: v for version in INSPECT_VERSIONS for k, v in make_inspect(version, work).items()
            },
            **make_inspect_edited(work),
        },
        "promptfoo": lambda: {
            k: v for version in PROMPTFOO_VERSIONS for k, v in make_promptfoo(version, work).items()
        },
        "lm_eval": lambda: make_lm_eval(work),
        "ragas": lambda: make_ragas(work),
        "deepeval": lambda: make_deepeval(work),
        "langsmith": lambda: make_langsmith(work),
        "langfuse": lambda: make_langfuse(work),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, help="where the tools are installed (kept)")
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="TOOL",
        help="remake only these tools' files (the others' entries in VERSIONS.json are kept)",
    )
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="import-fixtures-"))
    work.mkdir(parents=True, exist_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    makers = made_by_tool(work)
    chosen = args.only or list(makers)
    unknown = sorted(set(chosen) - set(makers))
    if unknown:
        raise SystemExit(f"unknown tool(s) {', '.join(unknown)}; known: {', '.join(makers)}")
    versions = OUT / "VERSIONS.json"
    made = json.loads(versions.read_text()) if versions.exists() else {}
    made = {name: entry for name, entry in made.items() if entry.get("tool") not in chosen}
    for tool in chosen:
        made |= makers[tool]()
    versions.write_text(json.dumps(made, indent=2, sort_keys=True) + "\n")
    print(json.dumps(made, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
