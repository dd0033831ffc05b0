"""What an import wrote: one run file, or marks on one (`Imported`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

NOT_GRADED = {"citations": False}  # answers made without our numbered sources (DESIGN 2)


@dataclass
class Imported:
    """One run file written (or marks added), for the user and for tests."""

    run: Path
    answers: int = 0
    marks: int = 0
    notes: list[str] = field(default_factory=list)
    already: int = 0  # labels left out: the same rows of the same file are marks already
    negatives: int = 0  # answers whose reference reads as a decline, imported as negatives
    others: int = 0  # answers labelled that already held another reviewer's mark

    def to_dict(self) -> dict[str, Any]:
        return {
            "run": str(self.run),
            "answers": self.answers,
            "marks": self.marks,
            "already": self.already,
            "negatives": self.negatives,
            "others": self.others,
            "notes": self.notes,
        }
