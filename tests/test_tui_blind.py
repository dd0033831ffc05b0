"""The review app's measurement: the audit order (a seeded sample, its seed kept with the
marks), how each mark was picked, blind review (every verdict hidden until the reviewer gives
theirs), the second read, and all of it at 80x24 and 100x30."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets._footer import FooterKey

from engine.workspace import Workspace
from grader.audit.measure import audit_sample
from grader.records.marks import append_mark, make_mark, picked_in_audit, read_reviews
from grader.records.runfile import read_run
from tests.conftest import ROOT
from tui.app import ReviewApp
from tui.cli import build_parser
from tui.screens.listings import HelpScreen
from tui.screens.mark_dialog import MarkDialog
from tui.screens.review import ReviewScreen
from tui.session.marking import blind_verdict
from tui.session.order import VERDICT_FILTERS

EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"
SIZES = [(80, 24), (100, 30)]
SIZE_IDS = ["80x24", "100x30"]
ME = "ana"


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    monkeypatch.setenv("RAGTRIAGE_REVIEWER", ME)
    (tmp_path / "corpora").mkdir()
    runs = tmp_path / "runs"
    runs.mkdir()
    path = runs / EXAMPLE.name
    path.write_bytes(EXAMPLE.read_bytes())
    return Workspace(
        runs_dir=runs, corpora_root=tmp_path / "corpora", needles_dir=tmp_path / "needles"
    )


def run_path(workspace: Workspace):
    return workspace.runs_dir / EXAMPLE.name


def file_qids() -> list[str]:
    return list(dict.fromkeys(answer.qid for answer in read_run(EXAMPLE).answers))


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def visible_qids(app: ReviewApp) -> list[str]:
    return [app.session.run.answer(i).qid for i in app.session.order.visible]


def footer(app: ReviewApp) -> set[str]:
    return {key.description for key in app.screen.query(FooterKey)}


async def choose(pilot, name: str) -> None:
    """Open the filter dialog and choose ``name``."""
    await pilot.press("f")
    await pilot.pause()
    options = pilot.app.screen.query_one(OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    options.highlighted = ids.index(name)
    await pilot.press("enter")
    await settled(pilot)


def mine(workspace: Workspace) -> dict:
    return {
        qid: mark
        for qid, marks in read_reviews(run_path(workspace))[0].items()
        for mark in marks
        if mark.by == ME
    }


# --- the audit order --------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "seed"), [(5, 0), (5, 3), (50, 7)], ids=["5-0", "5-3", "50-7"])
async def test_audit_order_is_the_audit_sample_of_its_seed(workspace, size, seed):
    app = ReviewApp(run_path(workspace), workspace, audit=size, seed=seed)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert app.session.order.filter == "audit"
        assert visible_qids(app) == audit_sample(file_qids(), size, seed)
        assert len(visible_qids(app)) == min(size, 10)  # the run's 10 when it asks for more
        assert f"order audit, seed {seed}" in shown(app, "#topbar")
        assert review(app).index == 0


async def test_the_audit_order_is_in_the_order_selector_with_50_and_seed_0(workspace):
    app = ReviewApp(run_path(workspace), workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("f")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = {
            options.get_option_at_index(i).id: str(options.get_option_at_index(i).prompt)
            for i in range(options.option_count)
        }
        assert labels["audit"].split() == ["audit", "10", "seed", "0"]
        assert "second-read" in labels
        await pilot.press("escape")
        await choose(pilot, "audit")
        assert visible_qids(app) == audit_sample(file_qids(), 50, 0)


def review(app: ReviewApp) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


# --- how each mark was picked -----------------------------------------------------------------


async def test_marks_say_how_their_answer_was_picked(workspace):
    app = ReviewApp(run_path(workspace), workspace, audit=4, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        audited = visible_qids(app)[1]
        await pilot.press("n", "c")  # the second of the audit sample
        await pilot.pause()
        await choose(pilot, "read-next")
        queue = app.session.order.reading_queue()
        await pilot.press("n", "n", "c")  # the third of the queue
        await pilot.pause()
        queued = visible_qids(app)[2]
        await choose(pilot, "all")
        await pilot.press("G", "c")  # the last in file order
        await pilot.pause()
        browsed = visible_qids(app)[-1]
    marks = mine(workspace)
    assert marks[audited].picked == picked_in_audit(2)
    assert marks[audited].picked.to_record() == {"how": "audit", "seed": 2}
    assert marks[queued].picked.to_record() == {"how": "queue", "rank": 3, "size": len(queue)}
    assert queued == queue[2].qid
    assert marks[browsed].picked.to_record() == {"how": "browse"}
    assert not any(mark.blind for mark in marks.values())


async def test_marks_made_through_a_filter_or_a_search_say_so(workspace):
    """A mark made while a filter was on, or on an answer a search found, read as "browse, file
    order", as if it were no choice."""
    app = ReviewApp(run_path(workspace), workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await choose(pilot, "money")
        filtered = visible_qids(app)[0]
        await pilot.press("c")
        await pilot.pause()
        await choose(pilot, "all")
        target = visible_qids(app)[-2]
        await pilot.press("slash")
        await pilot.pause()
        await pilot.press(*target, "enter")
        await settled(pilot)
        assert app.screen.current_qid() == target
        await pilot.press("c", "G", "c")  # the one found, then the last in plain file order
        await pilot.pause()
        plain = visible_qids(app)[-1]
    marks = mine(workspace)
    assert marks[filtered].picked.to_record() == {"how": "browse", "filter": "money"}
    assert marks[target].picked.to_record() == {"how": "browse", "search": target}
    assert marks[plain].picked.to_record() == {"how": "browse"}
    assert marks[filtered].picked.chosen and not marks[plain].picked.chosen


# --- blind review -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("says", "kind", "verdict", "declined"),
    [
        ("correct", "answerable", "correct", None),
        ("wrong", "negative", "wrong", None),
        ("declined", "negative", "correct", True),
        ("declined", "ambiguous", "correct", True),
        ("declined", "answerable", "wrong", True),
    ],
    ids=["correct", "wrong", "declines-no-answer", "declines-ambiguous", "declines-answerable"],
)
def test_a_blind_key_makes_a_verdict(says, kind, verdict, declined):
    said = blind_verdict(says, kind)
    assert (said.verdict, said.declined) == (verdict, declined)


def test_review_takes_blind_audit_and_seed():
    args = build_parser().parse_args(["review", "RUN", "--audit", "5", "--seed", "2", "--blind"])
    assert (args.audit, args.seed, args.blind) == (5, 2, True)
    args = build_parser().parse_args(["review", "RUN", "--audit", "5"])
    assert (args.audit, args.seed, args.blind) == (5, 0, False)  # --audit implies nothing else


GIVEAWAYS = ("CORRECT", "WRONG", "PARTIAL", "UNJUDGED", "grader ", "money", "VIOLATION", "judge")


async def test_blind_hides_every_verdict_until_the_reviewer_gives_theirs(workspace):
    app = ReviewApp(run_path(workspace), workspace, blind=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        # The first answer: the alarm bill, wrong money, a violation.
        grade = app.session.shown(0).grade
        assert grade.verdict == "wrong" and grade.money.violation
        verdict, top = shown(app, "#verdict"), shown(app, "#topbar")
        assert "Hidden until you give your verdict" in verdict
        assert not any(word in verdict for word in GIVEAWAYS)
        assert "ZERO-WRONG-MONEY" not in top and "correct of" not in top and "BLIND" in top
        assert {"Correct", "Partial", "Wrong", "Declined"} <= footer(app)
        assert not {"Agree", "Disagree", "Needle"} & footer(app)
        await pilot.press("c", "s", "a")  # the keys that would show a verdict do nothing
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and mine(workspace) == {}
        await pilot.press("f")  # nor can a filter tell it
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        ids = {options.get_option_at_index(i).id for i in range(options.option_count)}
        assert not ids & set(VERDICT_FILTERS) and {"audit", "read-next", "all"} <= ids
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("3")  # wrong, as the grader says: marked at once
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        verdict, top = shown(app, "#verdict"), shown(app, "#topbar")
        assert "WRONG" in verdict and "VIOLATION" in verdict and "reviewer ana" in verdict
        assert "ZERO-WRONG-MONEY" in top
        assert {"Agree", "Disagree"} <= footer(app) and "Correct" not in footer(app)
        await pilot.press("n")  # the next is hidden again
        await pilot.pause()
        assert "Hidden until" in shown(app, "#verdict")
        await pilot.press("p")  # the marked one stays shown
        await pilot.pause()
        assert "WRONG" in shown(app, "#verdict")
    (mark,) = mine(workspace).values()
    assert (mark.says, mark.verdict, mark.blind) == ("agree", "wrong", True)
    assert mark.picked.to_record() == {"how": "browse"}


async def test_the_answer_as_written_tells_no_verdict_under_blind_review(workspace):
    app = ReviewApp(run_path(workspace), workspace, blind=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("w")
        await pilot.pause()
        answer = app.screen.query_one("#answer", Static)
        assert shown(app, "#answer") == app.session.shown(0).answer.answer
        said = [shown(app, "#verdict"), shown(app, "#topbar"), str(answer.border_subtitle)]
        assert "as written" in said[-1] and "Hidden until" in said[0]
        assert not any(word in line for word in GIVEAWAYS for line in said)
        assert {"Correct", "Partial", "Wrong", "Declined"} <= footer(app)


def answer_styles(app) -> set[str]:
    """The styles of the answer panel's text: the grader's reading shows in them (asserted
    bold, set-aside parts struck through), the answer as written has none."""
    text = app.screen.query_one("#answer", Static).render()
    return {str(span.style) for span in getattr(text, "spans", [])}


async def test_blind_shows_the_answer_as_written_until_the_reviewers_verdict(workspace):
    # The grader's reading (what it bolds as asserted, strikes through as working) hints at
    # its verdict: blind, the answer is the model's text until the reviewer has given theirs.
    app = ReviewApp(run_path(workspace), workspace, blind=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        answer = app.screen.query_one("#answer", Static)
        assert shown(app, "#answer") == app.session.shown(0).answer.answer
        assert answer_styles(app) == set()
        assert "until your verdict" in str(answer.border_subtitle)
        await pilot.press("3")  # wrong, as the grader says: marked, every verdict shown
        await pilot.pause()
        assert answer_styles(app)  # now as read for grading
        assert "asserted" in str(answer.border_subtitle)
        await pilot.press("w")  # and `w` still shows it as written, saying so
        await pilot.pause()
        assert answer_styles(app) == set() and "as written (w" in str(answer.border_subtitle)
        await pilot.press("n")  # the next answer, hidden: as written, w or not
        await pilot.pause()
        assert answer_styles(app) == set()


async def test_a_blind_verdict_that_differs_asks_why_with_it_chosen(workspace):
    app = ReviewApp(run_path(workspace), workspace, blind=True, audit=10)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        position = next(
            n for n in range(10) if app.session.shown(n).grade.verdict in ("wrong", "partial")
        )
        review(app).index = position
        await pilot.pause()
        qid = app.session.shown(position).answer.qid
        assert "Hidden until" in shown(app, "#verdict")
        await pilot.press("1")  # correct: not what the grader says
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MarkDialog)
        options = dialog.query_one(OptionList)
        assert options.get_option_at_index(options.highlighted).id == "correct"
        assert dialog.focused is dialog.query_one("#note", Input)
        assert "You said CORRECT" in str(dialog.title_text())
        await pilot.press(*"states the key", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert "reviewer ana" in shown(app, "#verdict") and "blind" in shown(app, "#verdict")
    mark = mine(workspace)[qid]
    assert (mark.says, mark.verdict, mark.note, mark.blind) == (
        "disagree",
        "correct",
        "states the key",
        True,
    )
    assert mark.picked == picked_in_audit(0)


async def test_a_verdict_changed_once_shown_is_not_blind_and_a_decline_says_so(workspace):
    app = ReviewApp(run_path(workspace), workspace, blind=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        qid = app.session.shown(0).answer.qid  # answerable, graded wrong
        await pilot.press("4")  # declined: wrong on an answerable question, the grader's too
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("n")
        await pilot.pause()
        second = app.session.shown(1)
        assert second.grade.verdict != "partial"
        await pilot.press("2")  # partial; then, seeing the grader's, the reviewer changes it
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MarkDialog)
        options = dialog.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        other = next(v for v in ids if v != "partial")
        options.highlighted = ids.index(other)
        dialog.query_one("#note", Input).value = "on second thought"
        await pilot.click("#ok")
        await pilot.pause()
    marks = mine(workspace)
    assert (marks[qid].verdict, marks[qid].declined, marks[qid].blind) == ("wrong", True, True)
    changed = marks[second.answer.qid]
    assert (changed.verdict, changed.blind) == (other, False)


async def test_a_blind_decline_that_differs_says_declined_in_the_dialog(workspace):
    app = ReviewApp(run_path(workspace), workspace, blind=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        position = next(
            n
            for n in range(10)
            if app.session.shown(n).answer.kind == "answerable"
            and app.session.shown(n).grade.verdict == "correct"
        )
        review(app).index = position
        await pilot.pause()
        await pilot.press("4")  # it declines an answerable question: wrong, not correct
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MarkDialog)
        options = dialog.query_one(OptionList)
        assert options.get_option_at_index(options.highlighted).id == "wrong"
        assert dialog.query_one("#declined", Select).value == "yes"
        assert "You said DECLINED" in str(dialog.title_text())


# --- the second read --------------------------------------------------------------------------


async def test_second_read_shows_exactly_the_others_answers_i_have_not_marked_blind(workspace):
    path = run_path(workspace)
    app = ReviewApp(path, workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        session = app.session
        grades = [session.run.grade(i) for i in range(session.run.total)]
        qids = [grade.qid for grade in grades]
        fingerprint = session.run.grader.fingerprint
        audit = picked_in_audit(9)
        for n in (0, 2, 5, 7):  # bea read four
            append_mark(path, make_mark(grades[n], "agree", fingerprint, by="bea", picked=audit))
        append_mark(path, make_mark(grades[7], "agree", fingerprint, by="cy"))  # cy, one
        append_mark(path, make_mark(grades[8], "agree", fingerprint, by="cy"))
        for n in (2, 3):  # I read two, one of them bea's
            append_mark(path, make_mark(grades[n], "agree", fingerprint))
        session.marks.reload()
        await choose(pilot, "second-read")
        assert session.order.filter == "second-read"
        assert visible_qids(app) == [qids[n] for n in (0, 5, 7, 8)]
        assert "order second-read" in shown(app, "#topbar")
        verdict = shown(app, "#verdict")
        assert "Hidden until" in verdict and "bea" not in verdict  # blind to bea's mark too
        assert "Correct" in footer(app)
        shown_grade = session.shown(0).grade
        key = {"correct": "1", "partial": "2", "wrong": "3"}.get(shown_grade.verdict, "1")
        await pilot.press(key)
        await pilot.pause()
        if isinstance(app.screen, MarkDialog):
            await pilot.press(*"why", "enter")
            await pilot.pause()
        assert "reviewer bea" in shown(app, "#verdict")
    mark = mine(workspace)[qids[0]]
    assert mark.blind and mark.picked == audit  # as bea's answer came to bea: the audit


# --- the screens, at 80x24 and 100x30 -------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_blind_audit_fits_and_every_key_is_in_the_list(workspace, size):
    app = ReviewApp(run_path(workspace), workspace, blind=True, audit=5)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        verdict = app.screen.query_one("#verdict", Static)
        assert verdict.region.bottom <= size[1] - 1, "the blind keys on the first screen"
        for state in ("hidden", "shown"):
            keys = list(app.screen.query(FooterKey))
            assert {key.region.y for key in keys} == {size[1] - 1}, state
            assert all(key.region.right <= size[0] for key in keys), state
            assert {"Next", "Filter", "Quit", "Keys"} <= footer(app), state
            await pilot.press("1")
            await pilot.pause()
            if isinstance(app.screen, MarkDialog):
                await pilot.press(*"why", "enter")
                await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listing = shown(app, "#keys")
        for key, words in (("1", "Correct"), ("2", "Partial"), ("3", "Wrong"), ("4", "Declined")):
            assert f"{key:<10} {words}" in listing
        for binding in ReviewScreen.BINDINGS:
            assert binding.description in listing


def test_review_audit_blind_opens_the_app_so(workspace, monkeypatch, capsys):
    from tui.cli import main

    opened = []
    monkeypatch.setattr("tui.app.ReviewApp.run", lambda app: opened.append(app))
    path = str(run_path(workspace))
    assert main(["review", path, "--audit", "3", "--seed", "4", "--blind"]) == 0
    (app,) = opened
    session = app.session
    assert (
        app.blind,
        session.order.filter,
        session.order.audit_size,
        session.order.audit_seed,
    ) == (
        True,
        "audit",
        3,
        4,
    )
    assert main(["review", path]) == 0
    assert (
        opened[1].blind,
        opened[1].session.order.filter,
        opened[1].session.order.audit_size,
    ) == (
        False,
        "all",
        50,
    )
    assert main(["review", path, "--against", path, "--blind"]) == 2
    assert "--blind and --audit review one run" in capsys.readouterr().err


async def test_the_apps_audit_order_is_what_queue_audit_prints(workspace, capsys):
    import orjson

    from tui.cli import main

    path = run_path(workspace)
    assert main(["queue", str(path), "--audit", "6", "--seed", "11", "--json"]) == 0
    printed = [row["qid"] for row in orjson.loads(capsys.readouterr().out)["sample"]]
    app = ReviewApp(path, workspace, audit=6, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert visible_qids(app) == printed


async def test_an_answer_seen_whole_is_not_hidden_again_by_an_undo(workspace):
    """Undoing a mark made in an earlier sitting hid the verdicts the reviewer had just read."""
    app = ReviewApp(run_path(workspace), workspace, blind=True)
    session = app.session
    grade = session.run.grade(0)
    append_mark(session.run.path, make_mark(grade, "agree", session.run.grader.fingerprint))
    session.marks.reload()
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "WRONG" in shown(app, "#verdict")  # marked before: shown whole
        await pilot.press("u")
        await pilot.pause()
        assert mine(workspace) == {}
        assert "WRONG" in shown(app, "#verdict") and "Agree" in footer(app)
        await pilot.press("c")  # marked now, it is not blind
        await pilot.pause()
    (mark,) = mine(workspace).values()
    assert not mark.blind


async def test_a_jump_out_of_the_audit_order_says_so(workspace):
    """`:` to an answer the audit sample does not hold showed it among all answers with no
    word: the order left is said, and how to go back; a jump within the order says nothing."""
    app = ReviewApp(run_path(workspace), workspace, audit=2, seed=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        inside = visible_qids(app)[-1]
        await pilot.press("colon", *inside, "enter")
        await pilot.pause()
        assert app.session.order.filter == "audit"
        assert not any("is not in" in n.message for n in app._notifications)
        outside = next(qid for qid in file_qids() if qid not in visible_qids(app))
        await pilot.press("colon", *outside, "enter")
        await pilot.pause()
        assert app.session.order.filter == "all"
        messages = [n.message for n in app._notifications]
        assert any(f"{outside} is not in audit: showing all answers" in m for m in messages)
