"""`ragtriage grade`: grade a run file, print its scorecard, and gate on ZERO-WRONG-MONEY.

The first grading of a run that has no grades of record writes them beside it
(``runs/<run>.grades.jsonl``), unless ``--no-record``; `ragtriage rebaseline` compares later
gradings with them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from grader.rules.codes import codes_of
from tui.output import EXIT_GATE, EXIT_OK, emit_json, say, warn


def cmd_grade(args: argparse.Namespace) -> int:
    from engine.workspace import resolve_run, workspace_for

    path = resolve_run(args.run, args.runs)
    workspace = workspace_for(args)
    workspace.runs_dir = path.parent
    run, grader, graded, card = _graded(path, workspace, args)
    grades = [grade for grade, _reading in graded]
    card.with_plan(run.header, (grade.qid for grade in grades))
    for problem in run.problems:
        warn(f"{run.path}: {problem} (skipped)")
    _say_which_gold(run, workspace)
    _keep_a_record(run, grader, grades, record=not args.no_record)
    people = _people(run, grades)
    if args.json:
        document = _document(run, grader, graded, card)
        if people is not None:
            document["scorecard"]["people"] = people.to_dict()
        emit_json(document)
    else:
        _print_human(run, grades, card, people)
    if not (args.gate or args.fail_on_suspicious):
        return EXIT_OK
    failures = card.gate(args.allow_incomplete, args.fail_on_suspicious, len(run.problems))
    for reason in failures:
        warn(f"gate: {reason}")
    return EXIT_GATE if failures else EXIT_OK


def _graded(path: Path, workspace: Any, args: argparse.Namespace) -> tuple[Any, Any, list, Any]:
    """The run (answers read only when the JSON needs their clauses), its grader, each grade
    with its reading (None when the answers were graded shared out), and the scorecard."""
    from grader.audit.regrade import regrade
    from grader.records.runfile import Run, read_header, read_run
    from grader.records.scorecard import scorecard

    if args.json or (path.exists() and not path.is_file()):
        # The JSON answers carry their clauses, so the answers themselves are read; a pipe
        # (``<(zcat run.jsonl.gz)``) can be read only once.
        run = read_run(path, lean=True)
        grader = workspace.grader(run, strategy=args.strategy).variant(money=args.money)
        graded = [grader.graded(answer) for answer in run.answers]  # one reading serves both
        return run, grader, graded, scorecard(grade for grade, _reading in graded)
    grader = workspace.grader(read_header(path), strategy=args.strategy).variant(money=args.money)
    regraded = regrade(path, grader)
    run = Run(regraded.path, regraded.header, [], regraded.problems)
    return run, grader, [(grade, None) for grade in regraded.grades], regraded.scorecard


def _say_which_gold(run: Any, workspace: Any) -> None:
    """Today's needles come from the run's corpus; without it, the gold stored in the run."""
    corpus = (run.header or {}).get("corpus")
    if corpus and not workspace.golds(corpus if isinstance(corpus, str) else None):
        where = workspace.corpora_root or "./corpora"
        warn(
            f"corpus {corpus!r} is not in {where}: graded against the gold stored in the run "
            "(--corpora DIR names another folder)"
        )


def _keep_a_record(run: Any, grader: Any, grades: list, record: bool) -> None:
    """Write the grades of record of a run that has none; say so when today's grader is not
    the one of record."""
    from grader.records.atomic import locked
    from grader.records.grades import grades_path, read_grades, write_grades

    recorded = read_grades(run.path, grades=False)  # its fingerprint is all that is compared
    if recorded is None and grades and record:
        try:
            with locked(grades_path(run.path)):
                # Another command may have recorded them meanwhile: theirs stand.
                if read_grades(run.path, grades=False) is None:
                    written = write_grades(run.path, run.run_id, grades, grader)
                    warn(f"recorded the grades of record in {written} (--no-record: do not)")
        except OSError as exc:
            warn(f"could not record the grades of record: {exc.strerror}")
    elif recorded is not None and recorded.fingerprint != grader.fingerprint:
        warn(
            f"the grades of record were made by grader {recorded.fingerprint}, today's is "
            f"{grader.fingerprint}: `ragtriage rebaseline {run.path}` lists what flipped"
        )


def _document(run: Any, grader: Any, graded: list, card: Any) -> dict[str, Any]:
    """The JSON form (DESIGN 5); each answer's ``judge`` is a model's verdict beside the rules'
    (`ragtriage judge`), or null, and its ``graders`` the other graders' verdicts imported with
    it (DESIGN 2), each saying whether it agrees with the rules (null where either gave
    none)."""
    from grader.records.grades import recorded
    from grader.records.judgements import read_judgements

    judgements, problems = read_judgements(run.path)
    for problem in problems:
        warn(problem)
    return {
        "run": {
            "path": str(run.path),
            "run_id": run.run_id,
            "header": run.header,
            "grader": grader.fingerprint,
            "strategy": grader.strategy,
            "money_strategy": grader.money,
            "citations_graded": grader.citations,
        },
        "scorecard": card.to_dict(),
        "answers": [
            {
                **recorded(grade).to_record(),
                "kind": grade.kind,
                "codes": list(codes_of(grade.labels)),
                "decline_phrase": grade.decline_phrase,
                "suspicious": list(grade.suspicious),
                "suspicious_codes": list(codes_of(grade.suspicious)),
                "money": grade.money.to_dict(),
                "judge": judgements[grade.qid].to_dict() if grade.qid in judgements else None,
                "graders": _beside(grade, answer.graders),
                "clauses": [
                    {"asserted": sentence.clause.asserted, "attributed": sentence.clause.attributed}
                    for sentence in reading.sentences
                ],
            }
            for answer, (grade, reading) in zip(run.answers, graded, strict=True)
        ],
        "problems": [{"line": p.line, "reason": p.reason} for p in run.problems],
    }


def _beside(grade: Any, graders: Any) -> list[dict[str, Any]]:
    """Other graders' verdicts on an answer beside the rules' (never replacing them)."""
    from grader.rules.verdict import UNJUDGED

    judged = grade.verdict != UNJUDGED
    return [
        {
            **other.to_dict(),
            "agrees_with_rules": None
            if other.verdict is None or not judged
            else other.verdict == grade.verdict,
        }
        for other in graders
    ]


def _people(run: Any, grades: list) -> Any:
    """The people's estimate of the run's accuracy from its marks picked at random (DESIGN 4
    rule 8, `grader.audit.corrected`), or None when it holds none."""
    from grader.audit.corrected import people_estimate
    from grader.records.marks import read_reviews

    if run.path is None or not run.path.is_file():
        return None
    reviews, problems = read_reviews(run.path)
    for problem in problems:
        warn(problem)
    return people_estimate(grades, reviews)


def _print_human(run: Any, grades: list, card: Any, people: Any = None) -> None:
    from grader.records.scorecard import format_scorecard
    from grader.rules.verdict import CORRECT

    header = run.header or {}
    model = header.get("model", {}).get("name", "?") if isinstance(header, dict) else "?"
    skipped = f" · {len(run.problems)} line(s) skipped" if run.problems else ""
    say(
        f"run {run.run_id} · corpus {header.get('corpus', '?')} · model {model} · "
        f"{len(grades)} answers{skipped}"
    )
    if not grades:
        say("this run holds no answers yet")
    for line in format_scorecard(card):
        say(line)
    for line in people.lines() if people is not None else ():
        say(line)
    # Every answer that did not pass, and every pass the grader says to read first.
    flagged = [g for g in grades if g.verdict != CORRECT or g.money.violation or g.suspicious]
    if flagged:
        say()
        width = max(len(g.qid) for g in flagged)
        for grade in flagged:
            why = "; ".join(grade.labels)
            if grade.suspicious:
                why += f"  SUSPICIOUS: {'; '.join(grade.suspicious)}"
            say(f"  {grade.verdict:<8} {grade.qid:<{width}}  {why}")
