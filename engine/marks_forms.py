"""Marks in the forms other tools read back, and in again: each form's field map written once.

`ragtriage export marks RUN --format F` writes a run's marks (the latest of each reviewer per
answer) in one of these forms, and `ragtriage import labels FILE --run RUN` recognises each by
its content and reads it back as the same marks, who made each and when kept:

- ``langfuse-json``, ``langfuse-csv``: Langfuse score objects, one per mark, with the fields of
  Langfuse's score (``id``, ``traceId``, ``name``, ``value``, ``stringValue``, ``dataType``,
  ``source``, ``timestamp``, ``authorUserId``, ``comment``, ``metadata`` ...): a CATEGORICAL
  score named ``verdict`` whose ``stringValue`` is the verdict (``value`` 1, 0.5, 0), source
  ANNOTATION, the answer's qid as the ``traceId``. A JSON array (Langfuse's API answers
  ``{"data": [...]}``, also read), or CSV with those columns and ``metadata`` as JSON.
  Read back: the scores a person made (source ANNOTATION), of the one name (``verdict``, or
  the only name there is).
- ``inspect-edits``: Inspect score edits, one per mark: the sample id and epoch, the score it
  edits, and the ``ScoreEdit`` (value ``C``, ``P`` or ``I``; provenance with the author, the
  time and the note as the reason) that ``inspect_ai.log.edit_score`` applies to the log
  (``log`` names the run's own log when it was imported from one; the marks that came from
  that log's own score edits are left out and counted in ``already_in_log``).
- ``promptfoo-ratings``: promptfoo's human ratings: for each mark the ``gradingResult`` its
  viewer writes when a person rates an output (pass, score, reason, comment, and a component
  result of assertion type ``human``), with the question's vars, the author and the time. A
  partial answer fails with the score 0.5; read back, a pass is correct, a fail scored between
  0 and 1 partial, any other fail wrong.

Every form keeps what ragtriage knows of a mark that the other tool has no field for (whether
the answer declined, how it was picked, whether blind, the grader's verdict) in a ``ragtriage``
object inside the form's own metadata, read back when present.

Why one file: each form's field map is written once, and its writer (`langfuse_score`,
`inspect_edit`, `promptfoo_rating`) and its reader (`_langfuse_rows`, `_inspect_rows`,
`_promptfoo_rows`) read the same fields: a field renamed in a writer must be renamed in its
reader, which the round-trip tests check form by form. The three forms share what they need of
the run (`RunFacts`), the ``ragtriage`` object each keeps in its metadata (written here, read
back by `engine.importers.base.ragtriage_facts_in`) and the row a reader makes (`_row`).
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from engine.importers.base import ragtriage_facts_in
from engine.importers.inspect import THRESHOLD, VALUES
from engine.importers.promptfoo import HUMAN, rated
from grader.errors import RunFileError
from grader.records.marks import Mark

FORMS = ("langfuse-json", "langfuse-csv", "inspect-edits", "promptfoo-ratings")
SCORE_NAME = "verdict"  # the Langfuse score's name
SCORE_OF = {"correct": 1.0, "partial": 0.5, "wrong": 0.0}  # a verdict as a number
VERDICT_OF_SCORE = {score: verdict for verdict, score in SCORE_OF.items()}
INSPECT_VALUE = {"correct": "C", "partial": "P", "wrong": "I"}
UNCHANGED = "UNCHANGED"  # an Inspect score edit's field left as it was
# The fields of Langfuse's score object, in the order its API writes them.
LANGFUSE_FIELDS = (
    "id",
    "traceId",
    "sessionId",
    "observationId",
    "datasetRunId",
    "name",
    "value",
    "stringValue",
    "dataType",
    "source",
    "timestamp",
    "createdAt",
    "updatedAt",
    "authorUserId",
    "comment",
    "metadata",
    "configId",
    "queueId",
    "environment",
)
EPOCH = re.compile(r"^(?P<sample>.+)-epoch(?P<epoch>[0-9]+)$")


@dataclass(frozen=True)
class RunFacts:
    """What the forms need of the run whose marks they carry."""

    run_id: str
    header: dict[str, Any]
    questions: dict[str, str]  # qid -> its question, in file order
    graders: dict[str, tuple[str, ...]] = field(default_factory=dict)  # qid -> grader names

    @property
    def from_inspect(self) -> bool:
        provenance = self.header.get("provenance")
        return isinstance(provenance, dict) and provenance.get("format") == "inspect"


# --- out -------------------------------------------------------------------------------------


def write_form(
    form: str, marks: Sequence[Mark], run: RunFacts, scorer: str | None = None
) -> tuple[bytes, int]:
    """The marks in one of `FORMS`, and how many it holds.

    ``inspect-edits`` leaves out the marks that came from the run's own Inspect log (its score
    edits, imported with it): applied to that log again, they would be there twice.

    Args:
        scorer: ``inspect-edits`` only: the score each edit changes (default: the first
            Inspect scorer imported with the run's answers).

    Raises:
        RunFileError: for an unknown form, or ``inspect-edits`` of a run with no Inspect scorer
            and no ``scorer`` named.
    """
    if form in ("langfuse-json", "langfuse-csv"):
        scores = [langfuse_score(mark, run.run_id) for mark in marks]
        data = _json(scores) if form == "langfuse-json" else _langfuse_csv(scores)
        return data, len(scores)
    if form == "inspect-edits":
        name = scorer or _first_inspect_scorer(run)
        log = _log_of(run)
        own = [mark for mark in marks if log and mark.source.startswith(f"{log}:")]
        edits = [inspect_edit(mark, run, name) for mark in marks if mark not in own]
        document = {"run": run.run_id, "log": log, "already_in_log": len(own), "edits": edits}
        return _json(document), len(edits)
    if form == "promptfoo-ratings":
        ratings = [promptfoo_rating(mark, run) for mark in marks]
        return _json({"run": run.run_id, "ratings": ratings}), len(ratings)
    raise RunFileError(f"unknown form {form!r}; known: {', '.join(FORMS)}")


def ragtriage_facts_of(mark: Mark, run_id: str) -> dict[str, Any]:
    """What a form has no field of its own for, kept in its metadata."""
    return {
        "run": run_id,
        "qid": mark.qid,
        "verdict": mark.verdict,
        "declined": mark.declined,
        "says": mark.says,
        "picked": mark.picked.to_record(),
        "blind": mark.blind,
        "grader_verdict": mark.grader_verdict,
        "grader_fingerprint": mark.grader_fingerprint,
        "source": mark.source,
    }


def langfuse_score(mark: Mark, run_id: str) -> dict[str, Any]:
    """A mark as a Langfuse score object: a person's CATEGORICAL score ``verdict`` on the trace
    of the answer's qid, its id stable (the same mark exported twice is the same score, which
    Langfuse updates rather than adds)."""
    identity = "\x1f".join((run_id, mark.qid, mark.by, mark.created))
    score_id = hashlib.sha256(identity.encode()).hexdigest()[:32]
    return {
        "id": score_id,
        "traceId": mark.qid,
        "sessionId": None,
        "observationId": None,
        "datasetRunId": None,
        "name": SCORE_NAME,
        "value": SCORE_OF[mark.verdict],
        "stringValue": mark.verdict,
        "dataType": "CATEGORICAL",
        "source": "ANNOTATION",
        "timestamp": mark.created,
        "createdAt": mark.created,
        "updatedAt": mark.created,
        "authorUserId": mark.by,
        "comment": mark.note or None,
        "metadata": {"ragtriage": ragtriage_facts_of(mark, run_id)},
        "configId": None,
        "queueId": None,
        "environment": "default",
    }


def _langfuse_csv(scores: list[dict[str, Any]]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=LANGFUSE_FIELDS, lineterminator="\n")
    writer.writeheader()
    for score in scores:
        writer.writerow(
            {
                name: (
                    orjson.dumps(value).decode()
                    if isinstance(value, dict)
                    else ""
                    if value is None
                    else value
                )
                for name, value in score.items()
            }
        )
    return out.getvalue().encode("utf-8")


def inspect_edit(mark: Mark, run: RunFacts, scorer: str) -> dict[str, Any]:
    """A mark as an Inspect score edit: which sample (its id and epoch, from the qid Inspect's
    import made: ``rent-epoch2`` is sample ``rent`` epoch 2; a run made elsewhere, the qid in
    epoch 1), which score, and the ``ScoreEdit``."""
    sample, epoch = sample_of(mark.qid, run)
    return {
        "sample_id": sample,
        "epoch": epoch,
        "score_name": scorer,
        "edit": {
            "value": INSPECT_VALUE[mark.verdict],
            "answer": UNCHANGED,
            "explanation": UNCHANGED,
            "metadata": UNCHANGED,
            "provenance": {
                "timestamp": mark.created,
                "author": mark.by,
                "reason": mark.note or None,
                "metadata": {"ragtriage": ragtriage_facts_of(mark, run.run_id)},
            },
        },
    }


def sample_of(qid: str, run: RunFacts) -> tuple[str | int, int]:
    """The Inspect sample id and epoch of an answer. Inspect numbers samples that have no id
    1, 2, 3 ...: an id of digits is written as the number, which `edit_score` compares with."""
    found = EPOCH.match(qid) if run.from_inspect else None
    sample, epoch = (found["sample"], int(found["epoch"])) if found else (qid, 1)
    return (int(sample) if sample.isdigit() else sample), epoch


def _first_inspect_scorer(run: RunFacts) -> str:
    for names in run.graders.values():
        for name in names:
            if name.startswith("inspect:"):
                return name.removeprefix("inspect:").split(".", 1)[0]
    raise RunFileError(
        f"{run.run_id} holds no Inspect scorer's verdicts: name the score each edit changes "
        "with --scorer NAME"
    )


def _log_of(run: RunFacts) -> str | None:
    provenance = run.header.get("provenance")
    return (
        str(provenance.get("file")) if run.from_inspect and isinstance(provenance, dict) else None
    )


def promptfoo_rating(mark: Mark, run: RunFacts) -> dict[str, Any]:
    """A mark as promptfoo's human rating: the ``gradingResult`` promptfoo's viewer writes when
    a person rates an output (a partial answer fails with the score 0.5), with the question's
    vars, the author and the time."""
    passed = mark.verdict == "correct"
    score = SCORE_OF[mark.verdict]
    reason = mark.note or f"rated {mark.verdict} by {mark.by}"
    return {
        "qid": mark.qid,
        "vars": {"qid": mark.qid, "question": run.questions.get(mark.qid, "")},
        "gradingResult": {
            "pass": passed,
            "score": score,
            "reason": reason,
            "comment": mark.note,
            "componentResults": [
                {"pass": passed, "score": score, "reason": reason, "assertion": {"type": HUMAN}}
            ],
        },
        "author": mark.by,
        "timestamp": mark.created,
        "metadata": {"ragtriage": ragtriage_facts_of(mark, run.run_id)},
    }


def _json(document: Any) -> bytes:
    return orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"


# --- in ----------------------------------------------------------------------------------------


@dataclass
class LabelRows:
    """A file in one of the forms, as the rows `import labels` reads: each with where it is
    (``score 3``, ``edit 2``, ``line 4``) and the fields qid, verdict, note, by, created,
    declined, picked, blind; the rows that are no label (each named), and what was left out."""

    form: str
    rows: list[tuple[str, dict[str, Any]]]
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_form(path: Path, qids: Iterable[str]) -> LabelRows | None:
    """The label rows of a file in one of the forms, recognised by content; None for a file
    in none of them (a plain labels file).

    Raises:
        RunFileError: for a file that cannot be read, or a form's file whose names cannot be
            told apart (Langfuse scores of several names, none of them ``verdict``).
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RunFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    text = data.lstrip()
    if text.startswith((b"[", b"{")):
        try:
            document = orjson.loads(data)
        except orjson.JSONDecodeError:
            return None  # JSON Lines, or broken: the plain reader names the line
        if isinstance(document, dict) and isinstance(document.get("data"), list):
            document = document["data"]  # Langfuse's API: {"data": [...], "meta": {...}}
        if isinstance(document, list) and document and all(_is_score(s) for s in document):
            return _langfuse_rows("langfuse-json", "score", list(enumerate(document, 1)))
        if isinstance(document, dict) and isinstance(document.get("edits"), list):
            return _inspect_rows(document["edits"], set(qids))
        if isinstance(document, dict) and isinstance(document.get("ratings"), list):
            return _promptfoo_rows(document["ratings"])
        return None
    first = data.decode("utf-8-sig", errors="replace").split("\n", 1)[0]
    columns = {c.strip() for c in next(csv.reader([first]), [])}
    if {"traceId", "name"} <= columns and columns & {"value", "stringValue"}:
        reader = csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline=""))
        rows = [(reader.line_num, dict(row)) for row in reader]
        return _langfuse_rows("langfuse-csv", "line", rows)
    return None


def _is_score(value: Any) -> bool:
    return isinstance(value, dict) and "traceId" in value and "name" in value


def _row(
    qid: Any, verdict: Any, note: Any, by: Any, created: Any, facts: dict[str, Any]
) -> dict[str, Any]:
    row = {
        "qid": facts.get("qid") or ("" if qid is None else str(qid)),
        "verdict": "" if verdict is None else str(verdict),
        "note": note or "",
        "by": by or "",
        "created": created or "",
    }
    if facts.get("declined") is not None:
        row["declined"] = str(facts["declined"]).lower()
    if facts.get("picked") is not None:
        row["picked"] = facts["picked"]
    if facts.get("blind") is not None:
        row["blind"] = bool(facts["blind"])
    return row


def _langfuse_rows(form: str, unit: str, scores: Sequence[tuple[int, Any]]) -> LabelRows:
    people = [(n, s) for n, s in scores if str(s.get("source") or "ANNOTATION") == "ANNOTATION"]
    notes = []
    if len(people) < len(scores):
        notes.append(
            f"{len(scores) - len(people)} score(s) not made by a person (source API or EVAL) "
            "left out"
        )
    names = Counter(str(score.get("name")) for _n, score in people)
    if SCORE_NAME in names or len(names) <= 1:
        name = SCORE_NAME if SCORE_NAME in names else next(iter(names), SCORE_NAME)
    else:
        listed = ", ".join(f"{n} ({c})" for n, c in names.most_common())
        raise RunFileError(
            f"Langfuse scores of several names and none named {SCORE_NAME!r}: {listed}; keep "
            "the verdict's scores only"
        )
    if len(names) > 1:
        notes.append(
            f"{sum(names.values()) - names[name]} score(s) of other names than {name!r} left out"
        )
    rows = []
    for number, score in people:
        if str(score.get("name")) != name:
            continue
        verdict = score.get("stringValue") or _number_verdict(score.get("value"))
        rows.append(
            (
                f"{unit} {number}",
                _row(
                    score.get("traceId"),
                    verdict,
                    score.get("comment"),
                    score.get("authorUserId"),
                    score.get("timestamp"),
                    ragtriage_facts_in(score.get("metadata")),
                ),
            )
        )
    return LabelRows(form, rows, notes)


def _number_verdict(value: Any) -> Any:
    """A numeric or boolean score as a verdict: 1 correct, 0.5 partial, 0 wrong (others are
    given back as written, and refused as no verdict)."""
    try:
        return VERDICT_OF_SCORE.get(float(value), value)
    except (TypeError, ValueError):
        return value


def _inspect_rows(edits: list[Any], qids: set[str]) -> LabelRows:
    found = LabelRows("inspect-edits", [])
    for number, edit in enumerate(edits, 1):
        where = f"edit {number}"
        change = edit.get("edit") if isinstance(edit, dict) else None
        if not isinstance(change, dict) or "sample_id" not in edit:
            found.problems.append(f"{where}: needs sample_id and edit (a ScoreEdit)")
            continue
        provenance = change.get("provenance")
        if not isinstance(provenance, dict):
            found.problems.append(f"{where}: no provenance: a scorer's own score, no person's")
            continue
        sample, epoch = str(edit["sample_id"]), edit.get("epoch") or 1
        epoched = f"{sample}-epoch{epoch}"
        reason, explanation = provenance.get("reason"), change.get("explanation")
        note = reason or (explanation if explanation != UNCHANGED else "")
        row = _row(
            epoched if epoched in qids else sample,
            _inspect_verdict(change.get("value")),
            note,
            provenance.get("author"),
            provenance.get("timestamp"),
            ragtriage_facts_in(provenance.get("metadata")),
        )
        found.rows.append((where, row))
    return found


def _inspect_verdict(value: Any) -> Any:
    if isinstance(value, bool):
        return "correct" if value else "wrong"
    if isinstance(value, int | float):
        return "correct" if value >= THRESHOLD else "wrong"
    if isinstance(value, str) and value.strip().upper() in VALUES:
        return VALUES[value.strip().upper()]
    return value


def _promptfoo_rows(ratings: list[Any]) -> LabelRows:
    found = LabelRows("promptfoo-ratings", [])
    for number, rating in enumerate(ratings, 1):
        where = f"rating {number}"
        given = rating.get("gradingResult") if isinstance(rating, dict) else None
        result: dict[str, Any] = given if isinstance(given, dict) else {}
        components = result.get("componentResults")
        human = next(
            (
                c
                for c in components or ()
                if isinstance(c, dict)
                and isinstance(c.get("assertion"), dict)
                and c["assertion"].get("type") == HUMAN
            ),
            None,
        )
        if human is None:
            found.problems.append(
                f"{where}: no human rating (a componentResults entry of assertion type human)"
            )
            continue
        variables = rating.get("vars") if isinstance(rating.get("vars"), dict) else {}
        verdict = rated(human.get("pass"), human.get("score"))
        row = _row(
            rating.get("qid") or variables.get("qid"),
            verdict,
            result.get("comment") or "",
            rating.get("author"),
            rating.get("timestamp"),
            ragtriage_facts_in(rating.get("metadata")),
        )
        if not row["qid"] and variables.get("question"):
            row["question"] = variables["question"]
        found.rows.append((where, row))
    return found


__all__ = ["FORMS", "LabelRows", "RunFacts", "read_form", "write_form"]
