"""Ingestion: documents to normalised pages to chunks.

PDFs are read with PDFium (pypdfium2) by default, one text per page: 18 to 26 times faster than
pypdf on real filings, with as much text. pypdf is kept as the reference (``--extractor pypdf``)
and as the fallback when PDFium refuses a file; PDFs encrypted with an empty password (many
filings) open with both. Documents are extracted in parallel processes when there is enough to
share. Text and markdown documents (the Open RAG Benchmark adapter writes them) are read as one
page each. Text is normalised (hyphenation at
line ends joined, runs of spaces collapsed, blank lines dropped) and chunked per page to the
configuration's ``chunk_chars``, cutting at sentence or line boundaries, with the last unit of
each chunk repeated at the start of the next so no sentence is only ever seen cut in half.

A corrupt, encrypted, empty or non-PDF file is reported with a clear reason naming the file,
and the other documents are still ingested.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from corpora.loader import EXTRACTORS, Document
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


DEFAULT_EXTRACTOR = "pdfium"


def _check_pdf_head(path: Path) -> None:
    """Refuse a file that cannot be a PDF before any library reads it.

    Raises:
        DocumentError: unreadable, empty, or not a PDF.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(1024)
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read ({exc.strerror})") from exc
    if not head:
        raise DocumentError(f"{path}: empty file (0 bytes)")
    if b"%PDF-" not in head:
        raise DocumentError(f"{path}: not a PDF (no %PDF- header)")


def read_pdf_pages(path: Path, extractor: str = DEFAULT_EXTRACTOR) -> list[str]:
    """Extract the text of every page of a PDF, with PDFium (pypdf when PDFium refuses the
    file or finds no text), or with pypdf alone.

    Raises:
        DocumentError: for a file that is empty, not a PDF, encrypted, corrupt or textless.
    """
    path = Path(path)
    _check_pdf_head(path)
    if extractor == "pypdf":
        return read_pdf_pages_pypdf(path)
    try:
        return read_pdf_pages_pdfium(path)
    except DocumentError:
        return read_pdf_pages_pypdf(path)  # the reference decides, and words the reason


def read_pdf_pages_pdfium(path: Path) -> list[str]:
    """The text of every page, by PDFium.

    Raises:
        DocumentError: for anything PDFium cannot do with the file.
    """
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(str(path))  # an empty password is tried by default
        try:
            pages = []
            for index in range(len(document)):
                page = document[index]
                text_page = page.get_textpage()
                pages.append(text_page.get_text_range())
                text_page.close()
                page.close()
        finally:
            document.close()
    except Exception as exc:  # PdfiumError, and anything else the library raises
        reason = "encrypted PDF" if "password" in str(exc).lower() else "corrupt PDF"
        raise DocumentError(f"{path}: {reason} ({type(exc).__name__}: {exc})") from exc
    _check_pages(path, pages)
    return pages


def _check_pages(path: Path, pages: list[str]) -> None:
    if not pages:
        raise DocumentError(f"{path}: the PDF has no pages")
    if not any(page.strip() for page in pages):
        raise DocumentError(f"{path}: no extractable text (a scanned image without OCR?)")


def read_pdf_pages_pypdf(path: Path) -> list[str]:
    """The text of every page, by pypdf (the reference extractor).

    Raises:
        DocumentError: for a file that is empty, not a PDF, encrypted, corrupt or textless.
    """
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError, PyPdfError

    path = Path(path)
    _check_pdf_head(path)
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
    _check_pages(path, pages)
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


def read_pages(path: Path, extractor: str = DEFAULT_EXTRACTOR) -> list[str]:
    """The raw pages of any supported document, chosen by file suffix."""
    if Path(path).suffix.lower() in (".txt", ".md", ".markdown"):
        return read_text_pages(path)
    return read_pdf_pages(path, extractor)


def count_pages(path: Path) -> int:
    """A document's page count, read cheaply (for a progress bar in pages); 0 when unknown."""
    if Path(path).suffix.lower() != ".pdf":
        return 1
    try:
        import pypdfium2

        document = pypdfium2.PdfDocument(str(path))
        try:
            return len(document)
        finally:
            document.close()
    except Exception:  # a file that cannot be counted is reported when it is read
        return 0


def document_text(document: Document, extractor: str = DEFAULT_EXTRACTOR) -> str:
    """The whole normalised text of one document (used by ``corpus check``)."""
    return "\n".join(normalize_page(page) for page in read_pages(document.path, extractor))


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


# Below this many bytes of documents, extracting in one process costs less than starting more.
PARALLEL_MIN_BYTES = 4 * 1024 * 1024

Progress = Callable[[int, int], None]  # (pages done, pages in all)


def _extract(path: Path, extractor: str) -> list[str] | DocumentError:
    """One document's pages, or its error (a worker process returns it, never raises it)."""
    try:
        return read_pages(path, extractor)
    except DocumentError as exc:
        return exc


def extract_all(
    documents: Sequence[Document],
    extractor: str = DEFAULT_EXTRACTOR,
    workers: int | None = None,
    progress: Progress | None = None,
) -> list[list[str] | DocumentError]:
    """Every document's pages (or its error), in order, extracted in parallel processes when
    there is enough to share out (one per core; ``workers=1``: in this process).

    Args:
        progress: Called with (pages done, pages in all) as each document is done.
    """
    if extractor not in EXTRACTORS:
        raise CorpusError(f"unknown extractor {extractor!r} (known: {', '.join(EXTRACTORS)})")
    total = sum(count_pages(d.path) for d in documents) if progress else 0
    size = sum(_size(d.path) for d in documents)
    workers = workers or os.cpu_count() or 1
    results: list[list[str] | DocumentError | None] = [None] * len(documents)
    done_pages = 0
    if workers == 1 or len(documents) < 2 or size < PARALLEL_MIN_BYTES:
        for position, document in enumerate(documents):
            results[position] = _extract(document.path, extractor)
            done_pages += _pages_of(results[position])
            if progress:
                progress(done_pages, max(total, done_pages))
        return results  # type: ignore[return-value]
    # A fork server: forking straight from a process that runs threads (the review app) can
    # leave a worker holding a lock nobody will release.
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=min(workers, len(documents)), mp_context=context) as pool:
        futures = {
            pool.submit(_extract, document.path, extractor): position
            for position, document in enumerate(documents)
        }
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            done_pages += _pages_of(results[futures[future]])
            if progress:
                progress(done_pages, max(total, done_pages))
    return results  # type: ignore[return-value]


def _size(path: Path) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0


def _pages_of(result: list[str] | DocumentError | None) -> int:
    return len(result) if isinstance(result, list) else 0


def ingest(
    documents: Iterable[Document],
    chunk_chars: int,
    extractor: str = DEFAULT_EXTRACTOR,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Ingested:
    """Ingest every document; a bad one is recorded in ``errors`` and the rest go on."""
    documents = list(documents)
    result = Ingested()
    for document, pages in zip(
        documents, extract_all(documents, extractor, workers, progress), strict=True
    ):
        if isinstance(pages, DocumentError):
            result.errors[document.id] = str(pages)
            continue
        result.pages[document.id] = len(pages)
        for number, raw in enumerate(pages, start=1):
            text = normalize_page(raw)
            if text:
                result.chunks.extend(chunk_page(document.id, number, text, chunk_chars))
    return result
