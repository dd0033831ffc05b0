"""Text as shown to people: `clip`, the one way a long text is cut (in messages of the grader
and the engine, and in the app and the commands through `tui.output`)."""

from __future__ import annotations


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in "…" where it was cut (a cut that
    does not say so reads as the whole text)."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + "\u2026"
