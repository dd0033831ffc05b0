"""Answers and labels made elsewhere, brought in as run files and marks.

- ``import financebench``: each FinanceBench results file becomes one run (its answers, with the
  evidence pages as numbered sources), and each person's label a mark;
- ``import labels``: a CSV or JSONL file of verdicts (an annotation queue's export, a
  spreadsheet) becomes marks on a run;
- ``import answers``: a CSV or JSONL file of answers from any RAG system (Ragas field names, or
  plain ones) becomes a run.

Every row is checked before anything is written; every bad row is named with its line, and then
nothing is written at all. Run files are written whole and atomically
(`grader.records.runfile.write_run`); labels are appended in one write under the marks' lock,
those already there (the same rows of the same file) left out (`grader.records.marks.add_labels`).

CSV files may be separated by commas, semicolons or tabs (told apart by the header line), and a
list cell may be written as JSON (``["a", "b"]``) or as pandas writes a Python list
(``['a', 'b']``: read as a literal, never run).
"""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import unicodedata
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec
import orjson

from corpora.financebench import label_mark, load_questions, read_results
from corpora.loader import load_corpus
from engine import __version__
from grader.errors import CorpusError, RunFileError
from grader.records.atomic import locked
from grader.records.clock import now
from grader.records.marks import (
    HAND,
    IMPORT_PICKED,
    LABEL,
    Mark,
    Picked,
    Reviews,
    add_labels,
    append_marks,
    marks_path,
    read_reviews,
)
from grader.records.runfile import (
    LineProblem,
    first_of_each_qid,
    header_line,
    read_run,
    write_run,
)
from grader.rules.declines import DeclineList, load_declines
from grader.schema import KINDS, Answer, BadRecord, Source, gold_from_dict
from grader.text import clip

NOT_GRADED = {"citations": False}  # answers made without our numbered sources (DESIGN 2)


class BadRows(RunFileError):
    """Rows that cannot be imported, each named with its line."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        shown = "; ".join(problems[:8]) + (
            f"; and {len(problems) - 8} more" if len(problems) > 8 else ""
        )
        super().__init__(f"{path}: {len(problems)} bad row(s), nothing written: {shown}")
        self.problems = problems


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


# --- FinanceBench -------------------------------------------------------------------------------


def import_financebench(results: list[Path], corpus_dir: Path, runs_dir: Path) -> list[Imported]:
    """Each results file as a run named after it, its labels as marks.

    The gold of a question comes from the imported corpus (``corpus import-financebench``);
    a question the corpus left out (its filing is absent) keeps the gold read from FinanceBench.

    Raises:
        CorpusError: for a corpus that cannot be loaded or a results file with a bad row (named
            with its line); nothing is written then.
        RunFileError: when a run of that name exists already.
    """
    corpus = load_corpus(Path(corpus_dir))
    source_root = _financebench_root(corpus_dir, results)
    questions = load_questions(source_root)
    corpus_gold = {question.qid: question.gold for question in corpus.questions}
    runs_dir = Path(runs_dir)
    planned = []
    for path in results:
        path = Path(path)
        run_path = runs_dir / f"{path.stem}.jsonl"
        if run_path.exists() or marks_path(run_path).exists():
            raise RunFileError(f"{run_path} already exists; remove it to import {path.name} again")
        labelled = read_results(path, questions)  # raises, naming the bad line
        planned.append((path, run_path, labelled))
    done = []
    for path, run_path, labelled in planned:
        answers = []
        for item in labelled:
            answer = item.answer
            answer.gold = corpus_gold.get(answer.qid, answer.gold)
            answers.append(answer)
        first = _first_record(path)
        header = {
            "run_id": path.stem,
            "created": now(),
            "corpus": corpus.name,
            "config": {"name": str(first.get("eval_mode", "?"))},
            "model": {"name": str(first.get("model_name", "?"))},
            "engine": {"version": __version__, "imported": True},
            "grading": NOT_GRADED,
            "provenance": {
                "dataset": "FinanceBench (Patronus AI), CC-BY-NC-4.0",
                "file": str(path),
                "labels": "a person's label per answer, kept as marks",
            },
        }
        write_run(run_path, header, answers)
        created = now()
        append_marks(run_path, [label_mark(item, path.name, created) for item in labelled])
        missing = sum(answer.qid not in corpus_gold for answer in answers)
        notes = (
            [f"{missing} answer(s) to questions whose filing the corpus lacks"] if missing else []
        )
        done.append(Imported(run_path, len(answers), len(labelled), notes))
    return done


def _financebench_root(corpus_dir: Path, results: list[Path]) -> Path:
    """The FinanceBench folder the results belong to (the one holding the questions file)."""
    from corpora.financebench import find_root

    for path in results:
        for folder in (Path(path).parent, Path(path).parent.parent):
            try:
                return find_root(folder)
            except CorpusError:
                continue
    raise CorpusError(
        f"cannot find FinanceBench's questions file beside {results[0]}; keep the results files "
        "in the download's results/ folder"
    )


def _first_record(path: Path) -> dict[str, Any]:
    for raw in Path(path).read_bytes().splitlines():
        if raw.strip():
            record = orjson.loads(raw)
            return record if isinstance(record, dict) else {}
    return {}


# --- rows of CSV or JSONL ------------------------------------------------------------------------


CSV_SUFFIXES = (".csv", ".tsv")
JSONL_SUFFIXES = (".jsonl", ".ndjson")


def is_csv(path: Path, text: str) -> bool:
    """Whether a file of rows is CSV: by its suffix (``.csv``, ``.tsv``; ``.jsonl``, ``.ndjson``
    are JSON Lines), else by its content (JSON opens with an object or a list)."""
    suffix = Path(path).suffix.lower()
    if suffix in CSV_SUFFIXES or suffix in JSONL_SUFFIXES:
        return suffix in CSV_SUFFIXES
    return not text.lstrip().startswith(("{", "["))


def read_rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rows of a CSV (with a header line) or JSONL file, with their line numbers: told
    apart by the suffix, else by the content (`is_csv`).

    Raises:
        RunFileError: for a file that cannot be read or is not valid UTF-8, and for a JSONL line
            that is not a JSON object (named with its line).
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RunFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RunFileError(f"{path}: line {line}: not valid UTF-8 (byte {exc.start})") from exc
    if is_csv(path, text):
        reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter_of(text))
        for row in reader:
            yield reader.line_num, {k.strip(): v for k, v in row.items() if k is not None}
        return
    problems = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError:
            problems.append(f"line {number}: not valid JSON")
            continue
        if not isinstance(record, dict):
            problems.append(f"line {number}: expected a JSON object")
            continue
        yield number, record
    if problems:
        raise BadRows(path, problems)


DELIMITERS = {",": "commas", ";": "semicolons", "\t": "tabs"}


def delimiter_of(text: str) -> str:
    """The separator of a CSV file, from its header line: the one of ``,``, ``;`` and tab that
    occurs most outside quotes (a spreadsheet set to a language that writes decimal commas
    saves with semicolons)."""
    header = text.split("\n", 1)[0]
    unquoted = "".join(part for i, part in enumerate(header.split('"')) if i % 2 == 0)
    counts = {sep: unquoted.count(sep) for sep in DELIMITERS}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


# --- labels -------------------------------------------------------------------------------------

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
        qid, verdict_text = _text(row.get("qid")), _text(row.get("verdict")).lower()
        question = _field(row, "question")
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
        declined_text = _text(row.get("declined")).lower()
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
                note=_text(row.get("note")),
                created=when,
                by=by or _text(row.get("by")) or default_who,
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
    when = _text(row.get("created"))
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


# --- marks out, in the form labels come in ----------------------------------------------------

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


# --- answers ------------------------------------------------------------------------------------

# The field names of Ragas evaluation datasets, and plain ones, for the same things.
FIELDS = {
    "question": ("user_input", "question", "query"),
    "answer": ("response", "answer"),
    "contexts": ("retrieved_contexts", "contexts", "context"),
    "key": ("reference", "ground_truth", "ground_truths", "key", "gold"),
}
# A row's own id, as the tools that write such files name it (the first one present is kept).
ID_FIELDS = ("qid", "id", "question_id", "sample_id", "example_id", "uid")
_LISTS = ("must_contain", "must_contain_any", "must_not_contain")
# Every field an answers file may hold that is read, or known and left alone (Ragas' others).
# A person's label on the row's answer (read as `import labels` reads a verdict), and who.
LABEL_FIELDS = ("verdict", "label", "human_label")
BY_FIELDS = ("by", "labeller", "annotator")
KNOWN_FIELDS = frozenset(
    [name for names in FIELDS.values() for name in names]
    + list(ID_FIELDS)
    + list(_LISTS)
    + list(LABEL_FIELDS)
    + list(BY_FIELDS)
    + ["kind", "golden_docs", "reference_contexts", "multi_responses", "rubrics", "note"]
    + ["declined"]
)


def _field(row: dict[str, Any], name: str) -> Any:
    for candidate in FIELDS[name]:
        if candidate in row:
            return row[candidate]
    return None


def strings_of(value: Any) -> list[str] | None:
    """A list of strings from JSON or a CSV cell: a JSON list, a Python list as pandas writes it
    (``['a', 'b']``, read as a literal, never evaluated as code), or one string; None if a
    list is not a list of strings."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        stripped = value.strip()
        if not (stripped.startswith("[") and stripped.endswith("]")):
            return [stripped]
        value = _list_literal(stripped)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    return None


def _list_literal(text: str) -> Any:
    """A cell written as a list: JSON first, then a Python literal (``ast.literal_eval`` reads
    literals only: no name, call or operator is ever run). None when it is neither."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def normal_question(question: str) -> str:
    """A question's text as its id and label matching read it: Unicode-normalised, case
    folded, spaces collapsed (``"What is  the rent?"`` and ``"what is the rent?"`` are one)."""
    return " ".join(unicodedata.normalize("NFKC", question).casefold().split())


def question_qid(question: str) -> str:
    """The stable id of a question without one: ``q-`` and a short hash of its normalised
    text, the same in any order and any file format (DESIGN 2: never a row number)."""
    digest = hashlib.sha256(normal_question(question).encode("utf-8")).hexdigest()
    return f"q-{digest[:10]}"


def _source_id(row: dict[str, Any]) -> str:
    """The row's own id (the first of `ID_FIELDS` it holds), or empty."""
    for name in ID_FIELDS:
        value = row.get(name)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, str | int):
            text = str(value).strip()
            if text:
                return text
    return ""


def _unknown_fields(rows: list[tuple[int, dict[str, Any]]]) -> list[str]:
    return list(dict.fromkeys(name for _n, row in rows for name in row if name not in KNOWN_FIELDS))


def _where_fields(path: Path) -> str:
    """Where a file names its fields, when one line does: a CSV's header, line 1."""
    return "line 1 (the header): " if Path(path).suffix.lower() in (".csv", ".tsv") else ""


def _unknown_named(rows: list[tuple[int, dict[str, Any]]]) -> str:
    """The fields the rows hold that no importer reads, or else every field they hold."""
    unknown = _unknown_fields(rows)
    if unknown:
        return f"unknown field(s) {', '.join(unknown)}"
    held = list(dict.fromkeys(name for _n, row in rows for name in row))
    return f"its fields: {', '.join(held)}" if held else "no fields"


def _no_reference(row: dict[str, Any]) -> str:
    """What to say of an answerable row with no key: the reference field it misses (and the
    unknown fields it holds, a misspelled one among them), or that the one it holds is empty."""
    if any(candidate in row for candidate in FIELDS["key"]):
        return "empty reference: give a key, or kind negative"
    unknown = _unknown_fields([(0, row)])
    return f"no reference ({' or '.join(FIELDS['key'])}; or kind negative)" + (
        f"; unknown field(s) {', '.join(unknown)}" if unknown else ""
    )


def _no_answer_field(path: Path, rows: list[tuple[int, dict[str, Any]]]) -> RunFileError:
    """The one-line refusal of a file whose rows name no answer field (a misspelled column)."""
    labels = any("verdict" in row for _n, row in rows)
    hint = f"; this looks like labels: `ragtriage import labels {path} --run RUN`" if labels else ""
    return RunFileError(
        f"{path}: {_where_fields(path)}no answer field ({_unknown_named(rows)}); the "
        f"answer is read from {' or '.join(FIELDS['answer'])}{hint}; nothing written"
    )


def key_of(value: Any) -> tuple[str, tuple[str, ...]] | None:
    """A reference as (key, accepted answers): a list (JSON, a JSON or Python list in a CSV
    cell, Ragas' older ``ground_truths``) is kept as the list, its items joined with `` / ``
    as the key a reader sees; text is the key alone. None for a list that is not of strings."""
    if isinstance(value, list) or (
        isinstance(value, str) and value.strip().startswith("[") and value.strip().endswith("]")
    ):
        items = value if isinstance(value, list) else _list_literal(value.strip())
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            accepted = tuple(dict.fromkeys(item.strip() for item in items if item.strip()))
            return " / ".join(accepted), accepted
        if isinstance(value, list):
            return None
        # text that only looks like a list ("[see the lease]", "[1]") is a key like any other
    if value is not None and not isinstance(value, str | int | float):
        return None
    return _text(value), ()


def import_answers(
    path: Path,
    runs_dir: Path,
    name: str | None = None,
    declines: DeclineList | None = None,
) -> Imported:
    """Answers made elsewhere as one run: ``user_input``/``question``, ``response``/``answer``,
    ``retrieved_contexts``/``contexts`` (numbered sources 1, 2, ...), ``reference``/
    ``ground_truth`` (the key; a list is a list of accepted answers); optional id (one of
    `ID_FIELDS`), ``kind`` and needle columns, and a person's label on the answer (a column of
    `LABEL_FIELDS`, read as ``import labels`` reads a verdict: yes/no, true/false, 1/0,
    pass/fail, correct/incorrect, ...; an empty cell is no label), kept as that person's mark
    (``by``, else the file), so that one command brings in a labelled QA set.

    Each answer keeps its row's id, or gets one made from its question's text
    (`question_qid`; a question asked again in the file gets ``-2``, ``-3`` in order). A
    reference that reads as a decline (``The documents do not say.``, by the decline list
    ``declines``, default the shipped one) makes a ``negative`` question. The header plans the
    answers imported, so that a run that later loses a line reads as incomplete.

    Raises:
        RunFileError: for bad rows, each named with its line (nothing is written then), a file
            whose rows hold no answer field, or a run of that name that exists already.
    """
    from grader.rules.reading import answer_declines

    path = Path(path)
    run_id = name or path.stem
    run_path = Path(runs_dir) / f"{run_id}.jsonl"
    if run_path.exists():
        raise RunFileError(f"run file {run_path} already exists; choose another --name")
    declines = declines if declines is not None else load_declines()
    rows = list(read_rows(path))
    if rows and not any(candidate in row for _n, row in rows for candidate in FIELDS["answer"]):
        raise _no_answer_field(path, rows)
    if rows and not any(candidate in row for _n, row in rows for candidate in FIELDS["question"]):
        raise RunFileError(
            f"{path}: {_where_fields(path)}no question field ({_unknown_named(rows)}); the "
            f"question is read from {' or '.join(FIELDS['question'])}; nothing written"
        )
    if rows and not any(
        candidate in row for _n, row in rows for candidate in (*FIELDS["key"], *_LISTS, "kind")
    ):
        raise RunFileError(
            f"{path}: {_where_fields(path)}no reference field ({_unknown_named(rows)}); the key "
            "is read from "
            f"{' or '.join(FIELDS['key'])} (or needle columns, or a kind column saying "
            "negative); nothing written"
        )
    answers: list[Answer] = []
    labels: list[Mark] = []
    problems: list[LineProblem] = []
    asked: Counter[str] = Counter()
    created = now()
    negatives = 0
    for number, row in rows:
        question, answer = _field(row, "question"), _field(row, "answer")
        contexts = strings_of(_field(row, "contexts"))
        if not isinstance(question, str) or not question.strip():
            problems.append(LineProblem(number, f"no question ({' or '.join(FIELDS['question'])})"))
            continue
        if not any(candidate in row for candidate in FIELDS["answer"]):
            unknown = _unknown_fields([(number, row)])
            problems.append(
                LineProblem(
                    number,
                    f"no answer ({' or '.join(FIELDS['answer'])})"
                    + (f"; unknown field(s) {', '.join(unknown)}" if unknown else ""),
                )
            )
            continue
        if answer is not None and not isinstance(answer, str):
            problems.append(LineProblem(number, "the answer must be text"))
            continue
        if contexts is None:
            problems.append(
                LineProblem(
                    number,
                    "contexts must be a list of strings "
                    "([\"a\", \"b\"] or, as pandas writes it, ['a', 'b'])",
                )
            )
            continue
        made = question_qid(question)
        asked[made] += 1
        qid = _source_id(row) or (made if asked[made] == 1 else f"{made}-{asked[made]}")
        kind = _text(row.get("kind"))
        if kind and kind not in KINDS:
            problems.append(LineProblem(number, f"kind must be one of {', '.join(KINDS)}"))
            continue
        needles = {needle: strings_of(row.get(needle)) for needle in _LISTS}
        if any(value is None for value in needles.values()):
            problems.append(LineProblem(number, "needle columns must be lists of strings"))
            continue
        reference = key_of(_field(row, "key"))
        if reference is None:
            problems.append(
                LineProblem(
                    number,
                    "the reference must be text or a list of strings (the accepted answers)",
                )
            )
            continue
        key, accepted = reference
        if not kind and key and not accepted and answer_declines(key, declines):
            # "The documents do not say." is no key: no answer exists, declining is correct.
            kind, key = "negative", ""
            negatives += 1
        kind = kind or "answerable"
        checkable = key or needles["must_contain"] or needles["must_contain_any"]
        if kind != "negative" and not checkable:
            # An answerable question with no key and no needle checks nothing: every answer,
            # an invented amount included, would be graded correct.
            problems.append(LineProblem(number, _no_reference(row)))
            continue
        try:
            gold = gold_from_dict({"key": key, "accepted": list(accepted), **needles})
        except BadRecord as exc:
            problems.append(LineProblem(number, str(exc)))
            continue
        label = _label_of(row, qid, number, path, created)
        if isinstance(label, LineProblem):
            problems.append(label)
            continue
        if label is not None:
            labels.append(label)
        sources = [
            Source(n=n, doc=f"context-{n}", page=1, chunk=f"{qid}#ctx{n}", text=text)
            for n, text in enumerate(contexts, start=1)
        ]
        answers.append(
            Answer(
                qid=qid,
                kind=kind,
                question=question.strip(),
                gold=gold,
                answer=answer or "",
                sources=sources,
                line=number,
            )
        )
    answers = first_of_each_qid(answers, [answer.line for answer in answers], problems)
    if problems:
        problems.sort(key=lambda problem: problem.line)
        raise BadRows(path, [str(problem) for problem in problems])
    if not answers:
        raise RunFileError(f"{path}: no answers in this file")
    answers = with_mined_needles(answers)
    header = {
        "run_id": run_id,
        "created": now(),
        "corpus": "",
        "config": {"name": "imported"},
        "model": {"name": "unknown (imported)"},
        "engine": {"version": __version__, "imported": True},
        "grading": NOT_GRADED,
        # The answers imported are the plan: a run that loses a line is incomplete (DESIGN 2).
        "plan": {"qids": [answer.qid for answer in answers], "imported": True},
        "provenance": {"file": str(path)},
    }
    # the run and its labels written together, under their locks: of two imports at once,
    # one writes both and the other finds the run and is refused (no mark written twice)
    with locked(run_path, marks_path(run_path)):
        if run_path.exists() or (labels and marks_path(run_path).exists()):
            raise RunFileError(f"run file {run_path} already exists; choose another --name")
        write_run(run_path, header, answers)
        if labels:
            append_marks(run_path, labels)
    notes = (
        [
            f'{negatives} reference(s) read as a decline ("The documents do not say."): '
            "imported as negative questions, where declining is correct (a kind column "
            "says otherwise)"
        ]
        if negatives
        else []
    )
    if labels:
        notes.append(f"{len(labels)} label(s) by people kept as their marks (picked by hand)")
    return Imported(run_path, len(answers), len(labels), notes, negatives=negatives)


def _label_of(
    row: dict[str, Any], qid: str, number: int, path: Path, created: str
) -> Mark | LineProblem | None:
    """The row's label as a person's mark, None when it has none, or the line's problem."""
    column = next((name for name in LABEL_FIELDS if name in row), None)
    said = _text(row.get(column)).lower() if column else ""
    if not said:
        return None
    if said not in VERDICT_WORDS:
        return LineProblem(
            number, f"unknown {column} {said!r} (accepted, in any case: {ACCEPTED_VERDICTS})"
        )
    declined_text = _text(row.get("declined")).lower()
    if declined_text not in _BOOLEANS:
        return LineProblem(number, f"declined must be true or false, not {declined_text!r}")
    verdict, declined = VERDICT_WORDS[said]
    who = next((_text(row[name]) for name in BY_FIELDS if _text(row.get(name))), "")
    return Mark(
        qid=qid,
        says=LABEL,
        verdict=verdict,
        note=_text(row.get("note")),
        created=created,
        by=who or f"labels in {path.name}",
        grader_fingerprint="",
        grader_verdict="",
        declined=_BOOLEANS[declined_text] if declined_text else declined,
        source=f"{path}:{number}",
        picked=Picked(HAND),
    )


def with_mined_needles(answers: list[Answer]) -> list[Answer]:
    """The answers, each free-text reference with no needles given mined for the facts a rule
    can check (`corpora.needles`: names, acronyms, figures, in the answer's own contexts, not in
    its question, not in most of the file's contexts). A reference that is a dollar amount, holds
    figures, opens with Yes or No or is a name of a few words is checked as it is."""
    from corpora.needles import mine_needles
    from grader.rules.key import figures_of_key, is_short_key, money_key, polarity_of_key

    documents = list(dict.fromkeys(source.text for answer in answers for source in answer.sources))
    mined = []
    for answer in answers:
        gold = answer.gold
        free_text = not (
            gold.accepted
            or gold.must_contain
            or gold.must_contain_any
            or not gold.key
            or money_key(gold.key) is not None
            or figures_of_key(gold.key)
            or polarity_of_key(gold.key)
            or is_short_key(gold.key)
        )
        if free_text:
            golden = " ".join(source.text for source in answer.sources)
            needles, _dropped = mine_needles(gold.key, answer.question, golden, documents)
            if needles:
                gold = msgspec.structs.replace(gold, must_contain_any=tuple(needles))
                answer = msgspec.structs.replace(answer, gold=gold)
        mined.append(answer)
    return mined


__all__ = ["Imported", "export_marks", "import_answers", "import_financebench", "import_labels"]
