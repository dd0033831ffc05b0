"""Build a corpus from an Open RAG Benchmark download (Vectara, CC-BY-NC-4.0; none shipped here).

The point of this corpus is that nobody on the project wrote it: its questions were not phrased
with our retrieval in mind and its golden-document labels were not chosen by anyone who knows
what our engine finds easy. The adapter keeps it that way: ids are the release's own, questions
and documents are drawn by seed, and a needle mined from a reference answer is kept only when
it is a fact (`corpora.needles`): in the golden section's text, not in the question (a needle
the prompt hands the model proves nothing about retrieval), not a word most of the papers use.

Release layout (``pdf/arxiv/``): ``queries.json``, ``qrels.json``, ``answers.json``,
``pdf_urls.json`` and ``corpus/<doc_id>.json``, each one JSON object.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from corpora.needles import mine_needles
from corpora.places import IMPORTED_CONFIGS
from grader.errors import CorpusError

_PLACEHOLDER = re.compile(r"!\[([^\]]*)\]\(([^)]*)\)")


@dataclass
class ImportReport:
    """What the import did, for the user and for tests."""

    out: Path
    golden_docs: list[str] = field(default_factory=list)
    distractor_docs: list[str] = field(default_factory=list)
    questions: int = 0
    negatives: int = 0
    dropped: list[tuple[str, str]] = field(default_factory=list)
    needles_kept: int = 0
    needles_dropped: list[tuple[str, str, str]] = field(default_factory=list)
    pdfs_used: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "golden_docs": len(self.golden_docs),
            "distractor_docs": len(self.distractor_docs),
            "questions": self.questions,
            "negatives": self.negatives,
            "dropped_questions": [{"qid": q, "reason": r} for q, r in self.dropped],
            "needles_kept": self.needles_kept,
            "needles_dropped": [
                {"qid": q, "needle": n, "reason": r} for q, n, r in self.needles_dropped
            ],
            "pdfs_used": self.pdfs_used,
        }


def _release_dir(folder: Path) -> Path:
    """Accept the ``pdf/arxiv`` folder itself or any folder above it."""
    for candidate in (folder, folder / "arxiv", folder / "pdf" / "arxiv"):
        if (candidate / "queries.json").exists() or (candidate / "qrels.json").exists():
            return candidate
    return folder


def _reject_duplicates(path: Path) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise CorpusError(f"{path}: duplicate id {key!r}")
            seen[key] = value
        return seen

    return hook


def read_json_object(path: Path) -> dict[str, Any]:
    """Read one JSON object, refusing non-UTF-8 bytes and duplicate keys with the file named."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise CorpusError(
            f"{path}: missing (is this an Open RAG Benchmark pdf/arxiv folder?)"
        ) from exc
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read ({exc.strerror})") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: not valid UTF-8 (byte {exc.start})") from exc
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicates(path))
    except json.JSONDecodeError as exc:
        raise CorpusError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from exc
    if not isinstance(data, dict):
        raise CorpusError(f"{path}: expected one JSON object")
    return data


def section_text(section: dict[str, Any]) -> str:
    """A section's markdown with its tables inlined and image placeholders dropped."""
    tables = section.get("tables") or {}

    def inline(match: re.Match[str]) -> str:
        name = match.group(2) or match.group(1)
        if name in tables:
            return f"\n{tables[name]}\n"
        return ""

    return _PLACEHOLDER.sub(inline, str(section.get("text", "")))


@dataclass
class Release:
    """An Open RAG Benchmark release as read: queries, answers, documents and golden sections."""

    queries: dict[str, Any]
    answers: dict[str, Any]
    urls: dict[str, Any]
    documents: dict[str, dict[str, Any]]
    golden_of: dict[str, tuple[str, Any]]  # qid -> (doc id, section id)


def import_openrag(
    source: Path,
    out: Path,
    *,
    golden: int = 50,
    distractors: int = 10,
    questions: int = 40,
    negatives: int = 4,
    seed: int = 0,
    pdfs: Path | None = None,
) -> ImportReport:
    """Build a corpus folder at ``out`` from an Open RAG Benchmark release at ``source``.

    Raises:
        CorpusError: naming the file for a missing or malformed release file, a qrel that
            points to a missing document or section, duplicate ids, or an ``out`` that exists.
    """
    release = read_release(Path(source))
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise CorpusError(f"{out}: already exists and is not empty; choose a new --out folder")
    rng = random.Random(seed)
    with_queries = sorted({doc for doc, _ in release.golden_of.values()})
    without_queries = sorted(set(release.documents) - set(with_queries))
    golden_docs = sorted(rng.sample(with_queries, min(golden, len(with_queries))))
    distractor_docs = sorted(rng.sample(without_queries, min(distractors, len(without_queries))))
    report = ImportReport(out=out, golden_docs=golden_docs, distractor_docs=distractor_docs)
    rows = _answerable(release, set(golden_docs), questions, rng, report)
    rows += _negatives(release, set(golden_docs), negatives, rng, report)
    choice = f"seed {seed}, golden {golden}, distractors {distractors}, questions {questions}, "
    choice += f"negatives {negatives}"
    _write_corpus(
        out, release, sorted(set(golden_docs) | set(distractor_docs)), pdfs, choice, report
    )
    (out / "questions.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    return report


def read_release(source: Path) -> Release:
    """Read and check a release folder (or a folder above it).

    Raises:
        CorpusError: naming the file of whatever is missing or malformed.
    """
    release = _release_dir(source)
    queries = read_json_object(release / "queries.json")
    qrels = read_json_object(release / "qrels.json")
    answers = read_json_object(release / "answers.json")
    urls_path = release / "pdf_urls.json"
    urls = read_json_object(urls_path) if urls_path.exists() else {}
    corpus_dir = release / "corpus"
    if not corpus_dir.is_dir():
        raise CorpusError(f"{corpus_dir}: missing (the release's per-document JSON folder)")
    documents: dict[str, dict[str, Any]] = {}
    for path in sorted(corpus_dir.glob("*.json")):
        record = read_json_object(path)
        doc_id = str(record.get("id") or path.stem)
        if doc_id != path.stem:
            raise CorpusError(f"{path}: id {doc_id!r} does not match its file name")
        sections = record.get("sections")
        if not isinstance(sections, list) or not all(isinstance(s, dict) for s in sections):
            raise CorpusError(f"{path}: 'sections' must be a list of objects")
        ids = [s.get("section_id") for s in sections]
        if len(set(ids)) != len(ids):
            raise CorpusError(f"{path}: duplicate section_id")
        documents[doc_id] = record
    golden_of: dict[str, tuple[str, Any]] = {}
    qrels_path = release / "qrels.json"
    for qid, qrel in qrels.items():
        if not isinstance(qrel, dict) or "doc_id" not in qrel or "section_id" not in qrel:
            raise CorpusError(f"{qrels_path}: {qid}: expected doc_id and section_id")
        doc_id, section_id = str(qrel["doc_id"]), qrel["section_id"]
        document = documents.get(doc_id)
        if document is None:
            raise CorpusError(
                f"{qrels_path}: {qid}: golden document {doc_id!r} is not in {corpus_dir}"
            )
        if section_id not in {s.get("section_id") for s in document["sections"]}:
            raise CorpusError(
                f"{qrels_path}: {qid}: document {doc_id!r} has no section {section_id!r}"
            )
        if qid not in queries:
            raise CorpusError(f"{qrels_path}: {qid}: no such query in queries.json")
        golden_of[qid] = (doc_id, section_id)
    return Release(queries, answers, urls, documents, golden_of)


def _answerable(
    release: Release, chosen: set[str], wanted: int, rng: random.Random, report: ImportReport
) -> list[dict[str, Any]]:
    """Questions whose golden document is in the corpus, with needles mined from the
    reference answer (a question whose needles do not survive is dropped, with why)."""
    candidates = sorted(q for q, (doc, _) in release.golden_of.items() if doc in chosen)
    rng.shuffle(candidates)
    documents = [
        " ".join(section_text(s) for s in release.documents[doc]["sections"])
        for doc in sorted(chosen)
    ]
    rows: list[dict[str, Any]] = []
    for qid in candidates:
        if report.questions >= wanted:
            break
        query = release.queries[qid]
        text = query.get("query") if isinstance(query, dict) else None
        reference = release.answers.get(qid)
        if not isinstance(text, str) or not text.strip():
            report.dropped.append((qid, "empty query"))
            continue
        if not isinstance(reference, str) or not reference.strip():
            report.dropped.append((qid, "no reference answer in answers.json"))
            continue
        doc_id, section_id = release.golden_of[qid]
        section = next(
            s for s in release.documents[doc_id]["sections"] if s.get("section_id") == section_id
        )
        needles, dropped = mine_needles(reference, text, section_text(section), documents)
        report.needles_dropped.extend((qid, n, r) for n, r in dropped)
        if not needles:
            report.dropped.append((qid, "no needle survived mining"))
            continue
        report.needles_kept += len(needles)
        report.questions += 1
        rows.append(_question(qid, "answerable", text, reference, needles, [doc_id]))
    return rows


def _negatives(
    release: Release, chosen: set[str], wanted: int, rng: random.Random, report: ImportReport
) -> list[dict[str, Any]]:
    """Real queries whose golden document was left out of the corpus: declining is correct."""
    absent = sorted(q for q, (doc, _) in release.golden_of.items() if doc not in chosen)
    rng.shuffle(absent)
    rows = []
    for qid in absent[:wanted]:
        query = release.queries[qid]
        text = query.get("query") if isinstance(query, dict) else ""
        if isinstance(text, str) and text.strip():
            rows.append(_question(qid, "negative", text, "", [], []))
            report.negatives += 1
    return rows


def _write_corpus(
    out: Path,
    release: Release,
    doc_ids: list[str],
    pdfs: Path | None,
    choice: str,
    report: ImportReport,
) -> None:
    """The corpus folder's documents and ``corpus.toml`` (a PDF from ``pdfs`` where there is
    one, else the section text as markdown)."""
    docs_dir = out / "docs"
    docs_dir.mkdir(parents=True, exist_ok=True)
    toml = [
        f"name = {json.dumps(out.name)}",
        'title = "Open RAG Benchmark (arXiv) sample, imported by ragtriage"',
        f"# import: {choice}",
        "",
        *IMPORTED_CONFIGS,
    ]
    for doc_id in doc_ids:
        record = release.documents[doc_id]
        pdf = Path(pdfs) / f"{doc_id}.pdf" if pdfs else None
        if pdf is not None and pdf.is_file():
            shutil.copyfile(pdf, docs_dir / pdf.name)
            file_name = pdf.name
            report.pdfs_used += 1
        else:
            file_name = f"{doc_id}.md"
            body = [f"# {record.get('title', doc_id)}", ""]
            body.extend(section_text(s).strip() + "\n" for s in record["sections"])
            (docs_dir / file_name).write_text("\n".join(body), encoding="utf-8")
        title = " ".join(str(record.get("title", doc_id)).split())
        toml += [
            "[[documents]]",
            f"id = {json.dumps(doc_id)}",
            f"file = {json.dumps('docs/' + file_name)}",
            f"title = {json.dumps(title)}",
        ]
        if isinstance(release.urls.get(doc_id), str):
            toml.append(f"url = {json.dumps(release.urls[doc_id])}")
        toml.append("")
    (out / "corpus.toml").write_text("\n".join(toml), encoding="utf-8")


def _question(
    qid: str, kind: str, text: str, key: str, needles: list[str], docs: list[str]
) -> dict[str, Any]:
    return {
        "qid": qid,
        "kind": kind,
        "question": text,
        "gold": {
            "key": key,
            "must_contain": [],
            "must_contain_any": needles,
            "must_not_contain": [],
            "golden_docs": docs,
        },
    }
