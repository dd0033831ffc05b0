"""The A/B screen (`ragtriage review RUN --against OTHER`) beside imported graders: each side's
verdict panel shows the graders imported with that run's answers (name, verdict, score,
threshold, reason) after its rules' verdict, drawn as the review screen draws them (brief under
30 rows, whole with ``v``). The two runs are imported from the real promptfoo results file in
tests/fixtures/imports/ (one eval, two providers: a lookup that answers, an echo that repeats
the question), each answer holding promptfoo's assertions."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from engine.importers import import_file
from engine.workspace import Workspace
from tests.conftest import ROOT
from tui.app import ReviewApp

PROMPTFOO = ROOT / "tests" / "fixtures" / "imports" / "promptfoo-0.121.20-results.json"
SIZES = [(80, 24), (100, 30)]
SIZE_IDS = ["80x24", "100x30"]


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    monkeypatch.setenv("RAGTRIAGE_REVIEWER", "ana")
    (tmp_path / "corpora").mkdir()
    (tmp_path / "runs").mkdir()
    return Workspace(tmp_path / "runs", tmp_path / "corpora", tmp_path / "needles")


def ab_app(workspace: Workspace) -> ReviewApp:
    """The lookup provider's run (A) against the echo provider's (B), as imported."""
    _fmt, runs = import_file(PROMPTFOO, workspace.runs_dir)
    paths = {item.run.stem.rsplit("-", 1)[-1]: item.run for item in runs}
    return ReviewApp(paths["model"], workspace, against=paths["echo"])


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def graders_of(panel: str) -> list[str]:
    return [line for line in panel.splitlines() if line.startswith("promptfoo")]


async def test_each_side_shows_its_own_imported_graders_beside_its_rules(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        # The rent (correct in A, wrong in B) is not the first question: step to it.
        while "monthly rent" not in shown(app, "#question"):
            await pilot.press("n")
            await pilot.pause()
        a, b = shown(app, "#verdict-a"), shown(app, "#verdict-b")
        assert a.startswith(" CORRECT ") and b.startswith(" WRONG ")
        # A: the rules say correct ($1450 for $1,450); promptfoo's contains and its overall
        # verdict say wrong: each said to disagree. B: the echo is wrong for both but for the
        # javascript assertion.
        assert [line.split("  ")[0] for line in graders_of(a)] == [
            "promptfoo",
            "promptfoo:javascript",
            "promptfoo:contains",
            "promptfoo:levenshtein",
        ]
        assert any(
            line.startswith("promptfoo:contains   WRONG   disagrees") for line in graders_of(a)
        )
        assert "promptfoo:levenshtein   CORRECT   score 1 (threshold 5)" in graders_of(a)
        assert "promptfoo:levenshtein   WRONG   score 0 (threshold 5)" in graders_of(b)
        assert any(
            line.startswith("promptfoo:javascript   CORRECT   disagrees") for line in graders_of(b)
        )
        # Their reasons do not fit beside them in a side's half of 100 columns: left out, and
        # the border says so (`v` shows them).
        for side in ("a", "b"):
            panel = app.screen.query_one(f"#verdict-{side}", Static)
            assert panel.border_subtitle == "v: the graders' reasons"


async def test_v_shows_the_reasons_whole_and_again_as_they_fit(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        verdict = app.screen.query_one("#verdict-a", Static)
        cut = shown(app, "#verdict-a")
        assert "…" in cut and verdict.border_subtitle == "v: the graders' reasons"
        await pilot.press("v")
        await pilot.pause()
        whole = shown(app, "#verdict-a")
        assert "…" not in whole and verdict.border_subtitle == ""
        assert "All assertions passed" in whole
        await pilot.press("v")
        await pilot.pause()
        assert shown(app, "#verdict-a") == cut


async def test_at_80x24_the_graders_take_a_line_and_the_answers_stay_on_screen(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        for side in ("a", "b"):
            panel = shown(app, f"#verdict-{side}")
            assert len(graders_of(panel)) == 1, panel  # the graders grouped by verdict
            assert "promptfoo  " in panel
            answer = app.screen.query_one(f"#answer-{side}", Static)
            assert answer.region.y + 1 < 23, f"the first line of {side}'s answer is on screen"
        subtitle = str(app.screen.query_one("#verdict-a", Static).border_subtitle)
        assert subtitle.startswith("v: ")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_side_without_imported_graders_shows_none(workspace, size):
    """A's engine error (lease-end) carries no grader: none is made up; B's echo of the
    question has promptfoo's three."""
    app = ab_app(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        while "lease end" not in shown(app, "#question"):
            await pilot.press("n")
            await pilot.pause()
        assert "engine error" in shown(app, "#verdict-a")
        assert not graders_of(shown(app, "#verdict-a"))
        assert graders_of(shown(app, "#verdict-b"))


def test_snapshot_compare_screen_with_imported_graders(snap_compare, workspace):
    assert snap_compare(ab_app(workspace), terminal_size=(100, 30), run_before=settled)
