"""Benchmark: regrading a run against orjson parsing the same file (DESIGN section 6).

Builds a synthetic run of 100,000 answers (five sources of about 800 characters each), then
measures in one process, best of three each: the time orjson takes to parse every line, and the
time a full regrade takes (read and validate every line, grade every answer, build the
scorecard). Prints both and their ratio; the target is at most 2.0.

    python bench/bench_grade.py [--answers N]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import machine, synthetic_run_from_args

from grader.runfile import read_run
from grader.scorecard import scorecard
from grader.verdict import Grader


def parse_only(path: Path) -> int:
    count = 0
    with open(path, "rb") as handle:
        for line in handle:
            orjson.loads(line)
            count += 1
    return count


def regrade(path: Path) -> int:
    run = read_run(path)
    grades = Grader().grade_all(run.answers)
    scorecard(grades)
    return len(grades)


def best_of(runs: int, function, *args) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    path, answers = synthetic_run_from_args(__doc__.splitlines()[0])
    size_mb = path.stat().st_size / 1e6
    parse_only(path)  # warm the page cache for both measurements
    parse = best_of(3, parse_only, path)
    full = best_of(3, regrade, path)
    print(machine())
    print(f"run file: {answers:,} answers, {size_mb:,.0f} MB")
    print(f"orjson parse      {parse:6.2f} s")
    print(f"full regrade      {full:6.2f} s")
    print(f"ratio             {full / parse:6.2f}  (target <= 2.0)")


if __name__ == "__main__":
    main()
