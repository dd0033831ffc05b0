"""Eras (DESIGN 4.6, grader v4): a year before or in the common era, in one written form, for
the surface forms (`grader.rules.surface`).

- Before the common era: "44 BC", "44 BCE", "44 B.C.", "44 B.C.E.", "44 before Christ", "44
  before the common era" are "44 bc" (a prehistoric year too, of any length: "10,000 BC",
  "1,000,000 BCE").
- The common era: "AD 79", "79 AD", "A.D. 79", "79 CE", "79 C.E.", "79 common era", "anno
  Domini 79" are "79 ad". A year of the common era has four digits at most: "ad" before a
  longer count is the noun ("they ran the ad 500,000 times").
- (v4) "ad" after an article, a determiner or a possessive, before a figure and a plural
  noun, is the noun (an advertisement) and the figure a count, not a year: "they ran the ad 500
  times", "an ad 30 seconds long", "each ad 3 times", "their ad 2 weeks ago", "apple's ad 40
  days". The text is in lower case by now, so the era's capitals cannot tell it ("AD 79" and
  "the ad 79" read alike); a year is never counted. Elsewhere it is the era: after any other
  word or none ("in AD 79", "c. AD 30", "(AD 43)", "Vesuvius erupted AD 79"), before a singular
  word or none ("the AD 79 eruption", "the ad 79"), and "79 AD" after any. Left as written: a
  count after "ad" without a determiner ("ran ad 500 times": not English).
- Never one era for the other: "44 AD" is not "44 BC", "79 BCE" not "AD 79". A year written
  without an era is left as written: "79" is not "AD 79" (a reader of the key's era decides),
  nor is an era without a year ("AD" alone, "the ad ran").

The text is normalised (lower case), its initials joined ("b.c." is "bc") and its digit groups
joined ("10,000" is "10000") before this step.
"""

from __future__ import annotations

import re

# the words an era is written with: what the surface forms' guard looks for
ERA_WORDS = frozenset(("bc", "bce", "ad", "ce", "christ", "era", "domini"))

_BEFORE = r"(?:bce|bc|before (?:christ|the common era|common era))"
_COMMON = r"(?:ad|ce|common era|anno domini)"
_YEAR = r"(\d+)(?!\d|[.,]\d)"  # (a prehistoric year too, of any length: "10,000 bc", commas gone)
_COMMON_YEAR = r"(\d{1,4})(?!\d|[.,]\d)"  # (a year of the common era: four digits at most)
_ERA = re.compile(
    rf"(?<![\w.,-]){_YEAR} ?{_BEFORE}(?!\w)"  # 44 bc
    rf"|(?<![\w.,-]){_COMMON_YEAR} ?{_COMMON}(?!\w)"  # 79 ad, 79 ce
    rf"|(?<!\w)(ad|anno domini) {_COMMON_YEAR}(?!\w)"  # ad 79
)
# The words after which "ad" is the noun: articles, determiners, possessives (and any word in
# "'s": "apple's ad").
_DETERMINERS = frozenset(
    "a an the this that these those each every any no another either neither which what whose "
    "its his her their our your my one same".split()
)


# A plural noun after a figure: a word of four letters or more in "-s" (never "-ss", "-us" or
# "-is": "was", "thus", "basis" are none).
_PLURAL_AFTER = re.compile(r" [a-z]{3,}(?<!s)(?<!u)(?<!i)s(?![\w'-])")


def _era(found: re.Match[str]) -> str:
    before, common, word, leading = found.groups()
    if before is not None:
        return f"{before} bc"
    if leading is not None and word == "ad" and _a_count(found):
        return found.group(0)  # the noun: "the ad 500 times"
    return f"{common if common is not None else leading} ad"


def _a_count(found: re.Match[str]) -> bool:
    """Whether "ad" and its figure (a match of its third form) are an advertisement and a count:
    an article, a determiner or a possessive before, a plural noun after."""
    before = found.string[max(0, found.start() - 30) : found.start()].split()
    if not before or not (before[-1] in _DETERMINERS or before[-1].endswith("'s")):
        return False
    return _PLURAL_AFTER.match(found.string, found.end()) is not None


def eras(text: str) -> str:
    """The text with each year's era in one form: "44 bc" before the common era, "79 ad" in
    it."""
    return _ERA.sub(_era, text)
