"""lm-evaluation-harness samples (``lm_eval ... --log_samples``, the ``samples_<task>_<time>
.jsonl`` it writes) as a run: one run per file, which is one task.

Each line is one document scored through one filter; the lines of a document (one per filter)
are one answer. The document's own id (one of `ID_FIELDS` in ``doc``) is the qid, else one
made from its question (lm_eval's ``doc_id`` is the row's number, never kept as an id); the
question is the document's (`FIELDS`), else the prompt lm_eval sent; ``target`` is the key (a
list, written by lm_eval as a Python list, ``"['Bobby Moore', 'Robert Moore']"``, is the list
of accepted answers); the model's first reply (``resps``) is the answer. Each metric the line
names (``metrics``) is that grader's verdict, ``lm_eval:<metric>`` (with ``[<filter>]`` when
the task filters its replies), its reason the reply it scored (``filtered_resps``): a score is
correct from `THRESHOLD` up (stated with the verdict), true and false are correct and wrong, a
metric the line names but leaves out is no verdict. lm_eval writes no NaN of its own; a line
that holds one says nothing a reader can check, and is refused with its line.

A multiple-choice task (loglikelihood: its replies are log-probabilities, not text) has no
answer to grade and is refused in one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.importers.base import Answers, Read, grader, named_once
from engine.importers.reading import Problems, json_lines, refuse_unless_first_fits
from engine.imports.fields import ID_FIELDS
from grader.errors import RunFileError
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "lm_eval"
DESCRIBE = "lm-evaluation-harness samples JSONL (lm_eval --log_samples: samples_<task>_*.jsonl)"
THRESHOLD = 0.5  # a metric's score is correct from here up
NO_FILTER = "none"  # lm_eval's name for a task without filters
# The field map: where each thing is in a line (its document's fields: the first present).
FIELDS = {
    "question": ("question", "query", "input", "problem", "prompt", "text"),
    "id": ID_FIELDS,
}
REQUIRED = ("doc", "target", "resps")
EXPECTED = "lm_eval --log_samples lines (doc_id, doc, target, resps, filtered_resps, metrics)"


def recognises(path: Path, head: bytes) -> bool:
    """A JSON Lines file whose first line is a sample lm_eval logs: its ``doc_id``, ``doc`` and
    replies (``resps``)."""
    first = head.lstrip().split(b"\n", 1)[0]
    return (
        first.startswith(b"{")
        and b'"doc_id"' in first
        and b'"resps"' in first
        and b'"doc"' in first
    )


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    path = Path(path)
    problems = Problems(path)
    # the lines of each document (one per filter), in the file's order
    documents: dict[Any, list[tuple[int, dict[str, Any]]]] = {}
    found = list(json_lines(path, problems))
    refuse_unless_first_fits(path, found, _a_sample, EXPECTED)
    for number, sample in found:
        missing = [field for field in REQUIRED if field not in sample]
        if missing or not isinstance(sample.get("doc"), dict):
            said = ", ".join(missing) if missing else "doc (an object)"
            problems.add(f"line {number}", f"no {said}; expected {EXPECTED}")
            continue
        documents.setdefault(_document_key(sample), []).append((number, sample))
    problems.raise_any()
    answers = Answers(declines)
    filters: set[str] = set()
    for lines in documents.values():
        number, first = lines[0]
        where = f"line {number}"
        reply = _reply(first.get("resps"))
        if reply is None:
            raise RunFileError(
                f"{path}: {where}: its replies are not text (a multiple-choice, loglikelihood "
                "task?): there is no generated answer to grade; import a generate_until task's "
                "samples"
            )
        graders: list[GraderVerdict] = []
        try:
            for line_number, sample in lines:
                where = f"line {line_number}"
                filters.add(str(sample.get("filter") or NO_FILTER))
                graders += _graders(sample)
        except (TypeError, ValueError) as exc:
            problems.add(where, f"a metric must be a finite number, true, false or null: {exc}")
            continue
        doc = first["doc"]
        source = next((doc[f] for f in FIELDS["id"] if isinstance(doc.get(f), str | int)), "")
        answers.add(
            f"line {number}",
            problems,
            source_id=str(source).strip() if not isinstance(source, bool) else "",
            question=_question(first),
            reference=first["target"],
            answer=reply,
            graders=named_once(graders),
            line=number,
        )
    problems.raise_any()
    task = _task(path)
    model = _model(path)
    notes = [f"task {task}, model {model}"]
    if len(filters) > 1 or filters - {NO_FILTER}:
        notes.append(f"filters {', '.join(sorted(filters))}: each metric a grader per filter")
    return [
        Read(
            run_id=name or path.stem,
            model=model,
            config=task,
            answers=answers.answers,
            notes=notes,
            provenance={"lm_eval task": task},
        )
    ]


def _a_sample(row: dict[str, Any]) -> bool:
    return "doc" in row and "resps" in row


def _document_key(sample: dict[str, Any]) -> Any:
    """What tells one document's lines from another's: lm_eval's ``doc_id``, else its hash."""
    doc_id = sample.get("doc_id")
    return doc_id if isinstance(doc_id, int | str) else sample.get("doc_hash") or id(sample)


def _reply(resps: Any) -> str | None:
    """The model's first reply: ``resps`` holds a list of replies per request."""
    while isinstance(resps, list) and resps:
        resps = resps[0]
    return resps if isinstance(resps, str) else None


def _question(sample: dict[str, Any]) -> Any:
    """The document's question, else the prompt lm_eval sent (``arguments``: an object of
    ``gen_args_<n>`` in 0.4.3 and later, a list of argument lists before)."""
    doc = sample["doc"]
    for field in FIELDS["question"]:
        if isinstance(doc.get(field), str) and doc[field].strip():
            return doc[field]
    arguments = sample.get("arguments")
    if isinstance(arguments, dict):
        first = next(iter(arguments.values()), None)
        return first.get("arg_0") if isinstance(first, dict) else None
    if isinstance(arguments, list) and arguments and isinstance(arguments[0], list):
        return arguments[0][0] if arguments[0] else None
    return None


def _graders(sample: dict[str, Any]) -> list[GraderVerdict]:
    """Each metric the line names as a grader's verdict (TypeError or ValueError for a score
    that is not a finite number, true, false or null)."""
    metrics = sample.get("metrics")
    if not isinstance(metrics, list):
        raise TypeError("metrics must be a list of names")
    filtered = sample.get("filtered_resps")
    scored = _reply(filtered) if isinstance(filtered, list) else None
    where = str(sample.get("filter") or NO_FILTER)
    reason = f"scored {scored!r}" if scored is not None else ""
    found = []
    for metric in metrics:
        name = f"lm_eval:{metric}" + (f"[{where}]" if where != NO_FILTER else "")
        value = sample.get(str(metric))
        if value is None:
            found.append(grader(name, None, None, None, "no score in the line"))
        elif isinstance(value, bool):
            found.append(grader(name, "correct" if value else "wrong", float(value), None, reason))
        else:
            try:
                score = grader(name, None, value).score
            except (TypeError, ValueError) as exc:
                raise type(exc)(f"{metric} is {value!r:.30}") from None
            verdict = "correct" if score is not None and score >= THRESHOLD else "wrong"
            found.append(grader(name, verdict, score, THRESHOLD, reason))
    return found


def _task(path: Path) -> str:
    """The task, from lm_eval's file name ``samples_<task>_<time>.jsonl``."""
    stem = path.stem
    if stem.startswith("samples_"):
        task, _sep, _time = stem.removeprefix("samples_").rpartition("_")
        return task or stem
    return stem


def _model(path: Path) -> str:
    """The model, from the results file lm_eval writes beside the samples (``results_<time>
    .json``: the ``pretrained`` of its model arguments, else the model type), else unknown."""
    import orjson

    stamp = path.stem.rpartition("_")[2]
    try:
        results = orjson.loads(path.with_name(f"results_{stamp}.json").read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return "unknown (lm_eval samples)"
    config = results.get("config") if isinstance(results, dict) else None
    if not isinstance(config, dict):
        return "unknown (lm_eval samples)"
    arguments = config.get("model_args")
    if isinstance(arguments, str):  # "pretrained=gpt2,dtype=float32" as typed
        arguments = dict(p.partition("=")[::2] for p in arguments.split(",") if "=" in p)
    named = (
        arguments.get("pretrained") or arguments.get("model")
        if isinstance(arguments, dict)
        else None
    )
    return str(named or config.get("model") or "unknown (lm_eval samples)")
