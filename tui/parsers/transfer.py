"""The commands that bring answers and marks in from other tools and write marks out."""

from __future__ import annotations

from tui.commands.imports import (
    cmd_export_marks,
    cmd_import_answers,
    cmd_import_file,
    cmd_import_financebench,
    cmd_import_labels,
)
from tui.parsers.options import RUN_HELP, Subparsers, add_json

IMPORT_ACTIONS = ("financebench", "labels", "answers", "file")


def add_import(sub: Subparsers) -> None:
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
        add_json(command)
        command.set_defaults(handler=handler)


def add_export(sub: Subparsers) -> None:
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
