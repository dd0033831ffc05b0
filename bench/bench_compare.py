"""Benchmark: comparing two 100,000-answer runs against grading them (DESIGN 6).

Two synthetic runs of 100,000 answers (seeds 0 and 1: the same qids, different answers) are
graded one after the other, each shared out among the cores as ``ragtriage grade`` does (the
baseline), then compared as ``ragtriage compare`` does: both graded, then paired question by
question. Best of 3 each, in this process. Target: the comparison takes no longer than grading
the two runs (ratio about 1.0).

    python bench/bench_compare.py [--answers 100000] [--out bench/out]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from synthetic import machine, synthetic_run_from_args, write_synthetic_run  # noqa: E402

from engine.workspace import Workspace  # noqa: E402
from grader.audit.regrade import regrade  # noqa: E402
from grader.records.runfile import read_header  # noqa: E402


def best_of(times: int, function) -> float:
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    a, answers = synthetic_run_from_args(__doc__.split("\n\n")[0])
    b = a.with_name(f"synthetic-{answers}-seed1.jsonl")
    if not b.exists():
        write_synthetic_run(b, answers, seed=1)
    print(machine())
    workspace = Workspace(runs_dir=a.parent, corpora_root=a.parent / "no-corpora")

    def grade_both() -> None:
        for path in (a, b):
            regrade(path, workspace.grader(read_header(path)))

    graded = best_of(3, grade_both)
    compared = best_of(3, lambda: workspace.compare(a, b))
    result = workspace.compare(a, b)
    print(
        f"two runs of {answers:,} answers: graded {graded:.2f} s, compared {compared:.2f} s: "
        f"ratio {compared / graded:.2f} (target <= 1.0 plus noise); "
        f"{len(result.differences):,} questions differ"
    )


if __name__ == "__main__":
    main()
