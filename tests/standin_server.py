"""A stand-in for an OpenAI-compatible server: a fixed delay per request, failures on demand.

The engine's server backend is tested and measured against it (``bench/bench_server.py``): it
answers ``/v1/completions`` and ``/v1/chat/completions`` after ``delay`` seconds, many requests
at once (a thread each, as a batching server takes them), and records every request so a test
can see what was sent. The answer quotes the question's first source, cited, so the run grades.

Failures are injected per question, by the text of its question: ``fail_first`` maps a
substring of the question to a list of HTTP statuses returned on that question's first tries
(``{"water": [429, 503]}``: the first try gets 429, the second 503, the third an answer); a
status of 0 means "wait past the client's timeout" (sleep ``hang`` seconds).

``replies`` maps a substring of the question to the text returned for it instead (a judge's
verdict, or a reply no parser can read): the judge is tested against fixed and malformed
replies. The question is the prompt's last ``Question:`` line, so a prompt whose worked
examples hold questions of their own is answered about its real one.

With ``strict``, it refuses what OpenAI's own API refuses: a field outside that API's request
(llama.cpp's ``top_k``, ``min_p``, ``repeat_penalty``) and more than four stop strings, each
with HTTP 400 and a message naming it. ``run_on`` is appended to every answer, as a model that
runs on past its answer would write it.

Run one by hand: ``python -m tests.standin_server --port 8011 --delay 0.5``.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import orjson

_FIRST_SOURCE = re.compile(r"\[1\] \([^)]*\) (.*)")
# The request fields of OpenAI's completions and chat completions APIs that the backend may send.
OPENAI_FIELDS = frozenset(
    "model prompt messages max_tokens temperature top_p seed stop n stream user".split()
)


@dataclass
class Seen:
    """One request as the server received it."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    started: float
    status: int = 200


@dataclass
class StandIn:
    """The server's behaviour and what it has seen (shared with its handler threads)."""

    delay: float = 0.0
    fail_first: dict[str, list[int]] = field(default_factory=dict)
    retry_after: str | None = None
    hang: float = 5.0
    strict: bool = False
    run_on: str = ""
    replies: dict[str, str] = field(default_factory=dict)
    model: str = "standin-model-1"
    requests: list[Seen] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    in_flight: int = 0
    most_in_flight: int = 0

    def question_of(self, body: dict[str, Any]) -> str:
        if "messages" in body:
            text = str(body["messages"][-1].get("content", ""))
        else:
            text = str(body.get("prompt", "")).rsplit("\nSources:\n", 1)[-1]
        found = re.findall(r"Question: (.*)", text)
        return found[-1].strip() if found else ""

    def refusal(self, body: dict[str, Any]) -> str | None:
        """What a strict server (OpenAI's API) says of this request, or None when it takes it."""
        if not self.strict:
            return None
        unknown = sorted(set(body) - OPENAI_FIELDS)
        if unknown:
            return f"Unrecognized request argument supplied: {unknown[0]}"
        if len(body.get("stop") or []) > 4:
            return f"{body['stop']} is too long - 'stop'"
        return None

    def status_for(self, question: str) -> int:
        """The status this try gets: the next injected failure of its question, else 200."""
        with self.lock:
            for needle, statuses in self.fail_first.items():
                if needle in question and statuses:
                    return statuses.pop(0)
        return 200

    def answer(self, body: dict[str, Any]) -> str:
        question = self.question_of(body)
        for needle, reply in self.replies.items():
            if needle in question:
                return reply
        text = (
            str(body["messages"][-1].get("content", ""))
            if "messages" in body
            else str(body.get("prompt", "")).rsplit("\nSources:\n", 1)[-1]
        )
        source = _FIRST_SOURCE.search(text)
        if not source:
            return "The sources do not contain this information."
        return f"{' '.join(source.group(1).split()[:12])} [1]."


def handler_for(state: StandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = orjson.loads(self.rfile.read(length) or b"{}")
            seen = Seen(self.path, dict(self.headers.items()), body, time.monotonic())
            with state.lock:
                state.requests.append(seen)
                state.in_flight += 1
                state.most_in_flight = max(state.most_in_flight, state.in_flight)
            try:
                self.respond(body, seen)
            finally:
                with state.lock:
                    state.in_flight -= 1

        def respond(self, body: dict[str, Any], seen: Seen) -> None:
            if self.path not in ("/v1/completions", "/v1/chat/completions"):
                self.send_json(404, {"error": {"message": f"no route {self.path}"}})
                return
            refusal = state.refusal(body)
            if refusal is not None:
                seen.status = 400
                self.send_json(
                    400, {"error": {"message": refusal, "type": "invalid_request_error"}}
                )
                return
            time.sleep(state.delay)
            status = state.status_for(state.question_of(body))
            seen.status = status
            if status == 0:
                time.sleep(state.hang)
                status = seen.status = 503
            if status != 200:
                extra = {"Retry-After": state.retry_after} if state.retry_after else {}
                self.send_json(status, {"error": {"message": "injected failure"}}, extra)
                return
            text = state.answer(body) + state.run_on
            choice = (
                {"index": 0, "message": {"role": "assistant", "content": text}}
                if self.path.endswith("/chat/completions")
                else {"index": 0, "text": " " + text}
            )
            self.send_json(
                200,
                {
                    "model": state.model,
                    "choices": [{**choice, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": len(text.split())},
                },
            )

        def send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None):
            data = orjson.dumps(payload)
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout)
                pass

    return Handler


class Server:
    """A stand-in server on a free loopback port, in a background thread, as a context manager."""

    def __init__(self, state: StandIn | None = None, port: int = 0) -> None:
        self.state = state or StandIn()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), handler_for(self.state))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8011)
    parser.add_argument("--delay", type=float, default=0.5, help="seconds per request")
    parser.add_argument("--strict", action="store_true", help="refuse as OpenAI's API does")
    args = parser.parse_args()
    with Server(StandIn(delay=args.delay, strict=args.strict), args.port) as server:
        print(f"stand-in server at {server.url} ({args.delay} s a request); Ctrl-C stops it")
        with contextlib.suppress(KeyboardInterrupt):
            server.thread.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
