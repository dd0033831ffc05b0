"""Benchmark: regrading a run against orjson parsing the same file (DESIGN section 6).

Builds a synthetic run of 100,000 answers (five sources of about 800 characters each), then
measures in one run, best of three each: the time orjson takes to parse every line (one
process), and the time a full regrade takes (read and validate every line, grade every answer,
build the scorecard), once in one process and once shared out among one process per core
(`grader.regrade`, what `ragtriage grade` does). Prints each and its ratio to the parse; the
target is at most 2.0.

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

from grader.regrade import default_workers, regrade
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


def regrade_one_process(path: Path) -> int:
    run = read_run(path, lean=True)
    grades = Grader().grade_all(run.answers)
    scorecard(grades)
    return len(grades)


def regrade_shared_out(path: Path) -> int:
    grades = regrade(path, Grader()).grades
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
    one = best_of(3, regrade_one_process, path)
    shared = best_of(3, regrade_shared_out, path)
    workers = default_workers()
    print(machine())
    print(f"run file: {answers:,} answers, {size_mb:,.0f} MB")
    print(f"orjson parse                     {parse:6.2f} s")
    print(f"full regrade, 1 process          {one:6.2f} s   ratio {one / parse:5.2f}")
    print(
        f"full regrade, {workers} processes        {shared:6.2f} s   ratio {shared / parse:5.2f}"
        "  (target <= 2.0)"
    )


if __name__ == "__main__":
    main()
