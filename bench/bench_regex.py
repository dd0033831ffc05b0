"""Benchmark: what the rules' regular-expression searches alone cost an answer, and the ratio
of ``ragtriage grade`` to the parse that they leave no room under (DESIGN section 6).

The rules are regular expressions and the Python around them (DESIGN 4: a rule's plain
definition is the code). Compiling the Python (`grader.compiled`) leaves the searches as they
are: CPython's regular-expression engine runs them either way. This measures that part alone,
on the synthetic run's first answers (bench/synthetic.py, default 10,000 of them):

- in a new process, the grader pure, every pattern the rules compile is wrapped so that each
  call (the pattern, the method, its arguments) is recorded while every answer is graded once,
  as ``ragtriage grade`` grades it (the caches cold);
- the recorded calls are then replayed alone, nothing else done (best of the rounds), less the
  time of the replay's own loop;
- in a new process each round, the same answers graded once in memory (compiled where built):
  what grading costs a core;
- orjson parsing the same lines (best of the rounds): the baseline of the grading ratio.

The floor it prints is what the searches alone would cost ``ragtriage grade`` on this machine's
cores, shared out perfectly, as a ratio to the parse: grading cannot come under it without
rules that search less.

    python bench/bench_regex.py [--answers N] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import load_average, machine, write_synthetic_run

OUT = Path(__file__).resolve().parent / "out"
METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


def answer_lines(path: Path, count: int) -> list[bytes]:
    """The first ``count`` answer lines of a run file (its header left out)."""
    with open(path, "rb") as lines:
        return [line for line in islice(lines, count + 1) if b'"type":"answer"' in line][:count]


def grade_once(lines: list[bytes]) -> float:
    """Seconds to grade every answer once, in memory (the lines decoded beforehand)."""
    import msgspec

    from grader.rules.verdict import Grader
    from grader.schema import Answer

    decoder = msgspec.json.Decoder(Answer)
    answers = [decoder.decode(line) for line in lines]
    grader = Grader()
    start = time.perf_counter()
    for answer in answers:
        grader.grade(answer)
    return time.perf_counter() - start


class Recorded:
    """A compiled pattern that records every call made to it (`recording_compile`)."""

    __slots__ = ("_calls", "_pattern")

    def __init__(self, pattern: re.Pattern[str], calls: list[tuple[Any, ...]]) -> None:
        self._pattern = pattern
        self._calls = calls

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._pattern, name)
        if name not in METHODS:
            return method

        def recording(*args: Any, **kwargs: Any) -> Any:
            self._calls.append((method, name == "finditer", args, kwargs))
            return method(*args, **kwargs)

        return recording


def record_calls(lines: list[bytes]) -> list[tuple[Any, ...]]:
    """Every regular-expression call the rules make grading ``lines`` once (the grader pure:
    the compiled build makes the same calls from the same source)."""
    calls: list[tuple[Any, ...]] = []
    compile_plain = re.compile

    def recording_compile(pattern: Any, flags: int = 0) -> Any:
        compiled = compile_plain(pattern, flags)
        caller = sys._getframe(1).f_globals.get("__name__", "")
        return Recorded(compiled, calls) if caller.startswith("grader.") else compiled

    re.compile = recording_compile  # type: ignore[assignment]
    try:
        grade_once(lines)  # importing the grader here compiles its patterns, recorded
    finally:
        re.compile = compile_plain
    return calls


def replay(calls: list[tuple[Any, ...]]) -> float:
    """Seconds to make the recorded calls again, nothing else done."""
    start = time.perf_counter()
    for method, iterates, args, kwargs in calls:
        found = method(*args, **kwargs)
        if iterates:
            for _match in found:
                pass
    return time.perf_counter() - start


def replay_loop(calls: list[tuple[Any, ...]]) -> float:
    """Seconds the replay's own loop takes, no call made (subtracted from `replay`)."""
    start = time.perf_counter()
    for _method, _iterates, _args, _kwargs in calls:
        pass
    return time.perf_counter() - start


def parse(lines: list[bytes]) -> float:
    start = time.perf_counter()
    for line in lines:
        orjson.loads(line)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--grade", metavar="RUN", help=argparse.SUPPRESS)  # a round's grading
    options = parser.parse_args()
    if options.grade:
        import grader.compiled

        seconds = grade_once(answer_lines(Path(options.grade), options.answers))
        print(grader.compiled.status().build, seconds)
        return
    path = OUT / "synthetic-100000.jsonl"  # the run bench_grade.py measures
    if not path.exists():
        write_synthetic_run(path, 100_000)
    lines = answer_lines(path, options.answers)
    count = len(lines)
    print(machine())
    print(f"{count:,} answers of {path.name}, load average {load_average():.2f}")

    os.environ["RAGTRIAGE_PURE"] = "1"  # this process records, the grader pure
    calls = record_calls(lines)
    del os.environ["RAGTRIAGE_PURE"]
    if not calls:  # the grader's patterns were compiled before the recording began
        raise SystemExit("bench_regex: no call was recorded (the grader was imported before)")
    command = [sys.executable, __file__, "--grade", str(path), "--answers", str(count)]
    replays, gradings, parses = [], [], []
    build = ""
    for _ in range(options.rounds):
        replays.append(replay(calls) - replay_loop(calls))
        build, seconds = subprocess.run(
            command, capture_output=True, check=True, text=True
        ).stdout.split()
        gradings.append(float(seconds))
        parses.append(parse(lines))
    per_call = min(replays) / len(calls)
    alone, graded, parsed = (min(t) / count for t in (replays, gradings, parses))
    from grader.audit.regrade import default_workers  # (after the recording: it imports rules)

    cores = default_workers()  # the processes `ragtriage grade` shares a run out among
    us = 1e6
    print(
        f"regular-expression calls: {len(calls) / count:.1f} an answer, {per_call * us:.2f} us each"
    )
    print(
        f"the calls alone, replayed:   {alone * us:6.1f} us an answer "
        f"(best of {options.rounds}; net of the replay's loop)"
    )
    print(
        f"grading in memory, {build}: {graded * us:6.1f} us an answer "
        f"(the calls alone are {alone / graded:.0%} of it)"
    )
    print(f"orjson parse of the lines:   {parsed * us:6.1f} us an answer")
    print(
        f"on {cores} cores the calls alone come to {alone / cores / parsed:.2f}x the parse: "
        f"the floor of `ragtriage grade`'s ratio (target 3.0; the whole grading "
        f"{graded / cores / parsed:.2f}x)"
    )


if __name__ == "__main__":
    main()
