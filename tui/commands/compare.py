"""`ragtriage compare RUN_A RUN_B`: an A/B question by question, with a paired test."""

from __future__ import annotations

import argparse
from typing import Any

from grader.audit.compare import format_p
from tui.output import EXIT_GATE, EXIT_OK, emit_json, printable, say, warn


def cmd_compare(args: argparse.Namespace) -> int:
    from engine.workspace import workspace_for

    workspace = workspace_for(args)
    comparison = workspace.compare(workspace.run_path(args.run_a), workspace.run_path(args.run_b))
    if args.json:
        emit_json(comparison.to_dict())
    else:
        for line in format_comparison(comparison):
            say(line)
    if not args.fail_if_worse:
        return EXIT_OK
    failures = comparison.gate(args.allow_incomplete, args.allow_not_comparable)
    for reason in failures:
        warn(f"fail-if-worse: {reason}")
    return EXIT_GATE if failures else EXIT_OK


def _value(value: Any) -> str:
    return "-" if value is None else printable(str(value))


def format_comparison(comparison: Any) -> list[str]:
    """The human form: comparability, knobs, every difference, the paired tests, one sentence."""
    c = comparison
    lines = [
        f"A  {printable(c.a_run)}{_unfinished(c.completion_a)}",
        f"B  {printable(c.b_run)}{_unfinished(c.completion_b)}",
    ]
    if not c.comparable:
        lines.append("NOT COMPARABLE")
    lines += [f"note: {printable(reason)}" for reason in c.reasons]
    if c.knobs:
        lines.append("knobs that differ:")
        width = max(len(k["knob"]) for k in c.knobs)
        lines += [f"  {k['knob']:<{width}}  {_value(k['a'])} -> {_value(k['b'])}" for k in c.knobs]
    else:
        lines.append("knobs that differ: none")
    if c.only_in_a or c.only_in_b:
        lines.append(f"in A only: {', '.join(c.only_in_a) or '-'}")
        lines.append(f"in B only: {', '.join(c.only_in_b) or '-'}")
    lines.append(f"questions whose grade differs: {len(c.differences)} of {c.common}")
    if c.differences:
        width = max(len(d.qid) for d in c.differences)
        for d in c.differences:
            lines.append(
                f"  {printable(d.qid):<{width}}  {d.change:<7}  {_side(d.a)}  ->  {_side(d.b)}"
            )
    lines.append(
        f"correct            A {c.correct_a}, B {c.correct_b} of {c.common}; discordant: "
        f"A only {c.correct.a_only}, B only {c.correct.b_only}, p = {format_p(c.correct.p_value)}"
    )
    lines.append(
        f"money violations   A only {c.money.a_only}, B only {c.money.b_only}, "
        f"p = {format_p(c.money.p_value)}"
        + _listed(" added", c.violations_added)
        + _listed(" removed", c.violations_removed)
    )
    lines.append(f"declines           gained {len(c.declines_gained)}, lost {len(c.declines_lost)}")
    latency = c.latency
    if latency.get("timed"):
        lines.append(
            f"median latency     A {latency['median_ms_a']:.0f} ms, B {latency['median_ms_b']:.0f}"
            f" ms ({latency['median_difference_ms']:+.0f} ms); B faster on "
            f"{latency['b_faster_share']:.0%} of {latency['timed']}"
        )
    lines += _people(c.people)
    lines.append(c.sentence())
    return lines


def _people(people: dict[str, Any]) -> list[str]:
    """Each run's accuracy as the people estimate it from marks picked at random (DESIGN 4
    rule 8), beside the rules' share over every answer; nothing when neither run has any."""
    if not any(people.values()):
        return []
    lines = [
        "people's estimate of accuracy (marks picked at random; unjudged count as not "
        "correct for the rules):"
    ]
    for side in ("a", "b"):
        estimate = people.get(side)
        if estimate is None:
            lines.append(f"  {side.upper()}  no marks picked at random")
            continue
        accuracy = estimate["accuracy"]
        lines.append(
            f"  {side.upper()}  {_ranged(accuracy['corrected'])}, n={accuracy['corrected']['n']} "
            f"(the rules' {accuracy['rules']:.1%}; marks alone {_ranged(accuracy['marks_alone'])})"
        )
    return lines


def _ranged(figure: dict[str, Any]) -> str:
    if figure["value"] is None:
        return "n/a"
    return f"{figure['value']:.1%} [{figure['low']:.1%}, {figure['high']:.1%}]"


def _unfinished(completion: Any) -> str:
    return f"  ({completion.describe()})" if completion and not completion.complete else ""


def _side(side: Any) -> str:
    marks = ("declined " if side.declined else "") + ("VIOLATION " if side.violation else "")
    labels = ", ".join(side.labels)
    return printable(f"{side.verdict} {marks}({labels})" if labels else f"{side.verdict} {marks}")


def _listed(name: str, qids: list[str]) -> str:
    return f";{name}: {', '.join(qids)}" if qids else ""
