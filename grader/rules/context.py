"""What an answer is read against (DESIGN 4.2): the question's own amounts, figures and words,
the phrase it asks about, its verbs of paying, what it asks when it asks Yes or No, the words it
asks with ("which", "how many"), and what the retrieved sources hold (what grounds an amount).

A source grounds an amount when it holds an amount of the same value (a scale word rounding
it), or prints the number the amount is written with ("$1,577 million" in a table that prints
"1,577"); a bare number under a unit note ("(in millions)") counts as an amount in that unit.
What a text holds, and what a question asks, are read once per text (cached): a run's sources
are a corpus's chunks, retrieved again and again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from grader.rules.currencies import rounds_to
from grader.rules.figures import find_figures
from grader.rules.match import occurs
from grader.rules.money import Amount, find_amounts, unit_note
from grader.rules.normalize import clean, normalize
from grader.rules.stance import claim_of

# Verbs of paying, each as its stem ("due" is what is owed): a result of the answer's own
# arithmetic worded with one ("after the discount you pay $81.60", "you owe $123.27") is what a
# question asked with one asks ("How much do I pay for the policy?", "What is the amount due?").
PAYING = {
    "pay": "pay",
    "pays": "pay",
    "paid": "pay",
    "paying": "pay",
    "owe": "owe",
    "owes": "owe",
    "owed": "owe",
    "owing": "owe",
    "due": "owe",
}
# Words that name nothing in particular in a question: what "names what the question asks"
# ignores.
_QUESTION_STOPWORDS = frozenset(
    "a an the of in on at to for from by with and or is are was were be been being do does did "
    "what which who whom whose how much many when where why this that these those it its their "
    "there any some all each per as than then into about over under between during according "
    "amount amounts total value figure number sum fy year years quarter company company's "
    "please give provide state answer question based us our your you my i me we can could would "
    "should will shall may might must has have had not no yes if so such cost costs pay pays "
    "paid owe owes owed get gets got need needs take takes make makes much".split()
)
WORDS = re.compile(r"[a-z][a-z'-]+")


@dataclass(frozen=True, slots=True, init=False)
class Context:
    """What an answer is read against: the question's own amounts, figures and words, the
    phrase it asks about, its verbs of paying ("pay", "owe"), what it asks when it asks Yes or
    No (`grader.rules.stance.claim_of`), the question as asked (read only where a rule needs
    it: the interrogatives it asks with, `grader.rules.declined_questions.question_asks`, where
    a sentence may decline a question; whether it asks for several,
    `grader.rules.lists.asks_for_several`, where a table of candidates is found,
    `grader.rules.sentences.tabled_answer`), and the retrieved sources' texts (what grounds an
    amount)."""

    question_amounts: frozenset[Decimal] = frozenset()
    question_figures: frozenset[tuple[str, Decimal]] = frozenset()
    question_words: frozenset[str] = frozenset()
    question_subject: str = ""
    sources: tuple[str, ...] = ()
    question_verbs: frozenset[str] = frozenset()
    question_claim: tuple[str, ...] = ()
    question: str = ""

    def __init__(
        self,
        question_amounts: frozenset[Decimal] = frozenset(),
        question_figures: frozenset[tuple[str, Decimal]] = frozenset(),
        question_words: frozenset[str] = frozenset(),
        question_subject: str = "",
        sources: tuple[str, ...] = (),
        question_verbs: frozenset[str] = frozenset(),
        question_claim: tuple[str, ...] = (),
        question: str = "",
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "question_amounts", question_amounts)
        object.__setattr__(self, "question_figures", question_figures)
        object.__setattr__(self, "question_words", question_words)
        object.__setattr__(self, "question_subject", question_subject)
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "question_verbs", question_verbs)
        object.__setattr__(self, "question_claim", question_claim)
        object.__setattr__(self, "question", question)

    @classmethod
    def of(cls, question: str, sources: Sequence[str]) -> Context:
        """The context of an answer to ``question`` made from ``sources`` (their texts)."""
        asked = asked_in(question)
        return cls(
            asked.question_amounts,
            asked.question_figures,
            asked.question_words,
            asked.question_subject,
            tuple(text for text in sources if text),
            asked.question_verbs,
            asked.question_claim,
            question,
        )

    @property
    def asks(self) -> bool:
        """Whether the question says what it asks in words a rule reads (a phrase, words of its
        own, or a verb of paying)."""
        return bool(self.question_subject or self.question_words or self.question_verbs)

    def grounds(self, amount: Amount) -> bool:
        """Whether a source holds the amount: as an amount of the same value (a scale word
        rounding it), or as the number it is written with ("$1,577 million" in a table that
        prints "1,577")."""
        digits = significant_digits_of(amount.value)
        for text in self.sources:
            if not amount.scale_word and digits not in digits_in(text):
                continue  # it cannot hold the amount: see `digits_in`
            held = held_in(text)
            if amount.value in held.amounts or _number_of(amount) in held.numbers:
                return True
            if amount.scale_word and any(
                rounds_to(value, amount.number, amount.scale) for value in held.amounts
            ):
                return True
        return False


def _number_of(amount: Amount) -> Decimal:
    """The number an amount is written with, as a value ("$1,577 million": 1577). (Made only
    where a source may hold the amount: most sources are skipped by their digits.)"""
    return Decimal(amount.number.replace(",", ""))


@dataclass(frozen=True, slots=True)
class Held:
    """What one source's text holds for grounding: the values of its amounts (a bare number
    under a unit note, "(in millions)", counted as an amount in that unit) and every number it
    prints."""

    amounts: frozenset[Decimal] = frozenset()
    numbers: frozenset[Decimal] = frozenset()


_DIGIT = re.compile(r"\d")
_SOURCE_NUMBER = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]*\d)|(?<![\w.,])\d+(?:\.\d+)?(?![\d,]*\d)"
)
NOTHING_HELD = Held()


# A run's sources are a corpus's chunks, retrieved again and again, and a run asks each question
# of many configurations: what a text holds, and what a question asks, are read once per text.
@lru_cache(maxsize=1 << 14)
def held_in(text: str) -> Held:
    """What a source's text holds for grounding (`Held`)."""
    if not _DIGIT.search(text):
        return NOTHING_HELD
    cleaned = clean(text)
    amounts = {amount.value for amount in find_amounts(cleaned)}
    note = unit_note(cleaned)
    numbers: set[Decimal] = set()
    for written in _SOURCE_NUMBER.findall(cleaned):
        value = Decimal(written.replace(",", ""))
        numbers.add(value)
        if note is not None:
            amounts.add(value * note)
    return Held(frozenset(amounts), frozenset(numbers))


def significant_digits_of(value: Decimal) -> str:
    """A value's digits without its trailing zeros: 1,577,000,000 and 1577.00 are "1577".

    Read from the value as printed ("1577000000", "1577.00", "1.5770E+9"): its digits before any
    exponent, without the sign, the point and the zeros at either end, which are the digits
    `Decimal.as_tuple` gives (read from the tuple, some four times the work)."""
    printed = str(value).partition("E")[0]
    return printed.replace("-", "").replace(".", "").strip("0")


@lru_cache(maxsize=1 << 14)
def digits_in(text: str) -> str:
    """A source's text with its digit separators (commas, points, apostrophes) dropped, read for
    its runs of digits.

    Grounding reads it to skip, without reading them, the sources that cannot hold an amount.
    Every value `held_in` reads is a number the text prints times a power of ten (a scale word,
    a unit note), so its significant digits stand together here; an amount of the same value,
    or its own number, has the same ones. (An amount with a scale word may round, so it is
    always read against `held_in`.)

    The text is cleaned first (`held_in` reads the cleaned text) unless it is ASCII: cleaning
    ASCII changes only white space (a run of it stays a space) and list bullets (after a line
    break), never a digit or a separator, so the runs of digits are the same either way;
    and most sources are long ASCII texts that cleaning would only check. An apostrophe is
    looked for before it is dropped: most sources print none, and finding that a text holds
    none is quicker than reading it through to drop none."""
    digits = (text if text.isascii() else clean(text)).replace(",", "").replace(".", "")
    return digits.replace("'", "") if "'" in digits else digits


@lru_cache(maxsize=1 << 12)
def asked_in(question: str) -> Context:
    """What a question holds: its amounts, figures and words, the phrase it asks about and the
    interrogatives it asks with (a context with no sources)."""
    question_norm = normalize(question)
    written = WORDS.findall(question_norm)
    words = {_stem(word) for word in written}
    return Context(
        frozenset(amount.value for amount in find_amounts(question)),
        frozenset((f.kind, f.value) for f in find_figures(question)),
        frozenset(words - _QUESTION_STOPWORDS),
        question_subject(question),
        (),
        frozenset(PAYING[word] for word in written if word in PAYING),
        claim_of(question_norm) if _YES_NO_QUESTION.match(question_norm) else (),
        question,
    )


# A question that asks Yes or No: it opens with an auxiliary, or one follows its opening words
# and a comma ("Looking at VaR, did the risk decrease?", "As of Q2, is the plan in force?").
_YES_NO_QUESTION = re.compile(
    r"\s*(?:[^,?]{0,60},\s*)?(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would"
    r"|should|may|might|must)\b"
)


NO_CONTEXT = Context()


def _stem(word: str) -> str:
    """A word without the endings of its other forms, so that each form of it stems alike:
    "'s", then "-ies" as "-y", or a plural "-s" and then a final "-e" ("prices" and "price" are
    both "pric", "taxes" and "tax" both "tax", "losses" and "loss" both "loss"); at least three
    letters are kept."""
    word = word.strip("'-")
    if word.endswith("'s") and len(word) >= 5:
        word = word[:-2]
    if word.endswith("ies") and len(word) >= 6:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) >= 4:
        word = word[:-1]
    if word.endswith("e") and len(word) >= 4:
        word = word[:-1]
    return word


# What a question asks about: the words after "What is the", "How much does a", up to a
# preposition or the verb that ends the phrase ("the base fare on my ticket", "a replacement
# debit card cost").
_SUBJECT = re.compile(
    r"^\s*(?:what|which|how\s+much|how\s+many)\s+(?:\w+\s+)?"
    r"(?:is|was|are|were|does|did|do|will|would|should|can)\s+"
    r"(?:the|my|your|our|a|an|this|that|its|their)\s+(?P<subject>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
    r"(?=\s+(?:on|of|for|in|at|from|to|with|by|under|over|during|cost|costs|charged|due|paid|"
    r"owed|listed|shown|if|when|after|before|per|that|this)\b|\s*[?,.;:]|\s*$)"
)


def question_subject(question: str) -> str:
    """The phrase a question asks about, its last two words at most ("base fare" of "What is
    the base fare on my Boston-Lisbon ticket?", "hoa fee" of "How much is the monthly HOA fee
    under the lease?"), or "" when it does not say in that shape."""
    found = _SUBJECT.match(normalize(question))
    return " ".join(found.group("subject").split()[-2:]) if found else ""


def names_question(part: str, context: Context) -> bool:
    """Whether a part names what the question asks: the phrase it asks about ("base fare"), or,
    when the question does not say in that shape, one of its own words (not a word as general
    as "amount" or "total")."""
    return names_question_normal(normalize(part), context)


def names_question_normal(part_norm: str, context: Context) -> bool:
    """`names_question` of a part already in its normal form (`normalize`), for a reader that
    holds it."""
    if context.question_subject:
        return occurs(context.question_subject, part_norm)
    if not context.question_words:
        return False
    return any(_stem(word) in context.question_words for word in WORDS.findall(part_norm))
