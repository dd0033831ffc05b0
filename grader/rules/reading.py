"""An answer read once: its sentences, their parts, and the facts of each (DESIGN 4.1, 4.2).

Every rule of `grader.rules.verdict` is a small function of this reading and the gold, and reads
finished data: the facts below are computed here, once, as fields. The reading:

1. cuts off an invented source block (`grader.rules.citations`): text after the answer that
   imitates the prompt's numbered sources is not part of the answer (nor is an opening
   "Answer:" label, the prompt's last line echoed);
2. splits the rest into **sentences** (at ".", "!", "?" or "…" before a new sentence, and at
   line breaks, unless the next line goes on in lower case), each cleaned
   (`grader.rules.normalize.clean`);
3. splits each sentence into what it asserts and what it attributes, with the clause strategy
   (`grader.rules.clauses`); a sentence that supposes ("For example, if COGS were $10 billion
   ...", "If none is listed, the answer would be 0") asserts nothing;
4. splits each sentence into **parts** at a semicolon, before a contrast (", but", ", however",
   ", although", ...) and before a correction (", sorry", ", I mean", ", actually", ",
   rather"), and records what opened each part; so "I could not find the fee, but the service
   charge is $12.00" is a part that declines and a part that asserts $12.00, and "$1,310.00,
   sorry, I mean $1,301.00" ends on a correction;
5. records, for each part, the decline phrase it holds (`grader.rules.declines`; an apology that
   only opens a correction declines nothing), whether it says, citing a source, that the thing
   asked about does not exist (a grounded absence), and the amounts of money and other figures
   its asserted text names (`grader.rules.money`, `grader.rules.figures`), each with its facts:
   grounded (it occurs in a retrieved source's text), hedged (`grader.rules.hedges`), one of an
   either-or or a range, the question's own, worded as a loss, after the answer's own arithmetic;
6. records for the answer: the asserted text and its normal form, the sources it cites, the
   polarity of its first asserted sentence ("Yes" or "No"), its first decline.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from grader.rules.citations import cited_numbers, invented_block_start, without_answer_label
from grader.rules.clauses import Clause, Span, Strategy, get_strategy, set_aside_beliefs
from grader.rules.declines import DeclineList, DeclineMatch
from grader.rules.figures import COUNT, RATIO, Figure, find_figures
from grader.rules.hedges import hedged
from grader.rules.match import occurs
from grader.rules.money import (
    Amount,
    find_amounts,
    rounds_to,
    unit_note,
    worded_as_negative,
)
from grader.rules.normalize import clean, normalize
from grader.rules.stance import claim_of, opening_connective, stance_of

# A sentence ends at ".", "!", "?" or "…" (then any closing quotes or brackets), before white
# space and a word that does not start in lower case; and at a line break, unless the next line
# goes on in lower case (a wrapped line).
_SENTENCE_END = re.compile(r"[.!?…][\"')\]]*(\s+)(?=[^\s])")
_WRAPPED = re.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*(?=[a-z])")
# Words after which a period does not end a sentence: "e.g.", "U.S.", "Inc.", "No. 5", and a
# citation's locator ("[2, p. 14]", "[1, sec. 3]").
_ABBREVIATIONS = frozenset(
    "e.g i.e u.s u.k inc no vs approx mr mrs ms dr co corp ltd st jr fig figs sr est dept "
    "p pp pg sec para paras ch chap art tab".split()
)
CONTRASTS = ("but", "however", "whereas", "while", "yet", "although", "though")
CONTRAST, CORRECTION = "contrast", "correction"
# A part of a sentence ends at a semicolon; before a contrast (after a comma, or "but" and
# "whereas" alone); and before a correction after a comma, a semicolon, a colon or a dash (or
# "or rather" alone). "rather than" is no correction: it negates what follows.
_PART_END = re.compile(
    r";\s*"
    r"|,\s*(?=(?:" + "|".join(CONTRASTS) + r")\b)"
    r"|\s+(?=(?:but|whereas)\s)"
    r"|\s*[,:-]\s*(?=(?:sorry|i\s+mean|i\s+meant|actually|rather(?!\s+than)|correction"
    r"|make\s+that|that\s+should\s+be)\b)"
    r"|\s+(?=or\s+rather\b)",
    re.IGNORECASE,
)
_OPENER = re.compile(
    r"\s*(?:(?P<contrast>" + "|".join(CONTRASTS) + r")"
    r"|(?P<correction>sorry|i\s+mean|i\s+meant|actually|or\s+rather|rather(?!\s+than)|correction"
    r"|make\s+that|that\s+should\s+be))\b",
    re.IGNORECASE,
)
# What a sentence must hold for `_PART_END` to cut it (each of its cuts stands before one of
# these words, or at a semicolon): a sentence with none is one part, unread. Lower case.
_SPLIT_HINTS: tuple[str, ...] = (
    ";",
    *CONTRASTS,
    "sorry",
    "mean",
    "actually",
    "rather",
    "correction",
    "make",
    "should",
)
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
# The answer's own arithmetic: a word that opens it ("after the discount", "so", "therefore"),
# then a word that gives its result ("you pay", "is", "="), before the figure. A figure inside
# the arithmetic ("after the $50.00 credit") is what it works with, not its result; one after a
# comma that closes it is ("net of the $25.00 credit, $187.00").
ARITHMETIC = ("after", "subtracting", "net of", "so", "therefore", "thus", "hence", "minus")
RESULT = (
    "is",
    "are",
    "was",
    "were",
    "be",
    "pay",
    "pays",
    "paid",
    "owe",
    "owes",
    "comes to",
    "come to",
    "total",
    "totals",
    "totaled",
    "leaves",
    "left",
    "becomes",
    "equals",
    "gives",
)
_ARITHMETIC = re.compile(
    r"(?<!\w)(?:"
    + "|".join(ARITHMETIC)
    + r")(?!\w).*?(?:(?<!\w)(?:"
    + "|".join(RESULT)
    + r")(?!\w)|=|,)",
    re.IGNORECASE,
)
# What every match of `_ARITHMETIC` opens with.
_ARITHMETIC_OPENER = re.compile(r"(?<!\w)(?:" + "|".join(ARITHMETIC) + r")", re.IGNORECASE)
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
# Two figures joined as alternatives or a range: "either $18.00 or $24.00", "$40-$50", "between
# $18 and $24", "$18 to $24" (not "from $18 to $24", a change).
_EITHER = re.compile(r"\s*(?:or|-|to|and)\s*$", re.IGNORECASE)
_ALTERNATIVE_OPENING = re.compile(r"(?:either|between)\s+(?:\S+\s+){0,4}$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+(?:\S+\s+){0,2}$", re.IGNORECASE)
# The first words of an answer that frame it ("Based on the provided data, ...", "According to
# the filing, ...") before its polarity word.
_FRAME = re.compile(
    r"\s*(?:(?:based|relying)\s+(?:solely\s+|only\s+|primarily\s+)?on|according\s+to|from|given"
    r"|per|in\s+light\s+of|after\s+review\w*|upon\s+review\w*|looking\s+at|reviewing"
    r"|considering|in\s+summary|in\s+short|in\s+conclusion|to\s+answer\s+your\s+question"
    r"|answer)\b[^,;:]*[,;:]\s*",
    re.IGNORECASE,
)
_POLARITY = re.compile(r"\s*(?P<word>yes|no)\b(?!\s+(?:one|longer|more|less|such|other)\b)")
# Words that say a thing does not exist, by family: "there is no pet deposit" (or "not any"), "no
# fee is charged" (a few words between), "the lease does not allow pets" (do, does, did), "the
# policy has no deductible", "late fees are not charged", "none", "no such". A grounded absence
# is a part that says so of what was asked, in a sentence that cites a source.
_ABSENT_VERBS = (
    "have|charge|allow|permit|offer|include|require|exist|apply|impose|cover|list|register"
)
_ABSENT_STATES = (
    "charged|required|listed|offered|due|payable|owed|included|allowed|permitted|available"
    "|applicable|provided|registered|issued|outstanding"
)
# After "is not" fewer states: "is not listed", "is not provided" say that a source is silent
# (a decline), not that the thing does not exist.
_NOT_STATES = "charged|offered|allowed|permitted|available|applicable|required|included|payable"
_ABSENCE = re.compile(
    r"(?<!\w)(?:"
    r"there\s+(?:is|are|was|were)\s+(?:no|not\s+any)"
    rf"|no(?:\s+\w+){{1,3}}\s+(?:is|are|was|were)\s+(?:{_ABSENT_STATES})"
    rf"|(?:does|do|did)\s+not\s+(?:{_ABSENT_VERBS})"
    r"|(?:has|have|had)\s+no"
    rf"|(?:is|are|was|were)\s+not\s+(?:{_NOT_STATES})"
    r"|none|no\s+such"
    r")(?!\w)",
    re.IGNORECASE,
)
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
_WORDS = re.compile(r"[a-z][a-z'-]+")


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, in order, without the white space around them."""
    sentences = []
    if "\n" in text or "\r" in text:
        text = _WRAPPED.sub(" ", text)  # (a wrapped line ends at a line break)
    for line in text.splitlines():
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


def part_spans(sentence: str) -> list[tuple[int, int]]:
    """Where the parts of a sentence start and end (see the module's step 4)."""
    lowered = sentence.lower()
    if not any(hint in lowered for hint in _SPLIT_HINTS):
        return [(0, len(sentence))]  # nothing a part can end at
    spans = []
    start = 0
    for end in _PART_END.finditer(sentence):
        if end.start() > start:
            spans.append((start, end.start()))
        start = end.end()
    if start < len(sentence):
        spans.append((start, len(sentence)))
    return spans or [(0, len(sentence))]


def says_none(text_norm: str) -> bool:
    """Whether (normalised) text says that a thing does not exist ("there are no debt
    securities", "no fee is charged", "none")."""
    # (every way of saying so holds "no": "no", "not any", "does not", "none")
    return "no" in text_norm and _ABSENCE.search(text_norm) is not None


def opener_of(part: str) -> str:
    """What opens a part: ``correction``, ``contrast`` or ``""``."""
    found = _OPENER.match(part)
    if found is None:
        return ""
    return CORRECTION if found.group("correction") else CONTRAST


# --- what the question and the sources hold --------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class Context:
    """What an answer is read against: the question's own amounts, figures and words, the
    phrase it asks about, its verbs of paying ("pay", "owe"), what it asks when it asks Yes or
    No (`grader.rules.stance.claim_of`), and the retrieved sources' texts (what grounds an
    amount)."""

    question_amounts: frozenset[Decimal] = frozenset()
    question_figures: frozenset[tuple[str, Decimal]] = frozenset()
    question_words: frozenset[str] = frozenset()
    question_subject: str = ""
    sources: tuple[str, ...] = ()
    question_verbs: frozenset[str] = frozenset()
    question_claim: tuple[str, ...] = ()

    def __init__(
        self,
        question_amounts: frozenset[Decimal] = frozenset(),
        question_figures: frozenset[tuple[str, Decimal]] = frozenset(),
        question_words: frozenset[str] = frozenset(),
        question_subject: str = "",
        sources: tuple[str, ...] = (),
        question_verbs: frozenset[str] = frozenset(),
        question_claim: tuple[str, ...] = (),
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "question_amounts", question_amounts)
        object.__setattr__(self, "question_figures", question_figures)
        object.__setattr__(self, "question_words", question_words)
        object.__setattr__(self, "question_subject", question_subject)
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "question_verbs", question_verbs)
        object.__setattr__(self, "question_claim", question_claim)

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
        number = Decimal(amount.number.replace(",", ""))
        digits = significant_digits_of(amount.value)
        for text in self.sources:
            if not amount.scale_word and digits not in digits_in(text):
                continue  # it cannot hold the amount: see `digits_in`
            held = held_in(text)
            if amount.value in held.amounts or number in held.numbers:
                return True
            if amount.scale_word and any(
                rounds_to(value, amount.number, amount.scale) for value in held.amounts
            ):
                return True
        return False


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
    """A value's digits without its trailing zeros: 1,577,000,000 and 1577.00 are "1577"."""
    return "".join(str(digit) for digit in value.as_tuple().digits).rstrip("0")


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
    and most sources are long ASCII texts that cleaning would only check."""
    return (
        (text if text.isascii() else clean(text)).replace(",", "").replace(".", "").replace("'", "")
    )


@lru_cache(maxsize=1 << 12)
def asked_in(question: str) -> Context:
    """What a question holds: its amounts, figures and words, and the phrase it asks about (a
    context with no sources)."""
    question_norm = normalize(question)
    written = _WORDS.findall(question_norm)
    words = {_stem(word) for word in written}
    return Context(
        frozenset(amount.value for amount in find_amounts(question)),
        frozenset((f.kind, f.value) for f in find_figures(question)),
        frozenset(words - _QUESTION_STOPWORDS),
        question_subject(question),
        (),
        frozenset(PAYING[word] for word in written if word in PAYING),
        claim_of(question_norm) if _YES_NO_QUESTION.match(question_norm) else (),
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
    if context.question_subject:
        return occurs(context.question_subject, normalize(part))
    if not context.question_words:
        return False
    return any(_stem(word) in context.question_words for word in _WORDS.findall(normalize(part)))


# --- the facts of a part ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class Asserted:
    """An amount of money or a figure the answer asserts, with where it stands and what it rests
    on.

    Attributes:
        what: The `Amount` or the `Figure`.
        part: Its part's place in `Reading.parts`.
        negative: Signed, bracketed, or worded as a loss, decrease or outflow.
        grounded: A retrieved source holds it (amounts only; figures are not looked up).
        hedged: A hedge stands before it in its part ("probably", "about").
        alternative: One of an either-or or a range ("either $18.00 or $24.00"), or the
            alternative rejected ("£950 a month, not £1,050").
        from_question: The question itself states it.
        after_arithmetic: It is the result of the answer's own arithmetic in its part ("after
            the discount you pay $81.60", "so the total is $42.99").
        names_asked: It is after the answer's own arithmetic, and the words that lead to it
            name what the question asks (`arithmetic_names_question`).
    """

    what: Amount | Figure
    part: int
    negative: bool
    grounded: bool
    hedged: bool
    alternative: bool
    from_question: bool
    after_arithmetic: bool
    names_asked: bool

    def __init__(
        self,
        what: Amount | Figure,
        part: int,
        negative: bool,
        grounded: bool,
        hedged: bool,
        alternative: bool,
        from_question: bool,
        after_arithmetic: bool,
        names_asked: bool,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "part", part)
        object.__setattr__(self, "negative", negative)
        object.__setattr__(self, "grounded", grounded)
        object.__setattr__(self, "hedged", hedged)
        object.__setattr__(self, "alternative", alternative)
        object.__setattr__(self, "from_question", from_question)
        object.__setattr__(self, "after_arithmetic", after_arithmetic)
        object.__setattr__(self, "names_asked", names_asked)

    @property
    def text(self) -> str:
        return self.what.text

    @property
    def value(self) -> Decimal:
        return self.what.value


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
        asserted_text: The asserted text of every sentence, joined; ``asserted_norm`` its
            normal form (what needles and text keys are read in).
        amounts: Every amount of money asserted, in order; ``figures`` every other figure.
        cited: Every source number cited, each once, in order.
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
) -> Sentence:
    """One sentence read: its clause, its parts with their facts, its citations.

    Args:
        sentence: The sentence, cleaned (`grader.rules.normalize.clean`).
        context: The question and sources it answers.
        first_part: The place its first part takes in the answer's parts.
    """
    clause = set_aside_beliefs(strategy.split(sentence))  # (someone else's belief set aside)
    if _HYPOTHETICAL.match(sentence):
        clause = Clause(sentence, (Span(0, len(sentence), False),))  # it supposes, asserts nothing
    spans, texts, normalized, openers, part_declines = _parts_declining(sentence, declines)
    cited = cited_numbers(sentence)
    note = unit_note(sentence)
    parts = []
    for index, (start, end) in enumerate(spans):
        text = texts[index]
        asserted = clause.part(start, end, True)
        decline = part_declines[index]
        place = first_part + index
        amounts, figures = _asserted_facts(asserted, note, context, place)
        parts.append(
            Part(
                text,
                asserted,
                openers[index],
                decline,
                bool(cited) and says_none(normalized[index]) and names_question(text, context),
                names_question(asserted, context) if asserted else False,
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
    found: list[DeclineMatch | None] = []
    for index, text in enumerate(texts):
        decline = declines.find_fast(normalized, index)
        if (
            decline is not None
            and _APOLOGY.match(text)
            and index + 1 < len(spans)
            and openers[index + 1] == CORRECTION
        ):
            decline = None  # "Sorry, I mean $1,301.00": an apology that corrects
        found.append(decline)
    return spans, texts, normalized, openers, found


def _asserted_facts(
    asserted: str, note: Decimal | None, context: Context, place: int
) -> tuple[tuple[Asserted, ...], tuple[Asserted, ...]]:
    """The amounts of money and the other figures a part's asserted text holds, as `Asserted`."""
    if not asserted:
        return (), ()
    cleaned = clean(asserted)
    amounts = find_amounts(cleaned, note)
    figures = find_figures(cleaned, amounts)
    # where the part's first arithmetic may open: no figure before it is the result of one
    opener = _ARITHMETIC_OPENER.search(cleaned)
    opens = opener.start() if opener is not None else len(cleaned)
    return (
        tuple(
            Asserted(
                amount,
                place,
                amount.negative or worded_as_negative(cleaned, amount.start, amount.end),
                context.grounds(amount),
                hedged(cleaned[: amount.start]),
                _alternative(cleaned, amounts, index),
                amount.value in context.question_amounts,
                *_arithmetic(cleaned, amounts, index, context, opens),
            )
            for index, amount in enumerate(amounts)
        ),
        tuple(
            Asserted(
                figure,
                place,
                figure.negative or worded_as_negative(cleaned, figure.start, figure.end),
                False,
                hedged(cleaned[: figure.start]),
                _alternative(cleaned, figures, index),
                (figure.kind, figure.value) in context.question_figures,
                *_arithmetic(cleaned, figures, index, context, opens),
            )
            for index, figure in enumerate(figures)
        ),
    )


def _arithmetic(
    text: str, found: Sequence[Amount | Figure], index: int, context: Context, opens: int
) -> tuple[bool, bool]:
    """Whether the figure at ``found[index]`` is the result of the answer's own arithmetic in
    ``text`` (a part's asserted text), and whether that arithmetic names what the question asks
    (`arithmetic_names_question`). ``opens``: where the text's first arithmetic word stands
    (`_ARITHMETIC_OPENER`; before it, none opens)."""
    figure = found[index]
    if figure.start <= opens:
        return False, False  # (every match of `_ARITHMETIC` opens with such a word)
    opened = _ARITHMETIC.search(text, 0, figure.start)
    if opened is None:
        return False, False
    return True, arithmetic_names_question(text, found, opened.start(), figure.start, context)


def arithmetic_names_question(
    text: str, found: Sequence[Amount | Figure], opens: int, start: int, context: Context
) -> bool:
    """Whether the words that lead to the result of an arithmetic name what the question asks
    (DESIGN 4.5, v4): the words from the last figure before the arithmetic opens (at ``opens``)
    to its result (at ``start``) name the phrase or a word the question asks about, or the
    arithmetic gives its result with the question's own verb of paying ("after the trade-in you
    pay $899.00", asked what you pay). So "The list price is $1,249.00, so after the trade-in
    you pay $899.00" names no list price after the list price; "but the new balance, after the
    $50.00 credit, is $68.40" names the balance. When the question says nothing a rule reads,
    every arithmetic names it."""
    if not context.asks:
        return True
    since = max((other.end for other in found if other.end <= opens), default=0)
    if names_question(text[since:start], context):
        return True
    if not context.question_verbs:
        return False
    words = _WORDS.findall(text[opens:start].lower())
    return any(PAYING.get(word, "") in context.question_verbs for word in words)


def _alternative(text: str, found: Sequence[Amount | Figure], index: int) -> bool:
    """Whether the figure at ``found[index]`` is one of two joined as alternatives or a range
    (and they differ): "either $18.00 or $24.00", "$40-$50", "between $18 and $24"; or the
    alternative rejected, right after "not", "rather than", "instead of" ("£950, not £1,050").
    Never a bound ("not more than $500", "does not exceed $500") or "not only"."""
    if _REJECTED_FIGURE.search(text, max(0, found[index].start - 24), found[index].start):
        return True
    for low, high in ((index - 1, index), (index, index + 1)):
        if low < 0 or high >= len(found) or _restates(found[low], found[high]):
            continue
        between = text[found[low].end : found[high].start]
        if _EITHER.fullmatch(between) is None:
            continue
        word = between.strip().lower()
        before = text[: found[low].start]
        if word == "and" and _ALTERNATIVE_OPENING.search(before) is None:
            continue  # "$18 and $24": both, not one of them
        if word == "to" and _FROM.search(before) is not None:
            continue  # "from $18 to $24": a change
        if word == "or" or word == "-" or word == "to" or word == "and":
            return True
    return False


_REJECTED_FIGURE = re.compile(
    r"(?<!\w)(?:not|rather\s+than|instead\s+of)(?:\s+(?:the|a|an))?\s*$", re.IGNORECASE
)


def _restates(one: Amount | Figure, other: Amount | Figure) -> bool:
    """Whether two figures are one figure written twice ("0.0142 or 1.42%", "$5 or $5.00"), or
    figures of kinds that are not alternatives to each other. The two are both amounts or both
    figures: `_alternative` reads the amounts of a part apart from its figures."""
    if isinstance(one, Figure) and isinstance(other, Figure):
        if one.kind == COUNT or other.kind == COUNT:
            return one.kind != other.kind or one.value == other.value
        return one.as_kind(RATIO) == other.as_kind(RATIO)
    return one.value == other.value


def answer_sentences(answer: str) -> tuple[list[str], str]:
    """An answer's sentences, cleaned, and the invented source block cut off its end (an
    opening "Answer:" label dropped first)."""
    answer = without_answer_label(answer)
    block = invented_block_start(answer)
    body, invented = (answer, "") if block is None else (answer[:block], answer[block:])
    return [clean(sentence) for sentence in split_sentences(body)], invented.strip()


def polarity_of(sentence: str) -> str:
    """ "yes" or "no" when a sentence opens with it (after a frame such as "Based on the
    provided data, "), else "" (a sentence that concludes in other words, "the total debt
    decreased", states no polarity a rule can read)."""
    text = normalize(sentence)
    frame = _FRAME.match(text)
    found = _POLARITY.match(text, frame.end() if frame else 0)
    return found.group("word") if found else ""


def stance_in(sentences: Sequence[Sentence], claim: tuple[str, ...]) -> str:
    """The side an answer takes (`grader.rules.stance`): that of its first asserted sentence
    that takes one. A sentence that declines ends the search: the answer withholds its side
    ("I do not have the 2022 statements. To determine whether ..."), and what it says after
    is no answer it stands by. With no Yes-or-No question at hand (no ``claim``), only the
    first asserted sentence is read."""
    for sentence in sentences:
        asserted = sentence.clause.asserted
        if sentence.declines:
            return ""
        if not asserted:
            continue
        side = stance_of(without_opening(normalize(asserted)), claim)
        if side or not claim:
            return side
    return ""


def without_opening(text_norm: str) -> str:
    """Normalised text without the frames and connectives that open it ("Based on the
    filing, ", "Therefore, ", "As of 2023, ")."""
    position = -1
    while position != 0:
        frame = _FRAME.match(text_norm)
        position = frame.end() if frame else opening_connective(text_norm)
        text_norm = text_norm[position:]
    return text_norm


def read_answer(
    answer: str,
    strategy: Strategy,
    declines: DeclineList,
    context: Context = NO_CONTEXT,
) -> Reading:
    """Read an answer once (see the module docstring)."""
    texts, invented = answer_sentences(answer)
    sentences = []
    count = 0
    for text in texts:
        sentence = read_sentence(text, strategy, declines, context, count)
        count += len(sentence.parts)
        sentences.append(sentence)
    parts = tuple(part for sentence in sentences for part in sentence.parts)
    asserted_texts = [text for text in (s.clause.asserted for s in sentences) if text]
    asserted = " ".join(asserted_texts)
    decline = next((part.decline for part in parts if part.decline is not None), None)
    return Reading(
        sentences=tuple(sentences),
        parts=parts,
        invented_block=invented,
        asserted_text=asserted,
        asserted_norm=normalize(asserted),
        amounts=tuple(amount for part in parts for amount in part.amounts),
        figures=tuple(figure for part in parts for figure in part.figures),
        cited=tuple(dict.fromkeys(n for sentence in sentences for n in sentence.cited)),
        decline=decline,
        declines=decline is not None,
        absence=any(part.absence for part in parts),
        polarity=polarity_of(asserted_texts[0]) if asserted_texts else "",
    )


def answer_declines(answer: str, declines: DeclineList, strategy: Strategy | None = None) -> bool:
    """Whether an answer holds a decline phrase in one of its parts (the clause strategy does
    not change which parts decline)."""
    return read_answer(answer, strategy or get_strategy(), declines).declines
