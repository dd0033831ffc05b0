"""Output helpers shared by every command: untrusted text made printable, JSON, warnings."""

from __future__ import annotations

import re
import sys
from typing import Any

import orjson

from grader.text import clip as clip  # (the one helper, re-exported for the UI)

EXIT_OK, EXIT_GATE, EXIT_BAD_INPUT = 0, 1, 2
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text from answers and files is untrusted: show control characters, never obey them."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


# White space but the control characters Python also counts as such (NEL, the separators
# \x1c-\x1f): those are shown by `printable`, never dropped.
_SPACES = re.compile(r"[^\S\x1c-\x1f\x85]+")


def one_line(text: str) -> str:
    """A text of several lines (a reviewer's note) on one line of a list: each run of white
    space, line breaks too, one space (a control character stays, for `printable` to show)."""
    return _SPACES.sub(" ", text).strip(" ")


def say(text: object = "") -> None:
    """Print one line (or lines) of a command's human output, with every control character
    from untrusted text (a qid, a model name, a key, a needle) shown, never obeyed."""
    print(printable(str(text)))


class PagesBar:
    """``reading documents [######------] 1,234/10,206 pages``, redrawn in place on a terminal
    (a line per tenth elsewhere); for the first indexing of a corpus."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.shown_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        width = 24
        filled = int(width * done / total) if total else width
        line = (
            f"reading documents [{'#' * filled}{'-' * (width - filled)}] {done:,}/{total:,} pages"
        )
        if self.tty:
            self.stream.write("\r\x1b[2K" + line + ("\n" if done >= total else ""))
        else:
            tenth = int(10 * done / total) if total else 10
            if tenth == self.shown_tenth:
                return
            self.shown_tenth = tenth
            self.stream.write(line + "\n")
        self.stream.flush()


def emit_json(document: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
    sys.stdout.flush()


def warn(message: str) -> None:
    print(f"ragtriage: {printable(message)}", file=sys.stderr)
