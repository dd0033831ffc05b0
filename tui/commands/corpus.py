"""`ragtriage corpus ...`: list, check, new, import-openrag, index."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from grader.errors import RagtriageError
from tui.output import EXIT_BAD_INPUT, EXIT_GATE, EXIT_OK, PagesBar, emit_json, printable, say, warn


def corpora_root(args: argparse.Namespace) -> Path | None:
    """The ``--corpora DIR`` of a command, or None for the default."""
    return Path(args.corpora) if getattr(args, "corpora", None) else None


def cmd_corpus_list(args: argparse.Namespace) -> int:
    from corpora.loader import load_corpus
    from corpora.places import default_root, list_corpora

    root = corpora_root(args) or default_root()
    rows: list[dict[str, Any]] = []
    for name in list_corpora(root):
        try:
            corpus = load_corpus(name, root)
            kinds = {
                k: sum(q.kind == k for q in corpus.questions)
                for k in ("answerable", "negative", "ambiguous")
            }
            rows.append(
                {
                    "name": name,
                    "title": corpus.title,
                    "documents": len(corpus.documents),
                    "questions": len(corpus.questions),
                    **kinds,
                    "configs": list(corpus.configs),
                    "error": None,
                }
            )
        except RagtriageError as exc:
            rows.append({"name": name, "error": str(exc)})
    if args.json:
        emit_json({"root": str(root), "corpora": rows})
        return EXIT_OK
    if not rows:
        say(f"no corpora in {root}")
    for row in rows:
        if row["error"]:
            say(printable(f"{row['name']:<16} INVALID: {row['error']}"))
        else:
            say(
                printable(
                    f"{row['name']:<16} {row['documents']:>3} docs  {row['questions']:>4} "
                    f"questions ({row['answerable']} answerable, {row['negative']} negative, "
                    f"{row['ambiguous']} ambiguous)  "
                    f"configs: {', '.join(row['configs']) or 'default'}"
                )
            )
    return EXIT_OK


def cmd_corpus_check(args: argparse.Namespace) -> int:
    """Every problem of a corpus at once: the lines that cannot be read as questions, the
    documents that cannot be read, and the keys not found in their golden documents (checked
    on the valid questions even when other lines are invalid)."""
    from corpora.check import check_keys
    from corpora.loader import Corpus, CorpusInvalid, load_corpus
    from engine.ingest import document_text

    invalid: list[str] = []
    corpus: Corpus | None
    try:
        corpus = load_corpus(args.name, corpora_root(args))
    except CorpusInvalid as exc:
        invalid = [str(p) for p in exc.problems]
        corpus = exc.valid  # its valid parts, checked too
    unreadable = unreadable_documents(corpus) if corpus is not None else []
    findings = check_keys(corpus, document_text) if corpus is not None else []
    ok = not invalid and not findings and not unreadable
    if args.json:
        emit_json(
            {
                "corpus": corpus.name if corpus is not None else args.name,
                "ok": ok,
                "problems": invalid,
                "unreadable": [{"doc": doc, "reason": reason} for doc, reason in unreadable],
                "keys": [{"qid": f.qid, "line": f.line, "reason": f.reason} for f in findings],
            }
        )
    else:
        for problem in invalid:
            warn(printable(problem))
        for doc, reason in unreadable:
            say(printable(f"document {doc}: {reason}"))
        if corpus is not None:
            for finding in findings:
                say(
                    printable(
                        f"{corpus.questions_path}:{finding.line}: {finding.qid}: {finding.reason}"
                    )
                )
        problems = []
        if invalid:
            problems.append(f"{len(invalid)} problem(s) in its files")
        if unreadable and corpus is not None:
            problems.append(f"{len(unreadable)} of {len(corpus.documents)} document(s) unreadable")
        if findings:
            problems.append(f"{len(findings)} key(s) not found")
        if corpus is None:
            say(f"corpus {args.name}: " + "; ".join(problems))
        else:
            checked = sum(
                1 for q in corpus.questions if q.kind != "negative" and q.gold.key.strip()
            )
            valid = " valid" if invalid else ""
            say(
                f"corpus {corpus.name}: {len(corpus.documents)} documents, "
                f"{len(corpus.questions)}{valid} questions, {checked} keys checked against their "
                "golden documents: " + ("ok" if ok else "; ".join(problems))
            )
    if invalid:
        return EXIT_BAD_INPUT
    return EXIT_OK if ok else EXIT_GATE


def unreadable_documents(corpus: Any) -> list[tuple[str, str]]:
    """Every document of a corpus that cannot be read, with the reason (corrupt, encrypted,
    empty, not a PDF, no text)."""
    from engine.ingest import DocumentError, read_pages

    found = []
    for document in corpus.documents:
        try:
            read_pages(document.path)
        except DocumentError as exc:
            found.append((document.id, str(exc)))
    return found


def cmd_corpus_new(args: argparse.Namespace) -> int:
    from corpora.loader import load_corpus
    from corpora.places import new_corpus

    folder, ids, skipped = new_corpus(args.name, Path(args.docs), corpora_root(args))
    unreadable = unreadable_documents(load_corpus(folder))
    for doc, reason in unreadable:
        warn(f"document {doc} cannot be read: {reason}")
    if args.json:
        emit_json(
            {
                "corpus": str(folder),
                "documents": ids,
                "skipped": skipped,
                "unreadable": [{"doc": doc, "reason": reason} for doc, reason in unreadable],
            }
        )
        return EXIT_OK
    say(f"made {folder} with {len(ids)} document(s)")
    for name in skipped:
        say(printable(f"  skipped {name} (not .pdf, .txt or .md)"))
    say(
        f"add questions to {folder / 'questions.jsonl'}, one JSON object per line, then run "
        f"`ragtriage corpus check {args.name}`; for example:"
    )
    for line in example_questions(ids[0] if ids else "DOC_ID"):
        say("  " + printable(line))
    return EXIT_OK


def example_questions(doc: str) -> list[str]:
    """Question lines to start from, naming one of the corpus's documents: an answerable
    question with its key, a negative one (no answer in the documents: declining is right)."""
    import json

    examples = [
        {
            "qid": "q1",
            "kind": "answerable",
            "question": "What is the monthly rent?",
            "gold": {"key": "1,450 euros", "golden_docs": [doc]},
        },
        {
            "qid": "q2",
            "kind": "negative",
            "question": "What is the parking fee?",
            "gold": {"key": ""},
        },
    ]
    return [json.dumps(example) for example in examples]


def cmd_corpus_import_openrag(args: argparse.Namespace) -> int:
    from corpora.openrag import import_openrag

    report = import_openrag(
        Path(args.dir),
        Path(args.out),
        golden=args.golden,
        distractors=args.distractors,
        questions=args.questions,
        negatives=args.negatives,
        seed=args.seed,
        pdfs=Path(args.pdfs) if args.pdfs else None,
    )
    if args.json:
        emit_json(report.to_dict())
        return EXIT_OK
    say(f"wrote {report.out}")
    say(
        f"  documents: {len(report.golden_docs)} golden, {len(report.distractor_docs)} "
        f"distractors ({report.pdfs_used} from PDFs, the rest from section text)"
    )
    say(
        f"  questions: {report.questions} answerable, {report.negatives} negatives "
        f"(golden document left out of the corpus)"
    )
    say(f"  needles: {report.needles_kept} kept, {len(report.needles_dropped)} dropped")
    for qid, needle, reason in report.needles_dropped:
        say(printable(f"    dropped {needle!r} from {qid}: {reason}"))
    if report.dropped:
        say(f"  questions dropped: {len(report.dropped)}")
        for qid, reason in report.dropped:
            say(printable(f"    {qid}: {reason}"))
    return EXIT_OK


def cmd_corpus_index(args: argparse.Namespace) -> int:
    from corpora.loader import load_corpus
    from engine.retrieve import load_index

    corpus = load_corpus(args.name, corpora_root(args))
    name, config = corpus.config(args.config)
    extractor = args.extractor or config["extractor"]
    progress = None if args.json else PagesBar()
    index = load_index(
        corpus, config["chunk_chars"], refresh=True, extractor=extractor, progress=progress
    )
    counts = index.ingested.chunk_counts()
    rows: list[dict[str, Any]] = [
        {
            "doc": d.id,
            "file": str(d.path),
            "pages": index.ingested.pages.get(d.id),
            "chunks": counts.get(d.id, 0),
            "error": index.ingested.errors.get(d.id),
        }
        for d in corpus.documents
    ]
    if args.json:
        emit_json(
            {
                "corpus": corpus.name,
                "config": name,
                "chunk_chars": config["chunk_chars"],
                "extractor": extractor,
                "index": str(index.path),
                "documents": rows,
            }
        )
    else:
        width = max((len(r["doc"]) for r in rows), default=4)
        for row in rows:
            if row["error"]:
                say(printable(f"{row['doc']:<{width}}  ERROR {row['error']}"))
            else:
                say(
                    printable(
                        f"{row['doc']:<{width}}  {row['pages']:>4} pages  {row['chunks']:>4} chunks"
                    )
                )
        failed = sum(1 for r in rows if r["error"])
        say(
            f"indexed {len(rows) - failed} of {len(rows)} documents "
            f"({sum(counts.values())} chunks of up to {config['chunk_chars']} characters) "
            f"into {index.path}"
        )
    return EXIT_OK if not any(r["error"] for r in rows) else EXIT_GATE


def cmd_corpus_import_financebench(args: argparse.Namespace) -> int:
    from corpora.financebench import import_corpus

    report = import_corpus(Path(args.dir), Path(args.out), Path(args.pdfs) if args.pdfs else None)
    if args.json:
        emit_json(report.to_dict())
        return EXIT_OK
    say(f"wrote {report.out}")
    say(f"  documents: {len(report.documents)} filings")
    say(
        f"  questions: {report.questions} ({report.money_keys} money keys, {report.text_keys} "
        f"text keys; {report.needles_kept} needles mined from the text answers)"
    )
    absent = report.without_filing or []
    if absent:
        filings = sorted({doc for _, doc in absent})
        say(
            f"  left out: {len(absent)} question(s) whose filing is not among the PDFs "
            f"({', '.join(filings)}); imported answers to them keep the gold they carry"
        )
    return EXIT_OK
