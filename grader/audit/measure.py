"""Figures from the marks that can be quoted: each with its 95% interval and its n.

Pure and standard library only (no numpy: it is not a dependency). Three tools:

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
  and the jackknife behind BCa's acceleration is one leave-one-out value per pattern.

Beside them, the people's ceiling (`ceiling_pairs`, `reaches`). The people's estimate of a run's
accuracy (PPI++ and StratPPI, floored or adjusted), built on `Interval` and `wilson`, is
`grader.audit.ppi`'s.

Why one file: the intervals quoted beside an agreement or a kappa are one method: the seeded
bootstrap over the answers' patterns and its BCa correction (`_jackknife`, `_bca`,
`_effective_size`) read together, and each interval here, Wilson's and the bootstrap's (`Agreed`),
is an `Interval`. The estimate of accuracy built on them is `grader.audit.ppi`'s.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
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


# --- agreement and kappa, bootstrapped over answers ---------------------------------------------

Pair = tuple[str, str]  # (the grader's verdict, a reviewer's verdict)
Pattern = tuple[Pair, ...]  # every reviewer's pair on one answer


def kappa_of(matrix: Mapping[Pair, float]) -> float | None:
    """Cohen's kappa of a (grader, reviewer) confusion matrix (`grader.records.marks.
    cohen_kappa` over any verdicts; None when chance agreement is certain)."""
    total = sum(matrix.values())
    if not total:
        return None
    rows: dict[str, float] = defaultdict(float)
    columns: dict[str, float] = defaultdict(float)
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
    rows: dict[str, float] = defaultdict(float)
    columns: dict[str, float] = defaultdict(float)
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
    reviews: Mapping[Any, Sequence[tuple[str, str]]],
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
    patterns: list[tuple[tuple[str, str], ...]] = []
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
