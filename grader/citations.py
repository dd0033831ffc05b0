"""Citations: which sources an answer cites, from ``[n]`` markers and ``Source n`` mentions."""

from __future__ import annotations

import re
from collections.abc import Mapping

# "[1]", "[1, 2]", "[1-3]", "[Source 2]" and "Source 2", "Sources 1 and 3", "Doc 4".
_MARKER = re.compile(r"\[\s*(?:sources?\s*)?(\d+(?:\s*(?:,|;|-|–|and)\s*\d+)*)\s*\]", re.IGNORECASE)
_MENTION = re.compile(
    r"\b(?:sources?|documents?|docs?)\s*#?\s*(\d+(?:\s*(?:,|and|&|or)\s*\d+)*)", re.IGNORECASE
)
_NUMBER = re.compile(r"\d+")
_RANGE = re.compile(r"(\d+)\s*[-–]\s*(\d+)")


def cited_numbers(answer: str) -> frozenset[int]:
    """Every source number the answer cites, by marker or by name."""
    if "[" not in answer and not _MENTION.search(answer):
        return frozenset()
    numbers: set[int] = set()
    for match in _MARKER.finditer(answer):
        group = match.group(1)
        for low, high in _RANGE.findall(group):
            if int(high) - int(low) <= 50:
                numbers.update(range(int(low), int(high) + 1))
        numbers.update(int(n) for n in _NUMBER.findall(group))
    for match in _MENTION.finditer(answer):
        numbers.update(int(n) for n in _NUMBER.findall(match.group(1)))
    return frozenset(numbers)


def cited_docs(numbers: frozenset[int], source_docs: Mapping[int, str]) -> frozenset[str]:
    """The document ids behind the cited numbers (numbers the model never saw are dropped)."""
    return frozenset(source_docs[n] for n in numbers if n in source_docs)
