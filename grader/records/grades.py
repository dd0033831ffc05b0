"""The grades of record: ``runs/<run_id>.grades.jsonl``, a sidecar beside the run file.

Line 1 names the grader that produced the grades (its fingerprint, version and strategy); each
further line is one answer's grade. The file is replaced atomically, never edited in place, and
the run file itself is never touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from grader.errors import RunFileError
from grader.records.atomic import append_line, write_atomic
from grader.records.clock import now
from grader.records.runfile import iter_lines, sidecar_path
from grader.rules.verdict import GRADER_VERSION, Grade, Grader


@dataclass(frozen=True, slots=True)
class RecordedGrade:
    """One answer's grade as stored in the sidecar."""

    qid: str
    verdict: str
    labels: tuple[str, ...]
    declined: bool
    violation: bool

    def to_record(self) -> dict[str, Any]:
        """The one shape a grade is written in: the grades of record and their history store
        it, and `ragtriage grade --json` begins each answer with it."""
        return {
            "qid": self.qid,
            "verdict": self.verdict,
            "labels": list(self.labels),
            "declined": self.declined,
            "money_violation": self.violation,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> RecordedGrade:
        """Read `to_record`'s shape back.

        Raises:
            KeyError, TypeError: when ``record`` is not in that shape.
        """
        return cls(
            record["qid"],
            record["verdict"],
            tuple(record["labels"]),
            bool(record["declined"]),
            bool(record["money_violation"]),
        )


@dataclass(frozen=True, slots=True)
class GradesOfRecord:
    """The stored grades of one run and the grader that made them."""

    path: Path
    fingerprint: str
    strategy: str
    created: str
    grades: dict[str, RecordedGrade]


def grades_path(run_path: Path) -> Path:
    return sidecar_path(run_path, "grades")


def recorded(grade: Grade) -> RecordedGrade:
    return RecordedGrade(grade.qid, grade.verdict, grade.labels, grade.declined, grade.violation)


def write_grades(run_path: Path, run_id: str, grades: list[Grade], grader: Grader) -> Path:
    """Store ``grades`` as the grades of record of a run (atomic replace).

    Returns:
        The sidecar's path.
    """
    path = grades_path(run_path)
    header: dict[str, Any] = {
        "type": "grades",
        "schema": 1,
        "run_id": run_id,
        "fingerprint": grader.fingerprint,
        "grader_version": GRADER_VERSION,
        "strategy": grader.strategy,
        "created": now(),
    }
    lines = [orjson.dumps(header)]
    lines.extend(orjson.dumps(recorded(grade).to_record()) for grade in grades)
    write_atomic(path, b"\n".join(lines) + b"\n")
    return path


def read_grades(run_path: Path, grades: bool = True) -> GradesOfRecord | None:
    """The grades of record of a run, or None when it has none yet.

    Args:
        grades: Read every grade; with False only the header is read (the grader that made
            them, what a caller comparing fingerprints needs), and ``grades`` is left empty.

    Raises:
        RunFileError: when the sidecar exists but is unreadable or has no valid header.
    """
    path = grades_path(run_path)
    if not path.exists():
        return None
    header: dict[str, Any] | None = None
    stored: dict[str, RecordedGrade] = {}
    for number, _offset, raw in iter_lines(path):
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise RunFileError(f"{path}: line {number} is not valid JSON") from exc
        if header is None:
            if not isinstance(record, dict) or record.get("type") != "grades":
                raise RunFileError(f"{path}: line {number} is not a grades header")
            header = record
            if not grades:
                break
            continue
        try:
            stored[record["qid"]] = RecordedGrade.from_record(record)
        except (KeyError, TypeError) as exc:
            raise RunFileError(f"{path}: line {number} is not a grade record") from exc
    if header is None:
        raise RunFileError(f"{path} is empty")
    return GradesOfRecord(
        path=path,
        fingerprint=str(header.get("fingerprint", "")),
        strategy=str(header.get("strategy", "")),
        created=str(header.get("created", "")),
        grades=stored,
    )


def history_path(run_path: Path) -> Path:
    return sidecar_path(run_path, "grades-history")


def write_history(run_path: Path, record: GradesOfRecord) -> Path:
    """Append a superseded grades of record to the run's history (append-only, fsynced)."""
    path = history_path(run_path)
    line = orjson.dumps(
        {
            "fingerprint": record.fingerprint,
            "strategy": record.strategy,
            "created": record.created,
            "replaced": now(),
            "grades": [grade.to_record() for grade in record.grades.values()],
        }
    )
    append_line(path, line)
    return path
