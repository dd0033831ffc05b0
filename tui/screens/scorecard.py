"""The scorecard screen: the grader's scorecard, and the grader against the reviewer."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from grader.scorecard import format_scorecard
from grader.verdict import VERDICTS
from tui.session import ReviewSession
from tui.widgets.render import safe


class ScorecardScreen(Screen[None]):
    """Scorecard, confusion matrix, agreement, Cohen's kappa, disagreements per label."""

    BINDINGS = [Binding("escape,s", "app.pop_screen", "Back", id="scorecard.back")]
    BINDING_GROUP_TITLE = "Scorecard"
    HELP = (
        "The grader's scorecard, then the grader against the reviewer: every unmarked "
        "answer counts as agreement, every mark as the reviewer's verdict."
    )

    def __init__(self, session: ReviewSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="card"):
            yield Static(id="scores")
            yield Static(id="matrix")
            yield Static(id="agreement")
            yield Static(id="labels")
        yield Footer()

    def on_mount(self) -> None:
        session = self.session
        card = session.scorecard()
        scores = Text(f"{safe(session.run_id)}\n", "bold")
        scores.append("\n".join(format_scorecard(card)))
        self.query_one("#scores", Static).update(scores)
        agreement = session.agreement()
        table = Table(title="grader (rows) against reviewer (columns)", title_justify="left")
        table.add_column("grader \\ reviewer")
        for verdict in VERDICTS:
            table.add_column(verdict, justify="right")
        for grader_verdict in VERDICTS:
            table.add_row(
                grader_verdict,
                *[
                    str(agreement.matrix.get((grader_verdict, reviewer), 0))
                    for reviewer in VERDICTS
                ],
            )
        kappa = "n/a" if agreement.kappa is None else f"{agreement.kappa:.3f}"
        summary = Text(
            f"\nagreement {agreement.agreement:.1%} over {agreement.answers} answers "
            f"· Cohen's kappa {kappa} · {len(session.marks)} mark(s)"
        )
        self.query_one("#matrix", Static).update(table)
        self.query_one("#agreement", Static).update(summary)
        labels = Text("\ndisagreements per grader label\n", "bold")
        if not agreement.per_label:
            labels.append("none yet: press d on an answer to mark a disagreement", "dim")
        for label, count in agreement.per_label:
            labels.append(f"{count:>5}  {safe(label)}\n")
        self.query_one("#labels", Static).update(labels)
