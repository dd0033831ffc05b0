"""Synthetic run files of realistic size, shared by the benchmarks.

Each answer has five sources of about 800 characters, like a top-5 retrieval over PDF chunks,
and an answer drawn from the shapes real models write: a cited figure, an attribution that
quotes one figure and asserts another, an honest decline, a long hedged paragraph.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import orjson

WORDS = (
    "account balance statement payment due amount previous ending monitoring service "
    "period fee transfer deposit withdrawal interest policy coverage deductible premium "
    "limit line total tax income wages federal return schedule credit card minimum "
    "purchase"
).split()

ANSWER_SHAPES = [
    "The amount due is {a} [{n}].",
    "According to Source {n}, the {w} is {a}.",
    "The {w} is {b}. This is indicated in Source {n}, where the {w2} is listed as {a}, but the "
    "{w} is specified as {b}. Therefore the {w} is {b}.",
    "The {w} is not explicitly stated in the provided sources.",
    "I could not find the {w} in these documents.",
    "Based on the statement, the {w} was {a} [{n}] and the {w2} was {b} [{m}]. The {w} covers "
    "the period shown on the first page, and the {w2} is the figure carried forward.",
    "The {w} shown in Source {n} is {b}; the {w2} is {a} [{n}].",
]


def money(rng: random.Random) -> str:
    value = rng.randint(1, 500_000)
    return f"${value:,}" if rng.random() < 0.4 else f"${value:,}.{rng.randint(0, 99):02d}"


def chunk(rng: random.Random, chars: int = 800) -> str:
    words: list[str] = []
    size = 0
    while size < chars:
        word = money(rng) if rng.random() < 0.05 else rng.choice(WORDS)
        words.append(word)
        size += len(word) + 1
    return " ".join(words)


# Sources: "distinct" gives every answer five chunks never seen before (the file the v1 and v2
# figures were measured on, and the grader's worst case: grounding reads each source's text once);
# "corpus" draws them from a corpus of 60 documents of 40 chunks each, as retrieval does (2,400
# chunks, some 600 pages: a run of 100,000 answers cites each about 200 times).
SOURCES = ("distinct", "corpus")
CHUNKS_PER_DOC = 40


def write_synthetic_run(
    path: Path, answers: int = 100_000, seed: int = 0, sources: str = "distinct"
) -> Path:
    """Write a run file of ``answers`` answers; returns its path."""
    rng = random.Random(seed)
    corpus = random.Random(seed + 1)
    pool = {
        f"doc-{i:03d}": [chunk(corpus) for _ in range(CHUNKS_PER_DOC)]
        for i in range(60 if sources == "corpus" else 0)
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    docs = [f"doc-{i:03d}" for i in range(60)]
    with open(path, "wb") as out:
        out.write(
            orjson.dumps(
                {
                    "type": "run",
                    "schema": 1,
                    "run_id": path.stem,
                    "corpus": "synthetic",
                    "config": {"name": "k5", "top_k": 5},
                    "model": {"name": "synthetic"},
                }
            )
            + b"\n"
        )
        for i in range(answers):
            kind = rng.choices(["answerable", "negative", "ambiguous"], [0.8, 0.1, 0.1])[0]
            key = money(rng) if rng.random() < 0.6 else rng.choice(WORDS)
            picked = rng.sample(docs, 5)
            shape = rng.choice(ANSWER_SHAPES)
            answer = shape.format(
                a=key if rng.random() < 0.7 else money(rng),
                b=money(rng),
                n=rng.randint(1, 5),
                m=rng.randint(1, 5),
                w=rng.choice(WORDS),
                w2=rng.choice(WORDS),
            )
            record = {
                "type": "answer",
                "qid": f"syn-{i:06d}",
                "kind": kind,
                "question": f"What is the {rng.choice(WORDS)} on the {rng.choice(WORDS)}?",
                "gold": {
                    "key": key if kind != "negative" else "",
                    "must_contain": [rng.choice(WORDS)] if rng.random() < 0.2 else [],
                    "must_contain_any": [],
                    "must_not_contain": [rng.choice(WORDS)] if rng.random() < 0.1 else [],
                    "golden_docs": [picked[0]],
                },
                "answer": answer,
                "sources": [
                    {
                        "n": n,
                        "doc": doc,
                        "page": rng.randint(1, 4),
                        "chunk": f"{doc}#p1c{n}",
                        "score": round(rng.uniform(1, 12), 3),
                        "text": rng.choice(pool[doc]) if pool else chunk(rng),
                    }
                    for n, doc in enumerate(picked, start=1)
                ],
                "latency_ms": rng.randint(2000, 12000),
                "error": None,
            }
            out.write(orjson.dumps(record) + b"\n")
    return path


def synthetic_run_from_args(description: str) -> tuple[Path, int]:
    """The common command line of the benchmarks: ``--answers N --out DIR``.

    Returns:
        The synthetic run file (written on first use) and its number of answers.
    """
    return synthetic_run(argparse.ArgumentParser(description=description))


def synthetic_run(parser: argparse.ArgumentParser) -> tuple[Path, int]:
    """`synthetic_run_from_args` with a benchmark's own parser (its own options beside)."""
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--out", default=str(Path(__file__).parent / "out"))
    parser.add_argument(
        "--sources",
        choices=SOURCES,
        default="distinct",
        help="every answer's sources new (distinct, the default) or a corpus's chunks (corpus)",
    )
    args, _rest = parser.parse_known_args()
    suffix = "" if args.sources == "distinct" else f"-{args.sources}"
    path = Path(args.out) / f"synthetic-{args.answers}{suffix}.jsonl"
    if not path.exists():
        write_synthetic_run(path, args.answers, sources=args.sources)
    return path, args.answers


def with_grades_of_record(path: Path) -> None:
    """Write the run's grades of record if it has none, as `ragtriage run` leaves every run: a
    command then reads only who made them."""
    from grader.audit.regrade import regrade
    from grader.records.grades import read_grades, write_grades
    from grader.records.runfile import run_id_of
    from grader.rules.verdict import Grader

    if read_grades(path, grades=False) is None:
        grader = Grader()
        write_grades(path, run_id_of(path), regrade(path, grader).grades, grader)


PACKAGES = ("grader", "engine", "corpora", "tui")


def with_bytecode(root: Path) -> None:
    """Compile the project's modules under ``root`` to bytecode (``__pycache__``), as an
    installed package has them and as a user's Python writes them on its first run: a command
    timed here then starts as it starts for a user. (Where ``PYTHONDONTWRITEBYTECODE`` is set,
    as on these machines, Python never writes them, and every process would compile the
    project's sources again: 0.1-0.2 s of each command's start.)"""
    import compileall

    for package in PACKAGES:
        if (root / package).is_dir():
            compileall.compile_dir(root / package, quiet=1)


def load_average() -> float:
    """The machine's load average over the last minute (it is shared: say how busy it was)."""
    import os

    return os.getloadavg()[0]


def machine() -> str:
    """The machine line every benchmark prints first."""
    import os
    import platform

    return (
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
