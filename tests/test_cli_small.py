"""The command line's smaller promises: a run named by its id anywhere, --version, "did you
mean", `scan --fail-on-collision`, a question with no kind, `strategies` at 100 columns, and
`run` saying what it does before its progress bar."""

from __future__ import annotations

import shutil

import orjson
import pytest

from tests.conftest import ROOT
from tests.fakes import ScriptedGenerator
from tui.cli import main

K3 = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
K5 = ROOT / "runs" / "20261130-182735-finance-k5.jsonl"
CORPORA = ROOT / "corpora"


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == "ragtriage 0.1.0"


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [
        (["grdae", "x"], "did you mean 'grade'?"),
        (["comapre"], "did you mean 'compare'?"),
        (["corpus", "lst"], "did you mean 'list'?"),
        (["needle", "ad-decline", "x"], "did you mean 'add-decline'?"),
        (["import", "label", "f", "--run", "r"], "did you mean 'labels'?"),
        (["run", "--backend", "openia"], "did you mean 'openai'?"),
        (["zzzzzz"], None),
    ],
    ids=[
        "a-swapped-letter",
        "two-swapped",
        "an-action",
        "a-needle-action",
        "an-import",
        "a-choice-of-an-option",
        "nothing-close",
    ],
)
def test_a_mistyped_command_gets_did_you_mean(capsys, argv, suggestion):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err
    if suggestion:
        assert suggestion in err
    else:
        assert "did you mean" not in err


@pytest.fixture
def runs(tmp_path):
    folder = tmp_path / "runs"
    folder.mkdir()
    for source in (K3, K5):
        (folder / source.name).write_bytes(source.read_bytes())
    return folder


def ids(*names):
    return [path.stem for path in names]


@pytest.mark.parametrize(
    "argv",
    [
        ["grade", "{k3}", "--no-record", "--runs", "{runs}"],
        ["compare", "{k3}", "{k5}", "--runs", "{runs}"],
        ["rebaseline", "{k3}", "--runs", "{runs}"],
        ["agreement", "{k3}", "{k5}", "--runs", "{runs}"],
        ["export", "marks", "{k3}", "--runs", "{runs}"],
        ["run", "--resume", "{k3}", "--runs", "{runs}", "--quiet"],
    ],
    ids=["grade", "compare", "rebaseline", "agreement", "export-marks", "run-resume"],
)
def test_a_run_id_names_a_run_everywhere(runs, capsys, argv):
    filled = [a.format(k3=K3.stem, k5=K5.stem, runs=runs) for a in argv]
    assert main([*filled, "--corpora", str(CORPORA)] if argv[0] != "export" else filled) == 0


def test_import_labels_and_review_take_a_run_id(runs, tmp_path, capsys, monkeypatch):
    labels = tmp_path / "labels.csv"
    labels.write_text("qid,verdict\nfin-pay-net,correct\n")
    assert main(["import", "labels", str(labels), "--run", K3.stem, "--runs", str(runs)]) == 0
    opened = []
    monkeypatch.setattr("tui.app.ReviewApp.run", lambda app: opened.append(app.session.run.path))
    assert main(["review", K3.stem, "--against", K5.stem, "--runs", str(runs)]) == 0
    assert opened == [runs / K3.name]


def test_an_unknown_run_id_says_the_closest(runs, capsys):
    assert main(["grade", K3.stem.replace("small", "smal"), "--runs", str(runs)]) == 2
    assert f"did you mean {K3.stem}?" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("phrase", "code"),
    [("the figure is not stated", 1), ("qzx wholly new words", 0)],
    ids=["a-phrase-that-collides", "a-clean-phrase"],
)
def test_scan_can_fail_on_collisions(tmp_path, capsys, phrase, code):
    runs = tmp_path / "runs"
    runs.mkdir()
    example = ROOT / "runs" / "example-essay-cases.jsonl"
    (runs / example.name).write_bytes(example.read_bytes())
    argv = ["scan", "--add-decline", phrase, "--runs", str(runs), "--corpora", str(tmp_path)]
    assert main(argv) == 0, "without the option a scan only reports"
    assert main([*argv, "--fail-on-collision"]) == code
    if code:
        assert "collision(s) (--fail-on-collision)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"qid": "q1", "question": "Q?", "gold": {"key": "$1"}}, "q1: no kind (give kind: "),
        (
            {"qid": "q1", "kind": "factual", "question": "Q?", "gold": {"key": "$1"}},
            "q1: kind must be one of answerable, negative, ambiguous, got 'factual'",
        ),
    ],
    ids=["no-kind", "an-unknown-kind"],
)
def test_a_question_with_no_kind_says_so(tmp_path, capsys, record, message):
    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "corpus.toml").write_text('name = "c"\n')
    (corpus / "questions.jsonl").write_bytes(orjson.dumps(record) + b"\n")
    assert main(["corpus", "check", str(corpus)]) == 2
    assert message in capsys.readouterr().err


def test_strategies_fits_100_columns(capsys):
    assert main(["strategies", "--runs", str(ROOT / "runs"), "--corpora", str(CORPORA)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any("correct money" in line for line in lines)
    assert max(map(len, lines)) <= 100


class WarmingGenerator(ScriptedGenerator):
    """The scripted generator with a local model's warm-up."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__()

    def warm_up(self, prompt) -> float:
        return 0.0


def test_run_says_it_is_loading_and_warming_the_model_before_the_bar(tmp_path, capsys, monkeypatch):
    import engine.generate
    import engine.model

    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF")
    monkeypatch.setattr(engine.model, "bundled_model_path", lambda: model)
    monkeypatch.setattr(engine.model, "model_info", lambda path: {"name": path.stem})
    monkeypatch.setattr(engine.generate, "LlamaGenerator", WarmingGenerator)
    corpora = tmp_path / "corpora"
    shutil.copytree(CORPORA / "finance", corpora / "finance", ignore=shutil.ignore_patterns("*.py"))
    argv = ["run", "--corpus", "finance", "--limit", "2", "--runs", str(tmp_path / "runs")]
    assert main([*argv, "--corpora", str(corpora)]) == 0
    out, err = capsys.readouterr()
    assert "completion        complete: 2 of 2 planned" in out  # it once said "no plan"
    # (Reading the corpus may draw a bar of its own, over the documents, when its index is
    # not cached yet: the answers' bar is the one after the warming up.)
    warming = err.index("warming the model up")
    steps = [
        err.index("loading the model model.gguf"),
        err.index("reading corpus finance"),
        warming,
        err.index("] 0/2", warming),
        err.index("] 2/2", warming),
    ]
    assert steps == sorted(steps), err
