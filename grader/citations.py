"""Citations: which sources an answer cites, from ``[n]`` markers and ``Source n`` mentions."""

from __future__ import annotations

import re
from collections.abc import Iterable

from grader.runfile import SourceRef

# "[1]", "[1, 2]", "[1-3]", "[Source 2]"; and "Source 2", "Sources 1 and 3", "Doc 4". Each
# pattern reads the lower-cased answer and starts with a literal the regex engine can skip to;
# a mention's left boundary is checked after its first word. The patterns never overlap in a
# way that matters: a mention inside a bracket only repeats numbers the bracket already gives.
_MARKER = re.compile(r"\[\s*(?:sources?\s*)?(\d+(?:\s*(?:,|;|-|–|and)\s*\d+)*)\s*\]")
_LISTED = r"\s*#?\s*(\d+(?:\s*(?:,|and|&|or)\s*\d+)*)"
_SOURCE_MENTION = re.compile(r"source(?<!\wsource)s?" + _LISTED)
_DOC_MENTION = re.compile(r"doc(?<!\wdoc)(?:s|uments?)?" + _LISTED)
_NUMBER = re.compile(r"\d+")
_RANGE = re.compile(r"(\d+)\s*[-–]\s*(\d+)")


def cited_numbers(answer: str, normalized: str | None = None) -> frozenset[int]:
    """Every source number the answer cites, by marker or by name.

    Args:
        answer: The answer text.
        normalized: The answer lower-cased (or normalized) when the caller has it already.
    """
    lowered = normalized if normalized is not None else answer.lower()
    groups = _MARKER.findall(lowered) if "[" in lowered else []
    if "source" in lowered:
        groups += _SOURCE_MENTION.findall(lowered)
    if "doc" in lowered:
        groups += _DOC_MENTION.findall(lowered)
    if not groups:
        return _NONE
    numbers = []
    for group in groups:
        if group.isdigit():  # one number (most citations)
            numbers.append(int(group))
            continue
        if "-" in group or "–" in group:  # (only a marker lists a range)
            for low, high in _RANGE.findall(group):
                if int(high) - int(low) <= 50:
                    numbers += range(int(low), int(high) + 1)
        numbers += map(int, _NUMBER.findall(group))
    return frozenset(numbers)


_NONE: frozenset[int] = frozenset()


def cited_docs(numbers: frozenset[int], sources: Iterable[SourceRef]) -> frozenset[str]:
    """The document ids behind the cited numbers (numbers the model never saw are dropped;
    where two sources share a number, the later one counts)."""
    docs: dict[int, str] = {}
    for source in sources:
        if source.n in numbers:
            docs[source.n] = source.doc
    return frozenset(docs.values())
