"""The workspace: the run files on disk, the corpora and the needle lists, read together.

Several commands (grade, rebaseline, scan, needle, strategies) and the review app need the same
view of "what is on disk" and the same notion of *today's grader*: the decline list on disk plus
each corpus's current question needles, which replace the gold stored in an old run's answers
(a needle is changed in the corpus, and every run of that corpus is then graded against it).
This module is the one place that view is built.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from corpora.loader import Corpus, default_root, list_corpora, load_corpus
from grader.audit import QuestionRef
from grader.declines import DEFAULT_PATH, DeclineList, load_declines
from grader.errors import CorpusError, RunFileError
from grader.runfile import Gold, Run, is_run_file, read_run
from grader.verdict import Grader


def default_declines_path() -> Path:
    """``$RAGTRIAGE_DECLINES`` or the list shipped in ``grader/needles/``."""
    configured = os.environ.get("RAGTRIAGE_DECLINES")
    return Path(configured) if configured else DEFAULT_PATH


@dataclass
class Workspace:
    """Run files, corpora and needle lists, with the problems met while reading them."""

    runs_dir: Path = Path("runs")
    corpora_root: Path | None = None
    declines_path: Path = field(default_factory=default_declines_path)
    problems: list[str] = field(default_factory=list)
    _corpora: list[Corpus] | None = None

    def declines(self) -> DeclineList:
        return load_declines(self.declines_path)

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

    def runs(self) -> list[Run]:
        """Every readable run file; an unreadable one is noted in ``problems``."""
        loaded = []
        for path in self.run_paths():
            try:
                loaded.append(read_run(path))
            except RunFileError as exc:
                self.problems.append(str(exc))
        return loaded

    def grader(
        self, run: Run, declines: DeclineList | None = None, strategy: str | None = None
    ) -> Grader:
        """Today's grader for one run: the decline list and its corpus's current needles."""
        corpus = run.header.get("corpus") if isinstance(run.header, dict) else None
        return Grader(
            declines if declines is not None else self.declines(),
            strategy,
            self.golds(corpus if isinstance(corpus, str) else None),
        )

    def lists_fingerprint(self) -> str:
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
