"""The citation check (rule 7, family C): which sources an answer cites, and whether that is in
order.

`citation_rule` writes C004 cited a source that does not exist, C002 cited nothing and C003 cited
no golden document; `golden_source_holds` writes C005, a cited golden source that does not hold
the amount asserted; `cited_golden` C001, the label of a pass that cites a golden document;
`invented_source_block` C006, text after the answer imitating the prompt's sources. How citations
are found in the text is `grader.rules.citations`'s.
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
) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]:
    """Which sources the answer cites, and what is wrong with that: a number no source was
    shown under (a note: it counts as no citation); no citation at all, or none of a golden
    document (when the gold names golden documents: a fault).

    Returns:
        The notes (C004) and the faults (C002, C003), both empty when the citations are in
        order, and the documents cited.
    """
    numbers = reading.cited
    docs = cited_docs(numbers, sources)
    notes: tuple[str, ...] = ()
    unknown = unknown_numbers(numbers, sources)
    if unknown:
        listed = ", ".join(f"[{n}]" for n in unknown)
        notes = (codes.NO_SUCH_SOURCE.say(listed),)
    faults: tuple[str, ...] = ()
    if key.gold.golden_docs:
        if not numbers:
            faults = (codes.CITED_NOTHING.say(),)
        elif docs.isdisjoint(key.gold.golden_docs):
            faults = (codes.CITED_NO_GOLDEN.say(),)
    return notes, faults, docs


def cited_golden(golden_cited: Sequence[str]) -> str:
    """C001 ``cited golden document: fees``, the label of an answer whose content checks all
    passed and that cites golden documents (named), or "" when it cites none."""
    return codes.CITED_GOLDEN.say(", ".join(golden_cited)) if golden_cited else ""


def invented_source_block(reading: Reading) -> tuple[str, ...]:
    """C006 ``invented source block``: text after the answer that imitates the prompt's
    numbered sources was cut off before anything was read (where it starts is
    `grader.rules.citations.invented_block_start`'s to say). Its label, or ()."""
    return (codes.INVENTED_SOURCE_BLOCK.say(),) if reading.invented_block else ()


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
