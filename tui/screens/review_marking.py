"""The review screen's marking keys: agree, disagree, a blind verdict, undo; and whether the
verdicts on screen are hidden (blind review) until the reviewer gives theirs.

Mixed into `tui.screens.review.ReviewScreen`, whose state (``session``, ``index``, ``blind``,
``revealed``) and drawing (``show_current``) they use.
"""

from __future__ import annotations

from typing import Any

from tui.screens.mark_dialog import MarkDialog
from tui.session.marking import blind_verdict
from tui.session.review import ReviewSession, Shown


class MarkingKeys:
    """Marks on the answer on screen, each written at once to the run's marks file."""

    session: ReviewSession
    index: int
    blind: bool
    revealed: set[str]
    app: Any
    # The screen's (annotations only: a method here would hide the screen's own).
    show_current: Any
    notify: Any
    mark_toast: Any

    def blind_order(self) -> bool:
        """Whether the answers are reviewed blind: ``--blind``, or a second read."""
        return self.blind or self.session.order.filter == "second-read"

    def hides(self, shown: Shown | None) -> bool:
        """Whether the verdicts on ``shown`` are hidden: reviewed blind, and the reviewer has
        neither marked it nor given a verdict on it in this sitting."""
        if not self.blind_order() or shown is None or shown.answer is None:
            return False
        qid = shown.answer.qid
        return qid not in self.revealed and self.session.marks.mine(qid) is None

    def hiding(self) -> bool:
        """Whether the verdicts of the answer on screen are hidden."""
        if not self.blind_order() or not self.session.order.visible:
            return False
        return self.hides(self.session.shown(self.index))

    def action_mark(self, advance: bool = False) -> None:
        """Record your own verdict, and why (with ``advance``, then show the next answer)."""
        shown = self.session.shown(self.index)
        if shown is None or shown.answer is None or shown.grade is None:
            self.notify("nothing to mark here", severity="warning")
            return
        position = self.session.order.visible[shown.position]

        def done(result: tuple[str, str, bool | None] | None) -> None:
            if result is None:
                return
            verdict, note, declined = result
            mark = self.session.mark(position, "disagree", verdict, note, declined)
            self.mark_toast(
                f"marked {mark.qid}: you say {mark.verdict}, the grader {mark.grader_verdict}"
            )
            self._after_mark(advance)

        self.app.push_screen(MarkDialog(shown.answer.qid, shown.grade.verdict), done)

    def action_blind(self, says: str) -> None:
        """Blind review: the reviewer's verdict on the answer on screen, given before any
        other. Every verdict is then shown; the same verdict as the grader's is marked at
        once, another asks why (the mark dialog, the reviewer's verdict chosen in it). The mark
        is blind unless the reviewer changes the verdict once the grader's is shown."""
        shown = self.session.shown(self.index)
        if not self.hides(shown) or shown is None or shown.answer is None or shown.grade is None:
            return
        said = blind_verdict(says, shown.answer.kind)
        position = self.session.order.visible[shown.position]
        qid, grader = shown.answer.qid, shown.grade.verdict
        self.revealed.add(qid)  # from here on, the reviewer has seen the grader's verdict
        if said.verdict == grader:
            self.session.mark(position, "agree", declined=said.declined, blind=True)
            self.mark_toast(f"marked {qid}: you said {says}, as the grader did ({grader})")
            self.show_current()
            self.say_if_order_read()
            return
        self.show_current()

        def done(result: tuple[str, str, bool | None] | None) -> None:
            if result is None:
                self.mark_toast(
                    f"{qid} not marked; the verdicts stay shown (a mark now is not blind)",
                    severity="warning",
                )
                return
            verdict, note, declined = result
            mark = self.session.mark(
                position, "disagree", verdict, note, declined, blind=verdict == said.verdict
            )
            blind = "blind" if mark.blind else "not blind: changed once the grader's was shown"
            self.mark_toast(
                f"marked {qid}: you say {mark.verdict}, the grader {mark.grader_verdict} ({blind})"
            )
            self.show_current()
            self.say_if_order_read()

        self.app.push_screen(MarkDialog(qid, grader, chosen=said.verdict, says=says), done)

    def action_agree(self, advance: bool = False) -> None:
        """Record that you read this answer and the grader is right (with ``advance``, then
        show the next answer)."""
        shown = self.session.shown(self.index)
        if shown is None or shown.answer is None or shown.grade is None:
            self.notify("nothing to mark here", severity="warning")
            return
        mark = self.session.mark(self.session.order.visible[shown.position], "agree")
        self.mark_toast(f"marked {mark.qid}: you agree with the grader ({mark.verdict})")
        self._after_mark(advance)

    def _after_mark(self, advance: bool) -> None:
        if advance and self.index < len(self.session.order.visible) - 1:
            self.index += 1  # drawn by watch_index
        else:
            self.show_current()
            self.say_if_order_read()

    def say_if_order_read(self) -> None:
        """On the last answer of the order, once the reviewer has marked every answer in it
        (an audit sample read through), say so and what to do next: `next` does nothing there."""
        visible = self.session.order.visible
        if not visible or self.index < len(visible) - 1:
            return
        mine = sum(
            1
            for position in visible
            if (answer := self.session.run.answer(position)) is not None
            and self.session.marks.mine(answer.qid) is not None
        )
        if mine == len(visible):
            self.notify(
                f"every answer of this order marked ({mine} of {len(visible)}): "
                "`ragtriage agreement` gives the figures with their intervals",
                title="order read",
                timeout=10,
            )

    def action_undo(self) -> None:
        """Take back your own mark on the answer on screen (another reviewer's stays)."""
        shown = self.session.shown(self.index)
        if shown is None or shown.answer is None:
            self.notify("nothing to undo here", severity="warning")
            return
        qid = self.session.undo(self.session.order.visible[shown.position])
        others = self.session.marks.others(shown.answer.qid)
        kept = (
            f"; {', '.join(dict.fromkeys(m.by for m in others))}'s mark stays (only its author "
            "takes it back)"
            if others
            else ""
        )
        if qid is None:
            self.mark_toast(
                f"{shown.answer.qid} has no mark of yours to undo{kept}", severity="warning"
            )
        else:
            self.mark_toast(f"took back your mark on {qid}{kept}")
        self.show_current()
