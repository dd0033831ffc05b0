"""Decline detection: does an answer read as an honest "I couldn't find it" (DESIGN 4.2)?

The phrase list is data, kept in ``grader/needles/declines.json``: each phrase carries the
reason it is there and where it was observed; each deliberate exclusion carries its reason and
the substantive answers it would have misread (its counter-examples); the regression examples
are real declines that must always be recognised. The tests read all three.

The decline check is consulted in exactly three places (see `grader.verdict`): the negative
accept path, the ambiguous accept path and the money guard. So widening the list can only turn
wrong into correct and remove money violations, never the reverse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson

from grader.errors import GraderConfigError
from grader.match import any_phrase_pattern, normalize, normalize_phrase, phrase_anchors

DEFAULT_PATH = Path(__file__).parent / "needles" / "declines.json"
MAX_PHRASE_CHARS = 200


@dataclass(frozen=True, slots=True)
class DeclinePhrase:
    """A phrase on the list, why it is there, and where it was observed."""

    phrase: str
    why: str
    observed: str = ""
    override: str = ""


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


@dataclass(frozen=True)
class DeclineList:
    """The decline phrases, the recorded exclusions and the regression examples."""

    phrases: tuple[DeclinePhrase, ...]
    exclusions: tuple[Exclusion, ...] = ()
    examples: tuple[DeclineExample, ...] = ()
    source: str = field(default="", compare=False)

    @cached_property
    def _pattern(self) -> re.Pattern[str] | None:
        return any_phrase_pattern(p.phrase for p in self.phrases)

    @cached_property
    def _anchors(self) -> tuple[str, ...]:
        return phrase_anchors(p.phrase for p in self.phrases)

    def texts(self) -> tuple[str, ...]:
        """The phrases as written."""
        return tuple(p.phrase for p in self.phrases)

    def matches(self, answer: str) -> str | None:
        """The phrase found first in ``answer`` (of those starting at the same place, the
        shortest), or None."""
        return self.match_normalized(normalize(answer)) if answer else None

    def match_normalized(self, text: str) -> str | None:
        """`matches` for text already passed through `grader.match.normalize`."""
        pattern = self._pattern
        if pattern is None:
            return None
        anchors = self._anchors
        if anchors:
            for anchor in anchors:
                if anchor in text:
                    break
            else:
                return None  # no phrase can occur in it: none of their anchors does
        found = pattern.search(text)
        return found.group(0) if found else None

    def looks_like_not_found(self, answer: str) -> bool:
        """True when ``answer`` reads as an honest decline."""
        return self.matches(answer) is not None

    def with_phrase(self, phrase: DeclinePhrase) -> DeclineList:
        """A copy with one more phrase."""
        return replace(self, phrases=(*self.phrases, phrase))

    def without_phrase(self, text: str) -> DeclineList:
        """A copy without the phrase ``text`` (compared normalized)."""
        target = normalize_phrase(text)
        return replace(
            self, phrases=tuple(p for p in self.phrases if normalize_phrase(p.phrase) != target)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": 1,
            "phrases": [_drop_empty(vars_of(p)) for p in self.phrases],
            "exclusions": [
                {"phrase": e.phrase, "why": e.why, "counterexamples": list(e.counterexamples)}
                for e in self.exclusions
            ],
            "examples": [_drop_empty(vars_of(x)) for x in self.examples],
        }


def vars_of(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__slots__}


def _drop_empty(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if v not in ("", None)}


def validate_phrase(phrase: str) -> str:
    """Refuse a phrase that cannot sensibly be a needle.

    Returns:
        The phrase, stripped.

    Raises:
        GraderConfigError: empty, whitespace only, or longer than 200 characters.
    """
    stripped = phrase.strip()
    if not stripped:
        raise GraderConfigError("a phrase cannot be empty or whitespace")
    if len(stripped) > MAX_PHRASE_CHARS:
        raise GraderConfigError(
            f"a phrase may be at most {MAX_PHRASE_CHARS} characters (got {len(stripped)})"
        )
    return stripped


def decline_list_from_dict(data: Any, source: str = "") -> DeclineList:
    """Build and validate a `DeclineList` from its JSON form.

    Raises:
        GraderConfigError: naming the entry that is malformed.
    """
    where = source or "decline list"
    if not isinstance(data, dict):
        raise GraderConfigError(f"{where}: expected a JSON object")
    try:
        phrases = tuple(
            DeclinePhrase(
                phrase=validate_phrase(item["phrase"]),
                why=str(item.get("why", "")),
                observed=str(item.get("observed", "")),
                override=str(item.get("override", "")),
            )
            for item in data.get("phrases", [])
        )
        exclusions = tuple(
            Exclusion(
                phrase=validate_phrase(item["phrase"]),
                why=str(item.get("why", "")),
                counterexamples=tuple(str(c) for c in item.get("counterexamples", [])),
            )
            for item in data.get("exclusions", [])
        )
        examples = tuple(
            DeclineExample(answer=str(item["answer"]), observed=str(item.get("observed", "")))
            for item in data.get("examples", [])
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise GraderConfigError(f"{where}: malformed entry ({exc})") from exc
    listed = {normalize_phrase(p.phrase) for p in phrases}
    for exclusion in exclusions:
        if normalize_phrase(exclusion.phrase) in listed:
            raise GraderConfigError(
                f"{where}: {exclusion.phrase!r} is both on the list and a recorded exclusion"
            )
    return DeclineList(phrases, exclusions, examples, source=source)


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
