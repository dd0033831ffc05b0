"""The review app at 80x24 and 100x30: the verdict on the first screen, the footer whole, every
dialog's buttons and status on screen and its content scrolling; Enter starts a run; `?` lists
the screen's own keys first; `q` during a run stops it and says how to resume; marks are chosen,
never defaulted."""

from __future__ import annotations

import contextlib
import shutil
import threading
import time

import orjson
import pytest
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets._footer import FooterKey
from textual.worker import WorkerCancelled

from engine.workspace import Workspace
from grader.records.marks import read_marks
from tests.conftest import ROOT
from tests.fakes import ScriptedGenerator
from tui.app import ReviewApp
from tui.screens.dialog import DialogBody
from tui.screens.launch import LaunchDialog
from tui.screens.listings import HelpScreen
from tui.screens.mark_dialog import MarkDialog
from tui.screens.needle import NeedleDialog
from tui.screens.review import ReviewScreen

SIZES = [(80, 24), (100, 30)]
SIZE_IDS = ["80x24", "100x30"]
EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"
K3 = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
K5 = ROOT / "runs" / "20261130-182735-finance-k5.jsonl"


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    shutil.copytree(
        ROOT / "corpora" / "finance",
        tmp_path / "corpora" / "finance",
        ignore=shutil.ignore_patterns("*.py"),
    )
    (tmp_path / "runs").mkdir()
    return Workspace(
        runs_dir=tmp_path / "runs",
        corpora_root=tmp_path / "corpora",
        needles_dir=tmp_path / "needles",
    )


def app_on(workspace: Workspace, source=K3, keep: int | None = None) -> ReviewApp:
    lines = source.read_bytes().splitlines()
    if keep is not None:
        lines = lines[: 1 + keep]
    path = workspace.runs_dir / source.name
    path.write_bytes(b"\n".join(lines) + b"\n")
    return ReviewApp(path, workspace)


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def on_screen(app, widget) -> bool:
    """The whole of ``widget`` is inside the terminal (and drawn: not zero-sized)."""
    region = widget.region
    width, height = app.size
    return (
        region.width > 0
        and region.height > 0
        and region.x >= 0
        and region.y >= 0
        and region.right <= width
        and region.bottom <= height
    )


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_verdict_is_on_the_first_screen_and_the_footer_is_whole(workspace, size):
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        verdict = app.screen.query_one("#verdict", Static)
        # Its border, the verdict and its first label are on the first screen.
        assert verdict.region.y + 3 <= size[1] - 1, verdict.region
        assert "WRONG" in shown(app, "#verdict")
        keys = list(app.screen.query(FooterKey))
        assert keys and all(on_screen(app, key) for key in keys)
        assert {key.description for key in keys} >= {"Next", "Agree", "Disagree", "Quit", "Keys"}
        footer_row = {key.region.y for key in keys}
        assert footer_row == {size[1] - 1}, "one row, the last"


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_scan_report_scrolls_and_scan_accept_stay_on_screen(workspace, size):
    """At 100x30 the scan showed only its counts and its list could not be scrolled; at 80x24
    Scan and Accept were off screen."""
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NeedleDialog)
        for button in ("#scan", "#accept", "#cancel"):
            assert on_screen(app, dialog.query_one(button, Button)), button
        dialog.query_one("#phrase", Input).value = "the"  # inside dozens of listed phrases
        dialog.query_one("#why", Input).value = "a phrase in every answer"
        await pilot.click("#scan")
        await settled(pilot)
        report = shown(app, "#scan-text")
        assert "collisions (" in report and "flips:" in report
        body = dialog.query_one(DialogBody)
        assert body.max_scroll_y > 0, "the report is longer than the dialog"
        scan_text = dialog.query_one("#scan-text", Static)
        assert body.scroll_y > 0 and scan_text.region.y <= body.region.y + 1, (
            "the report's top is brought into view"
        )
        for button in ("#scan", "#accept", "#cancel", "#status"):
            assert on_screen(app, dialog.query_one(button)), button
        before = body.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > before
        await pilot.press("end")  # the focus is on Accept: End is not the body's
        for _ in range(200):
            if body.scroll_y >= body.max_scroll_y:
                break
            await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        assert on_screen(app, dialog.query_one("#accept"))
        assert "collision(s)" in shown(app, "#status")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_run_dialog_fits_and_enter_in_the_limit_starts(workspace, size, monkeypatch):
    """In `r`, Start, Cancel and the status line were off screen, and Enter in the limit field
    did nothing."""
    import tui.screens.launch as launch

    started = []

    def generator(model):
        started.append(model)
        return ScriptedGenerator()

    monkeypatch.setattr(launch, "local_generator", generator)
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LaunchDialog)
        for part in ("#start", "#cancel", "#status", "#limit", "#model", "#progress"):
            assert on_screen(app, dialog.query_one(part)), part
        limit = dialog.query_one("#limit", Input)
        limit.value = "2"
        limit.focus()
        await pilot.press("enter")
        await settled(pilot)
        await settled(pilot)
        assert started == [None]
        assert isinstance(app.screen, ReviewScreen), "the new run opens when it finishes"
        assert app.session.run.total == 2 and app.session.run.path.name != K3.name


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_keys_list_the_screens_own_first_and_scroll(workspace, size):
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        helper = app.screen
        assert isinstance(helper, HelpScreen)
        listing = shown(app, "#keys")
        assert listing.index("Review") < listing.index("The app") < listing.index("Scrolling")
        for key, words in (("n →", "Next"), ("D", "Disagree, next"), ("q", "Quit")):
            assert f"{key:<10} {words}" in listing
        body = helper.query_one(DialogBody)
        assert body.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0
        await pilot.press("down")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_disagreement_is_chosen_never_defaulted(workspace, size):
    """`d` Enter Enter once recorded "disagree: correct" with no note (the verdict Enter
    chooses is the one highlighted and marked › at open, never one unseen)."""
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("d")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MarkDialog)
        for part in ("#ok", "#cancel", "#status", "#note", "#verdicts"):
            assert on_screen(app, dialog.query_one(part)), part
        assert verdict_lines(dialog)[0] == "› correct"  # the first verdict offered, seen
        await pilot.press("enter", "enter")  # chosen; no note yet
        await pilot.pause()
        assert read_marks(app.session.run.path)[0] == {}
        assert isinstance(app.screen, MarkDialog)
        assert "Say why" in shown(app, "#status")
        await pilot.press(*"quotes the key", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    (mark,) = read_marks(app.session.run.path)[0].values()
    assert (mark.says, mark.verdict, mark.note) == ("disagree", "correct", "quotes the key")


async def test_shift_c_and_shift_d_mark_and_move_on(workspace):
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = app.screen
        first = app.session.shown(0).answer.qid
        await pilot.press("C")
        await pilot.pause()
        assert screen.index == 1
        await pilot.press("D")
        await pilot.pause()
        assert isinstance(app.screen, MarkDialog)
        await pilot.press("enter", *"no", "enter")
        await pilot.pause()
        assert screen.index == 2
        await pilot.press("c")  # plain c stays
        await pilot.pause()
        assert screen.index == 2
    marks = read_marks(app.session.run.path)[0]
    assert marks[first].says == "agree" and len(marks) == 3


async def test_a_filter_for_engine_errors(workspace):
    app = app_on(workspace, EXAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("f")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        # Each prompt after its marker column ("› " on the highlighted one).
        labels = [
            str(options.get_option_at_index(i).prompt)[2:] for i in range(options.option_count)
        ]
        assert any(label.startswith("errors") and label.endswith(" 1") for label in labels)
        options.highlighted = labels.index(next(x for x in labels if x.startswith("errors")))
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.order.filter == "errors" and len(app.session.order.visible) == 1
        assert "engine error" in shown(app, "#verdict")


async def test_the_review_header_says_a_run_did_not_finish(workspace):
    app = app_on(workspace, keep=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        top = shown(app, "#topbar").splitlines()
        assert top[1].startswith("incomplete: 2 of 71 planned")


class Slow(ScriptedGenerator):
    """Half a second an answer, and able to say when its first answer has begun."""

    def __init__(self) -> None:
        super().__init__()
        self.answering = threading.Event()

    def generate(self, prompt, max_tokens):
        self.answering.set()
        time.sleep(0.5)
        return super().generate(prompt, max_tokens)


async def test_q_during_a_run_stops_it_and_says_how_to_resume(workspace):
    """`q` during an in-app run once blanked the screen for ~25 s and quit without a word."""
    slow = Slow()
    app = app_on(workspace, EXAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        dialog = LaunchDialog(workspace, "finance", "k3-small", make_generator=lambda m: slow)
        app.push_screen(dialog)
        await pilot.pause()
        limit = dialog.query_one("#limit", Input)
        limit.value = "20"
        limit.focus()
        await pilot.press("enter")  # started from the field: q must not be typed into it
        assert app.focused is dialog.query_one("#cancel")
        assert dialog.query_one("#limit").disabled
        for _ in range(200):
            if slow.answering.is_set():
                break
            await pilot.pause(0.05)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running, "it waits for the answer in flight, saying so"
        assert "then quitting" in shown(app, "#status")
        with contextlib.suppress(WorkerCancelled):  # the app quits from the worker's message
            await app.workers.wait_for_complete()
    assert not app.is_running
    (run,) = [p for p in workspace.runs_dir.glob("*finance-k3-small.jsonl")]
    answered = run.read_bytes().count(b'"type":"answer"')
    assert 1 <= answered < 20
    assert f"finish it with `ragtriage run --resume {run}`" in dialog.farewell


async def test_a_run_stopped_before_its_first_answer_leaves_no_file(workspace):
    """The empty run it left became the newest, the one `ragtriage` opens."""
    loading = threading.Event()
    release = threading.Event()

    def slow_to_load(model):
        loading.set()
        release.wait(10)
        return ScriptedGenerator()

    app = app_on(workspace, EXAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        dialog = LaunchDialog(workspace, "finance", "k3-small", make_generator=slow_to_load)
        app.push_screen(dialog)
        await pilot.pause()
        await pilot.click("#start")
        for _ in range(200):
            if loading.is_set():
                break
            await pilot.pause(0.05)
        await pilot.press("escape")  # Cancel while the model loads
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert any("no run file was" in n.message for n in app._notifications)
    assert not list(workspace.runs_dir.glob("*finance*.jsonl"))


def test_the_sources_table_fits_at_80_columns():
    """At 80 columns every row of the sources table wrapped its last column."""
    from tui.widgets.render import sources_table

    record = orjson.loads(K3.read_bytes().splitlines()[1])
    from grader.records.runfile import decode_line

    _, answer = decode_line(orjson.dumps(record), 2)
    for width in (29, 36, 60):
        lines = str(sources_table(answer, frozenset(), 0, width)).splitlines()
        assert max(map(len, lines)) <= width, (width, lines)


async def test_q_typed_into_a_field_of_the_run_dialog_is_a_letter(workspace):
    app = app_on(workspace, EXAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("r")
        await pilot.pause()
        model = app.screen.query_one("#model", Input)
        model.focus()
        await pilot.press(*"qwen.gguf")
        await pilot.pause()
        assert app.is_running and model.value == "qwen.gguf"


DIALOG_KEYS = {
    "jump": "colon",
    "filter": "f",
    "search": "slash",
    "mark": "d",
    "bad-lines": "m",
    "needle": "a",
    "run": "r",
    "keys": "question_mark",
}


@pytest.mark.parametrize("key", DIALOG_KEYS.values(), ids=DIALOG_KEYS.keys())
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_every_dialog_fits_with_its_buttons(workspace, size, key):
    app = app_on(workspace, EXAMPLE)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press(key)
        await pilot.pause()
        dialog = app.screen
        assert not isinstance(dialog, ReviewScreen)
        assert on_screen(app, dialog.query_one(".dialog"))
        assert all(on_screen(app, button) for button in dialog.query(Button))
        # The body hides nothing behind the title, the foot or the border (its last lines
        # were once drawn under the foot, unreadable at any scroll).
        body = dialog.query_one(DialogBody).region
        frame = dialog.query_one(".dialog").region
        assert body.bottom <= frame.bottom - 1
        for title in dialog.query(".title"):
            assert body.y >= title.region.bottom
        for foot in dialog.query(".dialog-foot"):
            if foot.display:
                assert body.bottom <= foot.region.y


async def open_mark_dialog(pilot) -> MarkDialog:
    await pilot.press("d")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, MarkDialog)
    return dialog


async def test_enter_on_a_chosen_verdict_marks_when_the_note_is_written(workspace):
    """Enter on a verdict did nothing while the old message ("Choose your verdict") stayed."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        dialog = await open_mark_dialog(pilot)
        await pilot.press("down", "up", "enter")  # chosen, no note yet: on to the note, said so
        await pilot.pause()
        assert "Choose your verdict" not in shown(app, "#status")
        assert "now say why" in shown(app, "#status")
        assert app.focused is dialog.query_one("#note", Input)
        await pilot.press(*"the key is there", "shift+tab", "enter")  # back to the verdict
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    (mark,) = read_marks(app.session.run.path)[0].values()
    assert (mark.verdict, mark.note) == ("correct", "the key is there")


@pytest.mark.parametrize("way", ["escape", "cancel"])
async def test_a_written_note_is_not_dropped_without_asking(workspace, way):
    """Cancel or Esc dropped a typed note without a word."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        dialog = await open_mark_dialog(pilot)

        async def close() -> None:
            if way == "escape":
                await pilot.press("escape")
            else:  # a button ignores a click for 0.2 s after one (its pressed look)
                await pilot.click("#cancel")
                await pilot.pause(0.3)
            await pilot.pause()

        await pilot.press("tab", *"half of it")
        await close()
        assert app.screen is dialog, "asked first"
        assert "not saved" in shown(app, "#status")
        await close()
        assert isinstance(app.screen, ReviewScreen)
        await open_mark_dialog(pilot)
        await close()  # no note: closes at once
        assert isinstance(app.screen, ReviewScreen)
    assert read_marks(app.session.run.path)[0] == {}


async def test_the_focused_field_of_the_mark_dialog_is_marked(workspace):
    """The focus was hard to see: a compact field has no border to light up."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        dialog = await open_mark_dialog(pilot)
        note = dialog.query_one("#note", Input)
        assert note.styles.border_left[0] == "blank"
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is note
        assert note.styles.border_left[0] == "thick"
        assert dialog.query_one("#verdicts").styles.border_left[0] == "tall"


def verdict_lines(dialog: MarkDialog) -> list[str]:
    verdicts = dialog.query_one("#verdicts", OptionList)
    return [str(verdicts.get_option_at_index(i).prompt) for i in range(verdicts.option_count)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_mark_dialog_opens_with_a_verdict_highlighted_and_marked(workspace, size):
    """The dialog opened with no verdict highlighted: Down Enter chose "correct" unseen."""
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        dialog = await open_mark_dialog(pilot)
        verdicts = dialog.query_one("#verdicts", OptionList)
        assert verdicts.highlighted == 0 and app.focused is verdicts
        assert verdict_lines(dialog) == ["› correct", "  partial"]  # seen without colour too
        screen_text = "\n".join(line.text for line in app.screen._compositor.render_strips())
        assert "› correct" in screen_text
        await pilot.press("down")
        await pilot.pause()
        assert verdict_lines(dialog) == ["  correct", "› partial"]
        await pilot.press("enter", *"half the key", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    (mark,) = read_marks(app.session.run.path)[0].values()
    assert (mark.verdict, mark.note) == ("partial", "half the key")


async def test_d_on_an_unjudged_answer_asks_for_a_verdict(workspace):
    """`d` on an unjudged answer said "You disagree with the grader's UNJUDGED"."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.push_screen(MarkDialog("fin-x", "unjudged"))
        await pilot.pause()
        title = str(app.screen.query_one(".title").render())
        assert "left fin-x to a reader: give your verdict" in title
        assert "disagree" not in title
        verdicts = app.screen.query_one("#verdicts", OptionList)
        offered = [verdicts.get_option_at_index(i).id for i in range(verdicts.option_count)]
        assert offered == ["correct", "partial", "wrong"]


@pytest.mark.parametrize("keep", [None, 2], ids=["complete", "incomplete"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_headers_second_line_fits_and_reads_correct_of_judged(workspace, size, keep):
    """At 80 columns the second header line was cut; `1.4% correct (1/71 judged)` read as
    "1 of 71 judged"."""
    import re

    app = app_on(workspace, keep=keep)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        topbar = app.screen.query_one("#topbar", Static)
        lines = shown(app, "#topbar").splitlines()
        assert len(lines) == 2 and max(map(len, lines)) <= topbar.content_size.width, lines
        assert re.search(r"\b\d+ correct of \d+ judged \(\d+\.\d%\)", lines[1]), lines[1]
        assert "% correct (" not in lines[1]
        if size == (100, 30) and keep is None:
            assert app.session.run.run_id in lines[1] and "honesty" in lines[1]


async def test_marking_quickly_keeps_one_toast(workspace):
    """Marking quickly stacked a column of toasts over the answer."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("C", "C", "C", "C")
        await pilot.pause()
        await pilot.pause()
        (toast,) = app._notifications
        assert toast.message.startswith(f"marked {app.session.shown(3).answer.qid}:")
        assert len(read_marks(app.session.run.path)[0]) == 4


async def test_ctrl_c_names_the_apps_own_key(workspace):
    """Ctrl-C showed Textual's "press ctrl+q to quit" while the app's key is q."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+c")
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.pause()
        (toast,) = app._notifications
        said = toast.message
        assert "Press q to quit" in said and "ctrl+q" not in said


async def test_the_keys_list_keeps_the_indent_of_wrapped_lines(workspace):
    """`?` wrapped a long description back to the left edge, under the keys."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        keys = app.screen.query_one("#keys", Static)
        lines = shown(app, "#keys").splitlines()
        listed = [line.rstrip() for line in lines if line.startswith("  ")]  # keys, wrapped here
        assert max(map(len, listed)) <= keys.content_size.width
        needle = next(i for i, line in enumerate(lines) if "Needle: propose one" in line)
        assert not lines[needle].rstrip().endswith("run first"), "wrapped at 80 columns"
        follow = lines[needle + 1]
        assert follow.startswith(" " * 13) and follow.strip() and not follow[13].isspace()


async def test_marking_keeps_the_selected_source(workspace):
    """A mark redrew the answer with its first source selected, not the one being read."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert shown(app, "#source-text").startswith("[3]")
        await pilot.press("c")
        await pilot.pause()
        assert read_marks(app.session.run.path)[0], "marked"
        assert app.screen.source_row == 2 and shown(app, "#source-text").startswith("[3]")
        await pilot.press("n")  # another answer starts at its first source
        await pilot.pause()
        assert app.screen.source_row == 0 and shown(app, "#source-text").startswith("[1]")


async def test_down_moves_from_the_search_box_into_the_results(workspace):
    """Down in the search box did nothing: the results could be reached only with Tab."""
    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("slash", *"owe")
        await pilot.pause()
        results = app.screen.query_one("#results", OptionList)
        assert results.option_count > 1
        await pilot.press("down")
        assert app.focused is results and results.highlighted == 0
        await pilot.press("down")  # the list's own Down now
        assert results.highlighted == 1
        wanted = results.get_option_at_index(1).id
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.session.shown(app.screen.index).answer.qid == wanted


async def test_marks_written_by_another_process_are_shown(workspace):
    """The app did not show marks written while it was open (a colleague's, an import)."""
    from grader.records.marks import append_mark, make_mark

    app = app_on(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "reviewer" not in shown(app, "#verdict")
        grade = app.session.run.grade(0)
        mark = make_mark(grade, "agree", "elsewhere", by="colleague")
        append_mark(app.session.run.path, mark)  # as another process would
        for _ in range(30):
            await pilot.pause(0.1)
            if "colleague" in shown(app, "#verdict"):
                break
        assert "reviewer colleague" in shown(app, "#verdict")
        assert "marked 1" in shown(app, "#topbar")


async def test_at_80x24_the_answer_stays_on_screen_beside_a_judgement_and_a_mark(tmp_path):
    """With the judge's verdict and a mark in the verdict panel the answer fell below the
    fold at 80x24."""
    from tests.test_review_judge import judged_run

    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")  # fin-adt-amount-due: judged, the judge disagrees
        await pilot.press("c")
        await pilot.pause()
        panel = shown(app, "#verdict")
        assert " WRONG " in panel and "disagrees" in panel and "reviewer" in panel
        answer = app.screen.query_one("#answer", Static)
        footer_row = 23
        assert answer.region.y + 1 < footer_row, "the answer's first line is on screen"
        assert "The amount due is $42.99" in shown(app, "#answer")
        assert "The answer names another figure." not in panel
        verdict = app.screen.query_one("#verdict", Static)
        assert "v:" in str(verdict.border_subtitle)
        await pilot.press("v")  # whole
        await pilot.pause()
        panel = shown(app, "#verdict")
        assert "The answer names another figure." in panel and "prompt judge-1" in panel
        mark = app.session.marks.latest["fin-adt-amount-due"][0]
        assert f"({mark.created})" in panel, "its time; its grader is today's, shown above"


async def test_at_100x30_the_verdict_is_whole(tmp_path):
    from tests.test_review_judge import judged_run

    app = ReviewApp(*judged_run(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert "The answer names another figure." in shown(app, "#verdict")


async def test_at_80x24_the_ab_notes_take_a_line_and_the_answers_are_on_screen(workspace):
    """In `--against` mode the header's notes took 8 of the 24 rows at 80x24."""
    from tui.screens.compare import CompareScreen

    a, b = (workspace.runs_dir / K3.name, workspace.runs_dir / K5.name)
    a.write_bytes(K3.read_bytes())
    b.write_bytes(K5.read_bytes())
    app = ReviewApp(a, workspace, against=b)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.pause()
        assert isinstance(app.screen, CompareScreen)
        banner = app.screen.query_one("#banner", Static)
        topbar = app.screen.query_one("#topbar", Static)
        assert banner.region.height == 1 and topbar.region.height <= 3
        line = shown(app, "#banner")
        assert line.startswith("more than one thing changed") and "more, i: all)" in line
        assert len(line) <= banner.content_size.width
        for side in ("a", "b"):
            answer = app.screen.query_one(f"#answer-{side}", Static)
            assert answer.region.y + 1 < 23, f"the first line of {side}'s answer is on screen"
        assert "marks go to A" in str(app.screen.query_one("#side-a").border_title)
        await pilot.press("i")
        await pilot.pause()
        notes = shown(app, "#banner")
        assert "knobs: chunk_chars 700 -> 1200" in notes and banner.region.height > 1
        await pilot.press("i")
        await pilot.pause()
        assert banner.region.height == 1


async def test_a_corpus_question_is_offered_its_needle_lists(workspace):
    app = app_on(workspace)  # the finance corpus holds the run's questions
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NeedleDialog)
        lists = dialog.query_one("#list")
        assert [value for _label, value in lists._options] == [
            "decline",
            "must_contain",
            "must_contain_any",
            "must_not_contain",
        ]
        assert not dialog.query("#no-question-needles")


# --- cosmetic: no blank source pane, no stray cell, no silent cut, no palette hint ----------------


def screen_lines(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def imported_run(workspace: Workspace, tmp_path, contexts: bool) -> ReviewApp:
    from engine.imports.answers import import_answers

    rows = [
        {
            "user_input": "How much is an adult swim at the leisure centre on a weekday "
            "morning before nine, when the early-bird price applies to every swimmer?",
            "response": "An adult swim costs £4.10 before nine [1].",
            "reference": "£4.10",
        },
        {"user_input": "When did the centre open?", "response": "In 1989.", "reference": "1989"},
    ]
    if contexts:
        for row in rows:
            row["retrieved_contexts"] = ["Early-bird swim before 9am: £4.10. Opened 1989."]
    path = tmp_path / "swims.jsonl"
    path.write_text("".join(orjson.dumps(row).decode() + "\n" for row in rows))
    imported = import_answers(path, workspace.runs_dir)
    return ReviewApp(imported.run, workspace)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_an_imported_answer_without_sources_says_why_in_one_line(workspace, tmp_path, size):
    """The source pane of an answer imported without contexts was blank."""
    app = imported_run(workspace, tmp_path, contexts=False)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        said = shown(app, "#sources")
        assert said == "No sources (none imported)"
        assert any(
            line.rstrip().endswith("No sources (none imported)") for line in screen_lines(app)
        )


async def test_an_imported_answer_with_sources_lists_them(workspace, tmp_path):
    app = imported_run(workspace, tmp_path, contexts=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "No sources" not in shown(app, "#sources")
        assert "context-1" in shown(app, "#sources")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_dialog_leaves_no_stray_cell_of_the_screen_beside_its_frame(workspace, size):
    """At 80 columns a one-column margin showed a cell of the screen below (a border's "─")
    beside the dialog's frame."""
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        dialog = await open_mark_dialog(pilot)
        frame = dialog.query_one(".dialog").region
        width = size[0]
        if width <= 90:  # the dialog fills the width: nothing of the screen below beside it
            assert (frame.x, frame.right) == (0, width)
        else:  # centred with room on both sides
            assert frame.x >= 2 and width - frame.right >= 2


async def test_a_long_question_in_the_search_results_is_cut_with_an_ellipsis(workspace, tmp_path):
    """Text was cut at 70 characters with nothing to say so."""
    app = imported_run(workspace, tmp_path, contexts=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("slash", *"early-bird")
        await pilot.pause()
        results = app.screen.query_one("#results", OptionList)
        labels = [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]
        long = next(label for label in labels if "early-bird" in label.lower() or "adult" in label)
        assert (
            long.endswith("\u2026") and "before nine, when the early-bird price applies" not in long
        )


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_scorecard_shows_the_apps_keys_not_the_command_palettes(workspace, size):
    """The scorecard's footer showed Textual's "^p palette" although the app's keys are its
    own."""
    app = app_on(workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert type(app.screen).__name__ == "ScorecardScreen"
        text = "\n".join(screen_lines(app))
        assert "palette" not in text
        assert "Back" in text and "Keys" in text
