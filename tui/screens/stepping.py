"""Stepping between answers: the keys the review screen and the A/B screen share."""

from __future__ import annotations

from typing import Any

# A mark's toast is brief: the verdict panel shows the mark already, and the toast sits over
# the answer's corner.
MARK_TOAST_SECONDS = 3.0


class AnswerSteps:
    """Next, previous, first and last over the answers the screen shows (`steps`), by moving
    ``self.index`` (a var the screen declares and watches); and the toast that says a mark was
    written."""

    index: int
    app: Any

    def steps(self) -> int:
        """How many answers the screen steps through."""
        raise NotImplementedError

    def action_next(self) -> None:
        self.index = min(self.index + 1, max(self.steps() - 1, 0))

    def action_previous(self) -> None:
        self.index = max(self.index - 1, 0)

    def action_first(self) -> None:
        self.index = 0

    def action_last(self) -> None:
        self.index = max(self.steps() - 1, 0)

    def mark_toast(self, message: str, severity: str = "information") -> None:
        """Say what a mark did, in the place of the last such toast (one toast, however
        quickly the reviewer marks)."""
        self.app.toast("mark", message, severity, timeout=MARK_TOAST_SECONDS)
