"""The options many commands share, and the argument types they read."""

from __future__ import annotations

import argparse
from typing import Any

Subparsers = Any  # argparse's private _SubParsersAction
RUN_HELP = "a run file (runs/<run_id>.jsonl) or a run id in --runs"


def positive_int(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def add_corpora(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--corpora", metavar="DIR", help="corpora folder (default ./corpora)")


def add_needles(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--needles",
        metavar="DIR",
        help="the workspace's needle lists (default $RAGTRIAGE_NEEDLES, else ./needles; "
        "the shipped decline list until the first change)",
    )


def workspace_options(parser: argparse.ArgumentParser, runs: bool = True) -> None:
    if runs:
        parser.add_argument("--runs", default="runs", metavar="DIR", help="run files (runs/)")
    add_corpora(parser)
    add_needles(parser)
    add_json(parser)


def add_backend(parser: argparse.ArgumentParser, resumed: bool = False) -> None:
    """The model options ``run`` and ``judge`` share: which model, on which backend, how many
    requests in flight."""
    parser.add_argument(
        "--model",
        metavar="PATH.gguf",
        help="a GGUF model (default: the bundled Gemma 3 270M); with "
        "--backend openai, the model name to ask the server for",
    )
    parser.add_argument(
        "--backend",
        choices=["llama", "local", "openai"],
        help="llama (or local): a local GGUF (default); openai: an OpenAI-compatible server"
        + (
            " (a resumed run keeps its own, with the server, API and model name its header records)"
            if resumed
            else ""
        ),
    )
    parser.add_argument("--base-url", metavar="URL", help="the server for --backend openai")
    parser.add_argument(
        "--api",
        choices=["completions", "chat"],
        help="with --backend openai: /v1/completions with the completion prompt (default), or "
        "/v1/chat/completions with the instructions and worked examples as messages",
    )
    parser.add_argument(
        "--api-key-env",
        metavar="NAME",
        help="with --backend openai: the environment variable holding the API key (default "
        "OPENAI_API_KEY, sent when set; the key is never written or printed)",
    )
    parser.add_argument(
        "--parallel",
        type=positive_int,
        default=1,
        metavar="N",
        help="with --backend openai: keep N requests in flight (default 1)",
    )
    parser.add_argument("--threads", type=positive_int, help="CPU threads (default: every core)")
