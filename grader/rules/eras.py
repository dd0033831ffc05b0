"""Eras (DESIGN 4.6, grader v4): a year before or in the common era, in one written form, for
the surface forms (`grader.rules.surface`).

- Before the common era: "44 BC", "44 BCE", "44 B.C.", "44 B.C.E.", "44 before Christ", "44
  before the common era" are "44 bc".
- The common era: "AD 79", "79 AD", "A.D. 79", "79 CE", "79 C.E.", "79 common era", "anno
  Domini 79" are "79 ad".
- Never one era for the other: "44 AD" is not "44 BC", "79 BCE" not "AD 79". A year written
  without an era is left as written: "79" is not "AD 79" (a reader of the key's era decides),
  nor is an era without a year ("AD" alone, "the ad ran").

The text is normalised (lower case) and its initials joined ("b.c." is "bc") before this step.
"""

from __future__ import annotations

import re

# the words an era is written with: what the surface forms' guard looks for
ERA_WORDS = frozenset(("bc", "bce", "ad", "ce", "christ", "era", "domini"))

_BEFORE = r"(?:bce|bc|before (?:christ|the common era|common era))"
_COMMON = r"(?:ad|ce|common era|anno domini)"
_YEAR = r"(\d{1,6})(?!\d|[.,]\d)"  # (a prehistoric year too: "10,000 bc", its commas gone)
_ERA = re.compile(
    rf"(?<![\w.,-]){_YEAR} ?{_BEFORE}(?!\w)"  # 44 bc
    rf"|(?<![\w.,-]){_YEAR} ?{_COMMON}(?!\w)"  # 79 ad, 79 ce
    rf"|(?<!\w)(?:ad|anno domini) {_YEAR}(?!\w)"  # ad 79
)


def _era(found: re.Match[str]) -> str:
    before, common, leading = found.groups()
    if before is not None:
        return f"{before} bc"
    return f"{common if common is not None else leading} ad"


def eras(text: str) -> str:
    """The text with each year's era in one form: "44 bc" before the common era, "79 ad" in
    it."""
    return _ERA.sub(_era, text)
