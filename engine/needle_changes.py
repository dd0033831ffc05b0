"""Changes to a workspace's needle lists: the collision scan and flip preview of a change, its
write, and the history of every change with its reasons (`NeedleChanges`).

Every change to the lists holds their locks (`lists_locked`) while it checks that they are as
scanned and writes, and is recorded, with its reasons, in ``history.jsonl`` beside the decline
list (`HISTORY_FILE`): what changed, why, the override, who, when, and the grader's fingerprint
before and after. Which lists are today's, and where they live, is the workspace's to say
(`engine.workspace`).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import orjson

from corpora.loader import Corpus
from corpora.places import workspace_root, writable
from engine.workspace import Workspace
from grader.audit.change import Change
from grader.audit.preview import preview_files, reaches
from grader.audit.scan import ScanReport, scan, scan_report
from grader.errors import CorpusError, GraderConfigError, RunFileError
from grader.records.atomic import append_line, locked, write_atomic
from grader.records.clock import now
from grader.records.marks import reviewer
from grader.records.runfile import iter_lines, read_header, run_id_in
from grader.rules.declines import (
    DeclineExample,
    DeclineList,
    DeclinePhrase,
    decline_list_from_dict,
    dump_declines,
)
from grader.rules.normalize import normalize_phrase
from grader.rules.reading import answer_declines
from grader.rules.verdict import Grader
from grader.schema import gold_from_dict

HISTORY_FILE = "history.jsonl"  # every change to the lists, with its reasons (append-only)


@dataclass
class NeedleChanges:
    """Proposing, making and recording changes to the needle lists of one workspace (shared by
    ``ragtriage scan``/``needle``/``decline`` and the review app)."""

    workspace: Workspace

    @property
    def history_file(self) -> Path:
        """Where every change to the lists is recorded, beside the decline list."""
        return Path(self.workspace.needles_dir) / HISTORY_FILE

    def write_declines(self, declines: DeclineList) -> Path:
        """Write a decline list to the workspace's file, atomically, after proving that its
        written form loads back as the same list. Returns the file written."""
        path = self.workspace.declines_file
        data = dump_declines(declines)
        decline_list_from_dict(orjson.loads(data), source=str(path))
        write_atomic(path, data)
        return path

    def writable_corpora(self) -> list[Corpus]:
        """The corpora of the workspace's own corpora folder (the shipped ones are read only)."""
        return [c for c in self.workspace.corpora() if writable(c, self.workspace.corpora_root)]

    @contextlib.contextmanager
    def lists_locked(self) -> Iterator[None]:
        """Hold the write locks of every list this workspace may change: its decline list and
        the questions file of each of its corpora. A change made while they are held cannot
        interleave with another writer's."""
        paths = [self.workspace.declines_file] + [c.questions_path for c in self.writable_corpora()]
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
        corpus = self.workspace.corpus_of(change.qid) if not change.is_decline else None
        return self.workspace.grader({"corpus": corpus.name} if corpus else {})

    def lists_digest(self) -> str:
        """A hash of the bytes of every needle list on disk (the decline list, every
        questions file), to refuse a write when they changed since the scan."""
        digest = hashlib.sha256()
        paths = [Path(self.workspace.declines_path)] + [
            c.questions_path for c in self.workspace.corpora()
        ]
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
        answers the change can reach are read in full (`grader.audit.preview.reaches`): a decline
        phrase's are read and regraded in every core's process, as a regrade is."""
        declines = self.workspace.declines()
        proposed_declines = change.apply_declines(declines)
        questions = self.workspace.questions()
        if not change.is_decline and not any(q.qid == change.qid for q in questions):
            raise GraderConfigError(f"no question {change.qid!r} in any corpus")
        if change.is_decline:
            files, marks = [], {}
            for path in self.workspace.run_paths():
                try:
                    header = read_header(path)
                except RunFileError as exc:
                    self.workspace.problems.append(str(exc))
                    continue
                today = self.workspace.grader(header, declines)
                run_id = run_id_in(header, path)
                files.append((path, run_id, (today, today.variant(declines=proposed_declines))))
                marks[run_id] = self.workspace.marks_of(path)
            preview, _skipped = preview_files(change, files)  # (lines skipped: as `runs`)
            return scan_report(change, declines, questions, preview, marks)
        qid = change.qid
        assert qid is not None  # a needle change names its question (`Change` checks)
        runs = self.workspace.runs(lambda skimmed: reaches(change, skimmed.qid, skimmed.answer))
        graders = {}
        for run in runs:
            today = self.workspace.grader(run, declines)
            golds = dict(today.gold_overrides)
            base = golds.get(qid) or next((a.gold for a in run.answers if a.qid == qid), None)
            if base is not None:
                golds[qid] = change.apply_gold(base)
            graders[run.run_id] = (today, today.variant(gold_overrides=golds))
        return scan(
            change,
            declines,
            questions,
            [(r.run_id, r.answers) for r in runs],
            graders,
            {run.run_id: self.workspace.marks(run) for run in runs},
            passed_over=sum(run.passed_over for run in runs),
        )

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
            if (
                scanned is not None
                and NeedleChanges(self.workspace.fresh()).lists_digest() != scanned
            ):
                raise GraderConfigError(
                    "the needle lists changed on disk since the scan; scan again"
                )
            fresh = NeedleChanges(self.workspace.fresh())
            before = fresh.grader_of_change(change).fingerprint
            files = fresh._write_change(
                change, why, observed, override, observed_must_decline, keep_example
            )
            after = NeedleChanges(fresh.workspace.fresh()).grader_of_change(change).fingerprint
            history = fresh.record_change(
                change,
                why=why,
                override=override,
                before=before,
                after=after,
                files=files,
                observed=observed,
            )
        self.workspace.lists_changed()
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
        declines = self.workspace.declines()
        if change.action == "add-decline":
            for exclusion in declines.exclusions:
                if normalize_phrase(exclusion.phrase) == normalize_phrase(change.phrase):
                    raise GraderConfigError(
                        f"{change.phrase!r} is a recorded exclusion ({exclusion.why}); an "
                        f"override cannot add it. If that reason no longer holds, remove the "
                        f"exclusion from {self.workspace.declines_file} first, in a change of its "
                        "own"
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
        corpus = self.workspace.corpus_of(change.qid)
        if corpus is None:
            raise GraderConfigError(f"no question {change.qid!r} in any corpus")
        if not writable(corpus, self.workspace.corpora_root):
            try:
                workspace_root(self.workspace.corpora_root)
            except CorpusError as exc:
                raise GraderConfigError(str(exc)) from None
            raise GraderConfigError(
                f"corpus {corpus.name!r} is read from {corpus.root}, outside the workspace's "
                "corpora folder: copy it in to change its needles"
            )
        return [self._rewrite_question(corpus, change)]

    def _observed_answer(self, observed: str) -> tuple[str, str]:
        run_id, _, qid = observed.partition(":")
        for run in self.workspace.runs():
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
