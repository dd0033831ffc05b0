"""The workspace: the run files on disk, the corpora and the needle lists, read together.

Several commands (grade, rebaseline, scan, needle, strategies, agreement) and the review app need
the same view of "what is on disk" and the same notion of *today's grader*: the decline list of
the workspace plus each corpus's current question needles, which replace the gold stored in an
old run's answers (a needle is changed in the corpus, and every run of that corpus is then graded
against it). This module is the one place that view is built.

The needle lists belong to the user's workspace, not to the installed package (DESIGN 5):
the decline list is ``needles/declines.json`` in the workspace's needles folder (``--needles
DIR``, else ``$RAGTRIAGE_NEEDLES``, else ``./needles``). While that file does not exist, the list
shipped in ``grader/needles/`` is today's; the first change is written to the workspace's file
(the shipped list plus the change), and the shipped list is never written. Question needles are
changed in the workspace's corpora only (`corpora.places.workspace_root`); the corpora shipped
in the package are read, never written. Changing the lists, and their history, is
`engine.needle_changes`'s.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from corpora.loader import Corpus, load_corpus
from corpora.places import default_root, list_corpora
from grader.audit.compare import Comparison, compare
from grader.audit.graders import GraderComparison
from grader.audit.scan import (
    QuestionRef,
)
from grader.errors import CorpusError, RunFileError
from grader.records.marks import Reviews, read_reviews
from grader.records.runfile import (
    Run,
    Skimmed,
    imported_graders,
    is_run_file,
    iter_lines,
    read_header,
    read_run,
    run_id_of,
)
from grader.rules.declines import (
    DEFAULT_PATH,
    DeclineList,
    load_declines,
)
from grader.rules.verdict import Grader
from grader.schema import Gold

DECLINES_FILE = "declines.json"


def resolve_run(name: str | Path, runs_dir: str | Path | None = None) -> Path:
    """The run file a command's argument names: a path, or a run id in ``runs_dir`` (default
    ``runs``): ``20261130-182735-finance-k5`` for ``runs/20261130-182735-finance-k5.jsonl``.

    Raises:
        RunFileError: for a bare id that names no run in ``runs_dir`` (with the closest id);
            a path that does not exist is returned as it is, for its reader to refuse.
    """
    path = Path(name)
    runs = Path(runs_dir or "runs")
    if path.exists():
        return path
    for candidate in (runs / f"{name}.jsonl", runs / str(name)):
        if candidate.is_file():
            return candidate
    text = str(name)
    if "/" in text or text.endswith(".jsonl"):
        return path
    ids = [run_id_of(p) for p in runs.glob("*.jsonl") if is_run_file(p)] if runs.is_dir() else []
    close = difflib.get_close_matches(text, ids, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}?" if close else ""
    raise RunFileError(f"no run {text!r}: not a file, and no {runs / (text + '.jsonl')}{hint}")


class _Asked(msgspec.Struct, gc=False):
    type: str = ""
    qid: str = ""
    question: str = ""


_ASKED = msgspec.json.Decoder(_Asked)


def questions_of(path: Path) -> dict[str, str]:
    """The question text of each answer of a run, by qid (the first of a repeated qid; a line
    that is not an answer is left out, as its readers leave it)."""
    asked: dict[str, str] = {}
    try:
        lines = iter_lines(path)
        for _number, _offset, raw in lines:
            try:
                line = _ASKED.decode(raw)
            except (msgspec.DecodeError, UnicodeDecodeError):
                continue
            if line.type == "answer" and line.qid:
                asked.setdefault(line.qid, line.question)
    except OSError:
        return {}
    return asked


def workspace_for(args: Any) -> Workspace:
    """The workspace a command's arguments name: ``--runs DIR`` (default ``runs``), ``--corpora
    DIR`` and ``--needles DIR`` (defaults in DESIGN 5)."""
    runs = getattr(args, "runs", None) or "runs"
    corpora = getattr(args, "corpora", None)
    needles = getattr(args, "needles", None)
    return Workspace(
        runs_dir=Path(runs),
        corpora_root=Path(corpora) if corpora else None,
        needles_dir=Path(needles) if needles else default_needles_dir(),
    )


def default_needles_dir() -> Path:
    """The workspace's needles folder: ``$RAGTRIAGE_NEEDLES``, else ``./needles``."""
    configured = os.environ.get("RAGTRIAGE_NEEDLES")
    return Path(configured) if configured else Path.cwd() / "needles"


@dataclass
class Workspace:
    """Run files, corpora and needle lists, with the problems met while reading them."""

    runs_dir: Path = Path("runs")
    corpora_root: Path | None = None
    needles_dir: Path = field(default_factory=default_needles_dir)
    problems: list[str] = field(default_factory=list)
    _corpora: list[Corpus] | None = None

    @property
    def declines_file(self) -> Path:
        """Where this workspace keeps its decline list (written on the first change)."""
        return Path(self.needles_dir) / DECLINES_FILE

    @property
    def declines_path(self) -> Path:
        """The decline list in force: the workspace's own, else the shipped one."""
        return self.declines_file if self.declines_file.exists() else DEFAULT_PATH

    def declines(self) -> DeclineList:
        return load_declines(self.declines_path)

    def fresh(self) -> Workspace:
        """The same workspace read anew from disk (after a change)."""
        return Workspace(self.runs_dir, self.corpora_root, self.needles_dir)

    def lists_changed(self) -> None:
        """The needle lists changed on disk: the corpora are read again when next asked for."""
        self._corpora = None

    def corpus_of(self, qid: str | None) -> Corpus | None:
        """The corpus that holds question ``qid``."""
        for corpus in self.corpora():
            if any(q.qid == qid for q in corpus.questions):
                return corpus
        return None

    def run_path(self, name: str | Path) -> Path:
        """A run named by its path or by its id in this workspace's runs folder."""
        return resolve_run(name, self.runs_dir)

    def corpora(self) -> list[Corpus]:
        """Every valid corpus; an invalid one is noted in ``problems`` and left out."""
        if self._corpora is None:
            root = self.corpora_root or default_root()
            self._corpora = []
            for name in list_corpora(root):
                try:
                    self._corpora.append(load_corpus(name, root))
                except CorpusError as exc:
                    self.problems.append(str(exc))
        return self._corpora

    def questions(self) -> list[QuestionRef]:
        return [
            QuestionRef(corpus.name, q.qid, q.question, q.gold)
            for corpus in self.corpora()
            for q in corpus.questions
        ]

    def golds(self, corpus_name: str | None) -> dict[str, Gold]:
        """Today's gold per qid for a corpus (empty when the corpus is not here)."""
        for corpus in self.corpora():
            if corpus.name == corpus_name:
                return {q.qid: q.gold for q in corpus.questions}
        return {}

    def run_paths(self) -> list[Path]:
        if not Path(self.runs_dir).is_dir():
            return []
        return sorted(p for p in Path(self.runs_dir).glob("*.jsonl") if is_run_file(p))

    def runs(self, wanted: Callable[[Skimmed], bool] | None = None) -> list[Run]:
        """Every readable run file, read for grading (`read_run(lean=True)`), only the answers
        ``wanted`` accepts (by qid and text) when it is given; an unreadable one is noted in
        ``problems``."""
        loaded = []
        for path in self.run_paths():
            try:
                loaded.append(read_run(path, lean=True, wanted=wanted))
            except RunFileError as exc:
                self.problems.append(str(exc))
        return loaded

    def grader(
        self,
        run: Run | dict[str, Any] | None,
        declines: DeclineList | None = None,
        strategy: str | None = None,
    ) -> Grader:
        """Today's grader for one run (or for the run with this header): the decline list and
        its corpus's current needles."""
        header = run.header if isinstance(run, Run) else run
        header = header if isinstance(header, dict) else {}
        corpus = header.get("corpus") if isinstance(header.get("corpus"), str) else None
        return Grader(
            declines if declines is not None else self.declines(),
            strategy,
            self.golds(corpus),
            citations=self.citations_graded(header, corpus),
        )

    def compare(self, path_a: Path, path_b: Path) -> Comparison:
        """Run B against run A, each read and graded by today's grader (on every core, as
        ``grade`` does), with the fingerprints of their grades of record.

        Raises:
            RunFileError: for a file that is not a run.
        """
        from grader.audit.corrected import people_estimate
        from grader.audit.regrade import regrade
        from grader.records.grades import read_grades

        sides = []
        for path in (Path(path_a), Path(path_b)):
            header = read_header(path)
            grader = self.grader(header)
            recorded = read_grades(path, grades=False)
            sides.append(
                (
                    header,
                    regrade(path, grader).grades,
                    grader.fingerprint,
                    recorded.fingerprint if recorded is not None else None,
                )
            )
        (a_header, a_grades, a_fp, a_rec), (b_header, b_grades, b_fp, b_rec) = sides
        questions = (questions_of(Path(path_a)), questions_of(Path(path_b)))
        comparison = compare(
            a_header, a_grades, b_header, b_grades, (a_fp, b_fp), (a_rec, b_rec), questions
        )
        for side, path, grades in (("a", path_a, a_grades), ("b", path_b, b_grades)):
            # The people's estimate of each run's accuracy, from its marks picked at random.
            estimate = people_estimate(grades, self.marks_of(Path(path)))
            comparison.people[side] = estimate.to_dict() if estimate is not None else None
        return comparison

    def compare_graders(self, path: Path, a: str, b: str) -> GraderComparison:
        """Two graders of one run against each other (`grader.audit.graders`): the rules as
        today's grader grades the run (on every core, as ``grade`` does), the model judge from
        its sidecar, the graders imported with the answers; each qid once, its first answer.

        Raises:
            RunFileError: for a file that is not a run.
            GraderConfigError: for a grader the run does not hold (the message lists those it
                holds).
        """
        from grader.audit.graders import compare_graders
        from grader.audit.regrade import regrade
        from grader.records.judgements import read_judgements

        header = read_header(Path(path))
        grades = regrade(Path(path), self.grader(header)).grades
        judgements, problems = read_judgements(Path(path))
        self.problems.extend(problems)
        imported = imported_graders(Path(path))
        seen: set[str] = set()
        rows = []
        for grade in grades:
            if grade.qid not in seen:
                seen.add(grade.qid)
                rows.append((grade, judgements.get(grade.qid), imported.get(grade.qid, ())))
        return compare_graders(rows, a, b)

    def citations_graded(self, header: dict[str, Any], corpus_name: str | None) -> bool:
        """Whether citations are graded for a run: not when its header's ``grading`` says
        ``"citations": false`` (answers imported from elsewhere), or its corpus does (DESIGN 2)."""
        grading = header.get("grading")
        if isinstance(grading, dict) and grading.get("citations") is False:
            return False
        for corpus in self.corpora():
            if corpus.name == corpus_name:
                return corpus.citations_graded
        return True

    def marks(self, run: Run) -> dict[str, Reviews]:
        """The reviewers' effective marks on a run: the latest of each reviewer per answer
        (unreadable lines noted in ``problems``)."""
        return self.marks_of(run.path)

    def marks_of(self, path: Path) -> dict[str, Reviews]:
        """The reviewers' effective marks on the run at ``path`` (see `marks`)."""
        marks, problems = read_reviews(path)
        self.problems.extend(problems)
        return marks
