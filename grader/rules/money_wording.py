"""Money worded in words (DESIGN 4.3): an amount worded as negative, or no money at all.

- **negative in words**: an amount is negative when it is worded as a loss, decrease or outflow
  (one of `DECREASE_WORDS` among the few words before it, or the word right after it: "a net
  loss of $3.2 million", "$3.2 million loss"), an overdrawn balance or a shortfall ("overdrawn
  by $85.10", "a negative balance of $85.10", "short by $85.10", "$85.10 short"), or a refund (a
  negative charge: "a refund of $20.00", "$20.00 was refunded"). Never: "short-term debt of $5
  million", "falls short of $1 million", "the refund policy charges a $25.00 fee", "a
  non-refundable $25.00 fee" ("short" and "refund" make an amount negative only beside it). A
  key worded as a rise ("increased by $5 million") is matched by no negative amount.
- **no money at all**: "$0" (or "€0", "£0"), "nothing", "none", "free", "zero", "no fee", "not
  charged" say no money at all (`names_zero`): what matches a $0 key.
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.money import WORD_RUN

# Words that make an amount negative when they stand just before it, or right after it ("$3.2
# million loss"): a loss, a decrease or an outflow; and words that make it a rise.
LOSS_WORDS = frozenset("loss losses lost deficit negative shortfall deficiency".split())
DECREASE_WORDS = LOSS_WORDS | frozenset(
    "decrease decreased decreasing decline declined declining outflow outflows reduction "
    "reduced drop dropped fell".split()
)
INCREASE_WORDS = frozenset(
    "increase increased increasing rise rose risen grew grow growth gain gained up higher".split()
)
_LOSS_WINDOW = 6  # words before the amount


def worded_as_loss(text: str, start: int, end: int, words: frozenset[str] = DECREASE_WORDS) -> bool:
    """Whether the amount at ``text[start:end]`` is worded as a loss, decrease or outflow: one
    of ``words`` among the few words before it, or the word right after it. The words are
    split out only where one of ``words`` is written there (a word of the text is a substring of
    it); `worded_as_loss_by_definition` splits them always. (The words are looked for once, in
    the text before and the text after joined by a character no word holds, and only those that
    hold no other of them: `needles`.)"""
    written_before = text[max(0, start - 80) : start].lower()
    written_after = text[end : end + 20].lower()
    written = written_before + "\0" + written_after
    if not any(needle in written for needle in needles(words)):
        return False
    before = WORD_RUN.findall(written_before)[-_LOSS_WINDOW:]
    after = WORD_RUN.findall(written_after)[:1]
    return any(word in words for word in (*before, *after))


@lru_cache(maxsize=64)
def needles(words: frozenset[str]) -> tuple[str, ...]:
    """The words of ``words`` that hold no other of them as a substring ("loss", not "losses";
    "drop", not "dropped"), in order: a text holds one of ``words`` exactly where it holds one
    of these (a word that holds another is found only where that one is)."""
    return tuple(sorted(word for word in words if not any(o != word and o in word for o in words)))


def worded_as_loss_by_definition(
    text: str, start: int, end: int, words: frozenset[str] = DECREASE_WORDS
) -> bool:
    """`worded_as_loss` without its guard: the definition it must equal."""
    before = WORD_RUN.findall(text[max(0, start - 80) : start].lower())[-_LOSS_WINDOW:]
    after = WORD_RUN.findall(text[end : end + 20].lower())[:1]
    return any(word in words for word in (*before, *after))


# A balance below zero or a negative charge, said in words right before the amount: "overdrawn
# by $85.10", "short by $85.10", "in the red by $85.10", "a refund of $20.00", "refunded
# $20.00", "the refund is $20.00"; or right after it: "$85.10 short", "$20.00 refund", "$20.00
# was refunded". Not "short-term debt of $5 million", "falls short of $1 million", "the refund
# policy charges a $25.00 fee", "a non-refundable $25.00 fee": "short" and "refund" make an
# amount negative only beside it.
_NEGATIVE_BEFORE = re.compile(
    r"(?<![\w-])(?:overdrawn(?:\s+by)?|short\s+by|in\s+the\s+red\s+by"
    r"|refund(?:ed|s)?(?:\s+(?:amount|total))?(?:\s+(?:of|is|was|will\s+be))?)\s*:?\s*$",
    re.IGNORECASE,
)
_NEGATIVE_AFTER = re.compile(
    r"\s*(?:(?:is|was|were|will\s+be|has\s+been|have\s+been)\s+)?"
    r"(?:short|overdrawn|refunded|refund)(?![\w-])",
    re.IGNORECASE,
)


def worded_as_negative(text: str, start: int, end: int) -> bool:
    """Whether the amount at ``text[start:end]`` is worded as negative: as a loss, decrease or
    outflow (`worded_as_loss`), or as a balance below zero or a negative charge beside it
    ("overdrawn by $85.10", "a negative balance of $85.10", "short by $85.10", "a refund of
    $20.00")."""
    if worded_as_loss(text, start, end, DECREASE_WORDS):
        return True
    folded = text.casefold()
    if not any(word in folded for word in _NEGATIVE_PIECES):
        return False  # (every match of the two patterns holds one of these)
    return (
        _NEGATIVE_BEFORE.search(text, max(0, start - 40), start) is not None
        or _NEGATIVE_AFTER.match(text, end) is not None
    )


# What every match of `_NEGATIVE_BEFORE` and `_NEGATIVE_AFTER` holds, case folded (the patterns
# ignore case, and case folding is what they ignore: "ſhort" is "short").
_NEGATIVE_PIECES = ("overdrawn", "short", "red", "refund")


# What says "no money at all": the words that match a $0 key; a zero amount in any currency.
_ZERO = re.compile(
    r"(?<![\w$€£¥])(?:nothing|none|free|zero|no\s+(?:fee|fees|charge|charges|cost|costs|amount)"
    r"|not\s+charged|[$€£¥]0(?:[.,]00?)?(?![\d.,]))(?!\w)",
    re.IGNORECASE,
)


def names_zero(text: str) -> bool:
    """Whether ``text`` says no money at all: "$0", "€0", "nothing", "no fee", "free", "none"."""
    return _ZERO.search(text) is not None
