"""Generators: the protocol the engine talks to, and the local GGUF model (llama-cpp-python).

The engine talks to the `Generator` protocol; ``llama_cpp`` is imported only when a local model
is actually loaded. Decoding is deterministic: temperature 0 (greedy, `GREEDY`) and a fixed
seed. Any OpenAI-compatible server is `engine.openai_compatible.OpenAIGenerator`'s.

Shared-prefix reuse: llama.cpp keeps the evaluated prompt in its KV cache, and the next prompt
only evaluates the tokens after the longest prefix it shares with what is cached. Every prompt
of a run starts with the same instructions and worked examples (`engine.prompt.SHARED_PREFIX`),
so that prefix is evaluated once per run, at the first question. `Generation.evaluated_tokens`
reports how many prompt tokens each question actually cost.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from engine.prompt import Prompt
from grader.errors import RagtriageError

# Greedy decoding, spelled out: servers default to sampling and to a repeat penalty (1.1 for
# llama.cpp's), and any of those would make a served model answer differently from a local one.
GREEDY: dict[str, float | int] = {
    "temperature": 0.0,
    "top_k": 1,
    "top_p": 1.0,
    "min_p": 0.0,
    "repeat_penalty": 1.0,
}


class GenerationError(RagtriageError):
    """The model or server failed on one question; recorded in that answer's ``error``."""

    title = "generation"


@dataclass(frozen=True, slots=True)
class Generation:
    """One completion and what it cost; ``model`` is the model id a server answered with
    ("" for a local model: its file is its identity)."""

    text: str
    prompt_tokens: int
    evaluated_tokens: int
    completion_tokens: int
    seconds: float
    model: str = ""


class Generator(Protocol):
    """What the engine needs from a model."""

    def describe(self) -> dict[str, Any]:
        """The run header's ``model`` object (name, path or URL, hash)."""
        ...

    def generate(self, prompt: Prompt, max_tokens: int) -> Generation:
        """Complete ``prompt`` with at most ``max_tokens`` tokens, deterministically."""
        ...


def default_threads() -> int:
    """The machine's cores (llama.cpp's throughput is best with one thread per core)."""
    return os.cpu_count() or 1


@contextlib.contextmanager
def _native_stderr_quiet() -> Iterator[None]:
    """Silence what llama.cpp's C code prints on stderr while a model loads (notes, not errors:
    failures still raise, and the message of the exception is the report)."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


class LlamaGenerator:
    """A local GGUF model through llama-cpp-python.

    Args:
        model_path: The ``.gguf`` file.
        info: The header's model description (name, path, sha256).
        n_ctx: Context window in tokens.
        threads: CPU threads (default: every core).
        seed: Sampling seed (decoding is greedy anyway).
        reuse_prefix: Keep the KV cache between questions (False evaluates every prompt whole;
            the benchmark uses it as the baseline).
    """

    def __init__(
        self,
        model_path: Path,
        info: dict[str, Any] | None = None,
        *,
        n_ctx: int = 8192,
        threads: int | None = None,
        seed: int = 0,
        reuse_prefix: bool = True,
    ) -> None:
        try:
            from llama_cpp import Llama
        except ImportError as exc:  # pragma: no cover - a broken install
            raise GenerationError(f"llama-cpp-python is not importable: {exc}") from exc
        path = Path(model_path)
        if not path.is_file():
            raise GenerationError(f"model file not found: {path}")
        threads = threads or default_threads()
        started = time.perf_counter()
        try:
            with _native_stderr_quiet():
                self.llm = Llama(
                    model_path=str(path),
                    n_ctx=n_ctx,
                    n_threads=threads,
                    n_threads_batch=threads,
                    seed=seed,
                    verbose=False,
                )
        except (ValueError, RuntimeError) as exc:
            raise GenerationError(f"{path}: cannot load model ({exc})") from exc
        self.load_seconds = time.perf_counter() - started
        self.seed = seed
        self.threads = threads
        self.reuse_prefix = reuse_prefix
        self.info = info or {"name": path.stem, "path": str(path)}
        # A model with a chat template is prompted through it; a base model (like the bundled
        # one) gets the completion prompt with worked examples.
        self.chat_template: str | None = self.llm.metadata.get("tokenizer.chat_template")

    def describe(self) -> dict[str, Any]:
        return {
            **self.info,
            "threads": self.threads,
            "n_ctx": self.llm.n_ctx(),
            "prompt": "chat template" if self.chat_template else "completion",
            "load_seconds": round(self.load_seconds, 2),
        }

    def warm_up(self, prompt: Prompt) -> float:
        """Evaluate a run's first prompt once, before the run: the weights are paged in and the
        prefix every question shares is in the cache, so no answer's latency carries them.

        Returns:
            The seconds it took.
        """
        started = time.perf_counter()
        with contextlib.suppress(GenerationError):  # the question itself will report it
            self.generate(prompt, 1)
        return time.perf_counter() - started

    def render(self, prompt: Prompt) -> tuple[list[int], list[str]]:
        """The prompt's tokens and stop strings, through the chat template when there is one."""
        if not self.chat_template:
            text = prompt.text
            return self.llm.tokenize(text.encode("utf-8"), add_bos=True, special=False), list(
                prompt.stops
            )
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        def token_text(token: int) -> str:
            # special=True: an end-of-turn token decodes to its text ("<end_of_turn>"), not to
            # "" (which once left the chat path's stop list empty)
            if token < 0:
                return ""
            return self.llm.detokenize([token], special=True).decode("utf-8", "ignore")

        formatter = Jinja2ChatFormatter(
            self.chat_template, token_text(self.llm.token_eos()), token_text(self.llm.token_bos())
        )
        turns: Any = prompt.messages()  # llama_cpp types each role's turn; ours are plain dicts
        rendered = formatter(messages=turns)
        stop = rendered.stop if isinstance(rendered.stop, list) else [rendered.stop or ""]
        tokens = self.llm.tokenize(rendered.prompt.encode("utf-8"), add_bos=False, special=True)
        # The template's own end (its end-of-turn markers too: a model may not stop on them),
        # and where an answer ends within a turn (a source block of the model's own making).
        ends = turn_ends(self.chat_template)
        return tokens, [*dict.fromkeys(s for s in [*stop, *ends, *prompt.stops] if s)]

    def generate(self, prompt: Prompt, max_tokens: int) -> Generation:
        try:
            tokens, stop = self.render(prompt)
        except Exception as exc:  # a template that does not render is this question's error
            raise GenerationError(f"cannot render the prompt: {exc}") from exc
        if len(tokens) + max_tokens > self.llm.n_ctx():
            raise GenerationError(
                f"prompt of {len(tokens)} tokens + {max_tokens} to generate exceeds the "
                f"{self.llm.n_ctx()}-token context"
            )
        if not self.reuse_prefix:
            self.llm.reset()
        cached = self.llm.n_tokens
        shared = 0
        for have, want in zip(self.llm.input_ids[:cached], tokens[:-1], strict=False):
            if have != want:
                break
            shared += 1
        start = time.perf_counter()
        try:
            sampling: dict[str, Any] = {**GREEDY, "seed": self.seed, "stop": stop}
            result = self.llm.create_completion(tokens, max_tokens=max_tokens, **sampling)
            assert isinstance(result, dict)  # a whole completion: nothing asked it to stream
        except (ValueError, RuntimeError) as exc:
            self.llm.reset()
            raise GenerationError(f"generation failed: {exc}") from exc
        usage = result["usage"]
        return Generation(
            text=result["choices"][0]["text"].strip(),
            prompt_tokens=usage["prompt_tokens"],
            evaluated_tokens=len(tokens) - shared,
            completion_tokens=usage["completion_tokens"],
            seconds=time.perf_counter() - start,
        )


_MARKER = re.compile(r"<\|[^|<>]{1,24}\|>|</?[A-Za-z_]{1,24}>")


def turn_ends(template: str) -> list[str]:
    """The end-of-turn markers a chat template writes ("<end_of_turn>", "<|im_end|>",
    "<|eot_id|>", "</s>"): the special-looking markers in it that name an end."""
    return [
        marker
        for marker in dict.fromkeys(_MARKER.findall(template))
        if "end" in marker.lower() or "eot" in marker.lower() or marker == "</s>"
    ]
