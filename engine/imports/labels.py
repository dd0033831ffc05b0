"""``ragtriage import labels``: a CSV or JSONL file of verdicts (an annotation queue's export, a
spreadsheet, another tool's marks: `engine.marks_forms`) as marks on a run; and a person's label
read from a row (`label_of_row`, which ``import answers`` uses too)."""

from __future__ import annotations

import csv
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.imports.fields import BY_FIELDS, FIELDS, LABEL_FIELDS, field_of, normal_question
from engine.imports.imported import Imported
from engine.imports.rows import DELIMITERS, BadRows, delimiter_of, is_csv, read_rows, text_of
from grader.errors import RunFileError
from grader.records.clock import now
from grader.records.marks import (
    HAND,
    IMPORT_PICKED,
    LABEL,
    Mark,
    Picked,
    Reviews,
    add_labels,
    read_reviews,
)
from grader.records.runfile import LineProblem, header_line, read_run
from grader.text import clip

# A verdict as a label file may write it (case aside): ours, FinanceBench's, and the yes/no,
# true/false, 1/0, pass/fail and acceptable/unacceptable of most label sets. `unjudged` is no
# label: a person who read the answer judged it.
VERDICT_WORDS = {
    "correct": ("correct", None),
    "partial": ("partial", None),
    "wrong": ("wrong", None),
    "incorrect": ("wrong", None),
    "yes": ("correct", None),
    "no": ("wrong", None),
    "true": ("correct", None),
    "false": ("wrong", None),
    "1": ("correct", None),
    "0": ("wrong", None),
    "pass": ("correct", None),
    "fail": ("wrong", None),
    "acceptable": ("correct", None),
    "unacceptable": ("wrong", None),
    "correct answer": ("correct", None),
    "incorrect answer": ("wrong", None),
    "refusal": ("wrong", True),
}
ACCEPTED_VERDICTS = ", ".join(VERDICT_WORDS)
_BOOLEANS = {
    "true": True,
    "yes": True,
    "1": True,
    "false": False,
    "no": False,
    "0": False,
    "": None,
}


def import_labels(
    path: Path, run_path: Path, by: str | None = None, picked: str = HAND
) -> Imported:
    """Labels (columns ``qid`` or, without it, the question's text, and ``verdict``; optional
    ``declined``, ``note``, ``by``) as marks on a run. Rows already imported (the same rows
    of the same file, saying the same, or the same marks from any file: `same_label`) are
    left out and counted in ``already``; answers that
    already held another reviewer's mark are counted in ``others`` (both marks are kept).

    ``picked`` says how the labelled answers were chosen: ``all`` (every answer of the run),
    ``random`` (a uniform random sample) or ``hand`` (the default: chosen by a person, which
    no figure can be quoted from as if at random).

    Raises:
        RunFileError: for a file or run that cannot be read, and for bad rows (a missing column,
            an unknown verdict, a qid not in the run), each named with its line; nothing is
            written then.
    """
    from engine.marks_forms import read_form

    path, run_path = Path(path), Path(run_path)
    check_picked(picked)
    run = read_run(run_path, lean=True)
    qids = {answer.qid for answer in run.answers}
    # Marks in another tool's form (Langfuse scores, Inspect score edits, promptfoo ratings:
    # `engine.marks_forms`), else a plain labels file.
    form = read_form(path, qids)
    if form is None and _is_run_file(path):
        raise RunFileError(
            f"{path}: this is a run file, not labels: labels give each answer a verdict (columns "
            "qid or question, and verdict; `ragtriage export marks RUN` writes them); nothing "
            "written"
        )
    rows = form.rows if form else [(f"line {n}", row) for n, row in read_rows(path)]
    asking: dict[str, list[str]] = {}  # a normalised question text -> the qids that ask it
    for answer in run.answers:
        asking.setdefault(normal_question(answer.question), []).append(answer.qid)
    if form is None:
        _check_label_header(path)  # (a form names its own columns)
    default_who = f"labels from {path.name}"
    marks: list[Mark] = []
    problems: list[str] = list(form.problems) if form else []
    created = now()
    for where, row in rows:
        qid, verdict_text = text_of(row.get("qid")), text_of(row.get("verdict")).lower()
        question = field_of(row, "question")
        if not qid and isinstance(question, str) and question.strip():
            # A label file keyed by the question's text (no qid column): matched by that text.
            matching = asking.get(normal_question(question), [])
            if len(matching) != 1:
                said = repr(clip(question.strip(), 60))
                problems.append(
                    f"{where}: no answer to the question {said} in {run.run_id}"
                    if not matching
                    else f"{where}: the question {said} is asked {len(matching)} times "
                    f"in {run.run_id}; give its qid ({', '.join(matching)})"
                )
                continue
            qid = matching[0]
        if not qid or "verdict" not in row:
            problems.append(
                f"{where}: needs the columns qid (or question) and verdict{_separated(path)}"
            )
            continue
        if verdict_text not in VERDICT_WORDS:
            problems.append(
                f"{where}: unknown verdict {verdict_text!r} (accepted, in any case: "
                f"{ACCEPTED_VERDICTS})"
            )
            continue
        if qid not in qids:
            problems.append(f"{where}: no answer {qid!r} in {run.run_id}")
            continue
        declined_text = text_of(row.get("declined")).lower()
        if declined_text not in _BOOLEANS:
            problems.append(f"{where}: declined must be true or false, not {declined_text!r}")
            continue
        verdict, declined = VERDICT_WORDS[verdict_text]
        declined = _BOOLEANS[declined_text] if declined_text else declined
        # Who and when, and how the answer was picked and whether blind, as the file says
        # (an exported mark read back keeps them); else the import's.
        kept = _kept(row, picked, created)
        if isinstance(kept, str):
            problems.append(f"{where}: {kept}")
            continue
        when, how, blind = kept
        marks.append(
            Mark(
                qid=qid,
                says=LABEL,
                verdict=verdict,
                note=text_of(row.get("note")),
                created=when,
                by=by or text_of(row.get("by")) or default_who,
                grader_fingerprint="",
                grader_verdict="",
                declined=declined,
                source=f"{path}:{where.removeprefix('line ')}",
                picked=how,
                blind=blind,
            )
        )
    if problems:
        raise BadRows(path, problems)
    if not marks:
        raise RunFileError(f"{path}: no labels in this file")
    reviews, _problems = read_reviews(run_path)
    added, present = add_labels(run_path, marks)
    notes = (
        [
            f"{len(present)} label(s) were there already (the same rows of {path.name}, or "
            "the same marks, reviewer, time, verdict and note, from another file): not added "
            "again"
        ]
        if present
        else []
    )
    if form is not None:
        notes.insert(0, f"read as {form.form} (`ragtriage export marks --format {form.form}`)")
        notes += form.notes
    others = _held_by_others(added, reviews)
    if others:
        names = ", ".join(dict.fromkeys(by for bys in others.values() for by in bys))
        notes.append(
            f"{len(others)} answer(s) already hold another reviewer's mark ({names}): both "
            "are kept, each reviewer's latest counts (agreement and export say whose is whose)"
        )
    return Imported(run_path, 0, len(added), notes, already=len(present), others=len(others))


def _kept(row: dict[str, Any], picked: str, created: str) -> tuple[str, Picked, bool] | str:
    """A label's time, how its answer was picked and whether it was given blind, as its row
    says (a time in ISO 8601; ``picked`` a word or an object; ``blind`` true or false), else
    the import's time, ``picked`` and not blind; or why the row's cannot be read."""
    when = text_of(row.get("created"))
    if when:
        try:
            datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            return f"created must be a time in ISO 8601 (2026-12-06T10:00:00Z), not {when!r:.40}"
    stated = row.get("picked")
    try:
        how = Picked.from_record(stated) if stated not in (None, "") else Picked(picked)
    except (TypeError, ValueError) as exc:
        return f"picked: {exc}"
    blind = row.get("blind")
    said = _BOOLEANS.get(str(blind).strip().lower()) if not isinstance(blind, bool) else blind
    if blind not in (None, "") and said is None:
        return f"blind must be true or false, not {blind!r:.20}"
    return when or created, how, bool(said)


def check_picked(picked: str) -> None:
    """Refuse, in one line naming the accepted values, a ``--picked`` that is not one of them.

    Raises:
        RunFileError: for any other value.
    """
    if picked not in IMPORT_PICKED:
        raise RunFileError(
            f"--picked must be one of {', '.join(IMPORT_PICKED)} (every answer, a random "
            f"sample, chosen by hand), not {picked!r}"
        )


def _held_by_others(added: list[Mark], reviews: dict[str, Reviews]) -> dict[str, list[str]]:
    """The answers labelled now that held a mark of another reviewer before: qid -> who."""
    held: dict[str, list[str]] = {}
    for mark in added:
        others = [old.by for old in reviews.get(mark.qid, ()) if old.by != mark.by]
        if others:
            held[mark.qid] = others
    return held


def _header(path: Path) -> tuple[str, list[str]] | None:
    """A CSV file's header line as (its separator, its columns); None for a file that is no
    CSV or cannot be read (`read_rows` says why)."""
    try:
        header = Path(path).read_text(encoding="utf-8-sig").split("\n", 1)[0]
    except (OSError, UnicodeDecodeError):
        return None
    if not is_csv(path, header):
        return None
    sep = delimiter_of(header)
    return sep, [c.strip() for c in next(csv.reader([header], delimiter=sep), [])]


def _separated(path: Path) -> str:
    """What to add to a missing-column error: how the file's header line was split."""
    found = _header(path)
    if found is None:
        return ""
    sep, columns = found
    return f" (the header line, split at {DELIMITERS[sep]}, names: {', '.join(columns)})"


def _is_run_file(path: Path) -> bool:
    """Whether ``path`` opens with a run header (a run file given where labels were asked)."""
    try:
        header_line(path)
    except RunFileError:
        return False
    return True


def _check_label_header(path: Path) -> None:
    """Refuse a labels CSV whose header line (line 1) lacks the columns every row needs, once,
    naming that line (not each row after it).

    Raises:
        RunFileError: naming the columns needed and those the header holds.
    """
    found = _header(path)
    if found is None:
        return
    sep, columns = found
    if "verdict" in columns and ("qid" in columns or any(c in columns for c in FIELDS["question"])):
        return
    answers = any(c in columns for c in FIELDS["answer"])
    hint = f"; this looks like answers: `ragtriage import answers {path}`" if answers else ""
    raise RunFileError(
        f"{path}: line 1 (the header): labels need the columns qid (or question) and verdict "
        f"(the header line, split at {DELIMITERS[sep]}, names: {', '.join(columns)}){hint}; "
        "nothing written"
    )


def label_of_row(
    row: dict[str, Any], qid: str, number: int, path: Path, created: str
) -> Mark | LineProblem | None:
    """The row's label as a person's mark, None when it has none, or the line's problem."""
    column = next((name for name in LABEL_FIELDS if name in row), None)
    said = text_of(row.get(column)).lower() if column else ""
    if not said:
        return None
    if said not in VERDICT_WORDS:
        return LineProblem(
            number, f"unknown {column} {said!r} (accepted, in any case: {ACCEPTED_VERDICTS})"
        )
    declined_text = text_of(row.get("declined")).lower()
    if declined_text not in _BOOLEANS:
        return LineProblem(number, f"declined must be true or false, not {declined_text!r}")
    verdict, declined = VERDICT_WORDS[said]
    who = next((text_of(row[name]) for name in BY_FIELDS if text_of(row.get(name))), "")
    return Mark(
        qid=qid,
        says=LABEL,
        verdict=verdict,
        note=text_of(row.get("note")),
        created=created,
        by=who or f"labels in {path.name}",
        grader_fingerprint="",
        grader_verdict="",
        declined=_BOOLEANS[declined_text] if declined_text else declined,
        source=f"{path}:{number}",
        picked=Picked(HAND),
    )
