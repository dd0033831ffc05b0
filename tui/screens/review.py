"""The review screen: one answer at a time, with its question, gold, verdict and sources.

The screen holds what is on it and its keys; what each panel says is drawn from data by
`tui.widgets.panels`; the marking keys are `tui.screens.review_marking`'s, the keys that find
answers (jump, filter, search) `tui.screens.review_finding`'s, and those that open another screen
over it (a needle, a run, the scorecard, the rules, the bad lines) `tui.screens.review_opening`'s.

Why one file: the screen's keys are one list (`ReviewScreen.BINDINGS`, some 110 lines), kept whole
here because their order is the footer's and the key panel's.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker

from grader.schema import Answer, Source
from tui.screens.review_finding import FindingKeys
from tui.screens.review_marking import MarkingKeys
from tui.screens.review_opening import OpeningKeys
from tui.screens.stepping import AnswerSteps
from tui.screens.workers import WorkerErrors, background
from tui.session.order import ORDERS
from tui.session.review import ReviewSession, Shown
from tui.widgets.panels import (
    FULL_VERDICT_ROWS,
    answer_panel,
    banner_lines,
    hidden_verdict_panel,
    no_sources_text,
    question_panel,
    source_text,
    topbar_text,
    verdict_panel,
)
from tui.widgets.render import AS_WRITTEN, AS_WRITTEN_BLIND, LEGEND, sources_table

# How often the app looks for marks written by another process (a stat of one file).
MARKS_POLL_SECONDS = 0.5


class ReviewScreen(WorkerErrors, MarkingKeys, FindingKeys, OpeningKeys, AnswerSteps, Screen[None]):
    """Read graded answers one at a time and mark where the grader is wrong."""

    BINDING_GROUP_TITLE = "Review"
    HELP = (
        "Read one graded answer at a time. **Bold** text is what the model asserts in its own "
        "voice and what the grader checks; *dim italics* is what it attributes to a source; "
        "struck-through text, after its name in brackets, is what the grader set aside (a model's "
        "working before its final answer, an agent's tool calls and their results before its "
        "reply, a JSON answer's or a table's other fields, a table of scored candidates, read as "
        "its chosen row or as the candidates, a list of candidates under a header, a QA "
        "system's scores, its other candidates and its best guess below its threshold, a letter's "
        "greeting, sign-off, signature, quoted message or mail header, a dialogue's turns but the "
        "answerer's and what the answerer weighed before a spoken final answer, an answer "
        "sheet's question numbers, a coding assistant's code, the output its prose overrules and "
        "an error in place of output, a made-up source list). "
        "w shows the answer as the model wrote it, markdown and all. Blind (--blind, and the "
        "order second-read): every verdict is hidden, and the answer shown as written, until you "
        "give yours with 1 to 4; then all is shown, and a verdict that differs from the "
        "grader's asks why."
    )
    BINDINGS = [
        # Priority: the arrows move between answers, never scroll a panel sideways.
        Binding("n,right", "next", "Next", id="review.next", priority=True),
        Binding("p,left", "previous", "Prev", id="review.previous", priority=True),
        Binding("g", "first", "First", show=False, id="review.first"),
        Binding("G", "last", "Last", show=False, id="review.last"),
        Binding("colon", "jump", "Jump to qid", show=False, id="review.jump"),
        Binding(
            "f",
            "filter",
            "Filter",
            id="review.filter",
            tooltip="the answers shown; or an order: read-next, audit (a seeded random sample), "
            "second-read (blind)",
        ),
        Binding("slash", "search", "Search", show=False, id="review.search"),
        Binding(
            "c",
            "agree",
            "Agree",
            id="review.agree",
            tooltip="you read the answer and the grader is right (a mark)",
        ),
        Binding("C", "agree(True)", "Agree, next", show=False, id="review.agree_next"),
        Binding(
            "d",
            "mark",
            "Disagree",
            id="review.mark",
            tooltip="your verdict and why (a mark)",
        ),
        Binding("D", "mark(True)", "Disagree, next", show=False, id="review.mark_next"),
        # Blind review: the reviewer's verdict first, one key each (listed only while the
        # verdicts are hidden).
        Binding(
            "1",
            "blind('correct')",
            "Correct",
            id="review.blind_correct",
            tooltip="your verdict, given blind; then every verdict is shown (a mark)",
        ),
        Binding(
            "2",
            "blind('partial')",
            "Partial",
            id="review.blind_partial",
            tooltip="your verdict, given blind; then every verdict is shown (a mark)",
        ),
        Binding(
            "3",
            "blind('wrong')",
            "Wrong",
            id="review.blind_wrong",
            tooltip="your verdict, given blind; then every verdict is shown (a mark)",
        ),
        Binding(
            "4",
            "blind('declined')",
            "Declined",
            id="review.blind_declined",
            tooltip="it declines honestly, given blind: correct where the question has no "
            "answer or several readings, wrong where it has one (a mark)",
        ),
        Binding("u", "undo", "Undo mark", show=False, id="review.undo"),
        Binding(
            "a",
            "propose",
            "Needle",
            id="review.propose",
            tooltip="propose one; the collision scan and flip preview run first",
        ),
        Binding(
            "r",
            "launch",
            "Run",
            show=False,
            id="review.launch",
            tooltip="launch a small run (limit required)",
        ),
        Binding(
            "v",
            "verdict_whole",
            "Verdict whole",
            show=False,
            id="review.verdict_whole",
            tooltip="the judge's reason, the imported graders' reasons and scores, each mark's "
            "time (brief under 30 rows), and every accepted answer of a long key",
        ),
        Binding(
            "w",
            "written",
            "Written",
            show=False,
            id="review.written",
            tooltip="the answer as the model wrote it (markdown, line breaks), or as the grader "
            "reads it again; kept from one answer to the next",
        ),
        Binding("s", "scorecard", "Scorecard", show=False, id="review.scorecard"),
        Binding(
            "e",
            "rules",
            "Rules",
            show=False,
            id="review.rules",
            tooltip="the rule of each label: its code, definition, function and examples",
        ),
        Binding("m", "problems", "Bad lines", show=False, id="review.problems"),
        Binding(
            "right_square_bracket", "source(1)", "Next source", show=False, id="review.next_source"
        ),
        Binding(
            "left_square_bracket",
            "source(-1)",
            "Previous source",
            show=False,
            id="review.previous_source",
        ),
    ]

    # A var, not a reactive: a reactive repaints the whole screen on every step, a second
    # drawing of all of it after the widgets `show_current` updates have drawn themselves. Nor
    # bindings=True: that re-composes the footer on every step, which costs more than drawing
    # the answer. Bindings are refreshed only when an end is reached or left.
    index: var[int] = var(0)

    def __init__(self, session: ReviewSession, blind: bool = False) -> None:
        super().__init__()
        self.session = session
        self.blind = blind  # every verdict hidden until the reviewer gives theirs
        self.revealed: set[str] = set()  # qids shown whole after a blind verdict (this sitting)
        self._hiding: bool | None = None  # whether the verdicts on screen are hidden
        self.source_row = 0
        self.source_of = ""  # the qid whose source `source_row` is: kept while it is on screen
        self.verdict_whole = False  # `v`: the verdict panel whole on a short terminal too
        self.written = False  # `w`: the answer as the model wrote it, not as the grader reads it
        self.cited: frozenset[int] = frozenset()
        self.grading_failed = False  # the background grading raised (`worker_failed`)

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        yield Static(id="banner")
        with Horizontal(id="body"):
            # The verdict comes right after the question and its key, before the answer, so
            # that it is on the first screen at 80x24 however long the answer.
            with VerticalScroll(id="left"):
                yield Static(id="question", classes="panel")
                yield Static(id="verdict", classes="panel")
                yield Static(id="answer", classes="panel")
            with Vertical(id="right"):
                yield Static(id="sources")
                with VerticalScroll(id="source-scroll"):
                    yield Static(id="source-text")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#question", Static).border_title = "question and key"
        answer = self.query_one("#answer", Static)
        answer.border_title = "answer"
        answer.border_subtitle = LEGEND
        self.query_one("#verdict", Static).border_title = "verdict"
        self.show_current()
        self.grade_in_background()
        # Marks written by another process (a second app, `ragtriage import labels`) are shown
        # while the app is open: a stat of the marks file twice a second.
        self.set_interval(MARKS_POLL_SECONDS, self.poll_marks)

    def poll_marks(self) -> None:
        if self.session.marks.reload():
            self.show_current()

    def on_resize(self) -> None:
        # The sources table is laid out to its pane's width, known only once the screen is laid
        # out: draw it again after the first layout and after every resize; so is the verdict
        # panel, whose imported graders' reasons are cut to its width.
        self.call_after_refresh(self.show_source, self.source_row)
        shown = self.session.shown(self.index)
        if shown is not None and shown.answer is not None and shown.answer.graders:
            self.call_after_refresh(self.show_current)

    # --- background grading --------------------------------------------------------------

    class Grading(Message):
        """The background grading has graded ``done`` of ``total`` answers."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done, self.total = done, total

    class Graded(Message):
        """The background grading has graded every answer."""

    class QueueOrdered(Message):
        """The reading queue is ordered (`Order.reading_queue`)."""

    @background("grading")
    def grade_in_background(self) -> None:
        def progress(done: int, total: int) -> None:
            self.post_message(self.Grading(done, total))

        self.session.run.grade_everything(progress)
        self.post_message(self.Graded())

    def on_review_screen_grading(self, message: Grading) -> None:
        if not self.session.run.graded_all:
            self.update_topbar(f"grading {message.done:,}/{message.total:,}")

    def on_review_screen_graded(self) -> None:
        self.after_grading()

    def worker_failed(self, worker: Worker[object]) -> None:
        if worker.name == "grading":
            self.grading_failed = True
            self.update_topbar()

    def grading_word(self) -> str:
        """What the grading is doing, while the run is not all graded."""
        return "the grading failed" if self.grading_failed else "still grading the run"

    def after_grading(self) -> None:
        # Malformed lines are known now and leave the list: stay on the answer on screen.
        qid = self.current_qid()
        self.session.order.set_filter(self.session.order.filter)
        position = self.session.order.position_of(qid, reset=False) if qid else None
        if position is not None and position != self.index:
            self.index = position
        self.update_topbar()
        self.update_banner()
        self.show_current()
        if self.session.run.grading_note:
            self.notify(self.session.run.grading_note, severity="warning", timeout=10)

    # --- drawing -------------------------------------------------------------------------

    def update_topbar(self, status: str = "") -> None:
        topbar = self.query_one("#topbar", Static)
        width = topbar.content_size.width or self.app.size.width - 2
        topbar.update(
            topbar_text(
                self.session,
                self.index,
                width,
                hiding=self.hiding(),
                status=status,
                grading_failed=self.grading_failed,
            )
        )

    def update_banner(self) -> None:
        lines = banner_lines(self.session)
        banner = self.query_one("#banner", Static)
        banner.update(Text("\n".join(lines)))
        banner.set_class(bool(lines), "shown")

    def show_current(self) -> None:
        self.update_topbar()
        self.update_banner()
        shown = self.session.shown(self.index)
        self.render_shown(shown)
        hiding = self.hides(shown)
        if self.blind_order() and not hiding and shown is not None and shown.answer is not None:
            # Seen whole (marked before): an undo does not hide it again.
            self.revealed.add(shown.answer.qid)
        if hiding != self._hiding:  # the blind keys come and go from the footer
            self._hiding = hiding
            self.refresh_bindings()

    def render_shown(self, shown: Shown | None) -> None:
        question = self.query_one("#question", Static)
        verdict = self.query_one("#verdict", Static)
        row = self.source_row
        self.source_row = 0
        self.query_one("#sources", Static).update("")
        self.query_one("#source-text", Static).update("")
        order = self.session.order
        waiting = not self.session.run.graded_all and order.filter in ORDERS
        question.update(
            question_panel(
                shown,
                self.session.run.config_name,
                f"Grading the run to order it ({order.filter})…" if waiting else "",
                whole=self.verdict_whole,
            )
        )
        # Blind, the grader's reading (what it bolds, what it strikes through as working or
        # an envelope) would hint at its verdict: the answer is shown as written until yours.
        written = self.written or self.hides(shown)
        answer = self.query_one("#answer", Static)
        answer.update(answer_panel(shown, written=written))
        answer.border_subtitle = (
            AS_WRITTEN_BLIND if written and not self.written else AS_WRITTEN if written else LEGEND
        )
        if shown is None or shown.answer is None:
            verdict.update("")
            return
        item = shown.answer
        self.cited = frozenset(shown.reading.cited) if shown.reading else frozenset()
        if self.hides(shown):
            panel = hidden_verdict_panel()
        else:
            # On a short terminal the judge and the marks take a line each (v shows them
            # whole), so that the answer stays on the first screen. Before the first layout,
            # the panel's width is the left pane's share of the screen.
            panel = verdict_panel(
                shown,
                self.session.run.grader.fingerprint,
                brief=self.brief_verdict(),
                whole=self.verdict_whole,
                width=verdict.content_size.width or self.app.size.width * 3 // 5 - 6,
                border=verdict.size.width or self.app.size.width * 3 // 5,
            )
        verdict.border_title = panel.title
        verdict.border_subtitle = panel.subtitle
        verdict.update(panel.text)
        if item.sources:
            # The same answer drawn again (after a mark) keeps the source the reviewer chose.
            same = item.qid == self.source_of and row < len(item.sources)
            self.show_source(row if same else 0, item)
            self.source_of = item.qid
        else:
            self.query_one("#sources", Static).update(
                no_sources_text(self.session.run.imported_run)
            )

    def brief_verdict(self) -> bool:
        """Whether the verdict panel is drawn brief: on a terminal under `FULL_VERDICT_ROWS`
        rows, unless the reviewer asked for it whole (``v``, which also shows the imported
        graders' reasons uncut at any size)."""
        return not self.verdict_whole and self.app.size.height < FULL_VERDICT_ROWS

    def action_verdict_whole(self) -> None:
        """Show the verdict whole (the judge's reason and model, the imported graders'
        reasons, each mark's time and grader) and the key with every accepted answer, or as
        they fit again."""
        self.verdict_whole = not self.verdict_whole
        self.show_current()

    def action_written(self) -> None:
        """Show the answer as the model wrote it (the run file's text: its markdown, dashes
        and quotes), or as the grader reads it again."""
        self.written = not self.written
        self.show_current()

    def show_source(self, row: int, item: Answer[Source] | None = None) -> None:
        """Show the sources table with ``row`` selected, and that source's full text."""
        item = item or self.session.order.answer_at(self.index)
        if item is None or not 0 <= row < len(item.sources):
            return
        self.source_row = row
        sources = self.query_one("#sources", Static)
        width = sources.content_size.width or 36
        sources.update(sources_table(item, self.cited, row, width))
        self.query_one("#source-text", Static).update(source_text(item.sources[row]))

    def action_source(self, step: int) -> None:
        """Select the previous or next retrieved source."""
        self.show_source(self.source_row + step)

    def watch_index(self) -> None:
        if self.is_mounted:
            # Each answer opens at its top: the question, not where the last one was scrolled.
            self.query_one("#left", VerticalScroll).scroll_home(animate=False)
            self.show_current()
            ends = (self.index == 0, self.index >= len(self.session.order.visible) - 1)
            if ends != getattr(self, "_ends", None):
                self._ends = ends
                self.refresh_bindings()

    # --- navigation ----------------------------------------------------------------------

    def steps(self) -> int:
        return len(self.session.order.visible)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Blind: the verdict keys while the verdicts are hidden; the keys that would show a
        # grader's verdict (agree with it, disagree with it, a needle's flip preview, the
        # scorecard) once they are shown.
        if action == "blind":
            return bool(self._hiding)
        if action in ("agree", "mark", "propose", "scorecard", "rules") and self._hiding:
            return False
        # At an end the key stays listed, dimmed (None), rather than vanishing (False).
        count = len(self.session.order.visible)
        if action in ("next", "last"):
            return True if self.index < count - 1 else None
        if action in ("previous", "first"):
            return True if self.index > 0 else None
        return True

    def go_to(self, position: int) -> None:
        if self.index == position:
            self.show_current()
        self.index = position

    def current_qid(self) -> str | None:
        shown = self.session.shown(self.index)
        return shown.answer.qid if shown and shown.answer else None
