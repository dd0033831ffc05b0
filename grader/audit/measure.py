"""Figures from the marks that can be quoted: each with its 95% interval and its n.

Pure and standard library only (no numpy: it is not a dependency). Five tools:

- `audit_sample`: the audit order, a seeded uniform sample of a run's answers (same seed, same
  sample);
- `wilson`: the interval of a share over a random sample (the marks' own estimate of accuracy);
- `bootstrap`: agreement and Cohen's kappa of a grader against the people, each with its 95%
  interval (`AGREED_METHOD`): the agreement's is Wilson's score interval over the answers, and
  kappa's a seeded BCa bootstrap over answers (bias-corrected and accelerated, Efron 1987;
  Efron and Tibshirani 1993, ch. 14). A plain percentile bootstrap under-covers here: with 50
  marks and an agreement near 0.9 there are a handful of disagreements, the resampled share is
  discrete and skewed, and its percentiles are the Wald interval's, which Brown, Cai and
  DasGupta (2001) show falls well short of 95% there; kappa, a ratio of such shares, inherits
  the skew and a bias that BCa's two terms correct. Both figures depend only on how many answers
  show each pattern of (grader verdict, reviewers' verdicts), so a resample of the answers is a
  multinomial draw over the patterns (`multinomial`): the same distribution as drawing answers
  one by one, at the cost of a few binomial draws per resample, whatever the number of marks;
  and the jackknife behind BCa's acceleration is one leave-one-out value per pattern;
- `ppi`: the people's estimate of a run's accuracy by prediction-powered inference (Angelopoulos
  et al., Science 2023), power-tuned as the authors' reference implementation (``ppi_py``) is
  by default (PPI++: the rules' score over every answer, weighted by a lambda estimated from
  the data, corrected by the mean difference between the people and the weighted rules over a
  random sample of marked answers), with its interval from the normal approximation (the two
  variances added, the correction's never below what the marks can vouch for:
  `least_spread`), beside the marks' own (`wilson`);
- `stratified_ppi`: the same run inside strata of known size and weighted by their share of the
  run (StratPPI, Fisch et al., NeurIPS 2024), strata with fewer than two marks collapsed
  (`collapsed`); measured beside `ppi` by bench/bench_measure.py, not what the tools print.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile
RESAMPLES = 2_000


@dataclass(frozen=True, slots=True)
class Interval:
    """A figure, its 95% interval, and the n it is computed over (None where undefined)."""

    value: float | None
    low: float | None
    high: float | None
    n: int

    def holds(self, figure: float) -> bool:
        return self.low is not None and self.high is not None and self.low <= figure <= self.high

    @property
    def width(self) -> float | None:
        return None if self.low is None or self.high is None else self.high - self.low

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": _round(self.value),
            "low": _round(self.low),
            "high": _round(self.high),
            "n": self.n,
        }

    def describe(self, percent: bool = False) -> str:
        """``0.812 [0.701, 0.905] n=60`` (``81.2% [70.1%, 90.5%]`` with ``percent``)."""
        if self.value is None:
            return f"n/a n={self.n}"

        def show(x: float | None) -> str:
            if x is None:
                return "?"
            return f"{x:.1%}" if percent else f"{x:.3f}"

        return f"{show(self.value)} [{show(self.low)}, {show(self.high)}] n={self.n}"


NOTHING = Interval(None, None, None, 0)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


# --- the audit order -----------------------------------------------------------------------------


def audit_sample(qids: Sequence[str], size: int, seed: int = 0) -> list[str]:
    """A uniform random sample of ``size`` of ``qids`` without replacement, in the order drawn
    (the order the app shows it in): the same seed and qids give the same sample. A size beyond
    the run's takes every answer, in a random order."""
    return random.Random(seed).sample(list(qids), min(size, len(qids)))


# --- a share over a random sample -----------------------------------------------------------------


def wilson(successes: float, n: int, z: float = Z95) -> Interval:
    """Wilson's score interval of a share: ``successes`` of ``n`` (a fractional count when an
    answer read by several people counts each one's share)."""
    if n <= 0:
        return NOTHING
    share = successes / n
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return Interval(share, max(0.0, centre - half), min(1.0, centre + half), n)


def _mean_variance(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the (n - 1) sample variance (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, sum((v - mean) ** 2 for v in values) / (n - 1)


PPI_PLUS = "PPI++"
STRAT_PPI = "StratPPI"


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

    Returns:
        The estimate with its interval and its strata (`Corrected`, method `STRAT_PPI`,
        ``weight`` None: each stratum has its own lambda), beside Wilson's interval of the
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
    for group in collapsed({name: len(marks) for name, marks in marked.items()}):
        values = [v for name in group for v in answers[name]]
        marks = [pair for name in group for pair in marked[name]]
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
        STRAT_PPI,
        tuple(found),
    )


# --- agreement and kappa, bootstrapped over answers ---------------------------------------------

Pair = tuple[str, str]  # (the grader's verdict, a reviewer's verdict)
Pattern = tuple[Pair, ...]  # every reviewer's pair on one answer


def kappa_of(matrix: Mapping[Pair, float]) -> float | None:
    """Cohen's kappa of a (grader, reviewer) confusion matrix (`grader.records.marks.
    cohen_kappa` over any verdicts; None when chance agreement is certain)."""
    total = sum(matrix.values())
    if not total:
        return None
    rows: Counter[str] = Counter()
    columns: Counter[str] = Counter()
    observed = 0.0
    for (grader, reviewer), count in matrix.items():
        rows[grader] += count
        columns[reviewer] += count
        if grader == reviewer:
            observed += count
    expected = sum(rows[v] * columns[v] for v in rows) / (total * total)
    observed /= total
    return None if expected >= 1 - 1e-12 else (observed - expected) / (1 - expected)


def agreement_of(matrix: Mapping[Pair, float]) -> float | None:
    """The share of pairs whose two verdicts are the same."""
    total = sum(matrix.values())
    return sum(c for (g, r), c in matrix.items() if g == r) / total if total else None


def binomial(rng: random.Random, n: int, p: float) -> int:
    """One draw of Binomial(n, p): Devroye's geometric method for n p < 10, else Hörmann's
    BTRS (transformed rejection with squeeze), as Python 3.12's ``random.binomialvariate``."""
    if p <= 0.0 or n <= 0:
        return 0
    if p >= 1.0:
        return n
    if p > 0.5:
        return n - binomial(rng, n, 1.0 - p)
    if n * p < 10.0:
        x = y = 0
        c = math.log(1.0 - p)
        while True:
            y += math.floor(math.log(1.0 - rng.random()) / c) + 1
            if y > n:
                return x
            x += 1
    spq = math.sqrt(n * p * (1.0 - p))
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n * p + 0.5
    vr = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spq
    lpq = math.log(p / (1.0 - p))
    m = math.floor((n + 1) * p)
    h = math.lgamma(m + 1) + math.lgamma(n - m + 1)
    while True:
        u = rng.random() - 0.5
        us = 0.5 - abs(u)
        k = math.floor((2.0 * a / us + b) * u + c)
        if k < 0 or k > n:
            continue
        v = rng.random()
        if us >= 0.07 and v <= vr:
            return k
        v *= alpha / (a / (us * us) + b)
        if v > 0 and math.log(v) <= h - math.lgamma(k + 1) - math.lgamma(n - k + 1) + (k - m) * lpq:
            return k


def multinomial(rng: random.Random, n: int, counts: Sequence[int]) -> list[int]:
    """How many of ``n`` draws with replacement fall on each item, each item as likely as its
    count: one resample of a population whose items occur ``counts`` times."""
    left, weight = n, sum(counts)
    drawn = []
    for count in counts:
        if left <= 0 or weight <= 0:
            drawn.append(0)
            continue
        got = binomial(rng, left, count / weight)
        drawn.append(got)
        left -= got
        weight -= count
    return drawn


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, linearly interpolated."""
    position = q * (len(sorted_values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(sorted_values) - 1)
    fraction = position - below
    return sorted_values[below] * (1 - fraction) + sorted_values[above] * fraction


@dataclass(frozen=True, slots=True)
class Agreed:
    """Agreement and kappa with their bootstrap intervals; ``n`` is the marks, ``answers`` the
    answers they are on (the unit resampled)."""

    agreement: Interval
    kappa: Interval
    answers: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "agreement": self.agreement.to_dict(),
            "kappa": self.kappa.to_dict(),
            "answers": self.answers,
        }


# How `bootstrap`'s intervals are made, as `agreement --json` states it.
AGREED_METHOD = {
    "agreement": "Wilson score interval (Wilson 1927; Brown, Cai and DasGupta 2001) of the "
    "share of agreeing marks, over Kish's effective sample size where an answer has several "
    "marks (design effect at least 1)",
    "kappa": "BCa bootstrap over answers, seeded (bias-corrected and accelerated percentiles, "
    "Efron 1987; acceleration from the jackknife over answers)",
    "without_a_disagreement": "kappa's interval mapped from the agreement's through the "
    "sample's chance agreement (every resample is the sample again)",
}


def bootstrap(patterns: Iterable[Pattern], seed: int = 0, resamples: int = RESAMPLES) -> Agreed:
    """Agreement and Cohen's kappa over every pair of the answers' patterns, each with its 95%
    interval (`AGREED_METHOD`).

    - The agreement's: Wilson's score interval of the share of agreeing pairs over as many
      trials as the marks are worth (`_effective_size`: the marks themselves when each answer
      has one, fewer when the readers of an answer say the same);
    - kappa's: the BCa bootstrap over answers (``resamples`` multinomial resamples from
      ``seed``: the same seed, the same interval). The percentiles taken are moved by the bias
      correction z0 (the normal quantile of the share of resamples below the sample's kappa,
      ties counted half) and the acceleration a (the skew of the jackknife's leave-one-answer-
      out kappas): alpha' = Phi(z0 + (z0 + z_alpha) / (1 - a (z0 + z_alpha))). A resample or a
      leave-one-out in which kappa is undefined (every verdict the same) is left out. Where the
      sample shows no disagreement (or no agreement) every resample is the sample again and
      bootstrap percentiles are a point: there kappa's interval is mapped from the agreement's
      through the sample's chance agreement.
    """
    by_pattern = Counter(tuple(pattern) for pattern in patterns if pattern)
    answers = sum(by_pattern.values())
    shapes = list(by_pattern)
    counts = [by_pattern[shape] for shape in shapes]
    full = _matrix(shapes, counts)
    n = int(sum(full.values()))
    agreement, kappa = agreement_of(full), kappa_of(full)
    if not answers or agreement is None:
        return Agreed(NOTHING, NOTHING, 0)
    trials = _effective_size(shapes, counts, agreement)
    share = wilson(agreement * trials, trials)
    agreed = Interval(agreement, share.low, share.high, n)
    if agreement in (0.0, 1.0):
        # Every resample of a sample without a disagreement (or without an agreement) is that
        # sample again: kappa's interval is mapped from the agreement's.
        return Agreed(agreed, _mapped(kappa, agreed, full), answers)
    rng = random.Random(seed)
    kappas: list[float] = []
    for _ in range(resamples):
        value = kappa_of(_matrix(shapes, multinomial(rng, answers, counts)))
        if value is not None:
            kappas.append(value)
    return Agreed(agreed, _bca(kappa, kappas, _jackknife(shapes, counts), n), answers)


def _effective_size(shapes: Sequence[Pattern], counts: Sequence[int], share: float) -> int:
    """How many independent marks the answers' marks are worth for the share of agreeing pairs
    (Kish's effective sample size): the marks over the design effect of reading an answer
    several times, p (1 - p) / v with v the linearised variance of the ratio of agreeing pairs
    to pairs over answers, sum (a_i - p m_i)^2 / (sum m_i)^2. Kept between the answers (every
    reader of an answer saying the same) and the marks (a design effect of at least 1, as Korn
    and Graubard truncate it), rounded down: one mark per answer gives exactly the answers."""
    answers = sum(counts)
    marks = sum(len(shape) * count for shape, count in zip(shapes, counts, strict=True))
    if marks == answers:
        return answers
    spread = sum(
        count * (sum(g == r for g, r in shape) - share * len(shape)) ** 2
        for shape, count in zip(shapes, counts, strict=True)
    )
    variance = spread / (marks * marks)
    if variance <= 0:
        return marks
    return min(marks, max(answers, math.floor(share * (1 - share) / variance)))


def _jackknife(shapes: Sequence[Pattern], counts: Sequence[int]) -> list[tuple[float, int]]:
    """Kappa with one answer left out, for each pattern (as many answers share it as its
    count): (the leave-one-out kappa, how many answers give it); undefined ones left out."""
    found = []
    for i, count in enumerate(counts):
        fewer = list(counts)
        fewer[i] -= 1
        value = kappa_of(_matrix(shapes, fewer))
        if value is not None:
            found.append((value, count))
    return found


def _bca(
    value: float | None, resampled: list[float], jackknife: Sequence[tuple[float, int]], n: int
) -> Interval:
    """The BCa interval of ``value`` from its resamples and its jackknife (`bootstrap`);
    undefined when there is no resample. Where every resample lies on one side of the value the
    bias correction is unbounded, and the plain percentile interval is given."""
    if value is None or not resampled:
        return Interval(value, None, None, n)
    resampled.sort()
    below = sum(1 for v in resampled if v < value) + 0.5 * sum(1 for v in resampled if v == value)
    share = below / len(resampled)
    if not 0.0 < share < 1.0:
        low, high = percentile(resampled, 0.025), percentile(resampled, 0.975)
        return Interval(value, low, high, n)
    normal = NormalDist()
    bias = normal.inv_cdf(share)
    weight = sum(count for _v, count in jackknife)
    acceleration = 0.0
    if weight:
        centre = sum(v * count for v, count in jackknife) / weight
        squares = sum(count * (centre - v) ** 2 for v, count in jackknife)
        cubes = sum(count * (centre - v) ** 3 for v, count in jackknife)
        acceleration = cubes / (6 * squares**1.5) if squares > 0 else 0.0

    def moved(q: float) -> float:
        z = bias + normal.inv_cdf(q)
        return normal.cdf(bias + z / (1 - acceleration * z))

    return Interval(
        value, percentile(resampled, moved(0.025)), percentile(resampled, moved(0.975)), n
    )


def _mapped(kappa: float | None, agreed: Interval, matrix: Mapping[Pair, float]) -> Interval:
    """Kappa's interval from the agreement's, the chance agreement held at the sample's."""
    if kappa is None or agreed.low is None or agreed.high is None:
        return Interval(kappa, None, None, agreed.n)
    expected = _expected(matrix)
    return Interval(
        kappa,
        max(-1.0, (agreed.low - expected) / (1 - expected)),
        min(1.0, (agreed.high - expected) / (1 - expected)),
        agreed.n,
    )


def _expected(matrix: Mapping[Pair, float]) -> float:
    """The chance agreement of a confusion matrix."""
    total = sum(matrix.values())
    rows: Counter[str] = Counter()
    columns: Counter[str] = Counter()
    for (grader, reviewer), count in matrix.items():
        rows[grader] += count
        columns[reviewer] += count
    return sum(rows[v] * columns[v] for v in rows) / (total * total)


def _matrix(shapes: Sequence[Pattern], counts: Sequence[int]) -> dict[Pair, float]:
    matrix: dict[Pair, float] = {}
    for shape, count in zip(shapes, counts, strict=True):
        if count:
            for pair in shape:
                matrix[pair] = matrix.get(pair, 0) + count
    return matrix


# --- a second reader --------------------------------------------------------------------------


def ceiling_pairs(
    reviews: Mapping[Hashable, Sequence[tuple[str, str]]],
) -> tuple[tuple[str, str] | None, list[Pattern]]:
    """The two reviewers who marked the most answers in common, and their verdicts on each of
    those answers as a pattern of one pair (the first reviewer's verdict, the second's).

    Args:
        reviews: Per answer, every reviewer's (name, verdict), in the order they marked.
    """
    shared: Counter[tuple[str, str]] = Counter()
    for marks in reviews.values():
        names = list(dict.fromkeys(by for by, _v in marks))
        for i, first in enumerate(names):
            for second in names[i + 1 :]:
                shared[tuple(sorted((first, second)))] += 1  # type: ignore[index]
    if not shared:
        return None, []
    pair = max(shared, key=lambda names: (shared[names], names))
    patterns = []
    for marks in reviews.values():
        said = dict(marks)
        if pair[0] in said and pair[1] in said:
            patterns.append(((said[pair[0]], said[pair[1]]),))
    return pair, patterns


def reaches(grader: Interval, ceiling: Interval) -> bool | None:
    """Whether a grader's interval reaches the people's ceiling (its upper end at or above the
    ceiling's figure); None when either is undefined."""
    if grader.high is None or ceiling.value is None:
        return None
    return grader.high >= ceiling.value
