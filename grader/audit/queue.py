"""The reading queue: the answers whose grade is most likely wrong, or needs a person, first.

An hour of reading finds more of the grader's mistakes when it starts where the grade is least
certain. Each answer gets the signals below that fire on it; its score is the sum of their
weights; the queue is the answers by score, highest first, then (a tie) a wrong answer nearer
an accepted answer first (`tie_nearness`: no signal, no weight, only an order among answers
that already tie), then in file order. Everything is deterministic and explained: each row
names the signals that put it where it is, and carries its nearness.

The weights are set here, once, from what each signal says about the grade (an abstention
needs a person outright; two graders (the judge, an imported grader) or two registered
strategies disagreeing say the verdict hangs on a line someone drew; a figure or a name that is
the key but for a slip says the rules may have missed it; a hedge, a middle verdict or another
name of the key's kind only say that people may read it either way). They are not fitted to any
labels, nor set per register: `bench/bench_queue.py` measures each signal's yield against
people's labels on FinanceBench's money answers and on EVOUNA's short answers to general
questions (spans and sentences), and a weight changed to raise those figures would be learnt
from them. A signal stays when it finds misgrades above the set's base rate where it fires;
one that fires on next to nothing in a register says nothing of it. One fact is counted once:
where two signals would fire on the same observation (the `sole` conclusion's partial of a pass
that asserts several amounts is the suspicious pass), only one of them does.

Where a key lists several accepted answers (``gold.accepted``), any one of them is the key: a
list of names is no explanation however long the key that joins them, and a pass that states
one accepted answer's facts is not missing another's.

Why one file: the weights are set against each other, once, in one table (`SIGNALS`), and each
detector below is read beside the weight it earns: a weight changes only after reading what its
detector fires on (`bench/bench_queue.py` measures each one's yield), and `signals_of` keeps one
fact counted once where two detectors would fire on the same observation (`_the_suspicion_again`,
the near-miss figure's amounts).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from rapidfuzz import fuzz

from grader.audit.agreement import imported_verdicts, judge_disagrees
from grader.records.judgements import Judgement
from grader.rules.citations import mention_spans
from grader.rules.clauses import STRATEGIES
from grader.rules.codes import (
    CONTENT,
    DECLINE_PHRASE,
    DECLINED,
    DECLINED_AMBIGUOUS,
    DECLINED_ANSWERABLE,
    HEDGED_FIGURE,
    MISSING_KEY,
    MISSING_KEY_AMOUNT,
    MISSING_KEY_FIGURE,
    MISSING_NEEDLE,
    MONEY,
    SEVERAL_AMOUNTS,
    WRONG_FIGURE,
    code_of,
    codes_of,
    family_of,
)
from grader.rules.conclusion import CONCLUSIONS
from grader.rules.currencies import last_place
from grader.rules.facts import Asserted
from grader.rules.figures import Figure, KeyFigure, key_figures
from grader.rules.key import answer_of_key, figures_of_key, is_short_key, key_of, money_key
from grader.rules.money import Amount, find_amounts
from grader.rules.money_keys import MoneyKey
from grader.rules.reading import Reading
from grader.rules.surface import fold_diacritics
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grade, Grader
from grader.schema import Answer


@dataclass(frozen=True, slots=True)
class Signal:
    """A reason to read an answer before trusting its grade, and how much it weighs."""

    name: str
    weight: int
    why: str


# The signals and their weights: the one place they are set.
UNJUDGED_SIGNAL = Signal(
    "unjudged", 5, "no rule can check the key: only a person (or the judge) can grade it"
)
JUDGE_SIGNAL = Signal("rules and judge disagree", 4, "two graders that read the answer differently")
STRATEGIES_SIGNAL = Signal(
    "strategies disagree",
    3,
    "a registered clause split or money conclusion grades it differently: the verdict hangs "
    "on where a line is drawn",
)
DECLINE_IN_PASS = Signal(
    "decline phrase inside a passing answer",
    3,
    "the answer says it cannot answer, and passed anyway",
)
SUSPICIOUS_SIGNAL = Signal(
    "suspicious pass",
    3,
    "a correct money answer whose key also sits in an attributed clause, or that asserts more "
    "than one amount",
)
NEAR_MISS = Signal(
    "near-miss figure",
    3,
    "wrong for an amount or figure that is the key rounded another way (within a unit of the "
    "coarser last place, or 1%), off by a scale word, or with two digits transposed: a slip a "
    "person may forgive, or the key written another way",
)
UNCHECKED = Signal(
    "passed without a fact of the key",
    2,
    "correct, though the answer does not state an amount or figure that the key gives (the "
    "rules check what the key answers with, not its reasons): it may give another one",
)
HEDGE = Signal(
    "hedge",
    1,
    "the answer qualifies what it asserts (probably, about $..., estimated), or declines in "
    "one part and gives a figure in another",
)
PARTIAL_SIGNAL = Signal("partial", 1, "a middle verdict, which people often read either way")
ABSENCE = Signal(
    "wrong only for what is missing",
    1,
    "wrong for a key or needle not found, with no wrong fact asserted: the answer may say it "
    "in other words",
)
EXPLAINED_FIGURE = Signal(
    "wrong for a figure of an explanation",
    2,
    "wrong for a figure (a percentage, ratio or count) while the key is an explanation that "
    "gives it among other facts: the answer's other figure may be of another quantity",
)
WORDS_OF_EXPLANATION = Signal(
    "passed on words of an explanation",
    1,
    "correct on a key that explains (no amount or figure in it) through its needles alone: a "
    "few of its words, which an answer can hold while explaining something else",
)
IMPORTED_SIGNAL = Signal(
    "rules and an imported grader disagree",
    4,
    "another grader imported with the answer (a promptfoo assertion, an Inspect scorer) reads "
    "it differently: two graders that read the answer differently",
)
NEAR_ACCEPTED = Signal(
    "wrong, holding an accepted answer or nearly",
    3,
    "wrong, though a stretch of the answer is an accepted answer but for a letter or two "
    "(rapidfuzz's partial ratio, case and accents folded): a spelling or form the list lacks, "
    "a slip a person may forgive, the key where the rules saw it rejected, or a near-name of "
    "another thing",
)
OTHER_OF_KIND = Signal(
    "wrong, naming another of the key's kind",
    1,
    "wrong, and the answer names a year, a number or a proper name, as the accepted answers "
    "are, that no accepted answer (nor the question) holds: another answer than the key, or "
    "the key under a name the list lacks",
)
PART_OF_KEY = Signal(
    "passed on part of the key",
    1,
    "correct, though no accepted answer stands whole in the answer, only a word of one that has "
    "several (Roosevelt for Franklin D. Roosevelt, Barbara Roberts for Barbara Millicent "
    "Roberts): part of a name may be read as the whole or as another of that name",
)
SIGNALS: tuple[Signal, ...] = (
    UNJUDGED_SIGNAL,
    JUDGE_SIGNAL,
    IMPORTED_SIGNAL,
    STRATEGIES_SIGNAL,
    DECLINE_IN_PASS,
    SUSPICIOUS_SIGNAL,
    NEAR_MISS,
    UNCHECKED,
    HEDGE,
    PARTIAL_SIGNAL,
    ABSENCE,
    EXPLAINED_FIGURE,
    WORDS_OF_EXPLANATION,
    NEAR_ACCEPTED,
    OTHER_OF_KIND,
    PART_OF_KEY,
)


@dataclass(frozen=True, slots=True)
class QueueRow:
    """One answer's place in the queue: its score and the signals, each with its detail."""

    qid: str
    position: int  # its place in file order
    verdict: str
    score: int
    signals: tuple[str, ...]
    # how near a wrong answer with a signal comes to an accepted answer (`tie_nearness`, 0-100):
    # among answers of one score, the nearer first
    nearness: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {
            "qid": self.qid,
            "score": self.score,
            "signals": list(self.signals),
            "verdict": self.verdict,
        }


# --- the signals ------------------------------------------------------------------------------


# The rules' suspicions of a pass (`Grade.suspicious`, by code) that raise their own signal
# here; the others (S001 "N amounts asserted", S002 "the key also sits in an attributed clause")
# are a suspicious pass.
_OWN_SIGNAL = (DECLINE_PHRASE.code, HEDGED_FIGURE.code)


def suspicious_reasons(grade: Grade) -> list[str]:
    """The rules' suspicions of a pass (`grader.rules.suspicions`) that make it a suspicious
    pass here: all but those with a signal of their own."""
    return [reason for reason in grade.suspicious if code_of(reason) not in _OWN_SIGNAL]


def suspicious_pass(grade: Grade) -> bool:
    """A correct money answer whose key also sits in an attributed clause, or that asserts more
    than one amount (the rules' suspicions, `grader.rules.suspicions`): a pass worth
    reading before trusting."""
    return bool(suspicious_reasons(grade))


_SCALE_FACTORS = tuple(Decimal(10) ** power for power in (3, 6, 9, 12))


def _transposed(a: Decimal, b: Decimal) -> bool:
    """Whether two amounts are written with the same digits, two of them swapped."""
    left, right = a.normalize().as_tuple(), b.normalize().as_tuple()
    if left.exponent != right.exponent or len(left.digits) != len(right.digits):
        return False
    differ = [i for i, (x, y) in enumerate(zip(left.digits, right.digits, strict=True)) if x != y]
    if len(differ) != 2:
        return False
    i, j = differ
    return left.digits[i] == right.digits[j] and left.digits[j] == right.digits[i]


def _close(value: Decimal, step: Decimal, key: Decimal, key_step: Decimal) -> bool:
    """Whether a value is the key rounded another way: the two lie within a unit of the last
    place the coarser of them is written to (7.8% and 7.9%, $3.7 billion and $3,725 million),
    or within 1% of the key (63.84 and 63.86, worked out from rounded parts; 1% is the usual
    tolerance of numeric-answer evaluations)."""
    return abs(value - key) <= max(step, key_step) or abs(value - key) * 100 <= abs(key)


def near_miss(amounts: Sequence[Asserted | Amount], key: MoneyKey) -> str | None:
    """The first asserted amount that is the key rounded another way (`_close`), the key off by
    a scale word (a thousand, a million, ... times too large or too small), or the key with two
    digits transposed; None when none is."""
    for amount in amounts:
        if key.matches(amount.value):
            continue
        what = amount.what if isinstance(amount, Asserted) else amount
        assert isinstance(what, Amount)
        step = last_place(what.number) * what.scale
        if any(
            _close(amount.value, step, value, key_step)
            for value, key_step in zip(key.values, key.steps, strict=True)
        ):
            return f"{amount.text} is the key rounded another way"
        for factor in _SCALE_FACTORS:
            if key.matches(amount.value * factor) or key.matches(amount.value / factor):
                return f"{amount.text} is the key off by a scale word"
        if any(_transposed(amount.value, value) for value in key.values):
            return f"{amount.text} is the key with two digits transposed"
    return None


def near_miss_figure(figures: Sequence[Asserted], key: Sequence[KeyFigure]) -> str | None:
    """The first asserted figure of a key figure's kind that is that figure rounded another
    way (`_close`), or with two digits transposed; None when none is (or one is the key)."""
    for item in figures:
        figure = item.what
        if not isinstance(figure, Figure):
            continue
        for wanted in key:
            if not wanted.figure.same_kind(figure) or wanted.matches(figure, item.negative):
                continue
            value = figure.as_kind(wanted.figure.kind)
            step = last_place(figure.number)
            if figure.kind != wanted.figure.kind:
                step = Figure(figure.text, step, figure.kind, figure.number).as_kind(
                    wanted.figure.kind
                )
            if _close(value, step, wanted.figure.value, wanted.step):
                return f"{figure.text} is {wanted.figure.text} rounded another way"
            if _transposed(value, wanted.figure.value):
                return f"{figure.text} is {wanted.figure.text} with two digits transposed"
    return None


def unchecked_fact(reading: Reading, key: str, unit: str, precision: str) -> str | None:
    """The first amount or figure of a key that no asserted amount or figure of the answer is
    (amounts at the key's precision, figures as `figure_rule` compares them); None when the
    answer states each."""
    for amount in find_amounts(key):
        wanted = MoneyKey.of(amount.text, unit, precision)
        if wanted is not None and not any(wanted.matches(a.value) for a in reading.amounts):
            return f"the key gives {amount.text}"
    for figure in key_figures(key):
        if not any(
            isinstance(item.what, Figure) and figure.matches(item.what, item.negative)
            for item in reading.figures
        ):
            return f"the key gives {figure.figure.text}"
    return None


def hedge(reading: Reading) -> str | None:
    """What hedges the answer (the reading's facts, `grader.rules.hedges`): a hedged figure, or
    a part that declines beside a part that gives a figure; None when nothing does."""
    hedged = [item for item in (*reading.amounts, *reading.figures) if item.hedged]
    if hedged:
        return f"hedged {hedged[0].text}"
    if reading.declines and any(
        not part.declines and (part.amounts or part.figures) for part in reading.parts
    ):
        return "declines in one part and gives a figure in another"
    return None


def passes_declining(grade: Grade, reading: Reading) -> bool:
    """Passed on its content while a part of it declines (a negative or an ambiguous question
    that passes for its decline is the decline working, not a doubt)."""
    passed_for_decline = any(code in _DECLINED for code in codes_of(grade.labels))
    return (
        grade.verdict in (CORRECT, PARTIAL)
        and reading.decline is not None
        and grade.kind != "negative"
        and not passed_for_decline
    )


# The labels of an answer graded for its decline (D004 is wrong, so never passes).
_DECLINED = frozenset(rule.code for rule in (DECLINED, DECLINED_AMBIGUOUS, DECLINED_ANSWERABLE))


def only_missing(grade: Grade) -> bool:
    """Wrong for something not found, with nothing wrong asserted: every label of the content
    and money rules says "missing", and the answer did not decline."""
    if grade.verdict != WRONG or grade.declined or grade.violation:
        return False
    content = [label for label in grade.labels if family_of(label) in (CONTENT, MONEY)]
    return bool(content) and all(code_of(label) in _ABSENT for label in content)


# The labels that say something was not found ("missing key: ...").
_ABSENT = frozenset(
    rule.code for rule in (MISSING_KEY_AMOUNT, MISSING_KEY, MISSING_KEY_FIGURE, MISSING_NEEDLE)
)


def explains(key: str) -> bool:
    """Whether what a key answers with is an explanation rather than a name or a figure: more
    than a short key's few words (`grader.rules.key.is_short_key`), as "Boeing's primary
    customers are a limited number of airlines and the US government, 40% of revenues"."""
    return bool(key.strip()) and not is_short_key(answer_of_key(key))


def wrong_for_explained_figure(grade: Grade, accepted: Sequence[str]) -> bool:
    """Wrong for a figure (a percentage, ratio or count) that is not the key's, where the key is
    an explanation (every accepted answer is one: a list of names is no explanation, however
    long the key that joins them): the rules compare every figure of the kind asserted against
    the one the explanation gives, whatever quantity each is of."""
    return (
        grade.verdict == WRONG
        and bool(accepted)
        and all(explains(key) for key in accepted)
        # (an amount that is not the key's is the money bar's to judge, and a key that lists
        # the amounts of its readings is no explanation)
        and WRONG_FIGURE.code in codes_of(grade.labels)
    )


def passed_on_words(grade: Grade, accepted: Sequence[str], unit: str, precision: str) -> bool:
    """Correct on an explanation that gives no amount or figure (every accepted answer one):
    nothing of it was checked but the needles mined from it (or written for it)."""
    return (
        grade.verdict == CORRECT
        and not grade.declined
        and bool(accepted)
        and all(
            explains(key) and money_key(key, unit, precision) is None and not figures_of_key(key)
            for key in accepted
        )
    )


def imported_disagreeing(answer: Answer, grade: Grade) -> list[str]:
    """The graders imported with the answer (its ``graders``) whose verdict is not the rules',
    as ``"promptfoo:contains says wrong"``; none where the rules abstain or a grader gave no
    verdict (a missing score is no verdict)."""
    if grade.verdict == UNJUDGED:
        return []
    return [
        f"{name} says {verdict}"
        for name, verdict in imported_verdicts(answer.graders).items()
        if verdict is not None and verdict != grade.verdict
    ]


# rapidfuzz's partial ratio (0-100) from which a stretch of the answer is an accepted answer
# "but for a letter or two": a word of seven letters with one written otherwise scores 86
# (Jinx and Jinks, Shostakovitch and Shostakovich score more); and the fewest letters an
# accepted answer (or the answer) needs for it, as a shorter one nearly matches a stretch of
# almost any text.
NEAR_SCORE = 85.0
NEAR_LETTERS = 4

_WORDS = re.compile(r"[^\W_]+")


def folded(text: str) -> str:
    """Lower case, accents dropped, every run of other characters a space: the form two
    spellings are compared in ("Götterdämmerung (The Twilight)" is "gotterdammerung the
    twilight")."""
    return " ".join(_WORDS.findall(fold_diacritics(text.casefold())))


def near_accepted(text: str, accepted: Sequence[str]) -> str | None:
    """The first accepted answer that a stretch of the answer is, or nearly is (rapidfuzz's
    partial ratio of the two folded at least `NEAR_SCORE`; an answer shorter than the accepted
    answer is compared within it), as ``holds "Mr Jinx" nearly (86)``; None when none is."""
    answer = folded(text)
    if len(answer.replace(" ", "")) < NEAR_LETTERS:
        return None
    for candidate in accepted:
        wanted = folded(candidate)
        if len(wanted.replace(" ", "")) < NEAR_LETTERS:
            continue
        score = fuzz.partial_ratio(wanted, answer, score_cutoff=NEAR_SCORE)
        if score:
            how = "" if score >= 100 else f" nearly ({score:.0f})"
            return f'holds "{candidate}"{how}'
    return None


# A year (1000-2099), a number (digits, grouped or with decimals), a proper name (capitalised
# words, with the particles names carry between them).
_YEAR_OF = re.compile(r"(?<![\w.,])(1\d{3}|20\d{2})(?:s|'s)?(?![\w]|[.,]\d)")
_NUMBER_OF = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w]|[.,]\d)")
_PARTICLES = "of|de|du|da|di|del|von|van|der|den|la|le|the|and|y|bin|ibn|al|el|&"
_NAME_OF = re.compile(
    rf"(?<![\w'’-])[A-Z][\w'’.-]*(?:[ -](?:(?:{_PARTICLES}) )*[A-Z0-9][\w'’.-]*)*"
)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n\"“(]\s*)$")


def key_kind(accepted: Sequence[str]) -> str | None:
    """What the key names, from its first accepted answer: ``year``, ``number``, ``name`` (every
    word capitalised but the particles), or None (a phrase, a sentence: no kind to compare)."""
    if not accepted:
        return None
    first = accepted[0].strip()
    if _YEAR_OF.fullmatch(first):
        return "year"
    if _NUMBER_OF.fullmatch(first.replace(" ", "")):
        return "number"
    words = [w for w in re.split(r"[\s-]+", first) if w and w.lower() not in _PARTICLES.split("|")]
    if words and all(w[0].isupper() or w[0].isdigit() for w in words) and len(words) <= 5:
        return "name"
    return None


def _named(text: str, kind: str) -> list[str]:
    """What the text names of a kind: its years, numbers, or proper names (a single
    capitalised word that starts a sentence is left out: its capital says nothing)."""
    if kind == "year":
        return [m.group(1) for m in _YEAR_OF.finditer(text)]
    if kind == "number":
        return [m.group(0) for m in _NUMBER_OF.finditer(text)]
    found = []
    for match in _NAME_OF.finditer(text):
        name = match.group(0).rstrip(".-")
        if " " not in name and _SENTENCE_START.search(text[: match.start()]):
            continue
        found.append(name)
    return found


def nearness(text: str, accepted: Sequence[str]) -> float:
    """How near the answer comes to an accepted answer, 0 to 100: the highest rapidfuzz partial
    ratio of an accepted answer against the answer, both `folded` (the measure
    `near_accepted` draws its line on, here without a line)."""
    answer = folded(text)
    if not answer:
        return 0.0
    return max(
        (fuzz.partial_ratio(wanted, answer) for a in accepted if (wanted := folded(a))), default=0.0
    )


def tie_nearness(
    text: str, accepted: Sequence[str], grade: Grade, score: int, money: bool
) -> float:
    """The tie breaker among answers of one score: for a wrong answer (``text``) with a signal,
    on a key written in words (no accepted answer holds a digit or is an explanation; an amount,
    ``money``, never), its `nearness` to today's ``accepted`` answers; 0 for every other answer.

    What it says: a wrong answer that comes near the key in its letters ("Indien" for India, "le
    Chili" for Chile) is more likely the key in another form than one that comes
    nowhere near it ("Neapel" for L'Aquila). The line `NEAR_SCORE` draws is a signal of its own
    (`near_accepted`); below it, nearness only orders answers that already tie. Not for: a pass
    (it holds the key or passed without it: near by construction, or nearness says nothing of
    it); an explanation (an answer shares letters with any long text); a key with a digit, a
    year, a number, an amount, a figure (digits near in letters are no nearer in value: the
    near-miss figure compares those). An answer without a signal stays in file order (the
    queue's end is read in file order)."""
    if (
        score == 0
        or grade.verdict != WRONG
        or money
        or not accepted
        or any(explains(key) or any(ch.isdigit() for ch in key) for key in accepted)
    ):
        return 0.0
    return nearness(text, accepted)


def other_of_kind(text: str, question: str, accepted: Sequence[str]) -> str | None:
    """The first thing the answer names of the key's kind (`key_kind`) that no accepted answer
    and not the question holds (a name compared as `near_accepted` compares, a year or number by
    its digits); None when there is none, or the key has no kind."""
    kind = key_kind(accepted)
    if kind is None:
        return None
    if kind in ("year", "number"):
        # each year or number the accepted answers and the question give, by its digits
        given = {_digits(n) for a in (*accepted, question) for n in _named(a, kind)}
        for name in _named(text, kind):
            if _digits(name) not in given:
                return f"{name} ({kind})"
        return None
    held = [folded(a) for a in (*accepted, question)]
    for name in _named(text, kind):
        wanted = folded(name)
        if len(wanted.replace(" ", "")) < NEAR_LETTERS:
            continue  # ("I", "Mr": too short to compare)
        if not any(fuzz.partial_ratio(wanted, a, score_cutoff=NEAR_SCORE) for a in held if a):
            return f"{name} ({kind})"
    return None


def part_of_key(text: str, accepted: Sequence[str]) -> str | None:
    """The first accepted answer of several words (on a key of a kind, `key_kind`) of which the
    answer holds a word but none whole, as ``a word of "Franklin D. Roosevelt"``; None when an
    accepted answer stands whole in it (words compared `folded`, whole words only, of at least
    `NEAR_LETTERS` letters: not "of", "the", "Mr"), or none of several words has a word in it.

    Not: the key whole beside more words ("Franklin D. Roosevelt's dog"), one accepted answer
    whole while another's words are missing ("Everest" with "Mount Everest" also listed), a
    phrase key with no kind ("the brain and spinal cord"), a short word shared by chance."""
    if key_kind(accepted) is None:
        return None
    answer = f" {folded(text)} "
    wanted = [folded(key) for key in accepted]
    if any(key and f" {key} " in answer for key in wanted):
        return None
    for key, original in zip(wanted, accepted, strict=True):
        words = key.split()
        if len(words) > 1 and any(
            len(word) >= NEAR_LETTERS and f" {word} " in answer for word in words
        ):
            return f'a word of "{original}"'
    return None


def _digits(figure: str) -> str:
    return "".join(ch for ch in figure if ch.isdigit())


def strategy_variants(grader: Grader) -> tuple[list[Grader], list[Grader]]:
    """The grader under every other registered clause strategy, and every other money
    conclusion (the rest of its settings kept)."""
    clauses = [grader.variant(strategy=name) for name in STRATEGIES if name != grader.strategy]
    money = [grader.variant(money=name) for name in CONCLUSIONS if name != grader.money]
    return clauses, money


def disagreeing_strategies(
    answer: Answer,
    grade: Grade,
    reading: Reading,
    variants: tuple[Sequence[Grader], Sequence[Grader]],
) -> list[str]:
    """The registered strategies that grade the answer otherwise (verdict or money violation),
    as ``"clause mentions: correct"``.

    A clause strategy is asked only about a sentence that names a numbered source, and a money
    conclusion decides only between two or more asserted amounts, so the others are not asked
    when the answer has neither.
    """
    clauses, money = variants
    asked: list[tuple[str, Grade]] = []
    if any(mention_spans(sentence.clause.text) for sentence in reading.sentences):
        asked += [(f"clause {g.strategy}", g.grade(answer)) for g in clauses]
    if grade.money.is_money and len({a.value for a in reading.amounts}) > 1:
        # The same reading: a money conclusion only picks among the amounts it found.
        asked += [(f"money {g.money}", g.grade_reading(answer, reading)) for g in money]
    return [
        f"{name}: {theirs.verdict}" + (" (violation)" if theirs.violation else "")
        for name, theirs in asked
        if (theirs.verdict, theirs.violation) != (grade.verdict, grade.violation)
        and not _the_suspicion_again(name, theirs, grade)
    ]


def _the_suspicion_again(name: str, theirs: Grade, grade: Grade) -> bool:
    """Whether a strategy's other grade is a suspicion of the pass already counted: `sole`
    makes partial every answer that asserts another amount beside the key, so on a pass with
    several amounts asserted its partial is the suspicious pass's "N amounts asserted", one
    fact that is counted once, there."""
    return (
        name == "money sole"
        and theirs.verdict == PARTIAL
        and not theirs.violation
        and SEVERAL_AMOUNTS.code in codes_of(grade.suspicious)
    )


def signals_of(
    answer: Answer,
    grade: Grade,
    reading: Reading,
    judgement: Judgement | None,
    grader: Grader,
    variants: tuple[Sequence[Grader], Sequence[Grader]],
) -> list[tuple[Signal, str]]:
    """Every signal that fires on one answer, each with its detail ("" when it has none)."""
    fired: list[tuple[Signal, str]] = []
    if grade.verdict == UNJUDGED:
        fired.append((UNJUDGED_SIGNAL, ""))
    if judge_disagrees(grade, judgement):
        fired.append((JUDGE_SIGNAL, f"judge says {judgement.verdict}"))  # type: ignore[union-attr]
    imported = imported_disagreeing(answer, grade)
    if imported:
        fired.append((IMPORTED_SIGNAL, "; ".join(imported)))
    strategies = disagreeing_strategies(answer, grade, reading, variants)
    if strategies:
        fired.append((STRATEGIES_SIGNAL, "; ".join(strategies)))
    if passes_declining(grade, reading):
        fired.append((DECLINE_IN_PASS, f'"{grade.decline_phrase}"'))
    if suspicious_pass(grade):
        fired.append((SUSPICIOUS_SIGNAL, "; ".join(suspicious_reasons(grade))))
    gold = grader.gold_of(answer)
    facts = key_of(gold)
    missed = None
    if facts.money is not None and not grade.money.key_found:
        missed = near_miss([a for a in reading.amounts if not a.from_question], facts.money)
    elif facts.money is None and gold.key and grade.verdict != CORRECT:
        missed = near_miss_figure(reading.figures, facts.figures)
    if missed:
        fired.append((NEAR_MISS, missed))
    if grade.verdict == CORRECT and gold.key and not grade.declined:
        # any one accepted answer is the key: a fact is unchecked when each of them has one
        unchecked = [
            unchecked_fact(reading, key, gold.unit, gold.precision) for key in gold.answers
        ]
        if all(unchecked):
            fired.append((UNCHECKED, unchecked[0]))  # type: ignore[arg-type]
    hedged = hedge(reading)
    if hedged:
        fired.append((HEDGE, hedged))
    if grade.verdict == PARTIAL:
        fired.append((PARTIAL_SIGNAL, ""))
    if only_missing(grade):
        fired.append((ABSENCE, ""))
    if wrong_for_explained_figure(grade, gold.answers):
        fired.append((EXPLAINED_FIGURE, ""))
    if passed_on_words(grade, gold.answers, gold.unit, gold.precision):
        fired.append((WORDS_OF_EXPLANATION, ""))
    if grade.verdict == WRONG and gold.key and facts.money is None and not grade.declined:
        # (an amount the key gives is the near-miss figure's to compare)
        holds = near_accepted(answer.answer, gold.answers)
        if holds:
            fired.append((NEAR_ACCEPTED, holds))
    if grade.verdict == WRONG and not grade.declined:
        other = other_of_kind(answer.answer, answer.question, gold.answers)
        if other:
            fired.append((OTHER_OF_KIND, other))
    if grade.verdict == CORRECT and not grade.declined:
        part = part_of_key(answer.answer, gold.answers)
        if part:
            fired.append((PART_OF_KEY, part))
    return fired


def describe(signal: Signal, detail: str) -> str:
    """``"hedge (+1): declines in one part and gives a figure in another"``."""
    return f"{signal.name} (+{signal.weight})" + (f": {detail}" if detail else "")


def reading_queue(
    items: Iterable[tuple[Answer, Grade, Judgement | None]], grader: Grader
) -> list[QueueRow]:
    """The answers in reading order: by score, highest first, then (a tie) a wrong answer nearer
    an accepted answer first (`tie_nearness`), then in file order.

    Args:
        items: Each answer in file order, with today's grade and its judgement (or None).
        grader: The grader that made the grades (its reading, strategies and gold are used).
    """
    variants = strategy_variants(grader)
    rows = []
    for position, (answer, grade, judgement) in enumerate(items):
        fired = signals_of(answer, grade, grader.read(answer), judgement, grader, variants)
        score = sum(signal.weight for signal, _detail in fired)
        gold = grader.gold_of(answer)
        money = key_of(gold).money is not None
        rows.append(
            QueueRow(
                grade.qid,
                position,
                grade.verdict,
                score,
                tuple(describe(signal, detail) for signal, detail in fired),
                tie_nearness(answer.answer, gold.answers, grade, score, money),
            )
        )
    return sorted(rows, key=lambda row: (-row.score, -row.nearness, row.position))


def share_found(order: Sequence[str], wanted: set[str], fraction: float) -> float | None:
    """The share of ``wanted`` (the grader's disagreements with people) in the first
    ``fraction`` of ``order`` (rounded up to a whole answer); None when nothing is wanted."""
    if not wanted:
        return None
    first = order[: math.ceil(round(len(order) * fraction, 9))]
    return sum(1 for qid in first if qid in wanted) / len(wanted)
