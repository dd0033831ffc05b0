"""Small modal dialogs of the review screen: jump, filter, search, mark, bad lines."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from grader.records.runfile import LineProblem
from grader.rules.verdict import VERDICTS
from tui.session import ReviewSession
from tui.widgets.render import safe

ESCAPE = Binding("escape", "cancel", "Cancel", id="dialog.cancel")


class JumpDialog(ModalScreen[str | None]):
    """Type a qid and go there."""

    BINDINGS = [ESCAPE]
    BINDING_GROUP_TITLE = "Jump"
    HELP = "Type a question id and press Enter."

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Jump to qid")
            yield Input(placeholder="fin-adt-amount-due", id="qid")

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FilterDialog(ModalScreen[str | None]):
    """Pick which answers to show."""

    BINDINGS = [ESCAPE]
    BINDING_GROUP_TITLE = "Filter"
    HELP = (
        "Suspicious passes are correct money answers whose key also sits in an attributed "
        "clause, or that assert more than one amount. judge-disagrees: the rules and a model "
        "judge (`ragtriage judge`) give different verdicts. read-next is an order, not a "
        "filter: every answer, those whose grade is most likely wrong first."
    )

    def __init__(self, counts: dict[str, int], current: str) -> None:
        super().__init__()
        self.counts = counts
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Show which answers?")
            options = [
                Option(f"{name:<16} {count:>7,}", id=name) for name, count in self.counts.items()
            ]
            yield OptionList(*options, id="filters")

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.highlighted = list(self.counts).index(self.current)

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SearchDialog(ModalScreen[str | None]):
    """Fuzzy search over qid, question and answer."""

    BINDINGS = [ESCAPE]
    BINDING_GROUP_TITLE = "Search"
    HELP = "Type to search qids, questions and answers; Enter on a result opens it."

    def __init__(self, session: ReviewSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Search (fuzzy)")
            yield Input(placeholder="overdraft fee", id="query")
            yield OptionList(id="results")

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        results = self.query_one(OptionList)
        results.clear_options()
        for i, score, qid in self.session.search(event.value):
            answer = self.session.answer(i)
            label = Text(f"{score:5.1f}  ", "dim")
            label.append(safe(qid), "bold")
            if answer is not None:
                label.append("  " + safe(answer.question[:70]))
            results.add_option(Option(label, id=qid))

    @on(Input.Submitted)
    def submitted(self) -> None:
        results = self.query_one(OptionList)
        if results.option_count:
            self.dismiss(results.get_option_at_index(results.highlighted or 0).id)

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


DECLINED_CHOICES = [
    ("declined? not saying", "unsaid"),
    ("it honestly declined", "yes"),
    ("it did not decline", "no"),
]


class MarkDialog(ModalScreen[tuple[str, str, bool | None] | None]):
    """The reviewer's verdict, a note and, optionally, whether the answer declined, for an
    answer the grader got wrong."""

    BINDINGS = [ESCAPE]
    BINDING_GROUP_TITLE = "Mark"
    HELP = "Choose the verdict you would give, add a note, and press Enter."

    def __init__(self, qid: str, grader_verdict: str) -> None:
        super().__init__()
        self.qid = qid
        self.grader_verdict = grader_verdict

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                Text(
                    f"You disagree with the grader's {self.grader_verdict.upper()} "
                    f"on {safe(self.qid)}. Your verdict:"
                )
            )
            options = [Option(v, id=v) for v in VERDICTS if v != self.grader_verdict]
            yield OptionList(*options, id="verdicts")
            yield Input(placeholder="why (recorded with the mark)", id="note")
            yield Select(DECLINED_CHOICES, value="unsaid", allow_blank=False, id="declined")
            with Horizontal(id="buttons"):
                yield Button("Mark", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def _result(self) -> tuple[str, str, bool | None] | None:
        verdicts = self.query_one(OptionList)
        if verdicts.highlighted is None:
            return None
        verdict = verdicts.get_option_at_index(verdicts.highlighted).id
        said = str(self.query_one("#declined", Select).value)
        declined = {"yes": True, "no": False}.get(said)
        return (str(verdict), self.query_one("#note", Input).value.strip(), declined)

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    @on(OptionList.OptionSelected)
    def verdict_chosen(self) -> None:
        self.query_one("#note", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def ok(self) -> None:
        self.dismiss(self._result())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ProblemsDialog(ModalScreen[None]):
    """Every line of the run that could not be read, with its line number."""

    BINDINGS = [ESCAPE]
    BINDING_GROUP_TITLE = "Bad lines"
    HELP = "These lines were skipped; the rest of the run is reviewable."

    def __init__(self, problems: list[LineProblem]) -> None:
        super().__init__()
        self.problems = problems

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{len(self.problems)} line(s) skipped")
            text = Text("\n".join(safe(str(p)) for p in self.problems) or "none")
            yield Static(text, id="results")

    def action_cancel(self) -> None:
        self.dismiss(None)
