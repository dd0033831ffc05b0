"""Launch a small run from the review app: corpus, configuration, limit and model."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, Select, Static

from engine.workspace import Workspace
from grader.errors import RagtriageError


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


class LaunchDialog(ModalScreen[Path | None]):
    """Run the engine in a worker with a progress bar; the new run opens when it finishes.

    Cancel (or Esc) while a run is going stops it after the answer in flight: the run file is
    left as it is, and ``ragtriage run --resume`` finishes it.
    """

    BINDINGS = [
        Binding(
            "escape",
            "cancel",
            "Cancel (stops a run after the answer in flight)",
            id="launch.cancel",
        ),
        Binding("q", "app.quit", "Quit", id="launch.quit"),
    ]
    BINDING_GROUP_TITLE = "Run"
    HELP = (
        "Pick a corpus, a configuration and how many questions to answer; the run opens when "
        "it finishes. Cancel stops a run after the answer in flight; it can be resumed."
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
        self.stopping = threading.Event()
        self.path: Path | None = None

    def compose(self) -> ComposeResult:
        names = list(self.corpora)
        corpus = self.preferred[0] if self.preferred[0] in self.corpora else None
        with Vertical(classes="dialog"):
            yield Label(Text("Launch a small run", "bold"))
            yield Label("Corpus")
            yield Select(
                [(n, n) for n in names],
                value=corpus or (names[0] if names else Select.BLANK),
                id="corpus",
                prompt="corpus",
            )
            yield Label("Configuration")
            yield Select([], id="config", prompt="configuration")
            yield Label("Questions to answer (required, 1 or more)")
            yield Input(value="5", placeholder="e.g. 5", id="limit", type="integer")
            yield Label("Model")
            yield Input(placeholder="a .gguf file (blank: the bundled Gemma 3 270M)", id="model")
            yield ProgressBar(id="progress", show_eta=True)
            yield Static(id="status")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

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

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        if self.running:
            return
        status = self.query_one("#status", Static)
        corpus = self.corpora.get(str(self.query_one("#corpus", Select).value))
        if corpus is None:
            status.update(Text("Choose a corpus.", "bold red"))
            return
        try:
            limit = parse_limit(self.query_one("#limit", Input).value)
        except RagtriageError as exc:
            status.update(Text(str(exc), "bold red"))
            return
        config = self.query_one("#config", Select).value
        model = self.query_one("#model", Input).value.strip() or None
        self.running = True
        self.stopping.clear()
        self.query_one("#start", Button).disabled = True
        status.update("loading model…")
        self.launch(corpus.name, None if config is Select.BLANK else str(config), limit, model)

    @work(thread=True, exclusive=True, group="launch")
    def launch(self, corpus_name: str, config: str | None, limit: int, model: str | None) -> None:
        from engine.run import run_corpus

        try:
            generator = self.make_generator(model)
            if self.stopping.is_set():
                self.app.call_from_thread(self.dismiss, None)
                return
            self.app.call_from_thread(self.set_status, "warming the model up…")

            def progress(p: object) -> None:
                self.app.call_from_thread(self.show_progress, p)

            result = run_corpus(
                self.corpora[corpus_name],
                config,
                limit,
                generator,
                Path(self.workspace.runs_dir),
                on_progress=progress,
                stop=self.stopping.is_set,
            )
        except RagtriageError as exc:
            self.app.call_from_thread(self.failed, str(exc))
            return
        if result.interrupted:
            self.app.call_from_thread(self.stopped, result.path, result.answered, result.planned)
            return
        self.app.call_from_thread(self.dismiss, result.path)

    def set_status(self, message: str) -> None:
        self.query_one("#status", Static).update(message)

    def show_progress(self, progress: object) -> None:
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=progress.total, progress=progress.done)  # type: ignore[attr-defined]
        last = progress.last  # type: ignore[attr-defined]
        status = f"{progress.done}/{progress.total} answered"  # type: ignore[attr-defined]
        if last is not None:
            status += f"  ·  last: {last.verdict} {last.qid}"
        if self.stopping.is_set():
            status += "  ·  stopping after this answer…"
        self.query_one("#status", Static).update(Text(status))

    def failed(self, message: str) -> None:
        self.running = False
        self.query_one("#start", Button).disabled = False
        self.query_one("#status", Static).update(Text(message, "bold red"))

    def stopped(self, path: Path, answered: int, planned: int) -> None:
        self.notify(
            f"stopped after {answered} of {planned} answers; finish it with "
            f"`ragtriage run --resume {path}`",
            timeout=15,
        )
        self.dismiss(None)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if not self.running:
            self.dismiss(None)
            return
        # The run stops after the answer in flight; the worker closes the dialog.
        self.stopping.set()
        self.query_one("#status", Static).update(
            "stopping after the answer in flight (the run can be resumed)…"
        )
