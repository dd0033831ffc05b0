"""The workspace: writes go only to it (never into the installed package), and every change to
the needle lists is kept in its history with its reasons."""

from __future__ import annotations

import json
import shutil

import orjson
import pytest

from corpora.places import CORPORA_DIR
from tests.conftest import ROOT
from tui.cli import main

EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"
SHIPPED_QUESTIONS = CORPORA_DIR / "finance" / "questions.jsonl"


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A folder of the user's own, with no ./corpora in it."""
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.delenv("RAGTRIAGE_CORPORA", raising=False)
    return folder


def test_corpus_new_without_a_workspace_is_refused_and_says_how_to_make_one(
    elsewhere, tmp_path, capsys
):
    """With no ./corpora, `corpus new` once wrote the corpus into the installed package."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text("Amount due $1.00.")
    assert main(["corpus", "new", "mine", "--docs", str(docs)]) == 2
    err = capsys.readouterr().err
    assert "no corpora workspace here" in err and "`mkdir corpora`" in err
    assert len(err.strip().splitlines()) == 1
    assert not (CORPORA_DIR / "mine").exists()
    (elsewhere / "corpora").mkdir()
    assert main(["corpus", "new", "mine", "--docs", str(docs)]) == 0
    assert (elsewhere / "corpora" / "mine" / "corpus.toml").is_file()


def test_a_question_needle_of_a_shipped_corpus_is_never_written(elsewhere, capsys):
    """With no ./corpora, `needle add QID ...` once rewrote the package's questions.jsonl."""
    before = SHIPPED_QUESTIONS.read_bytes()
    assert main(["corpus", "list"]) == 0  # reading the bundled corpora is fine
    assert "finance" in capsys.readouterr().out
    argv = ["needle", "add", "fin-1040-agi", "must_contain", "adjusted gross"]
    argv += ["--why", "t", "--override-reason", "t", "--runs", str(elsewhere / "runs")]
    assert main(argv) == 2
    assert "no corpora workspace here" in capsys.readouterr().err
    assert SHIPPED_QUESTIONS.read_bytes() == before


@pytest.fixture
def workspace(tmp_path):
    """A workspace with a copy of the finance corpus, a run and its own needles folder."""
    corpora = tmp_path / "corpora"
    shutil.copytree(
        ROOT / "corpora" / "finance", corpora / "finance", ignore=shutil.ignore_patterns("*.py")
    )
    runs = tmp_path / "runs"
    runs.mkdir()
    run = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
    (runs / run.name).write_bytes(run.read_bytes())
    needles = tmp_path / "needles"
    return tmp_path, ["--runs", str(runs), "--corpora", str(corpora), "--needles", str(needles)]


def history(tmp_path):
    return [
        orjson.loads(line)
        for line in (tmp_path / "needles" / "history.jsonl").read_bytes().splitlines()
    ]


def test_every_needle_change_is_kept_with_its_reasons(workspace, monkeypatch, capsys):
    """`needle add/remove` required --why and --override-reason and then stored neither."""
    tmp_path, args = workspace
    monkeypatch.setenv("RAGTRIAGE_REVIEWER", "ana")
    needle = ["fin-1040-agi", "must_contain", "adjusted gross"]
    assert (
        main(
            [
                "needle",
                "add",
                *needle,
                "--why",
                "the key's words",
                "--override-reason",
                "seen the flips",
                *args,
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "needle",
                "remove",
                *needle,
                "--why",
                "too strict",
                "--override-reason",
                "flips back",
                *args,
            ]
        )
        == 0
    )
    phrase = "qzx not in my sources"
    assert (
        main(
            ["needle", "add-decline", phrase, "--why", "a decline", "--override-reason", "o", *args]
        )
        == 0
    )
    assert (
        main(
            [
                "needle",
                "remove-decline",
                phrase,
                "--why",
                "never seen",
                "--override-reason",
                "o",
                *args,
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "needle",
                "exclude",
                "qzx not listed",
                "--why",
                "a bill's words",
                "--counterexample",
                "The late fee is not listed separately on this bill.",
                *args,
            ]
        )
        == 0
    )
    records = history(tmp_path)
    assert [(r["action"], r["why"], r["override"], r["by"]) for r in records] == [
        ("add-needle", "the key's words", "seen the flips", "ana"),
        ("remove-needle", "too strict", "flips back", "ana"),
        ("add-decline", "a decline", "o", "ana"),
        ("remove-decline", "never seen", "o", "ana"),
        ("exclude", "a bill's words", "", "ana"),
    ]
    add, remove = records[0], records[1]
    assert (add["qid"], add["needle_kind"], add["phrase"]) == tuple(needle)
    assert add["grader_before"] != add["grader_after"], "the needle changed the grader"
    assert remove["grader_after"] == add["grader_before"], "and removing it changed it back"
    assert records[2]["grader_before"] != records[2]["grader_after"]
    assert all(r["created"].endswith("Z") and r["files"] for r in records)
    assert str(tmp_path / "corpora" / "finance" / "questions.jsonl") in add["files"]


def test_a_rewritten_questions_file_changes_only_the_changed_line(workspace):
    """Every other line keeps its bytes (spacing, escapes, line ends), and in the changed line
    only the needle list changes."""
    tmp_path, args = workspace
    path = tmp_path / "corpora" / "finance" / "questions.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    # Written by another tool: spaces after separators, \u escapes, Windows line ends.
    records[0]["question"] += " caf\u00e9"
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\r\n" for r in records))
    before = path.read_bytes().split(b"\n")
    qid = records[3]["qid"]
    argv = ["needle", "add", qid, "must_contain_any", "qzx", "--why", "t", "--override-reason", "t"]
    assert main([*argv, *args]) == 0
    after = path.read_bytes().split(b"\n")
    assert len(after) == len(before)
    changed = [n for n, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [3]
    assert after[3].endswith(b"\r")
    old, new = json.loads(before[3]), json.loads(after[3])
    assert new["gold"].pop("must_contain_any") == [*old["gold"].pop("must_contain_any", []), "qzx"]
    assert new == old
    assert list(json.loads(after[3])) == list(json.loads(before[3]))  # the keys keep their order
