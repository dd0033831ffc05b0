"""The reviewer's marks: ``runs/<run_id>.marks.jsonl``, append-only, with provenance.

A mark says the reviewer disagrees with the grader on one answer: the reviewer's verdict, a
note, when, and the grader fingerprint and verdict it disagreed with. Undo appends an undo
record; nothing is ever rewritten. The agreement figures (confusion matrix, Cohen's kappa,
disagreements per label) are computed here, purely.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import orjson

from grader.atomic import append_line
from grader.errors import RunFileError
from grader.runfile import iter_lines, sidecar_path
from grader.verdict import VERDICTS, Grade


@dataclass(frozen=True, slots=True)
class Mark:
    """One disagreement with the grader."""

    qid: str
    verdict: str
    note: str
    created: str
    grader_fingerprint: str
    grader_verdict: str
    grader_labels: tuple[str, ...] = ()


def marks_path(run_path: Path) -> Path:
    return sidecar_path(run_path, "marks")


def append_mark(run_path: Path, mark: Mark) -> None:
    """Append one mark (fsynced before returning)."""
    if mark.verdict not in VERDICTS:
        raise RunFileError(f"a mark's verdict must be one of {', '.join(VERDICTS)}")
    append_line(
        marks_path(run_path),
        orjson.dumps(
            {
                "type": "mark",
                "qid": mark.qid,
                "verdict": mark.verdict,
                "note": mark.note,
                "created": mark.created,
                "grader_fingerprint": mark.grader_fingerprint,
                "grader_verdict": mark.grader_verdict,
                "grader_labels": list(mark.grader_labels),
            }
        ),
    )


def append_undo(run_path: Path) -> None:
    """Undo the last effective mark by appending an undo record."""
    append_line(marks_path(run_path), orjson.dumps({"type": "undo", "created": now()}))


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def read_marks(run_path: Path) -> tuple[dict[str, Mark], list[str]]:
    """The effective mark per qid (the latest, after undos), and lines that were skipped."""
    path = marks_path(run_path)
    if not path.exists():
        return {}, []
    stack: list[Mark] = []
    problems: list[str] = []
    for number, _offset, raw in iter_lines(path):
        try:
            record = orjson.loads(raw)
            if record.get("type") == "undo":
                if stack:
                    stack.pop()
                continue
            stack.append(
                Mark(
                    str(record["qid"]),
                    str(record["verdict"]),
                    str(record.get("note", "")),
                    str(record.get("created", "")),
                    str(record.get("grader_fingerprint", "")),
                    str(record.get("grader_verdict", "")),
                    tuple(record.get("grader_labels", ())),
                )
            )
        except (orjson.JSONDecodeError, KeyError, TypeError, AttributeError):
            problems.append(f"{path}: line {number} is not a mark (skipped)")
    effective: dict[str, Mark] = {}
    for mark in stack:
        effective[mark.qid] = mark
    return effective, problems


@dataclass(frozen=True, slots=True)
class Agreement:
    """The grader against the reviewer, over the marked answers and the unmarked ones."""

    matrix: dict[tuple[str, str], int]
    answers: int
    agreement: float
    kappa: float | None
    per_label: list[tuple[str, int]]


def agreement(grades: Iterable[Grade], marks: Mapping[str, Mark]) -> Agreement:
    """Confusion matrix (grader verdict, reviewer verdict) and Cohen's kappa.

    An unmarked answer counts as the reviewer agreeing with the grader: the reviewer marks only
    disagreements. Disagreements are also counted per grader label, to show which rule the
    reviewer disagrees with most.
    """
    matrix: Counter[tuple[str, str]] = Counter()
    per_label: Counter[str] = Counter()
    total = 0
    for grade in grades:
        mark = marks.get(grade.qid)
        reviewer = mark.verdict if mark else grade.verdict
        matrix[(grade.verdict, reviewer)] += 1
        total += 1
        if mark and mark.verdict != grade.verdict:
            for label in grade.labels or ("(no label)",):
                per_label[label.split(":")[0]] += 1
    observed = sum(matrix[(v, v)] for v in VERDICTS) / total if total else 0.0
    kappa: float | None = None
    if total:
        expected = sum(
            sum(matrix[(v, r)] for r in VERDICTS) * sum(matrix[(g, v)] for g in VERDICTS)
            for v in VERDICTS
        ) / (total * total)
        kappa = None if expected == 1 else (observed - expected) / (1 - expected)
    return Agreement(dict(matrix), total, observed, kappa, per_label.most_common())
