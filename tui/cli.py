"""The ``ragtriage`` command line (DESIGN section 5).

Each subcommand is a thin layer over `grader`, `engine` and `corpora`: it parses arguments,
calls pure code, and prints either the human form or, with ``--json``, one JSON document on
stdout. Errors are caught here, at the boundary, and shown as one line on stderr with exit
status 2. Heavy imports (the review app, the model) happen inside the subcommand that needs them.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import orjson

from grader.errors import RagtriageError

EXIT_OK, EXIT_GATE, EXIT_BAD_INPUT = 0, 1, 2
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text from answers and files is untrusted: show control characters, never obey them."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def emit_json(document: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
    sys.stdout.flush()


def warn(message: str) -> None:
    print(f"ragtriage: {printable(message)}", file=sys.stderr)


# --- grade -----------------------------------------------------------------------------------


def cmd_grade(args: argparse.Namespace) -> int:
    from grader.clauses import split_clauses
    from grader.grades import read_grades, write_grades
    from grader.runfile import read_run
    from grader.scorecard import format_scorecard, scorecard
    from grader.verdict import CORRECT, Grader

    run = read_run(Path(args.run))
    for problem in run.problems:
        warn(f"{run.path}: {problem} (skipped)")
    grader = Grader(strategy=args.strategy)
    grades = grader.grade_all(run.answers)
    card = scorecard(grades)

    record = read_grades(run.path)
    if record is None and run.answers:
        try:
            written = write_grades(run.path, run.run_id, grades, grader)
            warn(f"recorded the grades of record in {written}")
        except OSError as exc:
            warn(f"could not record the grades of record: {exc.strerror}")
    elif record is not None and record.fingerprint != grader.fingerprint:
        warn(
            f"the grades of record were made by grader {record.fingerprint}, today's is "
            f"{grader.fingerprint}: `ragtriage rebaseline {run.path}` lists what flipped"
        )

    if args.json:
        emit_json(
            {
                "run": {
                    "path": str(run.path),
                    "run_id": run.run_id,
                    "header": run.header,
                    "grader": grader.fingerprint,
                    "strategy": grader.strategy.name,
                },
                "scorecard": card.to_dict(),
                "answers": [
                    {
                        "qid": grade.qid,
                        "kind": grade.kind,
                        "verdict": grade.verdict,
                        "labels": list(grade.labels),
                        "declined": grade.declined,
                        "money": grade.money.to_dict(),
                        "clauses": [
                            {"asserted": c.asserted, "attributed": c.attributed}
                            for c in split_clauses(answer.answer, grader.strategy.name)
                        ],
                    }
                    for answer, grade in zip(run.answers, grades, strict=True)
                ],
                "problems": [{"line": p.line, "reason": p.reason} for p in run.problems],
            }
        )
    else:
        header = run.header or {}
        model = header.get("model", {}).get("name", "?") if isinstance(header, dict) else "?"
        print(
            printable(
                f"run {run.run_id} · corpus {header.get('corpus', '?')} · model {model} · "
                f"{len(run.answers)} answers"
                + (f" · {len(run.problems)} line(s) skipped" if run.problems else "")
            )
        )
        if not run.answers:
            print("this run holds no answers yet")
        for line in format_scorecard(card):
            print(line)
        flagged = [g for g in grades if g.verdict != CORRECT or g.money.violation]
        if flagged:
            print()
            width = max(len(g.qid) for g in flagged)
            for grade in flagged:
                print(
                    printable(
                        f"  {grade.verdict:<8} {grade.qid:<{width}}  {'; '.join(grade.labels)}"
                    )
                )
    if args.gate and card.violations:
        return EXIT_GATE
    return EXIT_OK


# --- corpus ----------------------------------------------------------------------------------


def _root(args: argparse.Namespace) -> Path | None:
    return Path(args.corpora) if getattr(args, "corpora", None) else None


def cmd_corpus_list(args: argparse.Namespace) -> int:
    from corpora.loader import default_root, list_corpora, load_corpus

    root = _root(args) or default_root()
    rows = []
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
        print(f"no corpora in {root}")
    for row in rows:
        if row["error"]:
            print(printable(f"{row['name']:<16} INVALID: {row['error']}"))
        else:
            print(
                printable(
                    f"{row['name']:<16} {row['documents']:>3} docs  {row['questions']:>4} "
                    f"questions ({row['answerable']} answerable, {row['negative']} negative, "
                    f"{row['ambiguous']} ambiguous)  "
                    f"configs: {', '.join(row['configs']) or 'default'}"
                )
            )
    return EXIT_OK


def cmd_corpus_check(args: argparse.Namespace) -> int:
    from corpora.check import check_keys
    from corpora.loader import CorpusInvalid, load_corpus
    from engine.ingest import document_text

    try:
        corpus = load_corpus(args.name, _root(args))
    except CorpusInvalid as exc:
        if args.json:
            emit_json(
                {
                    "corpus": args.name,
                    "ok": False,
                    "problems": [str(p) for p in exc.problems],
                    "keys": [],
                }
            )
        else:
            for problem in exc.problems:
                warn(str(problem))
            warn(f"corpus {args.name!r}: {len(exc.problems)} problem(s)")
        return EXIT_BAD_INPUT
    findings = check_keys(corpus, document_text)
    if args.json:
        emit_json(
            {
                "corpus": corpus.name,
                "ok": not findings,
                "problems": [],
                "keys": [{"qid": f.qid, "line": f.line, "reason": f.reason} for f in findings],
            }
        )
    else:
        for finding in findings:
            print(
                printable(
                    f"{corpus.questions_path}:{finding.line}: {finding.qid}: {finding.reason}"
                )
            )
        checked = sum(1 for q in corpus.questions if q.kind != "negative" and q.gold.key.strip())
        status = "ok" if not findings else f"{len(findings)} key(s) not found"
        print(
            f"corpus {corpus.name}: {len(corpus.documents)} documents, {len(corpus.questions)} "
            f"questions, {checked} keys checked against their golden documents: {status}"
        )
    return EXIT_OK if not findings else EXIT_GATE


def cmd_corpus_new(args: argparse.Namespace) -> int:
    from corpora.loader import new_corpus

    folder, ids, skipped = new_corpus(args.name, Path(args.docs), _root(args))
    if args.json:
        emit_json({"corpus": str(folder), "documents": ids, "skipped": skipped})
        return EXIT_OK
    print(f"made {folder} with {len(ids)} document(s)")
    for name in skipped:
        print(printable(f"  skipped {name} (not .pdf, .txt or .md)"))
    print(
        f"add questions to {folder / 'questions.jsonl'}, one JSON object per line, then run "
        f"`ragtriage corpus check {args.name}`"
    )
    return EXIT_OK


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
    print(f"wrote {report.out}")
    print(
        f"  documents: {len(report.golden_docs)} golden, {len(report.distractor_docs)} "
        f"distractors ({report.pdfs_used} from PDFs, the rest from section text)"
    )
    print(
        f"  questions: {report.questions} answerable, {report.negatives} negatives "
        f"(golden document left out of the corpus)"
    )
    print(f"  needles: {report.needles_kept} kept, {len(report.needles_dropped)} dropped")
    for qid, needle, reason in report.needles_dropped:
        print(printable(f"    dropped {needle!r} from {qid}: {reason}"))
    if report.dropped:
        print(f"  questions dropped: {len(report.dropped)}")
        for qid, reason in report.dropped:
            print(printable(f"    {qid}: {reason}"))
    return EXIT_OK


# --- run -------------------------------------------------------------------------------------


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return (
        f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
        if seconds >= 3600
        else f"{seconds // 60}:{seconds % 60:02d}"
    )


class ProgressLine:
    """done/total, elapsed, remaining and the last verdict, redrawn in place on a terminal."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.first_done: int | None = None  # answers already in the file when we started

    def __call__(self, progress: Any) -> None:
        width = 24
        filled = int(width * progress.done / progress.total) if progress.total else width
        bar = "#" * filled + "-" * (width - filled)
        if self.first_done is None:
            self.first_done = progress.done
        answered_here = progress.done - self.first_done
        if answered_here:
            remaining = progress.elapsed / answered_here * (progress.total - progress.done)
            eta = _clock(remaining)
        else:
            eta = "?"
        last = ""
        if progress.last is not None:
            last = f"  last: {progress.last.verdict} {progress.last.qid}"
            if progress.last.money.violation:
                last += " (wrong money)"
        line = printable(
            f"[{bar}] {progress.done}/{progress.total}  elapsed {_clock(progress.elapsed)}  "
            f"remaining {eta}{last}"
        )
        if self.tty:
            self.stream.write("\r\x1b[2K" + line[: _terminal_width() - 1])
            if progress.done == progress.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def _generator(args: argparse.Namespace) -> Any:
    from engine.generate import LlamaGenerator, OpenAIGenerator
    from engine.model import bundled_model_path, model_info

    if args.backend == "openai":
        if not args.base_url:
            raise RagtriageError("--backend openai needs --base-url URL")
        return OpenAIGenerator(args.base_url, model=args.model or "default")
    path = Path(args.model) if args.model else bundled_model_path()
    return LlamaGenerator(path, model_info(path), threads=args.threads)


def _finish_run(path: Path, as_json: bool, interrupted: bool) -> int:
    from grader.grades import write_grades
    from grader.runfile import read_run
    from grader.scorecard import format_scorecard, scorecard
    from grader.verdict import Grader

    run = read_run(path)
    grader = Grader()
    grades = grader.grade_all(run.answers)
    card = scorecard(grades)
    if not interrupted:
        write_grades(path, run.run_id, grades, grader)
    if as_json:
        emit_json(
            {
                "run": str(path),
                "run_id": run.run_id,
                "interrupted": interrupted,
                "answers": len(run.answers),
                "scorecard": card.to_dict(),
            }
        )
    else:
        print(f"run file: {path}")
        for line in format_scorecard(card):
            print(line)
    if interrupted:
        warn(
            f"stopped after {len(run.answers)} answer(s); finish it with: "
            f"ragtriage run --resume {path}"
        )
        return 130
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    from corpora.loader import load_corpus
    from engine.run import execute, plan_resume, run_corpus

    show = ProgressLine() if not args.quiet else None
    if args.resume:
        plan = plan_resume(Path(args.resume), _root(args))
        if plan.torn_tail:
            warn(
                f"{plan.path}: the last line was cut off by the interruption; it is kept and "
                "skipped, and its question is answered again"
            )
        if not plan.remaining:
            warn(f"{plan.path}: every planned question already has an answer")
            return _finish_run(plan.path, args.json, False)
        warn(f"resuming {plan.path}: {plan.done} answered, {len(plan.remaining)} to go")
        generator = _generator(args)
        result = execute(
            plan.path,
            plan.remaining,
            plan.corpus,
            plan.config,
            generator,
            on_progress=show,
            already_done=plan.done,
        )
        return _finish_run(result.path, args.json, result.interrupted)
    if not args.corpus:
        raise RagtriageError("ragtriage run needs --corpus NAME (or --resume RUN)")
    corpus = load_corpus(args.corpus, _root(args))
    corpus.config(args.config)  # an unknown configuration fails before the model loads
    if not corpus.questions:
        raise RagtriageError(
            f"corpus {corpus.name!r} has no questions yet (add them to {corpus.questions_path})"
        )
    generator = _generator(args)
    runs_dir = Path(args.runs)
    result = run_corpus(corpus, args.config, args.limit, generator, runs_dir, on_progress=show)
    return _finish_run(result.path, args.json, result.interrupted)


def cmd_corpus_index(args: argparse.Namespace) -> int:
    from corpora.loader import load_corpus
    from engine.retrieve import load_index

    corpus = load_corpus(args.name, _root(args))
    name, config = corpus.config(args.config)
    index = load_index(corpus, config["chunk_chars"], refresh=True)
    counts = index.ingested.chunk_counts()
    rows = [
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
                "index": str(index.path),
                "documents": rows,
            }
        )
    else:
        width = max((len(r["doc"]) for r in rows), default=4)
        for row in rows:
            if row["error"]:
                print(printable(f"{row['doc']:<{width}}  ERROR {row['error']}"))
            else:
                print(
                    printable(
                        f"{row['doc']:<{width}}  {row['pages']:>4} pages  {row['chunks']:>4} chunks"
                    )
                )
        failed = sum(1 for r in rows if r["error"])
        print(
            f"indexed {len(rows) - failed} of {len(rows)} documents "
            f"({sum(counts.values())} chunks of up to {config['chunk_chars']} characters) "
            f"into {index.path}"
        )
    return EXIT_OK


# --- the parser ------------------------------------------------------------------------------


def _add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ragtriage",
        description="Grade RAG answers with rules that explain themselves, and review them.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    grade = sub.add_parser("grade", help="grade a run file and print the scorecard")
    grade.add_argument("run", metavar="RUN", help="a run file (runs/<run_id>.jsonl)")
    _add_json(grade)
    grade.add_argument(
        "--gate", action="store_true", help="exit 1 when ZERO-WRONG-MONEY fails (for CI)"
    )
    grade.add_argument(
        "--strategy", default=None, help="clause-split strategy (default: first-attribution)"
    )
    grade.set_defaults(handler=cmd_grade)

    corpus = sub.add_parser("corpus", help="make, list, check and import corpora")
    corpus_sub = corpus.add_subparsers(dest="corpus_command", metavar="ACTION", required=True)
    listing = corpus_sub.add_parser("list", help="list the corpora and their sizes")
    checking = corpus_sub.add_parser(
        "check", help="validate a corpus and check every key against its golden documents"
    )
    checking.add_argument("name", metavar="NAME")
    making = corpus_sub.add_parser("new", help="make a corpus from a folder of documents")
    making.add_argument("name", metavar="NAME")
    making.add_argument(
        "--docs", required=True, metavar="DIR", help="folder of PDFs (.txt/.md too)"
    )
    openrag = corpus_sub.add_parser(
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
    for command, handler in [
        (listing, cmd_corpus_list),
        (checking, cmd_corpus_check),
        (making, cmd_corpus_new),
        (openrag, cmd_corpus_import_openrag),
    ]:
        _add_json(command)
        command.add_argument("--corpora", metavar="DIR", help="corpora folder (default ./corpora)")
        command.set_defaults(handler=handler)

    run = sub.add_parser("run", help="run the engine over a corpus and grade the answers")
    run.add_argument("--corpus", metavar="NAME", help="corpus name or folder")
    run.add_argument("--config", metavar="NAME", help="question configuration (default: first)")
    run.add_argument("--limit", type=int, metavar="N", help="answer only the first N questions")
    run.add_argument(
        "--model",
        metavar="PATH.gguf",
        help="a GGUF model (default: the bundled Gemma 3 270M); with "
        "--backend openai, the model name to ask the server for",
    )
    run.add_argument(
        "--backend",
        choices=["llama", "openai"],
        default="llama",
        help="llama: local GGUF (default); openai: an OpenAI-compatible server",
    )
    run.add_argument("--base-url", metavar="URL", help="the server for --backend openai")
    run.add_argument("--threads", type=int, help="CPU threads (default: every core)")
    run.add_argument("--resume", metavar="RUN", help="finish an interrupted run file")
    run.add_argument("--runs", default="runs", metavar="DIR", help="where run files go (runs/)")
    run.add_argument("--corpora", metavar="DIR", help="corpora folder (default ./corpora)")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_json(run)
    run.set_defaults(handler=cmd_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ragtriage`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_OK
    try:
        return handler(args)
    except RagtriageError as exc:
        warn(f"error: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        warn("interrupted")
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
