"""The dialogs that find answers: jump to a qid, pick a filter or an order, search."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from tui.output import clip
from tui.screens.dialog import DialogScreen, MarkedList
from tui.session.review import ReviewSession
from tui.widgets.render import safe


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
