"""Counting nouns and compound durations (DESIGN 4.6, grader v4), for the surface forms
(`grader.rules.surface`).

- **Counting nouns**: "a dozen" is "12", "two dozen" "24", "half a dozen" "6"; "a decade" is
  "10 years", "three decades" "30 years"; "a century" is "100 years", "two centuries" "200
  years". Never a noun that does not count: "dozens of", "the decade", "the 19th century",
  "a decade-long", "decades of work".
- **Compound durations**: a larger unit and a smaller one joined by "and" are one duration: "1
  hour and 15 minutes" is "1 h 15 min", "5 years and 6 months" "5 years 6 months". Never two of
  the same size or a larger after a smaller ("1 h and 2 h", "15 min and 1 h": a list or a
  range), nor a unit of another kind ("2 days and 3 nights"). No conversion: "75 minutes" is not
  "1 h 15 min".

The text is normalised (lower case), its number words written as figures, before the counting
nouns; the durations are read after the units are shortened (`grader.rules.surface_units`).
"""

from __future__ import annotations

import re

# the words a counting noun is written with: what the surface forms' guard looks for
COUNTING_WORDS = frozenset(("dozen", "decade", "decades", "century", "centuries"))

_COUNTED = re.compile(
    r"(?<![\w.,-])(?:(?P<half>half an?)|(?P<one>an?|one)|(?P<n>\d+)) "
    r"(?P<noun>dozen|decades?|century|centuries)(?![\w-])"
)
_YEARS = {"decade": 10, "decades": 10, "century": 100, "centuries": 100}


def _counted(found: re.Match[str]) -> str:
    noun = found.group("noun")
    if found.group("half"):
        if noun != "dozen":
            return found.group(0)
        return "6"
    count = 1 if found.group("one") else int(found.group("n"))
    if noun == "dozen":
        return str(12 * count)
    if (count != 1 and noun in ("decade", "century")) or (count == 1 and found.group("n")):
        return found.group(0)  # "3 decade", "1 decades": not a count as written
    return f"{count * _YEARS[noun]} years"


def counting_nouns(text: str) -> str:
    """``text`` with its counting nouns as figures (the module's first family)."""
    return _COUNTED.sub(_counted, text)


# Units of time from the largest down, as `grader.rules.surface_units` writes them.
_SIZE = {"years": 6, "year": 6, "months": 5, "month": 5, "weeks": 4, "week": 4}
_SIZE.update({"days": 3, "day": 3, "h": 2, "min": 1, "s": 0})
_UNIT = r"(years?|months?|weeks?|days?|h|min|s)"
_COMPOUND = re.compile(
    rf"(?<![\w.])(\d+(?:\.\d+)? {_UNIT}),? and (?=\d+(?:\.\d+)? {_UNIT}(?![\w/]))"
)


def _compound(found: re.Match[str]) -> str:
    larger, smaller = found.group(2), found.group(3)
    if _SIZE[larger] <= _SIZE[smaller]:
        return found.group(0)
    return found.group(1) + " "


def compound_durations(text: str) -> str:
    """``text`` with each compound duration's "and" dropped (the module's second family)."""
    return _COMPOUND.sub(_compound, text)
