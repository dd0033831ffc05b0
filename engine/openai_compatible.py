"""A generator for any OpenAI-compatible server (llama.cpp's server, vLLM, a hosted endpoint).

It answers as the local model does (`engine.generate`): the same prompts, greedy decoding
(`engine.generate.GREEDY`, less what a server refuses by name), the same stop strings applied
to the text that comes back. What a server adds is handled here: requests in flight at once,
retries with backoff on a 429, a 5xx, a timeout or a dropped connection, and an API key sent
but never written or printed.
"""

from __future__ import annotations

import http.client
import os
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

import orjson

from engine.generate import GREEDY, Generation, GenerationError
from engine.prompt import STOP, Prompt

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
