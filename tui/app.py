"""The review app: thin. It opens a run in a `ReviewSession` and shows the review screen."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from engine.workspace import Workspace
from tui.screens.review import ReviewScreen
from tui.session import ReviewSession


class ReviewApp(App[None]):
    """Read graded answers one at a time; mark disagreements; change the grader safely."""

    TITLE = "ragtriage"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("question_mark", "toggle_help", "Keys", id="app.help"),
    ]

    def __init__(
        self, run: Path, workspace: Workspace | None = None, against: Path | None = None
    ) -> None:
        super().__init__()
        self.workspace = workspace
        self.session = ReviewSession(run, workspace)
        self.against = ReviewSession(against, workspace) if against is not None else None

    def on_mount(self) -> None:
        if self.against is not None:
            from tui.screens.compare import CompareScreen
            from tui.session import CompareSession

            self.push_screen(CompareScreen(CompareSession(self.session, self.against)))
        else:
            self.push_screen(ReviewScreen(self.session))

    def open_run(self, path: Path) -> None:
        """Switch to another run (after a launched run finishes)."""
        self.session.close()
        self.session = ReviewSession(Path(path), self.session.workspace)
        self.switch_screen(ReviewScreen(self.session))
        self.notify(f"opened {Path(path).name}")

    def action_toggle_help(self) -> None:
        if self.screen.query("KeyPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def on_unmount(self) -> None:
        self.session.close()
        if self.against is not None:
            self.against.close()
