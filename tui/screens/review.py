"""The review screen: one answer at a time, with its question, gold, verdict and sources."""

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

from grader.errors import RagtriageError
from grader.schema import Answer, Source
from tui.screens.stepping import AnswerSteps
from tui.screens.workers import WorkerErrors, background
from tui.session.marking import BLIND_SAYS, blind_verdict
from tui.session.order import FILTERS, ORDERS, VERDICT_FILTERS
from tui.session.review import ReviewSession, Shown
from tui.widgets.render import (
    LEGEND,
    answer_text,
    fitted,
    gold_text,
    question_text,
    safe,
    scorecard_parts,
    source_field,
    sources_table,
    verdict_omits,
    verdict_text,
)

# How often the app looks for marks written by another process (a stat of one file).
MARKS_POLL_SECONDS = 0.5
# A terminal with fewer rows draws the verdict panel brief (`ReviewScreen.brief_verdict`).
FULL_VERDICT_ROWS = 30


class ReviewScreen(WorkerErrors, AnswerSteps, Screen[None]):
    """Read graded answers one at a time and mark where the grader is wrong."""

    BINDING_GROUP_TITLE = "Review"
    HELP = (
        "Read one graded answer at a time. **Bold** text is what the model asserts in its own "
        "voice and what the grader checks; *dim italics* is what it attributes to a source. "
        "Blind (--blind, and the order second-read): every verdict is hidden until you give "
        "yours with 1 to 4; then all is shown, and a verdict that differs from the grader's "
        "asks why."
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
            "time (brief under 30 rows)",
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
        """Two lines: what matters at any width first (position, the money bar, the marks),
        then the run and its scorecard."""
        session = self.session
        count = len(session.order.visible)
        position = f"{self.index + 1} / {count}" if count else "0 / 0"
        text = Text()
        text.append(f" {position} ", "reverse")
        hiding = self.hiding()
        if hiding:  # the run's figures too wait for the reviewer's verdict
            text.append("  BLIND: your verdict first", "bold")
        elif session.run.graded_all:
            card = session.run.scorecard()
            money = f"ZERO-WRONG-MONEY {card.zero_wrong_money}"
            if card.violations:
                money += f" ({len(card.violations)})"
            text.append(f"  {money}", "bold red" if card.violations else "bold green")
        else:
            word = "the grading failed" if self.grading_failed else "grading…"
            text.append(f"  {status or word}", "dim")
        text.append(f"  ·  marked {len(session.marks.latest):,}  ·  {self.showing()}\n")
        # The second line fits the header's width: the run's name is shortened and the counts
        # that matter least are left out, never wrapped or cut mid-word by the terminal.
        width = self.query_one("#topbar", Static).content_size.width or self.app.size.width - 2
        if session.run.graded_all and not hiding and not card.completion.complete:
            incomplete = f"{card.completion.describe()}  ·  "
            text.append(incomplete, "bold red")
            width -= len(incomplete)
        run = safe(session.run.run_id)
        if session.run.graded_all and not hiding:
            correct, answerable, *honesty = scorecard_parts(card)
            # The run's name whole where it fits beside the correct count, else shortened.
            for reserve in (min(len(run), 26), 10, 0):
                room = width - reserve - 3
                if len(correct) <= room:
                    break
            scores = fitted([correct, *honesty, answerable], room)
            text.append(fitted([run], width - len(scores) - 3), "bold")
            text.append(f" · {scores}")
        else:
            text.append(fitted([run], width), "bold")
        self.query_one("#topbar", Static).update(text)

    def showing(self) -> str:
        """What the answers shown are: ``filter wrong``, ``order read-next``, ``order audit,
        seed 0`` (the audit order's seed, kept with each mark made in it)."""
        name = self.session.order.filter
        if name == "audit":
            return f"order audit, seed {self.session.order.audit_seed}"
        return f"order {name}" if name in ORDERS else f"filter {name}"

    def blind_order(self) -> bool:
        """Whether the answers are reviewed blind: ``--blind``, or a second read."""
        return self.blind or self.session.order.filter == "second-read"

    def hides(self, shown: Shown | None) -> bool:
        """Whether the verdicts on ``shown`` are hidden: reviewed blind, and the reviewer has
        neither marked it nor given a verdict on it in this sitting."""
        if not self.blind_order() or shown is None or shown.answer is None:
            return False
        qid = shown.answer.qid
        return qid not in self.revealed and self.session.marks.mine(qid) is None

    def hiding(self) -> bool:
        """Whether the verdicts of the answer on screen are hidden."""
        if not self.blind_order() or not self.session.order.visible:
            return False
        return self.hides(self.session.shown(self.index))

    def update_banner(self) -> None:
        banner = self.query_one("#banner", Static)
        messages = []
        if self.session.run.total == 0:
            messages.append("This run holds no answers yet.")
        if self.session.run.problems:
            lines = ", ".join(str(p.line) for p in self.session.run.problems[:12])
            more = " …" if len(self.session.run.problems) > 12 else ""
            messages.append(
                f"{len(self.session.run.problems)} line(s) could not be read and are "
                f"skipped: {lines}{more} (press m to list them)"
            )
        if (
            self.session.run.graded_all
            and not self.session.order.visible
            and self.session.run.total
        ):
            messages.append(
                f"No answer matches the filter {self.session.order.filter!r} (press f)."
            )
        banner.update(Text("\n".join(messages)))
        banner.set_class(bool(messages), "shown")

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
        answer = self.query_one("#answer", Static)
        verdict = self.query_one("#verdict", Static)
        row = self.source_row
        self.source_row = 0
        self.query_one("#sources", Static).update("")
        self.query_one("#source-text", Static).update("")
        if shown is None:
            waiting = not self.session.run.graded_all and self.session.order.filter in ORDERS
            question.update(
                Text(
                    f"Grading the run to order it ({self.session.order.filter})…"
                    if waiting
                    else "Nothing to show.",
                    "dim",
                )
            )
            for widget in (answer, verdict):
                widget.update("")
            return
        if shown.answer is None:
            problem = shown.problem
            question.update(
                Text(f"line {shown.line}: {safe(problem.reason if problem else '?')}", "bold red")
            )
            for widget in (answer, verdict):
                widget.update("")
            return
        item = shown.answer
        question.update(
            Text.assemble(question_text(item, self.session.run.config_name), "\n", gold_text(item))
        )
        answer.update(answer_text(item, shown.clauses, legend=False))
        self.cited = frozenset(shown.reading.cited) if shown.reading else frozenset()
        if self.hides(shown):
            verdict.border_title = "verdict: hidden"
            verdict.border_subtitle = ""
            verdict.update(blind_text())
            if item.sources:
                same = item.qid == self.source_of and row < len(item.sources)
                self.show_source(row if same else 0, item)
                self.source_of = item.qid
            else:
                self.say_no_sources()
            return
        verdict.border_title = "verdict"
        # On a short terminal the judge and the marks take a line each (v shows them whole),
        # so that the answer stays on the first screen.
        brief = self.brief_verdict()
        verdict.update(
            verdict_text(
                shown.grade,
                shown.marks,
                self.session.run.grader.fingerprint,
                judgement=shown.judgement,
                queue_row=shown.queue_row,
                brief=brief,
                graders=item.graders,
                whole=self.verdict_whole,
                width=verdict.content_size.width or self.app.size.width * 3 // 5 - 6,
            )
        )
        whole = self.verdict_whole
        left_out = [] if whole else verdict_omits(shown.marks, shown.judgement, item.graders, brief)
        subtitle = f"v: {', '.join(left_out)}" if left_out else ""
        # A border subtitle too long for the panel is cut mid-word (before the first layout,
        # the panel's width is the left pane's share of the screen).
        width = verdict.size.width or self.app.size.width * 3 // 5
        if len(subtitle) > width - 4:
            subtitle = "v: the verdict whole"
        verdict.border_subtitle = subtitle
        if item.sources:
            # The same answer drawn again (after a mark) keeps the source the reviewer chose.
            same = item.qid == self.source_of and row < len(item.sources)
            self.show_source(row if same else 0, item)
            self.source_of = item.qid
        else:
            self.say_no_sources()

    def say_no_sources(self) -> None:
        """An answer without sources: say why in the sources pane (a blank pane read as a
        fault)."""
        why = (
            "No sources (none imported)"  # the file had no retrieved_contexts
            if self.session.run.imported_run
            else "No sources were retrieved"
        )
        self.query_one("#sources", Static).update(Text(why, "dim"))

    def brief_verdict(self) -> bool:
        """Whether the verdict panel is drawn brief: on a terminal under `FULL_VERDICT_ROWS`
        rows, unless the reviewer asked for it whole (``v``, which also shows the imported
        graders' reasons uncut at any size)."""
        return not self.verdict_whole and self.app.size.height < FULL_VERDICT_ROWS

    def action_verdict_whole(self) -> None:
        """Show the verdict whole (the judge's reason and model, the imported graders'
        reasons, each mark's time and grader), or as it fits again."""
        self.verdict_whole = not self.verdict_whole
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
        source = item.sources[row]
        text = Text()
        text.append(
            f"[{source.n}] {safe(source.doc)}, page {source_field(source.page) or '?'}, "
            f"chunk {source_field(source.chunk)}\n",
            "bold",
        )
        text.append(source_field(source.text))
        self.query_one("#source-text", Static).update(text)

    def action_source(self, step: int) -> None:
        """Select the previous or next retrieved source."""
        self.show_source(self.source_row + step)

    def watch_index(self) -> None:
        if self.is_mounted:
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

    def action_jump(self) -> None:
        from tui.screens.dialogs import JumpDialog

        def done(text: str | None) -> None:
            if not text:
                return
            qid = self.session.order.find_qid(text)
            before = self.session.order.filter
            position = self.session.order.position_of(qid) if qid else None
            if qid is None or position is None:
                self.notify(f"no answer like {safe(text)!r} in this run", severity="warning")
                return
            if self.session.order.filter != before:  # the answer was not in the order shown
                self.notify(
                    f"{safe(qid)} is not in {before}: showing all answers ({before} left; "
                    "f to go back)"
                )
            self.session.order.found_by(qid, f"jump {text}")
            self.go_to(position)

        self.app.push_screen(JumpDialog(), done)

    def action_filter(self) -> None:
        from tui.screens.dialogs import FilterDialog

        if not self.session.run.graded_all:
            self.notify(f"{self.grading_word()}; filters need every grade", severity="warning")
            return
        # Blind, the filters that say what a grader said are left out: choosing one (or
        # reading its count) would tell the verdict before the reviewer gives theirs.
        names = [n for n in FILTERS if not (self.blind_order() and n in VERDICT_FILTERS)]
        counts = {
            name: sum(self.session.order.matches(i, name) for i in range(self.session.run.total))
            for name in names
        }
        if self.session.order.filter not in counts:
            counts[self.session.order.filter] = len(self.session.order.visible)

        def done(name: str | None) -> None:
            if name is None:
                return
            if name == "read-next" and not self.session.order.queue_ready:
                self.notify("ordering the answers to read next…")
                self.order_in_background()
                return
            self.apply_filter(name)

        dialog = FilterDialog(
            counts,
            self.session.order.filter,
            self.session.order.audit_seed,
            blind=self.blind_order(),
        )
        self.app.push_screen(dialog, done)

    def apply_filter(self, name: str) -> None:
        """Show the answers of a filter (or an order), staying on the answer on screen when it
        is among them; an order starts at its first answer."""
        qid = self.current_qid()
        self.session.order.set_filter(name)
        position = self.session.order.position_of(qid, reset=False) if qid else None
        self.go_to(0 if name in ORDERS else position or 0)

    @background("ordering the reading queue", group="queue")
    def order_in_background(self) -> None:
        """Order the reading queue (every answer read again) off the UI thread."""
        self.session.order.reading_queue()
        self.post_message(self.QueueOrdered())

    def on_review_screen_queue_ordered(self) -> None:
        self.apply_filter("read-next")

    def action_search(self) -> None:
        from tui.screens.dialogs import SearchDialog

        dialog = SearchDialog(self.session)

        def done(qid: str | None) -> None:
            if qid:
                position = self.session.order.position_of(qid)
                if position is not None:
                    self.session.order.found_by(qid, dialog.query_text)
                    self.go_to(position)

        self.app.push_screen(dialog, done)

    def action_mark(self, advance: bool = False) -> None:
        """Record your own verdict, and why (with ``advance``, then show the next answer)."""
        from tui.screens.dialogs import MarkDialog

        shown = self.session.shown(self.index)
        if shown is None or shown.answer is None or shown.grade is None:
            self.notify("nothing to mark here", severity="warning")
            return
        position = self.session.order.visible[shown.position]

        def done(result: tuple[str, str, bool | None] | None) -> None:
            if result is None:
                return
            verdict, note, declined = result
            mark = self.session.mark(position, "disagree", verdict, note, declined)
            self.mark_toast(
                f"marked {mark.qid}: you say {mark.verdict}, the grader {mark.grader_verdict}"
            )
            self._after_mark(advance)

        self.app.push_screen(MarkDialog(shown.answer.qid, shown.grade.verdict), done)

    def action_blind(self, says: str) -> None:
        """Blind review: the reviewer's verdict on the answer on screen, given before any
        other. Every verdict is then shown; the same verdict as the grader's is marked at
        once, another asks why (the mark dialog, the reviewer's verdict chosen in it). The mark
        is blind unless the reviewer changes the verdict once the grader's is shown."""
        from tui.screens.dialogs import MarkDialog

        shown = self.session.shown(self.index)
        if not self.hides(shown) or shown is None or shown.answer is None or shown.grade is None:
            return
        said = blind_verdict(says, shown.answer.kind)
        position = self.session.order.visible[shown.position]
        qid, grader = shown.answer.qid, shown.grade.verdict
        self.revealed.add(qid)  # from here on, the reviewer has seen the grader's verdict
        if said.verdict == grader:
            self.session.mark(position, "agree", declined=said.declined, blind=True)
            self.mark_toast(f"marked {qid}: you said {says}, as the grader did ({grader})")
            self.show_current()
            return
        self.show_current()

        def done(result: tuple[str, str, bool | None] | None) -> None:
            if result is None:
                self.mark_toast(
                    f"{qid} not marked; the verdicts stay shown (a mark now is not blind)",
                    severity="warning",
                )
                return
            verdict, note, declined = result
            mark = self.session.mark(
                position, "disagree", verdict, note, declined, blind=verdict == said.verdict
            )
            blind = "blind" if mark.blind else "not blind: changed once the grader's was shown"
            self.mark_toast(
                f"marked {qid}: you say {mark.verdict}, the grader {mark.grader_verdict} ({blind})"
            )
            self.show_current()

        self.app.push_screen(MarkDialog(qid, grader, chosen=said.verdict, says=says), done)

    def action_agree(self, advance: bool = False) -> None:
        """Record that you read this answer and the grader is right (with ``advance``, then
        show the next answer)."""
        shown = self.session.shown(self.index)
        if shown is None or shown.answer is None or shown.grade is None:
            self.notify("nothing to mark here", severity="warning")
            return
        mark = self.session.mark(self.session.order.visible[shown.position], "agree")
        self.mark_toast(f"marked {mark.qid}: you agree with the grader ({mark.verdict})")
        self._after_mark(advance)

    def _after_mark(self, advance: bool) -> None:
        if advance and self.index < len(self.session.order.visible) - 1:
            self.index += 1  # drawn by watch_index
        else:
            self.show_current()

    def action_undo(self) -> None:
        """Take back your own mark on the answer on screen (another reviewer's stays)."""
        shown = self.session.shown(self.index)
        if shown is None or shown.answer is None:
            self.notify("nothing to undo here", severity="warning")
            return
        qid = self.session.undo(self.session.order.visible[shown.position])
        others = self.session.marks.others(shown.answer.qid)
        kept = (
            f"; {', '.join(dict.fromkeys(m.by for m in others))}'s mark stays (only its author "
            "takes it back)"
            if others
            else ""
        )
        if qid is None:
            self.mark_toast(
                f"{shown.answer.qid} has no mark of yours to undo{kept}", severity="warning"
            )
        else:
            self.mark_toast(f"took back your mark on {qid}{kept}")
        self.show_current()

    def action_propose(self) -> None:
        from tui.screens.needle import NeedleDialog

        shown = self.session.shown(self.index)
        qid = shown.answer.qid if shown and shown.answer else None

        def done(result: object) -> None:
            if result is None:
                return
            try:
                flips = self.session.regrade()
            except RagtriageError as exc:
                self.notify(
                    f"the change was written but regrading failed: {exc}",
                    severity="error",
                    timeout=15,
                )
                return
            self.notify(
                f"needle change written; this run regraded: {len(flips)} answer(s) flipped"
                + (": " + ", ".join(f"{f.qid} {f.describe()}" for f in flips[:5]) if flips else "")
                + (", …" if len(flips) > 5 else ""),
                timeout=10,
            )
            self.show_current()

        self.app.push_screen(NeedleDialog(self.session, qid), done)

    def action_launch(self) -> None:
        from tui.screens.launch import LaunchDialog

        def done(path: object) -> None:
            if path is not None:
                self.app.open_run(path)  # type: ignore[attr-defined]

        session = self.session
        dialog = LaunchDialog(
            session.run.workspace, session.run.corpus_name, session.run.config_name
        )
        self.app.push_screen(dialog, done)

    def action_scorecard(self) -> None:
        from tui.screens.scorecard import ScorecardScreen

        if not self.session.run.graded_all:
            self.notify(self.grading_word(), severity="warning")
            return
        self.app.push_screen(ScorecardScreen(self.session))

    def action_rules(self) -> None:
        from grader.rules.codes import RULES, codes_of
        from tui.commands.rules import rule_page
        from tui.screens.dialogs import RulesDialog

        shown = self.session.shown(self.index)
        if shown is None or shown.grade is None:
            self.notify("no grade here", severity="warning")
            return
        codes = [code for code in dict.fromkeys(codes_of(shown.grade.labels)) if code]
        self.app.push_screen(RulesDialog([rule_page(RULES[code], width=None) for code in codes]))

    def action_problems(self) -> None:
        from tui.screens.dialogs import ProblemsDialog

        self.app.push_screen(ProblemsDialog(self.session.run.problems))


def blind_text() -> Text:
    """The verdict panel of an answer under blind review: what to press, nothing of any
    grader's verdict."""
    text = Text("Hidden until you give your verdict:", "bold")
    for n, said in enumerate(BLIND_SAYS):
        text.append("\n" if n % 2 == 0 else "   ")
        text.append(f" {n + 1} ", "reverse")
        text.append(f" {said:<8}")
    text.rstrip()
    return text
