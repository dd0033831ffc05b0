"""The one matching predicate: does a phrase occur in a text?

Needles, decline phrases, the collision scan and the flip preview all match through this
module (``normalize_phrase(phrase) in normalize(text)``), so what the scan predicts is exactly
what the grader does. Matching is case-insensitive, treats
curly and straight apostrophes and quotes alike, and treats any run of whitespace (a line
break in a PDF, a double space) as one space. A phrase matches anywhere, as a substring: the
decline phrase "not mention" is meant to catch "not mentioned".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_TRANSLATE = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """Lower-case, straighten quotes and collapse whitespace: the form every match reads."""
    text = text.lower()
    if not text.isascii():
        text = text.translate(_TRANSLATE)
    if "  " in text or "\n" in text or "\t" in text or "\r" in text or "\u00a0" in text:
        text = _SPACE.sub(" ", text)
    return text


@lru_cache(maxsize=65536)
def normalize_phrase(phrase: str) -> str:
    """`normalize` for needles and phrases, which repeat across answers (cached)."""
    return normalize(phrase.strip())


def any_phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str] | None:
    """One compiled pattern equivalent to ``any(normalize_phrase(p) in text for p in phrases)``
    over normalized text.

    The alternatives are arranged as a trie (shared prefixes factored out), so the pattern
    costs about one comparison per character however long the list grows.

    Returns:
        The pattern, or None when there are no phrases (nothing can match).
    """
    normalized = {normalize_phrase(phrase) for phrase in phrases if phrase.strip()}
    if not normalized:
        return None
    trie: dict[str, dict] = {}
    for phrase in normalized:
        node = trie
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}
    return re.compile(_trie_pattern(trie))


def phrase_anchors(phrases: Iterable[str], most: int = 8) -> tuple[str, ...]:
    """Words one of which occurs in every phrase (normalized): a text that contains none of
    them contains no phrase. ``anchor in text`` skips through a text several times faster than
    a pattern of many alternatives can, and most answers contain no decline at all.

    Each phrase's anchor is its first word, and a word that contains another anchor is left out
    (a text with "not" in it has "no" in it). Returns no anchors, so no shortcut, when there
    would be more than ``most`` (looking for each would cost more than it saves).
    """
    words = {normalize_phrase(phrase).split(" ")[0] for phrase in phrases if phrase.strip()}
    anchors = sorted(word for word in words if not any(o in word for o in words if o != word))
    return tuple(anchors) if len(anchors) <= most else ()


def _trie_pattern(node: dict[str, dict]) -> str:
    # A phrase that ends here matches already: longer phrases sharing its prefix add nothing.
    if "" in node:
        return ""
    branches = [re.escape(char) + _trie_pattern(child) for char, child in sorted(node.items())]
    if len(branches) == 1:
        return branches[0]
    return "(?:" + "|".join(branches) + ")"
