"""Benchmark: `ragtriage import FILE` of a 10,000-answer file per format (DESIGN section 6:
under 3 seconds each).

Each large file is made from a real tool's fixture (tests/fixtures/imports/), its results or
samples repeated with new ids and questions so that no answer repeats: promptfoo's results
(version 3, one provider kept so that one run holds every answer), an Inspect JSON log, an
Inspect ``.eval`` log (deflate, as 0.3.150 wrote it; zstd is the same JSON once unpacked),
lm_eval's ``--log_samples`` JSONL (two lines per answer: one per filter), Ragas' results as CSV
and as JSON Lines, DeepEval's test run file, LangSmith's experiment results, Langfuse's
experiment items (that fixture written from its documented schema), and a plain answers file
(semicolons, Python list cells, no known suffix). The figure is the whole import as the command
does it: recognising the format, reading, checking every row, mining needles and writing the
run atomically; the best of ``--rounds``, each into a fresh folder.

    python bench/bench_import.py [--answers 10000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import load_average, machine

from engine.importers import import_file

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "imports"
TARGET = 3.0


def renamed(record: dict, number: int, question_path: tuple, id_path: tuple) -> dict:
    """A deep copy of a result or sample asking question ``number`` under a new id."""
    record = copy.deepcopy(record)
    holder = record
    for key in question_path[:-1]:
        holder = holder[key]
    holder[question_path[-1]] = f"{holder[question_path[-1]]} (case {number})"
    holder = record
    for key in id_path[:-1]:
        holder = holder[key]
    holder[id_path[-1]] = f"{holder[id_path[-1]]}-{number}"
    return record


def promptfoo_file(folder: Path, answers: int) -> Path:
    document = json.loads((FIXTURES / "promptfoo-0.121.20-results.json").read_text())
    results = [
        r for r in document["results"]["results"] if r["provider"].get("label") == "lookup-model"
    ]
    big = []
    for number in range(answers):
        result = renamed(
            results[number % len(results)], number, ("vars", "question"), ("vars", "id")
        )
        result["testCase"]["vars"] = result["vars"]
        big.append(result)
    document["results"]["results"] = big
    path = folder / "promptfoo-big.json"
    path.write_text(json.dumps(document))
    return path


def inspect_samples(answers: int) -> tuple[dict, list[dict]]:
    log = json.loads((FIXTURES / "inspect-0.3.285-lease.json").read_text())
    samples = log["samples"]
    big = []
    for number in range(answers):
        sample = renamed(samples[number % len(samples)], number, ("input",), ("id",))
        big.append(sample)
    return log, big


def inspect_json_file(folder: Path, answers: int) -> Path:
    log, samples = inspect_samples(answers)
    log["samples"] = samples
    path = folder / "inspect-big.json"
    path.write_text(json.dumps(log))
    return path


def inspect_eval_file(folder: Path, answers: int) -> Path:
    source = zipfile.ZipFile(FIXTURES / "inspect-0.3.150-lease.eval")
    samples = [
        json.loads(source.read(name))
        for name in source.namelist()
        if name.startswith("samples/") and name.endswith("_epoch_1.json")
    ]
    header = json.loads(source.read("header.json"))
    header["eval"]["config"]["epochs"] = 1
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("header.json", json.dumps(header))
        for number in range(answers):
            sample = renamed(samples[number % len(samples)], number, ("input",), ("id",))
            archive.writestr(f"samples/{sample['id']}_epoch_1.json", json.dumps(sample))
    path = folder / "inspect-big.eval"
    path.write_bytes(out.getvalue())
    return path


def lm_eval_file(folder: Path, answers: int) -> Path:
    """lm_eval's samples: each document's lines (one per filter) repeated under a new id."""
    [source] = sorted((FIXTURES / "lm_eval-0.4.13").glob("samples_*.jsonl"))
    lines = [json.loads(line) for line in source.read_text().splitlines()]
    documents = len({line["doc_id"] for line in lines})
    path = folder / "samples_big_2026-01-01T00-00-00.jsonl"
    with open(path, "w") as out:
        for number in range(answers):
            for line in lines:
                if line["doc_id"] != number % documents:
                    continue
                line = renamed(line, number, ("doc", "question"), ("doc", "id"))
                line["doc_id"] = number
                out.write(json.dumps(line) + "\n")
    return path


def ragas_rows(answers: int) -> list[dict]:
    rows = [json.loads(line) for line in (FIXTURES / "ragas-0.4.3-results.jsonl").open()]
    return [
        renamed(rows[number % len(rows)], number, ("user_input",), ("id",))
        for number in range(answers)
    ]


def ragas_csv_file(folder: Path, answers: int) -> Path:
    """Ragas' results as to_csv writes them: list cells as Python lists, NaN as empty."""
    import csv

    rows = ragas_rows(answers)
    path = folder / "ragas-big.csv"
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow(
                {
                    k: repr(v) if isinstance(v, list) else ("" if v is None else v)
                    for k, v in row.items()
                }
            )
    return path


def ragas_jsonl_file(folder: Path, answers: int) -> Path:
    path = folder / "ragas-big.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in ragas_rows(answers)))
    return path


def deepeval_file(folder: Path, answers: int) -> Path:
    """DeepEval's test run file, its test cases repeated under new names."""
    document = json.loads((FIXTURES / "deepeval-4.3.1-test_run.json").read_text())
    cases = document["testCases"]
    document["testCases"] = [
        renamed(cases[number % len(cases)], number, ("input",), ("name",))
        for number in range(answers)
    ]
    path = folder / "deepeval-big.json"
    path.write_text(json.dumps(document))
    return path


def answers_file(folder: Path, answers: int) -> Path:
    """A plain answers file as a spreadsheet saves it: semicolons, a Python list of accepted
    answers in a cell, a context per row (the rows of the Ragas fixture, its metrics left out)."""
    import csv

    path = folder / "answers-big.txt"  # no known suffix: CSV by content
    with open(path, "w", newline="") as out:
        writer = csv.writer(out, delimiter=";")
        writer.writerow(["id", "question", "answer", "reference", "contexts"])
        for row in ragas_rows(answers):
            accepted = [row["reference"], row["reference"].upper()]
            writer.writerow(
                [
                    row["id"],
                    row["user_input"],
                    row["response"] or "",
                    repr(accepted),
                    repr(row["retrieved_contexts"]),
                ]
            )
    return path


def langsmith_file(folder: Path, answers: int) -> Path:
    """LangSmith's experiment results as to_json writes them, rows repeated under new ids."""
    rows = [json.loads(line) for line in (FIXTURES / "langsmith-0.15.1-experiment.jsonl").open()]
    path = folder / "langsmith-big.jsonl"
    with open(path, "w") as out:
        for number in range(answers):
            row = renamed(rows[number % len(rows)], number, ("inputs.question",), ("example_id",))
            out.write(json.dumps(row) + "\n")
    return path


def langfuse_file(folder: Path, answers: int) -> Path:
    """Langfuse's experiment items response, items repeated under new item ids."""
    document = json.loads((FIXTURES / "langfuse-5.2.0-experiment-items.json").read_text())
    items = document["data"]
    document["data"] = [
        renamed(items[number % len(items)], number, ("input", "question"), ("experimentItemId",))
        for number in range(answers)
    ]
    path = folder / "langfuse-big.json"
    path.write_text(json.dumps(document))
    return path


def timed(path: Path, folder: Path, rounds: int) -> tuple[float, int, str]:
    best, count, name = float("inf"), 0, ""
    for round_ in range(rounds):
        runs = folder / f"runs-{path.stem}-{round_}"
        started = time.perf_counter()
        fmt, imported = import_file(path, runs)
        best = min(best, time.perf_counter() - started)
        count, name = sum(item.answers for item in imported), fmt.name
        shutil.rmtree(runs)
    return best, count, name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(machine())
    print(f"load average {load_average():.2f}")
    with tempfile.TemporaryDirectory(prefix="bench-import-") as temp:
        folder = Path(temp)
        for make in (
            promptfoo_file,
            inspect_json_file,
            inspect_eval_file,
            lm_eval_file,
            ragas_csv_file,
            ragas_jsonl_file,
            deepeval_file,
            langsmith_file,
            langfuse_file,
            answers_file,
        ):
            path = make(folder, args.answers)
            seconds, count, name = timed(path, folder, args.rounds)
            size = path.stat().st_size / 1e6
            verdict = "within" if seconds < TARGET else "OVER"
            print(
                f"{name:<10} {path.suffix:<6} {count:>6} answers  {size:6.1f} MB  "
                f"{seconds:6.2f} s  ({seconds / TARGET:.2f}x the {TARGET:.0f} s target: {verdict})"
            )


if __name__ == "__main__":
    main()
