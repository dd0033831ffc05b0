"""The ``ragtriage`` command line (DESIGN section 5).

Each subcommand is a thin layer over `grader`, `engine` and `corpora` (see `tui.commands`): it
parses arguments, calls pure code, and prints either the human form or, with ``--json``, one
JSON document on stdout. Errors are caught here, at the boundary, and shown as one line on
stderr with exit status 2. Heavy imports (the review app, the model) happen inside the command
that needs them.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from grader.errors import RagtriageError
from grader.rules.clauses import DEFAULT_STRATEGY
from grader.rules.conclusion import DEFAULT_CONCLUSION
from tui.commands.agreement import cmd_agreement
from tui.commands.compare import cmd_compare
from tui.commands.corpus import (
    cmd_corpus_check,
    cmd_corpus_import_financebench,
    cmd_corpus_import_openrag,
    cmd_corpus_index,
    cmd_corpus_list,
    cmd_corpus_new,
)
from tui.commands.flips import cmd_rebaseline, cmd_strategies
from tui.commands.grade import cmd_grade
from tui.commands.imports import (
    cmd_export_marks,
    cmd_import_answers,
    cmd_import_file,
    cmd_import_financebench,
    cmd_import_labels,
)
from tui.commands.judge import cmd_judge, cmd_queue
from tui.commands.needles import cmd_needle, cmd_scan
from tui.commands.review import cmd_review
from tui.commands.rules import cmd_rules
from tui.commands.run import cmd_run
from tui.output import EXIT_OK, warn

Subparsers = Any  # argparse's private _SubParsersAction
RUN_HELP = "a run file (runs/<run_id>.jsonl) or a run id in --runs"


class Parser(argparse.ArgumentParser):
    """argparse, with "did you mean" for a mistyped command, action or choice."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is None or value in choices:
            return
        names = [str(choice) for choice in choices]
        close = difflib.get_close_matches(str(value), names, n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise argparse.ArgumentError(
            action, f"invalid choice: {value!r}{hint} (choose from {', '.join(names)})"
        )


def positive_int(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def _add_corpora(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--corpora", metavar="DIR", help="corpora folder (default ./corpora)")


def _add_needles(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--needles",
        metavar="DIR",
        help="the workspace's needle lists (default $RAGTRIAGE_NEEDLES, else ./needles; "
        "the shipped decline list until the first change)",
    )


def _workspace_options(parser: argparse.ArgumentParser, runs: bool = True) -> None:
    if runs:
        parser.add_argument("--runs", default="runs", metavar="DIR", help="run files (runs/)")
    _add_corpora(parser)
    _add_needles(parser)
    _add_json(parser)


def _add_review(sub: Subparsers) -> None:
    review = sub.add_parser("review", help="open the review app on a run (default: newest)")
    review.add_argument("run", metavar="RUN", nargs="?")
    review.add_argument(
        "--against",
        metavar="RUN_B",
        help="A/B: show RUN (A) and RUN_B side by side, question by question",
    )
    review.add_argument(
        "--blind",
        action="store_true",
        help="hide every verdict (rules, judge, imported graders, other reviewers) until you "
        "give yours with one key; the marks say blind",
    )
    review.add_argument(
        "--audit",
        type=positive_int,
        metavar="N",
        help="open in the audit order: a seeded uniform random sample of N answers (with "
        "--blind: the measurement to quote)",
    )
    review.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the audit order's seed (default 0)"
    )
    review.add_argument("--runs", default="runs", metavar="DIR", help="run files (runs/)")
    _add_corpora(review)
    _add_needles(review)
    review.set_defaults(handler=cmd_review)


def _add_grade(sub: Subparsers) -> None:
    grade = sub.add_parser("grade", help="grade a run file and print the scorecard")
    grade.add_argument("run", metavar="RUN", help=RUN_HELP)
    grade.add_argument(
        "--gate",
        action="store_true",
        help="exit 1 when ZERO-WRONG-MONEY fails, or the run did not finish (for CI)",
    )
    grade.add_argument(
        "--allow-incomplete",
        action="store_true",
        help="with --gate: gate the answers of a run that did not finish (fewer answers than "
        "its header planned) instead of failing it",
    )
    grade.add_argument(
        "--fail-on-suspicious",
        action="store_true",
        help="gate (exit 1) on a suspicious pass too: a correct answer the grader says to read "
        "before trusting (other amounts beside the key, the key only attributed, ...)",
    )
    grade.add_argument("--runs", default="runs", metavar="DIR", help="where run ids are found")
    grade.add_argument("--strategy", help=f"clause-split strategy (default: {DEFAULT_STRATEGY})")
    grade.add_argument("--money", help=f"money-conclusion strategy (default: {DEFAULT_CONCLUSION})")
    grade.add_argument(
        "--no-record",
        action="store_true",
        help="do not write the grades of record beside a run that has none",
    )
    _workspace_options(grade, runs=False)
    grade.set_defaults(handler=cmd_grade)


def _add_compare(sub: Subparsers) -> None:
    compare = sub.add_parser(
        "compare",
        help="A/B: two runs question by question, with a paired test (McNemar); or two "
        "graders of one run (--grader twice)",
        description="Compare two runs (RUN_A RUN_B), or two graders of one run: `ragtriage "
        "compare RUN --grader rules --grader inspect:model_graded_fact` lists the answers "
        "where they differ, the counts of each pair of verdicts, and their agreement.",
    )
    compare.add_argument("run_a", metavar="RUN_A", help="the baseline run (a file or a run id)")
    compare.add_argument(
        "run_b",
        metavar="RUN_B",
        nargs="?",
        help="the run with the change (left out with --grader)",
    )
    compare.add_argument(
        "--grader",
        action="append",
        metavar="NAME",
        help="twice: compare these two graders of RUN_A: rules, judge, 'rules then judge', or "
        "a grader imported with the answers (promptfoo:contains, inspect:match, ...)",
    )
    compare.add_argument(
        "--fail-if-worse",
        action="store_true",
        help="exit 1 when B loses correct answers or gains money violations at the 0.05 level, "
        "or when a run did not finish or the two are not comparable",
    )
    compare.add_argument(
        "--allow-incomplete",
        action="store_true",
        help="with --fail-if-worse: do not fail because a run did not finish",
    )
    compare.add_argument(
        "--allow-not-comparable",
        action="store_true",
        help="with --fail-if-worse: do not fail because the runs are not comparable",
    )
    _workspace_options(compare)
    compare.set_defaults(handler=cmd_compare)


def _add_corpus(sub: Subparsers) -> None:
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
        _add_json(command)
        _add_corpora(command)
        command.set_defaults(handler=handler)


def _add_backend(parser: argparse.ArgumentParser, resumed: bool = False) -> None:
    """The model options ``run`` and ``judge`` share: which model, on which backend, how many
    requests in flight."""
    parser.add_argument(
        "--model",
        metavar="PATH.gguf",
        help="a GGUF model (default: the bundled Gemma 3 270M); with "
        "--backend openai, the model name to ask the server for",
    )
    parser.add_argument(
        "--backend",
        choices=["llama", "local", "openai"],
        help="llama (or local): a local GGUF (default); openai: an OpenAI-compatible server"
        + (
            " (a resumed run keeps its own, with the server, API and model name its header records)"
            if resumed
            else ""
        ),
    )
    parser.add_argument("--base-url", metavar="URL", help="the server for --backend openai")
    parser.add_argument(
        "--api",
        choices=["completions", "chat"],
        help="with --backend openai: /v1/completions with the completion prompt (default), or "
        "/v1/chat/completions with the instructions and worked examples as messages",
    )
    parser.add_argument(
        "--api-key-env",
        metavar="NAME",
        help="with --backend openai: the environment variable holding the API key (default "
        "OPENAI_API_KEY, sent when set; the key is never written or printed)",
    )
    parser.add_argument(
        "--parallel",
        type=positive_int,
        default=1,
        metavar="N",
        help="with --backend openai: keep N requests in flight (default 1)",
    )
    parser.add_argument("--threads", type=positive_int, help="CPU threads (default: every core)")


def _add_run(sub: Subparsers) -> None:
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
    _add_backend(run, resumed=True)
    run.add_argument(
        "--extractor",
        choices=["pdfium", "pypdf"],
        help="how PDFs are read (default: the configuration's, else pdfium)",
    )
    run.add_argument("--resume", metavar="RUN", help="finish an interrupted run file")
    run.add_argument("--runs", default="runs", metavar="DIR", help="where run files go (runs/)")
    _add_corpora(run)
    _add_needles(run)
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_json(run)
    run.set_defaults(handler=cmd_run)


def _add_judge(sub: Subparsers) -> None:
    judge = sub.add_parser(
        "judge",
        help="a model's verdict beside the rules' (never replacing it), in "
        "runs/<run>.judgements.jsonl",
    )
    judge.add_argument("run", metavar="RUN", nargs="?", help=RUN_HELP)
    judge.add_argument(
        "--only",
        choices=["unjudged", "wrong", "all"],
        default="unjudged",
        help="which answers: those the rules leave unjudged (default), those they grade wrong, "
        "or all",
    )
    judge.add_argument("--limit", type=positive_int, metavar="N", help="ask about the first N only")
    judge.add_argument(
        "--show-prompt", action="store_true", help="print the judge's prompt and its hash"
    )
    _add_backend(judge)
    judge.add_argument("--quiet", action="store_true", help="no progress bar")
    _workspace_options(judge)
    judge.set_defaults(handler=cmd_judge)

    queue = sub.add_parser(
        "queue",
        help="the answers to read first: ranked by named signals that the grade may "
        "be wrong or needs a reader",
    )
    queue.add_argument("run", metavar="RUN", help=RUN_HELP)
    queue.add_argument("--limit", type=positive_int, metavar="N", help="the first N only")
    queue.add_argument(
        "--audit",
        type=positive_int,
        metavar="N",
        help="instead of the queue, a seeded uniform random sample of N answers (the app's "
        "audit order: marks made in it can be quoted)",
    )
    queue.add_argument(
        "--seed", type=int, default=0, metavar="S", help="with --audit: the sample's seed (0)"
    )
    _workspace_options(queue)
    queue.set_defaults(handler=cmd_queue)


def _add_scan(sub: Subparsers) -> None:
    scan = sub.add_parser(
        "scan", help="collision scan and flip preview of a needle change (changes nothing)"
    )
    change = scan.add_mutually_exclusive_group()
    change.add_argument("--add-decline", metavar="PHRASE")
    change.add_argument("--remove-decline", metavar="PHRASE")
    scan.add_argument(
        "--requires", metavar="CONDITION", help="with --add-decline: a condition (e.g. sources)"
    )
    change.add_argument(
        "--add-needle",
        nargs=3,
        metavar=("QID", "KIND", "PHRASE"),
        help="KIND: must_contain, must_contain_any or must_not_contain",
    )
    change.add_argument("--remove-needle", nargs=3, metavar=("QID", "KIND", "PHRASE"))
    change.add_argument(
        "--declines", action="store_true", help="audit every phrase already on the decline list"
    )
    scan.add_argument(
        "--fail-on-collision",
        action="store_true",
        help="exit 1 when the change collides with the lists (for CI)",
    )
    _workspace_options(scan)
    scan.set_defaults(handler=cmd_scan)


def _add_needle(sub: Subparsers) -> None:
    needle = sub.add_parser("needle", help="change the needle lists (after a scan)")
    actions = needle.add_subparsers(dest="needle_command", metavar="ACTION", required=True)
    for action, helptext in [
        ("add-decline", "add a decline phrase"),
        ("remove-decline", "remove a decline phrase"),
    ]:
        command = actions.add_parser(action, help=helptext)
        command.add_argument("phrase", metavar="PHRASE")
        if action == "add-decline":
            command.add_argument(
                "--observed", metavar="RUN:QID", help="the real answer that showed the phrase"
            )
            command.add_argument(
                "--requires",
                metavar="CONDITION",
                help="a condition of the list the phrase needs (e.g. sources)",
            )
            command.add_argument(
                "--no-example",
                action="store_true",
                help="name the observed answer as provenance but do not copy its text into the "
                "list (third-party data)",
            )
    for action in ("add", "remove"):
        command = actions.add_parser(action, help=f"{action} a question needle")
        command.add_argument("qid", metavar="QID")
        command.add_argument(
            "kind", metavar="KIND", choices=["must_contain", "must_contain_any", "must_not_contain"]
        )
        command.add_argument("phrase", metavar="PHRASE")
    exclude = actions.add_parser("exclude", help="record a deliberate exclusion")
    exclude.add_argument("phrase", metavar="PHRASE")
    exclude.add_argument(
        "--counterexample",
        nargs="+",
        metavar="TEXT",
        help="substantive answers the phrase would misread as declines",
    )
    for command in actions.choices.values():
        command.add_argument("--why", metavar="TEXT", help="the rationale, recorded")
        if command is not exclude:
            command.add_argument(
                "--override-reason",
                metavar="TEXT",
                help="accept a scan that found collisions or flips",
            )
        command.set_defaults(observed=None, requires=None)
        _workspace_options(command)
        command.set_defaults(handler=cmd_needle)


def _add_audit(sub: Subparsers) -> None:
    rebase = sub.add_parser(
        "rebaseline",
        help="regrade runs with today's grader and list what flipped against the grades of record",
    )
    rebase.add_argument("run", metavar="RUN", nargs="?")
    rebase.add_argument("--all", action="store_true", help="every run under --runs")
    rebase.add_argument(
        "--write",
        action="store_true",
        help="store today's grades of record (old ones go to the history)",
    )
    _workspace_options(rebase)
    rebase.set_defaults(handler=cmd_rebaseline)

    strategies = sub.add_parser(
        "strategies",
        help="compare clause-split and money strategies over every answer on disk",
    )
    strategies.add_argument("--verbose", action="store_true", help="list every flip")
    _workspace_options(strategies)
    strategies.set_defaults(handler=cmd_strategies)

    agreement = sub.add_parser(
        "agreement", help="today's grader against the reviewers' marks (reviewed answers only)"
    )
    agreement.add_argument("runs_given", metavar="RUN", nargs="*", help="default: every run")
    agreement.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="the bootstrap's seed for the 95%% intervals (default 0: the same figures each time)",
    )
    _workspace_options(agreement)
    agreement.set_defaults(handler=cmd_agreement)


IMPORT_ACTIONS = ("financebench", "labels", "answers", "file")


def _add_import(sub: Subparsers) -> None:
    from engine.importers import FORMATS

    imports = sub.add_parser(
        "import",
        help="bring in answers made elsewhere: `import FILE` (promptfoo, Inspect, lm_eval, "
        "Ragas, DeepEval, LangSmith, Langfuse, CSV/JSONL; the format recognised by content), "
        "or import financebench | labels | answers",
    )
    actions = imports.add_subparsers(dest="import_command", metavar="FILE|WHAT", required=True)
    one = actions.add_parser(
        "file",
        help="another tool's results as runs, their graders' verdicts kept (`import FILE` "
        "says the same)",
        description="Another tool's results as runs, each answer's graders' verdicts kept "
        "beside the rules' (never replacing them). Formats: "
        + "; ".join(f"{fmt.name}: {fmt.describe}" for fmt in FORMATS.values())
        + ". The format is recognised by the file's content and said; --format overrides.",
    )
    one.add_argument("file", metavar="FILE")
    one.add_argument(
        "--format",
        metavar="NAME",
        help=f"the file's format, one of {', '.join(FORMATS)} (default: recognised by content)",
    )
    one.add_argument(
        "--runs",
        default="runs",
        metavar="DIR",
        help="the folder the run files are written to (default runs/)",
    )
    one.add_argument("--name", metavar="NAME", help="the run id (default: the file's name)")
    financebench = actions.add_parser(
        "financebench", help="FinanceBench results files as runs, their labels as marks"
    )
    financebench.add_argument("results", metavar="RESULTS.jsonl", nargs="+")
    financebench.add_argument("--corpus", required=True, metavar="DIR", help="the imported corpus")
    financebench.add_argument(
        "--runs", default="runs", metavar="DIR", help="the folder the runs are written to (runs/)"
    )
    labels = actions.add_parser("labels", help="labels (CSV or JSONL) as marks on a run")
    labels.add_argument("file", metavar="FILE")
    labels.add_argument("--run", required=True, metavar="RUN", help=RUN_HELP)
    labels.add_argument("--runs", default="runs", metavar="DIR", help="where run ids are found")
    labels.add_argument("--by", metavar="WHO", help="who made the labels (default: the file)")
    labels.add_argument(
        "--picked",
        default="hand",
        metavar="all|random|hand",
        help="how the labelled answers were chosen: every answer, a uniform random sample, or "
        "by hand (default: hand; only all and random marks correct the run's score)",
    )
    answers = actions.add_parser(
        "answers",
        help="answers made elsewhere (CSV or JSONL, Ragas field names) as a run",
        description="Answers made elsewhere as one run file: the question (user_input, "
        "question or query), the answer (response or answer), the contexts (retrieved_contexts, "
        "contexts or context) and the reference (reference, ground_truth, ground_truths, key or "
        "gold; a list is a list of accepted answers). An answer keeps its row's id (qid, id, "
        "question_id, sample_id, example_id or uid), else one made from its question's text. A "
        "reference that reads as a decline makes a negative question.",
    )
    answers.add_argument("file", metavar="FILE")
    answers.add_argument(
        "--runs",
        default="runs",
        metavar="DIR",
        help="the folder the run file is written to, as <DIR>/<name>.jsonl (default runs/)",
    )
    answers.add_argument("--name", metavar="NAME", help="the run id (default: the file's name)")
    for command, handler in [
        (financebench, cmd_import_financebench),
        (labels, cmd_import_labels),
        (answers, cmd_import_answers),
        (one, cmd_import_file),
    ]:
        _add_json(command)
        command.set_defaults(handler=handler)


def _add_export(sub: Subparsers) -> None:
    export = sub.add_parser("export", help="write the marks out, in the form import reads")
    actions = export.add_subparsers(dest="export_command", metavar="WHAT", required=True)
    marks = actions.add_parser(
        "marks",
        help="a run's marks as a labels file (CSV or JSONL), or as Langfuse scores, Inspect "
        "score edits or promptfoo ratings; `import labels` reads each back",
    )
    marks.add_argument("run", metavar="RUN", help=RUN_HELP)
    marks.add_argument(
        "--format",
        default="csv",
        metavar="FORMAT",
        help="csv, jsonl (the form `import labels` reads); langfuse-json, langfuse-csv "
        "(Langfuse score objects: a person's CATEGORICAL score `verdict` per mark); "
        "inspect-edits (Inspect ScoreEdits for inspect_ai.log.edit_score); promptfoo-ratings "
        "(the gradingResult of promptfoo's human rating); default csv",
    )
    marks.add_argument(
        "--scorer",
        metavar="NAME",
        help="inspect-edits: the score each edit changes (default: the run's first Inspect scorer)",
    )
    marks.add_argument("--out", metavar="FILE", help="write to FILE (default: standard output)")
    marks.add_argument("--runs", default="runs", metavar="DIR", help="where run ids are found")
    marks.set_defaults(handler=cmd_export_marks)


def _add_rules(sub: Subparsers) -> None:
    rules = sub.add_parser(
        "rules", help="the grader's rules by code; one rule's definition, function and examples"
    )
    rules.add_argument(
        "code",
        metavar="CODE",
        nargs="?",
        help='a rule\'s code (M001), or a label as shown ("M001 wrong money: ...")',
    )
    _add_json(rules)
    rules.set_defaults(handler=cmd_rules)


def build_parser() -> argparse.ArgumentParser:
    from engine import __version__

    parser = Parser(
        prog="ragtriage",
        description="Grade RAG answers with rules that explain themselves, and review them.",
    )
    parser.add_argument("--version", action="version", version=f"ragtriage {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (
        _add_review,
        _add_grade,
        _add_rules,
        _add_compare,
        _add_run,
        _add_judge,
        _add_corpus,
        _add_scan,
        _add_needle,
        _add_audit,
        _add_import,
        _add_export,
    ):
        add(sub)
    return parser


def _is_import_file(word: str) -> bool:
    """Whether `import WORD` names a file (`ragtriage import FILE`) rather than an action: not
    an option, not an action, and not a near miss of one that names no file (``label``)."""
    from pathlib import Path

    if word[:1] == "-" or word in IMPORT_ACTIONS:
        return False
    return Path(word).exists() or not difflib.get_close_matches(word, IMPORT_ACTIONS, n=1)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ragtriage`` console script."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["import"] and argv[1:2] and _is_import_file(argv[1]):
        argv.insert(1, "file")  # `ragtriage import FILE`
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:  # argparse's own message is already on stderr
        return int(exit.code or 0)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        # Bare `ragtriage` opens the review app on the newest run.
        args = parser.parse_args(["review"])
        handler = cmd_review
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
