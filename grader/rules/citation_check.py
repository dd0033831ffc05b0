"""The citation check (rule 7, family C): which sources an answer cites, and whether that is
in order.

`citation_rule` writes C004 cited a source that does not exist, C002 cited nothing and C003
cited no golden document; `golden_source_holds` writes C005, a cited golden source that does
not hold the amount asserted. How citations are found in the text is `grader.rules.citations`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from grader.rules import codes
from grader.rules.citations import cited_docs, unknown_numbers
from grader.rules.key import Key
from grader.rules.money import Amount
from grader.rules.reading import Context, Reading
from grader.schema import MoneyCheck, SourceRef


def citation_rule(
    reading: Reading, key: Key, sources: Sequence[SourceRef]
) -> tuple[tuple[str, ...], frozenset[str]]:
    """Which sources the answer cites, and what is wrong with that: a number no source was
    shown under; no citation at all, or none of a golden document (when the gold names
    golden documents).

    Returns:
        The labels (empty when the citations are in order) and the documents cited.
    """
    numbers = reading.cited
    docs = cited_docs(numbers, sources)
    labels = []
    unknown = unknown_numbers(numbers, sources)
    if unknown:
        listed = ", ".join(f"[{n}]" for n in unknown)
        labels.append(codes.NO_SUCH_SOURCE.say(listed))
    if key.gold.golden_docs:
        if not numbers:
            labels.append(codes.CITED_NOTHING.say())
        elif docs.isdisjoint(key.gold.golden_docs):
            labels.append(codes.CITED_NO_GOLDEN.say())
    return tuple(labels), docs


def golden_source_holds(
    reading: Reading, key: Key, sources: Sequence[SourceRef], money: MoneyCheck
) -> str:
    """For a money key found: "" when a cited golden source's text holds the key figure the
    answer asserts (or no cited golden source has text to look in); otherwise the label
    ``cited source does not hold $42.99``."""
    amount = key.money
    if amount is None or not money.key_found:
        return ""
    cited = set(reading.cited)
    golden = key.gold.golden_docs
    texts = [s.text for s in sources if s.n in cited and s.doc in golden and s.text]
    if not texts:
        return ""
    asserted = [
        item.what
        for item in reading.amounts
        if isinstance(item.what, Amount) and amount.matches_amount(item.what, item.negative)
    ]
    held = Context.of("", texts)
    if not asserted or any(held.grounds(one) for one in asserted):
        return ""
    return codes.SOURCE_DOES_NOT_HOLD.say(asserted[0].text)
