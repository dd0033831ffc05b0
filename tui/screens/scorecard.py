"""The scorecard screen: the grader's scorecard, and the grader against the reviewer."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from grader.records.scorecard import format_scorecard
from grader.rules.verdict import VERDICTS
from tui.session.review import ReviewSession
from tui.widgets.render import safe


class ScorecardScreen(Screen[None]):
    """Scorecard, confusion matrix, agreement, Cohen's kappa, disagreements per label."""

    BINDINGS = [Binding("escape,s", "app.pop_screen", "Back", id="scorecard.back")]
    BINDING_GROUP_TITLE = "Scorecard"
    HELP = (
        "The grader's scorecard, then the grader against the reviewers, over the answers "
        "someone reviewed (c agrees, d disagrees): an unreviewed answer counts for nothing."
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
        yield Footer(compact=True, show_command_palette=False)  # the keys are the app's own

    def on_mount(self) -> None:
        session = self.session
        card = session.run.scorecard()
        scores = Text(f"{safe(session.run.run_id)}\n", "bold")
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
        share = "n/a" if agreement.agreement is None else f"{agreement.agreement:.1%}"
        # answers with a mark; with several reviewers on one answer there are more marks
        reviewed = sum(
            1 for g in session.run.grades if g is not None and g.qid in session.marks.latest
        )
        several = len(agreement.per_reviewer) > 1
        summary = Text(
            f"\nreviewed {reviewed} of {agreement.answers}"
            + (f" ({agreement.reviewed} marks)" if several else "")
            + f" · agreement {share} · Cohen's kappa {kappa}"
        )
        if several:  # whose mark is whose: each reviewer against the grader
            summary.append(
                "\nper reviewer: "
                + ", ".join(
                    f"{safe(by)} {agreed / n:.1%} of {n}"
                    for by, (n, agreed) in agreement.per_reviewer.items()
                )
            )
        scores_of_declines = agreement.decline_scores()
        if scores_of_declines["f1"] is not None:
            summary.append(
                f"\ndeclines: precision {scores_of_declines['precision']:.3f} "
                f"recall {scores_of_declines['recall']:.3f} F1 {scores_of_declines['f1']:.3f}"
            )
        if session.run.judgements:  # a model judged some answers: every grader against you
            summary.append("\n\nevery grader against the reviewers (reviewed answers):")
            for grader in session.graders():
                kappa = "n/a" if grader.result.kappa is None else f"{grader.result.kappa:.3f}"
                agreed = grader.result.agreement
                summary.append(
                    f"\n  {grader.name:<17} covers {grader.covered}/{grader.reviewed} · "
                    f"agreement {'n/a' if agreed is None else f'{agreed:.1%}'} · kappa {kappa}"
                )
        self.query_one("#matrix", Static).update(table)
        self.query_one("#agreement", Static).update(summary)
        labels = Text("\ndisagreements per grader label\n", "bold")
        if not agreement.per_label:
            labels.append(
                "none yet: press c on an answer you agree with, d where the grader is wrong", "dim"
            )
        for label, count in agreement.per_label:
            labels.append(f"{count:>5}  {safe(label)}\n")
        self.query_one("#labels", Static).update(labels)
