"""Ingestion: documents to normalised pages to chunks.

PDFs are read with pypdf, one text per page; text and markdown documents (the Open RAG
Benchmark adapter writes them) are read as one page each. Text is normalised (hyphenation at
line ends joined, runs of spaces collapsed, blank lines dropped) and chunked per page to the
configuration's ``chunk_chars``, cutting at sentence or line boundaries, with the last unit of
each chunk repeated at the start of the next so no sentence is only ever seen cut in half.

A corrupt, encrypted, empty or non-PDF file is reported with a clear reason naming the file,
and the other documents are still ingested.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from corpora.loader import Document
from grader.errors import CorpusError

_HYPHEN_BREAK = re.compile(r"([a-z])-\n([a-z])")
_SPACES = re.compile(r"[ \t\f\v\u00a0]+")
_UNIT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9$(\"'])|\n")


class DocumentError(CorpusError):
    """A document that cannot be ingested; the message names the file and the reason."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """A retrievable piece of one page of one document."""

    id: str
    doc: str
    page: int
    text: str


@dataclass
class Ingested:
    """The outcome of ingesting a corpus: chunks, and per document its pages or its error."""

    chunks: list[Chunk] = field(default_factory=list)
    pages: dict[str, int] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def chunk_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for chunk in self.chunks:
            counts[chunk.doc] = counts.get(chunk.doc, 0) + 1
        return counts


def normalize_page(text: str) -> str:
    """Join words hyphenated across lines, collapse spaces, drop blank lines."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _HYPHEN_BREAK.sub(r"\1\2", text)
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def read_pdf_pages(path: Path) -> list[str]:
    """Extract the text of every page of a PDF.

    Raises:
        DocumentError: for a file that is empty, not a PDF, encrypted, corrupt or textless.
    """
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError, PyPdfError

    path = Path(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(1024)
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read ({exc.strerror})") from exc
    if not head:
        raise DocumentError(f"{path}: empty file (0 bytes)")
    if b"%PDF-" not in head:
        raise DocumentError(f"{path}: not a PDF (no %PDF- header)")
    # pypdf logs recoverable damage as warnings; our error message is the report.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(path, strict=False)
        if reader.is_encrypted:
            try:
                unlocked = reader.decrypt("")
            except Exception as exc:  # pypdf raises several types for unsupported crypto
                raise DocumentError(f"{path}: encrypted PDF ({exc})") from exc
            if not unlocked:
                raise DocumentError(f"{path}: encrypted PDF (a password is required)")
        pages = [page.extract_text() or "" for page in reader.pages]
    except DocumentError:
        raise
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, OSError) as exc:
        raise DocumentError(f"{path}: corrupt PDF ({type(exc).__name__}: {exc})") from exc
    except Exception as exc:  # anything else a PDF library raises is this file's problem too
        raise DocumentError(f"{path}: unreadable PDF ({type(exc).__name__}: {exc})") from exc
    if not pages:
        raise DocumentError(f"{path}: the PDF has no pages")
    if not any(page.strip() for page in pages):
        raise DocumentError(f"{path}: no extractable text (a scanned image without OCR?)")
    return pages


def read_text_pages(path: Path) -> list[str]:
    """A text or markdown document, as one page.

    Raises:
        DocumentError: for an unreadable, empty or non-UTF-8 file.
    """
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise DocumentError(f"{path}: not valid UTF-8 (byte {exc.start})") from exc
    if not text.strip():
        raise DocumentError(f"{path}: empty document")
    return [text]


def read_pages(path: Path) -> list[str]:
    """The raw pages of any supported document, chosen by file suffix."""
    if Path(path).suffix.lower() in (".txt", ".md", ".markdown"):
        return read_text_pages(path)
    return read_pdf_pages(path)


def document_text(document: Document) -> str:
    """The whole normalised text of one document (used by ``corpus check``)."""
    return "\n".join(normalize_page(page) for page in read_pages(document.path))


def split_units(text: str) -> list[str]:
    """Sentences and lines: the pieces a chunk boundary may fall between."""
    return [unit.strip() for unit in _UNIT_END.split(text) if unit and unit.strip()]


def _hard_split(unit: str, limit: int) -> list[str]:
    pieces, current = [], ""
    for word in unit.split(" "):
        if current and len(current) + 1 + len(word) > limit:
            pieces.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        pieces.append(current)
    return pieces


def chunk_page(doc_id: str, page: int, text: str, chunk_chars: int) -> list[Chunk]:
    """Cut one normalised page into chunks of at most about ``chunk_chars`` characters."""
    units: list[str] = []
    for unit in split_units(text):
        units.extend(_hard_split(unit, chunk_chars) if len(unit) > chunk_chars else [unit])
    chunks: list[Chunk] = []
    current: list[str] = []
    size = 0
    for unit in units:
        if current and size + len(unit) + 1 > chunk_chars:
            chunks.append(
                Chunk(f"{doc_id}#p{page}c{len(chunks)}", doc_id, page, "\n".join(current))
            )
            # Overlap: carry the last unit over when it is short enough to leave room.
            tail = current[-1]
            current, size = ([tail], len(tail)) if len(tail) < chunk_chars // 3 else ([], 0)
        current.append(unit)
        size += len(unit) + 1
    if current:
        chunks.append(Chunk(f"{doc_id}#p{page}c{len(chunks)}", doc_id, page, "\n".join(current)))
    return chunks


def ingest(documents: Iterable[Document], chunk_chars: int) -> Ingested:
    """Ingest every document; a bad one is recorded in ``errors`` and the rest go on."""
    result = Ingested()
    for document in documents:
        try:
            pages = read_pages(document.path)
        except DocumentError as exc:
            result.errors[document.id] = str(exc)
            continue
        result.pages[document.id] = len(pages)
        for number, raw in enumerate(pages, start=1):
            text = normalize_page(raw)
            if text:
                result.chunks.extend(chunk_page(document.id, number, text, chunk_chars))
    return result
