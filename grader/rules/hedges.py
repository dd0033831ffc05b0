"""Hedges: the words that make a figure a guess (DESIGN 4.5).

On a question with no answer, a grounded amount beside an honest decline is context ("The
collision deductible is $500 [2]. I could not find a glass deductible."), but a hedged one is a
guess ("likely near $60 a year", "so it is presumably the usual $250 [1]"); and a hedged amount
beside a decline gives an answer, so the answer does not withhold one ("the exact figure is not
stated, but capex was about $1.5 billion").

Two lists, read in the amount's own part of its sentence:

- words that hedge whatever follows them in the part: "probably", "likely", "presumably",
  "typically", "usually", "the standard", "I think", ...;
- words that hedge only the figure they stand right before: "about", "around", "roughly",
  "near", "approximately", "~" ("information about the fee" hedges nothing).
"""

from __future__ import annotations

import re

from grader.rules.normalize import normalize

# Words that hedge what follows them in a part.
HEDGING = (
    "probably",
    "likely",
    "presumably",
    "possibly",
    "perhaps",
    "maybe",
    "typically",
    "usually",
    "generally",
    "normally",
    "ordinarily",
    "standard",
    "usual",
    "typical",
    "customary",
    "assume",
    "assuming",
    "guess",
    "i think",
    "i believe",
    "i suspect",
    "i would estimate",
    "my estimate",
    "might be",
    "may be",
    "could be",
    "must be",
    "should be around",
    "somewhere",
)
# Words that hedge the figure right after them (an article or "the" may stand between, and an
# abbreviation's dot: "approx. $1.5 billion").
BEFORE_FIGURE = (
    "about",
    "around",
    "roughly",
    "near",
    "nearly",
    "approximately",
    "approx",
    "circa",
    "ca",
    "some",
    "~",
    "in the range of",
    "in the region of",
    "on the order of",
    "ballpark",
)

_HEDGING = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(word) for word in HEDGING) + r")(?!\w)")
_BEFORE_FIGURE = re.compile(
    r"(?<!\w)(?:"
    + "|".join(re.escape(word) for word in BEFORE_FIGURE)
    + r")\.?(?:\s+(?:the|a|an))?"
    r"\s*$"
)


def hedged(before: str) -> bool:
    """Whether a figure is hedged by what stands before it in its part (``before``: the part's
    text up to the figure, as written or cleaned). Each pattern is read only where one of its
    words is written (looked for as substrings: every match holds one of them)."""
    text = normalize(before)
    if any(word in text for word in HEDGING) and _HEDGING.search(text) is not None:
        return True
    return any(word in text for word in BEFORE_FIGURE) and _BEFORE_FIGURE.search(text) is not None


def hedged_by_definition(before: str) -> bool:
    """`hedged` without its guard: the definition it must equal."""
    text = normalize(before)
    return _HEDGING.search(text) is not None or _BEFORE_FIGURE.search(text) is not None
