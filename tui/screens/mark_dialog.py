"""The mark dialog: the reviewer's verdict, why, and whether the answer declined."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from grader.rules.verdict import UNJUDGED, VERDICTS
from tui.screens.dialog import DialogScreen, MarkedList
from tui.widgets.render import safe

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
