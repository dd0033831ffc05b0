"""The dialogs that list: the run's bad lines, the rules of a grade, every key of a screen."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from grader.records.runfile import LineProblem
from tui.screens.dialog import LINE_KEYS, DialogScreen
from tui.widgets.render import safe


class ProblemsDialog(DialogScreen[None]):
    """Every line of the run that could not be read, with its line number."""

    BINDINGS = [*LINE_KEYS]

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

    BINDINGS = [*LINE_KEYS]

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
