"""What every importer shares: an answer made from a tool's row, other graders' verdicts, a
person's mark read from another tool's form, and the writing of the runs (all of them or nothing,
under their locks). Reading the tool's file, its rows and cells, is `engine.importers.reading`'s.

An importer reads its file into `Read` runs (answers with their graders' verdicts, and marks),
naming every bad row with its line or sample (`engine.importers.reading.Problems`); nothing is
written until the whole file has been read. `write_runs` then writes each run file atomically,
its marks beside it, holding every run's lock at once, so that two writers importing at once
lose nothing: the second finds the runs written and is refused, or writes runs of other names.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from engine import __version__
from engine.importers.reading import NAN, Problems
from engine.imports.answers import key_of, with_mined_needles
from engine.imports.fields import question_qid
from engine.imports.imported import NOT_GRADED, Imported
from grader.errors import RunFileError
from grader.records.atomic import locked
from grader.records.clock import now
from grader.records.marks import HAND, Mark, Picked, append_marks, marks_path
from grader.records.runfile import write_run
from grader.rules.declines import DeclineList
from grader.schema import Answer, BadRecord, GraderVerdict, Kind, Source, gold_from_dict


@dataclass
class Read:
    """One run as an importer read it, before anything is written."""

    run_id: str
    model: str
    config: str
    answers: list[Answer]
    marks: list[Mark] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    provenance: dict[str, Any] = field(default_factory=dict)


# What an import says of the answers its tool failed on (DESIGN 2: the grader grades an engine
# error wrong, with the label `engine error`).
ENGINE_ERRORS = "engine errors, not answers (graded wrong, labelled engine error)"


def ragtriage_facts_in(metadata: Any) -> dict[str, Any]:
    """The ``ragtriage`` object a mark exported in another tool's form keeps in its metadata
    (`engine.marks_forms`; a dict, or JSON text in a CSV cell): what the form has no field for
    (how the answer was picked, whether blind, declined). ``{}`` when there is none."""
    if isinstance(metadata, str) and metadata.strip().startswith("{"):
        try:
            metadata = orjson.loads(metadata)
        except orjson.JSONDecodeError:
            return {}
    facts = metadata.get("ragtriage") if isinstance(metadata, dict) else None
    return facts if isinstance(facts, dict) else {}


def picked_and_blind(metadata: Any) -> tuple[Picked, bool]:
    """How a person's mark read from another tool's file was picked and whether it was blind:
    as the ragtriage facts in its metadata say (`ragtriage_facts_in`: a mark that went out in
    that tool's form), else by hand and not blind."""
    facts = ragtriage_facts_in(metadata)
    picked = facts.get("picked")
    return (
        Picked.from_record(picked) if picked is not None else Picked(HAND),
        bool(facts.get("blind", False)),
    )


def engine_errors_note(answers: Sequence[Answer], what: str) -> list[str]:
    """The import's note on the answers its tool failed on (``what``: "provider error(s)"),
    or none."""
    errors = sum(answer.error is not None for answer in answers)
    return [f"{errors} {what}: {ENGINE_ERRORS}"] if errors else []


def finite(value: Any) -> float | None:
    """A score as a float, None when absent; a bool or a non-number raises TypeError, NaN and
    infinity raise ValueError (a score that says nothing a reader can check)."""
    if value is None:
        return None
    if value == NAN:
        raise ValueError(NAN)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(type(value).__name__)
    if not math.isfinite(value):
        raise ValueError(repr(value))
    return float(value)


def grader(
    name: str, verdict: str | None, score: Any = None, threshold: Any = None, reason: Any = ""
) -> GraderVerdict:
    """Another grader's verdict, its score and threshold checked (`finite`)."""
    return GraderVerdict(
        name=name,
        verdict=verdict,  # type: ignore[arg-type]
        score=finite(score),
        threshold=finite(threshold),
        reason=reason if isinstance(reason, str) else "",
    )


def named_once(graders: Iterable[GraderVerdict]) -> tuple[GraderVerdict, ...]:
    """The graders, a name given twice on one answer numbered (``promptfoo:contains#2``)."""
    seen: Counter[str] = Counter()
    named = []
    for one in graders:
        seen[one.name] += 1
        if seen[one.name] > 1:
            one = GraderVerdict(f"{one.name}#{seen[one.name]}", *_rest(one))
        named.append(one)
    return tuple(named)


def _rest(one: GraderVerdict) -> tuple[Any, ...]:
    return (one.verdict, one.score, one.threshold, one.reason)


class Answers:
    """The answers of one run as they are read: each checked like an ``import answers`` row
    (a list of references kept as the accepted answers, a reference that reads as a decline a
    negative question, an empty reference refused), its qid the row's id or one made from its
    question (a question asked again gets ``-2``, ``-3``)."""

    def __init__(self, declines: DeclineList) -> None:
        self.declines = declines
        self.answers: list[Answer] = []
        self.asked: Counter[str] = Counter()
        self.qids: set[str] = set()
        self.negatives = 0

    def add(
        self,
        where: str,
        problems: Problems,
        *,
        source_id: str,
        question: Any,
        reference: Any,
        answer: Any,
        error: str | None = None,
        graders: Sequence[GraderVerdict] = (),
        latency_ms: Any = None,
        line: int = 0,
        contexts: Sequence[str] = (),
        context_ids: Sequence[str] = (),
        golden_docs: Sequence[str] = (),
    ) -> None:
        """One answer, or its problem added to ``problems`` under ``where``. ``contexts`` are
        the retrieved texts (numbered sources 1, 2, ..., each under its id in ``context_ids``
        where given), ``golden_docs`` the ids of the documents that hold the answer."""
        from grader.rules.reading import answer_declines

        if not isinstance(question, str) or not question.strip():
            problems.add(where, "no question")
            return
        if answer is not None and not isinstance(answer, str):
            problems.add(where, "the answer must be text")
            return
        made = question_qid(question)
        self.asked[made] += 1
        qid = source_id or (made if self.asked[made] == 1 else f"{made}-{self.asked[made]}")
        if qid in self.qids:
            problems.add(where, f"the id {qid!r} is given twice")
            return
        keyed = key_of(reference)
        if keyed is None:
            problems.add(where, "the reference must be text or a list of strings")
            return
        key, accepted = keyed
        kind: Kind = "answerable"
        if key and not accepted and answer_declines(key, self.declines):
            kind, key = "negative", ""
            self.negatives += 1
        elif not key:
            problems.add(where, "empty reference (the key the answer is graded against)")
            return
        try:
            gold = gold_from_dict(
                {"key": key, "accepted": list(accepted), "golden_docs": list(golden_docs)}
            )
        except BadRecord as exc:
            problems.add(where, str(exc))
            return
        self.qids.add(qid)
        self.answers.append(
            Answer(
                qid=qid,
                kind=kind,
                question=question.strip(),
                gold=gold,
                answer=answer or "",
                sources=[
                    Source(
                        n=n,
                        doc=context_ids[n - 1] if n <= len(context_ids) else f"context-{n}",
                        page=1,
                        chunk=f"{qid}#ctx{n}",
                        text=text,
                    )
                    for n, text in enumerate(contexts, start=1)
                ],
                error=error,
                graders=named_once(graders),
                latency_ms=_latency(latency_ms),
                line=line,
            )
        )


def _latency(value: Any) -> float | None:
    """A latency in milliseconds as the tools write it, None when it is not a finite number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return round(float(value), 1)


def slug(text: str) -> str:
    """A name as a piece of a run id: lower case, runs of other characters as one ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


def write_runs(path: Path, fmt: str, runs: list[Read], runs_dir: Path) -> list[Imported]:
    """Each run read from ``path`` as a run file (its marks beside it): all of them or none.

    Every run file and marks file is locked at once; a run that exists already refuses the
    whole import before anything is written.

    Raises:
        RunFileError: for a file with no answers, or a run of that name that exists already.
    """
    runs_dir = Path(runs_dir)
    if not any(run.answers for run in runs):
        raise RunFileError(f"{path}: no answers in this file")
    paths = [runs_dir / f"{run.run_id}.jsonl" for run in runs]
    if len(set(paths)) != len(paths):
        raise RunFileError(f"{path}: two runs would have the same name; give --name")
    done = []
    with locked(*paths, *(marks_path(p) for p in paths)):
        for run_path in paths:
            if run_path.exists() or marks_path(run_path).exists():
                raise RunFileError(
                    f"run file {run_path} already exists; remove it or choose another --name"
                )
        for run, run_path in zip(runs, paths, strict=True):
            answers = with_mined_needles(run.answers)
            header = {
                "run_id": run.run_id,
                "created": now(),
                "corpus": "",
                "config": {"name": run.config},
                "model": {"name": run.model},
                "engine": {"version": __version__, "imported": True},
                "grading": NOT_GRADED,
                "plan": {"qids": [answer.qid for answer in answers], "imported": True},
                "provenance": {"file": str(path), "format": fmt, **run.provenance},
            }
            write_run(run_path, header, answers)
            if run.marks:
                append_marks(run_path, run.marks)
            done.append(Imported(run_path, len(answers), len(run.marks), run.notes))
    return done
