"""A belief set aside (DESIGN 4.1, v4): a sentence the model asserts whole, with the part it
sets aside as someone else's belief not asserted, so that the answer is graded on what the
sentence contradicts it with: "Many people assume Canberra, but it's actually Sydney",
"Although many think it's vitamin C, scurvy is caused by ...", "It's Canberra, although many
assume Sydney"; a few sources the answer dismisses ("Some leaflets mention 1200 mg, but that is
just the starting dose"); a belief put to the reader ("You may be thinking of 435, which is the
size of the Senate"). `set_aside_beliefs` is the rule and its definitions; `grader.rules.reading`
runs it on each sentence after the clause split (`grader.rules.clauses`) has cut it at its
sources, and a sentence already cut is left as it is.
"""

from __future__ import annotations

import re

from grader.rules.clauses import Clause, spans_at
from grader.rules.normalize import lowered_as_matched

# Someone else's belief, which the sentence then contradicts: "Many people assume Canberra, but
# it's actually Sydney", "Although many think it's vitamin C, scurvy is caused by ...", "It's
# Canberra, although many assume Sydney". The holder is others (never the model: "I think" is a
# hedge), the verb one of belief (never one of knowledge: "As most people know, ..." asserts).
_HOLDER = (
    r"(?:(?:many|most|some|a\s+lot\s+of|lots\s+of)(?:\s+(?:people|of\s+us|folks|fans|users"
    r"|readers|students|sources|travell?ers|patients|cooks|programmers|developers))?"
    r"|people|others|everyone|everybody|you|one)"
    r"(?:\s+(?:often|commonly|mistakenly|wrongly|usually|still|might|may|would|tend\s+to|also))*"
    r"\s+(?:think|thinks|thought|believe|believes|believed|assume|assumes|assumed|suppose"
    r"|supposes|say|says|claim|claims|guess|guesses|expect|expects|confuse|confuses"
    r"|mistake|mistakes)\b"
    r"|it\s+is\s+(?:often\s+|commonly\s+|widely\s+|popularly\s+|frequently\s+)?"
    r"(?:thought|believed|assumed|said|claimed)\b"
    r"|(?P<myth>(?:a\s+|the\s+)?(?:common|popular|widespread)\s+(?:misconception|myth|belief"
    r"|mistake|assumption)\s+is|it\s+is\s+a\s+(?:common\s+|popular\s+|widespread\s+)?"
    r"(?:misconception|myth|mistake))\b"
    # a few sources the answer then dismisses: "some leaflets mention X, but that is ...", "older
    # textbooks give X; in fact ..." (a minority: "most sources give X, but" is not set aside)
    r"|(?:some|a\s+few|certain|older|other)\s+(?:[a-z-]+\s+)?[a-z-]+s"
    r"(?:\s+(?:often|still|also|wrongly|mistakenly))*"
    r"\s+(?:mentions?|quotes?|cites?|gives?|lists?|states?|reports?|suggests?)\b"
)
# A stem that every match of `_HOLDER` holds: a sentence without one sets nothing aside.
# (searched in the lower-cased sentence: an alternation searched case-blind costs more)
BELIEF_STEMS = (
    "think",
    "thought",
    "belie",
    "assum",
    "suppos",
    "say",
    "said",
    "claim",
    "guess",
    "expect",
    "confus",
    "mistak",
    "misconception",
    "myth",
)
_BELIEF_WORD = re.compile("|".join(BELIEF_STEMS))
# (v4) A source dismissed holds a stem of its verb and a word of its few sources or of how often
# it is said (the verbs alone, "statement", "listed", are everywhere; `_SAID_OF`).
DISMISSAL_STEMS = (
    "mention",
    "quot",
    "cite",
    "give",
    "list",
    "state",
    "report",
    "suggest",
    "repeat",
)
DISMISSAL_MARKERS = (
    "some",
    "few",
    "certain",
    "older",
    "other",
    "often",
    "commonly",
    "widely",
    "frequently",
    "usually",
)
_CONCEDING = r"(?:although|though|while|whereas|even\s+though)"
# Opening the sentence: conceded up to its first comma or semicolon, or, without a concessive
# word, up to a contrast that must follow ("Many think X, but ...").
_BELIEF_FIRST = re.compile(
    rf"\s*\(?\s*(?:(?P<conceding>{_CONCEDING})\s+)?(?:{_HOLDER})", re.IGNORECASE
)
# (a contrast, or a correction after a comma or semicolon: "; it's actually Sydney", ", in fact")
_BELIEF_CONTRAST = re.compile(
    r"(?:,|;|\s-)\s*(?:but|however|yet)\b|\s+but\s+"
    r"|(?:,|;|\s-)\s*(?:[^,;]{0,30}?\s)?(?:actually|in\s+fact|in\s+reality|in\s+truth)\b",
    re.IGNORECASE,
)
# Closing the sentence: "..., although many assume Sydney."
_BELIEF_LAST = re.compile(rf"(?:,|;|\s-)?\s*{_CONCEDING}\s+(?:{_HOLDER})", re.IGNORECASE)
# What others say of it, opening the sentence: "1200 mg is often quoted, but ...", "The A30 is
# sometimes given as the longest; in fact ..." (a contrast must follow; never without one: "X is
# often quoted, and rightly").
_SAID_OF = re.compile(
    r"\s*\(?[^,;()]{1,80}?\s(?:is|are|was|were)"
    r"(?:\s+(?:often|commonly|widely|frequently|sometimes|usually))+"
    r"\s+(?:quoted|cited|given|mentioned|listed|said|claimed|stated|reported|repeated)\b",
    re.IGNORECASE,
)
# A belief put to the reader, opening the sentence (or its bracket): "(You may be thinking of
# 435, which is the size of the Senate.)", "You might have seen $9.99, which was an introductory
# price", "You may be confusing it with Sydney", "you're probably remembering the 1990 figure".
# What the reader has seen or heard needs its perfect and an object that is no pronoun and no
# "of": "You may have heard of the Louvre, where ..." introduces the Louvre, it sets nothing
# aside.
_READER = re.compile(
    r"\s*\(?\s*you(?P<perfect>['’]ve)?(?:['’]re)?"
    r"(?P<words>(?:\s+(?:may|might|could|probably|perhaps|possibly|also|be|been|are|were|have))*)"
    r"\s+(?:thinking\s+(?:of|about)|confusing\b[^,;.]{0,30}?\bwith|mixing\b[^,;.]{0,20}?\bup\s+with"
    r"|remembering|(?P<seen>seen|heard|read|come\s+across)(?!\s+(?:of|about|it|him|her|them|this|that)\b))"
    r"\b",
    re.IGNORECASE,
)
# Others' view after "as", as a clause's close: "(not X) as is often claimed", "as many assume",
# "as some sources state" (`grader.rules.taken_back.view_rejected`).
AS_VIEW = re.compile(
    r"\bas\s+(?:is\s+(?:often|commonly|widely|popularly|frequently|sometimes)\s+"
    rf"(?:thought|believed|assumed|said|claimed|stated|reported)\b|{_HOLDER})",
    re.IGNORECASE,
)
# The reader's belief agreed with ("You may have seen $9.99, which is the right price"): kept.
_AGREED = re.compile(r"\b(?:right|correct|accurate|true)\b", re.IGNORECASE)


def set_aside_beliefs(clause: Clause, answered: bool = False) -> Clause:
    """A sentence asserted whole with the belief it sets aside as someone else's not asserted:
    the belief that opens it up to the first comma after a concessive word ("Although many think
    it's vitamin C, ...") or up to a contrast or a correction ("Many people assume Canberra, but
    it's actually Sydney"; "A common myth is that X; it is Y": a myth up to its semicolon); the
    belief that closes it ("It's Canberra, although many assume Sydney"). Never
    a belief the sentence agrees with ("Many think it's Canberra, and they are right": no
    contrast), a fact others know ("As most people know, it's Canberra"), or a sentence a
    strategy has already cut at a source.

    (v4) Also a source the answer dismisses, up to the contrast that dismisses it: a few sources
    ("Some leaflets mention 1200 mg, but that is just the starting dose"; never a majority: "Most
    sources give 8,849 m, but ...") or what is said of it ("1200 mg is often quoted, but ...");
    and a belief put to the reader ("You may be thinking of 435, which is the size of the
    Senate", "You might have seen $9.99, which was an introductory price", "You may be confusing
    it with Sydney"), up to a contrast, or, beside an answer already given (``answered``: an
    earlier sentence answered and none declined), to its semicolon or its end. Never a belief put
    to the reader that is the answer offered (the answer's first sentence, or one after a
    decline: "I found no such film. You may be thinking of Heat."), one agreed with ("..., which
    is the right price"), one the reader knows ("As you may know, it is 435"), what the reader
    is told ("You will pay $9.99", "You may be surprised: it is 435", "You may want to check the
    contract"), nor what the reader may have heard of ("You may have heard of the Louvre").

    Args:
        answered: Whether an earlier sentence of the answer gave an answer and none declined.
    """
    if len(clause.spans) != 1 or not clause.spans[0].asserted:
        return clause  # (as `beliefs_set_aside` returns it, before any guard is read)
    if not may_set_aside(lowered_as_matched(clause.text)):
        return clause  # (the patterns would not match)
    return beliefs_set_aside(clause, answered)


def may_set_aside(lowered: str) -> bool:
    """The guard of `set_aside_beliefs`, read in the sentence lower-cased: the words every match
    of its patterns holds (a belief put to the reader opens with "you"; every holder holds a
    stem of `BELIEF_STEMS`; a source dismissed, a stem of its verb and a marker). (Loops, not
    `any`, where every sentence is read.)"""
    if lowered.lstrip(" (").startswith("you"):
        return True
    for stem in BELIEF_STEMS:
        if stem in lowered:
            return True
    for stem in DISMISSAL_STEMS:
        if stem in lowered:
            return any(marker in lowered for marker in DISMISSAL_MARKERS)
    return False


def beliefs_set_aside(clause: Clause, answered: bool = False) -> Clause:
    """`set_aside_beliefs` without its guard: the definition the guard must equal."""
    text = clause.text
    if len(clause.spans) != 1 or not clause.spans[0].asserted:
        return clause
    first = _BELIEF_FIRST.match(text)
    if first is not None:
        if first.group("conceding"):
            end = min(
                (
                    at
                    for at in (text.find(",", first.end()), text.find(";", first.end()))
                    if at >= 0
                ),
                default=-1,
            )
        else:
            contrast = _BELIEF_CONTRAST.search(text, first.end())
            end = contrast.start() if contrast is not None else -1
            if end < 0 and first.group("myth"):  # "A common myth is that X; it is Y."
                end = text.find(";", first.end())
        if end > 0:
            return _set_aside(text, end)
        return clause
    said = _SAID_OF.match(text)
    if said is not None:
        contrast = _BELIEF_CONTRAST.search(text, said.end())
        return _set_aside(text, contrast.start()) if contrast is not None else clause
    reader = _READER.match(text)
    if reader is not None and (
        not reader.group("seen") or reader.group("perfect") or "have" in reader.group("words")
    ):
        contrast = _BELIEF_CONTRAST.search(text, reader.end())
        if contrast is not None:
            end = contrast.start()
        elif answered:
            semicolon = text.find(";", reader.end())
            end = semicolon if semicolon >= 0 else len(text)
        else:
            return clause  # the answer's first, or after a decline: the answer offered
        if _AGREED.search(text, reader.end(), end) is None:
            return _set_aside(text, end)
        return clause
    last = _BELIEF_LAST.search(text)
    if last is not None and last.start() > 0:
        return Clause(text, spans_at(text, [(last.start(), False)]))
    return clause


def opens_with_view(text: str) -> bool:
    """Whether a sentence opens with others' view as `beliefs_set_aside` reads one before the
    contrast that sets it aside, whatever follows it: a holder's belief ("Many people say X",
    "A common myth is that X"), what is said of it ("X is often quoted"), a belief put to the
    reader ("You may be thinking of X"). Read by `grader.rules.taken_back.view_rejected` in a
    sentence of its own whose contrast opens the next. Never a concession ("Although many think
    X, ..."), what the reader may have heard of ("You may have heard of X"), a reader's belief
    agreed with ("You may have seen $9.99, which is the right price")."""
    first = _BELIEF_FIRST.match(text)
    if first is not None:
        return not first.group("conceding")
    if _SAID_OF.match(text) is not None:
        return True
    reader = _READER.match(text)
    if reader is None:
        return False
    if reader.group("seen") and not (reader.group("perfect") or "have" in reader.group("words")):
        return False  # "You may have heard of X" needs its perfect: "You read X" is told
    return _AGREED.search(text, reader.end()) is None


def _set_aside(text: str, end: int) -> Clause:
    """The sentence with ``text[:end]`` not asserted."""
    return Clause(text, spans_at(text, [(0, False), (end, True)]))
