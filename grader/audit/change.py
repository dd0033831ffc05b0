"""A proposed change to the decline list or a question's needles, and what it does to them.

`ragtriage scan` and `ragtriage needles` take one `Change`: its collision scan and its report are
`grader.audit.scan`'s, its flip preview `grader.audit.preview`'s. Applying it to the lists on
disk is `engine.needle_changes`'s; here it only says what the list or the gold becomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import msgspec

from grader.errors import GraderConfigError
from grader.rules.declines import DeclineList, DeclinePhrase, validate_phrase
from grader.rules.normalize import normalize_phrase
from grader.schema import NEEDLE_KINDS, Gold

Action = Literal["add-decline", "remove-decline", "add-needle", "remove-needle"]


@dataclass(frozen=True, slots=True)
class Change:
    """One proposed change to the needle lists."""

    action: Action
    phrase: str
    qid: str | None = None
    needle_kind: str | None = None
    why: str = ""
    requires: str = ""  # a condition of the decline list the phrase needs (add-decline)

    def __post_init__(self) -> None:
        object.__setattr__(self, "phrase", validate_phrase(self.phrase))
        if self.action in ("add-needle", "remove-needle"):
            if not self.qid:
                raise GraderConfigError(f"{self.action} needs a question id")
            if self.needle_kind not in NEEDLE_KINDS:
                raise GraderConfigError(
                    f"needle kind must be one of {', '.join(NEEDLE_KINDS)}, "
                    f"got {self.needle_kind!r}"
                )

    @property
    def is_decline(self) -> bool:
        return self.action in ("add-decline", "remove-decline")

    def describe(self) -> str:
        if self.is_decline:
            return f"{self.action} {self.phrase!r}"
        return f"{self.action} {self.needle_kind} {self.phrase!r} on {self.qid}"

    def apply_declines(self, declines: DeclineList) -> DeclineList:
        """The decline list after the change."""
        if self.action == "add-decline":
            if normalize_phrase(self.phrase) in {normalize_phrase(p) for p in declines.texts()}:
                raise GraderConfigError(f"{self.phrase!r} is already on the decline list")
            return declines.with_phrase(
                DeclinePhrase(self.phrase, self.why or "proposed", requires=self.requires)
            )
        if self.action == "remove-decline":
            smaller = declines.without_phrase(self.phrase)
            if smaller.phrases == declines.phrases:
                raise GraderConfigError(f"{self.phrase!r} is not on the decline list")
            return smaller
        return declines

    def apply_gold(self, gold: Gold) -> Gold:
        """A question's gold after the change (unchanged for decline changes)."""
        if self.is_decline:
            return gold
        assert self.needle_kind is not None
        current: tuple[str, ...] = getattr(gold, self.needle_kind)
        target = normalize_phrase(self.phrase)
        if self.action == "add-needle":
            if target in {normalize_phrase(n) for n in current}:
                raise GraderConfigError(
                    f"{self.qid} already has {self.needle_kind} {self.phrase!r}"
                )
            return msgspec.structs.replace(gold, **{self.needle_kind: (*current, self.phrase)})
        kept = tuple(n for n in current if normalize_phrase(n) != target)
        if kept == current:
            raise GraderConfigError(f"{self.qid} has no {self.needle_kind} {self.phrase!r}")
        return msgspec.structs.replace(gold, **{self.needle_kind: kept})
