"""The review screen's keys that open another screen over it: a needle change (with its
collision scan and flip preview), a small run, the scorecard, the rules of the grade on screen,
the run's bad lines.

Mixed into `tui.screens.review.ReviewScreen`, whose state (``session``, ``index``) and drawing
(``show_current``) they use.
"""

from __future__ import annotations

from typing import Any

from grader.errors import RagtriageError
from tui.session.review import ReviewSession


class OpeningKeys:
    """Screens and dialogs opened from the review screen, and what their results do to it."""

    session: ReviewSession
    index: int
    app: Any
    # The screen's (annotations only: a method here would hide the screen's own).
    show_current: Any
    grading_word: Any
    notify: Any

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
        from tui.screens.listings import RulesDialog

        shown = self.session.shown(self.index)
        if shown is None or shown.grade is None:
            self.notify("no grade here", severity="warning")
            return
        codes = [code for code in dict.fromkeys(codes_of(shown.grade.labels)) if code]
        self.app.push_screen(RulesDialog([rule_page(RULES[code], width=None) for code in codes]))

    def action_problems(self) -> None:
        from tui.screens.listings import ProblemsDialog

        self.app.push_screen(ProblemsDialog(self.session.run.problems))
