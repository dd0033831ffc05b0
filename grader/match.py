"""The one matching predicate: does a phrase occur in a text?

Needles, decline phrases, the collision scan and the flip preview all call this module, so
what the scan predicts is exactly what the grader does. Matching is case-insensitive, treats
curly and straight apostrophes and quotes alike, and treats any run of whitespace (a line
break in a PDF, a double space) as one space. A phrase matches anywhere, as a substring: the
decline phrase "not mention" is meant to catch "not mentioned".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_TRANSLATE = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """Lower-case, straighten quotes and collapse whitespace: the form every match reads."""
    text = text.lower().translate(_TRANSLATE)
    if "  " in text or "\n" in text or "\t" in text or "\r" in text:
        text = _SPACE.sub(" ", text)
    return text


def occurs(phrase: str, text: str) -> bool:
    """True when ``phrase`` occurs in ``text`` under the rules above."""
    return normalize(phrase) in normalize(text)


def occurs_normalized(phrase_norm: str, text_norm: str) -> bool:
    """`occurs` for inputs already passed through `normalize` (the grader's hot path)."""
    return phrase_norm in text_norm


def any_phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str] | None:
    """One compiled pattern equivalent to ``any(occurs_normalized(p, text) for p in phrases)``.

    Returns:
        The pattern, or None when there are no phrases (nothing can match).
    """
    normalized = sorted({normalize(phrase) for phrase in phrases if phrase.strip()}, key=len)
    if not normalized:
        return None
    return re.compile("|".join(re.escape(phrase) for phrase in reversed(normalized)))
