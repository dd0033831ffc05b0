"""Benchmark: flip preview of one needle change over 100,000 answers on disk (DESIGN section 6).

Reads the synthetic 100,000-answer run (built by bench/synthetic.py if missing), then measures in
one process: a full regrade under today's and the proposed lists (what a naive preview costs),
and the incremental preview `ragtriage scan` uses, for a decline-phrase change and a question
needle change. Prints the times and their ratio; the target is a preview under 1 second.

    python bench/bench_audit.py [--answers N]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import machine, synthetic_run_from_args

from grader.audit.scan import Change, flip_preview
from grader.records.runfile import read_run
from grader.rules.declines import load_declines
from grader.rules.verdict import Grader


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    path, _ = synthetic_run_from_args(__doc__.splitlines()[0])
    run, load = timed(read_run, path)
    runs = [(run.run_id, run.answers)]
    declines = load_declines()
    today = Grader(declines)
    print(machine())
    print(f"{len(run.answers):,} answers on disk, read in {load:.2f} s (not part of the preview)")
    target = run.answers[len(run.answers) // 2]
    changes = [
        Change("add-decline", "beyond the scope of"),
        Change("add-decline", "not explicitly"),
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
