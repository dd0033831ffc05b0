"""Benchmark: retrieval latency, generation throughput against bare llama.cpp, prefix reuse.

Measured in one process, on one machine, in one run:

1. BM25 query latency over the finance corpus (its 71 questions) and over a synthetic corpus of
   10,000 chunks of about 800 characters.
2. Generation throughput of the engine's `LlamaGenerator` against a bare ``llama_cpp.Llama``
   ``create_completion`` on the same prompts, same model, same threads, same greedy settings
   (target: the engine within 10% of the bare call). Each side gets its own model instance and
   the two alternate prompt by prompt, so neither is favoured by a warm cache or a quiet moment.
3. Prompt tokens evaluated per question with shared-prefix reuse and without it.

    python bench/bench_engine.py [--questions 8]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import chunk as synthetic_text
from synthetic import machine

from corpora.loader import load_corpus
from engine.generate import GREEDY, LlamaGenerator, default_threads
from engine.ingest import Chunk
from engine.model import bundled_model_path, model_info
from engine.prompt import STOP, build_prompt
from engine.retrieve import BM25Retriever, load_index

ROOT = Path(__file__).resolve().parent.parent


def query_latency(retriever: BM25Retriever, queries: list[str], top_k: int) -> tuple[float, float]:
    times = []
    for query in queries:
        start = time.perf_counter()
        retriever.search(query, top_k)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def bench_retrieval() -> None:
    corpus = load_corpus(ROOT / "corpora" / "finance")
    index = load_index(corpus, 1200)
    queries = [q.question for q in corpus.questions]
    median, worst = query_latency(index.retriever, queries, 5)
    print(
        f"BM25 finance ({len(index.ingested.chunks)} chunks, {len(queries)} queries): "
        f"median {median:.2f} ms, max {worst:.2f} ms"
    )
    rng = random.Random(0)
    chunks = [
        Chunk(f"syn-{i}#p1c0", f"syn-{i // 20}", 1, synthetic_text(rng)) for i in range(10_000)
    ]
    start = time.perf_counter()
    retriever = BM25Retriever(chunks)
    build = time.perf_counter() - start
    median, worst = query_latency(retriever, queries, 5)
    print(
        f"BM25 synthetic (10,000 chunks, built in {build:.2f} s, {len(queries)} queries): "
        f"median {median:.2f} ms, max {worst:.2f} ms"
    )


def bench_generation(questions: int) -> None:
    from llama_cpp import Llama

    corpus = load_corpus(ROOT / "corpora" / "finance")
    _, config = corpus.config("k3-small")
    index = load_index(corpus, config["chunk_chars"])
    titles = {d.id: d.title for d in corpus.documents}
    prompts = [
        build_prompt(q.question, index.retriever.search(q.question, config["top_k"]), titles)
        for q in corpus.questions[:questions]
    ]
    path = bundled_model_path()
    threads = default_threads()
    ours = LlamaGenerator(path, model_info(path), threads=threads)
    bare = Llama(
        model_path=str(path),
        n_ctx=8192,
        n_threads=threads,
        n_threads_batch=threads,
        seed=0,
        verbose=False,
    )
    max_tokens = 64
    totals = {"ours": [0, 0.0], "bare": [0, 0.0]}
    for prompt in prompts:
        start = time.perf_counter()
        generation = ours.generate(prompt, max_tokens)
        totals["ours"][0] += generation.completion_tokens
        totals["ours"][1] += time.perf_counter() - start
        start = time.perf_counter()
        result = bare.create_completion(
            prompt.text, max_tokens=max_tokens, stop=list(STOP), seed=0, **GREEDY
        )
        totals["bare"][0] += result["usage"]["completion_tokens"]
        totals["bare"][1] += time.perf_counter() - start
    rate = {side: tokens / seconds for side, (tokens, seconds) in totals.items()}
    print(
        f"generation, {len(prompts)} finance prompts (k3-small), {threads} threads, "
        f"greedy, max {max_tokens} tokens:"
    )
    print(
        f"  bare llama_cpp.Llama   {rate['bare']:6.1f} tokens/s ({totals['bare'][0]} tokens "
        f"in {totals['bare'][1]:.1f} s, prompt evaluation included)"
    )
    print(
        f"  ragtriage engine       {rate['ours']:6.1f} tokens/s ({totals['ours'][0]} tokens "
        f"in {totals['ours'][1]:.1f} s)"
    )
    print(f"  ratio engine / bare    {rate['ours'] / rate['bare']:6.3f}  (target >= 0.90)")

    without = LlamaGenerator(path, model_info(path), threads=threads, reuse_prefix=False)
    reuse = LlamaGenerator(path, model_info(path), threads=threads, reuse_prefix=True)
    evaluated = {"reuse": [], "whole": []}
    for prompt in prompts:
        evaluated["reuse"].append(reuse.generate(prompt, 8).evaluated_tokens)
        evaluated["whole"].append(without.generate(prompt, 8).evaluated_tokens)
    print("prompt tokens evaluated per question:")
    print(f"  without prefix reuse   mean {statistics.mean(evaluated['whole']):7.1f}")
    print(
        f"  with prefix reuse      mean {statistics.mean(evaluated['reuse']):7.1f} "
        f"(first question {evaluated['reuse'][0]}, then mean "
        f"{statistics.mean(evaluated['reuse'][1:]):.1f})"
    )
    ratio = statistics.mean(evaluated["reuse"]) / statistics.mean(evaluated["whole"])
    print(f"  ratio                  {ratio:7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=8)
    parser.add_argument("--skip-generation", action="store_true")
    args = parser.parse_args()
    print(machine())
    bench_retrieval()
    if not args.skip_generation:
        bench_generation(args.questions)


if __name__ == "__main__":
    main()
