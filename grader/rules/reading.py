"""An answer read once: its sentences, their parts, and the facts of each (DESIGN 4.1, 4.2).

Every rule of `grader.rules.verdict` is a small function of this reading and the gold, and reads
finished data: the facts below are computed here, once, as fields. The reading:

1. cuts off an invented source block (`grader.rules.citations`: text after the answer that
   imitates the prompt's numbered sources, and an opening "Answer:" label, the prompt's last
   line echoed), and sets aside the working before a marked final answer
   (`grader.rules.sentences.final_answer`: "Let me think. ...\nFinal answer: Sue" asserts
   "Sue"; the working's citations still cite), beside a structured answer's answer field
   (`structured_answer`: {"answer": "Sue", "alternatives": ["Stan"]} asserts "Sue" alone), an
   agent's trace before its reply (`agent_reply`: "Action: search[T. rex specimens]\n
   Observation: Sue and Stan ...\nIt was Stan." asserts "It was Stan." alone; a trace with no
   reply asserts nothing), a letter's envelope (`grader.rules.letters`: its greeting, sign-off,
   signature, quoted message, mail header) and a dialogue's turns but its answerer's (`dialogues`);
2. splits the rest into **sentences** (at ".", "!", "?" or "…" before a new sentence, and at
   line breaks, unless the next line goes on in lower case), each cleaned
   (`grader.rules.normalize.clean`);
3. splits each sentence into what it asserts and what it attributes, with the clause strategy
   (`grader.rules.clauses`); a sentence that supposes ("If none is listed, it would be 0")
   asserts nothing, nor does a question the writer says they cannot answer ("I can't tell you
   who it is named after": `grader.rules.declined_questions`), nor a pleasantry around an
   answer ("Hello and welcome!": `grader.rules.pleasantries`);
4. splits each sentence into **parts** at a semicolon, before a contrast (", but", ", however",
   ", although", ...) and before a correction (", sorry", ", I mean", ", actually", ",
   rather"), and records what opened each part; so "I could not find the fee, but the service
   charge is $12.00" is a part that declines and a part that asserts $12.00, and "$1,310.00,
   sorry, I mean $1,301.00" ends on a correction;
5. records, for each part, the decline phrase it holds (`grader.rules.declines`; an apology that
   only opens a correction declines nothing, nor does a hedge opener before an answer: "I
   can't verify archived results, but Spain won", `grader.rules.stance.hedges_an_answer`),
   whether it says, citing a source, that the thing asked about does not exist (a grounded
   absence), and the amounts of money and other figures its asserted text names
   (`grader.rules.money`, `grader.rules.figures`), each with its facts: grounded (it occurs in
   a retrieved source's text), hedged (`grader.rules.hedges`), one of an either-or or a range,
   the question's own, worded as a loss, after the answer's own arithmetic;
6. records for the answer: the asserted text and its normal form, the sources it cites, the
   polarity of its first asserted sentence ("Yes" or "No"), its first decline.

The steps live by subject: sentences and parts (steps 1, 2 and 4) in `grader.rules.sentences`,
the question and the sources (`Context`) in `grader.rules.context`, a part's amounts, figures
and absence (step 5) in `grader.rules.facts`; this module reads an answer with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from grader.rules.beliefs import set_aside_beliefs
from grader.rules.citations import cited_numbers
from grader.rules.clauses import Clause, Span, Strategy, get_strategy
from grader.rules.context import NO_CONTEXT, Context, names_question_normal
from grader.rules.declined_questions import set_aside_declined_questions
from grader.rules.declines import DeclineList, DeclineMatch
from grader.rules.facts import Asserted, asserted_facts, says_none
from grader.rules.match import first_word_as_matched
from grader.rules.money import unit_note
from grader.rules.normalize import normalize
from grader.rules.pleasantries import is_pleasantry
from grader.rules.sentences import (
    CONTRAST,
    CORRECTION,
    answer_sentences,
    opener_of,
    part_spans,
    polarity_of,
    without_opening,
)
from grader.rules.stance import hedges_an_answer, stance_of, without_hedge_opener

# An apology alone: the part that opens a correction ("Sorry, I mean $1,301.00").
_APOLOGY = re.compile(
    r"\s*(?:i\s+am\s+sorry|i'm\s+sorry|sorry|my\s+apologies|apologies|i\s+apologi[sz]e)\W*$",
    re.IGNORECASE,
)
# A sentence that supposes rather than asserts: an example ("For example, if COGS were $10
# billion, ...") or a conditional in the conditional mood ("If no costs are listed, the answer
# would be 0"). "If you pay late, the fee is $35" asserts a fee.
_HYPOTHETICAL = re.compile(
    r"\s*(?:(?:for\s+(?:example|instance)|e\.g\.|as\s+an\s+example|suppose|supposing|imagine"
    r"|hypothetically|let\s+us\s+say|let's\s+say|say)\b"
    r"|if\b(?=.*\b(?:would|could|might)\b))",
    re.IGNORECASE,
)
# The first word of each match of `_HYPOTHETICAL` (a character that is no letter after it).
_SUPPOSING_WORDS = frozenset("for e as suppose supposing imagine hypothetically let say if".split())


def supposes(sentence: str) -> bool:
    """Whether a sentence supposes (`_HYPOTHETICAL`), read only where its first word opens a
    match (`grader.rules.match.first_word_as_matched`; some 3,500 instructions a sentence)."""
    return first_word_as_matched(sentence) in _SUPPOSING_WORDS and supposes_by_definition(sentence)


def supposes_by_definition(sentence: str) -> bool:
    """`supposes` without its shortcut: the pattern on every sentence."""
    return _HYPOTHETICAL.match(sentence) is not None


@dataclass(frozen=True, slots=True, init=False)
class Part:
    """A part of a sentence: its text, what it asserts, what opened it, the decline it holds,
    whether it is a grounded absence, whether it names what the question asks, and the amounts
    and figures it asserts."""

    text: str
    asserted: str
    opener: str
    decline: DeclineMatch | None
    absence: bool
    names_question: bool
    amounts: tuple[Asserted, ...]
    figures: tuple[Asserted, ...]

    def __init__(
        self,
        text: str,
        asserted: str,
        opener: str,
        decline: DeclineMatch | None,
        absence: bool,
        names_question: bool,
        amounts: tuple[Asserted, ...],
        figures: tuple[Asserted, ...],
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "asserted", asserted)
        object.__setattr__(self, "opener", opener)
        object.__setattr__(self, "decline", decline)
        object.__setattr__(self, "absence", absence)
        object.__setattr__(self, "names_question", names_question)
        object.__setattr__(self, "amounts", amounts)
        object.__setattr__(self, "figures", figures)

    @property
    def declines(self) -> bool:
        return self.decline is not None


@dataclass(frozen=True, slots=True, init=False)
class Sentence:
    """One sentence: its clause split, its parts and the source numbers it cites."""

    clause: Clause
    parts: tuple[Part, ...]
    cited: tuple[int, ...]

    def __init__(self, clause: Clause, parts: tuple[Part, ...], cited: tuple[int, ...]) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "clause", clause)
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "cited", cited)

    @property
    def declines(self) -> bool:
        return any(part.declines for part in self.parts)


@dataclass(frozen=True, slots=True, init=False)
class Reading:
    """An answer read once (see the module docstring). Every field is computed when the
    answer is read; the rules read them.

    Attributes:
        sentences: The sentences, in order.
        parts: Every part of every sentence, in order.
        invented_block: The invented source block cut off the answer's end, or "".
        working: The working set aside beside a structured answer's answer field (its other
            fields, one "name: value" line each), around a letter's body (its envelope), before
            a marked final answer or an agent's reply (its trace), or "".
        asserted_text: The asserted text of every sentence, joined; ``asserted_norm`` its
            normal form (what needles and text keys are read in).
        amounts: Every amount of money asserted, in order; ``figures`` every other figure.
        cited: Every source number cited, each once, in order (the working's first).
        decline: The first decline in the answer, or None; ``declines`` whether any part
            holds a decline phrase.
        absence: Whether a part is a grounded absence.
        polarity: "yes" or "no" when the first asserted sentence opens with it, else "".

    The side the answer takes on a Yes-or-No question is the Yes/No rule's to work out from
    the sentences, when a key answers Yes or No (`stance_in`).
    """

    sentences: tuple[Sentence, ...]
    parts: tuple[Part, ...]
    invented_block: str
    working: str
    asserted_text: str
    asserted_norm: str
    amounts: tuple[Asserted, ...]
    figures: tuple[Asserted, ...]
    cited: tuple[int, ...]
    decline: DeclineMatch | None
    declines: bool
    absence: bool
    polarity: str

    def __init__(
        self,
        sentences: tuple[Sentence, ...],
        parts: tuple[Part, ...],
        invented_block: str,
        working: str,
        asserted_text: str,
        asserted_norm: str,
        amounts: tuple[Asserted, ...],
        figures: tuple[Asserted, ...],
        cited: tuple[int, ...],
        decline: DeclineMatch | None,
        declines: bool,
        absence: bool,
        polarity: str,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "sentences", sentences)
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "invented_block", invented_block)
        object.__setattr__(self, "working", working)
        object.__setattr__(self, "asserted_text", asserted_text)
        object.__setattr__(self, "asserted_norm", asserted_norm)
        object.__setattr__(self, "amounts", amounts)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "cited", cited)
        object.__setattr__(self, "decline", decline)
        object.__setattr__(self, "declines", declines)
        object.__setattr__(self, "absence", absence)
        object.__setattr__(self, "polarity", polarity)


def read_sentence(
    sentence: str,
    strategy: Strategy,
    declines: DeclineList,
    context: Context = NO_CONTEXT,
    first_part: int = 0,
    answered: bool = False,
    courtesy: bool = False,
) -> Sentence:
    """One sentence read: its clause, its parts with their facts, its citations.

    Args:
        sentence: The sentence, cleaned (`grader.rules.normalize.clean`).
        context: The question and sources it answers.
        first_part: The place its first part takes in the answer's parts.
        answered: Whether an earlier sentence gave an answer and none declined (a belief put
            to the reader beside it is set aside: `grader.rules.beliefs.set_aside_beliefs`).
        courtesy: Whether the sentence is a pleasantry around an answer, which asserts nothing
            (`grader.rules.pleasantries`).
    """
    # (someone else's belief set aside)
    clause = set_aside_beliefs(strategy.split(sentence), answered)
    if courtesy or supposes(sentence):
        # it supposes, or it is a pleasantry around the answer: it asserts nothing
        clause = Clause(sentence, (Span(0, len(sentence), False),))
    spans, texts, normalized, openers, part_declines = _parts_declining(sentence, declines)
    # (the question the writer says they cannot answer set aside)
    clause = set_aside_declined_questions(clause, spans, context.question)
    cited = cited_numbers(sentence)
    note = unit_note(sentence)
    parts = []
    for index, (start, end) in enumerate(spans):
        text = texts[index]
        asserted = clause.part(start, end, True)
        decline = part_declines[index]
        place = first_part + index
        amounts, figures = asserted_facts(asserted, note, context, place)
        # (a part asserted whole: its normal form is read already)
        asserted_norm = normalized[index] if asserted == text else normalize(asserted)
        parts.append(
            Part(
                text,
                asserted,
                openers[index],
                decline,
                bool(cited)
                and says_none(normalized[index])
                and names_question_normal(normalized[index], context),
                names_question_normal(asserted_norm, context) if asserted else False,
                amounts,
                figures,
            )
        )
    return Sentence(clause, tuple(parts), cited)


def declines_of_parts(sentence: str, declines: DeclineList) -> list[DeclineMatch | None]:
    """The decline of each part of a sentence (cleaned), as `read_sentence` reads it; None for a
    part that does not decline."""
    return _parts_declining(sentence, declines)[4]


def _parts_declining(
    sentence: str, declines: DeclineList
) -> tuple[list[tuple[int, int]], list[str], list[str], list[str], list[DeclineMatch | None]]:
    """A sentence's parts (spans, texts, normal forms, openers) and the decline of each."""
    spans = part_spans(sentence)
    texts = [sentence[start:end] for start, end in spans]
    normalized = [normalize(text) for text in texts]
    openers = [opener_of(text) for text in texts]
    found = [declines.find_fast(normalized, index) for index in range(len(texts))]
    for index, decline in enumerate(found[:-1]):
        if decline is None:
            continue
        if _APOLOGY.match(texts[index]) and openers[index + 1] == CORRECTION:
            found[index] = None  # "Sorry, I mean $1,301.00": an apology that corrects
        elif (
            openers[index + 1] == CONTRAST
            and found[index + 1] is None
            and hedges_an_answer(normalized[index], normalized[index + 1])
        ):
            found[index] = None  # "I can't verify it, but Spain won": a hedge before an answer
    return spans, texts, normalized, openers, found


def stance_in(sentences: Sequence[Sentence], claim: tuple[str, ...]) -> str:
    """The side an answer takes (`grader.rules.stance`): that of its first asserted sentence
    that takes one. A sentence that declines ends the search: the answer withholds its side
    ("I do not have the 2022 statements. To determine whether ..."), and what it says after
    is no answer it stands by. With no Yes-or-No question at hand (no ``claim``), only the
    first asserted sentence is read. (v4) A sentence whose decline is a hedge opener ("I don't
    know for certain, but the bill passed") declines nothing when the claim after the hedge
    takes a side: that is its side."""
    for sentence in sentences:
        asserted = sentence.clause.asserted
        if sentence.declines:
            if not asserted:
                return ""
            text_norm = without_opening(normalize(asserted))
            claimed = without_hedge_opener(text_norm)
            return stance_of(claimed, claim) if claimed != text_norm else ""
        if not asserted:
            continue
        side = stance_of(without_opening(normalize(asserted)), claim)
        if side or not claim:
            return side
    return ""


def asserted_sentences(sentences: Sequence[Sentence]) -> tuple[str, ...]:
    """What each sentence asserts in the model's own voice, those that assert anything."""
    return tuple(text for text in (s.clause.asserted for s in sentences) if text)


def read_answer(
    answer: str,
    strategy: Strategy,
    declines: DeclineList,
    context: Context = NO_CONTEXT,
) -> Reading:
    """Read an answer once (see the module docstring)."""
    texts, invented, working = answer_sentences(
        answer, question=context.question, asked=context.question_words
    )
    # (a pleasantry is set aside only beside a sentence that is none: alone, it is the answer)
    courtesies = [len(texts) > 1 and is_pleasantry(text) for text in texts]
    if all(courtesies):
        courtesies = [False] * len(texts)
    sentences = []
    count = 0
    answered = declined = False
    for text, courtesy in zip(texts, courtesies, strict=True):
        sentence = read_sentence(
            text, strategy, declines, context, count, answered and not declined, courtesy
        )
        count += len(sentence.parts)
        sentences.append(sentence)
        declined = declined or sentence.declines
        answered = answered or any(part.asserted for part in sentence.parts)
    parts = tuple(part for sentence in sentences for part in sentence.parts)
    asserted_texts = asserted_sentences(sentences)
    asserted = " ".join(asserted_texts)
    decline = next((part.decline for part in parts if part.decline is not None), None)
    return Reading(
        sentences=tuple(sentences),
        parts=parts,
        invented_block=invented,
        working=working,
        asserted_text=asserted,
        asserted_norm=normalize(asserted),
        amounts=tuple(amount for part in parts for amount in part.amounts),
        figures=tuple(figure for part in parts for figure in part.figures),
        cited=tuple(
            dict.fromkeys(
                (*cited_numbers(working), *(n for sentence in sentences for n in sentence.cited))
            )
        ),
        decline=decline,
        declines=decline is not None,
        absence=any(part.absence for part in parts),
        polarity=polarity_of(asserted_texts[0]) if asserted_texts else "",
    )


def answer_declines(answer: str, declines: DeclineList, strategy: Strategy | None = None) -> bool:
    """Whether an answer holds a decline phrase in one of its parts (the clause strategy does
    not change which parts decline)."""
    return read_answer(answer, strategy or get_strategy(), declines).declines
