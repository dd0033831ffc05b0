"""The review app beside imported graders: each grader's verdict, score, threshold and reason in
the verdict panel beside the rules' (at 80x24 and 100x30, the answer still on the first screen),
hidden under blind review until the reviewer marks, and the filter "graders-disagree". The run
is imported from the real Inspect log in tests/fixtures/imports/."""

from __future__ import annotations

import msgspec
import pytest
from textual.widgets import OptionList, Static

from engine.importers import import_file
from engine.workspace import Workspace
from grader.audit.graders import disagrees_with_rules, graders_disagree
from grader.records.runfile import read_run
from grader.rules.verdict import Grader
from grader.schema import GraderVerdict
from tests.conftest import ROOT
from tui.app import ReviewApp
from tui.session.order import VERDICT_FILTERS
from tui.session.review import ReviewSession
from tui.widgets.graders import (
    REASON_CHARS,
    fitted_score,
    graders_counted,
    graders_text,
    reason_text,
    score_text,
)
from tui.widgets.verdict import verdict_omits

INSPECT = ROOT / "tests" / "fixtures" / "imports" / "inspect-0.3.285-lease.eval"
SIZES = [(80, 24), (100, 30)]
SIZE_IDS = ["80x24", "100x30"]
# Where the rules and Inspect's scorers part in that log (grader v4): the rent, $1450 for the
# key $1,450, is correct for the rules and wrong or partial for every scorer; Paris is correct
# for the rules and all but f1 (0.33 under its 0.5). The spider's legs are wrong for all that
# judge them (model_graded_fact gave no grade); Moore is correct for all.
DISAGREE = ["capital-fr-epoch1", "rent-epoch1", "capital-fr-epoch2", "rent-epoch2"]


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    monkeypatch.setenv("RAGTRIAGE_REVIEWER", "ana")
    (tmp_path / "corpora").mkdir()
    (tmp_path / "runs").mkdir()
    return Workspace(tmp_path / "runs", tmp_path / "corpora", tmp_path / "needles")


def imported(workspace: Workspace):
    _fmt, (run,) = import_file(INSPECT, workspace.runs_dir)
    return run.run


def said(name: str, verdict: str | None, score=None, threshold=None, reason="") -> GraderVerdict:
    return GraderVerdict(name, verdict, score, threshold, reason)


@pytest.fixture(scope="module")
def a_grade():
    """A real grade to vary the verdict of (the tests below are about the graders beside it)."""
    answer = read_run(ROOT / "runs" / "example-essay-cases.jsonl").answers[0]
    return Grader().grade(answer)


# --- which graders disagree -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "others", "disagree"),
    [
        ("correct", [], False),
        ("correct", [("a", "correct"), ("b", "correct")], False),
        ("correct", [("a", "wrong")], True),
        ("correct", [("a", None), ("b", "correct")], False),
        ("wrong", [("a", "partial")], True),
        ("unjudged", [("a", "wrong"), ("b", "wrong")], False),
        ("unjudged", [("a", "wrong"), ("b", "correct")], True),
        ("correct", [("a", "wrong"), ("b", "correct")], True),
        ("unjudged", [("a", None)], False),
    ],
    ids=[
        "no-graders",
        "all-agree",
        "rules-and-one",
        "no-verdict-disagrees-with-nobody",
        "partial-is-not-wrong",
        "rules-unjudged-graders-agree",
        "rules-unjudged-two-graders-differ",
        "two-imported-differ",
        "nothing-judged",
    ],
)
def test_graders_disagree(a_grade, rules, others, disagree):
    grade = msgspec.structs.replace(a_grade, verdict=rules)
    graders = [said(name, verdict) for name, verdict in others]
    assert graders_disagree(grade, graders) is disagree


def test_a_grader_disagrees_with_the_rules_only_where_both_gave_a_verdict(a_grade):
    correct = msgspec.structs.replace(a_grade, verdict="correct")
    unjudged = msgspec.structs.replace(a_grade, verdict="unjudged")
    assert disagrees_with_rules(correct, said("a", "wrong"))
    assert not disagrees_with_rules(correct, said("a", None))
    assert not disagrees_with_rules(unjudged, said("a", "wrong"))


# --- the panel's text ----------------------------------------------------------------------


def test_each_grader_its_line_with_score_threshold_and_reason(a_grade):
    grade = msgspec.structs.replace(a_grade, verdict="correct")
    text = graders_text(
        grade,
        [
            said("inspect:f1", "wrong", 0.4, 0.5, "token overlap"),
            said("inspect:match", "correct", reason="exact"),
            said("inspect:model_graded_fact", None, reason="Grade not found"),
            said("promptfoo:levenshtein", "wrong", threshold=5.0),
        ],
    ).plain.splitlines()
    assert text[1:] == [
        "inspect:f1   WRONG   disagrees  score 0.4 (threshold 0.5)  token overlap",
        "inspect:match   CORRECT   exact",
        "inspect:model_graded_fact  no verdict  Grade not found",
        "promptfoo:levenshtein   WRONG   disagrees  threshold 5",
    ]


def test_a_reason_is_cut_to_its_line_and_whole_on_asking(a_grade):
    reason = "The submission states '$1450' against the criterion.\nGRADE: P"
    graders = [said("inspect:model_graded_fact", "partial", reason=reason)]
    cut = graders_text(a_grade, graders, width=72).plain.splitlines()[1]
    assert len(cut) == 72 and cut.endswith("\u2026") and "\n" not in cut
    assert "The submission states" in cut
    whole = graders_text(a_grade, graders, whole=True, width=72).plain
    assert whole.endswith("criterion.\nGRADE: P")
    assert reason_text("x" * 200, False) == "  " + "x" * (REASON_CHARS - 1) + "\u2026"
    assert reason_text("long enough to cut", False, room=5) == "", "no room: left out"


def test_brief_groups_the_graders_by_verdict_after_a_count_of_those_that_disagree(a_grade):
    grade = msgspec.structs.replace(a_grade, verdict="correct")
    graders = [
        said("inspect:match", "wrong", reason="The rent is $1450 a month."),
        said("inspect:includes", "wrong"),
        said("inspect:f1", "wrong", 0.4, 0.5),
        said("inspect:model_graded_fact", "partial", reason="GRADE: P"),
        said("inspect:exact", None),
    ]
    assert graders_text(grade, graders, brief=True).plain == (
        "\ninspect  4 disagree   WRONG  match, includes, f1   PARTIAL  model_graded_fact"
        "   no verdict  exact"
    )
    mixed = [said("promptfoo", "correct"), said("other:x", "correct")]
    assert graders_text(grade, mixed, brief=True).plain == "\ngraders   CORRECT  promptfoo, other:x"
    assert verdict_omits((), None, graders, brief=True) == ["the graders' scores and reasons"]
    assert verdict_omits((), None, graders, brief=False) == ["the graders' reasons"]
    assert verdict_omits((), None, [said("a", "correct")], brief=False) == []


# Graders as imported (Inspect's and promptfoo's), with a score and threshold, reasons, a long
# name, no verdict: what a line of each is kept to.
VARIED = [
    ("inspect:f1", "wrong", 0.4, 0.5, "token overlap with the key"),
    ("promptfoo:javascript", "correct", 1.0, 0.5, "Assertion passed"),
    ("promptfoo:levenshtein", "wrong", 0.0, 5.0, ""),
    ("inspect:model_graded_fact", None, None, None, "Grade not found in the reply"),
    ("ragas:answer_correctness@0.5", "partial", 0.45, None, ""),
]


@pytest.mark.parametrize(
    ("width", "shown"),
    [
        (0, "score 0.4 (threshold 0.5)"),
        (57, "score 0.4 (threshold 0.5)"),
        (56, "score 0.4"),
        (41, "score 0.4"),
        (40, ""),
    ],
    ids=["no-width", "whole-fits", "threshold-left-out", "score-just-fits", "score-left-out"],
)
def test_a_score_is_shortened_to_fit_beside_its_verdict(a_grade, width, shown):
    """``inspect:f1   WRONG   disagrees`` is 30 columns; its score then needs 2 + 25 (9
    without the threshold)."""
    grade = msgspec.structs.replace(a_grade, verdict="correct")
    f1 = said("inspect:f1", "wrong", 0.4, 0.5)
    assert fitted_score(grade, f1, width) == shown
    line = graders_text(grade, [f1], width=width).plain.splitlines()[1]
    assert line == "inspect:f1   WRONG   disagrees" + (f"  {shown}" if shown else "")


@pytest.mark.parametrize("width", range(8, 100, 3))
def test_each_graders_line_keeps_to_its_width_and_the_subtitle_says_what_it_left_out(
    a_grade, width
):
    """At 100x30 a grader's threshold wrapped onto a second line of the A/B screen's side."""
    grade = msgspec.structs.replace(a_grade, verdict="correct")
    graders = [said(*fields) for fields in VARIED]
    lines = graders_text(grade, graders, width=width).plain.splitlines()[1:]
    assert len(lines) == len(graders)
    assert all(len(line) <= width for line in lines), lines
    cut = any(
        score_text(g) and f"  {score_text(g)}" not in line
        for g, line in zip(graders, lines, strict=True)
    )
    omits = verdict_omits((), None, graders, brief=False, grade=grade, width=width)
    assert omits == ["the graders' scores and reasons" if cut else "the graders' reasons"]
    whole = graders_text(grade, graders, whole=True, width=width).plain.splitlines()[1:]
    assert [line.split("  ")[0] for line in whole] == [g.name for g in graders]
    assert all(
        f"  {score_text(g)}" in line
        for g, line in zip(graders, whole, strict=True)
        if score_text(g)
    )


def test_narrow_and_brief_the_graders_are_counted_where_their_names_do_not_fit(a_grade):
    grade = msgspec.structs.replace(a_grade, verdict="correct")
    graders = [said(*fields) for fields in VARIED]
    grouped = graders_text(grade, graders, brief=True).plain
    need = len(grouped) - 1  # (after its line break)
    for width in (need, need + 20):  # the names fit: grouped, narrow or not
        assert graders_text(grade, graders, brief=True, width=width, narrow=True).plain == grouped
    for width in (need - 1, 32, 22):
        counted = graders_text(grade, graders, brief=True, width=width, narrow=True).plain
        assert counted == "\n5 graders, 3 disagree"
        # The review screen (not narrow) keeps the names at any width.
        assert graders_text(grade, graders, brief=True, width=width).plain == grouped
        # (after the rules' lines, where the grade's label is cut to the width: `rules_lines`)
        omits = verdict_omits((), None, graders, True, grade, width, narrow=True)
        assert omits[-1:] == ["the graders' names, scores and reasons"]
    tiny = graders_text(grade, graders, brief=True, width=12, narrow=True).plain
    assert tiny == "\n5 graders,\u2026"  # cut as `clip` cuts: no space before "…"
    assert [graders_counted(grade, graders, w) for w in (0, need - 1, need)] == [
        False,
        True,
        False,
    ]


@pytest.mark.parametrize(
    ("rules", "others", "counted"),
    [
        ("correct", [("inspect:model_graded_fact", "correct")], "1 grader, none disagrees"),
        (
            "correct",
            [("inspect:model_graded_fact", "wrong"), ("inspect:includes", None)],
            "2 graders, 1 disagrees",
        ),
        (
            "unjudged",
            [("inspect:model_graded_fact", "wrong"), ("inspect:includes", "correct")],
            "2 graders, none disagrees",
        ),
    ],
    ids=["one-agrees", "one-of-two-disagrees-one-gave-none", "rules-unjudged-disagree-with-none"],
)
def test_the_counted_line(a_grade, rules, others, counted):
    grade = msgspec.structs.replace(a_grade, verdict=rules)
    graders = [said(name, verdict) for name, verdict in others]
    assert len(graders_text(grade, graders, brief=True).plain) - 1 > len(counted)
    text = graders_text(grade, graders, brief=True, width=len(counted), narrow=True)
    assert text.plain == f"\n{counted}"


# --- the session: the graders read with the grading, the filter --------------------------------


def test_the_filter_graders_disagree(workspace):
    session = ReviewSession(imported(workspace), workspace)
    session.run.grade_everything()
    assert session.order.set_filter("graders-disagree") == len(DISAGREE)
    assert [session.run.answer(i).qid for i in session.order.visible] == DISAGREE
    assert "graders-disagree" in VERDICT_FILTERS, "blind review leaves it out"
    # Every answer that holds graders is found, the engine errors (none) are not.
    with_graders = {session.run.answer(i).qid for i in session.run.imported}
    assert len(with_graders) == 8 and "lease-end-epoch1" not in with_graders


def test_the_graders_are_read_from_their_lines_only(workspace):
    """A line whose text names "graders", a malformed one, and a line appended after the app
    opened do not confuse the search for the lines that hold graders."""
    path = imported(workspace)
    run = read_run(path)
    first = run.answers[0].to_dict()
    plain = dict(first, qid="plain", graders=None, answer='the "graders" said: "graders"')
    path.write_bytes(
        path.read_bytes()
        + msgspec.json.encode(plain)
        + b'\n{"type": "answer", "qid": "broken", "graders": [\n'
    )
    session = ReviewSession(path, workspace)
    with open(path, "ab") as handle:  # written after the index was made
        handle.write(msgspec.json.encode(dict(first, qid="late")) + b"\n")
    session.run.grade_everything()
    qids = {session.run.answer(i).qid for i in session.run.imported}
    assert "plain" not in qids and "late" not in qids and len(qids) == 8
    assert [p.line for p in session.run.problems] == [len(run.answers) + 3]


# --- the app -----------------------------------------------------------------------------


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def on_screen(app, selector: str) -> bool:
    region = app.screen.query_one(selector).region
    return region.height > 0 and region.y >= 0 and region.bottom <= app.size.height - 1


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_verdict_panel_shows_the_graders_beside_the_rules(workspace, size):
    app = ReviewApp(imported(workspace), workspace)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("colon", *"rent-epoch1", "enter")
        await settled(pilot)
        panel = shown(app, "#verdict")
        assert " CORRECT " in panel and "reviewer dana" in panel
        if size == (80, 24):  # brief: grouped by verdict, one count of those that disagree
            assert "inspect  4 disagree" in panel and "model_graded_fact" in panel
            assert "0.4" not in panel
        else:  # a line each, with the score and the reason cut to fit (the threshold too)
            assert "inspect:match   WRONG   disagrees  The rent is" in panel
            # (``score 0.4 (threshold 0.5)`` after it took a second row of the panel)
            assert "inspect:f1   WRONG   disagrees  score 0.4\n" in panel
            width = app.screen.query_one("#verdict").content_size.width
            graders = [line for line in panel.splitlines() if line.startswith("inspect:")]
            assert len(graders) == 4 and all(len(line) <= width for line in graders)
        assert panel.index("CORRECT") < panel.index("inspect") < panel.index("reviewer")
        assert on_screen(app, "#answer"), "the answer stays on the first screen"
        assert "v: " in str(app.screen.query_one("#verdict").border_subtitle)
        await pilot.press("v")  # whole: every reason uncut, line breaks kept
        await pilot.pause()
        panel = shown(app, "#verdict")
        assert "inspect:model_graded_fact" in panel and "GRADE: P" in panel
        assert "score 0.4 (threshold 0.5)" in panel


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_blind_hides_the_graders_until_the_reviewer_marks(workspace, size):
    app = ReviewApp(imported(workspace), workspace, blind=True)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("colon", *"capital-fr-epoch1", "enter")
        await settled(pilot)
        panel = shown(app, "#verdict")
        assert "Hidden until you give your verdict" in panel and "inspect" not in panel
        await pilot.press("f")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        ids = {options.get_option_at_index(i).id for i in range(options.option_count)}
        assert "graders-disagree" not in ids and "all" in ids
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("1")  # correct, as the rules say: marked, then all is shown
        await settled(pilot)
        panel = shown(app, "#verdict")
        assert "inspect" in panel and "reviewer ana" in panel


async def test_the_filter_is_among_the_apps_filters(workspace):
    app = ReviewApp(imported(workspace), workspace)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("f")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        label = str(options.get_option_at_index(ids.index("graders-disagree")).prompt)
        assert label.split() == ["graders-disagree", str(len(DISAGREE))]
        options.highlighted = ids.index("graders-disagree")
        await pilot.press("enter")
        await settled(pilot)
        assert [app.session.run.answer(i).qid for i in app.session.order.visible] == DISAGREE
        assert "filter graders-disagree" in shown(app, "#topbar")
        assert "disagrees" in shown(app, "#verdict")


@pytest.mark.parametrize(
    ("score", "threshold", "expected"),
    [
        (1.0, 0.5, "score 1 (threshold 0.5)"),
        (1.0, None, "score 1"),
        (None, 5.0, "threshold 5"),
        (None, None, ""),
    ],
    ids=["score-and-threshold", "score-alone", "threshold-alone", "neither"],
)
def test_a_score_reads_score_with_a_threshold_or_without(score, threshold, expected):
    """A score beside a threshold read as a bare figure (``CORRECT 1 (threshold 0.5)``) next to
    another grader's ``CORRECT score 1``."""
    from tui.widgets.graders import score_text

    assert score_text(said("promptfoo:javascript", "correct", score, threshold)) == expected
