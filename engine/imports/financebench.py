"""``ragtriage import financebench``: each FinanceBench results file as a run, its labels as
marks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from corpora.financebench import label_mark, load_questions, read_results
from corpora.loader import load_corpus
from engine import __version__
from engine.imports.imported import NOT_GRADED, Imported
from grader.errors import CorpusError, RunFileError
from grader.records.clock import now
from grader.records.marks import append_marks, marks_path
from grader.records.runfile import write_run


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
