"""Candidates the answer does not choose between (DESIGN 4.6, v4): the reading of "x or y" that
K010 "the key among candidates" and every text-key rule share.

A mention of the key that is one side of "x or y" the answer leaves open is not the key said:
the whole answer "x or y" after or before a hedge ("possibly London or Dublin", "the troposphere
or the stratosphere, I think"), "either x or y", or "x or y" in a sentence beside a hedge or
between two different figures ("maybe 1927 or 1928", "cow or buffalo milk, depending on the
producer", "in 2007 or 2008"). Never an "or" that glosses one thing (after a naming word: "It is
called evaporation or vaporization"; after a comma with no hedge: "lignite, or brown coal"), nor
one that offers no second candidate ("or so", "or more", "whether or not").
`grader.rules.surface_match` reads a mention through `uncommitted` (`among_candidates`,
`rejects`, `says`); the patterns below are the definition.
"""

from __future__ import annotations

import re

from grader.rules.surface import FUNCTION_WORDS

# Alternatives the answer does not choose between: an answer that is nothing but "A or B"
# (after a hedge: "possibly london or dublin", "i am not sure, maybe x or y", "i believe it is
# mercury, or possibly apollo", "it could be x or y", "i'm not certain; it may have been x or y";
# or before one: "the troposphere or the stratosphere, i think"; a reason may follow: "possibly
# ravel or debussy, since both wrote for piano"),
# or "either A or B". Never synonyms in a sentence ("is called evaporation or vaporization"),
# nor an alternative that names the same thing in other words without a hedge ("mercury, or
# hermes in greek").
_HEDGE = (
    r"(?:i(?: a|'|’)m not (?:sure|certain)|not (?:sure|certain)|i think|i believe|i guess|i suppose"
    r"|possibly|maybe|perhaps|probably|(?:it )?(?:may|might|could) (?:have been|be))"
)
# A naming verb before the alternatives gives synonyms ("it is called evaporation or
# vaporization", "it is known as X or Y", hedged or not: "it is called aubergine or eggplant, i
# think" hedges the whole, not a choice); `_NAMING` below, just before the pair, the same.
_NAMING_FIRST = re.compile(
    r"^(?:it is |it was )?(?:also )?(?:called|known as|named|termed|referred to as)\s"
)
_SIDE = r"(?:the )?(?:[^\s,.;:!?]+ ){0,2}[^\s,.;:!?]+"
_ALTERNATIVES = re.compile(
    rf"^(?:(?:{_HEDGE}|either)[,:;]?\s+)*(?:it is |it was )?{_SIDE}(?P<comma>,)?\s+or\s+"
    rf"(?:{_HEDGE}\s+)?{_SIDE}(?:,?\s+{_HEDGE})?(?:,\s+(?:since|because|as)\s[^.;:!?]*)?[.!?]?$"
)
# (an "or" after a comma offers an alternative only beside a hedge: "mercury, or possibly apollo")
_HEDGED = re.compile(rf"(?<!\w){_HEDGE}(?!\w)")
_EITHER = re.compile(r"\beither\s+[^,.;:!?]{1,40}?\s+or\s+[^,.;:!?]{1,40}")


# Candidates in a sentence: the mention is one side of "x or y" and the answer does not choose
# between them: a hedge before the pair in its part of the sentence ("maybe 1927 or 1928", "i
# think in 2007 or 2008"), or just after it ("cow or buffalo milk, depending on the producer";
# "x or y, i think"), or two figures ("in 2007 or 2008"). Never an "or" that glosses one thing:
# after a naming word ("is called evaporation or vaporization", "known as the netherlands or
# holland", "aubergine, also called eggplant"), an "or" after a comma with no hedge ("lignite, or
# brown coal"); nor an "or" that offers no second candidate ("1,000 or more", "50 or so",
# "whether or not", "or later", "or other").
_NAMING = re.compile(
    r"(?<!\w)(?:called|known as|named|termed|aka|a\.k\.a\.|i\.e\.|also|otherwise|spelt|spelled"
    r"|written)(?: the| an?)? *$"
)
_BEFORE_PAIR = re.compile(r"(?<![\w.,])([\w.'-]+) or (?:the |an? |in |on )?$")
_AFTER_PAIR = re.compile(r" or (?:the |an? |in |on )?([\w.'-]+)")
_NO_CANDIDATE = FUNCTION_WORDS | frozenset(
    "so more less fewer later earlier older younger higher lower above below over under other "
    "else another thereabouts whatever something nothing none equivalent similar both".split()
)
_PART_END = re.compile(r"[,.;:!?()]")
_HEDGE_AFTER = re.compile(
    rf"[^,.;:!?()]{{0,30}},? (?:{_HEDGE}|depending on|depending|it depends)(?!\w)"
)
_FIGURE = re.compile(r"\d+(?:\.\d+)?")


def _no_candidate(text: str, at: int) -> bool:
    """Whether the "or" at ``text[at:]`` offers no second candidate ("or so", "or more")."""
    after = _AFTER_PAIR.match(text, at)
    return after is None or after.group(1).rstrip(".") in _NO_CANDIDATE


def _candidates(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is one side of "x or y" the answer does not
    choose between (see `_NAMING`)."""
    after = _AFTER_PAIR.match(text, end)
    before = _BEFORE_PAIR.search(text, 0, start) if after is None else None
    if after is None and before is None:
        return False
    other = (after or before).group(1).rstrip(".")  # type: ignore[union-attr]
    if other in _NO_CANDIDATE or text[max(0, start - 8) : start].endswith("whether "):
        return False
    pair_start = before.start(1) if before is not None else start
    pair_end = after.end(1) if after is not None else end
    opening = _PART_END.split(text[max(0, pair_start - 60) : pair_start])[-1]
    if _NAMING.search(opening):
        return False  # two names of one thing
    mention = text[start:end]
    if _FIGURE.fullmatch(other) and _FIGURE.fullmatch(mention) and other != mention:
        return True  # two figures: "2007 or 2008"
    return _HEDGED.search(opening) is not None or _HEDGE_AFTER.match(text, pair_end) is not None


def uncommitted(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is one of alternatives the answer does not
    choose between: the whole answer "x or y" (`_ALTERNATIVES`), "either x or y", or a side of
    "x or y" in a sentence beside a hedge, or two figures (`_candidates`); never an "or" after a
    naming word ("it is called evaporation or vaporization")."""
    if " or " not in text or " or " in text[start:end]:
        return False  # (a key that is itself "a or b", said whole, is committed to)
    stripped = text.strip()
    alternatives = _ALTERNATIVES.match(stripped)
    if alternatives is not None:
        pair = stripped.find(" or ")
        hedged = _HEDGED.search(stripped) is not None
        named = (
            _NAMING_FIRST.match(stripped) is not None
            or _NAMING.search(stripped[:pair].rsplit(" ", 1)[0]) is not None
        )
        if (
            (alternatives.group("comma") is None or hedged)
            and not named
            and not _no_candidate(stripped, pair)
        ):
            return True
    if any(either.start() <= start and end <= either.end() for either in _EITHER.finditer(text)):
        return True
    return _candidates(text, start, end)
