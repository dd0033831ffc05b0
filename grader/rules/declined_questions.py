"""The question a writer says they cannot answer, set aside (DESIGN 4.1, 4.2, v4, issue 43).

"I can't tell you which physician the Heimlich manoeuvre is named after" names Heimlich, and
Heimlich is the key: a person reads the sentence as a decline and nothing else. What follows "I
can't tell you" is the question asked again, an embedded question, and a name inside it is part
of the question, not an answer. So the embedded question is not asserted: the answer is graded
on what it says outside it ("I can't tell you" asserts no key; declining an answerable question
is wrong).

**The family** (`set_aside_declined_questions`, on each sentence after the clause split): the
writer says they do not know or cannot tell (`_NOT_KNOWING`: "I/we" a word or two before a
negated verb of knowing or telling: know, tell, say, recall, remember, be sure or certain,
determine, identify, confirm, pinpoint, find / figure / work out; or "unsure", "uncertain",
"no idea", "no clue", "dunno"; "I" may be left out where the words open the sentence: "Not sure
which ...", "Sorry, no idea who ..."), then, after a few words that only add to the verb ("you",
"exactly", "for sure", "offhand", "as to", "of"), an embedded question whose interrogative word
is one the question itself asks with (`asked_with`: "who", "whom", "which" and "what" count as
one, each asking for the thing or person the question names; "how" with its degree word, "how
many" and "how much" as one; "whose", "where", "when", "why" and "how" alone each as itself).
What is set aside is the not knowing with its embedded question, from the writer's "I" (or its
negation, where "I" is left out; with the part's opener when that alone stands before it: a
contrast, "and", "sorry", "um") to the end of the embedded question's clause: a comma, a
semicolon, a colon, a bracket, a dash, the end of the sentence's part (`grader.rules.sentences`:
a contrast, "but", ends it), or a guess that opens after it (a hedge of `grader.rules.hedges`:
"maybe", "I think", "probably"); the sentence's closing stop is kept. What is left is read as it
would be without the decline: "Dunno who, maybe Henry Heimlich" is ", maybe Henry Heimlich", a
hedged answer (no "Dunno" stands before the key as a lead); "Henry Heimlich, though I'm not sure
which year" is "Henry Heimlich," (no "though" is left to read as an item of a list).

Never (each a case of tests/rules/test_declined_questions.py; these are read as before):

- a decline followed by an answer in another clause: "I don't know exactly, but I think it was
  Henry Heimlich", "I'm not sure which defendant, Ernesto Miranda maybe", "not sure who it was
  named after maybe lemuel benedict": the answer stands outside the embedded question;
- "whether" and "if": "I'm not sure whether it was Handel" names a candidate, a hedged answer;
- "who else", "what else": "I don't know who else sang it besides Callas" says Callas sang it;
- an embedded question that asks something other than the question ("I can't say how Paris won
  the bid", asked which city hosted the Games; "I'm not sure when Fleming published it", asked
  who discovered penicillin): it takes for granted what it does not ask, and that is asserted;
- a question with no interrogative word ("Name the composer of ..."): nothing is restated;
- someone else's not knowing ("Historians don't know which architect designed it"): a claim
  about the world, read as it stands;
- a verb of knowing that is not negated ("I know which architect it was: Eiffel"), and
  "not sure" used as a hedge before an answer ("Not sure, but Antwerp."): no embedded question;
- the key said outside the embedded question, even where the question names it too ("I can't
  tell you which player exactly, but the Davis Cup honours Dwight Davis").
- what the part says before the not knowing ("santos, not sure which club came next"): only an
  opener goes with it.
- (v4) "which" that asks nothing of its own ("which", "which one", "which it was", "which of the
  two") after a pair of candidates in its part ("Borg or McEnroe, I can't remember which"): it
  restates no question; it is the writer's doubt on the pair, which `grader.rules.candidates`
  reads as candidates left open.

What the embedded question holds is set aside for every check that reads asserted text (the
key's text, its figures and amounts, the needles): an amount inside it is neither a violation
nor the key.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grader.rules.candidates import WHICH_OF_THEM
from grader.rules.clauses import Clause, Span
from grader.rules.hedges import HEDGING
from grader.rules.match import none_before
from grader.rules.normalize import lowered_as_matched
from grader.rules.sentences import CONTRASTS

# The words that ask, and the degree words after "how" that ask for a measure ("how many").
_DEGREES = "many|much|long|old|far|often|big|tall|high|deep|large|wide|fast|heavy"
_ASKS = rf"who|whom|whose|which|what|where|when|why|how(?:\s+(?:{_DEGREES}))?"
# An interrogative word, in a question (lower case): each of `_ASKS` as a word (`\b` before it
# written as `none_before` writes it, after its first letter: the same matches, found sooner).
_ASKING = re.compile(
    "(?:" + "|".join(none_before(asks, (r"\w",)) for asks in _ASKS.split("|", 8)) + r")\b"
)
# Words that may open a sentence or a part before the not knowing, asserting nothing.
_INTERJECTIONS = "um|uh|er|erm|hmm|oh|ah|well|so|sorry|honestly|okay|ok|and"
# The writer's own not knowing, then an embedded question (read in the sentence lower-cased, as
# written: "don't", "I'm"): the subject, a word or two, a negated verb of knowing or telling,
# words that add to it, the interrogative word (never "who else", "what else").
_NOT_KNOWING = re.compile(
    r"(?:(?P<subject>\b(?:i|we)(?:'m|'re|'ve|'d|'ll)?(?:\s+\w+){0,2}?\s+)"
    rf"|^\W*(?:(?:\w+,|{_INTERJECTIONS})\s+)?)"
    r"(?P<not>(?:\b(?:do|does|did|ca|could|wo|would|should|must|need|is|are|was|were|ai|have|has"
    r"|had)n'?t|\bnot|\bcannot|\bnever)"
    r"(?:\s+(?:quite|really|entirely|totally|completely|actually|exactly|fully|even|100\s?%"
    r"|be|able|to))*"
    r"\s+(?:know|tell|say|recall|remember|sure|certain|determine|identify|confirm|pinpoint"
    r"|(?:find|figure|work)\s+out)"
    r"|\b(?:unsure|uncertain|no\s+idea|no\s+clue|dunno))"
    r"(?:\s+(?:you|me|us|exactly|precisely|offhand|for\s+(?:sure|certain)|as\s+to|of|about))*"
    rf"\s+(?P<asks>{_ASKS})\b(?!\s+else\b)"
)
# (v4) An embedded question that asks nothing of its own and refers back to a pair named before
# it ("which", "which one", "which it was", "which of the two": `grader.rules.candidates`).
_REFERS_BACK = re.compile(rf"{WHICH_OF_THEM}\W*")
# A part's opener alone before the not knowing (a contrast, "and", "sorry,", "um"), set aside with
# it (left alone, "Henry Heimlich, though" would read as a list).
_OPENER_ALONE = re.compile(rf"\W*(?:{'|'.join(CONTRASTS)}|{_INTERJECTIONS})\W*")
# What closes a sentence, kept asserted after what is set aside.
_SENTENCE_END = frozenset(".!?\u2026 ")
# Stems every match of `_NOT_KNOWING` holds: one of its verb (or of "no idea", "no clue",
# "dunno": "unsure" holds "sure", "find out" "out"), and one of its interrogative word.
KNOWING_STEMS = (
    "know",
    "tell",
    "say",
    "recall",
    "remember",
    "sure",
    "certain",
    "determine",
    "identify",
    "confirm",
    "pinpoint",
    "out",
    "idea",
    "clue",
    "dunno",
)
ASKING_STEMS = ("wh", "how")
# What ends the embedded question: a comma, a semicolon, a colon, a bracket, a dash between
# spaces, or a guess that opens (a hedge: "maybe", "i think").
_CLAUSE_END = re.compile(
    r"[,;:()\[\]]|\s-\s|\b(?:" + "|".join(re.escape(word) for word in HEDGING) + r")\b"
)


def asked_with(words: str) -> str:
    """The interrogative a question or an embedded question asks with, as one form (lower
    case): "who", "whom", "which" and "what" are "what"; "how many" and "how much" are "how
    many"; "how" and another degree word ("how long") as written; the others as themselves."""
    words = " ".join(words.split())
    if words in ("who", "whom", "which", "what"):
        return "what"
    if words in ("how many", "how much"):
        return "how many"
    return words


def question_asks(question: str) -> frozenset[str]:
    """The interrogatives a question asks with (`asked_with`), every one it holds."""
    return frozenset(asked_with(found) for found in _ASKING.findall(lowered_as_matched(question)))


def set_aside_declined_questions(
    clause: Clause, parts: Sequence[tuple[int, int]], question: str
) -> Clause:
    """The sentence with every embedded question the writer says they cannot answer, and that
    asks what the ``question`` asks (its interrogatives, `question_asks`, read only where the
    guard passes), not asserted (see the module's docstring): the not knowing and the embedded
    question, to the end of its clause within its part (``parts``: the sentence's part spans,
    `grader.rules.sentences.part_spans`)."""
    if not may_decline_a_question(lowered_as_matched(clause.text)):
        return clause  # (the pattern would not match)
    return declined_questions_set_aside(clause, parts, question_asks(question))


def may_decline_a_question(lowered: str) -> bool:
    """The guard of `set_aside_declined_questions`, read in the sentence lower-cased: the
    stems every match of its pattern holds, a verb's (`KNOWING_STEMS`) and an interrogative
    word's (`ASKING_STEMS`)."""
    for asking in ASKING_STEMS:
        if asking in lowered:
            return any(knowing in lowered for knowing in KNOWING_STEMS)
    return False


def declined_questions_set_aside(
    clause: Clause, parts: Sequence[tuple[int, int]], asks: frozenset[str]
) -> Clause:
    """`set_aside_declined_questions` without its guard: the definition the guard must equal."""
    if not asks:
        return clause
    text = clause.text
    lowered = lowered_as_matched(text)
    if len(lowered) != len(text):
        return clause  # (a letter that lower case writes longer: the places would not match)
    aside = []
    for found in _NOT_KNOWING.finditer(lowered):
        if asked_with(found.group("asks")) not in asks:
            continue
        start = found.start("asks")
        part_start, part_end = next(
            ((begin, end) for begin, end in parts if begin <= start < end), (0, len(text))
        )
        ends = _CLAUSE_END.search(lowered, found.end("asks"), part_end)
        end = ends.start() if ends is not None else part_end
        while end > start and text[end - 1] in _SENTENCE_END:
            end -= 1  # (the sentence's end kept: the next sentence is not read as this one's)
        opening = found.start("subject") if found.group("subject") else found.start("not")
        if _OPENER_ALONE.fullmatch(lowered, part_start, opening):
            opening = part_start  # ("though I'm not sure which ...": its opener goes with it)
        if " or " in lowered[part_start:opening] and _REFERS_BACK.fullmatch(lowered, start, end):
            continue  # (v4) "x or y, I can't remember which": a doubt on the pair, no question
        aside.append((opening, end))
    return _without(clause, aside) if aside else clause


def _without(clause: Clause, aside: Sequence[tuple[int, int]]) -> Clause:
    """The clause with ``aside`` (stretches of its text) not asserted."""
    cuts = sorted({0, len(clause.text), *(at for stretch in aside for at in stretch)})
    spans = []
    for span in clause.spans:
        inner = [at for at in cuts if span.start < at < span.end]
        for start, end in zip([span.start, *inner], [*inner, span.end], strict=True):
            set_aside = any(low <= start and end <= high for low, high in aside)
            spans.append(Span(start, end, span.asserted and not set_aside))
    return Clause(clause.text, tuple(spans))
