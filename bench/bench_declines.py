"""The grader against people: FinanceBench's labelled answers (DESIGN 6, trust).

Reads ``../shared/financebench`` (or ``$FINANCEBENCH``): every results file's answers, each
labelled by a person Correct, Incorrect or Refusal. Grades them with today's grader, citations
not graded (FinanceBench's models were not asked to cite numbered sources), and prints:

- decline precision, recall and F1 of the grader's ``declined`` against the people's Refusal,
  over all answers and per set-up;
- on money questions: agreement and Cohen's kappa of the verdict against the people's, the
  money violations and how many of them the person accepted;
- the same figures under every clause strategy and money-conclusion strategy;
- with ``--baseline REV``, the same figures for the grader at a git revision (default
  ``5b93e71``, grader version 1), measured in the same run from a copy of that revision.

Usage: ``python bench/bench_declines.py [--baseline REV] [--no-baseline] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpora.financebench import (  # noqa: E402
    LabelledAnswer,
    find_root,
    label_mark,
    load_questions,
    read_results,
)
from grader.records.marks import agreement  # noqa: E402
from grader.rules.clauses import STRATEGIES  # noqa: E402
from grader.rules.verdict import CONCLUSIONS, Grade, Grader, MoneyCheck  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "financebench"

# Grades the rows with an older grader (its own tree on sys.path), one JSON line per row.
_OLD_GRADER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from grader.schema import Answer, Gold
from grader.rules.verdict import Grader
grader = Grader()
for line in sys.stdin:
    row = json.loads(line)
    gold = Gold(key=row["key"])
    answer = Answer(qid=row["qid"], kind="answerable", gold=gold, answer=row["answer"])
    grade = grader.grade(answer)
    print(json.dumps([grade.verdict, grade.declined, grade.money.is_money, grade.money.violation]))
"""


def rows(data: Path) -> list[tuple[str, LabelledAnswer]]:
    """Every labelled answer of every results file, with its set-up."""
    root = find_root(data)
    questions = load_questions(root)
    found = []
    for path in sorted((root / "results").glob("*.jsonl")):
        mode = path.stem.split("_", 1)[-1]
        found += [(mode, labelled) for labelled in read_results(path, questions)]
    return found


def measure(grades: list[Grade], labelled: list[tuple[str, LabelledAnswer]]) -> dict[str, object]:
    """Decline scores over every answer, and verdict agreement on money questions, through the
    same `agreement` the review app and ``ragtriage agreement`` use (each label a mark)."""
    marks = {
        f"{mode}:{row.answer.qid}": {row.answer.qid: label_mark(row, mode)}
        for mode, row in labelled
    }
    graded = [
        (f"{mode}:{row.answer.qid}", grade)
        for (mode, row), grade in zip(labelled, grades, strict=True)
    ]
    everything = agreement(graded, marks)
    money = agreement([(run, g) for run, g in graded if g.money.is_money], marks)
    text = agreement([(run, g) for run, g in graded if not g.money.is_money], marks)
    violations = [(run, g) for run, g in graded if g.violation]
    accepted = sum(marks[run][g.qid].verdict == "correct" for run, g in violations)
    return {
        "declines": {**everything.decline_scores(), **everything.declines},
        "money": {
            "answers": money.reviewed,
            "agreement": money.agreement,
            "kappa": money.kappa,
            "violations": len(violations),
            "violations_the_person_accepted": accepted,
        },
        "text": {"answers": text.reviewed, "agreement": text.agreement, "kappa": text.kappa},
        "all": {
            "answers": everything.reviewed,
            "agreement": everything.agreement,
            "kappa": everything.kappa,
        },
    }


def grade_rows(grader: Grader, labelled: list) -> list[Grade]:
    return [grader.grade(row.answer) for _mode, row in labelled]


def baseline(revision: str, labelled: list) -> list[Grade] | None:
    """The rows graded by the grader at ``revision`` (None when git cannot provide it), as
    today's `Grade` records (verdict, declined and the money line: what is measured)."""
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, "grader"],
            capture_output=True,
        )
        if archive.returncode != 0:
            print(f"(no baseline: git archive {revision} failed)", file=sys.stderr)
            return None
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        payload = "".join(
            json.dumps(
                {"qid": row.answer.qid, "key": row.answer.gold.key, "answer": row.answer.answer}
            )
            + "\n"
            for _mode, row in labelled
        )
        env = {**os.environ, "PYTHONPATH": tree}
        done = subprocess.run(
            [sys.executable, "-c", _OLD_GRADER, tree],
            input=payload,
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
    grades = []
    for (_mode, row), line in zip(labelled, done.stdout.splitlines(), strict=True):
        verdict, declined, is_money, violation = json.loads(line)
        money = MoneyCheck(is_money, (), (), violation)
        grades.append(Grade(row.answer.qid, "answerable", verdict, (), declined, None, money, ()))
    return grades


def line(name: str, figures: dict) -> str:
    d, m = figures["declines"], figures["money"]
    d = {k: (0.0 if v is None else v) for k, v in d.items()}

    def kappa(part: str) -> str:
        value = figures[part]["kappa"]
        return "n/a" if value is None else f"{value:.3f}"

    return (
        f"{name:<27} declines P {d['precision']:.3f} R {d['recall']:.3f} F1 {d['f1']:.3f} · "
        f"kappa: money {kappa('money')} ({m['answers']}), text {kappa('text')}, "
        f"all {kappa('all')} · violations {m['violations']} "
        f"(the person accepted {m['violations_the_person_accepted']})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=Path(os.environ.get("FINANCEBENCH", DEFAULT_DATA))
    )
    parser.add_argument("--baseline", default="5b93e71", help="git revision of the baseline grader")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"no FinanceBench data at {args.data}; set $FINANCEBENCH", file=sys.stderr)
        return 2
    labelled = rows(args.data)
    today = Grader(citations=False)
    report: dict[str, object] = {
        "answers": len(labelled),
        "refusals": sum(r.declined for _, r in labelled),
    }
    report["today"] = measure(grade_rows(today, labelled), labelled)
    modes = sorted({mode for mode, _ in labelled})
    report["per_setup"] = {}
    today_grades = grade_rows(today, labelled)
    for mode in modes:
        picked = [i for i, (m, _) in enumerate(labelled) if m == mode]
        report["per_setup"][mode] = measure(
            [today_grades[i] for i in picked], [labelled[i] for i in picked]
        )
    report["strategies"] = {}
    for name in STRATEGIES:
        grader = today.variant(strategy=name)
        report["strategies"][f"clause {name}"] = measure(grade_rows(grader, labelled), labelled)
    for name in CONCLUSIONS:
        grader = today.variant(money=name)
        report["strategies"][f"money {name}"] = measure(grade_rows(grader, labelled), labelled)
    if not args.no_baseline:
        old = baseline(args.baseline, labelled)
        if old is not None:
            report["baseline"] = {"revision": args.baseline, **measure(old, labelled)}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"FinanceBench: {report['answers']} labelled answers, {report['refusals']} refusals")
    if "baseline" in report:
        print(line(f"baseline {args.baseline}", report["baseline"]))
    print(line("today (defaults)", report["today"]))
    print("\nper set-up (today):")
    for mode, figures in report["per_setup"].items():
        print(line(f"  {mode}", figures))
    print("\nstrategies (each with the other defaults):")
    for name, figures in report["strategies"].items():
        print(line(f"  {name}", figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
