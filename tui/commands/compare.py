"""`ragtriage compare RUN_A RUN_B`: an A/B question by question, with a paired test."""

from __future__ import annotations

import argparse
from typing import Any

from grader.audit.compare import format_p
from grader.errors import RagtriageError
from tui.output import EXIT_GATE, EXIT_OK, emit_json, one_line, printable, say, warn


def cmd_compare(args: argparse.Namespace) -> int:
    from engine.workspace import workspace_for

    workspace = workspace_for(args)
    if args.grader is not None:
        return _compare_graders(args, workspace)
    if args.run_b is None:
        raise RagtriageError(
            "compare needs RUN_B (A/B of two runs), or --grader twice (two graders of one run)"
        )
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
    from grader.audit.corrected import CENSUS  # (here: the estimator stays out of start-up)

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
        if accuracy["method"] == CENSUS:
            lines.append(
                f"  {side.upper()}  {accuracy['corrected']['value']:.1%}, every answer marked: the "
                f"people's own share (the rules' {accuracy['rules']:.1%})"
            )
            continue
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


# --- two graders of one run ------------------------------------------------------------------


def _compare_graders(args: argparse.Namespace, workspace: Any) -> int:
    """`ragtriage compare RUN --grader A --grader B`: two graders of one run."""
    if len(args.grader) != 2:
        raise RagtriageError(
            f"--grader names two graders to compare, not {len(args.grader)} (each with its own "
            "--grader)"
        )
    if args.run_b is not None or args.fail_if_worse:
        raise RagtriageError(
            "--grader compares two graders of one run: leave out RUN_B and --fail-if-worse"
        )
    path = workspace.run_path(args.run_a)
    comparison = workspace.compare_graders(path, *args.grader)
    for problem in workspace.problems:
        warn(problem)
    if args.json:
        emit_json({"run": str(path), **comparison.to_dict()})
    else:
        for line in format_graders(comparison, path):
            say(line)
    return EXIT_OK


def format_graders(c: Any, path: Any) -> list[str]:
    """The human form: the two graders, how many answers each judged, the verdicts' pairs,
    their agreement, and every answer where they differ, each with both reasons."""
    a, b = printable(c.a), printable(c.b)
    lines = [
        f"{printable(str(path))}: {c.answers} answer(s); graders held: "
        + ", ".join(printable(name) for name in c.held),
        f"A  {a}",
        f"B  {b}",
        f"both gave a verdict on {c.both} of {c.answers} (A only {c.only_a}, B only "
        f"{c.only_b}, neither {c.neither})",
    ]
    if not c.both:
        lines.append("nothing to compare: no answer has a verdict from both")
        return lines
    kappa = "n/a" if c.kappa is None else f"{c.kappa:.3f}"
    lines.append(
        f"agree on {c.agreed} of {c.both} ({c.agreement:.1%}), Cohen's kappa {kappa}; "
        f"differ on {len(c.differences)}"
    )
    verdicts = ("correct", "partial", "wrong")
    lines.append("A \\ B      " + "".join(f"{v:>9}" for v in verdicts))
    for row in verdicts:
        lines.append(f"  {row:<10}" + "".join(f"{c.matrix.get((row, v), 0):>9}" for v in verdicts))
    if c.differences:
        lines.append("answers where they differ:")
        width = max(len(printable(d.qid)) for d in c.differences)
        for d in c.differences:
            lines.append(
                f"  {printable(d.qid):<{width}}  A {d.a.verdict:<7}  B {d.b.verdict:<7}"
                f"  {_why(d.a)}  |  {_why(d.b)}"
            )
    lines.append(
        "two graders agreeing is not either being right: `ragtriage agreement` measures each "
        "against people's marks"
    )
    return lines


def _why(said: Any) -> str:
    """A grader's reason on one line, its score and threshold first where it gave them."""
    figures = []
    if said.score is not None:
        figures.append(f"score {said.score:.3g}")
    if said.threshold is not None:
        figures.append(f"threshold {said.threshold:.3g}")
    reason = one_line(printable(said.reason))
    if len(reason) > 70:
        reason = reason[:69] + "\u2026"
    return "; ".join([*figures, reason] if reason else figures) or "-"
