"""The commands that grade and measure: grade a run, the rules, compare two runs or two graders,
regrade against the grades of record, compare strategies, agreement with the people."""

from __future__ import annotations

from grader.rules.clauses import DEFAULT_STRATEGY
from grader.rules.conclusion import DEFAULT_CONCLUSION
from tui.commands.agreement import cmd_agreement
from tui.commands.compare import cmd_compare
from tui.commands.flips import cmd_rebaseline, cmd_strategies
from tui.commands.grade import cmd_grade
from tui.commands.rules import cmd_rules
from tui.parsers.options import RUN_HELP, Subparsers, add_json, workspace_options


def add_grade(sub: Subparsers) -> None:
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
    workspace_options(grade, runs=False)
    grade.set_defaults(handler=cmd_grade)


def add_compare(sub: Subparsers) -> None:
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
    workspace_options(compare)
    compare.set_defaults(handler=cmd_compare)


def add_audit(sub: Subparsers) -> None:
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
    workspace_options(rebase)
    rebase.set_defaults(handler=cmd_rebaseline)

    strategies = sub.add_parser(
        "strategies",
        help="compare clause-split and money strategies over every answer on disk",
    )
    strategies.add_argument("--verbose", action="store_true", help="list every flip")
    workspace_options(strategies)
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
    workspace_options(agreement)
    agreement.set_defaults(handler=cmd_agreement)


def add_rules(sub: Subparsers) -> None:
    rules = sub.add_parser(
        "rules", help="the grader's rules by code; one rule's definition, function and examples"
    )
    rules.add_argument(
        "code",
        metavar="CODE",
        nargs="?",
        help='a rule\'s code (M001), or a label as shown ("M001 wrong money: ...")',
    )
    add_json(rules)
    rules.set_defaults(handler=cmd_rules)
