"""Money conclusions: which of the amounts an answer asserts is its answer (DESIGN 4.5).

An answer may assert several amounts; a conclusion strategy (`CONCLUSIONS`, by name, the
default `superseding`) decides whether the key is what it concludes with. `supersedes` says
when a figure asserted after the key replaces it (a correction, the same quantity after a
contrast or the answer's own arithmetic; `restates`). `candidates` are the asserted figures
that may be the answer, for the money check and the figure check alike. Decides no outcome and
writes no label: the money check (`grader.rules.money_check`) does, from what this finds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from grader.registry import lookup
from grader.rules.leads import TAKEN_BACK, lead_of
from grader.rules.normalize import clean
from grader.rules.reading import CORRECTION, Asserted, Reading, asserted_sentences
from grader.rules.sentences import CONTRAST, opener_of


@dataclass(frozen=True, slots=True, init=False)
class Found:
    """What a conclusion strategy decided: whether the key is what the answer concludes, the
    distinct other figures beside it (``sole``), and the figure that supersedes it."""

    found: bool
    others: tuple[str, ...] = ()
    superseded: Asserted | None = None

    def __init__(
        self,
        found: bool,
        others: tuple[str, ...] = (),
        superseded: Asserted | None = None,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "found", found)
        object.__setattr__(self, "others", others)
        object.__setattr__(self, "superseded", superseded)


Matcher = Callable[[Asserted], bool]


@dataclass(frozen=True, slots=True)
class Conclusion:
    """A conclusion strategy: which asserted figures are the answer when several are.

    ``decide`` is given the candidates (asserted, neither the question's own nor one of an
    either-or), a matcher for the key, and the reading.
    """

    name: str
    summary: str
    decide: Callable[[Sequence[Asserted], Matcher, Reading], Found]


def _any(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when any asserted figure equals it (grader versions 1 and 2)."""
    return Found(any(matches(item) for item in asserted))


def _concluding(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when the figure asserted last equals it."""
    return Found(bool(asserted) and matches(asserted[-1]))


def _sole(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when an asserted figure equals it; other distinct figures asserted
    beside it are named (the answer is then partial)."""
    found = any(matches(item) for item in asserted)
    others = [item.text for item in asserted if not matches(item)]
    return Found(found, tuple(dict.fromkeys(others)) if found else ())


def supersedes(item: Asserted, reading: Reading) -> bool:
    """Whether a figure asserted after the key supersedes it (DESIGN 4.5): it is given as a
    correction ("$1,310.00, sorry, I mean $1,301.00"), or as the same quantity after a contrast
    or the answer's own arithmetic: after a contrast, its part names what the question asks;
    after "after", "subtracting", "net of", "so", "therefore", the words that lead to it do
    (v4: "The list price is $1,249.00, but after the trade-in you pay $899.00", asked the list
    price, keeps the key; asked what you pay, it supersedes). Another quantity named after the
    key ("..., but the minimum payment is $35.00", asked the balance) does not; nor do the
    components of a correction, the figures after the one it gives in its part ("Sorry,
    $512.40: the $480.00 base plus $32.40 tax" concludes $512.40)."""
    part = reading.parts[item.part]
    if part.opener == CORRECTION:
        given = next((other for other in part.amounts if not other.from_question), None)
        if given is item:
            return True
    if item.after_arithmetic:
        return item.names_asked
    return part.opener == CONTRAST and (part.names_question or restates(item, part.asserted))


# The same quantity after a contrast, said again by a pronoun, the amount closing its part:
# "..., but in practice it is €15", "but it's really €15 [2]." Never an amount that more words
# follow ("but it is €5 for students", "but that is €15 less than last year"), nor another
# quantity named ("but the deposit is €15": that is `names_question`'s to say).
_RESTATED_BEFORE = re.compile(
    r"^\W*(?:but|however|yet|though|although)\W+"
    r"(?:(?:in\s+practice|in\s+fact|in\s+reality|actually|really|now|currently|effectively)\W+)*"
    r"(?:it|that|this)(?:\s+(?:actually|really))?"
    r"(?:\s+(?:is|was|will\s+be|would\s+be)|'s|\s+(?:costs?|comes\s+to|came\s+to"
    r"|amounts\s+to|totals))(?:\s+(?:actually|really|only|just))?\s*$",
    re.IGNORECASE,
)
_RESTATED_AFTER = re.compile(r"^\s*(?:\[\d+(?:,\s*\d+)*\]\s*)*[.!]?\s*$")


def restates(item: Asserted, asserted: str) -> bool:
    """Whether a part (its asserted text) says the amount ``item`` again of the same quantity
    after a contrast, by a pronoun ("but in practice it is €15"), the amount closing the part
    (DESIGN 4.5: "the same quantity after a contrast")."""
    cleaned = clean(asserted)
    return (
        _RESTATED_BEFORE.match(cleaned[: item.what.start]) is not None
        and _RESTATED_AFTER.match(cleaned[item.what.end :]) is not None
    )


def given_first(
    asserted: Sequence[Asserted], matches: Matcher, reading: Reading
) -> Asserted | None:
    """The figure the answer gives first as its answer, when it is not the key and the key is
    asserted only after it, in another role: the first figure asserted stands in the answer's
    lead (`grader.rules.leads.lead_of`: a bare span before the first sentence's first separator,
    or a first sentence of its own), as K006 reads a text key ("$29,200. (The $14,600 figure is
    for married couples filing separately.)", asked a single filer's; "£5.99 (£4.99 was the
    old price)."). Never a lead that opens rather than answers ("It costs ...", "In 2023,"),
    a lead taken back by a correction or a "but" (`supersedes` reads those), a key in the
    lead."""
    if len(asserted) < 2 or matches(asserted[0]):
        return None
    found = lead_of(asserted_sentences(reading.sentences))
    if found is None or asserted[0].text not in found[0]:
        return None
    rest = found[2]
    if opener_of(rest) == CORRECTION or TAKEN_BACK.match(rest):
        return None
    return asserted[0] if any(matches(item) for item in asserted[1:]) else None


def _superseding(asserted: Sequence[Asserted], matches: Matcher, reading: Reading) -> Found:
    """The key is found when an asserted figure equals it, no figure asserted after the last
    such one supersedes it (`supersedes`), and no other figure is given before it as the
    answer's lead (`given_first`)."""
    last = max((i for i, item in enumerate(asserted) if matches(item)), default=None)
    if last is None:
        return Found(False)
    for item in asserted[last + 1 :]:
        if not matches(item) and supersedes(item, reading):
            return Found(False, superseded=item)
    lead = given_first(asserted, matches, reading)
    if lead is not None:
        return Found(False, superseded=lead)
    return Found(True)


CONCLUSIONS: dict[str, Conclusion] = {
    conclusion.name: conclusion
    for conclusion in (
        Conclusion("any", "the key is any amount asserted (grader versions 1 and 2)", _any),
        Conclusion("concluding", "the key is the amount asserted last", _concluding),
        Conclusion(
            "sole",
            "the key must be the only distinct amount asserted; others make it partial",
            _sole,
        ),
        Conclusion(
            "superseding",
            "the key is an amount asserted and not superseded by a later correction, or by "
            "the same quantity after a contrast or the answer's own arithmetic (default)",
            _superseding,
        ),
    )
}
DEFAULT_CONCLUSION = "superseding"


def get_conclusion(name: str | None = None) -> Conclusion:
    """Look a money-conclusion strategy up by name.

    Raises:
        GraderConfigError: for an unknown name, suggesting the closest registered one.
    """
    return lookup(CONCLUSIONS, name or DEFAULT_CONCLUSION, "money strategy")


def each_once(items: Iterable[Asserted]) -> tuple[str, ...]:
    """The texts of asserted figures, each once, in order."""
    return tuple(dict.fromkeys(item.text for item in items))


def candidates(items: Iterable[Asserted], matches: Matcher) -> list[Asserted]:
    """The asserted figures that may be the answer: not one of an either-or, and not the
    question's own (unless it is the key)."""
    return [
        item for item in items if not item.alternative and (not item.from_question or matches(item))
    ]
