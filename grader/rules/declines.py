"""Decline detection: does a sentence read as an honest "I couldn't find it"? (DESIGN 4.2)

The phrase list is data, kept in ``grader/needles/declines.json`` (or a workspace's own list):

- each **phrase** names a family of phrasings in the notation of `grader.rules.match` (``{a|b}``
  alternatives, ``word*`` endings), with the reason it is there, where it was observed, and
  the condition it needs, if any;
- a **condition** is a second list of phrases that must occur elsewhere in the same sentence.
  The one shipped, ``sources``, holds the words a model uses for what it was given ("the
  sources", "the provided context", "the filing"): "not provided" is a decline in "the fee is
  not provided in the documents" and an answer in "water backup coverage is not provided by
  the endorsement";
- a phrase marked **alone** declines only as the whole of a part (punctuation aside): a bare
  non-answer ("N/A", "Unknown.") is a decline, the same word inside a sentence ("the sender is
  unknown") is not;
- the sentences a conditioned phrase must *not* read as declines are kept with it as its
  counter-examples, and each deliberate **exclusion** ("not covered") keeps its reason and its
  counter-examples: the tests replay every one;
- the **examples** are real declines that must always be recognised.

A sentence declines when it holds a phrase and the phrase's condition holds. The decline check
is consulted in exactly three places (see `grader.rules.decline_check`), so widening the list
can only turn wrong into correct and remove money violations, never the reverse, but for one
way down (v4): an answer that withholds the answer to an answerable question is wrong whatever
the key holds (D004), so one no rule judged (unjudged) becomes wrong.

Why one file: the decline list is one data type. A phrase, its condition, its exclusions and its
examples are declared, validated (`validate_phrase`, `decline_list_from_dict`), matched
(`DeclineList`) and written back (`dump_declines`) here, so a field added to a phrase is added in
one file; the list itself is data (``grader/needles/declines.json``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import orjson

import grader
from grader.errors import GraderConfigError
from grader.rules.match import (
    PhraseSyntaxError,
    holds_pieces,
    phrase_choices,
    phrase_first_words,
    phrase_match,
    phrase_pattern,
    phrase_pieces,
)
from grader.rules.normalize import normalize_phrase

# (From the package's folder, not this file's: compiled, this module lies in a build folder.)
DEFAULT_PATH = Path(grader.__file__).parent / "needles" / "declines.json"
_WORD = re.compile(r"\w+")
# The same words in ASCII text (there "\w" is these characters), which the engine reads faster:
# it tests each character against a set, where "\w" asks each character's category (`_words`).
_ASCII_WORD = re.compile(r"[0-9A-Z_a-z]+")
# What may stand around a phrase that must be alone in its part: punctuation and spaces.
_ALONE_AROUND = re.compile(r"[\W_]*")
# Words whose phrases `DeclineList.find_fast` keeps at hand (a run's vocabulary, mostly).
_PLACES_CACHED = 1 << 16
MAX_PHRASE_CHARS = 500
LIST_VERSION = 2


@dataclass(frozen=True, slots=True)
class DeclinePhrase:
    """A phrase (a family of phrasings) on the list, why it is there, where it was observed,
    the condition it needs, whether it must be the whole of its part (``alone``), and the
    sentences it must not read as declines."""

    phrase: str
    why: str
    observed: str = ""
    override: str = ""
    requires: str = ""
    counterexamples: tuple[str, ...] = ()
    alone: bool = False


@dataclass(frozen=True)
class Condition:
    """A condition a phrase may require: one of these phrases elsewhere in its sentence, not
    inside an opening frame (a sentence that opens "Based on the provided data, ..." names the
    sources to introduce the model's own answer; the frame runs to the first comma)."""

    name: str
    why: str
    phrases: tuple[str, ...]
    frames: tuple[str, ...] = ()
    frames_why: str = ""
    _tables: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def frame_end(self, first_part: str) -> int:
        """Where an opening frame ends in a sentence's first part (normalised), or 0. The frame
        may follow one word and a comma ("Therefore, based on the data provided, ...")."""
        opener = re.match(r"\w+, ", first_part)
        starts = (0, opener.end()) if opener else (0,)
        for frame in self.frames:
            found = phrase_match(frame, first_part)
            if found is not None and found.start() in starts and "," in first_part[found.end() :]:
                return first_part.index(",", found.end()) + 1
        return 0

    def holds(self, elsewhere: str) -> bool:
        """Whether one of the phrases occurs in ``elsewhere`` (normalised)."""
        return any(pattern.search(elsewhere) for pattern in self._patterns)

    @property
    def _patterns(self) -> tuple[re.Pattern[str], ...]:
        return _kept(self._tables, "patterns", lambda: tuple(map(phrase_pattern, self.phrases)))


@dataclass(frozen=True, slots=True)
class Exclusion:
    """A phrase deliberately kept off the list, and the answers it would have misread."""

    phrase: str
    why: str
    counterexamples: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclineExample:
    """A real answer that is a decline and must stay recognised as one."""

    answer: str
    observed: str = ""


@dataclass(frozen=True, slots=True, init=False)
class DeclineMatch:
    """Where a sentence declines: the phrase on the list and the words it matched."""

    phrase: DeclinePhrase
    words: str

    def __init__(self, phrase: DeclinePhrase, words: str) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "phrase", phrase)
        object.__setattr__(self, "words", words)


@dataclass(frozen=True)
class DeclineList:
    """The decline phrases, their conditions, the recorded exclusions and the examples."""

    phrases: tuple[DeclinePhrase, ...]
    exclusions: tuple[Exclusion, ...] = ()
    examples: tuple[DeclineExample, ...] = ()
    conditions: tuple[Condition, ...] = ()
    source: str = field(default="", compare=False)
    # The search's tables, each built on first use and kept with the list (a dict, since the
    # list is frozen; not `functools.cached_property`, which compiled code recomputes at every
    # access: docs/performance.md). The words' phrases are kept there too (`_places`).
    _tables: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    _places_cache: dict[str, tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def _conditions(self) -> dict[str, Condition]:
        return _kept(self._tables, "conditions", lambda: {c.name: c for c in self.conditions})

    def texts(self) -> tuple[str, ...]:
        """The phrases as written."""
        return tuple(p.phrase for p in self.phrases)

    def find(self, parts: Sequence[str], index: int) -> DeclineMatch | None:
        """The decline in one part of a sentence, or None (the rule; see `grader.rules.reading`).

        The phrase whose words start first in the part wins (of those starting at the same
        place, the one earlier on the list), among the phrases whose condition holds. A
        condition is looked for in the rest of the sentence: every part, without the phrase's
        own words and without an opening frame.

        Args:
            parts: The parts of one sentence, each normalised (`grader.rules.normalize.normalize`).
            index: Which part to look in.
        """
        return self._first_of(range(len(self.phrases)), parts, index)

    def _first_of(
        self, orders: Iterable[int], parts: Sequence[str], index: int
    ) -> DeclineMatch | None:
        """`find` among the phrases at these places on the list (in list order)."""
        part = parts[index]
        patterns = self._patterns
        pieces = self._pieces
        choices = self._choices
        best: tuple[int, int, DeclineMatch] | None = None
        for order in orders:
            phrase = self.phrases[order]
            if not holds_pieces(pieces[order], choices[order], part):
                continue  # it cannot match here: see `phrase_pieces`, `phrase_choices`
            found = patterns[order].search(part)
            if found is None or (best is not None and found.start() >= best[0]):
                continue
            if (
                phrase.alone
                and _ALONE_AROUND.fullmatch(part[: found.start()] + part[found.end() :]) is None
            ):
                continue  # a bare non-answer only as the whole part
            if phrase.requires:
                condition = self._conditions[phrase.requires]
                if not condition.holds(_elsewhere(parts, index, found.span(), condition)):
                    continue
            best = (found.start(), order, DeclineMatch(phrase, found.group(0)))
        return None if best is None else best[2]

    @property
    def _patterns(self) -> tuple[re.Pattern[str], ...]:
        """Each phrase's compiled pattern (`grader.rules.match.phrase_pattern`), in list order."""
        return _kept(
            self._tables, "patterns", lambda: tuple(phrase_pattern(p.phrase) for p in self.phrases)
        )

    @property
    def _pieces(self) -> tuple[tuple[str, ...], ...]:
        """Each phrase's literal pieces (`grader.rules.match.phrase_pieces`), in list order."""
        return _kept(
            self._tables, "pieces", lambda: tuple(phrase_pieces(p.phrase) for p in self.phrases)
        )

    @property
    def _choices(self) -> tuple[tuple[tuple[tuple[str, ...], ...], ...], ...]:
        """Each phrase's groups as their alternatives' pieces (`grader.rules.match.phrase_choices`),
        in list order."""
        return _kept(
            self._tables, "choices", lambda: tuple(phrase_choices(p.phrase) for p in self.phrases)
        )

    @property
    def _first_words(self) -> dict[str, list[int]]:
        """The phrases (their places on the list) that can start with each word, the word as
        its letters and digits ("sorry," as "sorry"; ``word*`` keeps its star)."""
        return _kept(self._tables, "first words", self._phrases_by_first_word)

    def _phrases_by_first_word(self) -> dict[str, list[int]]:
        starting: dict[str, list[int]] = {}
        for order, phrase in enumerate(self.phrases):
            for word in phrase_first_words(phrase.phrase):
                # (its first run of letters and digits, as the part's words are found: "n/a"
                # under "n"; a star kept where it ends that run)
                run = _WORD.match(word)
                core = run.group(0) if run else re.sub(r"[^\w*]", "", word)
                if run and word[run.end() :] == "*":
                    core += "*"
                starting.setdefault(core, []).append(order)
        return starting

    @property
    def _starred(self) -> dict[str, list[int]]:
        """The first words ending in "*", as the beginning they stand for, with their phrases."""
        return _kept(
            self._tables,
            "starred",
            lambda: {w[:-1]: places for w, places in self._first_words.items() if w.endswith("*")},
        )

    def _places(self, word: str) -> tuple[int, ...]:
        """The phrases (their places on the list) that can start at this word: those whose first
        word it is, and those whose starred first word it begins with. Cached: the words of
        answers repeat."""
        cache = self._places_cache
        found = cache.get(word)
        if found is None:
            places = list(self._first_words.get(word, ()))
            for begun, starred in self._starred.items():
                if word.startswith(begun):
                    places.extend(starred)
            if len(cache) >= _PLACES_CACHED:
                cache.clear()
            found = cache[word] = tuple(places)
        return found

    def find_fast(self, parts: Sequence[str], index: int) -> DeclineMatch | None:
        """Equals `find`, searching only the phrases that can start at a word of the part (a
        phrase cannot match where none of its first words is). (Most words start no phrase: the
        places are gathered only for those that do, and put in order only where there are any.)"""
        orders: list[int] = []
        for word in _words(parts[index]):
            places = self._places(word)
            if places:
                orders.extend(places)
        return self._first_of(sorted(set(orders)), parts, index) if orders else None

    def with_phrase(self, phrase: DeclinePhrase) -> DeclineList:
        """A copy with one more phrase."""
        _check_phrase(phrase, self._conditions, self.source or "decline list")
        return replace(self, phrases=(*self.phrases, phrase))

    def without_phrase(self, text: str) -> DeclineList:
        """A copy without the phrase ``text`` (compared normalized)."""
        target = normalize_phrase(text)
        return replace(
            self, phrases=tuple(p for p in self.phrases if normalize_phrase(p.phrase) != target)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": LIST_VERSION,
            "conditions": {
                c.name: {
                    "why": c.why,
                    "phrases": list(c.phrases),
                    "frames": list(c.frames),
                    "frames_why": c.frames_why,
                }
                for c in self.conditions
            },
            "phrases": [_phrase_dict(p) for p in self.phrases],
            "exclusions": [
                {"phrase": e.phrase, "why": e.why, "counterexamples": list(e.counterexamples)}
                for e in self.exclusions
            ],
            "examples": [
                {"answer": x.answer, **({"observed": x.observed} if x.observed else {})}
                for x in self.examples
            ],
        }


def _words(text: str) -> list[str]:
    """The words of ``text`` as `_WORD` finds them (`_ASCII_WORD` in ASCII text)."""
    return (_ASCII_WORD if text.isascii() else _WORD).findall(text)


def _kept(tables: dict[str, Any], name: str, build: Callable[[], Any]) -> Any:
    """``tables[name]``, built by ``build`` on first use."""
    found = tables.get(name)
    if found is None:
        found = tables[name] = build()
    return found


def _elsewhere(
    parts: Sequence[str], index: int, words: tuple[int, int], condition: Condition
) -> str:
    """The sentence without the phrase's own words and without its opening frame."""
    kept = []
    frame_end = condition.frame_end(parts[0])
    for number, text in enumerate(parts):
        drop = []
        if number == 0 and frame_end:
            drop.append((0, frame_end))
        if number == index:
            drop.append(words)
        position = 0
        for start, end in sorted(drop):
            kept.append(text[position:start])
            position = max(position, end)
        kept.append(text[position:])
    return " ".join(kept)


def _phrase_dict(phrase: DeclinePhrase) -> dict[str, Any]:
    record: dict[str, Any] = {"phrase": phrase.phrase, "why": phrase.why}
    for name in ("observed", "override", "requires"):
        if getattr(phrase, name):
            record[name] = getattr(phrase, name)
    if phrase.counterexamples:
        record["counterexamples"] = list(phrase.counterexamples)
    if phrase.alone:
        record["alone"] = True
    return record


def validate_phrase(phrase: str) -> str:
    """Refuse a phrase that cannot sensibly be a needle.

    Returns:
        The phrase, stripped.

    Raises:
        GraderConfigError: empty, whitespace only, longer than the limit, or in a notation
            that cannot be read.
    """
    stripped = phrase.strip()
    if not stripped:
        raise GraderConfigError("a phrase cannot be empty or whitespace")
    if len(stripped) > MAX_PHRASE_CHARS:
        raise GraderConfigError(
            f"a phrase may be at most {MAX_PHRASE_CHARS} characters (got {len(stripped)})"
        )
    try:
        phrase_pattern(stripped)
    except PhraseSyntaxError as exc:
        raise GraderConfigError(f"phrase {stripped!r}: {exc}") from exc
    return stripped


def _check_phrase(phrase: DeclinePhrase, conditions: dict[str, Condition], where: str) -> None:
    if phrase.requires and phrase.requires not in conditions:
        known = ", ".join(conditions) or "none"
        raise GraderConfigError(
            f"{where}: phrase {phrase.phrase!r} requires an unknown condition "
            f"{phrase.requires!r} (known: {known})"
        )


def _strings(item: dict[str, Any], name: str) -> tuple[str, ...]:
    values = item.get(name, [])
    if not isinstance(values, list):
        raise TypeError(f"{name} must be a list")
    return tuple(str(value) for value in values)


def decline_list_from_dict(data: Any, source: str = "") -> DeclineList:
    """Build and validate a `DeclineList` from its JSON form (list versions 1 and 2).

    Raises:
        GraderConfigError: naming the entry that is malformed.
    """
    where = source or "decline list"
    if not isinstance(data, dict):
        raise GraderConfigError(f"{where}: expected a JSON object")
    try:
        conditions = tuple(
            Condition(
                name=str(name),
                why=str(item.get("why", "")),
                phrases=tuple(validate_phrase(p) for p in _strings(item, "phrases")),
                frames=tuple(validate_phrase(p) for p in _strings(item, "frames")),
                frames_why=str(item.get("frames_why", "")),
            )
            for name, item in (data.get("conditions") or {}).items()
        )
        phrases = tuple(
            DeclinePhrase(
                phrase=validate_phrase(item["phrase"]),
                why=str(item.get("why", "")),
                observed=str(item.get("observed", "")),
                override=str(item.get("override", "")),
                requires=str(item.get("requires", "")),
                counterexamples=_strings(item, "counterexamples"),
                alone=bool(item.get("alone", False)),
            )
            for item in data.get("phrases", [])
        )
        exclusions = tuple(
            Exclusion(
                phrase=validate_phrase(item["phrase"]),
                why=str(item.get("why", "")),
                counterexamples=_strings(item, "counterexamples"),
            )
            for item in data.get("exclusions", [])
        )
        examples = tuple(
            DeclineExample(answer=str(item["answer"]), observed=str(item.get("observed", "")))
            for item in data.get("examples", [])
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise GraderConfigError(f"{where}: malformed entry ({exc})") from exc
    by_name = {condition.name: condition for condition in conditions}
    for phrase in phrases:
        _check_phrase(phrase, by_name, where)
    listed = {normalize_phrase(p.phrase) for p in phrases}
    for exclusion in exclusions:
        if normalize_phrase(exclusion.phrase) in listed:
            raise GraderConfigError(
                f"{where}: {exclusion.phrase!r} is both on the list and a recorded exclusion"
            )
    return DeclineList(phrases, exclusions, examples, conditions, source=source)


def load_declines(path: Path | None = None) -> DeclineList:
    """Read the decline list (default: the one shipped in ``grader/needles/``).

    Raises:
        GraderConfigError: when the file is missing or malformed.
    """
    path = Path(path) if path else DEFAULT_PATH
    try:
        data = orjson.loads(path.read_bytes())
    except OSError as exc:
        raise GraderConfigError(f"cannot read decline list {path}: {exc.strerror}") from exc
    except orjson.JSONDecodeError as exc:
        raise GraderConfigError(f"decline list {path} is not valid JSON: {exc}") from exc
    return decline_list_from_dict(data, source=str(path))


def dump_declines(declines: DeclineList) -> bytes:
    """The decline list in its on-disk JSON form (stable, reviewable diffs)."""
    return orjson.dumps(declines.to_dict(), option=orjson.OPT_INDENT_2) + b"\n"
