"""Benchmark: do the worked examples teach judgement or a reflex? (DESIGN 6)

For one model, over the finance corpus and over the real Open RAG Benchmark subset
(``../shared/openrag-subset``, imported into a scratch folder), each prompt is run over every
question and graded by the grader of record; printed per corpus and prompt:

- answerable questions right (verdict ``correct``), and answerable questions declined (the
  reflex: a model that declines everything scores perfect honesty);
- negatives declined (the honesty the examples should teach).

Two prompts, measured in the same run: ``shipped`` (``engine.prompt`` as it is) and the
baseline ``previous``, the prompt before the examples were made to contrast (an answered
example, a decline, an answered example, on different sources; "If the sources do not hold
the answer, reply exactly").

    python bench/bench_prompt.py [--model PATH.gguf] [--corpus finance|openrag]...
        [--limit N] [--prompt shipped|previous]...

A model with a chat template (Qwen2.5-Coder 0.5B Instruct) gets the prompt as chat turns; the
bundled base model gets the completion prompt.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from synthetic import machine  # noqa: E402

import engine.prompt as prompt_module  # noqa: E402
from corpora.loader import Corpus, load_corpus  # noqa: E402
from corpora.openrag import import_openrag  # noqa: E402
from engine.generate import LlamaGenerator  # noqa: E402
from engine.model import bundled_model_path, model_info  # noqa: E402
from engine.prompt import DECLINE  # noqa: E402
from engine.run import run_corpus  # noqa: E402
from engine.workspace import Workspace  # noqa: E402
from grader.records.runfile import read_run  # noqa: E402

OPENRAG = Path(os.environ.get("OPENRAG_SUBSET", ROOT.parent / "shared" / "openrag-subset"))

# The baseline: the instructions and examples before the examples were made to contrast.
PREVIOUS_INSTRUCTIONS = (
    "Answer each question using only the numbered sources given with it. Put the number of the "
    "source in square brackets after each fact, like [1]. Give the exact figure from the "
    f'source. If the sources do not hold the answer, reply exactly: "{DECLINE}"'
)
# Its examples, made from today's: the water bill answered, the flood deductible declined, the
# pay stub (alone) answered from source [1]. No example answered from the sources the decline
# was made on, and the last answer cited [1].
_water, _deductible, _flood, _pay = prompt_module.EXAMPLES
PREVIOUS_EXAMPLES = (
    _water,
    _flood,
    ((_pay[0][1],), _pay[1], _pay[2].replace("[2]", "[1]")),
)


@contextlib.contextmanager
def prompt_of(name: str) -> Iterator[None]:
    """Prompts built as ``name`` says while inside (the module's constants swapped)."""
    if name == "shipped":
        yield
        return
    saved = (prompt_module.INSTRUCTIONS, prompt_module.EXAMPLES, prompt_module.SHARED_PREFIX)
    prompt_module.INSTRUCTIONS = PREVIOUS_INSTRUCTIONS
    prompt_module.EXAMPLES = PREVIOUS_EXAMPLES
    prompt_module.SHARED_PREFIX = prompt_module.shared_prefix(
        PREVIOUS_INSTRUCTIONS, PREVIOUS_EXAMPLES
    )
    try:
        yield
    finally:
        prompt_module.INSTRUCTIONS, prompt_module.EXAMPLES, prompt_module.SHARED_PREFIX = saved


def measure(corpus: Corpus, config: str, generator: LlamaGenerator, limit: int | None, runs: Path):
    start = time.perf_counter()
    result = run_corpus(corpus, config, limit, generator, runs)
    run = read_run(result.path)
    grades = (
        Workspace(runs_dir=runs, corpora_root=corpus.root.parent).grader(run).grade_all(run.answers)
    )
    answerable = [g for g in grades if g.kind == "answerable"]
    negatives = [g for g in grades if g.kind == "negative"]
    return {
        "answerable": len(answerable),
        "right": sum(g.verdict == "correct" for g in answerable),
        "answerable_declined": sum(g.declined for g in answerable),
        "negatives": len(negatives),
        "negatives_declined": sum(g.declined for g in negatives),
        "seconds": time.perf_counter() - start,
    }


def corpora(names: list[str], scratch: Path) -> list[tuple[str, Corpus, str]]:
    chosen = []
    for name in names:
        if name == "finance":
            chosen.append((name, load_corpus(ROOT / "corpora" / "finance"), "k3-small"))
        elif not OPENRAG.exists():
            print(f"(no Open RAG subset at {OPENRAG}; skipped)")
        else:
            out = scratch / "openrag"
            # 14 of the 16 papers with queries golden, so that 4 real queries lose theirs and
            # become negatives; 20 answerable questions.
            import_openrag(OPENRAG, out, golden=14, questions=20, negatives=4)
            corpus = load_corpus(out)
            chosen.append((name, corpus, next(iter(corpus.configs))))
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, help="a GGUF (default: the bundled model)")
    parser.add_argument("--corpus", action="append", choices=["finance", "openrag"])
    parser.add_argument("--prompt", action="append", choices=["shipped", "previous"])
    parser.add_argument("--limit", type=int, help="the first N questions of each corpus")
    args = parser.parse_args()
    path = args.model or bundled_model_path()
    print(machine())
    generator = LlamaGenerator(path, model_info(path))
    print(f"model: {path.name} ({generator.describe()['prompt']} prompt)")
    with tempfile.TemporaryDirectory() as scratch:
        for name, corpus, config in corpora(args.corpus or ["finance", "openrag"], Path(scratch)):
            for prompt in args.prompt or ["previous", "shipped"]:
                with prompt_of(prompt):
                    figures = measure(corpus, config, generator, args.limit, Path(scratch) / prompt)
                print(
                    f"  {name:<8} {prompt:<9} answerable right {figures['right']:>2}/"
                    f"{figures['answerable']:<3} (declined {figures['answerable_declined']:>2})  "
                    f"negatives declined {figures['negatives_declined']}/{figures['negatives']}  "
                    f"[{figures['seconds']:.0f} s]",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
