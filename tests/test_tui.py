"""The review app: Pilot tests for every key, untrusted text, bad runs; snapshots of the screens."""

from __future__ import annotations

import shutil

import orjson
import pytest
from textual.widgets import Input, Label, OptionList, Select, Static

from engine.workspace import Workspace
from grader.records.marks import read_marks
from grader.rules.declines import load_declines
from tests.conftest import ROOT
from tui.app import ReviewApp
from tui.screens.listings import HelpScreen
from tui.screens.needle import NeedleDialog
from tui.screens.review import ReviewScreen
from tui.screens.scorecard import ScorecardScreen
from tui.session.order import FILTERS

EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"
SIZE = (150, 45)


@pytest.fixture
def workspace(tmp_path, monkeypatch, pinned_rules):
    """A workspace of its own; its needles folder starts empty (the shipped list in force).
    The rules' revision is pinned (`pinned_rules`)."""
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    (tmp_path / "corpora").mkdir()
    runs = tmp_path / "runs"
    runs.mkdir()
    return Workspace(
        runs_dir=runs, corpora_root=tmp_path / "corpora", needles_dir=tmp_path / "needles"
    )


def copy_example(workspace: Workspace, extra: bytes = b"") -> object:
    path = workspace.runs_dir / "example-essay-cases.jsonl"
    path.write_bytes(EXAMPLE.read_bytes() + extra)
    return path


def app_for(workspace: Workspace, extra: bytes = b"") -> ReviewApp:
    return ReviewApp(copy_example(workspace, extra), workspace)


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def review(app: ReviewApp) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


def text_of(app: ReviewApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def propose(pilot, phrase: str, why: str = "", target: str | None = None) -> NeedleDialog:
    """Open the needle dialog, fill it in, press Scan and wait for the scan."""
    await pilot.press("a")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, NeedleDialog)
    dialog.query_one("#phrase", Input).value = phrase
    dialog.query_one("#why", Input).value = why
    if target is not None:
        dialog.query_one("#list", Select).value = target
    await pilot.click("#scan")
    await settled(pilot)
    return dialog


async def test_navigation_keys(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        screen = review(app)
        assert screen.index == 0
        assert not screen.check_action("previous", ())
        await pilot.press("n")
        await pilot.press("right")
        assert screen.index == 2
        await pilot.press("p")
        await pilot.press("left")
        assert screen.index == 0
        await pilot.press("G")
        assert screen.index == 9
        assert not screen.check_action("next", ())
        await pilot.press("n")
        assert screen.index == 9
        await pilot.press("g")
        assert screen.index == 0
        assert "fin-adt-amount-due-essay" in text_of(app, "#question")
        assert "1 / 10" in text_of(app, "#topbar")


async def test_sources_are_listed_and_selected_with_brackets(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)  # the alarm-bill answer: three sources, the golden one third
        table = text_of(app, "#sources")
        assert "adt-2024-03" in table and "golden" in table
        assert "[1] utility-2024-02" in text_of(app, "#source-text")
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert "[3] adt-2024-03" in text_of(app, "#source-text")
        assert "Ending balance $42.99" in text_of(app, "#source-text")
        await pilot.press("right_square_bracket")  # past the last: stays
        assert "[3] adt-2024-03" in text_of(app, "#source-text")
        await pilot.press("left_square_bracket")
        assert "[2] bank-2024-03" in text_of(app, "#source-text")


async def test_jump_to_qid(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("colon")
        await pilot.press(*"openrag-neg-006b56ae", "enter")
        await pilot.pause()
        assert "openrag-neg-006b56ae" in text_of(app, "#question")


async def test_filter_money_violations(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("f")
        options = app.screen.query_one(OptionList)
        options.highlighted = FILTERS.index("violations")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.order.filter == "violations"
        assert len(app.session.order.visible) == 3  # the alarm bill, the 1040, the bank transfer
        assert "1 / 3" in text_of(app, "#topbar")
        assert "VIOLATION" in text_of(app, "#verdict")


async def test_e_opens_the_rule_of_each_label(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        app.session.order.set_filter("violations")
        review(app).go_to(0)
        await pilot.pause()
        assert "M001 wrong money: asserted" in text_of(app, "#verdict")
        await pilot.press("e")
        await pilot.pause()
        page = str(app.screen.query_one("#results", Static).render())
        assert "M001  wrong money" in page
        assert "decided   grader/rules/money_check.py:" in page and "wrong_money_label" in page
        assert "ZERO-WRONG-MONEY" in page and "fires on" in page
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


async def test_fuzzy_search(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("slash", *"overdraft fee")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "fin-bank-overdraft-fee" in text_of(app, "#question")


async def test_mark_and_undo_are_appended(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("enter")  # the first verdict offered, correct, highlighted at open
        await pilot.press(*"quoted right figure", "enter")
        await pilot.pause()
        marks, _ = read_marks(app.session.run.path)
        assert marks["fin-adt-amount-due-essay"].verdict == "correct"
        assert marks["fin-adt-amount-due-essay"].grader_verdict == "wrong"
        assert "reviewer" in text_of(app, "#verdict")
        await pilot.press("u")
        await pilot.pause()
        marks, _ = read_marks(app.session.run.path)
        assert marks == {}
    lines = (workspace.runs_dir / "example-essay-cases.marks.jsonl").read_bytes().splitlines()
    assert [orjson.loads(line)["type"] for line in lines] == ["mark", "undo"]


async def test_agree_and_undo_on_the_answer_on_screen(workspace):
    """u once took back the newest mark of the run, whichever answer was on screen."""
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("c")  # agree with the first answer
        await pilot.press("n", "c")  # and the second
        await pilot.pause()
        marks, _ = read_marks(app.session.run.path)
        assert {q: m.says for q, m in marks.items()} == {
            "fin-adt-amount-due-essay": "agree",
            "fin-adt-amount-due": "agree",
        }
        await pilot.press("p", "u")  # back on the first answer: its mark goes, not the newest
        await pilot.pause()
        marks, _ = read_marks(app.session.run.path)
        assert set(marks) == {"fin-adt-amount-due"}
        assert any(
            "took back your mark on fin-adt-amount-due-essay" in n.message
            for n in app._notifications
        )
        await pilot.press("u")
        assert any("has no mark of yours to undo" in n.message for n in app._notifications)


async def test_undo_takes_back_only_your_mark_and_both_marks_are_shown(workspace, monkeypatch):
    """`u` took back a colleague's imported label, and the app showed only the newest mark."""
    from grader.records.marks import LABEL, Mark, append_mark, read_reviews

    monkeypatch.setenv("RAGTRIAGE_REVIEWER", "ana")
    path = copy_example(workspace)
    qid = "fin-adt-amount-due-essay"
    label = Mark(
        qid,
        LABEL,
        "wrong",
        "quotes the wrong amount",
        "2026-12-06T08:00:00Z",
        "bea",
        "",
        "",
        source="bea.csv:2",
    )
    append_mark(path, label)
    app = ReviewApp(path, workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("c")  # ana agrees with the grader
        await pilot.pause()
        assert [(m.by, m.says) for m in read_reviews(path)[0][qid]] == [
            ("bea", "label"),
            ("ana", "agree"),
        ]
        await pilot.press("p")  # back on the answer: both marks, each under its name
        await pilot.pause()
        shown = text_of(app, "#verdict")
        assert "reviewer bea" in shown and "reviewer ana" in shown
        await pilot.press("u")
        await pilot.pause()
        assert [m.by for m in read_reviews(path)[0][qid]] == ["bea"]
        assert "took back your mark on fin-adt-amount-due-essay; bea's mark stays" in str(
            list(app._notifications)[-1].message
        )
        await pilot.press("u")
        await pilot.pause()
        assert [m.by for m in read_reviews(path)[0][qid]] == ["bea"]
        assert "has no mark of yours to undo; bea's mark stays" in str(
            list(app._notifications)[-1].message
        )


async def test_the_scorecard_counts_reviewed_answers_only(workspace):
    """With no mark at all it once said 'agreement 100.0%, kappa 1.000'."""
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("s")
        await pilot.pause()
        shown = str(app.screen.query_one("#agreement", Static).render())
        assert "reviewed 0 of 10" in shown and "agreement n/a" in shown
        await pilot.press("escape", "c", "s")
        await pilot.pause()
        shown = str(app.screen.query_one("#agreement", Static).render())
        assert "reviewed 1 of 10" in shown and "agreement 100.0%" in shown


async def test_scorecard_screen_shows_agreement(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert "Cohen's kappa" in str(app.screen.query_one("#agreement", Static).render())
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


async def test_help_panel_and_quit(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
    assert app.return_code == 0


async def test_propose_a_decline_scans_then_accepts_and_regrades(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("G")  # the engine-error answer; the phrase is a decline phrase
        dialog = await propose(
            pilot, "the figure is not stated", "a longer form of an academic decline"
        )
        scan_text = str(dialog.query_one("#scan-text", Static).render())
        assert "contains 'not stated'" in scan_text
        await pilot.click("#accept")
        await pilot.pause(0.3)  # a button ignores a second press during its 0.2 s press effect
        assert isinstance(app.screen, NeedleDialog), "collisions need an override reason"
        assert "give an override reason" in str(dialog.query_one("#status", Static).render())
        dialog.query_one("#override", Input).value = "testing the override path"
        await pilot.click("#accept")
        await settled(pilot)
        assert isinstance(app.screen, ReviewScreen), str(
            dialog.query_one("#status", Static).render()
        )
        assert any("regraded" in n.message for n in app._notifications)
    listed = load_declines(workspace.declines_path)
    added = [p for p in listed.phrases if p.phrase == "the figure is not stated"]
    assert added and added[0].override == "testing the override path"


async def test_an_override_cannot_add_a_recorded_exclusion(workspace):
    assert not workspace.declines_file.exists()
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        dialog = await propose(pilot, "not covered", "insurance answers")
        assert "deliberately excluded" in str(dialog.query_one("#scan-text", Static).render())
        dialog.query_one("#override", Input).value = "I insist"
        await pilot.click("#accept")
        await settled(pilot)
        assert isinstance(app.screen, NeedleDialog), "refused, the dialog stays open"
        assert "recorded exclusion" in str(dialog.query_one("#status", Static).render())
    assert not workspace.declines_file.exists(), "nothing written"


async def test_a_question_needle_is_offered_only_for_a_corpus_question(workspace):
    """A question needle was offered for an imported answer, then refused on Scan ("no
    question 'row-6' in any corpus")."""
    app = app_for(workspace)  # its questions are in no corpus of this workspace, as imported
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NeedleDialog)
        lists = dialog.query_one("#list", Select)
        assert [value for _label, value in lists._options] == ["decline"]
        said = text_of(app, "#no-question-needles")
        assert "in no corpus" in said and "must_contain_any" in said and "import" in said


async def test_launch_dialog_lists_corpora(workspace, tmp_path):
    finance = tmp_path / "corpora" / "finance"
    shutil.copytree(
        ROOT / "corpora" / "finance", finance, ignore=shutil.ignore_patterns("generate.py")
    )
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert str(app.screen.query_one("#corpus", Select).value) == "finance"
        assert str(app.screen.query_one("#config", Select).value) == "k5"
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


def finance_workspace(workspace, tmp_path):
    finance = tmp_path / "corpora" / "finance"
    shutil.copytree(
        ROOT / "corpora" / "finance", finance, ignore=shutil.ignore_patterns("generate.py")
    )
    return finance


@pytest.mark.parametrize(
    ("typed", "message"),
    [("", "give a limit"), ("many", "whole number"), ("0", "1 or more"), ("-3", "1 or more")],
    ids=["blank", "not-a-number", "zero", "negative"],
)
async def test_the_launch_limit_is_required_and_positive(workspace, tmp_path, typed, message):
    """A blank or non-numeric limit once started a run of all 71 questions."""
    from tui.screens.launch import LaunchDialog

    finance_workspace(workspace, tmp_path)
    started = []
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        dialog = LaunchDialog(workspace, make_generator=lambda model: started.append(model))
        app.push_screen(dialog)
        await pilot.pause()
        dialog.query_one("#limit", Input).value = typed
        await pilot.click("#start")
        await pilot.pause()
        assert message in str(dialog.query_one("#status", Static).render())
        assert not started and not dialog.running


async def test_the_launch_dialog_defaults_to_the_open_runs_configuration(workspace, tmp_path):
    finance_workspace(workspace, tmp_path)
    run = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
    path = workspace.runs_dir / run.name
    path.write_bytes(run.read_bytes())
    app = ReviewApp(path, workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert str(app.screen.query_one("#config", Select).value) == "k3-small"
        labels = [str(label.render()) for label in app.screen.query(Label)]
        assert {"Corpus", "Configuration", "Model"} <= set(labels)
        assert any("Questions to answer" in label for label in labels)


async def test_cancel_stops_a_running_run_after_the_answer_in_flight(workspace, tmp_path):
    import time

    from tests.fakes import ScriptedGenerator
    from tui.screens.launch import LaunchDialog

    class Slow(ScriptedGenerator):
        def generate(self, prompt, max_tokens):
            time.sleep(0.2)
            return super().generate(prompt, max_tokens)

    finance_workspace(workspace, tmp_path)
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        dialog = LaunchDialog(workspace, make_generator=lambda model: Slow())
        app.push_screen(dialog)
        await pilot.pause()
        dialog.query_one("#limit", Input).value = "20"
        await pilot.click("#start")
        await pilot.pause(0.7)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen), "the dialog closes once the run stops"
        assert any("--resume" in n.message for n in app._notifications)
    (run,) = [p for p in workspace.runs_dir.glob("*finance*.jsonl") if ".grades" not in p.name]
    answers = run.read_bytes().count(b'"type":"answer"')
    assert 1 <= answers < 20
    assert main_resume_plan(run) == 20 - answers


def main_resume_plan(path):
    from engine.run import plan_resume

    return len(plan_resume(path, path.parent.parent / "corpora").remaining)


UNTRUSTED = (
    "[bold]not bold[/] [link=https://example.com]link[/link] \x1b[31mred\x1b[0m "
    "wide: 東京 💰 " + "x" * 5000
)


async def test_untrusted_text_is_shown_literally(workspace):
    record = {
        "type": "answer",
        "qid": "weird[/]",
        "kind": "answerable",
        "question": "[red]?",
        "gold": {"key": "[/]"},
        "answer": UNTRUSTED,
        "sources": [{"n": 1, "doc": "d[/b]", "text": "\x1b[2J[blink]src"}],
    }
    app = app_for(workspace, orjson.dumps(record) + b"\n")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("G")
        await pilot.pause()
        answer = text_of(app, "#answer")
        assert "[bold]not bold[/]" in answer
        assert "\\x1b[31mred" in answer and "\x1b" not in answer
        assert "東京" in answer
        assert "weird[/]" in text_of(app, "#question")
        assert "\\x1b[2J[blink]src" in text_of(app, "#source-text")


TABLE_ANSWER = (
    "## Answer\n\n| Site | Excavator |\n|---|---|\n| Knossos | Sir Arthur Evans (from 1900) |"
)
BOLD_ANSWER = "**Heinrich Schliemann** began digging at Hisarlik in 1870 \u2014 \u201cTroy\u201d."


def markdown_answers() -> bytes:
    """Two answers written in markdown after the example's ten: a table, then bold marks."""
    lines = b""
    for qid, question, answer, key in (
        ("knossos", "Who excavated Knossos?", TABLE_ANSWER, "Sir Arthur Evans"),
        ("troy", "Who first dug at Hisarlik?", BOLD_ANSWER, "Heinrich Schliemann"),
    ):
        record = {
            "type": "answer",
            "qid": qid,
            "kind": "answerable",
            "question": question,
            "gold": {"key": key},
            "answer": answer,
        }
        lines += orjson.dumps(record) + b"\n"
    return lines


async def test_w_shows_the_answer_as_written_and_keeps_it_on_the_next_answer(workspace):
    """The answer panel showed only the grader's reading: a markdown table lost its header row
    and pipes, bold lost its ``**``, and the reviewer could not see what the model wrote."""
    app = app_for(workspace, markdown_answers())
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press(":", *"knossos", "enter")
        await pilot.pause()
        panel = app.screen.query_one("#answer", Static)
        assert text_of(app, "#answer") == "Knossos, Sir Arthur Evans (from 1900)"  # the reading
        assert "attributed" in str(panel.border_subtitle)
        await pilot.press("w")
        assert review(app).written
        assert text_of(app, "#answer") == TABLE_ANSWER, "as in the run file, line breaks too"
        assert "as written" in str(panel.border_subtitle)
        await pilot.press("n")  # the view is kept on the next answer
        assert "troy" in text_of(app, "#question")
        assert text_of(app, "#answer") == BOLD_ANSWER
        await pilot.press("w")  # and back to the reading
        assert not review(app).written
        assert (
            text_of(app, "#answer")
            == 'Heinrich Schliemann began digging at Hisarlik in 1870 - "Troy".'
        )
        assert "attributed" in str(panel.border_subtitle)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "w          Written: the answer as the model wrote it" in text_of(app, "#keys")


async def test_malformed_lines_are_listed_and_the_rest_reviewable(workspace):
    app = app_for(workspace, b"{broken\n" + b'{"type": "answer", "qid": "\xff"}\n')
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        banner = text_of(app, "#banner")
        assert "2 line(s) could not be read" in banner and "12, 13" in banner
        assert app.session.run.scorecard().total == 10
        await pilot.press("m")
        await pilot.pause()
        assert "line 12: not valid JSON" in str(app.screen.query_one("#results", Static).render())


async def test_malformed_lines_are_not_answers(workspace):
    """Two bad lines among four answers once showed "1 / 6", and n landed on an empty screen
    that read "line 3: not valid JSON"."""
    lines = EXAMPLE.read_bytes().splitlines(keepends=True)
    body = (
        lines[0]
        + lines[1]
        + b"{broken\n"
        + lines[2]
        + b'{"type": "answer"}\n'
        + lines[3]
        + lines[4]
    )
    path = workspace.runs_dir / "bad.jsonl"
    path.write_bytes(body)
    app = ReviewApp(path, workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert "1 / 4" in text_of(app, "#topbar")
        seen = []
        for _ in range(5):
            seen.append(text_of(app, "#question"))
            await pilot.press("n")
        assert all("not valid JSON" not in text and "line " not in text[:6] for text in seen)
        assert "4 / 4" in text_of(app, "#topbar")
        await pilot.press("g")
        assert "1 / 4" in text_of(app, "#topbar")


async def test_empty_run_says_so(workspace):
    """A run just started: a header and no answer yet."""
    path = workspace.runs_dir / "empty.jsonl"
    path.write_bytes(b'{"type": "run", "schema": 1, "run_id": "empty", "corpus": "finance"}\n')
    app = ReviewApp(path, workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert "holds no answers" in text_of(app, "#banner")
        await pilot.press("n", "p", "d", "f")


# --- snapshots ---------------------------------------------------------------------------------


def test_snapshot_review_screen(snap_compare, workspace):
    assert snap_compare(app_for(workspace), terminal_size=SIZE, run_before=_settle)


def test_snapshot_needle_modal_with_collision(snap_compare, workspace):
    async def scanned(pilot) -> None:
        await _settle(pilot)
        await propose(pilot, "not covered", "insurance")
        await _settle(pilot)

    assert snap_compare(app_for(workspace), terminal_size=SIZE, run_before=scanned)


def test_snapshot_scorecard(snap_compare, workspace):
    assert snap_compare(app_for(workspace), terminal_size=SIZE, press=["s"], run_before=_settle)


def test_snapshot_empty_run(snap_compare, workspace):
    path = workspace.runs_dir / "empty.jsonl"
    path.write_bytes(b'{"type": "run", "schema": 1, "run_id": "empty", "corpus": "finance"}\n')
    assert snap_compare(ReviewApp(path, workspace), terminal_size=SIZE, run_before=_settle)


def test_snapshot_malformed_lines(snap_compare, workspace):
    app = app_for(workspace, b"{broken\n" + b'{"type": "answer", "qid": 3}\n')
    assert snap_compare(app, terminal_size=SIZE, run_before=_settle)


async def _settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


# --- issue items, one test each ----------------------------------------------------------------


async def test_at_100_columns_the_header_keeps_the_money_bar_and_the_marks(workspace):
    app = app_for(workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        first_line = text_of(app, "#topbar").splitlines()[0]
        assert "ZERO-WRONG-MONEY FAIL" in first_line and "marked 0" in first_line


async def test_at_100_columns_the_sources_table_fits_its_pane(workspace):
    # The committed k5 run: its first answer's sources hold a document id longer than the pane
    # leaves ("paystub-2024-03-15"), which is shortened rather than wrapping the row.
    (k5,) = (ROOT / "runs").glob("*-finance-k5.jsonl")
    path = workspace.runs_dir / k5.name
    path.write_bytes(k5.read_bytes())
    app = ReviewApp(path, workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        sources = app.screen.query_one("#sources", Static)
        lines = str(sources.render()).splitlines()
        assert any("\u2026" in line for line in lines)  # a document id was shortened
        assert max(map(len, lines)) == sources.content_size.width  # as wide as the pane, no wider
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        lines = str(sources.render()).splitlines()
        assert any("paystub-2024-03-15" in line for line in lines)  # drawn again, now whole
        assert max(map(len, lines)) <= sources.content_size.width


async def test_previous_and_first_stay_listed_at_the_start(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        screen = review(app)
        assert screen.check_action("previous", ()) is None  # dimmed, not hidden (False)
        assert screen.check_action("first", ()) is None
        assert screen.check_action("next", ()) is True
        await pilot.press("right")  # the arrows move between answers
        assert screen.index == 1


async def test_jump_takes_a_prefix_or_a_near_spelling(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert app.session.order.find_qid("openrag-neg-006") == "openrag-neg-006b56ae"
        assert app.session.order.find_qid("fin-ins-flod") == "fin-ins-flood"
        assert app.session.order.find_qid("zzzz-nothing") is None


async def test_attributed_text_is_marked_without_colour_and_a_suspicious_pass_says_so(workspace):
    suspicious = {
        "type": "answer",
        "qid": "suspicious",
        "kind": "answerable",
        "question": "How much is due?",
        "gold": {"key": "$42.99", "golden_docs": ["adt-2024-03"]},
        "answer": "The amount due is $42.99 [1], and the late fee is $5.00 [1].",
        "sources": [{"n": 1, "doc": "adt-2024-03", "text": "Amount due $42.99"}],
    }
    app = app_for(workspace, orjson.dumps(suspicious) + b"\n")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert "\u00abindicated in Source 3" in text_of(app, "#answer")
        await pilot.press("colon", *"suspicious", "enter")
        await pilot.pause()
        assert "SUSPICIOUS PASS" in text_of(app, "#verdict")


async def test_after_a_scan_accept_has_the_focus_and_a_label_change_is_no_verdict_change(
    workspace,
):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        dialog = await propose(pilot, "the figure is not stated", "a longer form")
        assert app.focused is dialog.query_one("#accept")
        assert "observed flips agree" not in str(dialog.query_one("#scan-text", Static).render())


async def test_a_disagreement_can_say_whether_the_answer_declined(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("d")
        await pilot.pause()
        app.screen.query_one("#verdicts", OptionList).highlighted = 0
        app.screen.query_one("#declined", Select).value = "no"
        app.screen.query_one("#note", Input).value = "it quotes the right figure"
        await pilot.click("#ok")
        await pilot.pause()
    (mark,) = read_marks(app.session.run.path)[0].values()
    assert (mark.says, mark.declined) == ("disagree", False)


async def test_an_accepted_phrase_records_the_answer_on_screen_as_observed(workspace):
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("colon", *"openrag-neg-006b56ae", "enter")
        await pilot.pause()
        dialog = await propose(pilot, "the specific figure is not explicitly", "academic register")
        dialog.query_one("#override", Input).value = "contains an existing phrase, on purpose"
        await pilot.click("#accept")
        await settled(pilot)
    added = next(
        p
        for p in load_declines(workspace.declines_file).phrases
        if p.phrase == "the specific figure is not explicitly"
    )
    assert added.observed == "example-essay-cases:openrag-neg-006b56ae"


# --- A/B: two runs side by side -----------------------------------------------------------------

K3 = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
K5 = ROOT / "runs" / "20261130-182735-finance-k5.jsonl"


def ab_app(workspace: Workspace) -> ReviewApp:
    a = workspace.runs_dir / K3.name
    b = workspace.runs_dir / K5.name
    a.write_bytes(K3.read_bytes())
    b.write_bytes(K5.read_bytes())
    return ReviewApp(a, workspace, against=b)


async def test_side_by_side_with_the_changed_filter_and_marks_to_their_run(workspace):
    from tui.screens.compare import CompareScreen

    app = ab_app(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        top = text_of(app, "#topbar")
        assert "correct A 2 · B 1" in top and "with 1 discordant question" in top
        assert "more than one thing changed" in text_of(app, "#banner")
        first = screen.session.visible[0]
        assert first in text_of(app, "#question")
        assert text_of(app, "#answer-a") != text_of(app, "#answer-b")
        # f: the filter dialog lists all/changed/gained/lost; "changed" steps through exactly
        # the questions whose grade differs.
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        changed = [d.qid for d in screen.session.comparison.differences]
        assert screen.session.visible == changed and len(changed) == 20
        seen = []
        for _ in changed:
            seen.append(screen.session.visible[screen.index])
            assert seen[-1] in text_of(app, "#question")
            await pilot.press("n")
            await pilot.pause()
        assert seen == changed
        # Marks go to the run of the side selected (Tab switches).
        await pilot.press("g")
        await pilot.pause()
        qid = screen.session.visible[0]
        await pilot.press("tab", "c")
        await pilot.pause()
        b_marks, _ = read_marks(screen.session.b.run.path)
        a_marks, _ = read_marks(screen.session.a.run.path)
        assert qid in b_marks and qid not in a_marks
        assert "marks to B" in text_of(app, "#topbar")
        await pilot.press("tab", "u")
        await pilot.pause()
        assert "has no mark of yours in A" in str(list(app._notifications)[-1].message)


async def test_w_shows_both_answers_as_written_and_keeps_it_on_the_next_question(workspace):
    """The A/B screen showed only the grader's reading of each side's answer, as the review
    screen did before its ``w``."""
    from tui.screens.compare import CompareScreen

    a = copy_example(workspace, markdown_answers())
    b = workspace.runs_dir / "example-essay-cases-b.jsonl"
    b.write_bytes(a.read_bytes().replace(b"**Heinrich Schliemann**", b"**Frank Calvert**"))
    app = ReviewApp(a, workspace, against=b)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        await pilot.press("G")  # the last question: troy, bold in both runs
        await pilot.pause()
        assert "troy" in text_of(app, "#question")
        assert text_of(app, "#answer-a").startswith("Heinrich Schliemann began")  # the reading
        await pilot.press("w")
        await pilot.pause()
        assert text_of(app, "#answer-a") == BOLD_ANSWER
        assert text_of(app, "#answer-b") == BOLD_ANSWER.replace(
            "Heinrich Schliemann", "Frank Calvert"
        )
        for side in ("a", "b"):
            panel = screen.query_one(f"#answer-{side}", Static)
            assert "as written" in str(panel.border_subtitle)
        await pilot.press("p")  # kept on the question before: the table with its pipes
        await pilot.pause()
        assert "knossos" in text_of(app, "#question")
        assert text_of(app, "#answer-a") == text_of(app, "#answer-b") == TABLE_ANSWER
        await pilot.press("w")  # and back to the reading
        await pilot.pause()
        assert text_of(app, "#answer-a") == "Knossos, Sir Arthur Evans (from 1900)"
        assert "attributed" in str(screen.query_one("#answer-a", Static).border_subtitle)


async def test_the_lost_filter_shows_the_questions_only_a_got_right(workspace):
    app = ab_app(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        session = app.screen.session
        assert session.set_filter("lost") == 1
        assert session.set_filter("gained") == 0
        lost = {d.qid for d in session.comparison.differences if d.change == "lost"}
        session.set_filter("lost")
        # (fin-amb-premium is partial in A too since grader v3: it cites [1], the exclusions
        # page, not [2], which holds the premium)
        assert set(session.visible) == lost == {"fin-ins-premium"}


def test_snapshot_compare_screen(snap_compare, workspace):
    assert snap_compare(ab_app(workspace), terminal_size=SIZE, run_before=_settle)


async def test_the_app_quits_when_its_terminal_hangs_up(workspace):
    # A terminal that goes away without a SIGHUP reaching the app (a tmux pane killed under
    # `make run`) reads end-of-file forever; the app checks its terminal and quits.
    import os
    import pty

    master, terminal = pty.openpty()
    app = app_for(workspace)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settled(pilot)
            app._quit_without(terminal)
            await pilot.pause()
            assert app.is_running  # the terminal is still there
            os.close(master)
            app._quit_without(terminal)
            await pilot.pause()
        assert app.return_code == 129
    finally:
        os.close(terminal)


class GraderThatFails:
    """Today's grader, with a rule that raises on one answer: a bug that background grading
    meets."""

    def __init__(self, grader, qid: str) -> None:  # type: ignore[no-untyped-def]
        self.grader = grader
        self.qid = qid

    def grade(self, answer):  # type: ignore[no-untyped-def]
        if answer.qid == self.qid:
            raise ValueError(f"a rule failed on {answer.qid}")
        return self.grader.grade(answer)

    def graded(self, answer):  # type: ignore[no-untyped-def]
        if answer.qid == self.qid:
            raise ValueError(f"a rule failed on {answer.qid}")
        return self.grader.graded(answer)

    def __getattr__(self, name):  # type: ignore[no-untyped-def]
        return getattr(self.__dict__["grader"], name)


async def test_a_grader_that_fails_in_the_background_is_a_notification_and_the_app_goes_on(
    workspace,
):
    """A failure in background grading ended the app with a traceback."""
    app = app_for(workspace)
    last = app.session.run.answer(app.session.run.total - 1)
    app.session.run.grader = GraderThatFails(app.session.run.grader, last.qid)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert app.is_running
        (failure,) = [n for n in app._notifications if n.severity == "error"]
        assert failure.message == f"grading failed: ValueError: a rule failed on {last.qid}"
        assert "the grading failed" in text_of(app, "#topbar")
        await pilot.press("f")  # the filters say why they wait
        assert (
            "the grading failed; filters need every grade" in list(app._notifications)[-1].message
        )
        await pilot.press("n", "c")  # the app still steps and marks
        assert review(app).index == 1
        assert app.session.run.answer(app.session.order.visible[1]).qid in app.session.marks.latest


def test_looking_up_an_answer_changes_nothing_and_showing_it_settles_it(workspace):
    """`shown` once both looked up and dropped malformed lines from the filter, and graded."""
    from tui.session.review import ReviewSession

    header, first, *rest = EXAMPLE.read_bytes().splitlines(keepends=True)
    path = workspace.runs_dir / "broken.jsonl"
    path.write_bytes(header + first + b"{broken\n" + b"".join(rest))
    session = ReviewSession(path, workspace)
    visible = list(session.order.visible)
    looked = session.look_up(1)
    assert looked is not None and looked.answer is None and looked.problem is not None
    assert session.look_up(2).grade is None  # not graded by a look-up
    assert session.order.visible == visible and session.run.grades == [None] * session.run.total
    shown = session.shown(1)  # the malformed line leaves the filter; the next answer is shown
    assert shown.answer is not None and shown.grade is not None
    assert session.order.visible == visible[:1] + visible[2:]
    assert session.look_up(1) == shown


def test_the_errors_filter_shows_the_engine_errors_the_scorecard_counts(workspace):
    """Two places decided what an engine error is, each its own way."""
    from tui.session.review import ReviewSession

    session = ReviewSession(copy_example(workspace), workspace)
    session.run.grade_everything()
    errors = session.order.set_filter("errors")
    assert errors == session.run.scorecard().engine_errors == 1


async def test_the_filter_dialog_marks_the_highlighted_filter_without_colour(workspace):
    """The filter chosen was shown by its colour alone."""
    app = app_for(workspace)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("f")
        await pilot.pause()
        options = app.screen.query_one("#filters", OptionList)

        def prompts() -> list[str]:
            return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]

        assert [p.split()[1] for p in prompts() if p.startswith("› ")] == ["all"]
        assert all(p.startswith("  ") for p in prompts()[1:])
        await pilot.press("down")
        assert [p.split()[1] for p in prompts() if p.startswith("› ")] == ["wrong"]
