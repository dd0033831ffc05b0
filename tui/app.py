"""The review app: thin. It opens a run in a `ReviewSession` and shows the review screen."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.notifications import Notification, Notify, SeverityLevel

from engine.workspace import Workspace
from tui.screens.review import ReviewScreen
from tui.screens.workers import WorkerErrors
from tui.session.order import AUDIT_SIZE
from tui.session.review import ReviewSession


class ReviewApp(WorkerErrors, App[None]):
    """Read graded answers one at a time; mark disagreements; change the grader safely."""

    TITLE = "ragtriage"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("q", "quit", "Quit", id="app.quit", tooltip="every mark is on disk already"),
        Binding("question_mark", "toggle_help", "Keys", id="app.help", tooltip="this list"),
    ]

    def __init__(
        self,
        run: Path,
        workspace: Workspace | None = None,
        against: Path | None = None,
        *,
        blind: bool = False,
        audit: int | None = None,
        seed: int = 0,
    ) -> None:
        """Open ``run`` (beside ``against``: A/B). With ``blind``, every verdict is hidden
        until the reviewer gives theirs; with ``audit``, the app opens in the audit order, a
        sample of that many answers drawn with ``seed`` (the order's seed in any case)."""
        super().__init__()
        self._toasts: dict[str, Notification] = {}  # the last toast of each kind (`toast`)
        self.workspace = workspace
        self.blind = blind
        self.session = ReviewSession(
            run,
            workspace,
            audit_size=audit or AUDIT_SIZE,
            audit_seed=seed,
            order="audit" if audit else "all",
        )
        self.against = ReviewSession(against, workspace) if against is not None else None

    def on_mount(self) -> None:
        # When its terminal goes away (a closed window, a dropped ssh session, a killed tmux
        # pane) without a SIGHUP reaching the app, as under `make run`, the terminal's input
        # reads end-of-file at once, forever: Textual's input loop would spin on it at 100% of
        # a core. So the app checks once a second that it still has its terminal, and quits
        # when it does not (every mark is already on disk).
        terminal = sys.__stdin__
        if terminal is not None and terminal.isatty():
            self.set_interval(1.0, lambda: self._quit_without(terminal.fileno()))
        if self.against is not None:
            from tui.screens.compare import CompareScreen
            from tui.session.compare import CompareSession

            self.push_screen(CompareScreen(CompareSession(self.session, self.against)))
        else:
            self.push_screen(ReviewScreen(self.session, blind=self.blind))

    def _quit_without(self, terminal: int) -> None:
        """Quit when ``terminal`` (a file descriptor) is no longer a terminal: it hung up."""
        if not os.isatty(terminal):
            self.exit(return_code=129)  # 128 + SIGHUP, as a shell reports a hang-up

    def open_run(self, path: Path) -> None:
        """Switch to another run (after a launched run finishes)."""
        self.session.close()
        old = self.session
        self.session = ReviewSession(
            Path(path),
            old.run.workspace,
            audit_size=old.order.audit_size,
            audit_seed=old.order.audit_seed,
        )
        self.switch_screen(ReviewScreen(self.session, blind=self.blind))
        self.notify(f"opened {Path(path).name}")

    def toast(
        self,
        kind: str,
        message: str,
        severity: SeverityLevel = "information",
        timeout: float | None = None,
    ) -> None:
        """A toast that takes the place of the last one of its ``kind``: marking quickly once
        stacked a column of toasts over the answer. The message is plain text, never markup
        (it holds qids)."""
        previous = self._toasts.get(kind)
        if previous is not None and previous in self._notifications:
            self._unnotify(previous)
        timeout = timeout or self.NOTIFICATION_TIMEOUT
        notification = Notification(message, "", severity, timeout, markup=False)
        self._toasts[kind] = notification
        self.post_message(Notify(notification))

    def action_help_quit(self) -> None:
        """Ctrl-C (Textual's "press ctrl+q to quit" otherwise): say the app's own key. It does
        not quit at once: in a field Ctrl-C copies, and a reflex should not end a run."""
        self.toast(
            "quit", "Press q to quit (Esc first to leave a dialog); every mark is on disk already."
        )

    def action_toggle_help(self) -> None:
        """Every key of the screen on top, its own first (a list that scrolls)."""
        from tui.screens.listings import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(HelpScreen(self.screen))

    async def action_quit(self) -> None:
        """Quit; while a launched run is going, stop it first (after the answer in flight) and
        quit once it has, saying how to resume it."""
        from tui.screens.launch import LaunchDialog

        for screen in reversed(self.screen_stack):
            if isinstance(screen, LaunchDialog) and screen.running:
                screen.action_quit_run()
                return
        self.exit()

    def on_unmount(self) -> None:
        self.session.close()
        if self.against is not None:
            self.against.close()
