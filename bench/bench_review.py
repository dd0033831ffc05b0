"""Benchmark: the review app on a 100,000-answer run (DESIGN section 6).

Opens the synthetic 100,000-answer run (built by bench/synthetic.py if missing) in the real app,
headless, with its grades of record beside it as every run made by `ragtriage run` has them
(written first if missing), and measures: the time from starting the app to the first answer on
screen (target: under 1 second); the time from pressing ``n`` to the next answer on screen, over
50 presses from 3 seconds after opening, while the whole run is graded in the background
(target: at most 50 ms); the same after the grading; and Textual's test harness's own cost (a
key bound to nothing), which every press through it carries. Each press through the harness is
followed by one without it: the key handed to the app as its driver hands it a key, timed to
the first frame written out that shows the next answer (the harness waits for the app to be
idle, in steps, which a terminal does not).

Each round runs in a new process; ``--ab`` alternates rounds with the background grading done
in the app's own thread (as before the worker processes) against worker processes (now), so
that a noisy machine falls on both alike. Each figure is the best of the rounds' medians.

    python bench/bench_review.py [--answers N] [--rounds 5] [--ab]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import load_average, machine, synthetic_run, with_bytecode, with_grades_of_record

PRESSES = 50
OPENED_FOR = 3.0  # seconds after opening when the presses start (the figure)
SETTLE = 0.1  # seconds between a frame showing the answer and the next direct press


def while_grading(name: str, presses: list[float]) -> dict[str, float]:
    """How many presses began while the run was being graded, their median and the worst."""
    return {
        f"{name}_presses": len(presses),
        f"{name}_median": statistics.median(presses) if presses else 0.0,
        f"{name}_worst": max(presses) if presses else 0.0,
    }


async def measure(path: Path) -> dict[str, object]:
    from textual import events
    from textual.widgets import Static

    from engine.workspace import Workspace
    from tui.app import ReviewApp

    start = time.perf_counter()
    app = ReviewApp(path, Workspace(runs_dir=path.parent))
    async with app.run_test(size=(150, 45)) as pilot:
        while True:
            screen = app.screen
            if screen.query("#question") and "syn-000000" in str(
                screen.query_one("#question", Static).render()
            ):
                first = time.perf_counter() - start
                break
            await asyncio.sleep(0.005)
        shown = 0

        async def press_next() -> float:
            nonlocal shown
            shown += 1
            began = time.perf_counter()
            await pilot.press("n")
            question = app.screen.query_one("#question", Static)
            while f"syn-{shown:06d}" not in str(question.render()):
                await asyncio.sleep(0.001)
            return time.perf_counter() - began

        # Without the harness: the key handed to the app as its driver hands it one, timed to
        # the first frame written out that shows the next answer (the app's own work only).
        framed: list[float] = []
        display = app._display

        def display_and_time(screen, renderable) -> None:  # type: ignore[no-untyped-def]
            display(screen, renderable)
            if f"syn-{shown:06d}" in str(app.screen.query_one("#question", Static).render()):
                framed.append(time.perf_counter())

        app._display = display_and_time  # type: ignore[method-assign]

        async def press_next_direct() -> float:
            nonlocal shown
            shown += 1
            framed.clear()
            began = time.perf_counter()
            app._driver.send_message(events.Key("n", "n"))
            while not framed:
                await asyncio.sleep(0.0005)
            await asyncio.sleep(SETTLE)  # (a reader's next key comes later than the frames)
            return framed[0] - began

        await asyncio.sleep(max(0.0, OPENED_FOR - (time.perf_counter() - start)))
        during, grading = [], []  # every press from 3 s on; those begun while grading
        direct_during, direct_grading = [], []  # (alternating with them)
        for _ in range(PRESSES):
            graded = app.session.run.graded_all
            during.append(await press_next())
            if not graded:
                grading.append(during[-1])
            graded = app.session.run.graded_all
            direct_during.append(await press_next_direct())
            if not graded:
                direct_grading.append(direct_during[-1])
        await app.workers.wait_for_complete()
        graded_after = time.perf_counter() - start
        after = [await press_next() for _ in range(PRESSES)]
        direct_after = [await press_next_direct() for _ in range(PRESSES)]
        idle = []
        for _ in range(PRESSES):  # the harness's own cost: a key bound to nothing
            began = time.perf_counter()
            await pilot.press("x")
            idle.append(time.perf_counter() - began)
    return {
        "first": first,
        "during": statistics.median(during),
        **while_grading("grading", grading),
        "grading_seconds": sum(grading),
        "graded_after": graded_after,
        "after": statistics.median(after),
        "idle": statistics.median(idle),
        "direct_during": statistics.median(direct_during),
        **while_grading("direct_grading", direct_grading),
        "direct_after": statistics.median(direct_after),
    }


def measure_in_fresh_process(way: str, path: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--measure", way, str(path)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


WAYS = {
    "workers": "worker processes (now)",
    "thread": "the app's own thread (before)",
}


def main() -> None:
    if sys.argv[1:2] == ["--measure"]:
        way, path = sys.argv[2], Path(sys.argv[3])
        if way == "thread":
            import tui.session.run

            tui.session.run.SHARE_OUT_BYTES = 1 << 62  # every run graded in the app's thread
        print(json.dumps(asyncio.run(measure(path))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ab", action="store_true", help="alternate with the app's own thread")
    path, answers = synthetic_run(parser)
    with_grades_of_record(path)
    with_bytecode(Path(__file__).resolve().parent.parent)
    args, _rest = parser.parse_known_args()
    ways = list(WAYS) if args.ab else ["workers"]
    rounds = args.rounds
    results: dict[str, list[dict[str, float]]] = {way: [] for way in ways}
    loads = [load_average()]
    for _ in range(rounds):
        for way in reversed(ways):
            results[way].append(measure_in_fresh_process(way, path))
            loads.append(load_average())
    import grader.compiled

    print(machine())
    print(
        f"run: {answers:,} answers, {path.stat().st_size / 1e6:,.0f} MB; grader "
        f"{grader.compiled.status()}; load average {min(loads):.1f}-{max(loads):.1f} during "
        f"the rounds; best of {rounds} rounds' medians, each round in a new process"
    )
    for way in ways:
        rows = results[way]

        def best(name: str, rows: list[dict[str, float]] = rows) -> float:
            return min(row[name] for row in rows) * 1000

        print(f"background grading in {WAYS[way]}:")
        print(f"  first answer on screen           {best('first'):7.0f} ms  (target < 1000 ms)")
        print(
            f"  next answer (n), {OPENED_FOR:.0f} s after opening {best('during'):7.1f} ms  "
            f"(target <= 50 ms; median of {PRESSES} presses)"
        )
        net = min(row["during"] - row["idle"] for row in rows) * 1000
        print(f"    net of the harness             {net:7.1f} ms")
        print(
            f"    without the harness            {best('direct_during'):7.1f} ms  (key as the "
            "driver sends it, to the first frame showing the answer)"
        )
        for row in rows:  # the presses begun while the run was still being graded
            print(
                f"    round: {row['grading_presses']:2d} presses begun while grading, median "
                f"{row['grading_median'] * 1000:7.1f} ms, worst {row['grading_worst'] * 1000:7.1f} "
                f"ms, {row['grading_seconds']:5.1f} s in all; without the harness "
                f"{row['direct_grading_presses']:2d}, median "
                f"{row['direct_grading_median'] * 1000:5.1f} ms, worst "
                f"{row['direct_grading_worst'] * 1000:5.1f} ms"
            )
        print(f"  whole run graded after           {best('graded_after') / 1000:7.1f} s")
        print(f"  next answer after the grading    {best('after'):7.1f} ms")
        print(f"    without the harness            {best('direct_after'):7.1f} ms")
        print(f"  unbound key (the harness's cost) {best('idle'):7.1f} ms")


if __name__ == "__main__":
    main()
