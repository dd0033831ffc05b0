"""`clip`: text cut to a width says it was cut."""

from __future__ import annotations

import pytest

from tui.output import clip


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("How long is the main pool?", 70, "How long is the main pool?"),
        ("abcdef", 6, "abcdef"),
        ("abcdefg", 6, "abcde\u2026"),
        ("the main pool is", 9, "the main\u2026"),  # no space left before the ellipsis
    ],
    ids=["short", "exactly-the-limit", "one-over", "cut-at-a-space"],
)
def test_clip_says_where_it_cut(text: str, limit: int, expected: str) -> None:
    assert clip(text, limit) == expected
    assert len(clip(text, limit)) <= limit
