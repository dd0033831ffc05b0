"""The grader against a judge on short answers in registers it was not written for.

Reads ``bench/cases/other_registers.jsonl`` (``--cases`` for another file): questions in twelve
registers (medicine, law, sport, geography, physics and chemistry, software, history, cooking,
customer support, personal finance, biology, music and film), each with the accepted answers a
dataset would give, one system-style answer (a span, a chat sentence, a verbose answer with
hedges, lists or citations, a refusal, a correction, a Yes/No answered without the word) and the
verdict of the one person who wrote the case without reading the rules (``human``: correct,
partial or wrong). A good share of the wrong answers are hard on purpose (the key mentioned and
rejected, a near-miss number, the key in another role), so the figures are a stress test, not an
estimate for real runs; the case writer is the only judge.

Each case becomes an answer record (kind ``answerable``, ``gold.accepted`` the accepted answers,
``gold.key`` them joined with `` / ``, no sources) graded by today's grader with citations not
graded, and, on the same answers, by exact match and key contained (bench_openqa's
definitions). Printed overall and per register: n, coverage, agreement and Cohen's kappa over
the judged answers, precision and recall of ``correct`` (partial and wrong as not correct, as in
bench_openqa). ``--disagreements`` lists every judged case where the grader and the judge
differ, and every unjudged one. ``--json`` prints the report as JSON.

Usage: ``python bench/bench_registers.py [--cases FILE] [--disagreements] [--json]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_openqa import CONTAINED, EXACT, TODAY, exact_match, key_contained, scores, table  # noqa: E402

from grader.rules.verdict import CORRECT, UNJUDGED, Grader  # noqa: E402
from grader.schema import Answer, Gold, Source  # noqa: E402

DEFAULT_CASES = ROOT / "bench" / "cases" / "other_registers.jsonl"
FIELDS = ("register", "question", "accepted", "answer", "human")
VERDICTS = ("correct", "partial", "wrong")


def load(path: Path) -> list[dict[str, Any]]:
    """The cases, each checked for its fields; a bad line is named with its number."""
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path}:{number}: not JSON ({error.msg})") from None
        missing = [name for name in FIELDS if name not in case]
        if missing:
            raise SystemExit(f"{path}:{number}: missing {', '.join(missing)}")
        if case["human"] not in VERDICTS:
            raise SystemExit(
                f"{path}:{number}: human verdict {case['human']!r} (use {', '.join(VERDICTS)})"
            )
        accepted = case["accepted"]
        if isinstance(accepted, str):
            accepted = [accepted]
        if not accepted or not all(isinstance(a, str) and a.strip() for a in accepted):
            raise SystemExit(f"{path}:{number}: no accepted answer")
        case["accepted"] = tuple(accepted)
        cases.append(case)
    return cases


def record(number: int, case: Mapping[str, Any]) -> Answer[Source]:
    accepted = tuple(case["accepted"])
    return Answer(
        qid=f"case-{number:04d}",
        kind="answerable",
        question=case["question"],
        gold=Gold(key=" / ".join(accepted), accepted=accepted),
        answer=case["answer"],
    )


def report(cases: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Today's grader, exact match and key contained against the judge, overall and per
    register; each case's grade for ``--disagreements``."""
    grader = Grader(citations=False)
    grades = [grader.grade(record(n, case)) for n, case in enumerate(cases, 1)]
    verdicts = {
        TODAY: [grade.verdict for grade in grades],
        EXACT: [CORRECT if exact_match(c["answer"], c["accepted"]) else "wrong" for c in cases],
        CONTAINED: [
            CORRECT if key_contained(c["answer"], c["accepted"]) else "wrong" for c in cases
        ],
    }
    people = [case["human"] == CORRECT for case in cases]
    registers: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        registers.setdefault(case["register"], []).append(i)
    return {
        "cases": len(cases),
        "judge_correct": sum(people),
        "overall": {name: scores(given, people) for name, given in verdicts.items()},
        "per_register": {
            register: {
                name: scores([given[i] for i in picked], [people[i] for i in picked])
                for name, given in verdicts.items()
            }
            for register, picked in sorted(registers.items())
        },
        "grades": [{"verdict": grade.verdict, "labels": list(grade.labels)} for grade in grades],
    }


def disagrees(verdict: str, human: str) -> bool:
    """Whether the grader's judged ``verdict`` and the judge's differ: on `correct` only, partial
    and wrong both being not correct (a partial against a wrong is no disagreement)."""
    return (verdict == CORRECT) != (human == CORRECT)


def differences(cases: Sequence[Mapping[str, Any]], found: Mapping[str, Any]) -> list[str]:
    lines = []
    for case, grade in zip(cases, found["grades"], strict=True):
        said = grade["verdict"]
        judged = CORRECT if said == CORRECT else "not correct"
        if said == UNJUDGED or disagrees(said, case["human"]):
            lines.append(
                f"[{case['register']}] judge {case['human']}, grader {said} "
                f"({'; '.join(grade['labels'])})"
                + ("" if said == UNJUDGED else f" [{judged}]")
                + f"\n  Q: {case['question']}\n  key: {' / '.join(case['accepted'])}"
                f"\n  A: {case['answer']}"
            )
    return lines


def printed(found: Mapping[str, Any]) -> str:
    names = {TODAY: "today"}
    lines = [
        f"{found['cases']} written cases in {len(found['per_register'])} registers; the judge "
        f"accepts {found['judge_correct']}",
        "agreement, kappa, precision and recall of `correct` over the judged answers "
        "(partial and wrong as not correct)",
        "",
        "overall",
        *table(found["overall"], names),
    ]
    for register, rows in found["per_register"].items():
        lines += ["", register, *table(rows, names)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, default=DEFAULT_CASES, help="the cases (JSONL)")
    parser.add_argument("--disagreements", action="store_true", help="list every difference")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.cases.is_file():
        print(f"no cases at {args.cases}", file=sys.stderr)
        return 2
    cases = load(args.cases)
    found = report(cases)
    if args.json:
        found = {key: value for key, value in found.items() if key != "grades"}
        print(json.dumps(found, indent=2))
        return 0
    print(printed(found))
    if args.disagreements:
        print("\n" + "\n".join(differences(cases, found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
