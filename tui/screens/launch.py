"""Launch a small run from the review app: corpus, configuration, limit and model."""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, Select, Static

from engine.workspace import Workspace
from grader.errors import RagtriageError


class LaunchDialog(ModalScreen[Path | None]):
    """Run the engine in a worker with a progress bar; the new run opens when it finishes."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="launch.cancel")]
    BINDING_GROUP_TITLE = "Run"
    HELP = "Pick a corpus and a configuration; the run opens when it finishes."

    def __init__(self, workspace: Workspace) -> None:
        super().__init__()
        self.workspace = workspace
        self.corpora = {c.name: c for c in workspace.corpora()}
        self.running = False

    def compose(self) -> ComposeResult:
        names = list(self.corpora)
        with Vertical(classes="dialog"):
            yield Label("Launch a small run")
            yield Select(
                [(n, n) for n in names],
                value=names[0] if names else Select.BLANK,
                id="corpus",
                prompt="corpus",
            )
            yield Select([], id="config", prompt="configuration")
            yield Input(value="5", placeholder="limit (questions)", id="limit", type="integer")
            yield Input(placeholder="model .gguf (blank: the bundled Gemma 3 270M)", id="model")
            yield ProgressBar(id="progress", show_eta=True)
            yield Static(id="status")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.fill_configs()

    @on(Select.Changed, "#corpus")
    def fill_configs(self) -> None:
        corpus = self.corpora.get(str(self.query_one("#corpus", Select).value))
        configs = list(corpus.configs) if corpus else []
        select = self.query_one("#config", Select)
        select.set_options([(c, c) for c in configs])
        if configs:
            select.value = configs[0]

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        if self.running:
            return
        corpus = self.corpora.get(str(self.query_one("#corpus", Select).value))
        if corpus is None:
            self.notify("choose a corpus", severity="error")
            return
        config = self.query_one("#config", Select).value
        limit_text = self.query_one("#limit", Input).value.strip()
        limit = int(limit_text) if limit_text else None
        model = self.query_one("#model", Input).value.strip() or None
        self.running = True
        self.query_one("#start", Button).disabled = True
        self.query_one("#status", Static).update("loading the model…")
        self.launch(corpus.name, None if config is Select.BLANK else str(config), limit, model)

    @work(thread=True, exclusive=True, group="launch")
    def launch(
        self, corpus_name: str, config: str | None, limit: int | None, model: str | None
    ) -> None:
        from engine.generate import LlamaGenerator
        from engine.model import bundled_model_path, model_info
        from engine.run import run_corpus

        try:
            path = Path(model) if model else bundled_model_path()
            generator = LlamaGenerator(path, model_info(path))
            corpus = self.corpora[corpus_name]

            def progress(p: object) -> None:
                self.app.call_from_thread(self.show_progress, p)

            result = run_corpus(
                corpus,
                config,
                limit,
                generator,
                Path(self.workspace.runs_dir),
                on_progress=progress,
            )
        except RagtriageError as exc:
            self.app.call_from_thread(self.failed, str(exc))
            return
        self.app.call_from_thread(self.dismiss, result.path)

    def show_progress(self, progress: object) -> None:
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=progress.total, progress=progress.done)  # type: ignore[attr-defined]
        last = progress.last  # type: ignore[attr-defined]
        status = f"{progress.done}/{progress.total}"  # type: ignore[attr-defined]
        if last is not None:
            status += f"  last: {last.verdict} {last.qid}"
        self.query_one("#status", Static).update(status)

    def failed(self, message: str) -> None:
        self.running = False
        self.query_one("#start", Button).disabled = False
        self.query_one("#status", Static).update("")
        self.notify(message, severity="error")

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if self.running:
            self.notify("the run goes on in the background until it finishes", timeout=4)
            return
        self.dismiss(None)
