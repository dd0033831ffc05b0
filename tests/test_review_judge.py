"""The review app beside a model judge: the verdict panel shows the rules, the judge and the
mark; the filter "judge-disagrees"; the order "read-next" with each answer's signals."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from engine.workspace import Workspace
from grader.records.judgements import Judgement, append_judgement
from tests.test_tui import EXAMPLE, SIZE, settled, text_of
from tui.app import ReviewApp
from tui.session.order import FILTERS
from tui.session.review import ReviewSession


def judged(qid: str, verdict: str | None, status: str = "judged", reply: str = "") -> Judgement:
    return Judgement(
        qid,
        status,
        verdict,
        "The answer names another figure." if verdict else "",
        reply or f"{verdict}. The answer names another figure.",
        {"name": "gemma-3-270m-q4_k_m", "backend": "llama", "sha256": "a5fd"},
        "judge-1",
        "h",
        "2026-12-02T10:00:00Z",
    )


def judged_run(folder: Path) -> tuple[Path, Workspace]:
    """The essay's cases in a workspace of their own, two of them judged against the rules, one
    in agreement, one unreadable."""
    for name in ("runs", "corpora"):
        (folder / name).mkdir()
    workspace = Workspace(folder / "runs", folder / "corpora", folder / "needles")
    path = workspace.runs_dir / "example-essay-cases.jsonl"
    path.write_bytes(EXAMPLE.read_bytes())
    for judgement in (
        judged("fin-adt-amount-due", "wrong"),  # the rules say correct
        judged("fin-ins-flood", "partial"),  # the rules say correct
        judged("fin-1040-amount-owed", "wrong"),  # agrees
        judged("openrag-neg-0035bbca", None, "unparsed", "Hmm, hard to say."),
    ):
        append_judgement(path, judgement)
    return path, workspace


async def choose(pilot, name: str) -> None:
    await pilot.press("f")
    await pilot.pause()
    pilot.app.screen.query_one(OptionList).highlighted = FILTERS.index(name)
    await pilot.press("enter")
    await settled(pilot)


async def test_the_verdict_panel_shows_rules_judge_and_mark(tmp_path):
    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("n")  # fin-adt-amount-due: the rules say correct, the judge wrong
        await pilot.press("c")
        await pilot.pause()
        panel = text_of(app, "#verdict")
        assert " CORRECT " in panel and "judge" in panel and " WRONG " in panel
        assert "rules and judge disagree" in panel
        assert "The answer names another figure." in panel and "prompt judge-1" in panel
        assert panel.index("judge") < panel.index("reviewer")  # rules, judge, your mark
        await pilot.press("g")  # the first answer: no judgement, no judge line
        await pilot.pause()
        assert "judge " not in text_of(app, "#verdict")


async def test_an_unparsed_reply_shows_as_no_verdict(tmp_path):
    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("colon", *"openrag-neg-0035bbca", "enter")
        await pilot.pause()
        panel = text_of(app, "#verdict")
        assert "no verdict: the reply could not be read 'Hmm, hard to say.'" in panel
        assert "rules and judge disagree" not in panel


async def test_the_filter_rules_and_judge_disagree(tmp_path):
    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await choose(pilot, "judge-disagrees")
        assert app.session.order.filter == "judge-disagrees"
        shown = [app.session.run.answer(i).qid for i in app.session.order.visible]
        assert shown == ["fin-adt-amount-due", "fin-ins-flood"]
        assert "1 / 2" in text_of(app, "#topbar")


async def test_read_next_puts_the_queue_first_and_names_its_signals(tmp_path):
    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("n", "n")  # away from the first answer: the order starts at its top
        await choose(pilot, "read-next")
        assert app.session.order.filter == "read-next" and app.screen.index == 0
        order = [app.session.run.answer(i).qid for i in app.session.order.visible]
        assert order[:2] == ["fin-adt-amount-due", "fin-ins-flood"]  # the judge disagrees: +4
        assert len(order) == 10  # an order, not a filter: every answer
        assert "fin-adt-amount-due" in text_of(app, "#question")
        assert "read next  score 4: rules and judge disagree (+4): judge says wrong" in text_of(
            app, "#verdict"
        )


def test_the_session_orders_the_queue_once_and_again_after_a_regrade(tmp_path):
    session = ReviewSession(*judged_run(tmp_path))
    session.run.grade_everything()
    assert not session.order.queue_ready
    first = session.order.reading_queue()
    assert session.order.queue_ready and session.order.reading_queue() is first
    session.regrade()
    assert not session.order.queue_ready
    assert [row.qid for row in session.order.reading_queue()] == [row.qid for row in first]
    session.close()


async def test_the_scorecard_puts_the_judge_beside_the_rules_against_the_reviewer(tmp_path):
    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("n", "c", "n", "n", "c")  # agree on the ADT bill and the 1040
        await pilot.press("s")
        await pilot.pause()
        summary = text_of(app, "#agreement")
        assert "every grader against the reviewers" in summary
        assert "rules             covers 2/2 · agreement 100.0%" in summary
        assert "judge             covers 2/2 · agreement 50.0%" in summary
