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
changed in the workspace's corpora only (`corpora.loader.workspace_root`); the corpora shipped
in the package are read, never written.

Every change to the lists holds their locks (`lists_locked`) while it checks that they are as
scanned and writes, and is recorded, with its reasons, in ``history.jsonl`` beside the decline
list (`HISTORY_FILE`): what changed, why, the override, who, when, and the grader's fingerprint
before and after.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import msgspec
import orjson

from corpora.loader import (
    Corpus,
    default_root,
    list_corpora,
    load_corpus,
    workspace_root,
    writable,
)
from grader.audit.compare import Comparison, compare
from grader.audit.graders import GraderComparison
from grader.audit.scan import (
    Change,
    QuestionRef,
    ScanReport,
    preview_files,
    reaches,
    scan,
    scan_report,
)
from grader.errors import CorpusError, GraderConfigError, RunFileError
from grader.records.atomic import append_line, locked, write_atomic
from grader.records.clock import now
from grader.records.marks import Reviews, read_reviews, reviewer
from grader.records.runfile import (
    Run,
    Skimmed,
    imported_graders,
    is_run_file,
    iter_lines,
    read_header,
    read_run,
    run_id_in,
    run_id_of,
)
from grader.rules.declines import (
    DEFAULT_PATH,
    DeclineExample,
    DeclineList,
    DeclinePhrase,
    decline_list_from_dict,
    dump_declines,
    load_declines,
)
from grader.rules.normalize import normalize_phrase
from grader.rules.reading import answer_declines
from grader.rules.verdict import Grader
from grader.schema import Gold, gold_from_dict

DECLINES_FILE = "declines.json"
HISTORY_FILE = "history.jsonl"  # every change to the lists, with its reasons (append-only)


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

    @property
    def history_file(self) -> Path:
        """Where every change to the lists is recorded, beside the decline list."""
        return Path(self.needles_dir) / HISTORY_FILE

    def fresh(self) -> Workspace:
        """The same workspace read anew from disk (after a change)."""
        return Workspace(self.runs_dir, self.corpora_root, self.needles_dir)

    def write_declines(self, declines: DeclineList) -> Path:
        """Write a decline list to the workspace's file, atomically, after proving that its
        written form loads back as the same list. Returns the file written."""
        path = self.declines_file
        data = dump_declines(declines)
        decline_list_from_dict(orjson.loads(data), source=str(path))
        write_atomic(path, data)
        return path

    def writable_corpora(self) -> list[Corpus]:
        """The corpora of the workspace's own corpora folder (the shipped ones are read only)."""
        return [c for c in self.corpora() if writable(c, self.corpora_root)]

    @contextlib.contextmanager
    def lists_locked(self) -> Iterator[None]:
        """Hold the write locks of every list this workspace may change: its decline list and
        the questions file of each of its corpora. A change made while they are held cannot
        interleave with another writer's."""
        paths = [self.declines_file] + [c.questions_path for c in self.writable_corpora()]
        with locked(*paths):
            yield

    def record_change(
        self,
        change: Change | dict[str, Any],
        *,
        why: str,
        override: str | None,
        before: str,
        after: str,
        files: list[Path],
        observed: str | None = None,
    ) -> Path:
        """Append one change to the lists to the history, with its reasons and who made it.

        Args:
            change: The change (or, for one that is not a `Change`, its fields).
            before, after: The fingerprints of the grader the change affects, before and after.
        """
        what = (
            {
                "action": change.action,
                "change": change.describe(),
                "phrase": change.phrase,
                "qid": change.qid,
                "needle_kind": change.needle_kind,
                "requires": change.requires or None,
            }
            if isinstance(change, Change)
            else change
        )
        record = {
            "type": "needle-change",
            **what,
            "why": why,
            "override": override or "",
            "observed": observed or "",
            "by": reviewer(),
            "created": now(),
            "grader_before": before,
            "grader_after": after,
            "files": [str(path) for path in files],
        }
        append_line(self.history_file, orjson.dumps(record))
        return self.history_file

    def history(self) -> list[dict[str, Any]]:
        """Every recorded change to the lists, oldest first (unreadable lines left out)."""
        try:
            lines = self.history_file.read_bytes().splitlines()
        except FileNotFoundError:
            return []
        records = []
        for raw in lines:
            try:
                record = orjson.loads(raw)
            except orjson.JSONDecodeError:
                continue
            if isinstance(record, dict):
                records.append(record)
        return records

    def grader_of_change(self, change: Change) -> Grader:
        """The grader a change affects: for a question needle, its corpus's; for a decline
        phrase, the decline list's alone (no corpus's needles)."""
        corpus = self.corpus_of(change.qid) if not change.is_decline else None
        return self.grader({"corpus": corpus.name} if corpus else {})

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

    def lists_digest(self) -> str:
        """A hash of the bytes of every needle list on disk (the decline list, every
        questions file), to refuse a write when they changed since the scan."""
        digest = hashlib.sha256()
        paths = [Path(self.declines_path)] + [c.questions_path for c in self.corpora()]
        for path in paths:
            digest.update(str(path).encode() + b"\0")
            try:
                digest.update(path.read_bytes())
            except OSError:
                digest.update(b"missing")
        return digest.hexdigest()[:16]

    # --- proposing and making a change (shared by `ragtriage scan/needle` and the app) ---

    def scan(self, change: Change) -> ScanReport:
        """Collision scan and flip preview of one change over everything on disk. Only the
        answers the change can reach are read in full (`grader.audit.scan.reaches`): a decline
        phrase's are read and regraded in every core's process, as a regrade is."""
        declines = self.declines()
        proposed_declines = change.apply_declines(declines)
        questions = self.questions()
        if not change.is_decline and not any(q.qid == change.qid for q in questions):
            raise GraderConfigError(f"no question {change.qid!r} in any corpus")
        if change.is_decline:
            files, marks = [], {}
            for path in self.run_paths():
                try:
                    header = read_header(path)
                except RunFileError as exc:
                    self.problems.append(str(exc))
                    continue
                today = self.grader(header, declines)
                run_id = run_id_in(header, path)
                files.append((path, run_id, (today, today.variant(declines=proposed_declines))))
                marks[run_id] = self.marks_of(path)
            preview, _skipped = preview_files(change, files)  # (lines skipped: as `runs`)
            return scan_report(change, declines, questions, preview, marks)
        runs = self.runs(lambda skimmed: reaches(change, skimmed.qid, skimmed.answer))
        graders = {}
        for run in runs:
            today = self.grader(run, declines)
            golds = dict(today.gold_overrides)
            base = golds.get(change.qid) or next(
                (a.gold for a in run.answers if a.qid == change.qid), None
            )
            if base is not None:
                golds[change.qid] = change.apply_gold(base)
            graders[run.run_id] = (today, today.variant(gold_overrides=golds))
        return scan(
            change,
            declines,
            questions,
            [(r.run_id, r.answers) for r in runs],
            graders,
            {run.run_id: self.marks(run) for run in runs},
            passed_over=sum(run.passed_over for run in runs),
        )

    def marks(self, run: Run) -> dict[str, Reviews]:
        """The reviewers' effective marks on a run: the latest of each reviewer per answer
        (unreadable lines noted in ``problems``)."""
        return self.marks_of(run.path)

    def marks_of(self, path: Path) -> dict[str, Reviews]:
        """The reviewers' effective marks on the run at ``path`` (see `marks`)."""
        marks, problems = read_reviews(path)
        self.problems.extend(problems)
        return marks

    def apply(
        self,
        change: Change,
        *,
        why: str,
        observed: str | None = None,
        override: str | None = None,
        scanned: str | None = None,
        observed_must_decline: bool = True,
        keep_example: bool = True,
    ) -> list[Path]:
        """Write a scanned change to the lists on disk (atomically), with its provenance.

        Args:
            change: The change.
            why: The rationale, recorded with the phrase.
            observed: ``RUN:QID`` of the answer that showed a decline phrase; that answer joins
                the regression examples the tests read.
            observed_must_decline: Refuse the change when the observed answer would not read as
                a decline under it (from the command line, where the user names the answer);
                else (the review app, which records the answer on screen) it is recorded as
                provenance and joins the examples only when it does.
            keep_example: With False, the observed answer is named as provenance but its text
                is not copied into the list (an answer from third-party data whose licence
                keeps it out of the project).
            override: The reason a scan with collisions or flips was accepted.
            scanned: `lists_digest` taken before the scan: the write is refused when the
                lists changed on disk since.

        Returns:
            The files written, the history last.

        Raises:
            GraderConfigError: when the lists changed since ``scanned``, for a change the lists
                refuse, or a question needle of a corpus outside the workspace (a shipped one).
        """
        with self.lists_locked():
            if scanned is not None and self.fresh().lists_digest() != scanned:
                raise GraderConfigError(
                    "the needle lists changed on disk since the scan; scan again"
                )
            fresh = self.fresh()
            before = fresh.grader_of_change(change).fingerprint
            files = fresh._write_change(
                change, why, observed, override, observed_must_decline, keep_example
            )
            after = fresh.fresh().grader_of_change(change).fingerprint
            history = fresh.record_change(
                change,
                why=why,
                override=override,
                before=before,
                after=after,
                files=files,
                observed=observed,
            )
        self._corpora = None  # the lists changed: read them again
        return [*files, history]

    def _write_change(
        self,
        change: Change,
        why: str,
        observed: str | None,
        override: str | None,
        observed_must_decline: bool,
        keep_example: bool,
    ) -> list[Path]:
        """Write one change to the list it changes (the caller holds the lists' locks)."""
        declines = self.declines()
        if change.action == "add-decline":
            for exclusion in declines.exclusions:
                if normalize_phrase(exclusion.phrase) == normalize_phrase(change.phrase):
                    raise GraderConfigError(
                        f"{change.phrase!r} is a recorded exclusion ({exclusion.why}); an "
                        f"override cannot add it. If that reason no longer holds, remove the "
                        f"exclusion from {self.declines_file} first, in a change of its own"
                    )
            provenance = observed or ""
            phrase = DeclinePhrase(
                change.phrase, why, provenance, override or "", requires=change.requires
            )
            updated = declines.with_phrase(phrase)
            if observed:
                answer_text, provenance = self._observed_answer(observed)
                if not keep_example:
                    provenance += " (the answer itself is not kept: third-party data)"
                updated = replace(
                    updated,
                    phrases=(*declines.phrases, replace(phrase, observed=provenance)),
                )
                declines_now = answer_declines(answer_text, updated)
                if observed_must_decline and not declines_now:
                    raise GraderConfigError(
                        f"the observed answer {provenance} would not read as a decline with "
                        f"{change.phrase!r}"
                    )
                if keep_example and declines_now:
                    example = DeclineExample(answer_text, provenance)
                    updated = replace(updated, examples=(*updated.examples, example))
            for example in updated.examples:
                if not answer_declines(example.answer, updated):
                    raise GraderConfigError(
                        f"regression example {example.observed!r} would not be recognised as "
                        "a decline"
                    )
            return [self.write_declines(updated)]
        if change.action == "remove-decline":
            return [self.write_declines(change.apply_declines(declines))]
        corpus = self.corpus_of(change.qid)
        if corpus is None:
            raise GraderConfigError(f"no question {change.qid!r} in any corpus")
        if not writable(corpus, self.corpora_root):
            try:
                workspace_root(self.corpora_root)
            except CorpusError as exc:
                raise GraderConfigError(str(exc)) from None
            raise GraderConfigError(
                f"corpus {corpus.name!r} is read from {corpus.root}, outside the workspace's "
                "corpora folder: copy it in to change its needles"
            )
        return [self._rewrite_question(corpus, change)]

    def _observed_answer(self, observed: str) -> tuple[str, str]:
        run_id, _, qid = observed.partition(":")
        for run in self.runs():
            if run.run_id == run_id:
                for answer in run.answers:
                    if answer.qid == qid:
                        return answer.answer, f"{run_id}:{qid}"
        raise GraderConfigError(f"observed {observed}: no answer {qid!r} in a run {run_id!r}")

    @staticmethod
    def _rewrite_question(corpus: Corpus, change: Change) -> Path:
        """Change one question's needle list in its corpus's questions file: the line of that
        question is the only one rewritten, and in it only the needle list changes (the other
        lines keep their bytes, line ends included)."""
        path = corpus.questions_path
        with locked(path):
            data = path.read_bytes()
            lines = iter_lines(path, data=data)
            for _number, start, end in lines.spans(data):
                record = orjson.loads(data[start:end])  # (the corpus loaded: every line is valid)
                if record.get("qid") != change.qid:
                    continue
                stored = record.get("gold") if isinstance(record.get("gold"), dict) else {}
                gold = change.apply_gold(gold_from_dict(stored))
                assert change.needle_kind is not None
                stored[change.needle_kind] = list(getattr(gold, change.needle_kind))
                record["gold"] = stored
                body = data[start:end].rstrip(b"\r\n")
                ending = data[start + len(body) : end]
                write_atomic(path, data[:start] + orjson.dumps(record) + ending + data[end:])
                return path
        raise GraderConfigError(f"{path}: no question {change.qid!r}")
