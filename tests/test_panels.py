"""The review screen's panels drawn from data (`tui.widgets.panels`), without the app: given what
is shown at a position, the text each panel holds and its border's title and subtitle. The run
is imported from the real Inspect log in tests/fixtures/imports/ (its answers hold Inspect's
scorers' verdicts, and one reviewer's label)."""

from __future__ import annotations

from dataclasses import replace

import msgspec
import pytest

from engine.importers import import_file
from engine.workspace import Workspace
from grader.records.judgements import Judgement
from grader.records.runfile import LineProblem
from grader.rules.clauses import get_strategy
from grader.rules.codes import ENGINE_ERROR
from grader.rules.declines import load_declines
from grader.rules.reading import read_answer
from grader.schema import MoneyCheck, Source
from grader.text import clip
from tests.conftest import ROOT
from tui.session.review import ReviewSession, Shown
from tui.widgets.panels import (
    answer_panel,
    banner_lines,
    hidden_verdict_panel,
    no_sources_text,
    question_panel,
    showing,
    source_text,
    topbar_text,
    verdict_panel,
)
from tui.widgets.verdict import money_text

INSPECT = ROOT / "tests" / "fixtures" / "imports" / "inspect-0.3.285-lease.eval"
RENT = 4  # rent-epoch1: correct for the rules, wrong or partial for each of Inspect's scorers


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    root = tmp_path_factory.mktemp("panels")
    workspace = Workspace(root / "runs", root / "corpora", root / "needles")
    _fmt, (imported,) = import_file(INSPECT, workspace.runs_dir)
    session = ReviewSession(imported.run, workspace)
    session.run.grade_everything()
    yield session
    session.close()


@pytest.fixture(scope="module")
def rent(session) -> Shown:
    shown = session.shown(RENT)
    assert shown is not None and shown.answer is not None
    assert shown.answer.qid == "rent-epoch1"
    return shown


def lines(text) -> list[str]:
    return text.plain.splitlines()


# --- the verdict panel ----------------------------------------------------------------------


def test_the_verdict_panel_holds_the_rules_each_imported_grader_and_the_mark(rent):
    panel = verdict_panel(rent, "abc123")
    assert panel.title == "verdict"
    assert lines(panel.text)[:4] == [
        " CORRECT   grader abc123",
        "• V001 content checks passed",
        "money  key $1,450  ·  asserted $1450  ·  no violation",
        "declined  no",
    ]
    graders = [line for line in lines(panel.text) if line.startswith("inspect:")]
    assert [line.split("  ")[0] for line in graders] == [
        "inspect:match",
        "inspect:includes",
        "inspect:f1",
        "inspect:model_graded_fact",
    ]
    assert "inspect:f1   WRONG   disagrees  score 0.4 (threshold 0.5)" in graders
    assert lines(panel.text)[-1].startswith("reviewer dana   CORRECT   label")
    # The last grader's reason is cut to a line: the subtitle says `v` shows it whole.
    assert graders[-1].endswith("…")
    assert panel.subtitle == "v: the graders' reasons"


def test_brief_the_graders_take_one_line_and_the_subtitle_says_what_was_left_out(rent):
    panel = verdict_panel(rent, "abc123", brief=True)
    assert "inspect  4 disagree   WRONG  match, includes, f1   PARTIAL  model_graded_fact" in (
        lines(panel.text)
    )
    assert not any(line.startswith("inspect:") for line in lines(panel.text))
    assert panel.subtitle == "v: the graders' scores and reasons, the marks' times"


def test_whole_nothing_is_left_out_and_the_subtitle_is_empty(rent):
    panel = verdict_panel(rent, "abc123", brief=True, whole=True)
    assert "GRADE: P" in panel.text.plain  # the model-graded reason's second line
    assert "(2026-12-06T08:09:10.653191Z)" in panel.text.plain  # the mark's time
    assert panel.subtitle == ""


def test_a_reason_is_cut_to_the_panel_width(rent):
    narrow = verdict_panel(rent, "abc123", width=60)
    for line in lines(narrow.text):
        if line.startswith("inspect:"):
            assert len(line) <= 60, line


@pytest.mark.parametrize(
    ("border", "subtitle"),
    [(0, "v: the graders' reasons"), (40, "v: the graders' reasons"), (20, "v: the verdict whole")],
    ids=["no-border-known", "fits", "too-long-for-the-border"],
)
def test_a_subtitle_too_long_for_the_border_asks_for_the_verdict_whole(rent, border, subtitle):
    assert verdict_panel(rent, "abc123", border=border).subtitle == subtitle


def test_a_narrow_side_keeps_the_graders_and_the_mark_to_a_line_each(rent):
    """An A/B side at 80x24 is 32 columns: the graders grouped by verdict and the mark with its
    note took two rows each and pushed the answer under the footer."""
    panel = verdict_panel(rent, "abc123", brief=True, width=32, border=34, narrow=True)
    text = lines(panel.text)
    assert "4 graders, 4 disagree" in text
    assert "reviewer dana   CORRECT   label" in text, "no room left for the note: left out"
    assert panel.subtitle == "v: the verdict whole"
    assert verdict_panel(rent, "abc123", brief=True, width=32, narrow=True).subtitle == (
        "v: the rules' lines whole, the graders' names, scores and reasons, the marks' times"
    )
    wider = lines(verdict_panel(rent, "abc123", brief=True, width=60, narrow=True).text)
    mark = next(line for line in wider if line.startswith("reviewer"))
    assert len(mark) <= 60 and mark.endswith("\u2026") and "inspect:match edited" in mark
    # The review screen's panel (not narrow) at the same width is as it was: the names.
    review = lines(verdict_panel(rent, "abc123", brief=True, width=32).text)
    assert "inspect  4 disagree   WRONG  match, includes, f1   PARTIAL  model_graded_fact" in review
    assert any(line.startswith("reviewer dana") and len(line) > 32 for line in review)


def test_the_a_b_sides_title_is_kept(rent):
    assert verdict_panel(rent, "abc123", title="A  run-a").title == "A  run-a"


def test_a_narrow_side_keeps_each_of_the_rules_and_the_judges_lines_to_a_row(rent):
    """At 80x24 the money line took two rows of a 33-column A/B side, and so did a label
    naming a long key and a judge's reply that could not be read."""
    label = 'missing key: "Bobby Moore / Robert Moore"'
    shown = replace(
        rent,
        grade=msgspec.structs.replace(rent.grade, labels=(label,)),
        judgement=Judgement("rent-epoch1", "unparsed", None, "", "What is", {}, "judge-1", "", ""),
    )
    for width in (20, 32, 45):
        text = lines(verdict_panel(shown, "abc123", brief=True, width=width, narrow=True).text)
        assert all(len(line) <= width for line in text), (width, text)
        assert any(line.startswith("money  no violation") for line in text)
    text = lines(verdict_panel(shown, "abc123", brief=True, width=32, narrow=True).text)
    assert text[1:5] == [
        '• K001 missing key: "Bobby Moor\u2026',
        "money  no violation · key $1,450",
        "declined  no",
        "judge     no verdict: the reply\u2026",
    ]
    # Whole (`v`), and on the review screen (not narrow), every line is as it was.
    for panel in (
        verdict_panel(shown, "abc123", whole=True, width=32, narrow=True),
        verdict_panel(shown, "abc123", brief=True, width=32),
    ):
        assert lines(panel.text)[1:4] == [
            f"• K001 {label}",
            "money  key $1,450  ·  asserted $1450  ·  no violation",
            "declined  no",
        ]


def test_a_narrow_side_not_brief_keeps_the_judge_and_each_mark_to_a_row(rent):
    """At 100x30 (not brief) an A/B side of 43 columns drew the judge's reason and model and
    the mark's time whole: seven rows that pushed both answers under the footer."""
    judged = Judgement(
        "rent-epoch1", "judged", "wrong", "No monthly amount.", "wrong.", {}, "judge-1", "", ""
    )
    shown = replace(rent, judgement=judged)
    side = verdict_panel(shown, "abc123", width=43, border=45, narrow=True)
    text = lines(side.text)
    assert "judge      WRONG   disagrees" in text
    assert "money  key $1,450  ·  asserted $1450  ·  no violation" in text, "whole: not brief"
    assert len([line for line in text if line.startswith("inspect:")]) == 4, "named, a line each"
    mark = next(line for line in text if line.startswith("reviewer dana"))
    assert len(mark) <= 43 and "2026-" not in mark
    assert verdict_panel(shown, "abc123", width=43, narrow=True).subtitle == (
        "v: the judge's reason, the graders' scores and reasons, the marks' times"
    )
    # Whole (`v`), and the review screen's panel (not narrow): the reason and the time.
    for panel in (
        verdict_panel(shown, "abc123", whole=True, width=43, narrow=True),
        verdict_panel(shown, "abc123", width=43),
    ):
        assert "rules and judge disagree  No monthly amount." in panel.text.plain
        assert "(2026-12-06T08:09:10.653191Z)" in panel.text.plain


MONEY = [
    MoneyCheck(True, ("$1,450",), ("$1450",), False),
    MoneyCheck(True, ("$1,450",), (), False),
    MoneyCheck(True, ("$26.99", "$1,234.56"), ("$27",), True),
    MoneyCheck(True, ("\u20ac12.5 million",), ("\u20ac12.5m", "\u20ac13m", "\u20ac14m"), True),
]


@pytest.mark.parametrize(
    "money", MONEY, ids=["found", "none-asserted", "violation-two-keys", "violation-three-said"]
)
def test_the_money_line_is_whole_where_it_fits_else_its_verdict_then_whole_parts(money):
    status = "VIOLATION" if money.violation else "no violation"
    parts = [f"key {', '.join(money.key)}", f"asserted {', '.join(money.asserted) or 'none'}"]
    whole = money_text(money).plain
    assert whole == f"money  {parts[0]}  ·  {parts[1]}  ·  {status}"
    head = f"money  {status}"
    for width in range(1, len(whole) + 3):
        line = money_text(money, width).plain
        assert len(line) <= width, (width, line)
        if len(whole) <= width:
            assert line == whole
        elif width < len(head):  # not even its verdict fits: cut, as a string is cut
            assert line == clip(head, width)
        else:  # its verdict (never left out), then as many whole parts as fit, in order
            shown = line.split(" · ")
            assert shown == [head, *parts[: len(shown) - 1]], (width, line)
            if len(shown) - 1 < len(parts):
                assert len(" · ".join([*shown, parts[len(shown) - 1]])) > width


def test_the_hidden_verdict_panel_tells_no_verdict():
    panel = hidden_verdict_panel()
    assert panel.title == "verdict: hidden" and panel.subtitle == ""
    assert lines(panel.text) == [
        "Hidden until you give your verdict:",
        " 1  correct     2  partial ",
        " 3  wrong       4  declined",
    ]


# --- the question, the answer, the sources ------------------------------------------------------


def test_the_question_panel_holds_the_qid_kind_config_question_and_key(rent):
    assert lines(question_panel(rent, "k3")) == [
        "rent-epoch1  ·  answerable  ·  config k3",
        "What is the monthly rent in the lease?",
        "key  $1,450",
    ]


def test_a_line_that_is_not_an_answer_says_its_line_and_why():
    shown = Shown(0, 7, None, LineProblem(7, "not JSON: expected value"), None, None, [])
    assert question_panel(shown, "k3").plain == "line 7: not JSON: expected value"
    assert answer_panel(shown).plain == ""


@pytest.mark.parametrize(
    ("waiting", "said"),
    [("", "Nothing to show."), ("Grading the run to order it (audit)…", None)],
    ids=["nothing", "waiting-for-the-order"],
)
def test_no_position_says_nothing_or_what_it_waits_for(waiting, said):
    assert question_panel(None, "k3", waiting).plain == (said or waiting)
    assert answer_panel(None).plain == ""


def test_the_answer_panel_is_the_answer_without_the_legend(rent):
    assert answer_panel(rent).plain == "The rent is $1450 a month."


def _read(rent, answer: str) -> Shown:
    """``rent`` with another answer, read as the grader reads it."""
    item = msgspec.structs.replace(rent.answer, answer=answer, error=None)
    reading = read_answer(answer, get_strategy(), load_declines())
    return replace(rent, answer=item, reading=reading)


def test_a_final_answer_s_working_is_shown_struck_through_before_it(rent):
    shown = _read(rent, "Let me think. The deposit was $1,400.00.\nFinal answer: $1,450.00")
    text = answer_panel(shown)
    first, second = lines(text)
    assert first == ("[working, not graded] Let me think. The deposit was $1,400.00.")
    assert second == "$1,450.00"
    struck = [
        text.plain[span.start : span.end] for span in text.spans if "strike" in str(span.style)
    ]
    assert struck == ["Let me think. The deposit was $1,400.00."]


def test_an_invented_source_block_is_shown_struck_through_after_the_answer(rent):
    shown = _read(rent, "The rent is $1,450.00 [1].\n\nSources:\n[1] lease.pdf, page 2")
    assert shown.reading is not None and shown.reading.invented_block
    said = lines(answer_panel(shown))
    assert said[0] == "The rent is $1,450.00 [1]."
    assert said[1].startswith("[invented sources, not graded] Sources:")


TABLE_ANSWERS = [
    # (the answer, the panel's lines)
    (
        "Here are the lease's terms:\n\n| Field | Value |\n|---|---|\n| Rent | $1,450.00 |\n"
        "| Deposit | $1,400.00 |\n| Term | 12 months. It renews each May. |\n\nAsk the landlord.",
        [
            "Here are the lease's terms:",
            "- Rent: $1,450.00",
            "- Deposit: $1,400.00",
            "- Term: 12 months. It renews each May.",
            "Ask the landlord.",
        ],
    ),
    (
        "| Month | Rent |\n|---|---|\n| May | $1,400.00 |\n| June | $1,450.00 |",
        ["May, $1,400.00", "June, $1,450.00"],
    ),
    (
        "| Field | Value |\n|---|---|\n| Answer | $1,450.00 |\n| Confidence | high |\n"
        "| Source | the lease, page 2 |",
        [
            "[working, not graded] Confidence: high",
            "Source: the lease, page 2",
            "$1,450.00",
        ],
    ),
]


@pytest.mark.parametrize(
    ("answer", "said"),
    TABLE_ANSWERS,
    ids=["fields-between-prose", "a-table-of-facts", "the-answer-field-and-other-fields"],
)
def test_a_tables_rows_are_shown_one_to_a_line(rent, answer, said):
    """A table of fields was shown on one wrapped line ("- Rent: $1,450.00 - Deposit: ...")."""
    text = answer_panel(_read(rent, answer))
    assert lines(text) == said
    struck = "".join(
        text.plain[span.start : span.end] for span in text.spans if "strike" in str(span.style)
    )
    assert struck == ("Confidence: high\nSource: the lease, page 2" if "Answer" in answer else "")


def test_an_answer_with_nothing_set_aside_shows_no_such_line(rent):
    assert "not graded]" not in answer_panel(_read(rent, "The rent is $1,450.00.")).plain


@pytest.mark.parametrize(
    ("answer", "error", "written"),
    [
        (
            "| a | b |\n|---|---|\n**c** \u2014 [bold]d[/]",
            None,
            "| a | b |\n|---|---|\n**c** \u2014 [bold]d[/]",
        ),
        ("red \x1b[31m", None, "red \\x1b[31m"),
        ("one\r\ntwo\rthree\n\x0bfour", None, "one\ntwo\nthree\n\\x0bfour"),
        ("", None, "(empty answer)"),
        ("", "timeout", f"{ENGINE_ERROR.name}: timeout"),
        ("half an answer", "timeout", f"{ENGINE_ERROR.name}: timeout\nhalf an answer"),
    ],
    ids=[
        "markdown-and-markup-as-they-are",
        "control-shown",
        "windows-and-old-mac-line-ends-as-line-breaks",
        "empty",
        "error",
        "error-and-text",
    ],
)
def test_the_answer_as_written_is_the_run_files_text_unread(rent, answer, error, written):
    item = msgspec.structs.replace(rent.answer, answer=answer, error=error)
    text = answer_panel(replace(rent, answer=item), written=True)
    assert text.plain == written
    if not error and answer:
        assert not text.spans and not text.style, "no clause read: nothing bold or italic"


def test_a_source_written_as_markup_is_shown_as_written():
    source = Source(2, "lease[bold].pdf", "Rent: [red]$1,450[/red]\x1b[2J", page=3, chunk=None)
    text = source_text(source)
    assert lines(text) == ["[2] lease[bold].pdf, page 3, chunk ", "Rent: [red]$1,450[/red]\\x1b[2J"]
    assert not text.spans[1:]  # the source's text is plain, only its heading styled


@pytest.mark.parametrize(
    ("imported", "said"),
    [(True, "No sources (none imported)"), (False, "No sources were retrieved")],
    ids=["imported", "run-by-the-engine"],
)
def test_an_answer_without_sources_says_why(imported, said):
    assert no_sources_text(imported).plain == said


# --- the header and the banner --------------------------------------------------------------


def test_the_header_first_line_keeps_the_position_money_bar_and_marks(session):
    first, second = lines(topbar_text(session, RENT, 60))
    assert first == " 5 / 10   ZERO-WRONG-MONEY PASS  ·  marked 1  ·  filter all"
    assert second == "inspect-0.3.285-lease · 6 correct of 10 judged (60.0%)"


@pytest.mark.parametrize("width", [80, 60, 40, 24, 12])
def test_the_header_second_line_fits_its_width(session, width):
    second = lines(topbar_text(session, RENT, width))[1]
    assert len(second) <= width


def test_blind_the_header_hides_the_run_figures(session):
    text = topbar_text(session, RENT, 60, hiding=True).plain
    assert "BLIND: your verdict first" in text
    assert "ZERO-WRONG-MONEY" not in text and "correct" not in text


def test_while_grading_the_header_says_so_and_a_failure_says_it_failed(tmp_path):
    workspace = Workspace(tmp_path / "runs", tmp_path / "corpora", tmp_path / "needles")
    _fmt, (imported,) = import_file(INSPECT, workspace.runs_dir)
    ungraded = ReviewSession(imported.run, workspace)
    try:
        assert "  grading…  ·" in topbar_text(ungraded, 0, 60).plain
        assert "grading 3/10" in topbar_text(ungraded, 0, 60, status="grading 3/10").plain
        assert "the grading failed" in topbar_text(ungraded, 0, 60, grading_failed=True).plain
    finally:
        ungraded.close()


def test_the_banner_of_a_readable_run_is_empty_and_showing_names_the_filter(session):
    assert banner_lines(session) == []
    assert showing(session) == "filter all"


@pytest.mark.parametrize(
    ("lines_after_the_header", "said"),
    [
        (b"", ["This run holds no answers yet."]),
        (
            b"{broken\n",
            [
                "1 line(s) could not be read and are skipped: 2 (press m to list them)",
                "No answer matches the filter 'all' (press f).",
            ],
        ),
    ],
    ids=["empty-run", "a-bad-line"],
)
def test_the_banner_names_an_empty_run_and_bad_lines(tmp_path, lines_after_the_header, said):
    workspace = Workspace(tmp_path / "runs", tmp_path / "corpora", tmp_path / "needles")
    workspace.runs_dir.mkdir(parents=True)
    path = workspace.runs_dir / "broken.jsonl"
    header = b'{"type": "run", "schema": 1, "run_id": "broken", "corpus": "finance"}\n'
    path.write_bytes(header + lines_after_the_header)
    run = ReviewSession(path, workspace)
    try:
        run.run.grade_everything()
        run.order.set_filter("all")
        assert banner_lines(run) == said
    finally:
        run.close()
