"""The frame every dialog of the app shares (`DialogScreen`), its keys, and the option list
whose highlighted option is marked "›" (`MarkedList`).

Every dialog is laid out the same way: a title, a body that scrolls when it does not fit (PgUp/PgDn
scroll it from anywhere in the dialog), and a foot docked at the bottom with the status line and
the buttons, so that both stay on screen at 80x24. The dialogs themselves live by family:
`tui.screens.find_dialogs` (jump, filter, search), `tui.screens.mark_dialog` (a reviewer's
verdict), `tui.screens.listings` (the bad lines, a grade's rules, the keys), and the needle and
launch dialogs in their own modules.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

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
