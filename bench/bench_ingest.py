"""Ingestion of real filings: speed, fidelity, and retrieval at that scale (DESIGN 6).

Reads FinanceBench's filings (``../shared/financebench/pdfs`` or ``$FINANCEBENCH``) and prints,
each measured in this run:

- ten filings read by pypdf in one process (the baseline) against the default (PDFium, shared
  out among the cores): the ratio (target >= 10x);
- all the filings indexed as ``corpus index`` does (read, chunked, cached): the time (target
  under a minute on 2 cores);
- text fidelity of both extractors on FinanceBench's evidence pages: the share of each
  evidence passage's word sequences found in our text of that page, and the money keys whose
  figure is found on the page;
- rank-bm25's query time over every chunk of every filing, beside a generation's time.

Usage: ``python bench/bench_ingest.py [--ten-only]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from synthetic import machine  # noqa: E402

from corpora.financebench import find_root, gold_for, load_questions  # noqa: E402
from corpora.loader import Document  # noqa: E402
from engine.ingest import extract_all, ingest, normalize_page  # noqa: E402
from engine.retrieve import BM25Retriever  # noqa: E402
from grader.rules.money import find_amounts  # noqa: E402
from grader.rules.money_keys import MoneyKey, bare_figures  # noqa: E402
from grader.rules.normalize import normalize  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "financebench"
TEN = [
    "3M_2018_10K",
    "ADOBE_2022_10K",
    "AMAZON_2019_10K",
    "BOEING_2022_10K",
    "CORNING_2022_10K",
    "COSTCO_2021_10K",
    "JOHNSON_JOHNSON_2022_10K",
    "MGMRESORTS_2022_10K",
    "NIKE_2019_10K",
    "PEPSICO_2022_10K",
]


def documents(folder: Path, names: list[str] | None = None) -> list[Document]:
    paths = sorted(folder.glob("*.pdf"))
    if names is not None:
        wanted = set(names)
        paths = [p for p in paths if p.stem in wanted]
    return [Document(p.stem, p, p.stem) for p in paths]


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def shingles(text: str, size: int = 4) -> set[tuple[str, ...]]:
    words = normalize(text).split()
    return {tuple(words[i : i + size]) for i in range(max(0, len(words) - size + 1))}


def _holds(key: MoneyKey, text: str) -> bool:
    """Whether a page's text holds one of the key's figures (as an amount or a bare number)."""
    figures = [a.value for a in find_amounts(text)] + bare_figures(text)
    return any(f in key.written or key.matches(f) for f in figures)


def fidelity(root: Path, folder: Path) -> dict[str, dict[str, float]]:
    """For each extractor: the mean share of evidence word sequences found on its page, the
    share of pages with at least 90% found, and, of the money keys FinanceBench's evidence text
    writes, those our text of the page holds too."""
    questions = load_questions(root)
    wanted: dict[str, set[int]] = {}
    evidence = []
    for record in questions.values():
        for item in record.get("evidence", []):
            doc, page = item.get("doc_name"), int(item.get("evidence_page_num", 0))
            if (folder / f"{doc}.pdf").exists():
                wanted.setdefault(doc, set()).add(page)
                full = item.get("evidence_text_full_page") or item.get("evidence_text", "")
                evidence.append((record, doc, page, item.get("evidence_text", ""), full))
    docs = [Document(doc, folder / f"{doc}.pdf", doc) for doc in sorted(wanted)]
    report = {}
    for extractor in ("pdfium", "pypdf"):
        pages = dict(zip((d.id for d in docs), extract_all(docs, extractor), strict=True))
        shares, keys, money = [], 0, 0
        for record, doc, page, text, full in evidence:
            extracted = pages[doc]
            ours = normalize_page(extracted[page]) if isinstance(extracted, list) else ""
            wanted_shingles = shingles(text)
            if wanted_shingles:
                shares.append(len(wanted_shingles & shingles(ours)) / len(wanted_shingles))
            gold = gold_for(record)
            key = MoneyKey.of(gold.key, gold.unit, gold.precision)
            # Only keys written on the page count: most money keys are computed from several
            # figures (a ratio, a sum) and are on no page at all.
            if key is not None and _holds(key, full):
                money += 1
                keys += _holds(key, ours)
        report[extractor] = {
            "passages": len(shares),
            "mean_share_found": statistics.mean(shares),
            "passages_90_percent_found": sum(s >= 0.9 for s in shares) / len(shares),
            "money_keys": money,
            "money_keys_found": keys,
        }
    return report


def print_fidelity(root: Path, folder: Path) -> None:
    print("text fidelity on FinanceBench's evidence pages:")
    for extractor, figures in fidelity(root, folder).items():
        print(
            f"  {extractor:<7} {figures['mean_share_found']:.1%} of each passage's word "
            f"sequences found on average, {figures['passages_90_percent_found']:.1%} of "
            f"{figures['passages']} passages at least 90% found; of the money keys the "
            f"evidence writes, {figures['money_keys_found']} of {figures['money_keys']} found"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=Path(os.environ.get("FINANCEBENCH", DEFAULT_DATA))
    )
    parser.add_argument("--ten-only", action="store_true", help="only the ten-filing ratio")
    parser.add_argument("--fidelity-only", action="store_true", help="only the text fidelity")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"no FinanceBench data at {args.data} (set $FINANCEBENCH): skipped")
        return 0
    root = find_root(args.data)
    folder = root / "pdfs"
    print(machine())
    if args.fidelity_only:
        print_fidelity(root, folder)
        return 0
    ten = documents(folder, TEN)
    pages = sum(len(p) for p in extract_all(ten, workers=1) if isinstance(p, list))
    _, baseline = timed(extract_all, ten, "pypdf", 1)
    _, fast = timed(extract_all, ten)
    print(f"ten filings ({pages:,} pages):")
    print(f"  pypdf, one process           {baseline:7.1f} s")
    print(
        f"  PDFium, {os.cpu_count()} processes         {fast:7.1f} s   "
        f"ratio {baseline / fast:5.1f}x (target >= 10x)"
    )
    if args.ten_only:
        return 0
    every = documents(folder)
    ingested, took = timed(ingest, every, 1200)
    print(
        f"all {len(every)} filings indexed ({sum(ingested.pages.values()):,} pages, "
        f"{len(ingested.chunks):,} chunks, {len(ingested.errors)} unreadable): {took:.1f} s "
        "(target < 60 s)"
    )
    retriever, built = timed(BM25Retriever, ingested.chunks)
    queries = [q["question"] for q in list(load_questions(root).values())[:40]]
    times = [timed(retriever.search, query, 5)[1] * 1000 for query in queries]
    print(
        f"BM25 over {len(ingested.chunks):,} chunks: built in {built:.1f} s; query median "
        f"{statistics.median(times):.0f} ms, max {max(times):.0f} ms ({len(times)} questions)"
    )
    print_fidelity(root, folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
