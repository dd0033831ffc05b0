"""``ragtriage export marks``: a run's marks as a labels file that ``import labels`` reads back,
or in a form another tool reads (`engine.marks_forms`)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import orjson

from grader.errors import RunFileError
from grader.records.runfile import read_run

EXPORT_FORMATS = (
    "csv",
    "jsonl",
    "langfuse-json",
    "langfuse-csv",
    "inspect-edits",
    "promptfoo-ratings",
)
# The columns `import_labels` reads first, then the provenance it does not need.
EXPORT_COLUMNS = (
    "qid",
    "verdict",
    "declined",
    "note",
    "by",
    "says",
    "created",
    "source",
    "grader_verdict",
    "grader_fingerprint",
    "picked",
    "blind",
)


def export_marks(run_path: Path, fmt: str, scorer: str | None = None) -> tuple[bytes, int]:
    """A run's effective marks (the latest of each reviewer per answer, after undos; the
    ``by`` column says whose is whose) as a labels file that `import_labels` reads back: for
    spreadsheets and annotation tools (``csv``, ``jsonl``), or in a form another tool reads
    (Langfuse scores, Inspect score edits, promptfoo ratings: `engine.marks_forms`; ``scorer``
    is the Inspect score the edits change).

    Returns:
        The file's bytes and how many marks it holds.

    Raises:
        RunFileError: for an unknown format or a run that cannot be read.
    """
    from engine.marks_forms import FORMS, RunFacts, write_form
    from grader.records.marks import read_reviews

    if fmt not in EXPORT_FORMATS:
        raise RunFileError(f"--format must be one of {', '.join(EXPORT_FORMATS)}, not {fmt!r}")
    run = read_run(Path(run_path), lean=True)
    reviews, _problems = read_reviews(run.path)
    marks = [mark for of_answer in reviews.values() for mark in of_answer]
    order = {answer.qid: n for n, answer in enumerate(run.answers)}
    # in the run's order, each answer's marks oldest first (a stable sort keeps them so)
    marks.sort(key=lambda m: (order.get(m.qid, len(order)), m.qid))
    if fmt in FORMS:
        facts = RunFacts(
            run.run_id,
            run.header or {},
            {answer.qid: answer.question for answer in run.answers},
            {answer.qid: tuple(g.name for g in answer.graders) for answer in run.answers},
        )
        return write_form(fmt, marks, facts, scorer)
    rows = [
        {
            "qid": mark.qid,
            "verdict": mark.verdict,
            "declined": mark.declined,
            "note": mark.note,
            "by": mark.by,
            "says": mark.says,
            "created": mark.created,
            "source": mark.source,
            "grader_verdict": mark.grader_verdict,
            "grader_fingerprint": mark.grader_fingerprint,
            "picked": mark.picked.how,
            "blind": mark.blind,
        }
        for mark in marks
    ]
    if fmt == "jsonl":
        return b"".join(orjson.dumps(row) + b"\n" for row in rows), len(rows)
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        declined = row["declined"]
        writer.writerow(
            {
                **row,
                "declined": "" if declined is None else str(declined).lower(),
                "blind": str(row["blind"]).lower(),
            }
        )
    return out.getvalue().encode("utf-8"), len(rows)
