"""The OpenAI-compatible backend against a stand-in server: both APIs, retries, the API key,
requests in flight, and a parallel run killed and resumed."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from corpora.loader import load_corpus
from engine.generate import GREEDY, GenerationError
from engine.openai_compatible import OPENAI_SAMPLING, OpenAIGenerator
from engine.prompt import STOP, Prompt
from engine.run import execute, plan_questions, run_corpus, start_run
from grader.errors import RunFileError
from grader.records.runfile import is_run_file, read_run
from tests.conftest import ROOT
from tests.fakes import ScriptedGenerator
from tests.standin_server import Server, StandIn
from tui.cli import main

FINANCE = ROOT / "corpora" / "finance"
KEY = "sk-test-0123456789abcdef-never-shown"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


def run_args(runs, *options: str) -> list[str]:
    """`ragtriage run` over the shipped finance corpus into ``runs``, then ``options``."""
    corpus = ("--corpus", "finance", "--corpora", str(FINANCE.parent))
    return ["run", *corpus, "--runs", str(runs), *options]


def run_files(runs) -> list:
    """The run files in ``runs`` (not their sidecars); none when it does not exist."""
    return [p for p in runs.glob("*.jsonl") if is_run_file(p)] if runs.exists() else []


def prompt(question: str = "How much is due on the water bill?") -> Prompt:
    return Prompt(
        "Answer from the sources.\n\n",
        f"Sources:\n[1] (Water bill, page 1) Amount due $63.20.\nQuestion: {question}\nAnswer:",
    )


def recording_sleep() -> tuple[list[float], object]:
    waits: list[float] = []
    return waits, waits.append


def test_completions_api_sends_the_completion_prompt_greedy_with_the_stops():
    with Server() as server:
        generation = OpenAIGenerator(server.url).generate(prompt(), 64)
        (seen,) = server.state.requests
    assert seen.path == "/v1/completions"
    assert seen.body["prompt"] == prompt().text
    assert seen.body["stop"] == list(STOP[:4])  # OpenAI's API takes at most four
    assert {k: seen.body[k] for k in GREEDY} == GREEDY
    assert seen.body["max_tokens"] == 64 and seen.body["seed"] == 0
    assert generation.text == "Amount due $63.20. [1]."
    assert "Authorization" not in seen.headers  # no key in the environment, none sent


def test_chat_api_sends_the_instructions_and_worked_examples_as_messages():
    with Server() as server:
        generator = OpenAIGenerator(server.url + "/v1", api="chat")
        generation = generator.generate(prompt(), 64)
        (seen,) = server.state.requests
    assert seen.path == "/v1/chat/completions"
    assert seen.body["messages"] == prompt().messages()
    assert seen.body["messages"][0]["role"] == "system"
    assert "prompt" not in seen.body
    assert generation.text == "Amount due $63.20. [1]."
    assert generator.describe()["api"] == "chat"


def test_429_and_5xx_are_retried_with_backoff_then_answered():
    waits, sleep = recording_sleep()
    state = StandIn(fail_first={"water": [429, 503, 500]})
    with Server(state) as server:
        generator = OpenAIGenerator(server.url, retries=4, backoff=0.5, sleep=sleep)
        generation = generator.generate(prompt(), 32)
    assert [seen.status for seen in state.requests] == [429, 503, 500, 200]
    assert waits == [0.5, 1.0, 2.0]
    assert generation.text.endswith("[1].")


def test_a_longer_retry_after_from_the_server_is_honoured():
    waits, sleep = recording_sleep()
    state = StandIn(fail_first={"water": [429]}, retry_after="3")
    with Server(state) as server:
        OpenAIGenerator(server.url, backoff=0.5, sleep=sleep).generate(prompt(), 32)
    assert waits == [3.0]


def test_a_timeout_is_retried():
    waits, sleep = recording_sleep()
    state = StandIn(fail_first={"water": [0]}, hang=2.0)
    with Server(state) as server:
        generation = OpenAIGenerator(server.url, timeout=0.5, sleep=sleep).generate(prompt(), 32)
    assert len(state.requests) == 2 and waits == [1.0]
    assert generation.text.endswith("[1].")


def test_a_client_error_is_not_retried():
    waits, sleep = recording_sleep()
    state = StandIn(fail_first={"water": [400]})
    with Server(state) as server, pytest.raises(GenerationError, match="HTTP 400"):
        OpenAIGenerator(server.url, sleep=sleep).generate(prompt(), 32)
    assert len(state.requests) == 1 and waits == []


def test_a_server_that_refuses_llama_cpps_fields_is_asked_again_without_them_once():
    # OpenAI's own API refuses top_k, min_p and repeat_penalty with HTTP 400. The backend says
    # so once and sends the fields that API defines from then on; nothing is recorded as failed.
    notices: list[str] = []
    state = StandIn(strict=True)
    with Server(state) as server:
        generator = OpenAIGenerator(server.url, api="chat", notify=notices.append)
        first = generator.generate(prompt(), 32)
        second = generator.generate(prompt("What is the due date?"), 32)
    assert first.text == second.text == "Amount due $63.20. [1]."
    assert [seen.status for seen in state.requests] == [400, 200, 200]
    for seen in state.requests[1:]:
        assert {k: seen.body[k] for k in OPENAI_SAMPLING} == {k: GREEDY[k] for k in OPENAI_SAMPLING}
        assert not set(GREEDY) - set(OPENAI_SAMPLING) & set(seen.body)
    assert notices == [
        "the server refused min_p (HTTP 400): sending without top_k, min_p, repeat_penalty "
        "from now on (greedy at temperature 0, the server's own defaults for the rest)"
    ]


def test_a_run_against_a_strict_server_says_so_once_and_answers_every_question(tmp_path, capsys):
    state = StandIn(strict=True)
    with Server(state) as server:
        code = main(
            run_args(
                tmp_path / "runs",
                *("--config", "k3-small", "--limit", "3", "--backend", "openai"),
                *("--base-url", server.url, "--api", "chat", "--parallel", "2", "--quiet"),
            )
        )
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("the server refused") == 1, err
    (path,) = run_files(tmp_path / "runs")
    run = read_run(path)
    assert len(run.answers) == 3 and not [a.error for a in run.answers if a.error]


def test_every_stop_is_applied_to_the_text_even_those_not_sent():
    # The fifth stop string ("\n[", the start of an invented source block) is not sent: the
    # text that comes back is cut there all the same.
    state = StandIn(run_on="\n[6] (Water bill, page 1) Amount due $63.20.")
    with Server(state) as server:
        generation = OpenAIGenerator(server.url).generate(prompt(), 64)
    assert generation.text == "Amount due $63.20. [1]."


def test_after_the_last_try_the_error_is_recorded_on_that_question(tmp_path):
    corpus = load_corpus(FINANCE)
    questions = plan_questions(corpus, 4)
    failing = questions[1].question
    state = StandIn(fail_first={failing: [500] * 3})
    with Server(state) as server:
        generator = OpenAIGenerator(server.url, retries=2, backoff=0.0)
        result = run_corpus(corpus, "k3-small", 4, generator, tmp_path)
    run = read_run(result.path)
    errors = {a.qid: a.error for a in run.answers}
    assert errors[questions[1].qid] == (
        f"{server.url}/v1/completions: HTTP 500 "
        '{"error":{"message":"injected failure"}} (gave up after 3 tries)'
    )
    assert [qid for qid, error in errors.items() if error] == [questions[1].qid]
    assert result.answered == 4


def test_an_api_key_is_sent_but_never_written_or_printed(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MY_SERVER_KEY", KEY)
    with Server() as server:
        code = main(
            run_args(
                tmp_path / "runs",
                *("--config", "k3-small", "--limit", "2", "--backend", "openai"),
                *("--base-url", server.url, "--api-key-env", "MY_SERVER_KEY", "--json"),
            )
        )
        seen = server.state.requests
    out, err = capsys.readouterr()
    assert code == 0, err
    assert {request.headers["Authorization"] for request in seen} == {f"Bearer {KEY}"}
    written = b"".join(path.read_bytes() for path in (tmp_path / "runs").iterdir())
    assert KEY.encode() not in written and KEY not in out and KEY not in err
    (path,) = run_files(tmp_path / "runs")
    assert read_run(path).header["model"]["api_key_env"] == "MY_SERVER_KEY"


def test_an_unset_api_key_variable_is_a_clear_error_and_no_run_starts(tmp_path, capsys):
    code = main(
        run_args(
            tmp_path / "runs",
            *("--backend", "openai", "--base-url", "http://127.0.0.1:9"),
            *("--api-key-env", "NOT_SET_ANYWHERE"),
        )
    )
    err = capsys.readouterr().err
    assert code != 0
    assert (
        err.strip() == "ragtriage: error: --api-key-env NOT_SET_ANYWHERE: that variable is not set"
    )
    assert not (tmp_path / "runs").exists()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_server_that_is_not_there_is_a_clear_error_before_the_run(tmp_path, capsys):
    port = free_port()
    code = main(
        run_args(tmp_path / "runs", "--backend", "openai", "--base-url", f"http://127.0.0.1:{port}")
    )
    err = capsys.readouterr().err
    assert code != 0
    assert f"cannot reach the server at 127.0.0.1:{port}" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "runs").exists()


def test_parallel_is_refused_for_the_local_model(tmp_path, capsys):
    code = main(["run", "--corpus", "finance", "--corpora", str(FINANCE.parent), "--parallel", "4"])
    assert code != 0
    assert "--parallel needs --backend openai" in capsys.readouterr().err
    corpus = load_corpus(FINANCE)
    with pytest.raises(RunFileError, match="one question at a time"):
        run_corpus(corpus, None, 2, ScriptedGenerator(), tmp_path, parallel=2)
    assert list(tmp_path.glob("*.jsonl")) == []


def test_parallel_keeps_n_requests_in_flight_and_answers_each_question_once(tmp_path):
    corpus = load_corpus(FINANCE)
    state = StandIn(delay=0.5)
    seen_progress = []
    with Server(state) as server:
        generator = OpenAIGenerator(server.url)
        result = run_corpus(
            corpus, "k3-small", 8, generator, tmp_path, on_progress=seen_progress.append, parallel=4
        )
    run = read_run(result.path)
    assert state.most_in_flight == 4
    planned = run.header["plan"]["qids"]
    assert sorted(a.qid for a in run.answers) == sorted(planned) and len(run.answers) == 8
    assert all(a.error is None for a in run.answers)
    assert [p.done for p in seen_progress] == list(range(9))
    assert run.header["engine"]["parallel"] == 4


def test_a_parallel_run_stops_between_answers_and_resumes(tmp_path):
    corpus = load_corpus(FINANCE)
    _, config = corpus.config("k3-small")
    questions = plan_questions(corpus, 10)
    with Server(StandIn(delay=0.2)) as server:
        generator = OpenAIGenerator(server.url)
        path, _ = start_run(corpus, "k3-small", 10, generator, tmp_path, config=config)
        written = []
        result = execute(
            path,
            questions,
            corpus,
            config,
            generator,
            on_progress=written.append,
            stop=lambda: len(written) >= 3,
            parallel=3,
        )
        assert result.interrupted and result.answered == 3
        assert len(read_run(path).answers) == 3
        done = {a.qid for a in read_run(path).answers}
        rest = [q for q in questions if q.qid not in done]
        execute(path, rest, corpus, config, generator, already_done=3, parallel=3)
    answers = read_run(path).answers
    assert sorted(a.qid for a in answers) == sorted(q.qid for q in questions)


def test_a_parallel_run_killed_mid_run_resumes_from_its_header(tmp_path):
    """SIGKILL a `--parallel 4` run, then `--resume RUN` with no backend options: the header's
    server is asked again and every planned question ends up answered exactly once."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RAGTRIAGE_CACHE": str(tmp_path / "cache")}
    runs = tmp_path / "runs"
    with Server(StandIn(delay=0.3)) as server:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tui.cli",
                *run_args(
                    runs,
                    *("--config", "k3-small", "--limit", "24", "--backend", "openai"),
                    *("--base-url", server.url, "--api", "chat", "--parallel", "4", "--quiet"),
                ),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 120
        path = None
        while time.monotonic() < deadline:
            files = run_files(runs)
            if files and len(files[0].read_bytes().splitlines()) >= 1 + 5:
                path = files[0]
                break
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        assert path is not None, process.stderr.read().decode()
        killed_with = len(read_run(path).answers)
        assert 5 <= killed_with < 24
        resumed = subprocess.run(
            [
                sys.executable,
                "-m",
                "tui.cli",
                "run",
                "--resume",
                str(path),
                "--parallel",
                "4",
                "--quiet",
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        requests = [r for r in server.state.requests if r.path == "/v1/chat/completions"]
    assert resumed.returncode == 0, resumed.stderr
    run = read_run(path)
    planned = run.header["plan"]["qids"]
    assert len(planned) == 24
    assert sorted(a.qid for a in run.answers) == sorted(planned)
    assert len(requests) >= 24
