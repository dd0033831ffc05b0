"""The A/B screen: one question, the two runs' answers side by side, the paired summary on top.

Each side's verdict panel is the review screen's (`tui.widgets.panels.verdict_panel`): the rules'
verdict, then the judge's (when a model judged that run's answer), each grader imported with that
run's answers (name, verdict, score, threshold, reason) and each reviewer's mark, brief under 30
rows and whole with ``v``. A side is half the screen wide: its verdict is drawn ``narrow`` (the
judge and each mark a row at any height; brief, every line a row: a label cut with "…", the
money line shortened, the graders counted where their names do not fit), so that both answers'
first lines stay on the first screen at 80x24 and 100x30.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker

from grader.audit.compare import format_p
from tui.screens.stepping import AnswerSteps
from tui.screens.workers import WorkerErrors, background
from tui.session.compare import COMPARE_FILTERS, CompareSession
from tui.widgets.panels import FULL_VERDICT_ROWS, answer_panel, verdict_panel
from tui.widgets.render import AS_WRITTEN, LEGEND, fitted, gold_text, question_text, safe

CHANGE_STYLE = {"gained": "bold green", "lost": "bold red", "changed": "bold yellow"}


class CompareScreen(WorkerErrors, AnswerSteps, Screen[None]):
    """Run A against run B, question by question; marks go to the side selected."""

    BINDING_GROUP_TITLE = "Compare"
    HELP = (
        "The same question answered by two runs. Tab picks the side your marks go to (its "
        "column is outlined); f shows only the questions whose grade changed, was gained or "
        "was lost. Each side's verdict shows the judge's and the graders imported with its "
        "answers beside the rules'; v shows their reasons whole; w shows both answers as "
        "written."
    )
    BINDINGS = [
        Binding("n,right", "next", "Next", id="compare.next", priority=True),
        Binding("p,left", "previous", "Prev", id="compare.previous", priority=True),
        Binding("g", "first", "First", show=False, id="compare.first"),
        Binding("G", "last", "Last", show=False, id="compare.last"),
        Binding("f", "filter", "Filter", id="compare.filter"),
        Binding("tab", "switch_side", "Mark A/B", id="compare.side", priority=True),
        Binding("c", "agree", "Agree", id="compare.agree"),
        Binding("d", "mark", "Disagree", id="compare.mark"),
        Binding("u", "undo", "Undo mark", show=False, id="compare.undo"),
        Binding(
            "v",
            "verdict_whole",
            "Verdict whole",
            show=False,
            id="compare.verdict_whole",
            tooltip="each side's rules' lines, judge's reason, imported graders' reasons and "
            "scores, each mark's time (brief under 30 rows)",
        ),
        Binding(
            "w",
            "written",
            "Written",
            show=False,
            id="compare.written",
            tooltip="both answers as their models wrote them (markdown, line breaks), or as "
            "the grader reads them again; kept from one question to the next",
        ),
        Binding(
            "i",
            "notes",
            "Notes",
            show=False,
            id="compare.notes",
            tooltip="the comparison's notes whole (why it may not compare, the knobs)",
        ),
    ]

    # Vars, not reactives: the watchers draw what changed (see `ReviewScreen.index`).
    index: var[int] = var(0)
    side: var[str] = var("a")

    def __init__(self, session: CompareSession) -> None:
        super().__init__()
        self.session = session
        # `i`: every note of the comparison, or one line of them (None: as they fit)
        self.notes_whole: bool | None = None
        self.notes_shown_whole = False
        self.verdict_whole = False  # `v`: both verdict panels whole on a short terminal too
        self.written = False  # `w`: both answers as their models wrote them

    def steps(self) -> int:
        return len(self.session.visible)

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        yield Static(id="banner")
        with VerticalScroll(id="compare-body"):
            yield Static(id="question", classes="panel")
            # Each side's verdict before its answer, as on the review screen.
            with Horizontal(id="sides"):
                for side in ("a", "b"):
                    with VerticalScroll(id=f"side-{side}", classes="side"):
                        yield Static(id=f"verdict-{side}", classes="panel")
                        yield Static(id=f"answer-{side}", classes="panel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#question", Static).border_title = "question and key"
        for side in ("a", "b"):
            run = self.session.side(side).run.run_id
            self.query_one(f"#verdict-{side}", Static).border_title = f"{side.upper()}  {safe(run)}"
            answer = self.query_one(f"#answer-{side}", Static)
            answer.border_title = f"{side.upper()} answer"
            answer.border_subtitle = LEGEND
        self.update_topbar("grading both runs…")
        self.grade_in_background()

    class Grading(Message):
        """The background grading has graded ``done`` of ``total`` answers of run ``name``
        (A or B)."""

        def __init__(self, name: str, done: int, total: int) -> None:
            super().__init__()
            self.name, self.done, self.total = name, done, total

    class Compared(Message):
        """Both runs are graded and compared."""

    @background("grading")
    def grade_in_background(self) -> None:
        def progress(name: str, done: int, total: int) -> None:
            self.post_message(self.Grading(name, done, total))

        self.session.grade_everything(progress)
        self.post_message(self.Compared())

    def on_compare_screen_grading(self, message: Grading) -> None:
        if not self.session.graded:
            self.update_topbar(f"grading {message.name} {message.done:,}/{message.total:,}")

    def on_compare_screen_compared(self) -> None:
        self.show_current()

    def worker_failed(self, worker: Worker[object]) -> None:
        if worker.name == "grading":
            self.update_topbar("grading failed: no comparison")

    # --- drawing -------------------------------------------------------------------------

    def update_topbar(self, status: str = "") -> None:
        """The counts on a line fitted to the width, the comparison's sentence, then its notes
        (why it may not be comparable, the knobs that changed) on one line, whole with ``i``:
        at 80x24 they once took 8 of the 24 rows and pushed the answers off the screen."""
        session = self.session
        comparison = session.comparison
        text = Text()
        count = len(session.visible)
        position = f" {self.index + 1 if count else 0} / {count} "
        text.append(position, "reverse")
        width = self.query_one("#topbar", Static).content_size.width or self.app.size.width - 2
        parts = [f"marks to {self.side.upper()}"]
        if comparison is None:
            parts.insert(0, status)
        else:
            correct, money = comparison.correct, comparison.money
            parts[:0] = [
                f"correct A {comparison.correct_a} · B {comparison.correct_b} "
                f"(p = {format_p(correct.p_value)})",
                f"violations A only {money.a_only} · B only {money.b_only}",
            ]
        parts.append(f"filter {session.filter}")
        text.append("  " + fitted(parts, width - len(position) - 2, "  ·  "))
        if comparison:
            text.append("\n")
            text.append(safe(comparison.sentence()), "bold")
        self.query_one("#topbar", Static).update(text)
        banner = self.query_one("#banner", Static)
        notes = list(comparison.reasons) if comparison else []
        if comparison and not comparison.comparable:
            notes.insert(0, "NOT COMPARABLE")
        if comparison and comparison.knobs:
            notes.append(
                "knobs: " + "; ".join(f"{k['knob']} {k['a']} -> {k['b']}" for k in comparison.knobs)
            )
        rows = sum(-(-len(note) // max(width, 1)) for note in notes)
        if self.notes_whole is None:  # as they fit: whole in two rows of a tall screen
            whole = rows <= 1 or (rows <= 2 and self.app.size.height >= 30)
        else:
            whole = self.notes_whole
        self.notes_shown_whole = whole
        if whole:
            shown_notes = Text(safe("\n".join(notes)))
            if rows > 1:
                shown_notes.append("  (i: on a line)", "dim")
        else:
            more = f"  (+{len(notes) - 1} more, i: all)" if len(notes) > 1 else "  (i: all)"
            first = notes[0] if notes else ""
            if first == "NOT COMPARABLE" and len(notes) > 1:
                first = f"NOT COMPARABLE: {notes[1]}"
                more = f"  (+{len(notes) - 2} more, i: all)" if len(notes) > 2 else "  (i: all)"
            shown_notes = Text(fitted([safe(first)], width - len(more)))
            shown_notes.append(more, "dim")
        banner.update(shown_notes)
        banner.set_class(bool(notes), "shown")
        banner.set_class(whole, "whole")

    def action_notes(self) -> None:
        """Show the comparison's notes whole, or on one line again."""
        self.notes_whole = not self.notes_shown_whole
        self.update_topbar()

    def show_current(self) -> None:
        self.update_topbar()
        for side in ("a", "b"):
            column = self.query_one(f"#side-{side}")
            column.set_class(self.side == side, "selected")
            # Said on the column itself: the header may have no room for it at 80 columns.
            column.border_title = f"marks go to {side.upper()} (tab)" if self.side == side else ""
        question = self.query_one("#question", Static)
        if not self.session.graded:
            question.update(Text("grading both runs…", "dim"))
            return
        if not self.session.visible:
            question.update(Text(f"No question matches the filter {self.session.filter!r}."))
            for side in ("a", "b"):
                self.query_one(f"#answer-{side}", Static).update("")
                self.query_one(f"#verdict-{side}", Static).update("")
            return
        qid = self.session.visible[self.index]
        shown = {side: self.session.shown(side, qid) for side in ("a", "b")}
        first = shown["a"] or shown["b"]
        if first is None or first.answer is None:
            return
        text = question_text(first.answer, self.session.a.run.config_name)
        change = self.session.change_of(qid)
        if change:
            text.append(f"\n{change}", CHANGE_STYLE[change])
        question.update(Text.assemble(text, "\n", gold_text(first.answer)))
        for side, one in shown.items():
            answer = self.query_one(f"#answer-{side}", Static)
            verdict = self.query_one(f"#verdict-{side}", Static)
            if one is None or one.answer is None:
                answer.update(Text("not an answer", "dim"))
                verdict.update("")
                continue
            answer.update(answer_panel(one, written=self.written))
            run = self.session.side(side).run
            # Before the first layout, a side's panel is half the screen's body (its left
            # margin and scrollbar column out), less its column's border and its own.
            panel = verdict_panel(
                one,
                run.grader.fingerprint,
                brief=self.brief_verdict(),
                whole=self.verdict_whole,
                width=verdict.content_size.width or (self.app.size.width - 2) // 2 - 6,
                border=verdict.size.width or (self.app.size.width - 2) // 2 - 2,
                title=f"{side.upper()}  {safe(run.run_id)}",
                narrow=True,
            )
            verdict.border_title = panel.title
            verdict.border_subtitle = panel.subtitle
            verdict.update(panel.text)

    def brief_verdict(self) -> bool:
        """Whether the verdict panels are drawn brief, as on the review screen: under
        `FULL_VERDICT_ROWS` rows, unless the reviewer asked for them whole (``v``)."""
        return not self.verdict_whole and self.app.size.height < FULL_VERDICT_ROWS

    def action_verdict_whole(self) -> None:
        """Show both verdicts whole (the imported graders' reasons, each mark's time), or as
        they fit again."""
        self.verdict_whole = not self.verdict_whole
        self.show_current()

    def action_written(self) -> None:
        """Show both answers as their models wrote them (the run files' text: markdown, dashes
        and quotes), or as the grader reads them again."""
        self.written = not self.written
        for side in ("a", "b"):
            answer = self.query_one(f"#answer-{side}", Static)
            answer.border_subtitle = AS_WRITTEN if self.written else LEGEND
        self.show_current()

    def on_resize(self) -> None:
        # The imported graders' lines and the marks' notes are fitted to their panel's width,
        # known once the screen is laid out: draw again after the first layout and after every
        # resize.
        if self.session.graded and self.session.visible:
            self.call_after_refresh(self.show_current)

    def watch_index(self) -> None:
        if self.is_mounted:
            self.show_current()

    def watch_side(self) -> None:
        if self.is_mounted:
            self.show_current()

    # --- keys ----------------------------------------------------------------------------

    def action_switch_side(self) -> None:
        self.side = "b" if self.side == "a" else "a"

    def action_filter(self) -> None:
        from tui.screens.find_dialogs import FilterDialog

        if not self.session.graded:
            self.notify("still grading; filters need every grade", severity="warning")
            return

        def done(name: str | None) -> None:
            if name is None:
                return
            self.session.set_filter(name)
            if self.index == 0:
                self.show_current()
            self.index = 0

        counts = self.session.counts()
        self.app.push_screen(
            FilterDialog({n: counts[n] for n in COMPARE_FILTERS}, self.session.filter), done
        )

    def _current(self) -> tuple[str, int] | None:
        if not self.session.graded or not self.session.visible:
            self.notify("nothing to mark here", severity="warning")
            return None
        qid = self.session.visible[self.index]
        return qid, self.session.index_in(self.side, qid)

    def action_agree(self) -> None:
        current = self._current()
        if current is None:
            return
        _qid, i = current
        mark = self.session.side(self.side).mark(i, "agree")
        self.mark_toast(f"marked {mark.qid} in {self.side.upper()}: you agree ({mark.verdict})")
        self.show_current()

    def action_mark(self) -> None:
        from tui.screens.mark_dialog import MarkDialog

        current = self._current()
        if current is None:
            return
        qid, i = current
        side = self.side
        session = self.session.side(side)
        grade = session.run.grade(i)
        if grade is None:
            return

        def done(result: tuple[str, str, bool | None] | None) -> None:
            if result is None:
                return
            verdict, note, declined = result
            mark = session.mark(i, "disagree", verdict, note, declined)
            self.mark_toast(
                f"marked {mark.qid} in {side.upper()}: you say {mark.verdict}, the grader "
                f"{mark.grader_verdict}"
            )
            self.show_current()

        self.app.push_screen(MarkDialog(qid, grade.verdict), done)

    def action_undo(self) -> None:
        current = self._current()
        if current is None:
            return
        qid, i = current
        taken = self.session.side(self.side).undo(i)
        if taken is None:
            self.mark_toast(
                f"{qid} has no mark of yours in {self.side.upper()}", severity="warning"
            )
        else:
            self.mark_toast(f"took back your mark on {taken} in {self.side.upper()}")
        self.show_current()
