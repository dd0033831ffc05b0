"""`ragtriage judge` (a model's verdict beside the rules') and `ragtriage queue` (what to read
first). Thin layers over `engine.judge`, `grader.audit.queue` and the judgements sidecar."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from grader.errors import RagtriageError
from tui.output import EXIT_OK, clip, emit_json, one_line, printable, say, warn


def _graded(args: argparse.Namespace, lean: bool = True) -> tuple[Any, Any, list[Any]]:
    """The run named on the command line, today's grader for it, and its grades."""
    from engine.workspace import resolve_run, workspace_for
    from grader.records.runfile import read_run

    # A run id is found in --runs, with "did you mean" for a near miss, as in every command.
    path = resolve_run(args.run, getattr(args, "runs", None))
    workspace = workspace_for(args)
    workspace.runs_dir = path.parent
    run = read_run(path, lean=lean)
    for problem in run.problems:
        warn(f"{run.path}: {problem} (skipped)")
    grader = workspace.grader(run)
    return run, grader, grader.grade_all(run.answers)


def cmd_judge(args: argparse.Namespace) -> int:
    from engine.judge import PROMPT_SHA256, PROMPT_VERSION, judge_answers, plan, provenance
    from engine.judge import show_prompt as prompt_text
    from grader.records.judgements import judgements_path, read_judgement_records
    from tui.commands.run import ProgressLine, generator_for

    if args.show_prompt:
        say(prompt_text())
        return EXIT_OK
    if not args.run:
        raise RagtriageError("ragtriage judge needs RUN (or --show-prompt)")
    # Read lean: it keeps each source's text, which the judge is shown for the sources cited.
    run, grader, grades = _graded(args, lean=True)
    records, problems = read_judgement_records(run.path)
    for problem in problems:
        warn(problem)
    chosen = plan(run.answers, grades, args.only, [], {})
    if not chosen.todo:
        return _nothing_to_judge(args, run, chosen.chosen)
    generator = generator_for(args)
    model = provenance(generator)
    todo = plan(run.answers, grades, args.only, records, model, args.limit)
    if todo.already:
        warn(f"{todo.already} answer(s) already judged by this model and prompt: not asked again")
    if todo.engine_errors:
        warn(f"{todo.engine_errors} answer(s) with an engine error: nothing to judge, left out")
    show = (
        None if args.quiet else ProgressLine(describe=lambda j: f"{j.verdict or j.status} {j.qid}")
    )
    result = judge_answers(
        run.path, todo.todo, generator, grader, parallel=args.parallel, on_progress=show
    )
    if show:
        show.close()
    counts = Counter(j.verdict or j.status for j in result.judgements)
    rules = {grade.qid: grade.verdict for grade in grades}
    differ = sum(1 for j in result.judgements if j.parsed and j.verdict != rules.get(j.qid))
    where = judgements_path(run.path)
    if args.json:
        emit_json(
            {
                "run": run.run_id,
                "judgements": str(where),
                "only": args.only,
                "prompt": {"version": PROMPT_VERSION, "sha256": PROMPT_SHA256},
                "model": model,
                "chosen": todo.chosen,
                "already": todo.already,
                "engine_errors": todo.engine_errors,
                "asked": len(result.judgements),
                "counts": {
                    k: counts.get(k, 0)
                    for k in ("correct", "partial", "wrong", "unparsed", "error")
                },
                "rules_disagree": differ,
                "interrupted": result.interrupted,
            }
        )
    else:
        said = ", ".join(
            f"{k} {counts[k]}"
            for k in ("correct", "partial", "wrong", "unparsed", "error")
            if counts[k]
        )
        say(
            f"judged {len(result.judgements)} of {len(todo.todo)} answer(s) with "
            f"{model['name']} and prompt {PROMPT_VERSION}: {said or 'nothing'}; the judge and "
            f"the rules differ on {differ}"
        )
        say(f"judgements: {where}")
    if result.interrupted:
        warn("stopped; the same command goes on where this one stopped")
        return 130
    return EXIT_OK


def _nothing_to_judge(args: argparse.Namespace, run: Any, chosen: int) -> int:
    if chosen:
        reason = "every answer asked for has an engine error"
    elif args.only == "unjudged":
        reason = (
            "the rules judge every answer of this run (no `unjudged` verdict); --only wrong or "
            "--only all asks the judge about others"
        )
    else:
        reason = f"no answer is {args.only}"
    if args.json:
        emit_json(
            {"run": run.run_id, "only": args.only, "chosen": chosen, "asked": 0, "note": reason}
        )
    else:
        say(f"nothing to judge: {reason}")
    return EXIT_OK


def cmd_queue(args: argparse.Namespace) -> int:
    from grader.audit.queue import SIGNALS, reading_queue
    from grader.records.judgements import read_judgements

    if getattr(args, "audit", None):
        return _audit(args)
    run, grader, grades = _graded(args, lean=True)
    judgements, problems = read_judgements(run.path)
    for problem in problems:
        warn(problem)
    items = [(a, g, judgements.get(a.qid)) for a, g in zip(run.answers, grades, strict=True)]
    rows = reading_queue(items, grader)
    shown = rows[: args.limit] if args.limit else rows
    if args.json:
        emit_json(
            {
                "run": run.run_id,
                "queue": [row.to_dict() for row in shown],
                "signals": [{"name": s.name, "weight": s.weight, "why": s.why} for s in SIGNALS],
            }
        )
        return EXIT_OK
    flagged = [row for row in shown if row.score]
    say(
        f"reading queue of {run.run_id}: {len(rows)} answers, {sum(1 for r in rows if r.score)} "
        f"with a signal; judged by a model: {len(judgements)}"
    )
    if not flagged:
        say("no answer has a signal: read them in file order")
        return EXIT_OK
    width = max(len(row.qid) for row in shown)
    for place, row in enumerate(flagged, start=1):
        signals = "; ".join(row.signals)
        say(f"{place:>4}. {row.score:>2}  {row.qid:<{width}}  {row.verdict:<8}  {signals}")
    rest = shown[len(flagged) :]
    if rest:
        say(f"      then {len(rest)} answer(s) without a signal, in file order:")
        listed = rest if args.limit else rest[:UNSIGNALLED_LISTED]
        for place, row in enumerate(listed, start=len(flagged) + 1):
            say(f"{place:>4}.  0  {row.qid:<{width}}  {row.verdict}")
        if len(listed) < len(rest):
            more = len(rest) - len(listed)
            say(f"      and {more} more (--limit N lists them, --json gives all)")
    return EXIT_OK


# Without --limit, the answers without a signal listed by name (the rest counted).
UNSIGNALLED_LISTED = 20


def _audit(args: argparse.Namespace) -> int:
    """``queue RUN --audit N [--seed S]``: the app's audit order, a seeded uniform random sample
    of the run's answers in the order drawn (the same seed, the same sample). No verdict is
    shown: the sample is picked by nothing the grader says, and read blind it is not anchored
    to it."""
    from engine.workspace import resolve_run
    from grader.audit.measure import audit_sample
    from grader.records.runfile import read_run

    run = read_run(resolve_run(args.run, getattr(args, "runs", None)), lean=True)
    for problem in run.problems:
        warn(f"{run.path}: {problem} (skipped)")
    answers = {answer.qid: answer for answer in run.answers}
    sample = audit_sample(list(answers), args.audit, args.seed)
    if args.json:
        emit_json(
            {
                "run": run.run_id,
                "audit": {"size": len(sample), "asked": args.audit, "seed": args.seed},
                "answers": len(answers),
                "sample": [
                    {"qid": qid, "line": answers[qid].line, "question": answers[qid].question}
                    for qid in sample
                ],
            }
        )
        return EXIT_OK
    whole = " (every answer: the run has no more)" if args.audit >= len(answers) else ""
    say(
        f"audit sample of {run.run_id}: {len(sample)} of {len(answers)} answers drawn at "
        f"random with seed {args.seed}{whole}, in the order to read them"
    )
    width = max((len(qid) for qid in sample), default=0)
    for place, qid in enumerate(sample, start=1):
        question = one_line(answers[qid].question)
        say(printable(f"{place:>4}. {qid:<{width}}  {clip(question, 70)}"))
    return EXIT_OK
