"""An answer read once: its sentences, and what each of them asserts, declines and cites.

Every rule of `grader.rules.verdict` is a small function of this reading and the gold. The reading:

1. cuts off an invented source block (`grader.rules.citations`): text after the answer that imitates
   the prompt's numbered sources is not part of the answer (nor is an opening "Answer:"
   label, the prompt's last line echoed);
2. splits the rest into **sentences** (at ".", "!", "?" or "…" before a new sentence, and at
   line breaks, unless the next line goes on in lower case), each cleaned
   (`grader.rules.normalize.clean`);
3. splits each sentence into what it asserts and what it attributes, with the clause strategy
   (`grader.rules.clauses`);
4. splits each sentence into **parts** at a semicolon and at a contrast (", but", ", however",
   ", although", ...), so that "I could not find the fee, but the service charge is $12.00"
   is a part that declines and a part that asserts $12.00;
5. records, for each part, the decline phrase it holds (`grader.rules.declines`) and the dollar
   amounts its asserted text names (`grader.rules.money`); and, for each sentence, the sources it
   cites.

A sentence declines when one of its parts does; the answer declines when one of its sentences
does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from grader.rules.citations import cited_numbers, invented_block_start, without_answer_label
from grader.rules.clauses import Clause, Strategy, get_strategy
from grader.rules.declines import DeclineList, DeclineMatch
from grader.rules.money import Amount, find_amounts
from grader.rules.normalize import clean, normalize

# A sentence ends at ".", "!", "?" or "…" (then any closing quotes or brackets), before white
# space and a word that does not start in lower case; and at a line break, unless the next line
# goes on in lower case (a wrapped line).
_SENTENCE_END = re.compile(r"[.!?…][\"')\]]*(\s+)(?=[^\s])")
_WRAPPED = re.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*(?=[a-z])")
# Words after which a period does not end a sentence: "e.g.", "U.S.", "Inc.", "No. 5".
_ABBREVIATIONS = frozenset(
    "e.g i.e u.s u.k inc no vs approx mr mrs ms dr co corp ltd st jr fig figs sr est dept".split()
)
# A part of a sentence ends at a semicolon, or before a contrast.
_PART_END = re.compile(
    r";\s*|,\s*(?=(?:but|however|whereas|while|yet|although|though)\b)|\s+(?=(?:but|whereas)\s)",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, in order, without the white space around them."""
    sentences = []
    for line in _WRAPPED.sub(" ", text).splitlines():
        start = 0
        for end in _SENTENCE_END.finditer(line):
            following = line[end.end() :]
            word_before = line[start : end.start()].rsplit(None, 1)[-1:] or [""]
            if following[:1].islower() or word_before[0].lower() in _ABBREVIATIONS:
                continue
            sentences.append(line[start : end.start(1)])
            start = end.end()
        sentences.append(line[start:])
    return [sentence.strip() for sentence in sentences if sentence.strip()]


_CONTRAST_WORDS = ("but", "however", "whereas", "while", "yet", "though")  # ("although" too)


def part_spans(sentence: str) -> list[tuple[int, int]]:
    """Where the parts of a sentence start and end (see the module's step 4)."""
    lowered = sentence.lower()
    if ";" not in sentence and not any(word in lowered for word in _CONTRAST_WORDS):
        return [(0, len(sentence))]  # no semicolon and no contrast: one part
    spans = []
    start = 0
    for end in _PART_END.finditer(sentence):
        if end.start() > start:
            spans.append((start, end.start()))
        start = end.end()
    if start < len(sentence):
        spans.append((start, len(sentence)))
    return spans or [(0, len(sentence))]


@dataclass(frozen=True, slots=True)
class Part:
    """A part of a sentence: its text, what it asserts, the decline it holds, the amounts it
    asserts."""

    text: str
    asserted: str
    decline: DeclineMatch | None
    amounts: tuple[Amount, ...]

    @property
    def declines(self) -> bool:
        return self.decline is not None


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence: its clause split, its parts and the source numbers it cites."""

    clause: Clause
    parts: tuple[Part, ...]
    cited: tuple[int, ...]

    @property
    def declines(self) -> bool:
        return any(part.declines for part in self.parts)


@dataclass(frozen=True, slots=True)
class Reading:
    """An answer read once (see the module docstring)."""

    sentences: tuple[Sentence, ...]
    invented_block: str = ""

    def parts(self) -> list[Part]:
        return [part for sentence in self.sentences for part in sentence.parts]

    @property
    def declines(self) -> bool:
        """Whether any sentence declines."""
        return any(sentence.declines for sentence in self.sentences)

    def decline(self) -> DeclineMatch | None:
        """The first decline in the answer, or None."""
        return next((part.decline for part in self.parts() if part.declines), None)

    def asserted_text(self) -> str:
        """The asserted text of every sentence, joined: what needles and text keys are read in."""
        return " ".join(
            sentence.clause.asserted for sentence in self.sentences if sentence.clause.asserted
        )

    def asserted_amounts(self) -> list[Amount]:
        """Every dollar amount the answer asserts, in order."""
        return [amount for part in self.parts() for amount in part.amounts]

    def amounts_not_declined(self) -> list[Amount]:
        """The dollar amounts asserted in parts that do not decline (the money guard)."""
        return [amount for part in self.parts() if not part.declines for amount in part.amounts]

    def cited(self) -> tuple[int, ...]:
        """Every source number the answer cites, each once, in order."""
        return tuple(dict.fromkeys(n for sentence in self.sentences for n in sentence.cited))


def read_sentence(sentence: str, strategy: Strategy, declines: DeclineList) -> Sentence:
    """One sentence read: its clause, its parts with their declines and amounts, its citations.

    Args:
        sentence: The sentence, cleaned (`grader.rules.normalize.clean`).
    """
    clause = strategy.split(sentence)
    spans = part_spans(sentence)
    normalized = [normalize(sentence[start:end]) for start, end in spans]
    parts = []
    for index, (start, end) in enumerate(spans):
        asserted = clause.part(start, end, True)
        parts.append(
            Part(
                sentence[start:end],
                asserted,
                declines.find_fast(normalized, index),
                tuple(find_amounts(asserted)),
            )
        )
    return Sentence(clause, tuple(parts), cited_numbers(sentence))


def answer_sentences(answer: str) -> tuple[list[str], str]:
    """An answer's sentences, cleaned, and the invented source block cut off its end (an
    opening "Answer:" label dropped first)."""
    answer = without_answer_label(answer)
    block = invented_block_start(answer)
    body, invented = (answer, "") if block is None else (answer[:block], answer[block:])
    return [clean(sentence) for sentence in split_sentences(body)], invented.strip()


def read_answer(answer: str, strategy: Strategy, declines: DeclineList) -> Reading:
    """Read an answer once (see the module docstring)."""
    sentences, invented = answer_sentences(answer)
    read = tuple(read_sentence(sentence, strategy, declines) for sentence in sentences)
    return Reading(read, invented)


def answer_declines(answer: str, declines: DeclineList, strategy: Strategy | None = None) -> bool:
    """Whether an answer reads as an honest decline (any of its sentences declines; the clause
    strategy does not change which sentences decline)."""
    return read_answer(answer, strategy or get_strategy(), declines).declines
