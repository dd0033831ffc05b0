"""A model judge and the reading queue, against FinanceBench's people (DESIGN 6, trust).

GPT-4-Turbo's 1,050 labelled answers (``../shared/financebench`` or ``$FINANCEBENCH``; read as
``bench/bench_declines.py`` reads them) are written once as one run file in a work folder
(``$RAGTRIAGE_CACHE/bench-judge``), each qid ``<set-up>/<financebench_id>``; the people's labels
stay in memory as marks. The rules grade them (citations not graded, as in
``bench_declines.py``). Then:

1. **the judge**: the bundled model (or ``--model PATH.gguf``, or ``--base-url URL`` for a
   server) is asked, through `engine.judge` exactly as ``ragtriage judge`` asks it, about the
   answers ``--only`` chooses (``unjudged``: those the rules leave unjudged, none before grader
   version 3; ``wrong``; ``all``), in an order fixed by a hash of each qid (a bench stopped
   part way has judged a fair sample), or the first ``--sample N`` of them in that order.
   Judgements go to the run's judgements sidecar in the work folder, so a killed bench goes
   on where it stopped, and ``--no-judge`` measures what is there without asking anything;
2. **every grader against the people** (`grader.audit.agreement`): the rules over the answers
   they judge, the judge over the answers it gave a verdict on, rules-then-judge; each with
   agreement, Cohen's kappa and coverage, as they are, however low;
3. **the reading queue's yield** (`grader.audit.queue`): of the rules' disagreements with the
   people, over the answers the rules judge, the share found in the first 10% and 25% of the
   queue (without the judge, and with it), against reading in file order. Targets: >= 35% and
   >= 65% without a judge. Also how often each signal fires, and on how many disagreements.

Usage: ``python bench/bench_judge.py [--only all|unjudged|wrong] [--sample N] [--no-judge]
[--model PATH.gguf | --base-url URL [--api chat]] [--parallel N] [--json]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_declines import DEFAULT_DATA, rows  # noqa: E402
from synthetic import machine  # noqa: E402

from corpora.financebench import label_mark  # noqa: E402
from engine.judge import PROMPT_VERSION, judge_answers, plan, provenance  # noqa: E402
from engine.retrieve import cache_dir  # noqa: E402
from grader.audit.agreement import graders_against_people  # noqa: E402
from grader.audit.queue import SIGNALS, reading_queue, share_found  # noqa: E402
from grader.records.judgements import effective, read_judgement_records  # noqa: E402
from grader.records.runfile import read_run, write_run  # noqa: E402
from grader.rules.verdict import UNJUDGED, Grader  # noqa: E402

RUN_ID = "financebench-gpt-4-turbo"


def bench_run(data: Path, work: Path) -> tuple[Path, dict[str, object]]:
    """The labelled answers as one run file in ``work`` (written once), and the people's
    labels as marks by qid."""
    labelled = rows(data)
    path = work / f"{RUN_ID}.jsonl"
    marks = {}
    answers = []
    for mode, row in labelled:
        answer = row.answer
        answer.qid = f"{mode}/{answer.qid}"
        answers.append(answer)
        marks[answer.qid] = label_mark(row, mode)
    if not path.exists():
        header = {
            "run_id": RUN_ID,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "corpus": "financebench-bench",
            "config": {"name": "gpt-4-turbo"},
            "model": {"name": "gpt-4-1106-preview"},
            "grading": {"citations": False},
            "provenance": {"dataset": "FinanceBench (Patronus AI), CC-BY-NC-4.0"},
        }
        write_run(path, header, answers)
    return path, marks


def generator(args: argparse.Namespace):
    from engine.generate import LlamaGenerator
    from engine.model import bundled_model_path, model_info
    from engine.openai_compatible import OpenAIGenerator

    if args.base_url:
        return OpenAIGenerator(args.base_url, model=args.model or "default", api=args.api)
    path = Path(args.model) if args.model else bundled_model_path()
    return LlamaGenerator(path, model_info(path))


def sample(todo: list, size: int | None) -> list:
    """``todo`` in an order fixed by a hash of each qid (so that a bench stopped part way has
    judged a fair sample, not the first set-ups), the first ``size`` of it when given."""
    shuffled = sorted(todo, key=lambda item: hashlib.sha256(item[0].qid.encode()).digest())
    return shuffled[:size] if size else shuffled


def ask_the_judge(args, path, answers, grades, grader) -> None:
    generate = generator(args)
    records, _problems = read_judgement_records(path)
    todo = plan(answers, grades, args.only, records, provenance(generate))
    everything = plan(answers, grades, args.only, [], provenance(generate))
    chosen = sample(everything.todo, args.sample)
    wanted = {a.qid for a, _g in chosen}
    left = {a.qid for a, _g in todo.todo}
    todo_now = [(a, g) for a, g in chosen if a.qid in left]
    print(
        f"judge: {len(wanted)} answer(s) chosen (--only {args.only}"
        f"{f', a sample of {args.sample}' if args.sample else ''}), {len(todo_now)} to ask",
        file=sys.stderr,
    )
    started = time.perf_counter()

    def progress(p) -> None:
        if p.done % 10 == 0 or p.done == p.total:
            rate = (time.perf_counter() - started) / p.done
            print(f"  {p.done}/{p.total}  {rate:.1f} s each", file=sys.stderr, flush=True)

    judge_answers(path, todo_now, generate, grader, parallel=args.parallel, on_progress=progress)


def queue_yield(rows_in_order, disagreements, fractions=(0.10, 0.25)) -> dict[str, float | None]:
    order = [row.qid for row in rows_in_order]
    return {f"{round(f * 100)}%": share_found(order, disagreements, f) for f in fractions}


def signal_counts(queue, disagreements) -> list[dict[str, object]]:
    fired: Counter[str] = Counter()
    hit: Counter[str] = Counter()
    for row in queue:
        for text in row.signals:
            name = text.split(" (+", 1)[0]
            fired[name] += 1
            hit[name] += row.qid in disagreements
    return [
        {
            "signal": s.name,
            "weight": s.weight,
            "answers": fired[s.name],
            "disagreements": hit[s.name],
        }
        for s in SIGNALS
    ]


def measure(path: Path, answers, grades, grader, marks) -> dict[str, object]:
    records, problems = read_judgement_records(path)
    judged = effective(records)
    graded = [(RUN_ID, g) for g in grades]
    people = {RUN_ID: marks}
    graders = graders_against_people(graded, {RUN_ID: judged}, people)
    # The rules over the very answers the judge gave a verdict on: the two on the same ground.
    same = [(run, g) for run, g in graded if g.qid in judged and judged[g.qid].parsed]
    rules_there = graders_against_people(same, {RUN_ID: judged}, people)[0]
    # The judge where it is meant to work: the answers the rules leave unjudged.
    abstained = [(run, g) for run, g in graded if g.verdict == UNJUDGED]
    judge_there = graders_against_people(abstained, {RUN_ID: judged}, people)[1]
    verdict = {g.qid: g.verdict for g in grades}
    # The rules' disagreements with the people, over the answers the rules judge.
    ruled = {g.qid for g in grades if g.verdict != UNJUDGED and g.qid in marks}
    wrong = {qid for qid in ruled if marks[qid].verdict != verdict[qid]}
    bare = reading_queue([(a, g, None) for a, g in zip(answers, grades, strict=True)], grader)
    with_judge = reading_queue(
        [(a, g, judged.get(a.qid)) for a, g in zip(answers, grades, strict=True)], grader
    )
    in_file = [a for a in answers if a.qid in ruled]

    class _Row:  # file order as a queue
        def __init__(self, qid: str) -> None:
            self.qid = qid

    judge_models = Counter(j.model_name for j in judged.values())
    return {
        "answers": len(answers),
        "judgements": {
            "records": len(records),
            "effective": len(judged),
            "statuses": dict(Counter(j.status for j in judged.values())),
            "models": dict(judge_models),
            "unreadable_lines": len(problems),
        },
        "graders": [g.to_dict() for g in graders],
        "rules_on_the_judges_answers": rules_there.to_dict(),
        "judge_where_the_rules_abstain": judge_there.to_dict(),
        "queue": {
            "judged_by_rules": len(ruled),
            "disagreements": len(wrong),
            "file_order": queue_yield([_Row(a.qid) for a in in_file], wrong),
            "without_judge": queue_yield([r for r in bare if r.qid in ruled], wrong),
            "with_judge": queue_yield([r for r in with_judge if r.qid in ruled], wrong),
            "signals_without_judge": signal_counts([r for r in bare if r.qid in ruled], wrong),
            "signals_with_judge": signal_counts([r for r in with_judge if r.qid in ruled], wrong),
        },
    }


def _figure(value: float | None, percent: bool = False) -> str:
    if value is None:
        return "n/a"
    return f"{value:.1%}" if percent else f"{value:.3f}"


def print_report(report: dict) -> None:
    j = report["judgements"]
    print(f"FinanceBench GPT-4-Turbo: {report['answers']} labelled answers · {machine()}")
    print(
        f"judgements: {j['effective']} answers ({j['statuses']}) by {j['models'] or 'no judge'}, "
        f"prompt {PROMPT_VERSION}"
    )
    print("\nevery grader against the people:")
    print(f"  {'grader':<17}{'covers':>18}{'agreement':>11}{'kappa':>8}")
    for g in report["graders"]:
        covers = f"{g['covered']}/{g['reviewed']} {_figure(g['coverage'], True)}"
        print(
            f"  {g['grader']:<17}{covers:>18}{_figure(g['agreement'], True):>11}"
            f"{_figure(g['kappa']):>8}"
        )
    there = report["rules_on_the_judges_answers"]
    print(
        f"  (the rules over the {there['reviewed']} answers the judge gave a verdict on: cover "
        f"{there['covered']}, agreement {_figure(there['agreement'], True)}, kappa "
        f"{_figure(there['kappa'])})"
    )
    alone = report["judge_where_the_rules_abstain"]
    print(
        f"  (the judge over the {alone['reviewed']} answers the rules leave unjudged: covers "
        f"{alone['covered']}, agreement {_figure(alone['agreement'], True)}, kappa "
        f"{_figure(alone['kappa'])})"
    )
    q = report["queue"]
    print(
        f"\nreading queue: the rules' {q['disagreements']} disagreements with the people over "
        f"the {q['judged_by_rules']} answers they judge; share found in the first 10% / 25%:"
    )
    for name in ("file_order", "without_judge", "with_judge"):
        shares = q[name]
        print(
            f"  {name.replace('_', ' '):<15} {_figure(shares['10%'], True):>7} / "
            f"{_figure(shares['25%'], True):>7}"
        )
    print("  (targets without a judge: >= 35.0% / >= 65.0%)")
    print("\nsignals (with the judge): answers fired on, of which disagreements")
    for row in q["signals_with_judge"]:
        counts = f"{row['answers']:>5}  {row['disagreements']:>5}"
        print(f"  {row['signal']:<40} +{row['weight']}  {counts}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=Path(os.environ.get("FINANCEBENCH", DEFAULT_DATA))
    )
    parser.add_argument("--work", type=Path, default=cache_dir() / "bench-judge")
    parser.add_argument("--only", choices=["unjudged", "wrong", "all"], default="unjudged")
    parser.add_argument("--sample", type=int, help="ask about a sample of N answers (hash order)")
    parser.add_argument(
        "--no-judge", action="store_true", help="ask nothing; measure what is there"
    )
    parser.add_argument(
        "--model", help="a GGUF (default: the bundled model); a name with --base-url"
    )
    parser.add_argument("--base-url", help="an OpenAI-compatible server instead of a local model")
    parser.add_argument("--api", choices=["completions", "chat"], default="completions")
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"no FinanceBench data at {args.data}; set $FINANCEBENCH", file=sys.stderr)
        return 2
    args.work.mkdir(parents=True, exist_ok=True)
    path, marks = bench_run(args.data, args.work)
    answers = read_run(path).answers
    grader = Grader(citations=False)
    grades = grader.grade_all(answers)
    if not args.no_judge:
        ask_the_judge(args, path, answers, grades, grader)
    report = measure(path, answers, grades, grader, marks)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
