"""`ragtriage run`: the engine with a progress bar, Ctrl-C and --resume."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grader.errors import RagtriageError
from tui.commands.corpus import corpora_root
from tui.output import EXIT_OK, PagesBar, emit_json, printable, say, warn


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return (
        f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
        if seconds >= 3600
        else f"{seconds // 60}:{seconds % 60:02d}"
    )


class ProgressLine:
    """done/total, elapsed, remaining and the last verdict, redrawn in place on a terminal."""

    def __init__(self, stream: Any = None, describe: Callable[[Any], str] | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.first_done: int | None = None  # answers already in the file when we started
        self.open_line = False  # a bar drawn in place, with no line end after it yet
        self.describe = describe or _last_grade

    def __call__(self, progress: Any) -> None:
        width = 24
        filled = int(width * progress.done / progress.total) if progress.total else width
        bar = "#" * filled + "-" * (width - filled)
        if self.first_done is None:
            self.first_done = progress.done
        answered_here = progress.done - self.first_done
        if answered_here:
            remaining = progress.elapsed / answered_here * (progress.total - progress.done)
            eta = _clock(remaining)
        else:
            eta = "?"
        last = f"  last: {self.describe(progress.last)}" if progress.last is not None else ""
        line = printable(
            f"[{bar}] {progress.done}/{progress.total}  elapsed {_clock(progress.elapsed)}  "
            f"remaining {eta}{last}"
        )
        if self.tty:
            self.stream.write("\r\x1b[2K" + line[: _terminal_width() - 1])
            self.open_line = True
            if progress.done == progress.total:
                self.close()
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line, so what follows (a summary after Ctrl-C) starts on its own."""
        if self.open_line:
            self.stream.write("\n")
            self.stream.flush()
            self.open_line = False


def _last_grade(grade: Any) -> str:
    """``wrong fin-1040-agi (wrong money)``: the last answer's grade, for the bar."""
    return f"{grade.verdict} {grade.qid}" + (" (wrong money)" if grade.money.violation else "")


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def generator_for(args: argparse.Namespace, recorded: dict[str, Any] | None = None) -> Any:
    """The generator the options ask for (``ragtriage run``'s and ``ragtriage judge``'s); a
    resumed run's header (``recorded``, its ``model``) fills in what the options leave out, so
    ``--resume RUN`` asks the same server again."""
    from engine.generate import LlamaGenerator
    from engine.model import bundled_model_path, model_info
    from engine.openai_compatible import OpenAIGenerator

    recorded = recorded or {}
    backend = args.backend or recorded.get("backend") or "llama"
    backend = "llama" if backend == "local" else backend
    if backend == "openai":
        from_header = recorded.get("backend") == "openai"
        base_url = args.base_url or (_server_root(recorded.get("url", "")) if from_header else "")
        if not base_url:
            raise RagtriageError("--backend openai needs --base-url URL")
        generator = OpenAIGenerator(
            base_url,
            model=args.model or (recorded.get("name") if from_header else None) or "default",
            api=args.api or (recorded.get("api") if from_header else None) or "completions",
            api_key_env=args.api_key_env or (recorded.get("api_key_env") if from_header else None),
            notify=warn,
        )
        generator.check()
        return generator
    if args.parallel > 1:
        raise RagtriageError(
            "--parallel needs --backend openai: the local model answers one question at a time"
        )
    if args.api or args.api_key_env:
        raise RagtriageError("--api and --api-key-env are for --backend openai")
    if args.model:
        path = Path(args.model)
    elif recorded.get("path") and Path(recorded["path"]).is_file():
        path = Path(recorded["path"])  # a resumed run's own model
    else:
        path = bundled_model_path()
        if recorded.get("path") and recorded.get("name") != path.name.removesuffix(".gguf"):
            raise RagtriageError(
                f"this run's model is no longer at {recorded['path']}; pass --model PATH.gguf"
            )
    if not args.quiet:
        warn(f"loading the model {path.name}…")
    return LlamaGenerator(path, model_info(path), threads=args.threads)


def _server_root(url: str) -> str:
    """``http://host:8000`` from a recorded ``http://host:8000/v1/chat/completions``."""
    return url.split("/v1/", 1)[0] if "/v1/" in url else url


def _finish_run(path: Path, as_json: bool, interrupted: bool, corpora: Path | None) -> int:
    from engine.workspace import Workspace
    from grader.records.grades import write_grades
    from grader.records.runfile import read_run
    from grader.records.scorecard import format_scorecard, scorecard

    run = read_run(path, lean=True)
    grader = Workspace(runs_dir=path.parent, corpora_root=corpora).grader(run)
    grades = grader.grade_all(run.answers)
    card = scorecard(grades, run.header)
    if not interrupted:
        write_grades(path, run.run_id, grades, grader)
    if as_json:
        emit_json(
            {
                "run": str(path),
                "run_id": run.run_id,
                "interrupted": interrupted,
                "answers": len(run.answers),
                "scorecard": card.to_dict(),
            }
        )
    else:
        say(f"run file: {path}")
        for line in format_scorecard(card):
            say(line)
    if interrupted:
        warn(
            f"stopped after {len(run.answers)} answer(s); finish it with: "
            f"ragtriage run --resume {path}"
        )
        return 130
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    from corpora.loader import load_corpus
    from engine.run import execute, plan_resume, prompt_record, run_corpus

    show = ProgressLine() if not args.quiet else None
    if args.resume:
        from engine.workspace import resolve_run

        plan = plan_resume(resolve_run(args.resume, args.runs), corpora_root(args))
        if plan.torn_tail:
            warn(
                f"{plan.path}: the last line was cut off by the interruption; it is kept and "
                "skipped, and its question is answered again"
            )
        if not plan.remaining:
            warn(f"{plan.path}: every planned question already has an answer")
            return _finish_run(plan.path, args.json, False, corpora_root(args))
        warn(f"resuming {plan.path}: {plan.done} answered, {len(plan.remaining)} to go")
        recorded_prompt = (plan.header.get("prompt") or {}).get("sha256")
        if recorded_prompt and recorded_prompt != prompt_record()["sha256"]:
            warn(
                f"the prompt's instructions or worked examples changed since this run started "
                f"(prompt {recorded_prompt} in the header): the answers still to come are "
                "made with today's"
            )
        generator = generator_for(args, plan.header.get("model"))
        result = execute(
            plan.path,
            plan.remaining,
            plan.corpus,
            plan.config,
            generator,
            on_progress=show,
            already_done=plan.done,
            parallel=args.parallel,
        )
        if show:
            show.close()
        return _finish_run(result.path, args.json, result.interrupted, corpora_root(args))
    if not args.corpus:
        raise RagtriageError("ragtriage run needs --corpus NAME (or --resume RUN)")
    corpus = load_corpus(args.corpus, corpora_root(args))
    corpus.config(args.config)  # an unknown configuration fails before the model loads
    if not corpus.questions:
        raise RagtriageError(
            f"corpus {corpus.name!r} has no questions yet (add them to {corpus.questions_path})"
        )
    generator = generator_for(args)
    runs_dir = Path(args.runs)
    result = run_corpus(
        corpus,
        args.config,
        args.limit,
        generator,
        runs_dir,
        on_progress=show,
        extractor=args.extractor,
        on_pages=None if args.quiet else PagesBar(),
        parallel=args.parallel,
        on_status=None if args.quiet else warn,
        sample=args.sample,
        seed=args.seed,
    )
    if show:
        show.close()
    return _finish_run(result.path, args.json, result.interrupted, corpora_root(args))
