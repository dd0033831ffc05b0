"""How an answer refers to its sources: citation markers, source mentions, invented blocks.

This module is the one home of these patterns; the clause split (`grader.rules.clauses`) finds
source mentions through it too.

- A **marker** cites: ``[1]``, ``[1][2]``, ``[1, 2]``, ``[1-3]``, ``[Source 1]``, ``【1】``
  (also ``【1†source】``); (v4) with a locator after the number, ``[2, p. 14]``, ``[2, pp.
  14-15]``, ``[1; sec. 3]`` (source 2, not 14); and as a footnote, ``[^3]``. A locator alone
  (``[p. 14]``) cites nothing.
- A **mention** names a numbered source in words: ``Source 1``, ``Sources 1 and 2``,
  ``(Source: 1)``, ``(Source 1)``, ``Doc 4``, ``Document #2``. A mention cites too; whether it
  also *reports* what the source says is the clause split's question.
- An **invented source block** is text after the answer that imitates the prompt's numbered
  sources (``[6] (Title, page 1) ...``, or a line starting ``Sources:`` or ``Question:``): the
  model ran on past its answer. It is not part of the answer and cites nothing (a line
  ``Sources: [1], [2]`` that lists only markers is no invented block: it cites them). An opening
  "Answer:" label is the prompt's last line echoed: it is dropped, and the answer read after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from grader.rules.match import opening_with
from grader.rules.normalize import lowered_as_matched
from grader.schema import SourceRef

# A list of source numbers: "1", "1, 2", "1-3", "1 and 2", "1; 2", "1 & 2", "1 or 2". A number
# has at most three digits ("Source 1, 2023" cites source 1, not 2023).
_ONE = r"\d{1,3}(?!\d)(?![,.]\d)"
_LIST = _ONE + r"(?:\s*(?:,|;|-|and|&|or)\s*" + _ONE + r")*"
_SOURCE_WORD = r"(?:sources?|docs?|documents?)"
# Where in a source a marker points, after its number: "p. 14", "pp. 14-15", "page 3", "sec.
# 2.1", "§ 4", "para 7", "line 12", "table 3".
_LOCATOR = (
    r"(?:\s*[,;:]\s*(?:p|pp|pg|pgs|page|pages|para|paras|paragraph|§|§§|s|sec|section|l|ll|line"
    r"|lines|ch|chap|chapter|fig|figure|tab|table|art|article|slide|at)\.?\s*\d[\w.]*"
    r"(?:\s*[-–]\s*\d[\w.]*)?)"
)
MARKER = re.compile(
    r"[\[【]\s*\^?\s*(?:" + _SOURCE_WORD + r"\s*:?\s*#?\s*)?(" + _LIST + r")" + _LOCATOR + r"?"
    r"\s*(?:†[^\]】]*)?[\]】]",
    re.IGNORECASE,
)
_MENTION_BODY = r"(?<![\w-])" + _SOURCE_WORD + r"\s*:?\s*#?\s*\[?(" + _LIST + r")\]?(?![\w-])"
# (every mention opens with the "s" or "d" of a source's word: `opening_with`)
MENTION = re.compile(opening_with("sd", _MENTION_BODY), re.IGNORECASE)
_RANGE = re.compile(r"(\d+)\s*-\s*(\d+)")
_NUMBER = re.compile(r"\d+")
_MAX_RANGE = 50

# A line "Sources: [1], [2]" that only lists markers cites them: it is no invented block.
_FOOTER_MARKERS = r"(?:\s*(?:[\[【]\s*\d{1,3}\s*[\]】]|,|;|and|&))+\s*(?:\n|$)"
# The prompt's source block imitated after the answer: "[6] (Title, page 1) ...", or a new line
# that starts "Sources:" / "Question:" / "Answer:" / "[6] (" after the answer's first line.
INVENTED_BLOCK = re.compile(
    r"\[\d+\]\s*\([^()\n]{0,200}\bpage\s+\d+\)"
    r"|\n\s*(?:sources?\s*:(?!" + _FOOTER_MARKERS + r")|question\s*:|\[\d+\]\s*\()",
    re.IGNORECASE,
)
# An answer that opens with the prompt's own label ("Answer: The fee is $5 [1].") echoes the
# prompt's last line: the label is not part of the answer, and what follows it is the answer;
# so is a question echoed on the answer's first line ("Question: ...?\nAnswer: ..."). A line
# "Answer: $47.85 [1]" after the answer's own working is its conclusion: the label goes, the
# line stays.
ANSWER_LABEL = re.compile(r"\s*(?:question\s*:[^\n]*\n\s*)?answer\s*:\s*", re.IGNORECASE)
# (its letters matched in ASCII, in any case: `without_answer_label`'s shortcut, in lower
# case, is then exact)
_LINE_LABEL = re.compile(r"(?m)^[ \t]*answer[ \t]*:[ \t]*", re.IGNORECASE | re.ASCII)


def numbers_in(group: str) -> list[int]:
    """The source numbers a list names ("1-3" is 1, 2 and 3; a range over 50 is its ends)."""
    numbers = {int(n) for n in _NUMBER.findall(group)}
    for low, high in _RANGE.findall(group):
        if 0 <= int(high) - int(low) <= _MAX_RANGE:
            numbers.update(range(int(low), int(high) + 1))
    return sorted(numbers)


def cited_numbers(text: str) -> tuple[int, ...]:
    """Every source number ``text`` cites, by marker or by mention, each once, in order."""
    found: list[int] = []
    if "[" in text or "【" in text:  # (a marker is bracketed)
        for match in MARKER.finditer(text):
            found += numbers_in(match.group(1))
    for _start, _end, listed in _mentions(text):
        found += numbers_in(listed)
    return tuple(dict.fromkeys(found))


def mention_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names a numbered source in words ("Source 2", "Doc 4"), in order."""
    return [(start, end) for start, end, _listed in _mentions(text)]


# A sentence is asked for its mentions three times as it is read (by the clause split, by its
# attributions, and for its citations): they are found once.
@lru_cache(maxsize=256)
def _mentions(text: str) -> tuple[tuple[int, int, str], ...]:
    """Each mention of a numbered source in ``text``: where it starts and ends, and the list of
    numbers it names."""
    if not _names_a_source(text):
        return ()
    return tuple((match.start(), match.end(), match.group(1)) for match in MENTION.finditer(text))


def _names_a_source(text: str) -> bool:
    """Whether ``text`` holds one of the words a mention starts with (it cannot mention a
    source without one)."""
    lowered = lowered_as_matched(text)
    return "source" in lowered or "doc" in lowered


def invented_block_start(answer: str) -> int | None:
    """Where an invented source block starts in a raw answer, or None."""
    found = INVENTED_BLOCK.search(answer)
    return None if found is None else found.start()


def without_answer_label(answer: str) -> str:
    """The answer without an opening "Answer:" label (or an echoed question and the label),
    and without the label of a closing "Answer:" line (see `ANSWER_LABEL`)."""
    label = ANSWER_LABEL.match(answer)
    answer = answer if label is None else answer[label.end() :]
    return _LINE_LABEL.sub("", answer) if "nswer" in answer.lower() else answer


def cited_docs(numbers: Iterable[int], sources: Iterable[SourceRef]) -> frozenset[str]:
    """The document ids behind the cited numbers (numbers the model never saw are dropped)."""
    wanted = set(numbers)
    return frozenset(source.doc for source in sources if source.n in wanted)


def unknown_numbers(numbers: Iterable[int], sources: Iterable[SourceRef]) -> tuple[int, ...]:
    """The cited numbers no source was shown under, in order."""
    shown = {source.n for source in sources}
    return tuple(n for n in numbers if n not in shown)
