"""The corpus format and its one loader (DESIGN section 3).

A corpus is a folder: ``corpus.toml`` names it, its documents (id, file, title) and its question
configurations (named knob sets); ``docs/`` holds the documents; ``questions.jsonl`` holds one
question per line with the same ``qid``, ``kind``, ``question`` and ``gold`` fields as a run
file's answers. The loader checks everything and names the file and line of every problem.
Where corpora live, a corpus found by its name, and a new one made: `corpora.places`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpora.places import NAME, corpus_dir
from grader.errors import CorpusError
from grader.records.runfile import LineProblem, first_of_each_qid, iter_lines, json_object
from grader.schema import KINDS, BadRecord, Question, question_from_dict

DEFAULT_CONFIG = {"top_k": 5, "chunk_chars": 1200, "max_tokens": 256, "extractor": "pdfium"}
EXTRACTORS = ("pdfium", "pypdf")  # how PDFs are read (engine.ingest)


@dataclass(frozen=True, slots=True)
class Document:
    """One document of a corpus."""

    id: str
    path: Path
    title: str


@dataclass(frozen=True)
class Corpus:
    """A loaded, validated corpus."""

    name: str
    root: Path
    title: str
    documents: tuple[Document, ...]
    questions: tuple[Question, ...]
    configs: dict[str, dict[str, Any]] = field(default_factory=dict)
    citations_graded: bool = True  # [grading] citations = false: answers made without sources

    @property
    def questions_path(self) -> Path:
        return self.root / "questions.jsonl"

    def config(self, name: str | None = None) -> tuple[str, dict[str, Any]]:
        """A named configuration (default: the first) merged over the defaults.

        Raises:
            CorpusError: for an unknown configuration name.
        """
        if not self.configs:
            return "default", dict(DEFAULT_CONFIG)
        if name is None:
            name = next(iter(self.configs))
        if name not in self.configs:
            raise CorpusError(
                f"corpus {self.name!r} has no configuration {name!r} "
                f"(it has: {', '.join(self.configs)})"
            )
        return name, {**DEFAULT_CONFIG, **self.configs[name]}

    def document(self, doc_id: str) -> Document | None:
        return next((d for d in self.documents if d.id == doc_id), None)


@dataclass(frozen=True, slots=True)
class CorpusProblem:
    """One problem found in a corpus, with the file and line it is on."""

    file: Path
    line: int | None
    reason: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else str(self.file)
        return f"{where}: {self.reason}"


class CorpusInvalid(CorpusError):
    """A corpus with one or more problems; ``problems`` lists them all, and ``valid`` is the
    corpus made of its valid parts (so that `corpus check` can check those too, and report
    every problem at once)."""

    def __init__(
        self, name: str, problems: list[CorpusProblem], valid: Corpus | None = None
    ) -> None:
        self.problems = problems
        self.valid = valid
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"corpus {name!r} is invalid: {problems[0]}{more}")


def _line_of(text: str, needle: str) -> int | None:
    index = text.find(needle)
    return text.count("\n", 0, index) + 1 if index >= 0 else None


def load_corpus(name_or_path: str | Path, root: Path | None = None) -> Corpus:
    """Load and validate a corpus.

    Raises:
        CorpusError: when the folder or corpus.toml cannot be found or read.
        CorpusInvalid: listing every problem (file and line) when anything is invalid.
    """
    folder = corpus_dir(name_or_path, root)
    toml_path = folder / "corpus.toml"
    try:
        toml_text = toml_path.read_text(encoding="utf-8")
        spec = tomllib.loads(toml_text)
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{toml_path}: not valid UTF-8") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CorpusError(f"{toml_path}: {exc}") from exc
    problems: list[CorpusProblem] = []
    name = str(spec.get("name") or folder.name)
    documents = _documents(spec, folder, toml_path, toml_text, problems)
    configs = _configs(spec, toml_path, toml_text, problems)
    doc_ids = {d.id for d in documents}
    questions = _questions(folder / "questions.jsonl", doc_ids, problems)
    grading = spec.get("grading", {})
    if not isinstance(grading, dict) or not isinstance(grading.get("citations", True), bool):
        problems.append(
            CorpusProblem(
                toml_path,
                _line_of(toml_text, "[grading]"),
                "[grading] citations must be true or false",
            )
        )
        grading = {}
    corpus = Corpus(
        name=name,
        root=folder,
        title=str(spec.get("title", name)),
        documents=tuple(documents),
        questions=tuple(questions),
        configs=configs,
        citations_graded=grading.get("citations", True),
    )
    if problems:
        raise CorpusInvalid(name, problems, corpus)
    return corpus


def _documents(
    spec: dict[str, Any], folder: Path, toml_path: Path, text: str, problems: list[CorpusProblem]
) -> list[Document]:
    entries = spec.get("documents", [])
    if not isinstance(entries, list):
        problems.append(CorpusProblem(toml_path, None, "[[documents]] must be an array of tables"))
        return []
    documents: list[Document] = []
    seen: set[str] = set()
    resolved_root = folder.resolve()
    for position, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            problems.append(CorpusProblem(toml_path, None, f"document {position} is not a table"))
            continue
        doc_id, file = entry.get("id"), entry.get("file")
        line = _line_of(text, f'"{doc_id}"') if isinstance(doc_id, str) else None
        if not isinstance(doc_id, str) or not NAME.match(doc_id):
            problems.append(
                CorpusProblem(
                    toml_path,
                    line,
                    f"document {position} needs an id of letters, "
                    f"digits, '.', '_' or '-' (got {doc_id!r})",
                )
            )
            continue
        if doc_id in seen:
            problems.append(CorpusProblem(toml_path, line, f"duplicate document id {doc_id!r}"))
            continue
        seen.add(doc_id)
        if not isinstance(file, str) or not file:
            problems.append(CorpusProblem(toml_path, line, f"document {doc_id!r} names no file"))
            continue
        path = (folder / file).resolve()
        file_line = _line_of(text, f'"{file}"') or line
        if not path.is_relative_to(resolved_root):
            problems.append(
                CorpusProblem(
                    toml_path,
                    file_line,
                    f"document {doc_id!r}: path {file!r} leaves the corpus folder",
                )
            )
            continue
        if not path.is_file():
            problems.append(
                CorpusProblem(toml_path, file_line, f"document {doc_id!r}: missing file {file!r}")
            )
            continue
        documents.append(Document(doc_id, path, str(entry.get("title", doc_id))))
    return documents


def _configs(
    spec: dict[str, Any], toml_path: Path, text: str, problems: list[CorpusProblem]
) -> dict[str, dict[str, Any]]:
    raw = spec.get("configs", {})
    if not isinstance(raw, dict):
        problems.append(CorpusProblem(toml_path, None, "[configs] must be a table of tables"))
        return {}
    configs: dict[str, dict[str, Any]] = {}
    for name, knobs in raw.items():
        line = _line_of(text, f"[configs.{name}]")
        if not isinstance(knobs, dict):
            problems.append(
                CorpusProblem(toml_path, line, f"configuration {name!r} is not a table")
            )
            continue
        for knob in ("top_k", "chunk_chars", "max_tokens"):
            value = knobs.get(knob, DEFAULT_CONFIG[knob])
            if type(value) is not int or value <= 0:
                problems.append(
                    CorpusProblem(
                        toml_path,
                        line,
                        f"configuration {name!r}: {knob} must be a positive integer",
                    )
                )
        if knobs.get("extractor", "pdfium") not in EXTRACTORS:
            problems.append(
                CorpusProblem(
                    toml_path,
                    line,
                    f"configuration {name!r}: extractor must be one of {', '.join(EXTRACTORS)}",
                )
            )
        configs[name] = dict(knobs)
    return configs


# Fields a question's key is often written in elsewhere (Ragas, plain JSON): not read here.
KEY_LOOKALIKES = ("answer", "key", "reference", "ground_truth", "expected_answer", "gold_answer")


def _checkable(question: Question) -> bool:
    """Whether a rule can check an answer to ``question``: it has a key or content needles."""
    gold = question.gold
    return bool(gold.key.strip() or gold.must_contain or gold.must_contain_any)


def _no_key(record: dict[str, Any]) -> str:
    """Why an answerable question with nothing to check is refused, naming any field beside
    ``gold`` that looks like the key and is not read."""
    reason = (
        "an answerable question needs a key to grade against: gold.key (or needles: "
        "gold.must_contain, gold.must_contain_any); a question with no answer in the documents "
        'is kind "negative"'
    )
    ignored = [field for field in KEY_LOOKALIKES if field in record]
    if ignored:
        reason += (
            f"; the field {ignored[0]!r} is not read: move its text into gold.key "
            '({"gold": {"key": ...}})'
        )
    return reason


def _questions(path: Path, doc_ids: set[str], problems: list[CorpusProblem]) -> list[Question]:
    """The questions of ``questions.jsonl``, each line read as a run file's lines are
    (`grader.records.runfile`) and decoded with the answer's own declaration
    (`grader.schema.Question`); beyond it, a corpus's question has some text, a qid that is not
    blank, and golden documents the corpus holds."""
    if not path.exists():
        return []
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.append(CorpusProblem(path, None, f"cannot read: {exc.strerror}"))
        return []
    questions: list[Question] = []
    found: list[LineProblem] = []
    for number, _offset, raw in iter_lines(path, data=data):
        record = json_object(raw, number)
        if isinstance(record, LineProblem):
            found.append(record)
            continue
        qid = record.get("qid")
        named = f"{qid}: " if isinstance(qid, str) and qid.strip() else ""
        if "kind" not in record or record.get("kind") is None:
            found.append(LineProblem(number, f"{named}no kind (give kind: {', '.join(KINDS)})"))
            continue
        try:
            question = question_from_dict(record, number)
        except BadRecord as exc:
            found.append(LineProblem(number, f"{named}{exc}"))
            continue
        # Every problem of the line, not the first: a corpus is fixed in one pass.
        wrong = []
        if not named:
            wrong.append(f"qid must not be blank, got {qid!r:.40}")
        if not question.question.strip():
            wrong.append(f"{named}empty question")
        if question.kind == "answerable" and not _checkable(question):
            wrong.append(f"{named}{_no_key(record)}")
        for doc in question.gold.golden_docs:
            if doc not in doc_ids:
                wrong.append(f"{named}golden doc {doc!r} is not in the corpus")
        found += [LineProblem(number, reason) for reason in wrong]
        if not wrong:
            questions.append(question)
    questions = first_of_each_qid(questions, [q.line for q in questions], found)
    found.sort(key=lambda problem: problem.line)
    problems += [CorpusProblem(path, problem.line, problem.reason) for problem in found]
    return questions
