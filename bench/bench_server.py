"""Benchmark: requests in flight against a server that takes many at once (DESIGN 6).

The stand-in server (``tests/standin_server.py``) answers every request after a fixed delay,
many at a time, as a batching serving engine does. The same run of the finance corpus is made
with ``--parallel 1`` (the baseline, measured in the same process) and with ``--parallel N``;
the ratio of their wall-clock times is the speed-up (target >= 5x for 8 over 1, 16 questions,
a 0.5 s delay).

    python bench/bench_server.py [--questions 16] [--delay 0.5] [--parallel 8]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from synthetic import machine  # noqa: E402

from corpora.loader import load_corpus  # noqa: E402
from engine.openai_compatible import OpenAIGenerator  # noqa: E402
from engine.retrieve import load_index  # noqa: E402
from engine.run import run_corpus  # noqa: E402
from grader.records.runfile import read_run  # noqa: E402
from tests.standin_server import Server, StandIn  # noqa: E402


def timed_run(url: str, questions: int, parallel: int, runs: Path) -> tuple[float, int]:
    corpus = load_corpus(ROOT / "corpora" / "finance")
    start = time.perf_counter()
    result = run_corpus(
        corpus, "k3-small", questions, OpenAIGenerator(url), runs, parallel=parallel
    )
    took = time.perf_counter() - start
    run = read_run(result.path)
    assert sorted(a.qid for a in run.answers) == sorted(run.header["plan"]["qids"])
    return took, sum(a.error is not None for a in run.answers)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=16)
    parser.add_argument("--delay", type=float, default=0.5, help="the server's seconds a request")
    parser.add_argument("--parallel", type=int, default=8)
    args = parser.parse_args()
    print(machine())
    load_index(load_corpus(ROOT / "corpora" / "finance"), 700)  # indexed once, before timing
    with tempfile.TemporaryDirectory() as scratch, Server(StandIn(delay=args.delay)) as server:
        serial, serial_errors = timed_run(server.url, args.questions, 1, Path(scratch))
        wide, wide_errors = timed_run(server.url, args.questions, args.parallel, Path(scratch))
        most = server.state.most_in_flight
    print(
        f"stand-in server, {args.delay} s a request, {args.questions} questions of finance "
        f"(k3-small):"
    )
    print(f"  --parallel 1          {serial:6.2f} s   ({serial_errors} errors)")
    print(
        f"  --parallel {args.parallel:<2}         {wide:6.2f} s   ({wide_errors} errors, at most "
        f"{most} in flight)   speed-up {serial / wide:4.1f}x (target >= 5x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
