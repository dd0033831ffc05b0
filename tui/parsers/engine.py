"""The commands that make answers: run the engine over a corpus; make, check, index and import
corpora."""

from __future__ import annotations

from tui.commands.corpus import (
    cmd_corpus_check,
    cmd_corpus_import_financebench,
    cmd_corpus_import_openrag,
    cmd_corpus_index,
    cmd_corpus_list,
    cmd_corpus_new,
)
from tui.commands.run import cmd_run
from tui.parsers.options import (
    Subparsers,
    add_backend,
    add_corpora,
    add_json,
    add_needles,
    positive_int,
)


def add_corpus(sub: Subparsers) -> None:
    corpus = sub.add_parser("corpus", help="make, list, check, index and import corpora")
    actions = corpus.add_subparsers(dest="corpus_command", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="list the corpora and their sizes")
    checking = actions.add_parser(
        "check", help="validate a corpus, read every document, check every key against them"
    )
    checking.add_argument("name", metavar="NAME")
    making = actions.add_parser("new", help="make a corpus from a folder of documents")
    making.add_argument("name", metavar="NAME")
    making.add_argument(
        "--docs", required=True, metavar="DIR", help="folder of PDFs (.txt/.md too)"
    )
    indexing = actions.add_parser(
        "index", help="ingest a corpus's documents and build its retrieval index"
    )
    indexing.add_argument("name", metavar="NAME")
    indexing.add_argument("--config", metavar="NAME", help="question configuration (chunk size)")
    indexing.add_argument(
        "--extractor", choices=["pdfium", "pypdf"], help="how PDFs are read (default: pdfium)"
    )
    openrag = actions.add_parser(
        "import-openrag", help="build a corpus from an Open RAG Benchmark download"
    )
    openrag.add_argument("dir", metavar="DIR", help="the release's pdf/arxiv folder (or above it)")
    openrag.add_argument("--out", required=True, metavar="CORPUS_DIR")
    openrag.add_argument("--golden", type=int, default=50, help="golden documents (default 50)")
    openrag.add_argument("--distractors", type=int, default=10, help="distractors (default 10)")
    openrag.add_argument("--questions", type=int, default=40, help="questions (default 40)")
    openrag.add_argument("--negatives", type=int, default=4, help="negatives (default 4)")
    openrag.add_argument("--seed", type=int, default=0, help="selection seed (default 0)")
    openrag.add_argument("--pdfs", metavar="PDF_DIR", help="folder of <doc_id>.pdf to use")
    financebench = actions.add_parser(
        "import-financebench", help="build a corpus from FinanceBench's questions and filings"
    )
    financebench.add_argument("dir", metavar="DIR", help="the FinanceBench folder (or above it)")
    financebench.add_argument("--out", required=True, metavar="CORPUS_DIR")
    financebench.add_argument("--pdfs", metavar="PDF_DIR", help="the filings (default DIR/pdfs)")
    for command, handler in [
        (listing, cmd_corpus_list),
        (checking, cmd_corpus_check),
        (making, cmd_corpus_new),
        (indexing, cmd_corpus_index),
        (openrag, cmd_corpus_import_openrag),
        (financebench, cmd_corpus_import_financebench),
    ]:
        add_json(command)
        add_corpora(command)
        command.set_defaults(handler=handler)


def add_run(sub: Subparsers) -> None:
    run = sub.add_parser("run", help="run the engine over a corpus and grade the answers")
    run.add_argument("--corpus", metavar="NAME", help="corpus name or folder")
    run.add_argument("--config", metavar="NAME", help="question configuration (default: first)")
    first = run.add_mutually_exclusive_group()
    first.add_argument(
        "--limit", type=positive_int, metavar="N", help="answer only the first N questions"
    )
    first.add_argument(
        "--sample",
        type=positive_int,
        metavar="N",
        help="answer N questions spread over the kinds (answerable, negative, ambiguous)",
    )
    run.add_argument(
        "--seed", type=int, default=0, metavar="S", help="which sample --sample draws (default 0)"
    )
    add_backend(run, resumed=True)
    run.add_argument(
        "--extractor",
        choices=["pdfium", "pypdf"],
        help="how PDFs are read (default: the configuration's, else pdfium)",
    )
    run.add_argument("--resume", metavar="RUN", help="finish an interrupted run file")
    run.add_argument("--runs", default="runs", metavar="DIR", help="where run files go (runs/)")
    add_corpora(run)
    add_needles(run)
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    add_json(run)
    run.set_defaults(handler=cmd_run)
