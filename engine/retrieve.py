"""BM25 retrieval (rank-bm25) over chunks, with an index cached per corpus.

The tokenizer keeps numbers and dollar amounts as tokens (``$42.99`` yields ``$42.99`` and
``42.99``; ``10,020.00`` also yields ``10020.00``), because questions over bills and forms are
often about a figure. The cache is keyed on every document's content hash and the chunking
knobs, so a second run over an unchanged corpus starts without re-reading a PDF.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import orjson

from corpora.loader import Corpus
from engine.ingest import DEFAULT_EXTRACTOR, Chunk, Ingested, Progress, ingest
from grader.records.atomic import write_atomic

INDEX_VERSION = 2  # 2: PDFs read by PDFium by default; the extractor is in the key
_TOKEN = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?|[a-z][a-z0-9'’]*")
STOPWORDS = frozenset(
    (
        "a an and are as at be by did do does for from had has have how i in is it its of on "
        "or the this that to was were what when where which who whom why with according"
    ).split()
)


def tokenize(text: str) -> list[str]:
    """Lower-cased word, number and dollar-amount tokens, stop words dropped."""
    tokens: list[str] = []
    for token in _TOKEN.findall(text.lower()):
        token = token.rstrip(",")
        if token in STOPWORDS:
            continue
        tokens.append(token)
        bare = token.lstrip("$")
        if bare != token:
            tokens.append(bare)
        if "," in bare:
            tokens.append(bare.replace(",", ""))
    return tokens


@dataclass(frozen=True, slots=True)
class Hit:
    """One retrieved chunk with its BM25 score."""

    chunk: Chunk
    score: float


class Retriever(Protocol):
    """What the engine needs from retrieval."""

    def search(self, query: str, top_k: int) -> list[Hit]: ...


class BM25Retriever:
    """BM25 (Okapi) over a fixed list of chunks."""

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        from rank_bm25 import BM25Okapi

        self.chunks = list(chunks)
        corpus_tokens = [tokenize(chunk.text) or ["\x00empty"] for chunk in self.chunks]
        self._bm25 = BM25Okapi(corpus_tokens) if self.chunks else None

    def search(self, query: str, top_k: int) -> list[Hit]:
        """The ``top_k`` best chunks for ``query``, best first (ties keep corpus order)."""
        if self._bm25 is None or top_k <= 0:
            return []
        scores = self._bm25.get_scores(tokenize(query))
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))[:top_k]
        return [Hit(self.chunks[i], float(scores[i])) for i in order]


def cache_dir() -> Path:
    """Where indexes are cached: ``$RAGTRIAGE_CACHE`` or ``~/.cache/ragtriage``."""
    configured = os.environ.get("RAGTRIAGE_CACHE")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ragtriage"


def index_key(corpus: Corpus, chunk_chars: int, extractor: str = DEFAULT_EXTRACTOR) -> str:
    """A hash of every document's bytes, the chunking knobs and the extractor."""
    digest = hashlib.sha256(f"v{INDEX_VERSION}:{chunk_chars}:{extractor}".encode())
    for document in corpus.documents:
        digest.update(document.id.encode() + b"\x00")
        try:
            digest.update(hashlib.sha256(document.path.read_bytes()).digest())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()[:20]


@dataclass
class CorpusIndex:
    """An ingested corpus and its retriever."""

    ingested: Ingested
    retriever: BM25Retriever
    cached: bool
    path: Path


def load_index(
    corpus: Corpus,
    chunk_chars: int,
    refresh: bool = False,
    extractor: str = DEFAULT_EXTRACTOR,
    progress: Progress | None = None,
) -> CorpusIndex:
    """The corpus's index for ``chunk_chars``: from the cache, or built and cached.

    Args:
        extractor: How PDFs are read (`engine.ingest.EXTRACTORS`); part of the cache key.
        progress: Called with (pages done, pages in all) while documents are read (not at
            all when the index comes from the cache).
    """
    key = index_key(corpus, chunk_chars, extractor)
    path = cache_dir() / "index" / f"{corpus.name}-{key}.json"
    ingested: Ingested | None = None
    if not refresh and path.exists():
        try:
            data = orjson.loads(path.read_bytes())
            ingested = Ingested(
                chunks=[Chunk(**chunk) for chunk in data["chunks"]],
                pages=data["pages"],
                errors=data["errors"],
            )
        except (OSError, orjson.JSONDecodeError, KeyError, TypeError):
            ingested = None  # a damaged cache is rebuilt, never trusted
    cached = ingested is not None
    if ingested is None:
        ingested = ingest(corpus.documents, chunk_chars, extractor, progress=progress)
        payload = {
            "version": INDEX_VERSION,
            "corpus": corpus.name,
            "chunk_chars": chunk_chars,
            "chunks": [
                {"id": c.id, "doc": c.doc, "page": c.page, "text": c.text} for c in ingested.chunks
            ],
            "pages": ingested.pages,
            "errors": ingested.errors,
        }
        # A read-only cache folder only costs the next run a re-read.
        with contextlib.suppress(OSError):
            write_atomic(path, orjson.dumps(payload))
    return CorpusIndex(ingested, BM25Retriever(ingested.chunks), cached, path)
