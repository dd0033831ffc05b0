"""The commands that read the answers: the review app, the model judge, the reading queue."""

from __future__ import annotations

from tui.commands.judge import cmd_judge, cmd_queue
from tui.commands.review import cmd_review
from tui.parsers.options import (
    RUN_HELP,
    Subparsers,
    add_backend,
    add_corpora,
    add_needles,
    positive_int,
    workspace_options,
)


def add_review(sub: Subparsers) -> None:
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
    add_corpora(review)
    add_needles(review)
    review.set_defaults(handler=cmd_review)


def add_judge(sub: Subparsers) -> None:
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
    add_backend(judge)
    judge.add_argument("--quiet", action="store_true", help="no progress bar")
    workspace_options(judge)
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
    workspace_options(queue)
    queue.set_defaults(handler=cmd_queue)
