"""``ragtriage import answers``: a CSV or JSONL file of answers from any RAG system (Ragas field
names, or plain ones: `engine.imports.fields`) as one run, a person's label on a row kept as
their mark; and the needles mined for a free-text reference (`with_mined_needles`), which the
tools' importers use too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, cast

import msgspec

from engine import __version__
from engine.imports.fields import (
    FIELDS,
    ID_FIELDS,
    KNOWN_FIELDS,
    NEEDLE_FIELDS,
    field_of,
    question_qid,
)
from engine.imports.imported import NOT_GRADED, Imported
from engine.imports.labels import label_of_row
from engine.imports.rows import BadRows, list_literal, read_rows, strings_of, text_of
from grader.errors import RunFileError
from grader.records.atomic import locked
from grader.records.clock import now
from grader.records.marks import Mark, append_marks, marks_path
from grader.records.runfile import LineProblem, first_of_each_qid, write_run
from grader.rules.declines import DeclineList, load_declines
from grader.schema import KINDS, Answer, BadRecord, Kind, Source, gold_from_dict


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
        items = value if isinstance(value, list) else list_literal(value.strip())
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            accepted = tuple(dict.fromkeys(item.strip() for item in items if item.strip()))
            return " / ".join(accepted), accepted
        if isinstance(value, list):
            return None
        # text that only looks like a list ("[see the lease]", "[1]") is a key like any other
    if value is not None and not isinstance(value, str | int | float):
        return None
    return text_of(value), ()


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
        candidate in row
        for _n, row in rows
        for candidate in (*FIELDS["key"], *NEEDLE_FIELDS, "kind")
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
        question, answer = field_of(row, "question"), field_of(row, "answer")
        contexts = strings_of(field_of(row, "contexts"))
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
        kind = text_of(row.get("kind"))
        if kind and kind not in KINDS:
            problems.append(LineProblem(number, f"kind must be one of {', '.join(KINDS)}"))
            continue
        needles = {needle: strings_of(row.get(needle)) for needle in NEEDLE_FIELDS}
        if any(value is None for value in needles.values()):
            problems.append(LineProblem(number, "needle columns must be lists of strings"))
            continue
        reference = key_of(field_of(row, "key"))
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
        label = label_of_row(row, qid, number, path, created)
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
                kind=cast(Kind, kind),  # one of KINDS: checked above
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
