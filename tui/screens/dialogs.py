"""Modal dialogs of the review screen: jump, filter, search, mark, bad lines, the keys.

Every dialog is laid out the same way (`DialogScreen`): a title, a body that scrolls when it
does not fit (PgUp/PgDn scroll it from anywhere in the dialog), and a foot docked at the bottom
with the status line and the buttons, so that both stay on screen at 80x24.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from grader.records.runfile import LineProblem
from grader.rules.verdict import UNJUDGED, VERDICTS
from tui.output import clip
from tui.session.review import ReviewSession
from tui.widgets.render import safe

ESCAPE = Binding("escape", "cancel", "Cancel", id="dialog.cancel")
SCROLL_KEYS = [
    Binding("pageup", "scroll_body(-1)", "Scroll up", show=False, id="dialog.page_up"),
    Binding("pagedown", "scroll_body(1)", "Scroll down", show=False, id="dialog.page_down"),
]

LINE_KEYS = [
    Binding("up", "scroll_line(-1)", "Scroll up a line", show=False, id="dialog.line_up"),
    Binding("down", "scroll_line(1)", "Scroll down a line", show=False, id="dialog.line_down"),
]

Result = TypeVar("Result")


class DialogBody(VerticalScroll, can_focus=False):
    """A dialog's body: it scrolls (PgUp, PgDn, the mouse wheel) without taking the focus
    from the dialog's first field."""


class DialogScreen(ModalScreen[Result]):
    """A modal dialog: ``title``, a scrolling body, a foot with the status and the buttons.

    Subclasses yield the body's widgets from `body` and the buttons from `buttons`.
    """

    BINDINGS = [ESCAPE, *SCROLL_KEYS]
    TITLE_TEXT = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            title = self.title_text()
            if title:
                yield Label(title, classes="title")
            with DialogBody(classes="dialog-body"):
                yield from self.body()
            with Vertical(classes="dialog-foot"):
                yield Static(id="status")
                buttons = list(self.buttons())
                if buttons:
                    with Horizontal(classes="buttons"):
                        yield from buttons

    def title_text(self) -> Text | str:
        return self.TITLE_TEXT

    def body(self) -> ComposeResult:
        yield from ()

    def buttons(self) -> ComposeResult:
        yield from ()

    def say(self, message: str | Text, style: str = "bold red") -> None:
        """Show ``message`` in the status line, beside the buttons (never in a toast that
        covers them)."""
        text = message if isinstance(message, Text) else Text(message, style)
        self.query_one("#status", Static).update(text)

    def action_scroll_body(self, pages: int) -> None:
        body = self.query_one(DialogBody)
        if pages < 0:
            body.scroll_page_up()
        else:
            body.scroll_page_down()

    def action_scroll_line(self, lines: int) -> None:
        body = self.query_one(DialogBody)
        body.scroll_relative(y=lines, animate=False)

    def action_cancel(self) -> None:
        self.dismiss(None)


class JumpDialog(DialogScreen[str | None]):
    """Type a qid and go there."""

    BINDING_GROUP_TITLE = "Jump"
    HELP = "Type a question id and press Enter."
    TITLE_TEXT = "Jump to qid"

    def body(self) -> ComposeResult:
        yield Input(placeholder="fin-adt-amount-due", id="qid", compact=True)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class MarkedList(OptionList):
    """A list of options whose highlighted one is marked "›", seen without colour too (a
    terminal without colours, a reviewer who does not tell them apart). Its options are those
    it is made with."""

    MARKER = "› "

    def __init__(self, *options: Option, **kwargs: Any) -> None:
        self.plain = [str(option.prompt) for option in options]  # each prompt, unmarked
        super().__init__(*options, **kwargs)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        for index, plain in enumerate(self.plain):
            if index == highlighted:
                prompt = Text(self.MARKER + plain, "bold")
            else:
                prompt = Text(" " * len(self.MARKER) + plain)
            self.replace_option_prompt_at_index(index, prompt)
        self.refresh()


class FilterDialog(DialogScreen[str | None]):
    """Pick which answers to show."""

    BINDING_GROUP_TITLE = "Filter"
    HELP = (
        "Suspicious passes are correct answers the grader says to read before trusting them "
        "(its reasons are in the verdict panel). Engine errors are the answers the engine "
        "failed to make. judge-disagrees: the rules and a model judge (`ragtriage judge`) give "
        "different verdicts. graders-disagree: the rules and a grader imported with the answers "
        "(`ragtriage import FILE`: a promptfoo assertion, an Inspect scorer), or two such "
        "graders, give different verdicts. The orders: read-next, every answer, those whose "
        "grade is most likely wrong first; audit, a seeded uniform random sample of the run "
        "(`--audit N --seed S`), whose marks make figures you can quote; second-read, blind, "
        "the answers another reviewer marked and you have not. Under --blind the filters that "
        "tell a verdict are left out."
    )
    TITLE_TEXT = "Show which answers?"

    def __init__(
        self, counts: dict[str, int], current: str, seed: int = 0, blind: bool = False
    ) -> None:
        super().__init__()
        self.counts = counts
        self.current = current
        self.seed = seed
        self.blind = blind

    def title_text(self) -> str:
        if self.blind:
            return "Show which answers? (blind: no filter that tells a verdict)"
        return self.TITLE_TEXT

    def body(self) -> ComposeResult:
        options = [
            Option(
                f"{name:<16} {count:>7,}" + (f"  seed {self.seed}" if name == "audit" else ""),
                id=name,
            )
            for name, count in self.counts.items()
        ]
        yield MarkedList(*options, id="filters")

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.highlighted = list(self.counts).index(self.current)
        option_list.focus()

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class SearchDialog(DialogScreen[str | None]):
    """Fuzzy search over qid, question and answer."""

    BINDING_GROUP_TITLE = "Search"
    HELP = (
        "Type to search qids, questions and answers; Down moves into the results, Enter on "
        "a result opens it."
    )
    TITLE_TEXT = "Search (fuzzy)"
    BINDINGS = [
        Binding("down", "results", "Into the results", show=False, id="search.results"),
    ]

    def __init__(self, session: ReviewSession) -> None:
        super().__init__()
        self.session = session
        self.query_text = ""  # what was typed (a mark on the answer found says so)

    def body(self) -> ComposeResult:
        yield Input(placeholder="overdraft fee", id="query", compact=True)
        yield OptionList(id="results")

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        self.query_text = event.value
        results = self.query_one(OptionList)
        results.clear_options()
        for i, score, qid in self.session.order.search(event.value):
            answer = self.session.run.answer(i)
            label = Text(f"{score:5.1f}  ", "dim")
            label.append(safe(qid), "bold")
            if answer is not None:
                label.append("  " + safe(clip(answer.question, 70)))
            results.add_option(Option(label, id=qid))

    def action_results(self) -> None:
        """Down in the search box moves into the results (a focused list takes Down itself)."""
        results = self.query_one(OptionList)
        if results.option_count:
            results.focus()
            if results.highlighted is None:
                results.highlighted = 0

    @on(Input.Submitted)
    def submitted(self) -> None:
        results = self.query_one(OptionList)
        if results.option_count:
            self.dismiss(results.get_option_at_index(results.highlighted or 0).id)

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


DECLINED_CHOICES = [
    ("declined? not saying", "unsaid"),
    ("it honestly declined", "yes"),
    ("it did not decline", "no"),
]


class VerdictList(MarkedList):
    """The verdicts to choose from, the highlighted one marked; Enter before one is chosen
    says so."""

    def action_select(self) -> None:
        if self.highlighted is None and isinstance(self.screen, DialogScreen):
            self.screen.say("Choose your verdict first (the arrow keys move to one).")
            return
        super().action_select()


class MarkDialog(DialogScreen[tuple[str, str, bool | None] | None]):
    """The reviewer's verdict, a note and, optionally, whether the answer declined, for an
    answer the grader got wrong (or left to a reader: unjudged).

    The first verdict offered is highlighted when the dialog opens, marked "›" (so that the
    reviewer sees which one Enter chooses, in colour or not: Down Enter once chose "correct"
    unseen), and a disagreement needs a note (``d`` Enter Enter once recorded "disagree:
    correct", unsaid why).
    Enter on a verdict marks when the note is written, else moves to the note; a written note
    is never dropped without asking (Esc or Cancel a second time drops it).
    """

    BINDING_GROUP_TITLE = "Mark"
    HELP = (
        "Move to the verdict you would give (up and down: the one marked › is chosen), press "
        "Enter, write why, and press Enter again. Esc with a note written asks first; Esc "
        "again drops it. After a blind verdict, yours is chosen already: write why and press "
        "Enter."
    )

    def __init__(
        self, qid: str, grader_verdict: str, chosen: str | None = None, says: str | None = None
    ) -> None:
        """``chosen``: the verdict the reviewer gave blind (``says``: in the words of its key),
        chosen in the list, the note to write."""
        super().__init__()
        self.qid = qid
        self.grader_verdict = grader_verdict
        self.chosen = chosen
        self.says = says or chosen
        self.dropping = False  # Esc or Cancel pressed once with a note written

    def title_text(self) -> Text:
        if self.chosen is not None:
            grader = (
                "the grader left it to a reader"
                if self.grader_verdict == UNJUDGED
                else f"the grader says {self.grader_verdict.upper()}"
            )
            return Text(f"You said {str(self.says).upper()} of {safe(self.qid)}; {grader}.")
        if self.grader_verdict == UNJUDGED:
            return Text(f"The grader left {safe(self.qid)} to a reader: give your verdict.")
        return Text(
            f"You disagree with the grader's {self.grader_verdict.upper()} on {safe(self.qid)}."
        )

    def body(self) -> ComposeResult:
        yield Label("Your verdict (› marks the one chosen; Up and Down move it):")
        # A reviewer judges: "unjudged" is the grader's word for an answer it leaves to them.
        options = [Option(v, id=v) for v in VERDICTS if v not in (self.grader_verdict, UNJUDGED)]
        yield VerdictList(*options, id="verdicts")
        yield Input(placeholder="why (required: recorded with the mark)", id="note", compact=True)
        yield Select(
            DECLINED_CHOICES, value="unsaid", allow_blank=False, id="declined", compact=True
        )

    def buttons(self) -> ComposeResult:
        yield Button("Mark", variant="primary", id="ok", compact=True)
        yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        verdicts = self.query_one(OptionList)
        if self.chosen is None:
            verdicts.highlighted = 0  # seen, marked: the reviewer moves from it
            verdicts.focus()
            self.say(Text("Up and Down choose the verdict (›); Enter, then say why.", "bold"))
            return
        # Given blind: the reviewer's verdict is chosen; the note is what is left to write.
        verdicts.highlighted = verdicts.get_option_index(self.chosen)
        if self.says == "declined":
            self.query_one("#declined", Select).value = "yes"
        self.query_one("#note", Input).focus()
        self.say(Text(f"{self.chosen}: say why, then Enter (the note is recorded).", "bold"))

    def note(self) -> str:
        return self.query_one("#note", Input).value.strip()

    def _result(self) -> tuple[str, str, bool | None] | None:
        verdicts = self.query_one(OptionList)
        if verdicts.highlighted is None:
            self.say("Choose your verdict first (the arrow keys move to one).")
            return None
        note = self.note()
        if not note:
            self.say("Say why: the note is recorded with the mark.")
            self.query_one("#note", Input).focus()
            return None
        verdict = verdicts.get_option_at_index(verdicts.highlighted).id
        said = str(self.query_one("#declined", Select).value)
        declined = {"yes": True, "no": False}.get(said)
        return (str(verdict), note, declined)

    @on(OptionList.OptionSelected)
    def verdict_chosen(self, event: OptionList.OptionSelected) -> None:
        if self.note():  # the note is written: Enter on the verdict marks
            self.ok()
            return
        self.say(
            Text(f"{event.option.id}: now say why, then Enter (the note is recorded).", "bold")
        )
        self.query_one("#note", Input).focus()

    @on(Input.Changed, "#note")
    def note_edited(self) -> None:
        self.dropping = False

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def ok(self) -> None:
        result = self._result()
        if result is not None:
            self.dismiss(result)

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.action_cancel()

    def action_cancel(self) -> None:
        """Close without marking; a written note is dropped only when asked twice."""
        if self.note() and not self.dropping:
            self.dropping = True
            self.say(
                "Your note is not saved. Esc or Cancel again drops it; Enter in the note marks.",
                "bold yellow",
            )
            return
        self.dismiss(None)


class ProblemsDialog(DialogScreen[None]):
    """Every line of the run that could not be read, with its line number."""

    BINDINGS = LINE_KEYS

    BINDING_GROUP_TITLE = "Bad lines"
    HELP = "These lines were skipped; the rest of the run is reviewable."

    def __init__(self, problems: list[LineProblem]) -> None:
        super().__init__()
        self.problems = problems

    def title_text(self) -> str:
        return f"{len(self.problems)} line(s) skipped"

    def body(self) -> ComposeResult:
        text = Text("\n".join(safe(str(p)) for p in self.problems) or "none")
        yield Static(text, id="results")


class RulesDialog(DialogScreen[None]):
    """The rule of each label of the answer's grade: its code, definition, the function that
    decides it and its examples (``ragtriage rules CODE``'s page)."""

    BINDINGS = LINE_KEYS

    BINDING_GROUP_TITLE = "Rules"
    HELP = "The rules that wrote this answer's labels. Esc closes."

    def __init__(self, pages: list[list[str]]) -> None:
        super().__init__()
        self.pages = pages

    def title_text(self) -> str:
        return f"the rules of this grade ({len(self.pages)})"

    def body(self) -> ComposeResult:
        text = "\n\n".join("\n".join(page) for page in self.pages)
        yield Static(Text(safe(text) or "no label of this grade comes from a rule"), id="results")


def key_display(app: Any, binding: Binding) -> str:
    """The keys of a binding as the footer shows them (``n →``)."""
    keys = [key.strip() for key in binding.key.split(",")]
    return " ".join(app.get_key_display(Binding(key, binding.action)) for key in keys)


class HelpScreen(DialogScreen[None]):
    """Every key of the screen below, drawn from its bindings (nothing written by hand that
    could drift): the screen's own keys first, then the app's, then how to scroll."""

    BINDINGS = [
        Binding("question_mark", "cancel", "Close", id="help.close"),
        # A modal screen keeps the app's keys from reaching the app; this one has no field to
        # type into, so q quits from here too.
        Binding("q", "app.quit", "Quit", id="help.quit"),
        *LINE_KEYS,
    ]
    BINDING_GROUP_TITLE = "Keys"
    HELP = "The keys of the screen you were on. Esc or ? closes this list."

    def __init__(self, below: Screen[Any]) -> None:
        super().__init__()
        self.below = below

    def title_text(self) -> str:
        return "Keys  (Esc or ? closes; PgUp, PgDn and the arrows scroll)"

    def body(self) -> ComposeResult:
        yield Static(self.listing(), id="keys")

    def on_mount(self) -> None:
        # Each key's wrapped lines keep the indent of its description, which needs the width
        # the list is laid out to: known after the first layout, and after each resize.
        self.call_after_refresh(self.relist)

    def on_resize(self) -> None:
        self.call_after_refresh(self.relist)

    def relist(self) -> None:
        keys = self.query_one("#keys", Static)
        keys.update(self.listing(keys.content_size.width))

    def listing(self, width: int = 0) -> Text:
        """Every key, its description wrapped under itself (not under the key) in ``width``
        columns (0: not wrapped here)."""
        text = Text()
        groups: list[tuple[str, str, list[Binding]]] = [
            (
                getattr(self.below, "BINDING_GROUP_TITLE", "") or "This screen",
                getattr(self.below, "HELP", "") or "",
                [b for b in type(self.below).BINDINGS if isinstance(b, Binding)],
            ),
            ("The app", "", [b for b in type(self.app).BINDINGS if isinstance(b, Binding)]),
        ]
        for title, about, bindings in groups:
            text.append(f"{title}\n", "bold underline")
            if about:
                text.append(f"{about.replace('**', '').replace('*', '')}\n", "dim")
            for binding in bindings:
                keys = key_display(self.app, binding)
                said = Text(binding.description)
                if binding.tooltip:
                    said.append(f": {binding.tooltip}", "dim")
                text.append_text(self.hanging(Text(f"  {keys:<10} ", "bold"), said, width))
            text.append("\n")
        text.append("Scrolling\n", "bold underline")
        text.append_text(
            self.hanging(
                Text("  "),
                Text(
                    "Tab moves between the panels; a panel with the focus scrolls with the arrow "
                    "keys, PgUp, PgDn, Home and End, and every panel with the mouse wheel."
                ),
                width,
            )
        )
        return text

    def hanging(self, head: Text, said: Text, width: int) -> Text:
        """``head`` then ``said``, whose wrapped lines start under its first (a hanging
        indent), in ``width`` columns; a newline after."""
        indent = head.cell_len
        if not width or width - indent < 20:
            return Text.assemble(head, said, "\n")
        lines = said.wrap(self.app.console, width - indent)
        text = head.copy()
        for n, line in enumerate(lines):
            if n:
                text.append(" " * indent)
            text.append_text(line)
            text.append("\n")
        return text
