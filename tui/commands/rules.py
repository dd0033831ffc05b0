"""`ragtriage rules [CODE]`: the rule registry (`grader.rules.codes`) on the command line.

Without a code, every rule's code and name by family; with one (or a label as a screen or
``grade --json`` shows it: ``"M001 wrong money: ..."``, ``"wrong money: ..."``), the rule's
definition, the file and line of the function that decides it, and its examples, each graded
by today's default grader to show what it says of them.
"""

from __future__ import annotations

import argparse
import ast
import textwrap
from functools import cache
from pathlib import Path
from typing import Any

import grader
from grader.registry import lookup
from grader.rules.codes import FAMILIES, RULES, Example, Rule, code_of, coded, codes_of
from tui.output import EXIT_OK, emit_json, say

ROOT = Path(grader.__file__).resolve().parent.parent


def cmd_rules(args: argparse.Namespace) -> int:
    if args.code is None:
        if args.json:
            emit_json([{"code": rule.code, "name": rule.name} for rule in RULES.values()])
        else:
            for line in listing():
                say(line)
        return EXIT_OK
    rule = rule_named(args.code)
    if args.json:
        emit_json(rule_document(rule))
    else:
        for line in rule_page(rule):
            say(line)
    return EXIT_OK


def rule_named(given: str) -> Rule:
    """The rule a code names (in any case), or the rule that writes a label (with its code in
    front, as screens show it, or without).

    Raises:
        GraderConfigError: for a code no rule has, suggesting the closest one.
    """
    text = given.strip()
    first = text.split(" ", 1)[0].upper()
    if first in RULES:
        return RULES[first]
    code = code_of(text)
    if code:
        return RULES[code]
    return lookup(RULES, first, "rule code")


def where(rule: Rule) -> tuple[str, int]:
    """The file (from the checkout's root) and line of the function that decides a rule."""
    parts = rule.decider.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        path = ROOT.joinpath(*parts[:cut]).with_suffix(".py")
        if path.is_file():
            return path.relative_to(ROOT).as_posix(), _line_of(path, tuple(parts[cut:]))
    return rule.decider, 0


@cache
def _definitions(path: Path) -> dict[tuple[str, ...], int]:
    """Every function and class in a file, by its qualified name: its line."""
    found: dict[tuple[str, ...], int] = {}

    def visit(node: ast.AST, outer: tuple[str, ...]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = (*outer, child.name)
                found.setdefault(name, child.lineno)
                visit(child, name)

    visit(ast.parse(path.read_text(encoding="utf-8")), ())
    return found


def _line_of(path: Path, name: tuple[str, ...]) -> int:
    return _definitions(path).get(name, 0)


def listing() -> list[str]:
    """Every rule's code and name, by family."""
    lines = []
    for letter, family in FAMILIES.items():
        rules = [rule for rule in RULES.values() if rule.code[0] == letter]
        if not rules:
            continue
        lines.append(f"{letter}  {family}")
        lines += [f"  {rule.code}  {rule.name}" for rule in rules]
    lines.append(f"{len(RULES)} rules; `ragtriage rules CODE` prints one")
    return lines


def _graded(example: Example) -> str:
    """What today's default grader says of an example: its verdict and coded labels."""
    grade = _grader().grade(example.record())
    labels = "; ".join(coded(label) for label in grade.labels)
    said = f"{grade.verdict}: {labels}" if labels else grade.verdict
    if grade.suspicious:
        said += "; suspicious: " + "; ".join(coded(reason) for reason in grade.suspicious)
    return said


@cache
def _grader() -> Any:
    from grader.rules.verdict import Grader

    return Grader()


def rule_page(rule: Rule, width: int | None = 96) -> list[str]:
    """A rule's page: code and name, where it is decided, its definition and its examples; the
    definition wrapped at ``width``, or one line for a widget that wraps it to its own width."""
    file, line = where(rule)
    definition = " ".join(rule.definition.split())
    lines = [
        f"{rule.code}  {rule.name}",
        f"family    {FAMILIES[rule.code[0]]} (rule: {rule.family})",
        f"decided   {file}:{line}  {rule.decider.rsplit('.', 1)[-1]}",
        "",
        *(textwrap.wrap(definition, width, break_on_hyphens=False) if width else [definition]),
    ]
    for title, examples in (("fires on", rule.fires), ("not on", rule.spares)):
        if not examples:
            continue
        lines += ["", title]
        for example in examples:
            lines += [f"  {example.describe()}", f"    -> {_graded(example)}"]
    return lines


def rule_document(rule: Rule) -> dict[str, Any]:
    """A rule's page as JSON."""
    file, line = where(rule)

    def example(one: Example) -> dict[str, Any]:
        grade = _grader().grade(one.record())
        return {
            "example": one.describe(),
            "verdict": grade.verdict,
            "labels": list(grade.labels),
            "codes": list(codes_of(grade.labels)),
            "suspicious": list(grade.suspicious),
            "suspicious_codes": list(codes_of(grade.suspicious)),
        }

    return {
        "code": rule.code,
        "name": rule.name,
        "family": FAMILIES[rule.code[0]],
        "rule": rule.family,
        "decider": rule.decider,
        "file": file,
        "line": line,
        "definition": rule.definition,
        "fires": [example(one) for one in rule.fires],
        "spares": [example(one) for one in rule.spares],
    }
