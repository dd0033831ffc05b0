"""Do the figures `agreement` and the scorecard quote hold what they claim? (issue 45, Measure)

Reviewers are simulated from people's labels: a simulated reviewer marks what the label says
(correct, or wrong; FinanceBench's Refusal is wrong and declined), on answers picked in the
app's audit order (`grader.audit.measure.audit_sample`, marks picked ``audit``). Two sets:

- **financebench**: GPT-4-Turbo's 1,050 labelled answers in ``../shared/financebench`` (read as
  ``bench/bench_declines.py`` reads them, graded with citations not graded, grounded in the
  evidence pages);
- **evouna-tq**: the 9,690 answers of five systems to TriviaQA questions in
  ``../shared/evouna-tq``, each judged correct or not by a person (read as
  ``bench/bench_openqa.py`` reads them; today's grader reads ``gold.accepted``).

The figures computed from all the labels are the truth. Then, over ``--draws`` seeded draws
(default 200) of 50 and of 200 audit marks on the whole set (``--sizes``):

- how often the 95% intervals hold the truth, and their mean width, for the rules' agreement
  and kappa with the people (`grader.audit.agreement.quoted_agreement`, the intervals
  `ragtriage agreement` prints: Wilson's for the agreement, a BCa bootstrap over answers for
  kappa), and for the set's accuracy (the people's share of correct answers): the corrected
  estimate by each of the tools' estimators (`grader.audit.corrected.people_estimate` with each
  of `ESTIMATORS`: StratPPI, stratified by the rules' verdict, each stratum's share by Price
  and Bonett's adjusted Wald, what the tools print, `PEOPLE_METHOD`; StratPPI floored; and
  PPI++) and the marks' own (Wilson);
- with 100 audit marks on a run of 1,000 answers (itself a seeded sample of the set), each
  corrected interval's mean width against the marks' own, and the coverage of the run's own
  accuracy by each.

Targets (issue 45): every coverage >= 93%; the corrected interval at least 30% narrower than
the marks' own on both sets. PPI++ is power-tuned PPI (lambda from the data), as the reference
implementation ``ppi_py`` computes it by default; StratPPI (Fisch et al. 2024) runs it inside
the strata of the rules' verdict, weighted by their share of the run. PPI++ and the floored
StratPPI keep each correction's variance at or above `grader.audit.ppi.least_spread`; the
adjusted StratPPI takes each stratum's share and variance from Price and Bonett's adjusted Wald
(`grader.audit.ppi.adjusted_wald`) where the rules' value is constant in it. For comparison only,
the bench also gives estimators from the same sample that the tools do not print: StratPPI
with the paper's plug-in variances alone (no floor: a stratum whose marks all agree adds
nothing), and in the run-of-1,000 measure the original PPI (lambda 1) and the people's share
post-stratified by the rules' verdict (correct, unjudged, the rest; a stratum of one mark
counts a variance of 0.25). A draw whose interval is undefined (kappa when the sample's
verdicts are all one) counts as not holding the truth.

Usage: ``python bench/bench_measure.py [--draws N] [--sizes 50,200] [--financebench DIR]
[--evouna DIR] [--json]``
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_declines import DEFAULT_DATA as FINANCEBENCH  # noqa: E402
from bench_declines import rows as financebench_rows  # noqa: E402
from bench_openqa import DEFAULT_DATA as EVOUNA  # noqa: E402
from bench_openqa import load as evouna_rows  # noqa: E402

from grader.audit.agreement import QUOTED_GROUP, quoted_agreement  # noqa: E402
from grader.audit.corrected import ESTIMATORS, PEOPLE_METHOD, people_estimate  # noqa: E402
from grader.audit.measure import (  # noqa: E402
    Z95,
    Interval,
    audit_sample,
    bootstrap,
)
from grader.audit.ppi import ppi, stratified_ppi  # noqa: E402
from grader.records.marks import LABEL, Mark, picked_in_audit  # noqa: E402
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grade, Grader  # noqa: E402

COVERAGE_TARGET = 0.93
NARROWER_TARGET = 0.30
SIZES = (50, 200)
RUN, RUN_MARKS = 1_000, 100


@dataclass(frozen=True)
class Labelled:
    """One answer of a set: today's grade and the person's verdict (and decline)."""

    grade: Grade
    verdict: str
    declined: bool | None


def financebench(data: Path) -> list[Labelled]:
    grader = Grader(citations=False)
    found = []
    for mode, row in financebench_rows(data):
        grade = grader.grade(row.answer)
        # qids repeat across set-ups: each answer its own id
        grade = msgspec.structs.replace(grade, qid=f"{mode}/{grade.qid}")
        found.append(Labelled(grade, row.verdict, row.declined))
    return found


def evouna(data: Path) -> list[Labelled]:
    grader = Grader(citations=False)
    found = []
    for judged in evouna_rows(data):
        grade = grader.grade(judged.answer)
        grade = msgspec.structs.replace(grade, qid=f"{judged.system}/{grade.qid}")
        found.append(Labelled(grade, CORRECT if judged.person else WRONG, None))
    return found


def mark(item: Labelled, seed: int) -> Mark:
    """The simulated reviewer's mark: what the label says, picked in an audit of ``seed``."""
    return Mark(
        item.grade.qid,
        LABEL,
        item.verdict,
        "",
        "",
        "people",
        "",
        "",
        declined=item.declined,
        picked=picked_in_audit(seed),
    )


def truth(items: Sequence[Labelled]) -> dict[str, float]:
    """The figures from all the labels: the rules' agreement and kappa with the people over the
    answers the rules judge, and the people's share of correct answers."""
    patterns = [
        ((item.grade.verdict, item.verdict),) for item in items if item.grade.verdict != UNJUDGED
    ]
    figures = bootstrap(patterns, resamples=0)
    assert figures.agreement.value is not None and figures.kappa.value is not None
    return {
        "agreement": figures.agreement.value,
        "kappa": figures.kappa.value,
        "accuracy": sum(item.verdict == CORRECT for item in items) / len(items),
    }


def draw(items: Sequence[Labelled], size: int, seed: int) -> dict[str, Interval]:
    """One audit of ``size`` answers: every interval the tools would print from it."""
    by_qid = {item.grade.qid: item for item in items}
    sample = audit_sample(list(by_qid), size, seed)
    rows = [(by_qid[q].grade, None, {}, [mark(by_qid[q], seed)]) for q in sample]
    quoted = quoted_agreement(rows, seed).graders["rules"][QUOTED_GROUP]
    reviews = {q: [mark(by_qid[q], seed)] for q in sample}
    grades = [item.grade for item in items]
    found = {"agreement": quoted.agreement, "kappa": quoted.kappa}
    accuracy = estimates(grades, reviews)
    for method in ESTIMATORS:
        found[f"accuracy ({method})"] = accuracy[method]
    found[f"accuracy ({NO_FLOOR})"] = without_floor(grades, [by_qid[q] for q in sample])
    found["accuracy (marks alone)"] = accuracy["marks"]
    return found


def estimates(grades: Sequence[Grade], reviews: dict[str, list[Mark]]) -> dict[str, Interval]:
    """The accuracy's interval by each of the tools' estimators, and the marks' own."""
    found: dict[str, Interval] = {}
    for method in ESTIMATORS:
        estimate = people_estimate(grades, reviews, method)
        assert estimate is not None
        found[method] = estimate.accuracy.ppi
        found["marks"] = estimate.accuracy.marks
    return found


def coverage(
    items: Sequence[Labelled], draws: int, sizes: Sequence[int] = SIZES
) -> list[dict[str, object]]:
    """Per sample size and figure: how often the interval holds the truth, its mean width."""
    true = truth(items)
    table = []
    for size in sizes:
        held: dict[str, list[bool]] = {}
        widths: dict[str, list[float]] = {}
        for seed in range(draws):
            for figure, interval in draw(items, size, seed).items():
                target = true[figure.split(" ")[0]]
                held.setdefault(figure, []).append(interval.holds(target))
                if interval.width is not None:
                    widths.setdefault(figure, []).append(interval.width)
        for figure, holds in held.items():
            table.append(
                {
                    "marks": size,
                    "figure": figure,
                    "truth": round(true[figure.split(" ")[0]], 4),
                    "coverage": round(sum(holds) / len(holds), 4),
                    "mean_width": round(statistics.fmean(widths.get(figure, [0.0])), 4),
                    "undefined": len(holds) - len(widths.get(figure, [])),
                    "draws": len(holds),
                }
            )
    return table


# --- for comparison only: two other estimators from the same sample (not what the tools print) --


def plain_ppi(predicted: Sequence[float], sample: Sequence[tuple[float, float]]) -> Interval:
    """The original PPI (lambda 1: the rules' mean corrected by the sample's mean difference),
    through the tools' own `grader.audit.ppi.ppi`."""
    found = ppi(predicted, sample, lam=1.0)
    assert found is not None
    return found.ppi


def post_stratified(strata: Sequence[str], sample: Sequence[tuple[str, float]]) -> Interval:
    """The people's share in each stratum of the rules' verdict (correct, unjudged, the rest),
    weighted by the stratum's share of the run (a stratum the sample misses counts the
    sample's overall share)."""
    sizes = Counter(strata)
    total, n = len(strata), len(sample)
    overall = statistics.fmean(p for _s, p in sample)
    estimate = variance = 0.0
    for stratum, size in sizes.items():
        seen = [p for s, p in sample if s == stratum]
        weight = size / total
        mean = statistics.fmean(seen) if seen else overall
        estimate += weight * mean
        spread = statistics.variance(seen) if len(seen) > 1 else 0.25
        variance += weight * weight * spread / max(len(seen), 1)
    half = Z95 * math.sqrt(variance)
    return Interval(estimate, estimate - half, estimate + half, n)


NO_FLOOR = "StratPPI, no floor"


def without_floor(grades: Sequence[Grade], sample: Sequence[Labelled]) -> Interval:
    """StratPPI by the rules' verdict with the paper's plug-in variances alone (no
    `least_spread`: a stratum whose marks all agree adds no variance), through the tools' own
    `grader.audit.ppi.stratified_ppi`."""
    found = stratified_ppi(
        [g.verdict for g in grades],
        [1.0 if g.verdict == CORRECT else 0.0 for g in grades],
        [
            (
                item.grade.verdict,
                1.0 if item.verdict == CORRECT else 0.0,
                1.0 if item.grade.verdict == CORRECT else 0.0,
            )
            for item in sample
        ],
        floor=False,
    )
    assert found is not None
    return found.ppi


def stratum(grade: Grade) -> str:
    return grade.verdict if grade.verdict in (CORRECT, UNJUDGED) else "other"


def narrower(items: Sequence[Labelled], draws: int) -> dict[str, object]:
    """With 100 audit marks on a run of 1,000 answers: each estimator's interval against the
    marks' own (mean widths, and how often each holds the run's own accuracy)."""
    by_qid = {item.grade.qid: item for item in items}
    widths: dict[str, list[float]] = {}
    held: dict[str, list[bool]] = {}
    for seed in range(draws):
        run = audit_sample(list(by_qid), RUN, 100_000 + seed)
        accuracy = sum(by_qid[q].verdict == CORRECT for q in run) / len(run)
        sample = audit_sample(run, RUN_MARKS, seed)
        grades = [by_qid[q].grade for q in run]
        reviews = {q: [mark(by_qid[q], seed)] for q in sample}
        intervals = estimates(grades, reviews)
        person = {q: 1.0 if by_qid[q].verdict == CORRECT else 0.0 for q in sample}
        rules = {q: 1.0 if by_qid[q].grade.verdict == CORRECT else 0.0 for q in sample}
        intervals["plain_ppi"] = plain_ppi(
            [1.0 if g.verdict == CORRECT else 0.0 for g in grades],
            [(person[q], rules[q]) for q in sample],
        )
        intervals["stratppi_no_floor"] = without_floor(grades, [by_qid[q] for q in sample])
        intervals["post_stratified"] = post_stratified(
            [stratum(g) for g in grades],
            [(stratum(by_qid[q].grade), person[q]) for q in sample],
        )
        for name, interval in intervals.items():
            widths.setdefault(name, []).append(interval.width or 0.0)
            held.setdefault(name, []).append(interval.holds(accuracy))
    mean = {name: statistics.fmean(found) for name, found in widths.items()}

    def figures(name: str) -> dict[str, float]:
        return {
            "width": round(mean[name], 4),
            "narrower_by": round(1 - mean[name] / mean["marks"], 4),
            "coverage": round(sum(held[name]) / draws, 4),
        }

    return {
        "run": RUN,
        "marks": RUN_MARKS,
        "marks_width": round(mean["marks"], 4),
        "marks_coverage": round(sum(held["marks"]) / draws, 4),
        "draws": draws,
        "estimators": {method: figures(method) for method in ESTIMATORS},
        "for_comparison": {
            name: figures(name) for name in ("plain_ppi", "stratppi_no_floor", "post_stratified")
        },
    }


def speed(items: Sequence[Labelled]) -> dict[str, float]:
    """How long `agreement`'s figures take over 10,000 marks (the first 10,000 answers, each
    read twice where there are fewer)."""
    marks = [mark(item, 0) for item in items]
    rows = [(item.grade, None, {}, [m]) for item, m in zip(items, marks, strict=True)]
    while len(rows) < 10_000:
        rows += rows[: 10_000 - len(rows)]
    started = time.perf_counter()
    quoted_agreement(rows[:10_000], 0)
    return {"marks": 10_000, "seconds": round(time.perf_counter() - started, 3)}


def report_set(
    name: str, items: Sequence[Labelled], draws: int, sizes: Sequence[int] = SIZES
) -> dict[str, object]:
    started = time.perf_counter()
    found = {
        "set": name,
        "answers": len(items),
        "judged": sum(item.grade.verdict != UNJUDGED for item in items),
        "truth": {k: round(v, 4) for k, v in truth(items).items()},
        "coverage": coverage(items, draws, sizes),
        "run_of_1000": narrower(items, draws),
        "agreement_speed": speed(items),
    }
    print(f"{name}: measured in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return found


def verdicts(report: dict[str, object]) -> list[str]:
    """Each target, met or not, in one line: the agreement's and kappa's coverage, then each
    estimator's (its coverage and how much narrower than the marks' own it is)."""
    lines = []
    for found in report["sets"]:  # type: ignore[attr-defined]
        for method in (None, *ESTIMATORS, NO_FLOOR):
            figures = ("agreement", "kappa") if method is None else (f"accuracy ({method})",)
            low = [
                row
                for row in found["coverage"]
                if row["figure"] in figures and row["coverage"] < COVERAGE_TARGET
            ]
            said = "agreement and kappa" if method is None else f"accuracy ({method})"
            if method == NO_FLOOR:
                said += " (for comparison)"
            lines.append(
                f"{found['set']}: {said}: coverage >= {COVERAGE_TARGET:.0%}: "
                + (
                    "met"
                    if not low
                    else "NOT met: "
                    + ", ".join(f"{r['figure']} at {r['marks']} ({r['coverage']:.1%})" for r in low)
                )
            )
            if method is None:
                continue
            run = found["run_of_1000"]
            narrow = (
                run["for_comparison"]["stratppi_no_floor"]
                if method == NO_FLOOR
                else run["estimators"][method]
            )["narrower_by"]
            lines.append(
                f"{found['set']}: {said}: interval >= {NARROWER_TARGET:.0%} narrower "
                f"than the marks' own: {'met' if narrow >= NARROWER_TARGET else 'NOT met'} "
                f"({narrow:.1%})"
            )
    return lines


def print_report(report: dict[str, object]) -> None:
    print(
        f"draws: {report['draws']} per sample size; 95% intervals (agreement: Wilson; kappa: BCa "
        f"bootstrap, 2,000 resamples; accuracy: {', '.join(ESTIMATORS)} and Wilson; the tools "
        f"print {PEOPLE_METHOD})"
    )
    for found in report["sets"]:  # type: ignore[attr-defined]
        truth_line = ", ".join(f"{k} {v:.3f}" for k, v in found["truth"].items())
        print(
            f"\n{found['set']}: {found['answers']} answers, {found['judged']} judged by the "
            f"rules; from all labels: {truth_line}"
        )
        print(f"  {'marks':>5}  {'figure':<42}{'truth':>7}{'coverage':>10}{'mean width':>12}")
        for row in found["coverage"]:
            undefined = f"  ({row['undefined']} undefined)" if row["undefined"] else ""
            print(
                f"  {row['marks']:>5}  {row['figure']:<42}{row['truth']:>7.3f}"
                f"{row['coverage']:>10.1%}{row['mean_width']:>12.3f}{undefined}"
            )
        run = found["run_of_1000"]
        print(
            f"  {run['marks']} audit marks on a run of {run['run']}: marks' own width "
            f"{run['marks_width']:.3f} (holds {run['marks_coverage']:.1%})"
        )
        for name, other in run["estimators"].items():
            tools = " (the tools')" if name == PEOPLE_METHOD else ""
            print(
                f"    {name}{tools}: width {other['width']:.3f} (holds {other['coverage']:.1%}), "
                f"narrower by {other['narrower_by']:.1%}"
            )
        for name, other in run["for_comparison"].items():
            print(
                f"    for comparison, {name.replace('_', ' ')} (not what the tools print): width "
                f"{other['width']:.3f} (holds {other['coverage']:.1%}), narrower by "
                f"{other['narrower_by']:.1%}"
            )
        speed_found = found["agreement_speed"]
        print(
            f"  agreement's figures over {speed_found['marks']:,} marks: {speed_found['seconds']} s"
        )
    print()
    for line in verdicts(report):
        print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--draws", type=int, default=200, help="seeded draws per size (200)")
    parser.add_argument("--financebench", type=Path, default=FINANCEBENCH)
    parser.add_argument("--evouna", type=Path, default=EVOUNA)
    parser.add_argument(
        "--sizes",
        type=lambda text: tuple(int(size) for size in text.split(",")),
        default=SIZES,
        help="audit sizes whose coverage is measured, comma-separated (50,200)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sets = []
    if args.financebench.exists():
        sets.append(
            report_set("financebench", financebench(args.financebench), args.draws, args.sizes)
        )
    else:
        print(f"no FinanceBench data at {args.financebench}", file=sys.stderr)
    if args.evouna.exists():
        sets.append(report_set("evouna-tq", evouna(args.evouna), args.draws, args.sizes))
    else:
        print(f"no EVOUNA data at {args.evouna}", file=sys.stderr)
    if not sets:
        return 2
    report: dict[str, object] = {"draws": args.draws, "sets": sets}
    report["targets"] = verdicts(report)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
