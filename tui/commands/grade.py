"""`ragtriage grade`."""

from __future__ import annotations

import argparse
from pathlib import Path

from tui.output import EXIT_GATE, EXIT_OK, emit_json, printable, warn


def cmd_grade(args: argparse.Namespace) -> int:
    from engine.workspace import workspace_for
    from grader.grades import read_grades, write_grades
    from grader.regrade import regrade
    from grader.runfile import Run, read_header, read_run
    from grader.scorecard import format_scorecard, scorecard
    from grader.verdict import CORRECT

    path = Path(args.run)
    workspace = workspace_for(args)
    workspace.runs_dir = path.parent
    if args.json or (path.exists() and not path.is_file()):
        # The JSON answers carry their clauses, so the answers themselves are read; a pipe
        # (``<(zcat run.jsonl.gz)``) can be read only once.
        run = read_run(path, lean=True)
        grader = workspace.grader(run, strategy=args.strategy)
        grades = grader.grade_all(run.answers)
        card = scorecard(grades)
    else:
        grader = workspace.grader(read_header(path), strategy=args.strategy)
        regraded = regrade(path, grader)
        run = Run(regraded.path, regraded.header, [], regraded.problems)
        grades, card = regraded.grades, regraded.scorecard
    for problem in run.problems:
        warn(f"{run.path}: {problem} (skipped)")

    record = read_grades(run.path, grades=False)  # its fingerprint is all that is compared
    if record is None and grades:
        try:
            written = write_grades(run.path, run.run_id, grades, grader)
            warn(f"recorded the grades of record in {written}")
        except OSError as exc:
            warn(f"could not record the grades of record: {exc.strerror}")
    elif record is not None and record.fingerprint != grader.fingerprint:
        warn(
            f"the grades of record were made by grader {record.fingerprint}, today's is "
            f"{grader.fingerprint}: `ragtriage rebaseline {run.path}` lists what flipped"
        )

    if args.json:
        emit_json(
            {
                "run": {
                    "path": str(run.path),
                    "run_id": run.run_id,
                    "header": run.header,
                    "grader": grader.fingerprint,
                    "strategy": grader.strategy.name,
                },
                "scorecard": card.to_dict(),
                "answers": [
                    {
                        "qid": grade.qid,
                        "kind": grade.kind,
                        "verdict": grade.verdict,
                        "labels": list(grade.labels),
                        "declined": grade.declined,
                        "money": grade.money.to_dict(),
                        "clauses": [
                            {
                                "asserted": sentence.clause.asserted,
                                "attributed": sentence.clause.attributed,
                            }
                            for sentence in grader.read(answer).sentences
                        ],
                    }
                    for answer, grade in zip(run.answers, grades, strict=True)
                ],
                "problems": [{"line": p.line, "reason": p.reason} for p in run.problems],
            }
        )
    else:
        header = run.header or {}
        model = header.get("model", {}).get("name", "?") if isinstance(header, dict) else "?"
        print(
            printable(
                f"run {run.run_id} · corpus {header.get('corpus', '?')} · model {model} · "
                f"{len(grades)} answers"
                + (f" · {len(run.problems)} line(s) skipped" if run.problems else "")
            )
        )
        if not grades:
            print("this run holds no answers yet")
        for line in format_scorecard(card):
            print(line)
        flagged = [g for g in grades if g.verdict != CORRECT or g.money.violation]
        if flagged:
            print()
            width = max(len(g.qid) for g in flagged)
            for grade in flagged:
                print(
                    printable(
                        f"  {grade.verdict:<8} {grade.qid:<{width}}  {'; '.join(grade.labels)}"
                    )
                )
    if args.gate and card.violations:
        return EXIT_GATE
    return EXIT_OK
