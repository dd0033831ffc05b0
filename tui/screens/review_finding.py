"""The review screen's keys that find answers: jump to a qid, a filter or an order, search.

Mixed into `tui.screens.review.ReviewScreen`, whose state (``session``, ``index``) and moves
(``go_to``, ``current_qid``) they use.
"""

from __future__ import annotations

from typing import Any

from tui.screens.find_dialogs import FilterDialog, JumpDialog, SearchDialog
from tui.screens.workers import background
from tui.session.order import FILTERS, ORDERS, VERDICT_FILTERS
from tui.session.review import ReviewSession
from tui.widgets.render import safe


class FindingKeys:
    """Which answers are shown, and in which order; moving to one found."""

    session: ReviewSession
    index: int
    app: Any
    # The screen's (annotations only: a method here would hide the screen's own).
    go_to: Any
    current_qid: Any
    blind_order: Any
    grading_word: Any
    notify: Any
    post_message: Any
    QueueOrdered: Any

    def action_jump(self) -> None:
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
        dialog = SearchDialog(self.session)

        def done(qid: str | None) -> None:
            if qid:
                position = self.session.order.position_of(qid)
                if position is not None:
                    self.session.order.found_by(qid, dialog.query_text)
                    self.go_to(position)

        self.app.push_screen(dialog, done)
