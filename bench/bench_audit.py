"""Benchmark: flip preview of one needle change over 100,000 answers on disk (DESIGN section 6).

First, end to end as a user meets it: ``ragtriage scan --add-decline "not explicitly"`` over a
workspace whose runs folder holds the synthetic 100,000-answer run (built by bench/synthetic.py
if missing), each time in a new process timed from outside (starting Python, reading every run
on disk, the collision scan, the flip preview, the report), best of five, the grader pure and
compiled in alternation; the target is under 1 second.

Then, in one process, the run read once: a full regrade under today's and the proposed lists
(what a naive preview costs), and the incremental preview `ragtriage scan` uses, for a
decline-phrase change and a question needle change, with their ratio.

    python bench/bench_audit.py [--answers N] [--rounds 5] [--end-to-end]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import load_average, machine, synthetic_run, with_bytecode

from grader.audit.change import Change
from grader.audit.preview import flip_preview
from grader.records.runfile import read_run
from grader.rules.declines import load_declines
from grader.rules.verdict import Grader


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


PHRASE = "not explicitly"


def scan_end_to_end(path: Path, rounds: int) -> None:
    """``ragtriage scan --add-decline PHRASE`` over a workspace holding only ``path``."""
    runs = path.parent / "scan-workspace" / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    link = runs / path.name
    if not link.exists():
        link.symlink_to(path.resolve())
    command = [
        sys.executable,
        "-m",
        "tui.cli",
        "scan",
        "--add-decline",
        PHRASE,
        "--runs",
        str(runs),
    ]
    root = Path(__file__).resolve().parent.parent
    times: dict[str, list[float]] = {"pure": [], "compiled": []}
    loads = [load_average()]
    for round_ in range(rounds):
        for build in ("pure", "compiled") if round_ % 2 == 0 else ("compiled", "pure"):
            env = {**os.environ, "RAGTRIAGE_PURE": "1" if build == "pure" else ""}
            start = time.perf_counter()
            subprocess.run(command, check=True, cwd=root, env=env, stdout=subprocess.DEVNULL)
            times[build].append(time.perf_counter() - start)
        loads.append(load_average())
    print(
        f"ragtriage scan --add-decline {PHRASE!r}, end to end (best of {rounds}, each in a new "
        f"process; load average {min(loads):.1f}-{max(loads):.1f}):"
    )
    for build, seconds in times.items():
        print(
            f"  grader {build:9s} {min(seconds):6.2f} s  (target < 1 s; rounds "
            + " ".join(f"{t:.2f}" for t in seconds)
            + ")"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--end-to-end", action="store_true", help="only the end-to-end figure (a minute, not ten)"
    )
    path, _ = synthetic_run(parser)
    args = parser.parse_known_args()[0]
    with_bytecode(Path(__file__).resolve().parent.parent)
    print(machine())
    scan_end_to_end(path, args.rounds)
    if args.end_to_end:
        return
    run, load = timed(read_run, path)
    runs = [(run.run_id, run.answers)]
    declines = load_declines()
    today = Grader(declines)
    print(f"{len(run.answers):,} answers on disk, read in {load:.2f} s (not part of the preview)")
    target = run.answers[len(run.answers) // 2]
    changes = [
        Change("add-decline", "beyond the scope of"),
        Change("add-decline", PHRASE),
        Change("add-needle", "monitoring", qid=target.qid, needle_kind="must_contain"),
    ]
    for change in changes:
        golds = {}
        if not change.is_decline:
            golds[target.qid] = change.apply_gold(target.gold)
        graders = {run.run_id: (today, Grader(change.apply_declines(declines), None, golds))}
        (full_flips, _), full = timed(flip_preview, change, runs, graders, incremental=False)
        (fast_flips, regraded), fast = timed(flip_preview, change, runs, graders)
        assert fast_flips == full_flips, "the incremental preview must equal a full regrade"
        print(f"{change.describe()}:")
        print(f"  full regrade (both graders)  {full:6.2f} s")
        print(
            f"  incremental preview          {fast:6.3f} s  ({regraded:,} answers regraded, "
            f"{len(fast_flips)} flips; target < 1 s)"
        )
        print(f"  ratio preview / full         {fast / full:6.4f}")


if __name__ == "__main__":
    main()
