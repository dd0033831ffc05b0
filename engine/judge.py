"""A model judge beside the rules: one fixed, versioned prompt, greedy, never trusted unmeasured.

`ragtriage judge RUN` asks a model, for each answer chosen (``--only unjudged|wrong|all``),
whether it is ``correct``, ``partial`` or ``wrong`` against the key, and why in one sentence.
The prompt shows the question, the key, the answer and the sources the answer cites; never the
rules' verdict. A reply that does not begin with one of the three words is recorded as
``unparsed``, as it came: it is never guessed. Judgements are appended, fsynced, to
``runs/<run>.judgements.jsonl`` (`grader.records.judgements`), each with its provenance; a run
of the judge killed at any moment loses at most the judgement in flight, and the same command
again asks only what this judge (model and prompt) has not answered yet.

The same generators as ``ragtriage run`` (`engine.generate`: the local GGUF;
`engine.openai_compatible`: any OpenAI-compatible server, with its retries) and the same
``--parallel`` machinery (`engine.parallel`). A judgement never changes a grade:
`grader.audit.agreement` measures the judge against the people exactly as it measures the rules.

Why one file: the judge is versioned as one thing. `PROMPT_VERSION` (and `PROMPT_SHA256`) changes
with anything that changes what the judge is shown or how its reply is read, so the prompt
(`build_prompt`), the reading of the reply (`parse_reply`) and the plan of what this judge has not
answered yet (`plan`, by `judge_of`) sit beside the version they answer to.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Sequence
from collections.abc import Generator as Generator_
from dataclasses import dataclass
from typing import Any

import orjson

from engine.generate import GenerationError, Generator
from engine.parallel import Stopped, check_parallel, in_parallel, until_stopped
from engine.prompt import Prompt
from grader.errors import RunFileError
from grader.records.clock import now
from grader.records.judgements import (
    FAILED,
    JUDGE_VERDICTS,
    JUDGED,
    UNPARSED,
    Judgement,
    append_judgement,
)
from grader.rules.verdict import UNJUDGED, WRONG, Grade, Grader
from grader.schema import Answer
from grader.text import clip

# The prompt's version: bumped with any change to what the judge is shown or how its reply is
# read (`PROMPT_SHA256` hashes the template and its limits; how a case fills it in is code).
PROMPT_VERSION = "judge-1"
MAX_TOKENS = 64  # one word and one sentence
ANSWER_CHARS = 2000
SOURCE_CHARS = 800
MAX_SOURCES = 4
ONLY = ("unjudged", "wrong", "all")

INSTRUCTIONS = (
    "You check answers to questions about documents against an answer key written by a "
    "person. Reply with one word, correct, partial or wrong, then one sentence saying why. "
    "correct: the answer gives what the key gives (other words, rounding or more detail are "
    "fine). partial: it gives only part of what the key gives, or gives it beside a mistake. "
    "wrong: it gives something else, or declines to answer."
)

# A worked example: question, key, answer, the sources it cites, the reply.
Example = tuple[str, str, str, tuple[str, ...], str]
EXAMPLES: tuple[Example, ...] = (
    (
        "How much is due on the water bill?",
        "$63.20",
        "The amount due on the water bill is $63.20 [1].",
        ("Account 2231-7. Amount due $63.20. Due date May 3, 2024. Previous balance $58.10.",),
        "correct. The answer gives the amount due that the key gives, $63.20.",
    ),
    (
        "What was the net pay on the pay stub?",
        "$2,118.30",
        "The net pay was $2,900.00 [1].",
        ("Gross pay $2,900.00. Federal income tax $301.45. Net pay $2,118.30.",),
        "wrong. The answer gives the gross pay, $2,900.00, as the net pay, which is $2,118.30.",
    ),
    (
        "What are the deductible and the liability limit of the renters policy?",
        "A $500 deductible and a $100,000 liability limit.",
        "The deductible is $500 [1].",
        ("Personal property limit $30,000. Deductible $500. Liability limit $100,000.",),
        "partial. The answer gives the deductible but not the liability limit.",
    ),
    (
        "Did the company's revenue grow in 2023, and by how much?",
        "Yes, by 12%, to $4.1 billion.",
        "Revenue rose twelve percent in 2023, reaching about 4.1 billion dollars.",
        (),
        "correct. The answer gives the same growth and total in other words.",
    ),
)

_BLOCK_END = "\nVerdict:"


def _clip(text: str, limit: int) -> str:
    """Text on one line (white space collapsed), cut at ``limit`` characters with "…"."""
    return clip(" ".join(text.split()), limit)


def block(question: str, key: str, answer: str, sources: Sequence[tuple[int, str]]) -> str:
    """One case as the prompt shows it, ending where the verdict is to be written."""
    cited = "\n".join(f"[{n}] {_clip(text, SOURCE_CHARS)}" for n, text in sources) or "none"
    return (
        f"Question: {_clip(question, 600)}\nKey: {_clip(key, 600)}\n"
        f"Answer: {_clip(answer, ANSWER_CHARS) or '(empty)'}\nCited sources:\n{cited}{_BLOCK_END}"
    )


def shared_prefix() -> str:
    """The instructions and worked examples: the same for every answer, evaluated once."""
    examples = (
        f"{block(question, key, answer, list(enumerate(sources, start=1)))} {reply}"
        for question, key, answer, sources, reply in EXAMPLES
    )
    return INSTRUCTIONS + "\n\n" + "\n\n".join(examples) + "\n\n"


SHARED_PREFIX = shared_prefix()
TEMPLATE = (
    SHARED_PREFIX
    + "Question: {question}\nKey: {key}\nAnswer: {answer}\nCited sources:\n{sources}"
    + _BLOCK_END
)
LIMITS = (
    f"answer cut at {ANSWER_CHARS:,} characters; at most {MAX_SOURCES} cited sources, each cut "
    f"at {SOURCE_CHARS:,}; greedy decoding, at most {MAX_TOKENS} tokens"
)
PROMPT_SHA256 = hashlib.sha256(f"{PROMPT_VERSION}\n{LIMITS}\n{TEMPLATE}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class JudgePrompt(Prompt):
    """The judge's prompt: the shared prefix and one case; as chat turns, the instructions,
    the worked examples as turns, and the case."""

    @property
    def stops(self) -> tuple[str, ...]:
        """The reply is one line: a verdict and one sentence."""
        return ("\n",)

    def messages(self) -> list[dict[str, str]]:
        turns = [{"role": "system", "content": INSTRUCTIONS}]
        for question, key, answer, sources, reply in EXAMPLES:
            case = block(question, key, answer, list(enumerate(sources, start=1)))
            turns.append({"role": "user", "content": case[: -len(_BLOCK_END)]})
            turns.append({"role": "assistant", "content": reply})
        turns.append({"role": "user", "content": self.suffix[: -len(_BLOCK_END)]})
        return turns


def show_prompt() -> str:
    """The prompt as ``ragtriage judge --show-prompt`` prints it: version, hash, limits, and
    the template the case is filled into."""
    return (
        f"judge prompt {PROMPT_VERSION} (sha256 {PROMPT_SHA256})\n{LIMITS}\n"
        f"{'-' * 72}\n{TEMPLATE}\n{'-' * 72}"
    )


def key_text(answer: Answer, grader: Grader) -> str:
    """The key as the judge is shown it: today's gold key, its needles when it has no key,
    and what a negative or an ambiguous question accepts."""
    gold = grader.gold_of(answer)
    key = gold.key.strip()
    if not key:
        needles = [f'"{n}"' for n in gold.must_contain]
        if gold.must_contain_any:
            needles.append("one of " + ", ".join(f'"{n}"' for n in gold.must_contain_any))
        key = "it must mention " + " and ".join(needles) if needles else ""
    if answer.kind == "negative":
        return "(none: the documents do not answer this question; declining is correct)"
    if answer.kind == "ambiguous":
        return f"{key or '(no key)'} (an honest decline is also correct)"
    return key or "(no key)"


def cited_sources(answer: Answer, grader: Grader) -> list[tuple[int, str]]:
    """The sources the answer cites (as the rules read its citations), with their text."""
    by_number = {source.n: source.text for source in answer.source_refs()}
    return [(n, by_number[n]) for n in grader.read(answer).cited[:MAX_SOURCES] if n in by_number]


def build_prompt(answer: Answer, grader: Grader) -> JudgePrompt:
    """The judge's prompt for one answer."""
    case = block(
        answer.question, key_text(answer, grader), answer.answer, cited_sources(answer, grader)
    )
    return JudgePrompt(SHARED_PREFIX, case)


# --- the reply --------------------------------------------------------------------------------

_VERDICT_WORD = re.compile(
    r"^[\W_]*(?:verdict[\W_]*)?(partially correct|correct|partial|wrong|incorrect)\b(.*)$",
    re.I | re.S,
)
_TWO_VERDICTS = re.compile(r"^\W*(?:or|and|/)\W*(?:correct|partial|wrong|incorrect)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")
# Words that name a verdict unambiguously, though not one of the three asked for.
_SYNONYMS = {"incorrect": WRONG, "partially correct": "partial"}


@dataclass(frozen=True, slots=True)
class Reply:
    """A reply read: the verdict (None when it names none, or more than one) and the reason."""

    verdict: str | None
    why: str


def parse_reply(text: str) -> Reply:
    """Read a judge's reply: one of the three words first (after a "Verdict:" label, quotes or
    markdown), then the reason, of which the first sentence is kept. A JSON object with
    ``verdict`` and ``why`` is read too. Anything else names no verdict: never guessed."""
    text = text.strip()
    if text.startswith("{"):
        try:
            record = orjson.loads(text)
        except orjson.JSONDecodeError:
            record = None
        if isinstance(record, dict):
            verdict = str(record.get("verdict", "")).strip().lower()
            verdict = _SYNONYMS.get(verdict, verdict)
            why = _first_sentence(str(record.get("why") or record.get("reason") or ""))
            return Reply(verdict if verdict in JUDGE_VERDICTS else None, why if verdict else "")
    found = _VERDICT_WORD.match(text)
    if found is None or _TWO_VERDICTS.match(found.group(2)):
        return Reply(None, "")
    return Reply(
        _SYNONYMS.get(found.group(1).lower(), found.group(1).lower()),
        _first_sentence(found.group(2)),
    )


def _first_sentence(text: str) -> str:
    text = re.sub(r"^[\s*_.:,;\-–—)\]'\"’”]+", "", text).strip()
    return _clip(_SENTENCE_END.split(text, 1)[0], 300) if text else ""


# --- what to judge, and judging it ------------------------------------------------------------


def wanted(grade: Grade, only: str) -> bool:
    """Whether ``--only`` asks for this answer: ``unjudged`` (the rules abstain), ``wrong``
    (the rules say wrong) or ``all``.

    Raises:
        RunFileError: for another ``only``.
    """
    if only not in ONLY:
        raise RunFileError(f"--only must be one of {', '.join(ONLY)}, not {only!r}")
    return only == "all" or grade.verdict == (UNJUDGED if only == "unjudged" else WRONG)


def provenance(generator: Generator) -> dict[str, Any]:
    """Who judges: the model's name and sha256 (a local model), or the server's backend, URL
    and API (the model id it answers with is added to each judgement)."""
    described = generator.describe()
    found = {"name": str(described.get("name", "?")), "backend": described.get("backend", "llama")}
    for field in ("sha256", "path", "api", "url"):
        if described.get(field):
            found[field] = described[field]
    return found


def judge_of(model: dict[str, Any]) -> tuple[str, str, str, str]:
    """The judge's identity as `grader.records.judgements.Judgement.judge` spells it."""
    where = str(model.get("sha256") or model.get("url") or "")
    return (str(model.get("backend", "")), str(model.get("name", "")), where, PROMPT_SHA256)


@dataclass(frozen=True, slots=True)
class JudgePlan:
    """What a run of the judge has to do, and what it leaves."""

    todo: list[tuple[Answer, Grade]]
    chosen: int  # answers ``--only`` asks for
    already: int  # of those, judged by this judge before
    engine_errors: int  # left out: no answer to judge


def plan(
    answers: Sequence[Answer],
    grades: Sequence[Grade],
    only: str,
    records: Sequence[Judgement],
    model: dict[str, Any],
    limit: int | None = None,
) -> JudgePlan:
    """The answers to judge: those ``only`` asks for, without an engine error, that this judge
    (model and prompt) has not replied to yet (an error is asked again); the first ``limit``."""
    judge = judge_of(model)
    done = {r.qid for r in records if r.judge == judge and r.status != FAILED}
    chosen = already = errors = 0
    todo = []
    for answer, grade in zip(answers, grades, strict=True):
        if not wanted(grade, only):
            continue
        chosen += 1
        if answer.error is not None:
            errors += 1
        elif answer.qid in done:
            already += 1
        else:
            todo.append((answer, grade))
    return JudgePlan(todo[:limit] if limit is not None else todo, chosen, already, errors)


def judge_one(
    answer: Answer, grade: Grade, generator: Generator, grader: Grader, model: dict[str, Any]
) -> Judgement:
    """Ask the judge about one answer (a failure is recorded, never raised)."""
    started = time.perf_counter()
    reply, error, server_model = "", None, ""
    try:
        generation = generator.generate(build_prompt(answer, grader), MAX_TOKENS)
        reply, server_model = generation.text, generation.model
    except GenerationError as exc:
        error = str(exc)
    read = parse_reply(reply) if error is None else Reply(None, "")
    status = FAILED if error is not None else (JUDGED if read.verdict else UNPARSED)
    return Judgement(
        qid=answer.qid,
        status=status,
        verdict=read.verdict,
        why=read.why,
        reply=reply,
        model={**model, "server_model": server_model} if server_model else model,
        prompt_version=PROMPT_VERSION,
        prompt_sha256=PROMPT_SHA256,
        created=now(),
        seconds=round(time.perf_counter() - started, 3),
        error=error,
        rules_verdict=grade.verdict,
        grader_fingerprint=grader.fingerprint,
    )


@dataclass(frozen=True, slots=True)
class JudgeProgress:
    """What the progress bar needs after each judgement."""

    done: int
    total: int
    elapsed: float
    last: Judgement | None


@dataclass
class JudgeResult:
    """A finished (or interrupted) run of the judge."""

    judgements: list[Judgement]
    planned: int
    interrupted: bool = False


def judge_answers(
    run_path: Any,
    todo: Sequence[tuple[Answer, Grade]],
    generator: Generator,
    grader: Grader,
    *,
    parallel: int = 1,
    on_progress: Callable[[JudgeProgress], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> JudgeResult:
    """Judge ``todo`` into the run's judgements sidecar, one fsynced line each, in the order
    the replies come (``parallel`` in flight, for a server). Ctrl-C or ``stop`` ends it after
    the judgement in flight is written or abandoned; the same plan again goes on from there.

    Raises:
        RunFileError: for ``parallel`` above 1 with a generator that answers one at a time.
    """
    check_parallel(generator, parallel)
    model = provenance(generator)
    start = time.perf_counter()
    written: list[Judgement] = []

    def ask(item: tuple[Answer, Grade]) -> Judgement:
        return judge_one(item[0], item[1], generator, grader, model)

    replies = in_parallel(ask, todo, parallel) if parallel > 1 else map(ask, todo)
    try:
        for judgement in until_stopped(replies, stop):
            append_judgement(run_path, judgement)
            written.append(judgement)
            if on_progress:
                elapsed = time.perf_counter() - start
                on_progress(JudgeProgress(len(written), len(todo), elapsed, judgement))
    except (KeyboardInterrupt, Stopped):
        return JudgeResult(written, len(todo), interrupted=True)
    finally:
        if isinstance(replies, Generator_):
            replies.close()
    return JudgeResult(written, len(todo))
