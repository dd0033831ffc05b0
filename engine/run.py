"""Runs: questions in, one append-only run file out (DESIGN section 2, reliability section 7).

The header records the plan (which qids, in which order) so that a run killed at any moment can
be finished with ``--resume``: every answer is appended and fsynced as it completes, a torn last
line is reported and left alone, and the resumed run answers exactly the planned qids that have
no answer yet. A failure on one question is recorded in that answer's ``error`` and the run goes
on.

Why one file: a run's plan and its resume are one contract. `start_run` writes the plan into the
header (which qids, in which order) and `plan_resume` reads it back to answer exactly the planned
qids without an answer; `execute` between them appends what both count on. (The threads of
``--parallel`` are `engine.parallel`'s.)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Sequence
from collections.abc import Generator as Generator_
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from corpora.loader import Corpus, load_corpus
from engine import __version__
from engine.generate import GenerationError, Generator
from engine.parallel import Stopped, check_parallel, in_parallel, until_stopped
from engine.prompt import EXAMPLES, INSTRUCTIONS, SHARED_PREFIX, STOP, build_prompt
from engine.retrieve import CorpusIndex, load_index
from grader.errors import CorpusError, RunFileError
from grader.records.clock import stamp
from grader.records.runfile import append_answer, ensure_line_boundary, read_run, write_header
from grader.rules.verdict import Grade, Grader
from grader.schema import KINDS, Answer, Question, Source


@dataclass(frozen=True, slots=True)
class Progress:
    """What the progress display needs after each answer."""

    done: int
    total: int
    elapsed: float
    last: Grade | None


@dataclass
class RunResult:
    """A finished (or interrupted) run."""

    path: Path
    answered: int
    planned: int
    interrupted: bool = False


def prompt_record() -> dict[str, Any]:
    """The header's ``prompt``: a hash of the exact instructions and worked examples every
    prompt of the run starts with (in both forms: the completion prompt and the chat turns are
    made of the same text), and the stops, so that a changed template shows in ``compare``."""
    payload = {
        "instructions": INSTRUCTIONS,
        "examples": EXAMPLES,
        "completion_prefix": SHARED_PREFIX,
        "stop": STOP,
    }
    digest = hashlib.sha256(orjson.dumps(payload)).hexdigest()[:16]
    return {"sha256": digest, "examples": len(EXAMPLES)}


def new_run_id(corpus: str, config: str, now: datetime | None = None) -> str:
    """``20261130-170500-finance-k5``."""
    now = now or datetime.now(UTC)
    return f"{now:%Y%m%d-%H%M%S}-{corpus}-{config}"


def unique_run_path(runs_dir: Path, run_id: str) -> Path:
    path = Path(runs_dir) / f"{run_id}.jsonl"
    suffix = 2
    while path.exists():
        path = Path(runs_dir) / f"{run_id}-{suffix}.jsonl"
        suffix += 1
    return path


def plan_questions(
    corpus: Corpus, limit: int | None, *, sample: int | None = None, seed: int = 0
) -> list[Question]:
    """The questions of a run: the corpus's, in file order, the first ``limit`` of them; or,
    with ``sample``, that many spread over the kinds (`sample_questions`).

    Raises:
        RunFileError: for a limit or sample under 1 (a run of nothing would pass every bar), or
            both given.
    """
    if limit is not None and limit < 1:
        raise RunFileError(f"the limit must be 1 or more, got {limit}")
    if sample is not None:
        if sample < 1:
            raise RunFileError(f"the sample must be 1 or more, got {sample}")
        if limit is not None:
            raise RunFileError("give a limit (the first N questions) or a sample, not both")
        return sample_questions(list(corpus.questions), sample, seed)
    questions = list(corpus.questions)
    return questions[:limit] if limit is not None else questions


def sample_questions(questions: list[Question], size: int, seed: int) -> list[Question]:
    """``size`` questions spread over the kinds (answerable, negative, ambiguous, one of each
    in turn while a kind has any left), each kind's drawn at random with ``seed``; in the
    corpus's order. A first run of five then meets a question to decline and an ambiguous
    one, not five of the same form (``--limit 5`` asks the first five: money questions)."""
    rng = random.Random(seed)
    by_kind = {kind: [q for q in questions if q.kind == kind] for kind in KINDS}
    for group in by_kind.values():
        rng.shuffle(group)
    chosen: set[str] = set()
    while len(chosen) < size and any(by_kind.values()):
        for group in by_kind.values():
            if group and len(chosen) < size:
                chosen.add(group.pop().qid)
    return [q for q in questions if q.qid in chosen]


def warm_up(
    generator: Generator, question: Question, index: CorpusIndex, corpus: Corpus, top_k: int
) -> float | None:
    """Warm a generator up on a run's first question (a generator that can: the local model),
    so that loading it is not counted in the first answer's latency. Returns the seconds."""
    if not hasattr(generator, "warm_up"):
        return None
    hits = index.retriever.search(question.question, top_k)
    titles = {d.id: d.title for d in corpus.documents}
    return generator.warm_up(build_prompt(question.question, hits, titles))


def start_run(
    corpus: Corpus,
    config_name: str | None,
    limit: int | None,
    generator: Generator,
    runs_dir: Path,
    index: CorpusIndex | None = None,
    now: datetime | None = None,
    config: dict[str, Any] | None = None,
    parallel: int = 1,
    on_status: Callable[[str], None] | None = None,
    sample: int | None = None,
    seed: int = 0,
) -> tuple[Path, dict[str, Any]]:
    """Write the header of a new run file and return its path and header. The generator is
    warmed up first (``on_status`` is told so); the time loading and warming up took is
    recorded in the header, not in any answer's latency."""
    name, named = corpus.config(config_name)
    config = config or named
    questions = plan_questions(corpus, limit, sample=sample, seed=seed)
    index = index or load_index(corpus, config["chunk_chars"], extractor=config["extractor"])
    if on_status and questions and hasattr(generator, "warm_up"):
        on_status("warming the model up on the first question…")
    warmed = warm_up(generator, questions[0], index, corpus, config["top_k"]) if questions else None
    now = now or datetime.now(UTC)
    run_id = new_run_id(corpus.name, name, now)
    path = unique_run_path(runs_dir, run_id)
    header = {
        "run_id": path.name[: -len(".jsonl")],
        "created": stamp(now),
        "corpus": corpus.name,
        "corpus_path": str(corpus.root),
        "config": {"name": name, **config},
        "model": {
            **generator.describe(),
            **({"warm_up_seconds": round(warmed, 2)} if warmed is not None else {}),
        },
        "engine": {"version": __version__, "parallel": parallel},
        "prompt": prompt_record(),
        "plan": {
            "limit": limit,
            **({"sample": sample, "seed": seed} if sample is not None else {}),
            "qids": [q.qid for q in questions],
        },
        "documents": {
            "ingested": len(index.ingested.pages),
            "chunks": len(index.ingested.chunks),
            "errors": index.ingested.errors,
        },
    }
    write_header(path, header)
    return path, header


def answer_question(
    question: Question,
    index: CorpusIndex,
    titles: dict[str, str],
    config: dict[str, Any],
    generator: Generator,
) -> Answer[Source]:
    """Retrieve, prompt, generate: one answer record (errors recorded, never raised)."""
    start = time.perf_counter()
    hits = index.retriever.search(question.question, config["top_k"])
    sources = [
        Source(
            n=n,
            doc=hit.chunk.doc,
            page=hit.chunk.page,
            chunk=hit.chunk.id,
            score=round(hit.score, 4),
            text=hit.chunk.text,
        )
        for n, hit in enumerate(hits, start=1)
    ]
    text, error, usage = "", None, None
    try:
        generation = generator.generate(
            build_prompt(question.question, hits, titles), config["max_tokens"]
        )
        text = generation.text
        usage = {
            "prompt_tokens": generation.prompt_tokens,
            "evaluated_tokens": generation.evaluated_tokens,
            "completion_tokens": generation.completion_tokens,
        }
    except GenerationError as exc:
        error = str(exc)
    return Answer(
        qid=question.qid,
        kind=question.kind,
        question=question.question,
        gold=question.gold,
        answer=text,
        sources=sources,
        latency_ms=round((time.perf_counter() - start) * 1000),
        error=error,
        extra={"usage": usage} if usage else {},
    )


def execute(
    path: Path,
    questions: Sequence[Question],
    corpus: Corpus,
    config: dict[str, Any],
    generator: Generator,
    index: CorpusIndex | None = None,
    grader: Grader | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    already_done: int = 0,
    stop: Callable[[], bool] | None = None,
    parallel: int = 1,
) -> RunResult:
    """Answer ``questions`` into the run file at ``path``, one fsynced line each.

    KeyboardInterrupt stops after the answer in flight is abandoned (nothing half-written is
    left behind except possibly a torn line, which readers report and resume skips; an answer
    whose line is whole in the file when the interrupt lands, during its fsync, is kept); ``stop``
    returning True stops after the answer in flight is written. Either way the run file can be
    finished with ``--resume``.

    Args:
        parallel: Questions in flight at once, for a generator that can take them
            (``concurrent``: a server). Answers are appended in the order they complete; the
            header's plan keeps the question order, and each planned question is answered
            once.

    Raises:
        RunFileError: for ``parallel`` above 1 with a generator that answers one at a time.
    """
    check_parallel(generator, parallel)
    index = index or load_index(corpus, config["chunk_chars"], extractor=config["extractor"])
    grader = grader or Grader()
    titles = {d.id: d.title for d in corpus.documents}
    total = already_done + len(questions)
    start = time.perf_counter()
    done = already_done

    def answer(question: Question) -> Answer:
        return answer_question(question, index, titles, config, generator)

    answers = in_parallel(answer, questions, parallel) if parallel > 1 else map(answer, questions)
    try:
        for question_done in until_stopped(answers, stop):
            append_answer(path, question_done)
            done += 1
            if on_progress:
                on_progress(
                    Progress(done, total, time.perf_counter() - start, grader.grade(question_done))
                )
    except KeyboardInterrupt:
        return RunResult(path, done, total, interrupted=True)
    except Stopped:
        return RunResult(path, done, total, interrupted=True)
    finally:
        if isinstance(answers, Generator_):
            answers.close()  # the workers take no further question
    return RunResult(path, done, total)


def run_corpus(
    corpus: Corpus,
    config_name: str | None,
    limit: int | None,
    generator: Generator,
    runs_dir: Path,
    on_progress: Callable[[Progress], None] | None = None,
    stop: Callable[[], bool] | None = None,
    extractor: str | None = None,
    on_pages: Callable[[int, int], None] | None = None,
    parallel: int = 1,
    on_status: Callable[[str], None] | None = None,
    sample: int | None = None,
    seed: int = 0,
) -> RunResult:
    """Start and execute a new run.

    Args:
        extractor: How PDFs are read, over the configuration's (recorded in the header).
        on_pages: Called with (pages read, pages in all) while the corpus is first indexed.
        parallel: Questions in flight at once (see `execute`), recorded in the header.
        on_status: Told what the run is doing before its first answer (reading the corpus,
            warming the model up), for a display to say so before its progress bar.
        sample: Answer this many questions spread over the kinds (`sample_questions`, drawn
            with ``seed``) instead of the first ``limit``.
    """
    check_parallel(generator, parallel)
    questions = plan_questions(corpus, limit, sample=sample, seed=seed)  # refused before reading
    name, config = corpus.config(config_name)
    if extractor:
        config["extractor"] = extractor
    if on_status:
        on_status(f"reading corpus {corpus.name} ({len(corpus.documents)} documents)…")
    index = load_index(
        corpus, config["chunk_chars"], extractor=config["extractor"], progress=on_pages
    )
    path, header = start_run(
        corpus,
        name,
        limit,
        generator,
        runs_dir,
        index,
        config=config,
        parallel=parallel,
        on_status=on_status,
        sample=sample,
        seed=seed,
    )
    if on_progress:
        on_progress(Progress(0, len(header["plan"]["qids"]), 0.0, None))
    return execute(
        path,
        questions,
        corpus,
        config,
        generator,
        index,
        on_progress=on_progress,
        stop=stop,
        parallel=parallel,
    )


@dataclass
class ResumePlan:
    """What a resumed run still has to do."""

    path: Path
    header: dict[str, Any]
    corpus: Corpus
    config: dict[str, Any]
    remaining: list[Question]
    done: int
    torn_tail: bool


def plan_resume(path: Path, corpora_root: Path | None = None) -> ResumePlan:
    """Work out which planned questions of a run file have no answer yet.

    Raises:
        RunFileError: for a file without a usable header or plan.
    """
    path = Path(path)
    run = read_run(path, lean=True)
    header = run.header
    if not header or not isinstance(header.get("plan"), dict):
        raise RunFileError(f"{path}: no run header with a plan; it cannot be resumed")
    try:
        corpus = load_corpus(str(header.get("corpus", "")), corpora_root)
    except CorpusError:
        if not header.get("corpus_path"):
            raise
        corpus = load_corpus(Path(header["corpus_path"]), corpora_root)
    config_name = (header.get("config") or {}).get("name")
    _, config = corpus.config(config_name)
    recorded = {k: v for k, v in (header.get("config") or {}).items() if k != "name"}
    recorded.setdefault("extractor", "pypdf")  # runs made before the knob read PDFs with pypdf
    config = {**config, **recorded}
    answered = {answer.qid for answer in run.answers}
    by_qid = {question.qid: question for question in corpus.questions}
    planned = [qid for qid in header["plan"].get("qids", []) if isinstance(qid, str)]
    missing = [qid for qid in planned if qid not in answered and qid not in by_qid]
    if missing:
        raise RunFileError(
            f"{path}: planned question {missing[0]!r} is no longer in corpus {corpus.name!r}"
        )
    remaining = [by_qid[qid] for qid in planned if qid not in answered]
    torn = ensure_line_boundary(path)
    return ResumePlan(
        path, header, corpus, config, remaining, len([q for q in planned if q in answered]), torn
    )
