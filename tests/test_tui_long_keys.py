"""The review app on ordinary short answers: a key of dozens of accepted answers (TriviaQA's
aliases) cut so that the answer stays on the first screen, each answer opening at its top, and
an order read through said so."""

from __future__ import annotations

import json

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.workspace import Workspace
from tui.app import ReviewApp
from tui.screens.review import ReviewScreen
from tui.widgets.render import KEY_SHOWN_CHARS, key_shown

ALIASES = [
    "Horse",
    "Equus caballus",
    "Domestic horse",
    *[f"Equus caballus variant{n}" for n in range(30)],
]
HEADER = {
    "type": "run",
    "schema": 1,
    "run_id": "aliases",
    "created": "2026-12-08T00:00:00Z",
    "corpus": "tq",
    "config": {"name": "none"},
    "model": {"name": "imported"},
    "engine": {"version": "0.1.0"},
}


def row(qid: str, question: str, accepted: list[str], answer: str) -> dict:
    return {
        "type": "answer",
        "qid": qid,
        "kind": "answerable",
        "question": question,
        "gold": {"key": " / ".join(accepted), "accepted": accepted},
        "answer": answer,
        "sources": [],
        "latency_ms": None,
        "error": None,
    }


ROWS = [
    row("q1", "Which animal is Equus ferus caballus?", ALIASES, "It is the horse."),
    row(
        "q2",
        "Which metal is liquid at room temperature?",
        ["Mercury", "Hg", *[f"Quicksilver form {n}" for n in range(30)]],
        "Mercury.",
    ),
    row("q3", "What is the capital of Peru?", ["Lima"], "Lima, on the coast."),
]


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    monkeypatch.setenv("RAGTRIAGE_REVIEWER", "ana")
    (tmp_path / "corpora").mkdir()
    runs = tmp_path / "runs"
    runs.mkdir()
    lines = [json.dumps(HEADER), *(json.dumps(r) for r in ROWS)]
    (runs / "aliases.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Workspace(
        runs_dir=runs, corpora_root=tmp_path / "corpora", needles_dir=tmp_path / "needles"
    )


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_a_long_key_is_cut_to_its_first_accepted_answers_and_counts_the_rest():
    from grader.schema import Gold

    gold = Gold(key=" / ".join(ALIASES), accepted=tuple(ALIASES))
    key, left_out = key_shown(gold, whole=False)
    assert key.startswith("Horse / Equus caballus / Domestic horse")
    assert len(key) <= KEY_SHOWN_CHARS and left_out == len(ALIASES) - len(key.split(" / "))
    assert key_shown(gold, whole=True) == (gold.key, 0)
    # A short key, or one answer however long, is shown as written.
    short = Gold(key="Mercury / Hg", accepted=("Mercury", "Hg"))
    assert key_shown(short, whole=False) == ("Mercury / Hg", 0)
    one = Gold(key="x" * 300)
    assert key_shown(one, whole=False) == ("x" * 300, 0)
    first_long = Gold(key=" / ".join(["y" * 200, "z"]), accepted=("y" * 200, "z"))
    assert key_shown(first_long, whole=False) == ("y" * 200, 1)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_the_answer_of_a_long_key_is_on_the_first_screen_and_v_shows_every_alias(
    workspace, size
):
    app = ReviewApp(workspace.runs_dir / "aliases.jsonl", workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        question = shown(app, "#question")
        assert "more accepted: v shows all" in question and "variant29" not in question
        answer = app.screen.query_one("#answer", Static)
        left = app.screen.query_one("#left", VerticalScroll)
        # The answer panel starts inside the left pane's visible height.
        assert answer.region.y < left.region.y + left.region.height - 2
        await pilot.press("v")
        await pilot.pause()
        assert "variant29" in shown(app, "#question") and "more accepted" not in shown(
            app, "#question"
        )


async def test_each_answer_opens_at_its_top(workspace):
    app = ReviewApp(workspace.runs_dir / "aliases.jsonl", workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("v")  # the whole key: the left pane now scrolls
        await pilot.pause()
        left = app.screen.query_one("#left", VerticalScroll)
        left.scroll_end(animate=False)
        await pilot.pause()
        assert left.scroll_y > 0
        await pilot.press("n")  # the next answer's key is as long: it could stay scrolled
        await pilot.pause()
        assert left.max_scroll_y > 0 and left.scroll_y == 0


async def test_an_order_read_through_says_so(workspace):
    app = ReviewApp(workspace.runs_dir / "aliases.jsonl", workspace, blind=True, audit=3)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.notify = lambda message, **kwargs: said.append(str(message))  # type: ignore[method-assign]
        for _ in range(3):
            await pilot.press("1")  # correct: each answer here is right
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)  # as the grader said: marked at once
            assert not any("every answer of this order" in s for s in said[:-1])
            await pilot.press("n")
            await pilot.pause()
    assert any("every answer of this order marked (3 of 3)" in s for s in said)
