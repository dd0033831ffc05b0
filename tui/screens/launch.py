"""Launch a small run from the review app: corpus, configuration, limit and model."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Input, Label, ProgressBar, Select
from textual.worker import Worker

from engine.workspace import Workspace
from grader.errors import RagtriageError
from tui.screens.dialog import DialogScreen
from tui.screens.workers import WorkerErrors, background
from tui.widgets.render import safe


def parse_limit(text: str) -> int:
    """The limit typed in the dialog: a whole number of at least 1.

    Raises:
        RagtriageError: naming what is wrong (a blank limit once ran the whole corpus).
    """
    text = text.strip()
    if not text:
        raise RagtriageError("give a limit: how many questions to answer")
    try:
        limit = int(text)
    except ValueError:
        raise RagtriageError(f"the limit must be a whole number, not {text!r}") from None
    if limit < 1:
        raise RagtriageError(f"the limit must be 1 or more, not {limit}")
    return limit


def local_generator(model: str | None) -> Any:
    """The local model: a .gguf by path, or the bundled Gemma 3 270M."""
    from engine.generate import LlamaGenerator
    from engine.model import bundled_model_path, model_info

    path = Path(model) if model else bundled_model_path()
    return LlamaGenerator(path, model_info(path))


class LaunchDialog(WorkerErrors, DialogScreen[Path | None]):
    """Run the engine in a worker with a progress bar; the new run opens when it finishes.

    Cancel (or Esc) while a run is going stops it after the answer in flight: the run file is
    left as it is, and ``ragtriage run --resume`` finishes it. ``q`` does the same and then
    quits, saying how to resume. A run stopped before its first answer leaves no file (an
    empty run would become the newest, the one ``ragtriage`` opens).
    """

    BINDINGS = [
        Binding(
            "escape",
            "cancel",
            "Cancel (stops a run after the answer in flight)",
            id="launch.cancel",
        ),
        Binding("q", "quit_run", "Quit (stops a run first)", id="launch.quit"),
    ]
    BINDING_GROUP_TITLE = "Run"
    HELP = (
        "Pick a corpus, a configuration and how many questions to answer; Enter or Start "
        "starts, and the run opens when it finishes. Cancel stops a run after the answer in "
        "flight; it can be resumed. q stops it the same way, then quits."
    )

    def __init__(
        self,
        workspace: Workspace,
        corpus: str | None = None,
        config: str | None = None,
        make_generator: Callable[[str | None], Any] | None = None,
    ) -> None:
        super().__init__()
        self.workspace = workspace
        self.make_generator = make_generator or local_generator
        self.corpora = {c.name: c for c in workspace.corpora()}
        self.preferred = (corpus, config)  # the open run's, as the defaults
        self.running = False
        self.quitting = False  # q during a run: quit once it has stopped
        self.farewell = ""  # what the app says as it quits after a run stopped
        self.stopping = threading.Event()
        self.path: Path | None = None

    def title_text(self) -> Text:
        return Text("Launch a small run", "bold")

    def body(self) -> ComposeResult:
        names = list(self.corpora)
        corpus = self.preferred[0] if self.preferred[0] in self.corpora else None
        with Horizontal(classes="field"):
            yield Label("Corpus")
            yield Select(
                [(n, n) for n in names],
                value=corpus or (names[0] if names else Select.BLANK),
                id="corpus",
                prompt="corpus",
                compact=True,
            )
        with Horizontal(classes="field"):
            yield Label("Configuration")
            yield Select([], id="config", prompt="configuration", compact=True)
        with Horizontal(classes="field"):
            yield Label("Questions to answer")
            yield Input(
                value="5",
                placeholder="required, 1 or more",
                id="limit",
                type="integer",
                compact=True,
            )
        with Horizontal(classes="field"):
            yield Label("Model")
            yield Input(
                placeholder="a .gguf file (blank: the bundled Gemma 3 270M)",
                id="model",
                compact=True,
            )
        yield ProgressBar(id="progress", show_eta=True)

    def buttons(self) -> ComposeResult:
        yield Button("Start", variant="primary", id="start", compact=True)
        yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.fill_configs()

    @on(Select.Changed, "#corpus")
    def fill_configs(self) -> None:
        name = str(self.query_one("#corpus", Select).value)
        corpus = self.corpora.get(name)
        configs = list(corpus.configs) if corpus else []
        select = self.query_one("#config", Select)
        select.set_options([(c, c) for c in configs])
        preferred_corpus, preferred_config = self.preferred
        if name == preferred_corpus and preferred_config in configs:
            select.value = preferred_config
        elif configs:
            select.value = configs[0]

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def start(self) -> None:
        if self.running:
            return
        corpus = self.corpora.get(str(self.query_one("#corpus", Select).value))
        if corpus is None:
            self.say("Choose a corpus.")
            return
        try:
            limit = parse_limit(self.query_one("#limit", Input).value)
        except RagtriageError as exc:
            self.say(str(exc))
            return
        config = self.query_one("#config", Select).value
        model = self.query_one("#model", Input).value.strip() or None
        self.running = True
        self.stopping.clear()
        self._while_running(True)
        self.say(Text("loading the model…"))
        self.launch(corpus.name, None if config is Select.BLANK else str(config), limit, model)

    class Progress(Message):
        """The run answered another question (``progress``: the engine's `RunProgress`)."""

        def __init__(self, progress: object) -> None:
            super().__init__()
            self.progress = progress

    class Status(Message):
        """What the run is doing now, in words (loading the model, indexing)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Ended(Message):
        """The run ended: ``finished``, ``stopped`` (Cancel, q) or ``failed`` (``refused``
        says why); ``path`` is its file (None: none was written)."""

        def __init__(
            self,
            how: str,
            path: Path | None = None,
            answered: int = 0,
            planned: int = 0,
            refused: str = "",
        ) -> None:
            super().__init__()
            self.how, self.path, self.refused = how, path, refused
            self.answered, self.planned = answered, planned

    @background("the run", group="launch")
    def launch(self, corpus_name: str, config: str | None, limit: int, model: str | None) -> None:
        from engine.run import run_corpus

        try:
            generator = self.make_generator(model)
            if self.stopping.is_set():
                self.post_message(self.Ended("stopped", None, 0, limit))
                return

            def progress(progress: object) -> None:
                self.post_message(self.Progress(progress))

            def status(text: str) -> None:
                self.post_message(self.Status(text))

            result = run_corpus(
                self.corpora[corpus_name],
                config,
                limit,
                generator,
                Path(self.workspace.runs_dir),
                on_progress=progress,
                stop=self.stopping.is_set,
                on_status=status,
            )
        except RagtriageError as exc:
            self.post_message(self.Ended("failed", refused=str(exc)))
            return
        how = "stopped" if result.interrupted else "finished"
        self.post_message(self.Ended(how, result.path, result.answered, result.planned))

    def on_launch_dialog_progress(self, message: Progress) -> None:
        self.show_progress(message.progress)

    def on_launch_dialog_status(self, message: Status) -> None:
        self.set_status(message.text)

    def on_launch_dialog_ended(self, message: Ended) -> None:
        if message.how == "failed":
            self.failed(message.refused)
        elif message.how == "stopped":
            self.stopped(message.path, message.answered, message.planned)
        else:
            self.finished(message.path)  # type: ignore[arg-type]

    def worker_failed(self, worker: Worker[object]) -> None:
        if worker.name == "the run":
            self.failed(f"the run failed: {type(worker.error).__name__}: {worker.error}")

    FIELDS = ("#corpus", "#config", "#limit", "#model", "#start")

    def _while_running(self, running: bool) -> None:
        """While a run goes, its fields cannot change and the focus is on Cancel, so that
        Esc and q (which a text field would take as a letter) stop it."""
        for selector in self.FIELDS:
            self.query_one(selector).disabled = running
        if running:
            self.query_one("#cancel", Button).focus()

    def set_status(self, message: str) -> None:
        self.say(Text(message + self._stopping_note()))

    def _stopping_note(self) -> str:
        if not self.stopping.is_set():
            return ""
        then = ", then quitting" if self.quitting else ""
        return f"  ·  stopping after the answer in flight{then}…"

    def show_progress(self, progress: object) -> None:
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=progress.total, progress=progress.done)  # type: ignore[attr-defined]
        last = progress.last  # type: ignore[attr-defined]
        status = f"{progress.done}/{progress.total} answered"  # type: ignore[attr-defined]
        if last is not None:
            status += f"  ·  last: {last.verdict} {last.qid}"
        self.say(Text(safe(status) + self._stopping_note()))

    def failed(self, message: str) -> None:
        self.running = False
        self._while_running(False)
        self.say(message)
        if self.quitting:
            self._quit(f"the run failed: {message}")

    def finished(self, path: Path) -> None:
        self.running = False
        if self.quitting:
            self._quit(f"the run finished: {path}")
            return
        self.dismiss(path)

    def stopped(self, path: Path | None, answered: int, planned: int) -> None:
        """The run stopped (Cancel, q): say how to resume it, or, stopped before its first
        answer, remove the file that holds only its header."""
        self.running = False
        if path is not None and answered == 0 and _holds_no_answer(path):
            path.unlink()
            message = "stopped before the first answer; no run file was kept"
        elif path is not None:
            message = (
                f"stopped after {answered} of {planned} answers; finish it with "
                f"`ragtriage run --resume {path}`"
            )
        else:
            message = "stopped before the run started; no run file was written"
        if self.quitting:
            self._quit(message)
            return
        self.notify(message, timeout=15)
        self.dismiss(None)

    def _quit(self, message: str) -> None:
        self.farewell = f"ragtriage: {message}"
        self.app.exit(message=self.farewell)

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.action_cancel()

    def action_cancel(self) -> None:
        if not self.running:
            self.dismiss(None)
            return
        # The run stops after the answer in flight; the worker closes the dialog.
        self.stopping.set()
        self.say(Text("stopping after the answer in flight (the run can be resumed)…"))

    def action_quit_run(self) -> None:
        """Quit; a run going is stopped first, as Cancel stops it, and the app quits once it
        has (saying how to resume), rather than blanking the screen while it finishes."""
        if not self.running:
            self.app.exit()
            return
        self.quitting = True
        self.stopping.set()
        self.say(Text("stopping after the answer in flight, then quitting…"))


def _holds_no_answer(path: Path) -> bool:
    """A run file with its header and nothing after it."""
    try:
        return len([line for line in path.read_bytes().splitlines() if line.strip()]) <= 1
    except OSError:
        return False
