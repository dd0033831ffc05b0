"""The run's score corrected by what people read (DESIGN 4 rule 8, v4).

Once a run holds marks on answers picked at random (an audit sample, imported labels of a random
sample or of every answer: `grader.records.marks.AT_RANDOM`), the people's estimate of its
accuracy stands beside the rules': the people's share of correct answers within each stratum of
the rules' verdict, weighted by the stratum's share of the run (stratified prediction-powered
inference, StratPPI: `grader.audit.ppi.stratified_ppi`), each stratum's share and its variance
by Price and Bonett's adjusted Wald for a linear function of binomial proportions
(`grader.audit.ppi.adjusted_wald`: a stratum whose marks all agree with the rules is not
certain), with its 95% interval beside the interval the marks alone give; `grade`'s scorecard,
`grade --json` and `compare` all read it from here (`PEOPLE_METHOD`).

- The rules' share here is correct over **every** answer: an unjudged answer counts as not
  correct for the rules (the scorecard's overall is over the judged answers only), and the
  sample's correction carries what the people said of it. A run whose rules abstain a lot
  still gets an honest figure.
- An answer marked by several reviewers counts each one's verdict equally (the share of them
  that say correct).
- The same for ``ZERO-WRONG-MONEY``: over the money questions and the negatives, the rules'
  violation rate corrected by the sample, where a person's mark of wrong on an answer that
  asserts an amount (and that the mark does not say declined) is a violation.
- `people_estimate` can also run PPI++ over the run (`grader.audit.ppi.ppi`, its correction's
  variance never below `grader.audit.ppi.least_spread`: the tools' estimator until issue 45's
  measure) and StratPPI with that floor in each stratum. Over 200 and 1,000 seeded draws
  (`bench/bench_measure.py`) only the adjusted StratPPI both covers (>= 93% at 50 and 200
  marks) and is >= 30% narrower than the marks' own on both sets (100 marks on a run of
  1,000: 40.4% FinanceBench, 45.2% EVOUNA; 40.7% and 46.4% over 1,000 draws); PPI++ is
  29.6% narrower on FinanceBench and covers 92.5% of 200 draws at 200 marks on EVOUNA, the
  floored StratPPI 23.8% narrower on EVOUNA.
- **Every answer marked** (imported labels of every answer, an audit as large as the run): no
  sample is drawn, so there is nothing to estimate: the figure is the people's own share over
  the run, without an interval's width (`CENSUS`; the same for the money violations when every
  money question and negative is marked). An estimator's pseudo-counts would move it off the
  people's figure (70.1% where the marks say 70.0%).
- Where a stratum's rules' value varies (strata pooled across the rules' verdicts when one has
  fewer than 2 marks, or the money violations within a verdict) it is PPI++ inside the
  stratum, floored: only a proportion is adjusted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grader.audit.measure import Interval
from grader.audit.ppi import (
    PPI_PLUS,
    STRAT_PPI,
    STRAT_PPI_ADJUSTED,
    Corrected,
    ppi,
    stratified_ppi,
)
from grader.records.marks import AT_RANDOM, Mark
from grader.rules.verdict import CORRECT, WRONG, Grade

UNJUDGED_NOTE = "unjudged answers count as not correct for the rules in this estimate"
CENSUS = "census"  # every answer marked: the people's own share, nothing estimated

# How each estimator is made, as `grade --json` states it in ``method``.
METHODS = {
    PPI_PLUS: "prediction-powered inference (Angelopoulos et al. 2023), power-tuned "
    "as ppi_py's ppi_mean_ci by default (PPI++, Angelopoulos, Duchi and Zrnic 2023: "
    "lambda estimated from the data), 95% normal interval, the correction's variance "
    "never below that of Wilson's bound for none of n; marks alone: Wilson",
    STRAT_PPI: "stratified prediction-powered inference (StratPPI, Fisch et al. 2024): PPI++ "
    "inside each stratum of the rules' verdict, weighted by its share of the run, variances "
    "combined with the squared shares; strata with fewer than 2 marks collapsed into one; "
    "each stratum's correction's variance never below that of Wilson's bound for none of its "
    "n; 95% normal interval; marks alone: Wilson",
    CENSUS: "every answer of the run marked: the people's own share over the run (each "
    "answer's marks counted equally), no sample drawn, so no sampling interval",
    STRAT_PPI_ADJUSTED: "stratified prediction-powered inference (StratPPI, Fisch et al. "
    "2024) by the rules' verdict, each stratum's people's share and its variance by Price and "
    "Bonett's adjusted Wald for a linear function of m binomial proportions (2004: 2/m "
    "correct and 2/m not added to each stratum's marks), weighted by its share of the run, "
    "variances combined with the squared shares; strata with fewer than 2 marks collapsed "
    "into one; 95% normal interval; marks alone: Wilson",
}


@dataclass(frozen=True)
class PeopleEstimate:
    """The people's estimate of a run's accuracy and of its money violations (None when the
    sample holds no money question or negative)."""

    sample: int  # answers marked that were picked at random
    marks: int
    accuracy: Corrected
    violations: Corrected | None
    money_answers: int

    def violation_count(self) -> Interval | None:
        """The corrected violation rate as a count of the run's money questions and negatives."""
        if self.violations is None:
            return None
        rate, total = self.violations.ppi, self.money_answers
        return Interval(
            None if rate.value is None else rate.value * total,
            None if rate.low is None else max(0.0, rate.low * total),
            None if rate.high is None else rate.high * total,
            rate.n,
        )

    def to_dict(self) -> dict[str, Any]:
        count = self.violation_count()
        return {
            "sample": {"answers": self.sample, "marks": self.marks, "picked": list(AT_RANDOM)},
            "method": METHODS[self.accuracy.method],
            "accuracy": {**self.accuracy.to_dict(), "note": UNJUDGED_NOTE},
            "money_violations": None
            if self.violations is None or count is None
            else {
                **self.violations.to_dict(),
                "count": count.to_dict(),
                "of": "money questions and negatives",
            },
        }

    def lines(self) -> list[str]:
        """The human form, in the scorecard's columns."""
        accuracy = self.accuracy
        if accuracy.method == CENSUS:
            return [
                f"people's figure   {accuracy.ppi.value or 0:.1%} of {accuracy.answers} answers: "
                "every answer marked, the people's own share (nothing estimated)",
                f"                  (the rules' {accuracy.rules:.1%}; unjudged answers count as "
                "not correct for the rules here)",
                *self._money_lines(),
            ]
        stratified = " (StratPPI, by the rules' verdict)" if accuracy.method == STRAT_PPI else ""
        found = [
            f"people's estimate {_ranged(accuracy.ppi)} of {accuracy.answers} answers: the "
            f"rules' {accuracy.rules:.1%} corrected by {self.sample} marked at random" + stratified,
            f"                  (marks alone {_ranged(accuracy.marks)}, n={accuracy.marks.n}; "
            "unjudged answers count as not correct for the rules here)",
        ]
        if accuracy.method == STRAT_PPI_ADJUSTED:
            found.append(
                "                  (StratPPI by the rules' verdict, each stratum by Price and "
                "Bonett's adjusted Wald)"
            )
        return found + self._money_lines()

    def _money_lines(self) -> list[str]:
        found: list[str] = []
        count = self.violation_count()
        if self.violations is not None and count is not None and count.value is not None:
            found += [
                f"money (people)    violation rate {_ranged(self.violations.ppi)} of "
                f"{self.money_answers} money questions and negatives: about {count.value:.1f} "
                f"[{count.low:.1f}, {count.high:.1f}]",
                f"                  (the rules' {self.violations.rules:.1%}; marks alone "
                f"{_ranged(self.violations.marks)}, n={self.violations.marks.n})",
            ]
        return found


def _ranged(interval: Interval) -> str:
    return interval.describe(percent=True).rsplit(" n=", 1)[0]


def _random_marks(marks: Sequence[Mark]) -> list[Mark]:
    return [mark for mark in marks if mark.picked.how in AT_RANDOM]


def _estimated(
    method: str,
    strata: Sequence[str],
    predicted: Sequence[float],
    sample: Sequence[tuple[str, float, float]],
) -> Corrected | None:
    if method in (STRAT_PPI, STRAT_PPI_ADJUSTED):
        return stratified_ppi(strata, predicted, sample, adjusted=method == STRAT_PPI_ADJUSTED)
    return ppi(predicted, [(person, rule) for _s, person, rule in sample])


ESTIMATORS = (STRAT_PPI_ADJUSTED, STRAT_PPI, PPI_PLUS)
PEOPLE_METHOD = STRAT_PPI_ADJUSTED  # the estimator the tools print


def people_estimate(
    grades: Sequence[Grade], reviews: Mapping[str, Sequence[Mark]], method: str = PEOPLE_METHOD
) -> PeopleEstimate | None:
    """The people's estimate of a run's accuracy (and money violations) from the marks picked
    at random; None when the run holds none (or no answer).

    Args:
        grades: Today's grades of every answer of the run.
        reviews: Every reviewer's latest mark per qid (`grader.records.marks.read_reviews`).
        method: `STRAT_PPI_ADJUSTED` or `STRAT_PPI` (strata: the rules' verdict) or `PPI_PLUS`
            (`ESTIMATORS`).
    """
    if method not in ESTIMATORS:
        raise ValueError(f"no estimator {method!r}: one of {', '.join(ESTIMATORS)}")
    strata = [grade.verdict for grade in grades]
    predicted = [1.0 if grade.verdict == CORRECT else 0.0 for grade in grades]
    sample: list[tuple[str, float, float]] = []
    money_strata: list[str] = []
    money_predicted: list[float] = []
    money_sample: list[tuple[str, float, float]] = []
    marks_counted = 0
    for grade, rule in zip(grades, predicted, strict=True):
        money = grade.money.is_money or grade.kind == "negative"
        if money:
            money_strata.append(grade.verdict)
            money_predicted.append(1.0 if grade.money.violation else 0.0)
        marks = _random_marks(reviews.get(grade.qid, ()))
        if not marks:
            continue
        marks_counted += len(marks)
        person = sum(mark.verdict == CORRECT for mark in marks) / len(marks)
        sample.append((grade.verdict, person, rule))
        if money:
            violated = [
                mark.verdict == WRONG and bool(grade.money.asserted) and mark.declined is not True
                for mark in marks
            ]
            money_sample.append(
                (
                    grade.verdict,
                    sum(violated) / len(violated),
                    1.0 if grade.money.violation else 0.0,
                )
            )
    accuracy = _estimated_or_counted(method, strata, predicted, sample)
    if accuracy is None:
        return None
    return PeopleEstimate(
        len(sample),
        marks_counted,
        accuracy,
        _estimated_or_counted(method, money_strata, money_predicted, money_sample),
        len(money_predicted),
    )


def _estimated_or_counted(
    method: str,
    strata: Sequence[str],
    predicted: Sequence[float],
    sample: Sequence[tuple[str, float, float]],
) -> Corrected | None:
    """`_estimated`, but where every answer is marked (`CENSUS`) the people's own share."""
    if not sample or len(sample) < len(predicted):
        return _estimated(method, strata, predicted, sample)
    share = sum(person for _s, person, _r in sample) / len(sample)
    counted = Interval(share, share, share, len(sample))
    rules = sum(predicted) / len(predicted)
    return Corrected(rules, len(predicted), counted, counted, weight=None, method=CENSUS)
