"""The commands that change the needle lists: the collision scan and flip preview of a change, and
the change itself."""

from __future__ import annotations

from tui.commands.needles import cmd_needle, cmd_scan
from tui.parsers.options import Subparsers, workspace_options


def add_scan(sub: Subparsers) -> None:
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
    workspace_options(scan)
    scan.set_defaults(handler=cmd_scan)


def add_needle(sub: Subparsers) -> None:
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
        workspace_options(command)
        command.set_defaults(handler=cmd_needle)
