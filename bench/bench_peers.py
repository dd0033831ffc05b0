"""Benchmark: the same answers graded by ragtriage and by its peers' deterministic graders, each
end to end as a process, in one run, with peak memory (DESIGN section 6).

- ragtriage: ``ragtriage grade RUN`` (a new process: starting Python, reading the run, grading
  every answer on every core, the scorecard printed);
- Inspect: a log of the same answers, written by Inspect, rescored by ``inspect_ai.score`` with
  its deterministic scorers (``match``, ``includes``, ``f1``), without writing the scored log and
  with ``write_eval_log``;
- promptfoo: ``promptfoo eval`` of the same answers (its ``echo`` provider gives each back) with
  deterministic assertions (``icontains``, ``contains``, ``levenshtein``);
- Ragas: its non-LLM string metrics (``ExactMatch``, ``StringPresence``,
  ``NonLLMStringSimilarity``) over the same answers.

Each peer checks less than the rules do (no money bar, no declines, no attribution, no
negation): the figures say what the same answers cost, not that the graders are alike.

Each peer runs from a throwaway environment under ``--peers`` (default ``/tmp/ragtriage-peers``
or ``$RAGTRIAGE_PEERS``): ``inspect/`` and ``ragas/`` are virtual environments, ``promptfoo/`` an
npm folder. A peer whose environment is absent is skipped, with the line that makes it;
``--install`` makes the missing ones (pip and npm, the versions below). Every process is timed
from outside, best of ``--rounds``; its peak memory is the largest resident set among it and
the processes it waited for (``wait4``). Each time is printed with its ratio to ragtriage's.

    python bench/bench_peers.py [--answers 10000] [--rounds 1] [--install] [--peers DIR]
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import WORDS, load_average, machine, money, with_bytecode

ROOT = Path(__file__).resolve().parent.parent
# ragas 0.4.3 imports a chat model that langchain-community 0.4 no longer has (the 0.3 line),
# and its string distance needs rapidfuzz.
VERSIONS = {
    "inspect": "inspect_ai==0.3.285",
    "ragas": "ragas==0.4.3 'langchain-community<0.4' rapidfuzz",
    "promptfoo": "0.121.20",
}
SHAPES = (
    "The {w} is {key}.",
    "According to the statement, the {w} is {key}.",
    "The {w} is {other}.",
    "It was {other}, not {key}.",
    "I could not find the {w} in these documents.",
    "The {w} was {key} for the period; the {w2} was {other}.",
)


def answers(count: int, seed: int = 0) -> list[dict[str, str]]:
    """``count`` short answers with their question and key: amounts and words, right, wrong,
    rejected and declined, as the benchmarks' synthetic runs draw them."""
    rng = random.Random(seed)
    made = []
    for i in range(count):
        key = money(rng) if rng.random() < 0.6 else " ".join(rng.sample(WORDS, 2))
        other = money(rng) if key.startswith("$") else " ".join(rng.sample(WORDS, 2))
        shape = rng.choice(SHAPES)
        w, w2 = rng.sample(WORDS, 2)
        made.append(
            {
                "qid": f"peer-{i:06d}",
                "question": f"What is the {w} on the {w2}?",
                "reference": key,
                "answer": shape.format(w=w, w2=w2, key=key, other=other),
            }
        )
    return made


# --- each grader's input, written once -------------------------------------------------------


def ragtriage_run(rows: list[dict[str, str]], folder: Path) -> Path:
    """The answers as a run file (no sources, citations not graded: as an import makes it)."""
    path = folder / "peers.jsonl"
    header = {
        "type": "run",
        "schema": 1,
        "run_id": "peers",
        "corpus": "",
        "config": {"name": "peers"},
        "model": {"name": "synthetic"},
        "grading": {"citations": False},
    }
    with open(path, "wb") as out:
        out.write(orjson.dumps(header) + b"\n")
        for row in rows:
            gold = {"key": row["reference"], "must_contain": [], "must_contain_any": []}
            record = {
                "type": "answer",
                "qid": row["qid"],
                "kind": "answerable",
                "question": row["question"],
                "gold": gold | {"must_not_contain": [], "golden_docs": []},
                "answer": row["answer"],
                "sources": [],
                "latency_ms": None,
                "error": None,
            }
            out.write(orjson.dumps(record) + b"\n")
    return path


INSPECT_MAKE = """
import json, sys
from inspect_ai.log import read_eval_log, write_eval_log
from inspect_ai.model import ChatMessageAssistant, ChatMessageUser, ModelOutput
rows = json.load(open(sys.argv[2]))
log = read_eval_log(sys.argv[1])
base = log.samples[0]
samples = []
for row in rows:
    output = ModelOutput.from_content("mockllm/model", row["answer"])
    messages = [ChatMessageUser(content=row["question"]), output.message]
    samples.append(base.model_copy(update=dict(
        id=row["qid"], epoch=1, input=row["question"], target=row["reference"],
        messages=messages, output=output, scores=None, events=[], error=None,
    )))
log.samples = samples
log.eval.dataset.samples = len(samples)
log.results = None
write_eval_log(log, sys.argv[3])
"""

INSPECT_SCORE = """
import sys
from inspect_ai import score
from inspect_ai.log import read_eval_log, write_eval_log
from inspect_ai.scorer import f1, includes, match
log = read_eval_log(sys.argv[1])
scored = score(log, [match(location="any"), includes(), f1()], action="overwrite", display="none")
if len(sys.argv) > 2:
    write_eval_log(scored, sys.argv[2])
"""

RAGAS_SCORE = """
import json, sys
from ragas import EvaluationDataset, evaluate
from ragas.metrics import ExactMatch, NonLLMStringSimilarity, StringPresence
rows = json.load(open(sys.argv[1]))
dataset = EvaluationDataset.from_list([
    {"user_input": r["question"], "response": r["answer"], "reference": r["reference"]}
    for r in rows
])
result = evaluate(
    dataset, metrics=[ExactMatch(), StringPresence(), NonLLMStringSimilarity()], show_progress=False
)
print(result)
"""

PROMPTFOO_CONFIG = """\
prompts:
  - "{{answer}}"
providers:
  - echo
tests: file://tests.csv
defaultTest:
  assert:
    - type: icontains
      value: "{{reference}}"
    - type: contains
      value: "{{reference}}"
    - type: levenshtein
      value: "{{reference}}"
      threshold: 20
"""


# --- the peers' environments -----------------------------------------------------------------


@dataclass(frozen=True)
class Peer:
    name: str
    folder: Path

    @property
    def program(self) -> Path:
        if self.name == "promptfoo":
            return self.folder / "node_modules" / ".bin" / "promptfoo"
        return self.folder / "bin" / "python"

    @property
    def present(self) -> bool:
        """Whether the environment holds the peer (its package installed, not only begun)."""
        if self.name == "promptfoo":
            return self.program.exists()
        module = {"inspect": "inspect_ai", "ragas": "ragas"}[self.name]
        return self.program.exists() and any(
            self.folder.glob(f"lib/python*/site-packages/{module}")
        )

    def install_line(self) -> str:
        if self.name == "promptfoo":
            return (
                f"mkdir -p {self.folder} && cd {self.folder} && npm init -y && "
                f"npm install promptfoo@{VERSIONS['promptfoo']}"
            )
        return (
            f"python -m venv {self.folder} && {self.folder}/bin/pip install {VERSIONS[self.name]}"
        )

    def install(self) -> None:
        print(f"installing {self.name}: {self.install_line()}", flush=True)
        subprocess.run(["bash", "-c", self.install_line()], check=True, stdout=subprocess.DEVNULL)


# --- timing --------------------------------------------------------------------------------------


@dataclass
class Measured:
    seconds: float
    peak_mb: float


def timed(
    command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> Measured:
    """Run a command to its end; its wall time and peak memory (the largest resident set among
    it and the processes it waited for, as ``wait4`` reports it)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _pid, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 100):  # promptfoo exits 100 when a test fails
        tail = errors.decode(errors="replace").strip().splitlines()[-3:]
        raise RuntimeError(f"{command[0]} exited {process.returncode}: {' | '.join(tail)}")
    return Measured(seconds, usage.ru_maxrss / 1024)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).parent / "out" / "peers"))
    parser.add_argument(
        "--peers", default=os.environ.get("RAGTRIAGE_PEERS", "/tmp/ragtriage-peers")
    )
    parser.add_argument("--install", action="store_true", help="make the missing environments")
    args = parser.parse_args()
    out = Path(args.out) / str(args.answers)
    out.mkdir(parents=True, exist_ok=True)
    peers = {
        name: Peer(name, Path(args.peers) / name) for name in ("inspect", "promptfoo", "ragas")
    }
    if args.install:
        for peer in peers.values():
            if not peer.present:
                peer.install()
    rows = answers(args.answers)
    (out / "answers.json").write_bytes(orjson.dumps(rows))
    run = ragtriage_run(rows, out)
    with_bytecode(ROOT)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    commands: dict[str, tuple[list[str], Path | None, dict[str, str] | None]] = {
        "ragtriage grade": (
            [sys.executable, "-m", "tui.cli", "grade", str(run), "--no-record"],
            ROOT,
            env,
        )
    }
    skipped = []
    inspect = peers["inspect"]
    if inspect.present:
        log = out / "peers.eval"
        if not log.exists():  # Inspect writes the log of the same answers (not timed)
            fixture = ROOT / "tests" / "fixtures" / "imports" / "inspect-0.3.285-lease.json"
            subprocess.run(
                [
                    str(inspect.program),
                    "-c",
                    INSPECT_MAKE,
                    str(fixture),
                    str(out / "answers.json"),
                    str(log),
                ],
                check=True,
            )
        commands["Inspect rescoring (match, includes, f1)"] = (
            [str(inspect.program), "-c", INSPECT_SCORE, str(log)],
            None,
            None,
        )
        commands["  ... and writing the scored log"] = (
            [str(inspect.program), "-c", INSPECT_SCORE, str(log), str(out / "scored.eval")],
            None,
            None,
        )
    else:
        skipped.append(inspect)
    promptfoo = peers["promptfoo"]
    if promptfoo.present:
        with open(out / "tests.csv", "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=["question", "reference", "answer"])
            writer.writeheader()
            writer.writerows(
                {k: row[k] for k in ("question", "reference", "answer")} for row in rows
            )
        (out / "promptfooconfig.yaml").write_text(PROMPTFOO_CONFIG, encoding="utf-8")
        quiet = {
            **os.environ,
            "PROMPTFOO_DISABLE_TELEMETRY": "1",
            "PROMPTFOO_DISABLE_UPDATE": "1",
            "PROMPTFOO_CONFIG_DIR": str(out / "promptfoo-config"),
        }
        commands["promptfoo eval (icontains, contains, levenshtein)"] = (
            [
                str(promptfoo.program),
                "eval",
                "-c",
                "promptfooconfig.yaml",
                "--no-cache",
                "--no-write",
                "--no-table",
                "--no-progress-bar",
            ],
            out,
            quiet,
        )
    else:
        skipped.append(promptfoo)
    ragas = peers["ragas"]
    if ragas.present:
        commands["Ragas non-LLM string metrics (3)"] = (
            [str(ragas.program), "-c", RAGAS_SCORE, str(out / "answers.json")],
            None,
            None,
        )
    else:
        skipped.append(ragas)
    best: dict[str, Measured] = {}
    loads = [load_average()]
    for _round in range(args.rounds):
        for name, (command, cwd, command_env) in commands.items():
            measured = timed(command, cwd, command_env)
            if name not in best or measured.seconds < best[name].seconds:
                best[name] = measured
        loads.append(load_average())
    print(machine())
    print(
        f"{args.answers:,} answers (question, key, answer); best of {args.rounds}, each a new "
        f"process; load average {min(loads):.1f}-{max(loads):.1f}"
    )
    ours = best["ragtriage grade"].seconds
    print(f"{'':52s} {'wall':>9s} {'x ragtriage':>12s} {'peak memory':>12s}")
    for name, measured in best.items():
        print(
            f"{name:52s} {measured.seconds:7.2f} s {measured.seconds / ours:11.1f}x "
            f"{measured.peak_mb:9.0f} MB"
        )
    for peer in skipped:
        print(f"skipped {peer.name}: no environment at {peer.folder} ({peer.install_line()})")


if __name__ == "__main__":
    main()
