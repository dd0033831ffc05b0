"""The A/B screen (`ragtriage review RUN --against OTHER`) beside imported graders: each side's
verdict panel shows the graders imported with that run's answers (name, verdict, score,
threshold, reason) after its rules' verdict, drawn as the review screen draws them (brief under
30 rows, whole with ``v``). The two runs are imported from the real promptfoo results file in
tests/fixtures/imports/ (one eval, two providers: a lookup that answers, an echo that repeats
the question), each answer holding promptfoo's assertions."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from engine.importers import import_file
from engine.workspace import Workspace
from grader.records.judgements import Judgement, append_judgement
from tests.conftest import ROOT
from tui.app import ReviewApp
from tui.session.review import ReviewSession

PROMPTFOO = ROOT / "tests" / "fixtures" / "imports" / "promptfoo-0.121.20-results.json"
SIZES = [(80, 24), (100, 30)]
SIZE_IDS = ["80x24", "100x30"]


@pytest.fixture
def workspace(tmp_path, monkeypatch, pinned_rules):
    """A workspace of its own, the rules' revision pinned (`pinned_rules`): the snapshot shows
    the grader's fingerprint."""
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
    """The panel's imported graders' lines: a line each, or one counted line."""
    return [
        line
        for line in panel.splitlines()
        if line.startswith("promptfoo") or re.match(r"\d+ graders?, ", line)
    ]


def screen_rows(app, selector: str) -> list[str]:
    """What the screen shows in a widget's columns, row by row from the top of the screen to
    its last row (the footer's): read from the screen, not from the widget."""
    region = app.screen.query_one(selector).region
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    return [row[region.x : region.right] for row in rows]


def panel_rows(app, selector: str) -> list[str]:
    """A panel's content as the screen shows it, row by row (its border and padding left out)."""
    region = app.screen.query_one(selector, Static).content_region
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    return [row[region.x : region.right].rstrip() for row in rows[region.y : region.bottom]]


async def step_to(pilot, words: str) -> None:
    while words not in shown(pilot.app, "#question"):
        await pilot.press("n")
        await pilot.pause()


async def test_each_side_shows_its_own_imported_graders_beside_its_rules(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        # The rent (correct in A, wrong in B) is not the first question: step to it.
        await step_to(pilot, "monthly rent")
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
        assert "promptfoo:javascript   CORRECT   disagrees" in graders_of(b)
        # In a side's half of 100 columns each grader keeps one line: the reasons, and the
        # thresholds and scores that do not fit beside the verdict, are left out, and the
        # border says so (`v` shows them).
        assert "promptfoo:levenshtein   CORRECT   score 1" in graders_of(a)
        assert "promptfoo:levenshtein   WRONG   score 0" in graders_of(b)
        for side in ("a", "b"):
            panel = app.screen.query_one(f"#verdict-{side}", Static)
            assert panel.border_subtitle == "v: the graders' scores and reasons"


async def test_at_100x30_each_grader_keeps_one_line_and_v_shows_it_whole(workspace):
    """At 100x30 ``promptfoo:javascript  CORRECT  score 1 (threshold 0.5)`` wrapped its
    threshold onto a second line in a side 43 columns wide."""
    app = ab_app(workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        for question, count in (("capital of France", 3), ("monthly rent", 4)):
            await step_to(pilot, question)
            for side in ("a", "b"):
                panel, rows = shown(app, f"#verdict-{side}"), panel_rows(app, f"#verdict-{side}")
                graders = graders_of(panel)
                assert len(graders) == count, panel
                # Each grader's line is a row of the screen, whole: none wrapped onto a second.
                assert [row for row in rows if row.startswith("promptfoo")] == graders
        await pilot.press("v")  # whole: every grader's score with its threshold, and its reason
        await pilot.pause()
        b = shown(app, "#verdict-b")
        line = next(g for g in graders_of(b) if g.startswith("promptfoo:javascript"))
        assert line.startswith(
            "promptfoo:javascript   CORRECT   disagrees  score 1 (threshold 0.5)"
        )
        assert "promptfoo:levenshtein   WRONG   score 0 (threshold 5)" in b
        assert app.screen.query_one("#verdict-b", Static).border_subtitle == ""


async def test_v_shows_the_reasons_whole_and_again_as_they_fit(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        verdict = app.screen.query_one("#verdict-a", Static)
        cut = shown(app, "#verdict-a")
        assert "All assertions passed" not in cut and "(threshold 0.5)" not in cut
        assert verdict.border_subtitle == "v: the graders' scores and reasons"
        await pilot.press("v")
        await pilot.pause()
        whole = shown(app, "#verdict-a")
        assert verdict.border_subtitle == ""
        assert "All assertions passed" in whole and "score 1 (threshold 0.5)" in whole
        await pilot.press("v")
        await pilot.pause()
        assert shown(app, "#verdict-a") == cut


# At 80x24 each side's verdict is brief and 32 columns wide: the graders grouped by verdict
# (``promptfoo  1 disagrees   WRONG  promptfoo, contains, levenshtein   CORRECT  javascript``)
# took three rows of it, so they are counted on one.
COUNTED = {
    "capital of France": ("3 graders, none disagrees", "3 graders, 1 disagrees"),
    "monthly rent": ("4 graders, 2 disagree", "4 graders, 1 disagrees"),
}


@pytest.mark.parametrize("question", list(COUNTED), ids=["capital-fr", "rent"])
async def test_at_80x24_the_graders_take_a_line_and_both_answers_are_on_screen(workspace, question):
    """At 80x24 on the rent, B's verdict (WRONG, a money label, four graders) took 10 rows and
    pushed the first line of B's answer under the footer."""
    app = ab_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await step_to(pilot, question)
        footer = app.size.height - 1
        for side, counted in zip(("a", "b"), COUNTED[question], strict=True):
            panel = shown(app, f"#verdict-{side}")
            assert graders_of(panel) == [counted], panel
            assert counted in panel_rows(app, f"#verdict-{side}"), "on one row of the screen"
            # Read from the screen: the row under the answer's border shows its first words.
            rows = screen_rows(app, f"#side-{side}")
            title = next(n for n, row in enumerate(rows) if f"{side.upper()} answer" in row)
            first_words = " ".join(shown(app, f"#answer-{side}").split()[:4])
            assert title + 1 < footer and first_words in rows[title + 1], "\n".join(rows)
            subtitle = str(app.screen.query_one(f"#verdict-{side}", Static).border_subtitle)
            assert subtitle == "v: the verdict whole"
        await pilot.press("v")  # whole: each grader named on its line, with its score
        await pilot.pause()
        b = shown(app, "#verdict-b")
        assert len(graders_of(b)) == int(COUNTED[question][1][0])
        assert all(line.startswith("promptfoo") for line in graders_of(b))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_side_without_imported_graders_shows_none(workspace, size):
    """A's engine error (lease-end) carries no grader: none is made up; B's echo of the
    question has promptfoo's three."""
    app = ab_app(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await step_to(pilot, "lease end")
        assert "engine error" in shown(app, "#verdict-a")
        assert not graders_of(shown(app, "#verdict-a"))
        assert graders_of(shown(app, "#verdict-b"))


def test_snapshot_compare_screen_with_imported_graders(snap_compare, workspace):
    assert snap_compare(ab_app(workspace), terminal_size=(100, 30), run_before=settled)


async def test_at_80x24_every_line_of_a_sides_verdict_keeps_one_row(workspace):
    """At 80x24 the rent's money line (``money  key $1,450  ·  asserted none  ·  no
    violation``) took two rows of a 33-column side, and so did a label naming a long key
    (``K001 missing key: "June 30, 2027"``)."""
    app = ab_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        for step in range(len(app.screen.session.visible)):
            for side in ("a", "b"):
                lines = [line.rstrip() for line in shown(app, f"#verdict-{side}").splitlines()]
                # Read from the screen: a row each, none wrapped onto a second.
                assert panel_rows(app, f"#verdict-{side}") == lines, (step, side)
            await pilot.press("n")
            await pilot.pause()


async def test_at_80x24_the_money_line_is_shortened_and_v_shows_it_whole(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await step_to(pilot, "monthly rent")
        for side in ("a", "b"):
            # Its verdict first, then the key; the asserted amounts are for `v`.
            assert "money  no violation · key $1,450" in panel_rows(app, f"#verdict-{side}")
        await pilot.press("v")
        await pilot.pause()
        assert "money  key $1,450  ·  asserted $1450  ·  no violation" in shown(app, "#verdict-a")
        assert "money  key $1,450  ·  asserted none  ·  no violation" in shown(app, "#verdict-b")


@pytest.fixture
def judged(workspace):
    """The rent judged on both sides and marked on both by ana, written as `ragtriage judge`
    and the app write them: A's judge says wrong (it disagrees with A's rules), B's reply
    named no verdict (a small model's reply that could not be read)."""
    _fmt, runs = import_file(PROMPTFOO, workspace.runs_dir)
    paths = {item.run.stem.rsplit("-", 1)[-1]: item.run for item in runs}
    for name, status, verdict, reply, note in (
        (
            "model",
            "judged",
            "wrong",
            "wrong. The answer gives no monthly amount.",
            "$1450 is $1,450",
        ),
        (
            "echo",
            "unparsed",
            None,
            "What is the monthly rent? The lease says",
            "echoes the question",
        ),
    ):
        session = ReviewSession(paths[name], workspace)
        session.run.grade_everything()
        i = next(i for i, g in enumerate(session.run.grades) if g and g.qid == "rent")
        grade = session.run.grades[i]
        assert grade is not None
        judgement = Judgement(
            "rent",
            status,
            verdict,
            reply.split(". ", 1)[-1] if verdict else "",
            reply,
            {"name": "gemma-3-270m-q4_k_m", "backend": "llama", "sha256": "a5fd"},
            "judge-1",
            "h",
            "2026-12-02T10:00:00Z",
            rules_verdict=grade.verdict,
            grader_fingerprint=session.run.grader.fingerprint,
        )
        append_judgement(paths[name], judgement)
        session.mark(i, "agree", note=note)
        session.close()
    return ReviewApp(paths["model"], workspace, against=paths["echo"])


async def test_at_80x24_a_judge_and_a_mark_on_each_side_leave_both_answers_on_screen(judged):
    """The A/B screen showed no judge's verdict; shown, with a mark on each side, B's
    unreadable reply (two rows) and its money line (two rows) pushed the first line of B's
    answer under the footer at 80x24."""
    app = judged
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await step_to(pilot, "monthly rent")
        footer = app.size.height - 1
        judges = {"a": "judge      WRONG   disagrees", "b": "judge     no verdict: the reply…"}
        for side, judge in judges.items():
            rows = panel_rows(app, f"#verdict-{side}")
            assert judge in rows, rows
            assert any(row.startswith("reviewer ana") for row in rows), rows
            rows = screen_rows(app, f"#side-{side}")
            title = next(n for n, row in enumerate(rows) if f"{side.upper()} answer" in row)
            first_words = " ".join(shown(app, f"#answer-{side}").split()[:4])
            assert title + 1 < footer and first_words in rows[title + 1], "\n".join(rows)
        await pilot.press("v")  # whole: the judge's reason and model, the reply as it came
        await pilot.pause()
        assert "The answer gives no monthly amount." in shown(app, "#verdict-a")
        assert "'What is the monthly rent? The lease says'" in shown(app, "#verdict-b")
        assert "gemma-3-270m-q4_k_m" in shown(app, "#verdict-b")


async def test_at_100x30_a_judge_and_a_mark_take_a_row_each_and_both_answers_are_on_screen(judged):
    """At 100x30 a side's verdict is drawn in full (30 rows and up): the judge's reason and
    model and the mark's note and time took seven rows of a 43-column side and pushed both
    answers' first lines under the footer. A side keeps the judge and each mark to a row at
    any height; ``v`` shows them whole."""
    app = judged
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await step_to(pilot, "monthly rent")
        footer = app.size.height - 1
        judges = {
            "a": "judge      WRONG   disagrees",
            "b": "judge     no verdict: the reply could not…",
        }
        for side, judge in judges.items():
            rows = panel_rows(app, f"#verdict-{side}")
            assert judge in rows, rows
            # The graders keep a line each, named (not counted: the screen is not short).
            assert len([row for row in rows if row.startswith("promptfoo")]) == 4, rows
            mark = next(row for row in rows if row.startswith("reviewer ana"))
            assert "2026-" not in mark, "the mark's time is for v"
            rows = screen_rows(app, f"#side-{side}")
            title = next(n for n, row in enumerate(rows) if f"{side.upper()} answer" in row)
            first_words = " ".join(shown(app, f"#answer-{side}").split()[:4])
            assert title + 1 < footer and first_words in rows[title + 1], "\n".join(rows)
            subtitle = str(app.screen.query_one(f"#verdict-{side}", Static).border_subtitle)
            assert subtitle == "v: the verdict whole"
        await pilot.press("v")
        await pilot.pause()
        a = shown(app, "#verdict-a")
        assert "rules and judge disagree  The answer gives no monthly amount." in a
        assert "(2026-" in next(line for line in a.splitlines() if "reviewer ana" in line)
