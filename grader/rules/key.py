"""The gold read once: a key's facts as every check reads them (DESIGN 4.5-4.7).

`key_of(gold)` works out, once per gold (cached), what each check of `grader.rules.verdict`
reads of the key: the amounts of money it answers with (`money_key`), a Yes or No it opens
with (`polarity_of_key`), whether it says nothing exists (`is_none_key`), its figures
(`figures_of_key`) and whether it is its figure alone (`is_figure_key`) or a few words matched
word for word (`is_short_key`). A `Key` is to the gold what a `Reading` is to the answer.
Decides no outcome and writes no label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grader.rules.figures import KeyFigure, key_figures
from grader.rules.money_keys import MoneyKey
from grader.rules.normalize import clean, normalize
from grader.rules.reading import says_none
from grader.rules.sentences import split_sentences
from grader.schema import Gold


def answer_of_key(key: str) -> str:
    """What a key answers with: the whole key, or, for a key that opens with Yes or No, its
    first sentence: "No" of "No. The quick ratio is 0.54, calculated as ...", what follows is
    the key's reasoning and its figures are the working, not the answer; "Yes, CVS paid a $0.55
    dividend per share" whole."""
    polarity = polarity_of_key(key)
    if not polarity:
        return key
    stripped = key.strip()
    if stripped[len(polarity) : len(polarity) + 1] in (".", "!", ""):
        return stripped[: len(polarity)]
    return next(iter(split_sentences(stripped)), stripped)


@lru_cache(maxsize=4096)
def money_key(key: str, unit: str = "", precision: str = "") -> MoneyKey | None:
    """The money key of a gold key: the amounts (in any currency) of what it answers with (cached: a
    corpus's keys come back in every run of it)."""
    return MoneyKey.of(answer_of_key(key), unit, precision)


@lru_cache(maxsize=4096)
def figures_of_key(key: str) -> tuple[KeyFigure, ...]:
    """The figures of what a text key answers with (cached, as `money_key`)."""
    return key_figures(answer_of_key(key))


_POLARITY_KEY = ("yes", "no")


@lru_cache(maxsize=4096)
def polarity_of_key(key: str) -> str:
    """ "yes" or "no" for a key that opens with it ("No. The quick ratio was 0.54"), else ""."""
    words = key.strip().lower().split(None, 1)
    first = words[0].strip(".,;:!") if words else ""
    return (
        first
        if first in _POLARITY_KEY and words[0][len(first) :] in ("", ".", ",", ";", ":", "!")
        else ""
    )


def is_figure_key(key: str) -> bool:
    """A key that is its figure and nothing more ("0.83", "7.9%", "2.7 times")."""
    figures = figures_of_key(key)
    return len(figures) == 1 and clean(answer_of_key(key)).strip(" .~") == figures[0].figure.text


def is_none_key(key: str) -> bool:
    """A key of a few words that says nothing exists ("There are none", "None", "No such
    fee")."""
    return is_short_key(key) and says_none(normalize(answer_of_key(key)))


# A key of a few words that names something ("Data Center", "HO-5521-77") is checked word for
# word; a longer one is an explanation no rule can match.
SHORT_KEY_WORDS = 6


@lru_cache(maxsize=4096)
def is_short_key(key: str) -> bool:
    """A key of at most `SHORT_KEY_WORDS` words and one sentence: a name, matched word for word."""
    stripped = key.strip().rstrip(".")
    if not 0 < len(stripped.split()) <= SHORT_KEY_WORDS:
        return False
    sentences = _INITIAL.sub("", stripped)  # "J. R. R. Tolkien" is one sentence
    return not any(mark in sentences for mark in (". ", "\n", "; "))


_INITIAL = re.compile(r"(?<!\w)[^\W\d_]\.\s?")


@dataclass(frozen=True, slots=True, init=False)
class Key:
    """The gold read once: its facts as every check reads them, as the answer's are read once
    into a `Reading` (`key_of`; each is empty or false when the key is blank).

    Attributes:
        gold: The gold itself: its accepted answers (``gold.answers``), needles and golden
            documents.
        money: The amounts of what the key answers with (`money_key`), or None.
        polarity: "yes" or "no" for a key that opens with it (`polarity_of_key`), else "".
        is_none: The key says nothing exists (`is_none_key`).
        figures: The figures of what it answers with (`figures_of_key`).
        is_figure: The key is its figure and nothing more (`is_figure_key`).
        is_short: The key is a few words, matched word for word (`is_short_key`).

    A money key is judged by its amounts: ``figures``, ``is_figure`` and ``is_short`` are read
    only for a key that holds none, and are worked out only for one (empty, false).
    """

    gold: Gold
    money: MoneyKey | None
    polarity: str
    is_none: bool
    figures: tuple[KeyFigure, ...] = ()
    is_figure: bool = False
    is_short: bool = False

    def __init__(
        self,
        gold: Gold,
        money: MoneyKey | None,
        polarity: str,
        is_none: bool,
        figures: tuple[KeyFigure, ...] = (),
        is_figure: bool = False,
        is_short: bool = False,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "money", money)
        object.__setattr__(self, "polarity", polarity)
        object.__setattr__(self, "is_none", is_none)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "is_figure", is_figure)
        object.__setattr__(self, "is_short", is_short)


@lru_cache(maxsize=4096)
def key_of(gold: Gold) -> Key:
    """The facts of a gold's key, worked out once (cached: a corpus's golds come back in every
    answer to its questions)."""
    key = gold.key
    money = money_key(key, gold.unit, gold.precision) if key else None
    polarity = polarity_of_key(key) if key else ""
    if money is not None:
        return Key(gold, money, polarity, is_none_key(key))
    figures = figures_of_key(key) if key else ()
    return Key(
        gold, None, polarity, is_none_key(key), figures, is_figure_key(key), is_short_key(key)
    )
