"""A tiny Open RAG Benchmark release in the exact shape of the real one, with invented content.

The real release is CC-BY-NC-4.0 and is not shipped; these papers, queries and answers are made
up for the adapter's tests.
"""

from __future__ import annotations

import json
from pathlib import Path

PAPERS = {
    "2401.00001v1": (
        "Sparse Retrieval for Ledger Question Answering",
        [
            "We study BM25 retrieval over scanned ledgers. Our LedgerQA benchmark has 1,204 "
            "questions.",
            "Results are in ![table_0](table_0). BM25 reaches 71.4% recall@5 while "
            "DenseX reaches 64.2%. ![img-0.jpeg](img-0.jpeg)",
        ],
        {1: {"table_0": "| model | recall@5 |\n|---|---|\n| BM25 | 71.4% |\n| DenseX | 64.2% |"}},
    ),
    "2401.00002v2": (
        "Calibrated Abstention in Small Language Models",
        [
            "Small models abstain poorly. We propose AbstainTune, a regularization method.",
            "AbstainTune lowers the false answer rate from 31% to 12% on NegQA.",
        ],
        {},
    ),
    "2401.00003v1": (
        "Citation Faithfulness under Paraphrase",
        [
            "We measure citation faithfulness with the CiteF1 metric.",
            "Paraphrased sources reduce CiteF1 by 8.5 points on average.",
        ],
        {},
    ),
    "2401.00004v1": (
        "A Survey of Ledger Formats",
        ["Ledgers come in many formats.", "We catalogue 37 formats used since 1990."],
        {},
    ),
    "2401.00005v3": (
        "Unrelated Work on Protein Folding",
        ["Proteins fold.", "We fold 12 proteins with FoldNet7."],
        {},
    ),
}

QUERIES = {
    "0a1b2c3d-0000-4000-8000-000000000001": (
        "What recall@5 does BM25 reach on LedgerQA?",
        "2401.00001v1",
        1,
        "BM25 reaches 71.4% recall@5 on LedgerQA, above DenseX.",
    ),
    "0a1b2c3d-0000-4000-8000-000000000002": (
        "How many questions does the benchmark contain?",
        "2401.00001v1",
        0,
        "The LedgerQA benchmark contains 1,204 questions.",
    ),
    "0a1b2c3d-0000-4000-8000-000000000003": (
        "What does AbstainTune change?",
        "2401.00002v2",
        1,
        "AbstainTune lowers the false answer rate from 31% to 12%.",
    ),
    "0a1b2c3d-0000-4000-8000-000000000004": (
        "What method do the authors propose?",
        "2401.00002v2",
        0,
        "They propose a regularization method for abstention.",
    ),
    "0a1b2c3d-0000-4000-8000-000000000005": (
        "How much does paraphrase reduce CiteF1?",
        "2401.00003v1",
        1,
        "CiteF1 drops by 8.5 points.",
    ),
    "0a1b2c3d-0000-4000-8000-000000000006": (
        "How many formats are catalogued?",
        "2401.00004v1",
        1,
        "The survey catalogues 37 formats.",
    ),
    "0a1b2c3d-0000-4000-8000-000000000007": (
        "Does the paper say what the answer is?",
        "2401.00003v1",
        0,
        "It does, in general terms.",
    ),
}


def write_release(root: Path) -> Path:
    """Write the fixture release under ``root/pdf/arxiv`` and return that folder."""
    arxiv = root / "pdf" / "arxiv"
    (arxiv / "corpus").mkdir(parents=True, exist_ok=True)
    for doc_id, (title, texts, tables) in PAPERS.items():
        sections = [
            {"section_id": i, "text": text, "tables": tables.get(i, {}), "images": {}}
            for i, text in enumerate(texts)
        ]
        record = {
            "title": title,
            "sections": sections,
            "id": doc_id,
            "authors": ["A. Author"],
            "categories": ["cs.IR"],
            "abstract": texts[0],
            "updated": "2024-01-02",
            "published": "2024-01-01",
        }
        (arxiv / "corpus" / f"{doc_id}.json").write_text(json.dumps(record), encoding="utf-8")
    queries = {
        q: {"query": text, "type": "extractive", "source": "text"}
        for q, (text, _, _, _) in QUERIES.items()
    }
    qrels = {
        q: {"doc_id": doc, "section_id": section} for q, (_, doc, section, _) in QUERIES.items()
    }
    answers = {q: answer for q, (_, _, _, answer) in QUERIES.items()}
    urls = {doc: f"https://arxiv.org/pdf/{doc}" for doc in PAPERS}
    for name, data in [
        ("queries", queries),
        ("qrels", qrels),
        ("answers", answers),
        ("pdf_urls", urls),
    ]:
        (arxiv / f"{name}.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    return arxiv
