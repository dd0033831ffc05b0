"""The people's estimate of a run's accuracy: the rules' score over every answer corrected by
what people said of a random sample of it, with its 95% interval (`grader.audit.measure.
Interval`) beside the marks' own (`grader.audit.measure.wilson`).

Pure and standard library only (no numpy: it is not a dependency). Two tools:

- `ppi`: the people's estimate of a run's accuracy by prediction-powered inference (Angelopoulos
  et al., Science 2023), power-tuned as the authors' reference implementation (``ppi_py``) is
  by default (PPI++: the rules' score over every answer, weighted by a lambda estimated from
  the data, corrected by the mean difference between the people and the weighted rules over a
  random sample of marked answers), with its interval from the normal approximation (the two
  variances added, the correction's never below what the marks can vouch for:
  `least_spread`), beside the marks' own (`wilson`);
- `stratified_ppi`: the same run inside strata of known size and weighted by their share of the
  run (StratPPI, Fisch et al., NeurIPS 2024), strata with fewer than two marks collapsed
  (`collapsed`), each stratum's variance floored as `ppi`'s; or, what the tools print
  (`grader.audit.corrected.PEOPLE_METHOD`, `STRAT_PPI_ADJUSTED`), each stratum where the
  rules' value is constant (a proportion) by Price and Bonett's adjusted Wald (2004:
  `adjusted_wald`) instead of the floor. bench/bench_measure.py measures all three.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grader.audit.measure import Z95, Interval, _round, wilson

# --- PPI++ over the run --------------------------------------------------------------------------


def _mean_variance(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the (n - 1) sample variance (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, sum((v - mean) ** 2 for v in values) / (n - 1)


PPI_PLUS = "PPI++"
STRAT_PPI = "StratPPI"
STRAT_PPI_ADJUSTED = "StratPPI, adjusted Wald"


@dataclass(frozen=True, slots=True)
class Stratum:
    """One stratum of `stratified_ppi`: the strata it holds (several when too few marks fell in
    them: collapsed), its answers N_k and marks n_k, its share of the run w_k = N_k / N, and its
    PPI++ estimate, that estimate's variance and the lambda used."""

    names: tuple[str, ...]
    answers: int
    marks: int
    share: float
    estimate: float
    variance: float
    weight: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "answers": self.answers,
            "marks": self.marks,
            "share": _round(self.share),
            "estimate": _round(self.estimate),
            "variance": _round(self.variance),
            "lambda": _round(self.weight),
        }


@dataclass(frozen=True, slots=True)
class Corrected:
    """The people's estimate of a share (``ppi``) beside the marks' own (``marks``) and the
    rules' uncorrected share over every answer (``rules``), and how it was made (``method``:
    `PPI_PLUS`, or `STRAT_PPI` with its ``strata``)."""

    rules: float
    answers: int
    ppi: Interval
    marks: Interval
    weight: float | None = 1.0  # PPI++'s lambda: the weight given to the rules' values
    method: str = PPI_PLUS
    strata: tuple[Stratum, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "method": self.method,
            "rules": _round(self.rules),
            "answers": self.answers,
            "corrected": self.ppi.to_dict(),
            "lambda": _round(self.weight),
            "marks_alone": self.marks.to_dict(),
        }
        if self.strata:
            found["strata"] = [stratum.to_dict() for stratum in self.strata]
        return found


def power_tuning(predicted: Sequence[float], sample: Sequence[tuple[float, float]]) -> float:
    """PPI++'s lambda (Angelopoulos, Duchi and Zrnic 2023, the variance-minimising weight of
    the rules' values), as ``ppi_py`` estimates it from the data by default: the covariance of
    the people's and the rules' values over the sample (divided by n) over (1 + n/N) times the
    variance of the rules' values over the sample and the run together (divided by their
    count less one), clipped to [0, 1]; 0 where the rules' values never vary (any lambda then
    gives the same estimate)."""
    n, total = len(sample), len(predicted)
    people = [p for p, _r in sample]
    rules = [r for _p, r in sample]
    people_mean, rules_mean = sum(people) / n, sum(rules) / n
    covariance = sum((p - people_mean) * (r - rules_mean) for p, r in sample) / n
    _mean, variance = _mean_variance([*rules, *predicted])
    if variance <= 0:
        return 0.0
    return min(1.0, max(0.0, covariance / ((1 + n / total) * variance)))


def least_spread(n: int, z: float = Z95) -> float:
    """The least variance of the correction (people - lam x rules) that ``n`` marks at random
    can vouch for: that of a 0/1 variable whose rate is Wilson's 95% upper bound for none seen
    in ``n``, ``q = z²/(n + z²)``, so ``q(1 - q)``.

    Why: the correction's variance is estimated from the sample, and a sample that shows no
    difference (two marks that both agree with the rules) estimates it as 0, which made the
    interval a point (``0.0% [0.0%, 0.0%]`` from two marks). A sample of ``n`` that saw no
    difference still leaves a rate up to ``q`` possible (the bound of `wilson` for 0 of
    ``n``), and so a variance up to ``q(1 - q)``: the interval is never narrower than that.
    It is the floor, not a term added: where the marks show differences (50 or 200 marks on
    a run the rules grade fairly) their own variance is larger and the interval is
    ``ppi_py``'s (bench/bench_measure.py's coverage stands). Where the rules are given no
    weight (lam 0: the estimate is the people's share) and the marks all say the same, the
    interval's far end is exactly Wilson's for none of ``n`` (z·sqrt(q(1 - q)/n) = q): the
    people's estimate then claims no more than the marks alone.
    """
    q = z * z / (n + z * z)
    return q * (1 - q)


def _ppi_terms(
    predicted: Sequence[float],
    sample: Sequence[tuple[float, float]],
    lam: float | None,
    floor: bool = True,
) -> tuple[float, float, float]:
    """PPI++'s estimate of a mean, the variance of that estimate, and the lambda used
    (`ppi`'s arithmetic, before the interval is made): lam x the rules' mean over ``predicted``
    plus the sample's mean of (people - lam x rules); the variance lam² var(rules)/N +
    max(var(people - lam x rules), `least_spread`(n))/n, each var the population variance over
    its count, as ``ppi_py`` computes them (without ``floor``, no `least_spread`)."""
    n, total = len(sample), len(predicted)
    weight = power_tuning(predicted, sample) if lam is None else lam
    rules_mean = sum(predicted) / total
    rules_spread = sum((weight * (v - rules_mean)) ** 2 for v in predicted) / total
    corrections = [person - weight * rule for person, rule in sample]
    correction = sum(corrections) / n
    correction_spread = sum((c - correction) ** 2 for c in corrections) / n
    if floor:
        correction_spread = max(correction_spread, least_spread(n))
    return (
        weight * rules_mean + correction,
        rules_spread / total + correction_spread / n,
        weight,
    )


def _normal(estimate: float, variance: float, n: int) -> Interval:
    """The 95% normal interval of an estimate, cut to [0, 1] (an accuracy lies there)."""
    half = Z95 * math.sqrt(variance)
    return Interval(estimate, max(0.0, estimate - half), min(1.0, estimate + half), n)


def ppi(
    predicted: Sequence[float], sample: Sequence[tuple[float, float]], lam: float | None = None
) -> Corrected | None:
    """Prediction-powered inference of a mean (Angelopoulos et al., Science 2023), power-tuned
    as its authors' reference implementation does by default (PPI++, Angelopoulos, Duchi and
    Zrnic 2023: ``ppi_py.ppi_mean_ci`` with ``lam=None``).

    Args:
        predicted: The rules' value (1 correct, 0 not) for every answer of the run (the
            reference's unlabelled predictions: here the whole run, the sample within it).
        sample: For each answer of a uniform random sample that people marked, (the people's
            value, the rules' value).
        lam: The weight of the rules' values; None (the default) estimates it from the data
            (`power_tuning`); 1 is the original PPI, 0 the people's mean over the sample alone.

    Returns:
        lam times the rules' mean over the run, plus the sample's mean of (people - lam x rules),
        with the 95% interval of the normal approximation (the variance of lam x the rules' mean
        over the run plus that of the correction over the sample, each the population variance
        over its count, as the reference computes them, the correction's never below
        `least_spread`), cut to [0, 1]; beside Wilson's interval of the people's values over
        the sample alone; None with no answer or no sample.
    """
    if not predicted or not sample:
        return None
    n, total = len(sample), len(predicted)
    estimate, variance, weight = _ppi_terms(predicted, sample, lam)
    rules_mean = sum(predicted) / total
    corrected = _normal(estimate, variance, n)
    return Corrected(rules_mean, total, corrected, wilson(sum(p for p, _r in sample), n), weight)


# --- StratPPI: PPI++ inside strata of the run ----------------------------------------------------


def adjusted_wald(people: Sequence[float], strata: int) -> tuple[float, float]:
    """One stratum's share and its variance by Price and Bonett's adjusted Wald interval for a
    linear function of ``strata`` independent binomial proportions (R. M. Price and D. G.
    Bonett, "An improved confidence interval for a linear function of binomial proportions",
    Computational Statistics & Data Analysis 45(3), 2004, 449-456; R's ``statpsych::
    ci.lc.prop.bs``): 2/m successes and 2/m failures added to each of the m proportions,

        p~ = (x + 2/m) / (n + 4/m),    Var(p~) = p~ (1 - p~) / (n + 4/m),

    x the people's correct among the stratum's n marks (a share where several reviewers
    marked one answer). With m = 1 it is Agresti and Coull's "add two successes and two
    failures" (1998), with m = 2 Agresti and Caffo's "add one of each" (2000); the authors
    spread the four pseudo-marks over the m proportions because adding them to each makes the
    interval of a sum of proportions too wide. The adjustment vanishes as n grows.

    Why this one (chosen from the literature before it was measured, issue 45): where the
    rules' value is constant in a stratum (strata by the rules' verdict), StratPPI's estimate is
    sum_k w_k p_k, the run's shares w_k known, the p_k the people's shares of independent
    samples: exactly the linear function of binomial proportions this interval was made for,
    and the plug-in variance p(1 - p)/n, 0 where a stratum's marks all agree, is the Wald
    interval's failure it corrects.

    Returns:
        (p~, Var(p~)); with no mark, p~ = 1/2 (the pseudo-marks alone).
    """
    pseudo = 2 / strata
    share = (sum(people) + pseudo) / (len(people) + 2 * pseudo)
    return share, share * (1 - share) / (len(people) + 2 * pseudo)


# Fewer marks than this in a stratum give no variance: such strata are collapsed together.
MIN_STRATUM_MARKS = 2


def collapsed(marks: Mapping[str, int]) -> list[tuple[str, ...]]:
    """The strata `stratified_ppi` estimates, from how many marks fell in each (in the order
    given): every stratum with at least `MIN_STRATUM_MARKS` marks on its own; those with fewer
    (one mark, or none) pooled into one stratum, and while that pool still holds fewer than
    `MIN_STRATUM_MARKS` marks, the stratum with the fewest marks (the first given on a tie) is
    pooled in too, until it holds enough or nothing is left to pool (then every stratum is one:
    plain PPI++). The pool takes the place of its first stratum; its names keep their order.

    Collapsing strata is survey sampling's standard remedy for strata with fewer than two
    sampled units, where no within-stratum variance can be estimated (collapsed strata:
    Cochran, Sampling Techniques, 1977, ch. 5A; Wolter, Introduction to Variance Estimation,
    2007): the pooled stratum's variance is estimated over its marks together.
    """
    order = list(marks)
    alone: list[tuple[str, ...]] = [(name,) for name in order if marks[name] >= MIN_STRATUM_MARKS]
    pool = tuple(name for name in order if marks[name] < MIN_STRATUM_MARKS)
    if not pool:
        return alone
    while sum(marks[name] for name in pool) < MIN_STRATUM_MARKS and alone:
        fewest = min(alone, key=lambda group: marks[group[0]])
        alone.remove(fewest)
        pool += fewest
    groups = [*alone, tuple(sorted(pool, key=order.index))]
    return sorted(groups, key=lambda group: order.index(group[0]))


def stratified_ppi(
    strata: Sequence[str],
    predicted: Sequence[float],
    sample: Sequence[tuple[str, float, float]],
    floor: bool = True,
    adjusted: bool = False,
) -> Corrected | None:
    """Stratified prediction-powered inference of a mean (StratPPI: Fisch et al., "Stratified
    Prediction-Powered Inference for Hybrid Language Model Evaluation", NeurIPS 2024), PPI++
    run inside strata of known size and weighted by their share of the run:

        theta = sum_k w_k theta_k,    Var(theta) = sum_k w_k² Var(theta_k),

    with w_k = N_k / N the stratum's share of the run's N answers, and theta_k, Var(theta_k)
    the stratum's PPI++ estimate and variance (`ppi`'s, its lambda_k tuned within the stratum as
    the paper tunes each stratum's for a mean: `power_tuning`): lambda_k x the rules' mean over
    the stratum's N_k answers plus the mean of (people - lambda_k x rules) over its n_k marks;
    lambda_k² var_k(rules) / N_k + max(var_k(people - lambda_k x rules), `least_spread`(n_k))
    / n_k. The 95% interval is the normal one, cut to [0, 1].

    Where the rules' value is constant in a stratum (strata by the rules' verdict), lambda_k is
    0 and theta_k is the people's mean over the stratum's marks: the people's share post-
    stratified by the rules' verdict. A uniform random sample of the run is, given how many of
    its marks fell in each stratum, a uniform sample within each: the stratified estimate holds
    for it as for a sample drawn stratum by stratum.

    Strata with fewer than `MIN_STRATUM_MARKS` marks (one, or none: no variance, or no
    estimate, within them) are collapsed (`collapsed`): pooled into one stratum, run as plain
    PPI++ over the pooled answers and marks; a pool that still has too few takes in the
    stratum with the fewest marks (on a tie, the first by name). A sample too small for any two
    strata is plain PPI++ over the run (the same figure as `ppi`). A stratum's variance is never
    below what its marks can vouch for (`least_spread`), as in `ppi`: a stratum whose marks all
    agree is not certain.

    Args:
        strata: Every answer's stratum (e.g. the rules' verdict), in the run's order.
        predicted: Every answer's rules' value (1 correct, 0 not), in the same order.
        sample: For each answer of a uniform random sample that people marked, (its stratum,
            the people's value, the rules' value).
        floor: False leaves out `least_spread`: the paper's plug-in variances alone, which a
            stratum whose marks all agree makes 0 (for comparison only: the bench measures it).
        adjusted: Every stratum whose rules' value is constant over its answers (lambda 0: its
            estimate a proportion of its marks) is estimated by `adjusted_wald`, m being the
            number of strata estimated (after `collapsed`): its estimate and variance Price and
            Bonett's, instead of the marks' share and the floored plug-in variance; a stratum
            whose rules' values vary (a pool of verdicts the rules score apart, or a rule such
            as a money violation that varies within a verdict) is PPI++ as without it (floored
            as ``floor`` says). The method is then `STRAT_PPI_ADJUSTED`.

    Returns:
        The estimate with its interval and its strata (`Corrected`, method `STRAT_PPI`, or
        `STRAT_PPI_ADJUSTED` with ``adjusted``, a stratum's estimate then p~ where it was
        adjusted; ``weight`` None: each stratum has its own lambda), beside Wilson's interval of the
        people's values over the sample alone; None with no answer or no sample.

    Raises:
        ValueError: ``strata`` and ``predicted`` differ in length, or a marked answer's stratum
            is no answer's of the run.
    """
    if len(strata) != len(predicted):
        raise ValueError(f"{len(strata)} strata for {len(predicted)} answers")
    if not predicted or not sample:
        return None
    answers: dict[str, list[float]] = {}
    for name, value in zip(strata, predicted, strict=True):
        answers.setdefault(name, []).append(value)
    # strata in their names' order, not the run's: the same answers in another order are the
    # same estimate (which stratum a too-small pool takes in on a tie depends on the order)
    marked: dict[str, list[tuple[float, float]]] = {name: [] for name in sorted(answers)}
    for name, person, rule in sample:
        if name not in marked:
            raise ValueError(f"a marked answer's stratum {name!r} is no answer's of the run")
        marked[name].append((person, rule))
    total, n = len(predicted), len(sample)
    found = []
    groups = collapsed({name: len(marks) for name, marks in marked.items()})
    for group in groups:
        values = [v for name in group for v in answers[name]]
        marks = [pair for name in group for pair in marked[name]]
        if adjusted and len({*values, *(rule for _p, rule in marks)}) == 1:
            estimate, variance = adjusted_wald([person for person, _r in marks], len(groups))
            weight = 0.0
        else:
            estimate, variance, weight = _ppi_terms(values, marks, None, floor)
        found.append(
            Stratum(group, len(values), len(marks), len(values) / total, estimate, variance, weight)
        )
    estimate = sum(stratum.share * stratum.estimate for stratum in found)
    variance = sum(stratum.share**2 * stratum.variance for stratum in found)
    return Corrected(
        sum(predicted) / total,
        total,
        _normal(estimate, variance, n),
        wilson(sum(person for _s, person, _r in sample), n),
        None,
        STRAT_PPI_ADJUSTED if adjusted else STRAT_PPI,
        tuple(found),
    )
