"""Does the reading queue carry across registers? Each signal's yield, per set (issue 45, item 6).

The queue (`grader.audit.queue`) was written against FinanceBench's money answers. Here it runs,
without a judge and without imported graders, over two sets labelled by people:

- **financebench**: GPT-4-Turbo's 1,050 labelled answers in ``../shared/financebench`` (read as
  ``bench/bench_declines.py`` reads them, graded with citations not graded);
- **evouna-tq**: the 9,690 answers of five systems to TriviaQA questions in
  ``../shared/evouna-tq`` (read as ``bench/bench_openqa.py`` reads them), and apart its two
  registers: **spans** (FiD's extracted spans) and **sentences** (GPT-3.5, ChatGPT-3.5, GPT-4
  and Bing Chat, a sentence or a paragraph).

A **misgrade** is an answer the rules judge (correct, partial or wrong: an ``unjudged`` answer
asks for a person outright and is left out, as in ``bench/bench_judge.py``) whose verdict differs
from the person's label (correct, or wrong: FinanceBench's Refusal is wrong). Per set:

- the share of the misgrades in the first 10% (and 25%) of the queue over the judged answers,
  against file order (target, issue 45: >= 35% in the first 10% on each set);
- per signal: the answers it fires on, the misgrades among them, its **yield** (their share of
  the answers it fires on; beside the set's base rate, the misgrades' share of all the judged
  answers: a signal whose yield is not above it pushes answers graded right up the queue) and
  its **share** of all the misgrades.

``--cases FILE [FILE ...]`` measures written sets instead (FinanceBench and EVOUNA too when
``--financebench`` or ``--evouna`` is given as well): each file a set of its own, read as
``bench/bench_registers.py`` reads it (its cases, its answer records, graded with citations not
graded), and, with more than one file, all of them pooled as one set, **written sets** (one queue
over them all, file order the files' in the order given). The person who wrote a case may say
``partial``: as in ``bench_registers.py``, partial and wrong both count as not correct, so a
misgrade there is a judged answer where exactly one of the rules and the person says correct
(``bench_registers.disagrees``: its ``--disagreements`` less the unjudged); a partial against a
wrong, either way, is not one, and is counted apart. Most written sets are development sets
(families were fitted to their misses), so few misgrades are left on them: every share is
printed with its n and Wilson's 95% interval, and a share over fewer than ``FEW`` misgrades is
marked too few to read (one misgrade moves it by more than ten points).

Printed beside them: the misgrades no signal fires on (they wait at the queue's end, in file
order) and those the rules pass while the person does not.

``--signal-off NAME`` (again for another) measures the queue as it would be without that signal
(its weight 0), for a before/after. ``--imported`` gives each EVOUNA answer an imported grader's
verdict, as a QA harness's "includes" scorer would give it (key contained: a normalised accepted
answer inside the normalised answer, ``bench/bench_openqa.py``), to measure the signal "rules and
an imported grader disagree" (neither set comes with another grader's verdicts).

Usage: ``python bench/bench_queue.py [--financebench DIR] [--evouna DIR] [--cases FILE ...]
[--signal-off NAME] [--imported] [--json]``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_declines import DEFAULT_DATA as FINANCEBENCH  # noqa: E402
from bench_declines import rows as financebench_rows  # noqa: E402
from bench_openqa import CONTAINED, key_contained  # noqa: E402
from bench_openqa import DEFAULT_DATA as EVOUNA  # noqa: E402
from bench_openqa import load as evouna_rows  # noqa: E402
from bench_registers import disagrees  # noqa: E402
from bench_registers import load as written_cases  # noqa: E402
from bench_registers import record as written_record  # noqa: E402

from grader.audit.measure import wilson  # noqa: E402
from grader.audit.queue import SIGNALS, QueueRow, reading_queue, share_found  # noqa: E402
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grade, Grader  # noqa: E402
from grader.schema import Answer, GraderVerdict  # noqa: E402

TARGET = 0.35
FRACTIONS = (0.10, 0.25)
SPANS = ("fid",)  # EVOUNA's systems that answer with an extracted span
FEW = 10  # fewer misgrades than this: one of them moves a share by more than ten points
WRITTEN = "written sets"


@dataclass(frozen=True)
class Labelled:
    """One answer of a set, its register, and the person's verdict."""

    answer: Answer
    register: str
    verdict: str


def financebench(data: Path) -> list[Labelled]:
    found = []
    for mode, row in financebench_rows(data):
        answer = msgspec.structs.replace(row.answer, qid=f"{mode}/{row.answer.qid}")
        found.append(Labelled(answer, "financebench", row.verdict))
    return found


def evouna(data: Path, imported: bool = False) -> list[Labelled]:
    found = []
    for judged in evouna_rows(data):
        answer = msgspec.structs.replace(judged.answer, qid=f"{judged.system}/{judged.answer.qid}")
        if imported:
            # an imported grader as a QA harness's "includes" scorer would give it
            contained = key_contained(answer.answer, answer.gold.answers)
            verdict = GraderVerdict(CONTAINED, CORRECT if contained else WRONG)
            answer = msgspec.structs.replace(answer, graders=(verdict,))
        register = "spans" if judged.system in SPANS else "sentences"
        found.append(Labelled(answer, register, CORRECT if judged.person else WRONG))
    return found


def written(path: Path) -> list[Labelled]:
    """A written set's cases as ``bench_registers.py`` reads them, each qid led by the file's
    name (a pooled set holds several files' ``case-0001``)."""
    found = []
    for number, case in enumerate(written_cases(path), 1):
        answer = written_record(number, case)
        answer = msgspec.structs.replace(answer, qid=f"{path.stem}/{answer.qid}")
        found.append(Labelled(answer, case["register"], case["human"]))
    return found


def differs(verdict: str, label: str) -> bool:
    """A misgrade where the person says correct or wrong: the rules' verdict is another."""
    return verdict != label


def queue_of(items: Sequence[Labelled], grader: Grader) -> tuple[list[Grade], list[QueueRow]]:
    grades = [grader.grade(item.answer) for item in items]
    rows = reading_queue(
        [(item.answer, grade, None) for item, grade in zip(items, grades, strict=True)], grader
    )
    return grades, rows


def signal_name(text: str) -> str:
    return text.split(" (+", 1)[0]


def measure(
    items: Sequence[Labelled],
    grades: Sequence[Grade],
    queue: Sequence[QueueRow],
    off: frozenset[str] = frozenset(),
    misgraded: Callable[[str, str], bool] = differs,
) -> dict[str, object]:
    """The queue's yield over the judged answers of ``items`` (the queue re-sorted without the
    signals ``off``), and each signal's; ``misgraded(verdict, label)`` says which judged answers
    are misgrades (``differs``, or ``bench_registers.disagrees`` where the person may say
    partial)."""
    label = {item.answer.qid: item.verdict for item in items}
    judged = {g.qid for g in grades if g.verdict != UNJUDGED}
    misgrades = {g.qid for g in grades if g.qid in judged and misgraded(g.verdict, label[g.qid])}
    # judged answers whose verdict is not the person's, yet no misgrade: partial against wrong
    apart = sum(
        1
        for g in grades
        if g.qid in judged and g.qid not in misgrades and g.verdict != label[g.qid]
    )
    weight = {s.name: s.weight for s in SIGNALS}
    rows = [row for row in queue if row.qid in judged]
    if off:

        def left(row: QueueRow) -> int:
            return sum(weight[signal_name(t)] for t in row.signals if signal_name(t) not in off)

        # (the tie breaker orders answers that keep a signal: `tie_nearness`)
        rows = sorted(
            rows,
            key=lambda row: (-left(row), -row.nearness if left(row) else 0.0, row.position),
        )
    order = [row.qid for row in rows]
    in_file = sorted(rows, key=lambda row: row.position)
    fired: Counter[str] = Counter()
    hit: Counter[str] = Counter()
    for row in rows:
        for name in {signal_name(t) for t in row.signals}:
            fired[name] += 1
            hit[name] += row.qid in misgrades
    base = len(misgrades) / len(judged) if judged else 0.0
    verdict = {g.qid: g.verdict for g in grades}
    first = _found(order, misgrades, FRACTIONS[0])
    interval = wilson(first, len(misgrades))
    return {
        "answers": len(items),
        "judged": len(judged),
        "misgrades": len(misgrades),
        "partial_against_wrong": apart,
        "base_rate": round(base, 4),
        "queue": {f"{round(f * 100)}%": _share(order, misgrades, f) for f in FRACTIONS},
        "queue_found": {f"{round(f * 100)}%": _found(order, misgrades, f) for f in FRACTIONS},
        "interval_10%": (
            None
            if interval.low is None or interval.high is None
            else [round(interval.low, 4), round(interval.high, 4)]
        ),
        "too_few": len(misgrades) < FEW,
        # the misgrades no signal fires on (left in file order at the queue's end), and those
        # the rules pass while the person does not
        "no_signal": sum(
            1
            for row in rows
            if row.qid in misgrades and all(signal_name(t) in off for t in row.signals)
        ),
        "passed": sum(1 for qid in misgrades if verdict[qid] == CORRECT),
        "file_order": {
            f"{round(f * 100)}%": _share([r.qid for r in in_file], misgrades, f) for f in FRACTIONS
        },
        "signals": [
            {
                "signal": s.name,
                "weight": s.weight,
                "fires": fired[s.name],
                "misgrades": hit[s.name],
                "yield": round(hit[s.name] / fired[s.name], 4) if fired[s.name] else None,
                "share": round(hit[s.name] / len(misgrades), 4) if misgrades else None,
            }
            for s in SIGNALS
            if s.name not in off
        ],
    }


def _share(order: Sequence[str], wanted: set[str], fraction: float) -> float | None:
    found = share_found(order, wanted, fraction)
    return None if found is None else round(found, 4)


def _found(order: Sequence[str], wanted: set[str], fraction: float) -> int:
    """How many of ``wanted`` the first ``fraction`` of ``order`` holds (share_found's count)."""
    found = share_found(order, wanted, fraction)
    return 0 if found is None else round(found * len(wanted))


def report_written(
    cases: Sequence[Path], off: frozenset[str], grader: Grader
) -> list[dict[str, object]]:
    """Each written set's queue, then (more than one file) the pooled set's: one queue over
    them all. An answer's place in a queue hangs on its own signals and file position only, so
    a file's rows of the pooled queue, in their order, are that file's own queue."""
    stems = Counter(path.stem for path in cases)
    if any(count > 1 for count in stems.values()):
        twice = ", ".join(sorted(stem for stem, count in stems.items() if count > 1))
        raise SystemExit(f"two files named {twice}: a set is named by its file")
    items = [item for path in cases for item in written(path)]
    grades, queue = queue_of(items, grader)
    found = []
    sets = [(path.stem, f"{path.stem}/") for path in cases]
    if len(cases) > 1:
        sets.append((WRITTEN, ""))
    for name, prefix in sets:
        keep = [i for i, item in enumerate(items) if item.answer.qid.startswith(prefix)]
        qids = {items[i].answer.qid for i in keep}
        found.append(
            {
                "set": name,
                **measure(
                    [items[i] for i in keep],
                    [grades[i] for i in keep],
                    [row for row in queue if row.qid in qids],
                    off,
                    disagrees,
                ),
            }
        )
    return found


def report_sets(
    financebench_dir: Path | None,
    evouna_dir: Path | None,
    off: frozenset[str],
    imported: bool = False,
    cases: Sequence[Path] = (),
) -> list[dict[str, object]]:
    found = []
    grader = Grader(citations=False)
    for name, path, load in (
        ("financebench", financebench_dir, financebench),
        ("evouna-tq", evouna_dir, lambda path: evouna(path, imported)),
    ):
        if path is None:
            continue
        if not path.exists():
            print(f"no data for {name} at {path}", file=sys.stderr)
            continue
        started = time.perf_counter()
        items = load(path)
        grades, queue = queue_of(items, grader)
        found.append({"set": name, **measure(items, grades, queue, off)})
        registers = sorted({item.register for item in items} - {name})
        for register in registers:
            # a register's own queue: the answers of that register only, in the same order
            keep = [i for i, item in enumerate(items) if item.register == register]
            qids = {items[i].answer.qid for i in keep}
            found.append(
                {
                    "set": f"{name} {register}",
                    **measure(
                        [items[i] for i in keep],
                        [grades[i] for i in keep],
                        [row for row in queue if row.qid in qids],
                        off,
                    ),
                }
            )
        print(f"{name}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    if cases:
        found.extend(report_written(cases, off, grader))
    return found


def _pct(value: object) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def print_report(sets: Sequence[dict[str, object]], off: frozenset[str]) -> None:
    if off:
        print(f"without: {', '.join(sorted(off))}")
    for found in sets:
        q, f, n = found["queue"], found["file_order"], found["queue_found"]
        apart = found["partial_against_wrong"]
        print(
            f"\n{found['set']}: {found['judged']} of {found['answers']} answers judged, "
            f"{found['misgrades']} misgrades (base rate {found['base_rate']:.1%})"
            + (f"; {apart} partial against wrong, not counted" if apart else "")
        )
        print(
            f"  first 10% / 25% of the queue: {_pct(q['10%'])} / {_pct(q['25%'])} of the "
            f"misgrades ({n['10%']} / {n['25%']} of {found['misgrades']}; 10%: "
            f"{_interval(found['interval_10%'])}) (file order {_pct(f['10%'])} / "
            f"{_pct(f['25%'])})" + (" (too few to read)" if found["too_few"] else "")
        )
        if found["misgrades"]:
            print(
                f"  of the misgrades, {found['passed']} are passes the person does not accept; "
                f"no signal fires on {found['no_signal']}"
            )
        print(f"  {'signal':<42}{'w':>3}{'fires':>7}{'misgr.':>8}{'yield':>8}{'share':>8}")
        for row in found["signals"]:  # type: ignore[attr-defined]
            if not row["fires"]:
                continue
            print(
                f"  {row['signal']:<42}{row['weight']:>3}{row['fires']:>7}{row['misgrades']:>8}"
                f"{_pct(row['yield']):>8}{_pct(row['share']):>8}"
            )
    print()
    for found in sets:
        share = found["queue"]["10%"]  # type: ignore[index]
        met = share is not None and share >= TARGET
        print(
            f"{found['set']}: first 10% holds >= {TARGET:.0%} of the misgrades: "
            f"{'met' if met else 'NOT met'} ({_pct(share)} of {found['misgrades']}"
            + (f"; too few to read, under {FEW})" if found["too_few"] else ")")
        )


def _interval(bounds: object) -> str:
    if not isinstance(bounds, list):
        return "no interval"
    return f"95% {bounds[0]:.0%} to {bounds[1]:.0%}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--financebench", type=Path, default=None)
    parser.add_argument("--evouna", type=Path, default=None)
    parser.add_argument(
        "--cases",
        type=Path,
        nargs="+",
        default=[],
        metavar="FILE",
        help="written sets (bench_registers.py's JSONL), each a set and, with more than one, all "
        "pooled; instead of FinanceBench and EVOUNA unless --financebench or --evouna is given",
    )
    parser.add_argument(
        "--signal-off",
        action="append",
        default=[],
        metavar="NAME",
        help="measure the queue with this signal at weight 0 (again for another)",
    )
    parser.add_argument(
        "--imported",
        action="store_true",
        help="give each EVOUNA answer an imported grader's verdict: key contained (a normalised "
        "accepted answer inside the normalised answer, as a QA harness's includes scorer)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    off = frozenset(name.strip() for name in args.signal_off if name.strip())
    unknown = off - {s.name for s in SIGNALS}
    if unknown:
        print(f"no such signal: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    missing = [path for path in args.cases if not path.is_file()]
    if missing:
        print(f"no cases at {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    financebench_dir, evouna_dir = args.financebench, args.evouna
    if not args.cases:
        financebench_dir = financebench_dir or FINANCEBENCH
        evouna_dir = evouna_dir or EVOUNA
    sets = report_sets(financebench_dir, evouna_dir, off, args.imported, args.cases)
    if not sets:
        return 2
    if args.json:
        print(
            json.dumps(
                {"signals_off": sorted(off), "imported": args.imported, "sets": sets}, indent=2
            )
        )
    else:
        if args.imported:
            print(f"EVOUNA's answers carry an imported grader: {CONTAINED}")
        print_report(sets, off)
    return 0


if __name__ == "__main__":
    sys.exit(main())
