"""Generators: the local GGUF model (llama-cpp-python) and any OpenAI-compatible server.

The engine talks to the `Generator` protocol; ``llama_cpp`` is imported only when a local model
is actually loaded. Decoding is deterministic: temperature 0 (greedy) and a fixed seed.

Shared-prefix reuse: llama.cpp keeps the evaluated prompt in its KV cache, and the next prompt
only evaluates the tokens after the longest prefix it shares with what is cached. Every prompt
of a run starts with the same instructions and worked examples (`engine.prompt.SHARED_PREFIX`),
so that prefix is evaluated once per run, at the first question. `Generation.evaluated_tokens`
reports how many prompt tokens each question actually cost.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import orjson

from engine.prompt import STOP, Prompt
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


RETRY_STATUS = frozenset({408, 409, 425, 429}) | frozenset(range(500, 600))

# The fields of `GREEDY` that OpenAI's own API defines. The others (top_k, min_p, repeat_penalty)
# are llama.cpp's and vLLM's: without them those servers apply their defaults, and a repeat
# penalty changes the answer even at temperature 0 (it moves the logits before the argmax). So
# they are sent, and dropped only when a server refuses them by name (OpenAI's API answers
# HTTP 400, "Unrecognized request argument supplied: top_k").
OPENAI_SAMPLING = ("temperature", "top_p")
# OpenAI's API takes at most four stop strings. The first four are sent; every stop is applied
# to the text that comes back, so the answer ends where a local run's would.
MAX_STOPS = 4


def cut_at_stops(text: str, stops: tuple[str, ...] = STOP) -> str:
    """The text up to the first of the stop strings (the whole text when none occurs)."""
    ends = [place for place in (text.find(stop) for stop in stops) if place >= 0]
    return text[: min(ends)] if ends else text


class OpenAIGenerator:
    """Any OpenAI-compatible server (llama.cpp's server, vLLM, a hosted endpoint).

    Requests are independent, so the engine may keep several in flight (``concurrent``): a
    serving engine gets its throughput from batching them.

    Args:
        base_url: The server root, e.g. ``http://127.0.0.1:8000`` (``/v1`` is added if absent).
        model: The model name to ask the server for.
        api: ``completions`` sends the completion prompt to ``/v1/completions``; ``chat`` sends
            the instructions and worked examples as messages to ``/v1/chat/completions``, as
            the local chat-template path renders them.
        api_key_env: The environment variable holding the API key (sent as a bearer token when
            set). Only its name is ever recorded.
        timeout: Seconds to wait for one response.
        retries: Further tries after a 429, a 5xx, a timeout or a dropped connection; after
            the last, the question's answer records the error.
        backoff: Seconds before the first retry, doubled for each next one (at most 30 s); a
            ``Retry-After`` the server sends wins when it is longer (at most 60 s).
        seed: Sent with every request.
        sleep: How to wait between tries (tests pass their own).
        notify: Called once with a one-line notice when the server refuses llama.cpp's greedy
            fields and the backend goes on without them.

    Raises:
        GenerationError: for an unknown ``api`` or an ``api_key_env`` that names an unset
            variable.
    """

    concurrent = True

    def __init__(
        self,
        base_url: str,
        model: str = "default",
        *,
        api: str = "completions",
        api_key_env: str | None = None,
        timeout: float = 600.0,
        retries: int = 4,
        backoff: float = 1.0,
        seed: int = 0,
        sleep: Any = time.sleep,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        if api not in ("completions", "chat"):
            raise GenerationError(f"--api must be completions or chat, not {api!r}")
        root = base_url.rstrip("/")
        root = root if root.endswith("/v1") else root + "/v1"
        self.url = root + ("/chat/completions" if api == "chat" else "/completions")
        self.model = model
        self.api = api
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.seed = seed
        self.sleep = sleep
        self.notify = notify
        self.server_fields = True  # llama.cpp's greedy fields, until a server refuses them
        self._refusal = threading.Lock()
        self.key_name = api_key_env or "OPENAI_API_KEY"
        self._key = os.environ.get(self.key_name) or None
        if api_key_env and self._key is None:
            raise GenerationError(f"--api-key-env {api_key_env}: that variable is not set")

    def describe(self) -> dict[str, Any]:
        described = {"name": self.model, "backend": "openai", "api": self.api, "url": self.url}
        if self._key is not None:
            described["api_key_env"] = self.key_name  # the name, never the key
        return described

    def check(self) -> None:
        """Fail before a run starts when nothing listens at the server's address.

        Raises:
            GenerationError: naming the address and what the connection said.
        """
        parts = urllib.parse.urlsplit(self.url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise GenerationError(f"--base-url {self.url}: not an http(s) address")
        try:
            socket.create_connection((parts.hostname, port), timeout=10).close()
        except OSError as exc:
            reason = exc.strerror or str(exc) or type(exc).__name__
            raise GenerationError(
                f"cannot reach the server at {parts.hostname}:{port} ({reason}); is it running?"
            ) from exc

    def body(self, prompt: Prompt, max_tokens: int, server_fields: bool) -> dict[str, Any]:
        """The request: greedy, seeded, with the stops where an answer ends (see
        `OPENAI_SAMPLING` and `MAX_STOPS`); llama.cpp's greedy fields too with
        ``server_fields``."""
        content = {"messages": prompt.messages()} if self.api == "chat" else {"prompt": prompt.text}
        sampling = GREEDY if server_fields else {k: GREEDY[k] for k in OPENAI_SAMPLING}
        return {
            "model": self.model,
            **content,
            "max_tokens": max_tokens,
            **sampling,
            "seed": self.seed,
            "stop": list(prompt.stops[:MAX_STOPS]),
        }

    def _refuses_server_fields(self, failure: _Refused) -> bool:
        """Whether a refusal names one of llama.cpp's greedy fields; if so, they are dropped
        from every request from now on (and ``notify`` is told, once)."""
        named = [name for name in GREEDY if name not in OPENAI_SAMPLING and name in failure.detail]
        if failure.status != 400 or not named:
            return False
        with self._refusal:
            if self.server_fields:
                self.server_fields = False
                if self.notify is not None:
                    dropped = ", ".join(k for k in GREEDY if k not in OPENAI_SAMPLING)
                    self.notify(
                        f"the server refused {', '.join(named)} (HTTP 400): sending without "
                        f"{dropped} from now on (greedy at temperature 0, the server's own "
                        "defaults for the rest)"
                    )
        return True

    def _post(self, body: bytes) -> Any:
        """One try. Returns the decoded JSON; raises `_Retry` for what is worth another try."""
        headers = {"Content-Type": "application/json"}
        if self._key is not None:
            headers["Authorization"] = f"Bearer {self._key}"
        request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = _redact(exc.read()[:200].decode("utf-8", "replace"), self._key)
            message = f"{self.url}: HTTP {exc.code} {detail}".rstrip()
            if exc.code in RETRY_STATUS:
                raise _Retry(message, _retry_after(exc.headers.get("Retry-After"))) from exc
            raise _Refused(message, exc.code, detail) from exc
        except (TimeoutError, ConnectionResetError, http.client.RemoteDisconnected) as exc:
            raise _Retry(f"{self.url}: {_describe_failure(exc)}") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError | ConnectionResetError):
                raise _Retry(f"{self.url}: {_describe_failure(exc.reason)}") from exc
            raise GenerationError(f"{self.url}: {exc.reason}") from exc
        except (OSError, http.client.HTTPException) as exc:
            raise GenerationError(f"{self.url}: {_describe_failure(exc)}") from exc
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise GenerationError(f"{self.url}: the server did not answer with JSON") from exc

    def generate(self, prompt: Prompt, max_tokens: int) -> Generation:
        start = time.perf_counter()
        attempt = 0
        while True:
            server_fields = self.server_fields
            try:
                payload = self._post(orjson.dumps(self.body(prompt, max_tokens, server_fields)))
                break
            except _Refused as refused:
                # Refused for llama.cpp's fields: the same request at once without them (not a
                # try: nothing failed but the fields). Any other refusal is the answer's error.
                if not (server_fields and self._refuses_server_fields(refused)):
                    raise
            except _Retry as retry:
                if attempt == self.retries:
                    tries = self.retries + 1
                    raise GenerationError(
                        f"{retry} (gave up after {tries} tr{'y' if tries == 1 else 'ies'})"
                    ) from retry
                wait = min(30.0, self.backoff * 2**attempt)
                self.sleep(max(wait, retry.after or 0.0))
                attempt += 1
        try:
            choice = payload["choices"][0]
            text = choice["message"]["content"] if self.api == "chat" else choice["text"]
        except (KeyError, IndexError, TypeError) as exc:
            raise GenerationError(
                f"{self.url}: unexpected response {_redact(str(payload)[:200], self._key)}"
            ) from exc
        usage = payload.get("usage") or {}
        prompt_tokens = int(usage.get("prompt_tokens") or 0)
        return Generation(
            text=cut_at_stops(str(text or ""), prompt.stops).strip(),
            prompt_tokens=prompt_tokens,
            evaluated_tokens=prompt_tokens,
            completion_tokens=int(usage.get("completion_tokens") or 0),
            seconds=time.perf_counter() - start,
            model=str(payload.get("model") or ""),
        )


class _Refused(GenerationError):
    """The server refused the request (an HTTP status not worth another try)."""

    def __init__(self, message: str, status: int, detail: str) -> None:
        super().__init__(message)
        self.status = status
        self.detail = detail


class _Retry(Exception):
    """A failure worth another try, with the server's ``Retry-After`` in seconds if it sent one."""

    def __init__(self, message: str, after: float | None = None) -> None:
        super().__init__(message)
        self.after = after


def _retry_after(value: str | None) -> float | None:
    """A ``Retry-After`` of seconds, at most a minute (an HTTP date is ignored)."""
    try:
        return min(60.0, max(0.0, float(value))) if value else None
    except ValueError:
        return None


def _describe_failure(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return "timed out"
    if isinstance(exc, ConnectionResetError | http.client.RemoteDisconnected):
        return "the server dropped the connection"
    return str(exc) or type(exc).__name__


def _redact(text: str, key: str | None) -> str:
    """A server's message with the key blanked out, should it echo the request."""
    return text.replace(key, "[key]") if key else text
