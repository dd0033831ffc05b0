"""Benchmark: `ragtriage grade` against orjson parsing the same file (DESIGN section 6).

Builds a synthetic run of 100,000 answers (five sources of about 800 characters each) with its
grades of record beside it (as `ragtriage run` leaves every run), then measures, best of five
each, the rounds interleaved so that a noisy moment falls on every measurement alike:

- the time orjson takes to parse every line (in a new process, timed inside it; the lines read
  as the regrade reads them): the baseline;
- ``ragtriage grade RUN``, end to end as a user meets it (a new process, timed from outside:
  starting Python, reading and grading every answer on every core, the scorecard, the grades
  of record compared, the report printed), with the grader pure (``RAGTRIAGE_PURE=1``) and
  compiled (`grader.compiled`, `make compiled`);
- the regrade alone in one process, pure and compiled: what grading costs a core;
- the regrade shared out with grading skipped: what reading, sharing out, joining and the
  scorecard leave to grading.

With ``--against REV`` (a commit, a tag, a branch), ``ragtriage grade`` of that revision is measured
in the same rounds, from a copy of its files (``git archive`` into ``bench/out/against-<commit>/``,
kept for the next run), as its users met it: compiled if it ships `tools/build_compiled.py`
(built there first), pure otherwise; and the time of today's grade is printed against it. The
last commit of grader v2 is 4d28f1c: ``--against 4d28f1c`` measures what grader version 3 costs
(issue "Grader v3": the regrade may not be slower than v2's).

With ``--only grade-compiled`` (names from `MEASURES`, comma-separated) only those are measured
(with the parse, and the other revision's grade with ``--against``), so that more rounds fit in
the same minutes. Against another revision the rounds are also read in pairs: each round's time
of today's grade over the other revision's, measured one after the other, and the median of
those ratios is printed beside the ratio of the best times: a moment of load falls on both
halves of a pair, while the best of a few rounds can be one lucky round of either side.

Prints each with its ratio to the parse; the target is at most 3.0 (the aim 2.0). Beside each
wall time it prints the processor time the measurement took (every process it started
included): on a machine shared with other work the wall times stretch with the load, the
processor times much less, so the compiled-against-pure comparison is made on both.

    python bench/bench_grade.py [--answers N] [--rounds 5] [--against REV]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from revisions import Revision, revision
from synthetic import load_average, machine, synthetic_run, with_bytecode, with_grades_of_record

from grader.audit.regrade import default_workers, regrade
from grader.records.runfile import iter_lines
from grader.rules.verdict import NOT_MONEY, Grade, Grader
from grader.schema import Answer

ROOT = Path(__file__).resolve().parent.parent


def parse_only(path: Path) -> int:
    """orjson on every line, the lines read as the regrade reads them (`iter_lines`)."""
    count = 0
    for _number, _offset, raw in iter_lines(path):
        orjson.loads(raw)
        count += 1
    return count


def regrade_one_process(path: Path) -> int:
    regraded = regrade(path, Grader(), workers=1)  # its scorecard included
    return regraded.scorecard.total


class SkipGrading:
    """Stands in for the grader and gives every answer the same grade: what a regrade costs
    besides grading. (Not a subclass: the compiled `Grader` is a native class.)"""

    def grade(self, answer: Answer) -> Grade:
        return Grade(answer.qid, answer.kind, "wrong", (), False, None, NOT_MONEY, ())


def regrade_without_grading(path: Path) -> int:
    regraded = regrade(path, SkipGrading())  # type: ignore[arg-type]
    return regraded.scorecard.total


# Measured inside a new process (the function's time only).
INSIDE = {"parse": parse_only, "one": regrade_one_process, "floor": regrade_without_grading}
# name: (measurement, grader build)
MEASURES = {
    "parse": ("parse", "compiled"),
    "grade-pure": ("cli", "pure"),
    "grade-compiled": ("cli", "compiled"),
    "one-pure": ("one", "pure"),
    "one-compiled": ("one", "compiled"),
    "floor": ("floor", "compiled"),
}
AGAINST = "against"  # the measure of another revision's `ragtriage grade` (--against)


def children_cpu() -> float:
    """Processor seconds of every process this one started and waited for (theirs included)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_in_fresh_process(
    name: str, path: Path, against: Revision | None = None
) -> tuple[float, float]:
    """Time one measurement in a new Python process, as a user's command would run: its wall
    time and its processor time.

    A fresh process matters for the shared-out regrade: forked from a process that has just
    held 100,000 answers, every worker would first copy the pages it reuses.
    """
    if name == AGAINST:
        assert against is not None
        what, build = "cli", against.build
    else:
        what, build = MEASURES[name]
    env = {**os.environ, "RAGTRIAGE_PURE": "1" if build == "pure" else ""}
    cpu = children_cpu()
    if what == "cli":
        folder = ROOT if name != AGAINST or against is None else against.folder
        # The folder's own files first on the path (the checkout's are installed in this Python).
        env["PYTHONPATH"] = str(folder)
        command = [sys.executable, "-m", "tui.cli", "grade", str(path)]
        quiet = subprocess.DEVNULL
        start = time.perf_counter()
        subprocess.run(command, check=True, env=env, cwd=folder, stdout=quiet, stderr=quiet)
        return time.perf_counter() - start, children_cpu() - cpu
    out = subprocess.run(
        [sys.executable, __file__, "--measure", what, str(path)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    build_seen, seconds = out.split()
    assert build_seen == build, f"{name} ran {build_seen}: is the compiled build up to date?"
    return float(seconds), children_cpu() - cpu


def paired(
    name: str, walls: list[float], theirs: list[float], cpus: list[float], their_cpus: list[float]
) -> str:
    """Each round's time of ``name`` over the other revision's in the same round, and their
    median: the ratio a moment of load does not move (it falls on both halves of a pair)."""
    ratios = sorted(mine / other for mine, other in zip(walls, theirs, strict=True))
    cpu_ratios = sorted(mine / other for mine, other in zip(cpus, their_cpus, strict=True))
    listed = " ".join(f"{r:.2f}" for r in ratios)
    return (
        f"{name} against the other revision, round by round: {listed}; median "
        f"{statistics.median(ratios):.2f}x in time, {statistics.median(cpu_ratios):.2f}x in "
        f"processor time"
    )


def main() -> None:
    if sys.argv[1:2] == ["--measure"]:
        import grader.compiled

        function, path = INSIDE[sys.argv[2]], Path(sys.argv[3])
        start = time.perf_counter()
        function(path)
        print(grader.compiled.status().build, time.perf_counter() - start)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--only",
        metavar="NAMES",
        help=f"measure only these (comma-separated, of: {', '.join(MEASURES)}), with the parse",
    )
    parser.add_argument(
        "--against",
        metavar="REV",
        help="also measure `ragtriage grade` of this git revision (4d28f1c: grader v2)",
    )
    path, answers = synthetic_run(parser)
    options = parser.parse_known_args()[0]
    rounds = options.rounds
    against = revision(options.against) if options.against else None
    with_grades_of_record(path)
    for folder in (ROOT, *([against.folder] if against else [])):
        with_bytecode(folder)  # as installed: every command starts as it does for a user
    size_mb = path.stat().st_size / 1e6
    parse_only(path)  # warm the page cache for every measurement
    chosen = list(MEASURES)
    if options.only:
        chosen = ["parse", *(n for n in options.only.split(",") if n and n != "parse")]
        unknown = [n for n in chosen if n not in MEASURES]
        if unknown:
            parser.error(
                f"--only: no measure named {', '.join(unknown)} (of: {', '.join(MEASURES)})"
            )
    names = [*chosen, *([AGAINST] if against else [])]
    times: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    loads = [load_average()]
    for round_ in range(rounds):  # interleaved; every other round the other way round
        for name in names if round_ % 2 == 0 else reversed(names):
            wall, processor = measure_in_fresh_process(name, path, against)
            times[name].append(wall)
            cpus[name].append(processor)
        loads.append(load_average())
    best = {name: min(times[name]) for name in names}
    cpu = {name: min(cpus[name]) for name in names}
    parse = best["parse"]
    print(machine())
    print(
        f"run file: {answers:,} answers, {size_mb:,.0f} MB; best of {rounds}, each in a new "
        f"process; load average {min(loads):.1f}-{max(loads):.1f} during the rounds"
    )
    workers = default_workers()
    rows = [
        ("orjson parse", "parse", ""),
        (f"ragtriage grade, pure ({workers} processes)", "grade-pure", "  (target <= 3.0)"),
        (f"ragtriage grade, compiled ({workers} processes)", "grade-compiled", "  (target <= 3.0)"),
        ("  regrade in 1 process, pure", "one-pure", ""),
        ("  regrade in 1 process, compiled", "one-compiled", ""),
        ("  shared out, grading skipped", "floor", "  (reading, sharing out, joining, scorecard)"),
    ]
    if against is not None:
        label = f"ragtriage grade at {against.commit[:7]}, {against.build}"
        rows.append((label, AGAINST, f"  (--against {against.name})"))
    rows = [row for row in rows if row[1] in names]
    print(f"{'':42s}   wall                processor (all its processes)")
    for label, name, note in rows:
        ratio = f"ratio {best[name] / parse:5.2f}" if name != "parse" else " " * 11
        print(f"{label:42s} {best[name]:6.2f} s {ratio}   {cpu[name]:6.2f} s{note}")
    if {"grade-pure", "grade-compiled", "one-pure", "one-compiled"} <= set(names):
        print(
            "compiled against pure: ragtriage grade "
            f"{best['grade-pure'] / best['grade-compiled']:.2f}x"
            f" faster in wall time, {cpu['grade-pure'] / cpu['grade-compiled']:.2f}x in processor "
            f"time; a core's regrade {best['one-pure'] / best['one-compiled']:.2f}x and "
            f"{cpu['one-pure'] / cpu['one-compiled']:.2f}x"
        )
    if against is not None and "grade-compiled" in names:
        wall, processor = best[AGAINST], cpu[AGAINST]
        pure = (
            f", pure {best['grade-pure'] / wall:.2f}x ({cpu['grade-pure'] / processor:.2f}x)"
            if "grade-pure" in names
            else ""
        )
        print(
            f"today against {against.commit[:7]} ({against.build}): ragtriage grade compiled "
            f"{best['grade-compiled'] / wall:.2f}x its best time "
            f"({cpu['grade-compiled'] / processor:.2f}x in processor time){pure}"
        )
    if against is not None:
        for name in ("grade-compiled", "grade-pure"):
            if name in names:
                print(paired(name, times[name], times[AGAINST], cpus[name], cpus[AGAINST]))
    for name in names:
        walls = " ".join(f"{t:.2f}" for t in times[name])
        processors = " ".join(f"{t:.2f}" for t in cpus[name])
        print(f"  rounds, {name}: wall {walls}; processor {processors}")


if __name__ == "__main__":
    main()
