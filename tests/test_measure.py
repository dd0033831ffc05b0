"""The figures quoted from the marks: intervals, the bootstrap, the corrected score, the sample."""

import math

import pytest

from grader.audit.against_marks import cohen_kappa
from grader.audit.measure import (
    Interval,
    audit_sample,
    bootstrap,
    ceiling_pairs,
    kappa_of,
    multinomial,
    reaches,
    wilson,
)
from grader.audit.ppi import (
    PPI_PLUS,
    STRAT_PPI,
    STRAT_PPI_ADJUSTED,
    adjusted_wald,
    collapsed,
    least_spread,
    ppi,
    stratified_ppi,
)


def test_wilson_on_a_hand_computed_case():
    """8 of 10: centre (0.8 + 1.96²/20) / (1 + 1.96²/10), half-width 1.96 √(0.016 + 1.96²/400)
    over the same: [0.4902, 0.9433]."""
    interval = wilson(8, 10)
    assert interval.value == 0.8 and interval.n == 10
    assert interval.low == pytest.approx(0.4902, abs=1e-4)
    assert interval.high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_of_nothing_is_undefined():
    assert wilson(0, 0).value is None and wilson(0, 0).describe() == "n/a n=0"


def test_ppi_on_a_hand_computed_case():
    """Rules correct on 6 of 10 answers; the sample of 4 finds the rules wrong once where the
    person says correct. ppi_py's default (PPI++): lambda = cov(people, rules) over the sample
    (/n: 0.125) over (1 + 4/10) times the variance of the rules' values over sample and run
    together (8 ones of 14, /13: 0.26374): 0.33854. The estimate lambda 0.6 + mean(people -
    lambda rules) = 0.78385; its variance lambda² 0.24 / 10 + the population variance of
    (1, 1 - lambda, 0, 1 - lambda) / 4."""
    predicted = [1.0] * 6 + [0.0] * 4
    sample = [(1.0, 0.0), (1.0, 1.0), (0.0, 0.0), (1.0, 1.0)]
    result = ppi(predicted, sample)
    lam = 0.125 / (1.4 * (8 * (6 / 14) ** 2 + 6 * (8 / 14) ** 2) / 13)
    assert result.weight == pytest.approx(lam) == pytest.approx(0.33854, abs=1e-5)
    corrections = [1.0, 1.0 - lam, 0.0, 1.0 - lam]
    mean = sum(corrections) / 4
    assert result.ppi.value == pytest.approx(lam * 0.6 + mean) == pytest.approx(0.78385, abs=1e-5)
    spread = sum((c - mean) ** 2 for c in corrections) / 4
    # (4 marks vouch for no variance below least_spread(4): the floor is what counts here)
    assert spread < least_spread(4)
    half = 1.959964 * math.sqrt(lam * lam * 0.24 / 10 + least_spread(4) / 4)
    assert (result.ppi.low, result.ppi.high) == pytest.approx(
        (result.ppi.value - half, min(1.0, result.ppi.value + half))
    )
    assert result.rules == pytest.approx(0.6)
    assert result.marks.value == 0.75 and result.ppi.n == result.marks.n == 4


def test_ppi_with_lambda_one_is_the_original_and_zero_the_marks_mean():
    predicted = [1.0] * 6 + [0.0] * 4
    sample = [(1.0, 0.0), (1.0, 1.0), (0.0, 0.0), (1.0, 1.0)]
    original = ppi(predicted, sample, lam=1.0)
    # differences 1, 0, 0, 0: a variance of 0.25 x 0.75, under what 4 marks vouch for
    half = 1.959964 * math.sqrt(0.24 / 10 + max(0.25 * 0.75, least_spread(4)) / 4)
    assert original.ppi.value == pytest.approx(0.85) and original.weight == 1.0
    assert (original.ppi.low, original.ppi.high) == pytest.approx((0.85 - half, 1.0))
    assert ppi(predicted, sample, lam=0.0).ppi.value == pytest.approx(0.75)


def test_the_rules_opposed_to_the_people_get_no_weight():
    """Where the rules' values go against the people's in the sample, the covariance is
    negative: lambda is clipped to 0 and the estimate is the sample's own mean."""
    predicted = [1.0] * 5 + [0.0] * 5
    sample = [(1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, 1.0), (1.0, 0.0)]
    result = ppi(predicted, sample)
    assert result.weight == 0.0 and result.ppi.value == pytest.approx(0.6)


def test_ppi_interval_stays_within_zero_and_one():
    """The people's estimate of a run the rules score near zero (1 of 71 correct, as a first run
    of a small model does) never reads below 0%."""
    predicted = [1.0] + [0.0] * 70
    sample = [(0.0, 0.0)] * 9 + [(1.0, 0.0)]
    result = ppi(predicted, sample)
    assert result is not None
    assert 0.0 <= result.ppi.low <= result.ppi.value <= result.ppi.high <= 1.0


def test_ppi_is_the_rules_score_when_the_sample_shows_no_disagreement():
    """A sample that shows no disagreement does not make the correction certain: 20 marks that
    all agree leave a disagreement rate up to Wilson's bound for 0 of 20 possible."""
    predicted = [1.0] * 70 + [0.0] * 30
    sample = [(1.0, 1.0)] * 14 + [(0.0, 0.0)] * 6
    result = ppi(predicted, sample)
    assert result.ppi.value == pytest.approx(0.7) == result.rules
    lam = result.weight
    q = 1.959964**2 / (20 + 1.959964**2)
    half = 1.959964 * math.sqrt(lam * lam * 0.21 / 100 + q * (1 - q) / 20)
    assert result.ppi.width == pytest.approx(2 * half)
    assert result.ppi.width < result.marks.width


@pytest.mark.parametrize("n", [1, 2, 5, 30])
def test_marks_that_all_say_the_same_give_no_point_interval(n):
    """Two marks, both wrong where the rules said wrong, on a run the rules score 1.4% gave the
    people's estimate ``0.0% [0.0%, 0.0%]``: the correction's variance was estimated as 0. With
    the rules given no weight, the interval is then exactly the marks' own Wilson interval."""
    predicted = [1.0] + [0.0] * 70
    result = ppi(predicted, [(0.0, 0.0)] * n)
    assert result is not None and result.weight == 0.0
    assert result.ppi.value == 0.0 and result.ppi.high > 0.0
    assert (result.ppi.low, result.ppi.high) == pytest.approx((result.marks.low, result.marks.high))


def test_the_floor_is_wilsons_bound_for_none_seen():
    """`least_spread(n)` is the variance of a 0/1 rate at Wilson's upper bound for 0 of n."""
    for n in (1, 2, 10, 50, 200):
        q = wilson(0, n).high
        assert least_spread(n) == pytest.approx(q * (1 - q))


def test_ppi_needs_a_sample():
    assert ppi([1.0, 0.0], []) is None and ppi([], [(1.0, 1.0)]) is None


# --- stratified prediction-powered inference --------------------------------------------------

Z = 1.959963984540054


def _run(correct: int, wrong: int) -> tuple[list[str], list[float]]:
    return ["correct"] * correct + ["wrong"] * wrong, [1.0] * correct + [0.0] * wrong


def test_a_strata_estimate_is_its_marks_mean_weighted_by_its_share_of_the_run():
    """Rules correct on 6 of 10, wrong on 4. Marks: 3 of 4 right where the rules said correct,
    1 of 2 where they said wrong. The prediction is constant in each stratum, so lambda is 0 and
    each stratum's estimate is its marks' mean: 0.6 x 0.75 + 0.4 x 0.5 = 0.65 (the sample's own
    mean is 4/6). Variances: max(0.1875, least_spread(4)) / 4 and max(0.25, least_spread(2)) / 2,
    combined with the squared shares."""
    strata, predicted = _run(6, 4)
    sample = [("correct", 1.0, 1.0)] * 3 + [("correct", 0.0, 1.0)]
    sample += [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0)]
    result = stratified_ppi(strata, predicted, sample)
    assert result.method == STRAT_PPI and result.weight is None
    right, wrong = result.strata
    assert (right.names, right.answers, right.marks, right.share) == (("correct",), 6, 4, 0.6)
    assert (wrong.names, wrong.answers, wrong.marks, wrong.share) == (("wrong",), 4, 2, 0.4)
    assert right.weight == wrong.weight == 0.0
    assert (right.estimate, wrong.estimate) == pytest.approx((0.75, 0.5))
    assert right.variance == pytest.approx(max(0.1875, least_spread(4)) / 4)
    assert wrong.variance == pytest.approx(max(0.25, least_spread(2)) / 2)
    assert result.ppi.value == pytest.approx(0.65)
    half = Z * math.sqrt(0.36 * right.variance + 0.16 * wrong.variance)
    assert (result.ppi.low, result.ppi.high) == pytest.approx((0.65 - half, min(1.0, 0.65 + half)))
    assert result.marks == wilson(4, 6) and result.rules == pytest.approx(0.6)
    assert result.ppi.n == 6 and result.answers == 10


def test_shares_are_the_runs_not_the_samples():
    """The same marks on runs whose strata differ in size: only the shares move the estimate."""
    sample = [("correct", 1.0, 1.0)] * 4 + [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0)]
    for correct, wrong in ((9, 1), (5, 5), (1, 9)):
        result = stratified_ppi(*_run(correct, wrong), sample)
        assert result.ppi.value == pytest.approx(correct / 10 * 1.0 + wrong / 10 * 0.5)
        assert sum(stratum.share for stratum in result.strata) == pytest.approx(1.0)


def test_a_stratum_whose_marks_all_agree_keeps_the_floors_variance():
    """Four marks that all say correct where the rules did: the stratum is not certain (its
    variance is least_spread(4) / 4, as `ppi`'s correction), unless the floor is left out."""
    strata, predicted = _run(6, 4)
    sample = [("correct", 1.0, 1.0)] * 4 + [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0)]
    floored = stratified_ppi(strata, predicted, sample)
    assert floored.strata[0].variance == pytest.approx(least_spread(4) / 4)
    plain = stratified_ppi(strata, predicted, sample, floor=False)
    assert plain.strata[0].variance == 0.0
    assert plain.strata[1].variance == pytest.approx(0.25 / 2)
    assert plain.ppi.value == floored.ppi.value and plain.ppi.width < floored.ppi.width


def test_the_adjusted_wald_is_price_and_bonetts():
    """The example of R's statpsych::ci.lc.prop.bs (Price and Bonett 2004): 26, 24 and 38 of
    60 in three groups, contrast (-0.5, -0.5, 1): estimate 0.2119565, standard error
    0.07602892."""
    groups = [[1.0] * f + [0.0] * (60 - f) for f in (26, 24, 38)]
    terms = [adjusted_wald(group, 3) for group in groups]
    contrast = (-0.5, -0.5, 1.0)
    estimate = sum(c * share for c, (share, _v) in zip(contrast, terms, strict=True))
    spread = sum(c * c * v for c, (_s, v) in zip(contrast, terms, strict=True))
    assert estimate == pytest.approx(0.2119565, abs=1e-7)
    assert math.sqrt(spread) == pytest.approx(0.07602892, abs=1e-8)


def test_the_adjusted_wald_on_a_stratum_with_no_disagreement_one_mark_or_all_disagreeing():
    """Two strata (m = 2: one correct and one not added to each). 40 marks that all agree:
    41/42, not 1, and a variance above 0; one mark: (1 + 1)/3; every mark disagreeing with
    the rules' correct: 1/42, the mirror of none; no mark at all: the pseudo-marks alone."""
    share, variance = adjusted_wald([1.0] * 40, 2)
    assert share == pytest.approx(41 / 42)
    assert variance == pytest.approx((41 / 42) * (1 / 42) / 42) and variance > 0
    assert adjusted_wald([1.0], 2) == pytest.approx((2 / 3, (2 / 3) * (1 / 3) / 3))
    low, low_variance = adjusted_wald([0.0] * 40, 2)
    assert low == pytest.approx(1 - share) and low_variance == pytest.approx(variance)
    assert adjusted_wald([], 4) == pytest.approx((0.5, 0.25 / 1))
    # several reviewers on one answer: their share counts as part of a mark
    assert adjusted_wald([0.5, 1.0], 1)[0] == pytest.approx((1.5 + 2) / (2 + 4))


def test_the_adjusted_stratified_estimate_adjusts_each_stratum_whose_rules_are_one():
    """Rules correct on 6 of 10 (4 marks, all agreeing), wrong on 4 (2 marks, one
    disagreeing): two strata, m = 2; each stratum's estimate and variance Price and Bonett's,
    weighted by its share of the run."""
    strata, predicted = _run(6, 4)
    sample = [("correct", 1.0, 1.0)] * 4 + [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0)]
    result = stratified_ppi(strata, predicted, sample, adjusted=True)
    assert result.method == STRAT_PPI_ADJUSTED and result.weight is None
    right, wrong = result.strata
    assert (right.estimate, right.variance) == pytest.approx(adjusted_wald([1.0] * 4, 2))
    assert (wrong.estimate, wrong.variance) == pytest.approx(adjusted_wald([0.0, 1.0], 2))
    assert right.weight == wrong.weight == 0.0
    value = 0.6 * 5 / 6 + 0.4 * 0.5
    half = Z * math.sqrt(0.36 * right.variance + 0.16 * wrong.variance)
    assert result.ppi.value == pytest.approx(value)
    assert (result.ppi.low, result.ppi.high) == pytest.approx((value - half, value + half))
    assert result.marks == wilson(5, 6) and result.ppi.n == 6


def test_the_adjusted_stratified_estimate_keeps_ppi_plus_plus_where_the_rules_vary():
    """A pool of correct and wrong answers (one mark each) is no proportion: PPI++ with the
    floor, as without the adjustment."""
    strata = ["correct"] * 6 + ["wrong"] * 4
    predicted = [1.0] * 6 + [0.0] * 4
    sample = [("correct", 1.0, 1.0), ("wrong", 1.0, 0.0)]
    adjusted = stratified_ppi(strata, predicted, sample, adjusted=True)
    assert adjusted.strata == stratified_ppi(strata, predicted, sample).strata
    assert adjusted.ppi == stratified_ppi(strata, predicted, sample).ppi


def test_the_adjustment_vanishes_with_many_marks():
    """With 20,000 marks in each stratum (disagreements in both) the adjusted estimate and
    interval are StratPPI's within 1e-4 (the adjustment shrinks as 1/n), and they differ
    where the marks are few."""
    strata, predicted = _run(50_000, 50_000)
    big = [("correct", 1.0, 1.0)] * 19_000 + [("correct", 0.0, 1.0)] * 1_000
    big += [("wrong", 1.0, 0.0)] * 4_000 + [("wrong", 0.0, 0.0)] * 16_000
    adjusted = stratified_ppi(strata, predicted, big, adjusted=True)
    plain = stratified_ppi(strata, predicted, big)
    for found, expected in zip(adjusted.strata, plain.strata, strict=True):
        assert found.estimate == pytest.approx(expected.estimate, abs=1e-4)
        assert found.variance == pytest.approx(expected.variance, rel=1e-3)
    for end in ("value", "low", "high"):
        assert getattr(adjusted.ppi, end) == pytest.approx(getattr(plain.ppi, end), abs=1e-4)
    few = [("correct", 1.0, 1.0)] * 9 + [("correct", 0.0, 1.0)]
    few += [("wrong", 1.0, 0.0)] * 2 + [("wrong", 0.0, 0.0)] * 8
    assert stratified_ppi(strata, predicted, few, adjusted=True).ppi.value != pytest.approx(
        stratified_ppi(strata, predicted, few).ppi.value, abs=1e-4
    )


@pytest.mark.parametrize(
    ("marks", "groups"),
    [
        ({"correct": 5, "wrong": 3}, [("correct",), ("wrong",)]),
        (
            {"correct": 5, "partial": 1, "wrong": 3, "unjudged": 1},
            [("correct",), ("partial", "unjudged"), ("wrong",)],
        ),
        (
            {"correct": 5, "partial": 1, "wrong": 3, "unjudged": 0},
            [("correct",), ("partial", "wrong", "unjudged")],
        ),
        (
            {"correct": 5, "partial": 0, "wrong": 2, "unjudged": 2},
            [("correct",), ("partial", "wrong"), ("unjudged",)],
        ),
        ({"correct": 5, "partial": 0}, [("correct", "partial")]),
        ({"correct": 1, "wrong": 0}, [("correct", "wrong")]),
        ({"correct": 0}, [("correct",)]),
    ],
    ids=[
        "enough-everywhere",
        "two-single-marks-pooled",
        "a-pool-of-one-takes-the-fewest",
        "a-tie-takes-the-first-given",
        "an-empty-stratum-joins-the-only-other",
        "too-few-anywhere-is-one-stratum",
        "one-stratum",
    ],
)
def test_strata_with_fewer_than_two_marks_are_collapsed(marks, groups):
    assert collapsed(marks) == groups


def test_a_pooled_stratum_is_ppi_plus_plus_over_its_answers_and_marks():
    """Rules partial on 2 answers with 1 mark, unjudged on 2 with none: pooled with the wrong
    stratum (the fewest marks, 2), the pool's predictions are constant (0) and its estimate the
    mean of its 3 marks; the correct stratum stays alone. Every answer keeps its share."""
    strata = ["correct"] * 4 + ["wrong"] * 2 + ["partial"] * 2 + ["unjudged"] * 2
    predicted = [1.0] * 4 + [0.0] * 6
    sample = [("correct", 1.0, 1.0)] * 3 + [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0)]
    sample += [("partial", 1.0, 0.0)]
    result = stratified_ppi(strata, predicted, sample)
    right, pool = result.strata
    assert right.names == ("correct",) and pool.names == ("partial", "unjudged", "wrong")
    assert (pool.answers, pool.marks, pool.share) == (6, 3, 0.6)
    alone = ppi([0.0] * 6, [(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)])
    assert pool.estimate == pytest.approx(alone.ppi.value) == pytest.approx(2 / 3)
    assert result.ppi.value == pytest.approx(0.4 * 1.0 + 0.6 * 2 / 3)


def test_the_runs_order_does_not_move_the_estimate():
    """Strata are taken in their names' order: with a tie for the pool (wrong and unjudged, 2
    marks each), the run's order used to pick which one it took in."""
    strata = ["wrong"] * 3 + ["unjudged"] * 3 + ["correct"] * 4 + ["partial"]
    predicted = [0.0] * 6 + [1.0] * 4 + [0.0]
    sample = [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0), ("unjudged", 1.0, 0.0)]
    sample += [("unjudged", 1.0, 0.0)] + [("correct", 1.0, 1.0)] * 3
    sample += [("partial", 0.0, 0.0)]
    found = stratified_ppi(strata, predicted, sample)
    assert [s.names for s in found.strata] == [("correct",), ("partial", "unjudged"), ("wrong",)]
    reversed_run = stratified_ppi(strata[::-1], predicted[::-1], sample[::-1])
    assert reversed_run.ppi == found.ppi and reversed_run.strata == found.strata


def test_a_pool_with_varied_predictions_tunes_its_own_lambda():
    """A pool holding correct and wrong answers is PPI++ inside it: `ppi`'s estimate and
    lambda over the pooled answers and marks, unclipped."""
    strata = ["correct"] * 6 + ["wrong"] * 4
    predicted = [1.0] * 6 + [0.0] * 4
    sample = [("correct", 1.0, 1.0), ("wrong", 1.0, 0.0)]
    result = stratified_ppi(strata, predicted, sample)
    (pool,) = result.strata
    alone = ppi(predicted, [(1.0, 1.0), (1.0, 0.0)])
    assert pool.weight == alone.weight and pool.estimate == pytest.approx(alone.ppi.value)


def test_a_sample_too_small_for_two_strata_is_plain_ppi_plus_plus():
    """Everything pooled: the same interval as `ppi` over the run."""
    strata = ["correct"] * 6 + ["wrong"] * 3 + ["unjudged"]
    predicted = [1.0] * 6 + [0.0] * 4
    sample = [("correct", 1.0, 1.0), ("wrong", 1.0, 0.0), ("unjudged", 0.0, 0.0)]
    result = stratified_ppi(strata, predicted, sample)
    assert len(result.strata) == 1
    assert result.ppi == ppi(predicted, [(p, r) for _s, p, r in sample]).ppi


def test_stratified_ppi_stays_within_zero_and_one_and_needs_a_sample():
    strata, predicted = _run(1, 70)
    result = stratified_ppi(strata, predicted, [("wrong", 0.0, 0.0)] * 10)
    assert 0.0 <= result.ppi.low <= result.ppi.value <= result.ppi.high <= 1.0
    assert stratified_ppi(strata, predicted, []) is None
    assert stratified_ppi([], [], [("correct", 1.0, 1.0)]) is None


@pytest.mark.parametrize(
    ("strata", "sample", "message"),
    [
        (["correct"], [("correct", 1.0, 1.0)], "1 strata for 2 answers"),
        (["correct", "wrong"], [("partial", 1.0, 0.0)], "stratum 'partial' is no answer's"),
    ],
    ids=["lengths-differ", "a-stratum-outside-the-run"],
)
def test_stratified_ppi_refuses_strata_that_do_not_fit_the_run(strata, sample, message):
    with pytest.raises(ValueError, match=message):
        stratified_ppi(strata, [1.0, 0.0], sample)


def answers(agree: int, disagree: int) -> list:
    return [(("correct", "correct"),)] * agree + [(("correct", "wrong"),)] * disagree


def test_the_bootstrap_with_a_fixed_seed_is_reproducible():
    patterns = answers(40, 10) + [(("wrong", "wrong"),)] * 15
    first, again = bootstrap(patterns, seed=3), bootstrap(patterns, seed=3)
    assert first == again
    assert bootstrap(patterns, seed=4) != first  # another seed, other resamples
    assert first.agreement.value == pytest.approx(55 / 65) and first.agreement.n == 65
    assert first.agreement.low < first.agreement.value < first.agreement.high
    assert first.kappa.value == pytest.approx(cohen_kappa(_matrix(patterns)))


def _matrix(patterns):
    matrix = {}
    for pattern in patterns:
        for pair in pattern:
            matrix[pair] = matrix.get(pair, 0) + 1
    return matrix


def test_the_bootstrap_interval_of_a_large_sample_is_the_normal_one():
    patterns = answers(8500, 1500)
    interval = bootstrap(patterns, seed=0).agreement
    half = 1.96 * math.sqrt(0.85 * 0.15 / 10_000)
    assert interval.low == pytest.approx(0.85 - half, abs=0.002)
    assert interval.high == pytest.approx(0.85 + half, abs=0.002)


def test_two_readers_who_always_agree_count_as_one_per_answer():
    """Two reviewers on each answer, saying the same: the second mark adds no information, so
    the agreement's interval is Wilson's over the 30 answers, not over the 60 marks."""
    agreed = [(("correct", "correct"), ("correct", "correct"))] * 20
    disagreed = [(("correct", "wrong"), ("correct", "wrong"))] * 10
    result = bootstrap(agreed + disagreed, seed=0)
    assert (result.agreement.n, result.answers) == (60, 30)
    assert result.agreement.value == pytest.approx(40 / 60)
    exact = wilson(20, 30)
    assert (result.agreement.low, result.agreement.high) == pytest.approx((exact.low, exact.high))
    assert result.agreement.width > wilson(40, 60).width


def test_two_readers_who_split_count_no_more_than_their_marks():
    """Each answer's two marks split or agree together: resampling answers, the share varies
    less than 60 independent marks would (sd 2.58 / 60, about ± 0.084), but the interval is not
    made narrower than Wilson's over the marks (a design effect of at least 1)."""
    split = [(("correct", "correct"), ("correct", "wrong"))] * 20
    agreed = [(("correct", "correct"), ("correct", "correct"))] * 10
    result = bootstrap(split + agreed, seed=0)
    marks = wilson(40, 60)
    assert (result.agreement.low, result.agreement.high) == pytest.approx((marks.low, marks.high))


def test_one_mark_an_answer_gives_wilsons_interval():
    patterns = answers(45, 5) + [(("wrong", "wrong"),)] * 10
    result = bootstrap(patterns, seed=0).agreement
    exact = wilson(55, 60)
    assert (result.low, result.high) == pytest.approx((exact.low, exact.high))


def test_kappas_interval_is_bias_corrected_and_accelerated():
    """BCa against the plain percentile interval on the same resamples: a small sample with few
    disagreements gives a skewed kappa (a long lower tail), and BCa moves both ends down from
    the percentiles, which sit too high there (the percentile interval's known under-coverage);
    a large symmetric sample leaves them where they were."""
    import random

    from grader.audit import measure

    def percentile_interval(patterns, seed=0, resamples=measure.RESAMPLES):
        shapes = list(dict.fromkeys(patterns))
        counts = [patterns.count(shape) for shape in shapes]
        rng = random.Random(seed)
        found = []
        for _ in range(resamples):
            drawn = measure.multinomial(rng, len(patterns), counts)
            value = measure.kappa_of(measure._matrix(shapes, drawn))
            if value is not None:
                found.append(value)
        found.sort()
        return measure.percentile(found, 0.025), measure.percentile(found, 0.975)

    small = answers(20, 2) + [(("wrong", "wrong"),)] * 20 + [(("wrong", "correct"),)] * 2
    kappa = bootstrap(small, seed=0).kappa
    low, high = percentile_interval(small)
    assert kappa.low < low and kappa.high < high
    assert kappa.low < kappa.value < kappa.high
    large = answers(2000, 200) + [(("wrong", "wrong"),)] * 2000 + [(("wrong", "correct"),)] * 200
    kappa = bootstrap(large, seed=0).kappa
    low, high = percentile_interval(large)
    assert kappa.low == pytest.approx(low, abs=0.005)
    assert kappa.high == pytest.approx(high, abs=0.005)


def test_kappa_of_matches_cohen_kappa():
    matrix = {("correct", "correct"): 20, ("correct", "wrong"): 5, ("wrong", "correct"): 10}
    matrix[("wrong", "wrong")] = 15
    assert kappa_of(matrix) == pytest.approx(0.4)
    assert kappa_of({("correct", "correct"): 3}) is None


def test_a_resample_draws_as_many_as_the_population():
    import random

    drawn = multinomial(random.Random(0), 100, [50, 30, 20])
    assert sum(drawn) == 100 and all(count >= 0 for count in drawn)
    assert multinomial(random.Random(0), 5, [0, 4, 0]) == [0, 5, 0]


def test_the_audit_sample_same_seed_same_sample():
    qids = [f"q{i}" for i in range(100)]
    sample = audit_sample(qids, 10, seed=7)
    assert sample == audit_sample(qids, 10, seed=7)
    assert sample != audit_sample(qids, 10, seed=8)
    assert len(set(sample)) == 10 and set(sample) <= set(qids)
    assert sorted(audit_sample(qids, 500, seed=1)) == sorted(qids)  # more than the run: all


def test_the_ceiling_is_the_two_readers_who_share_most():
    reviews = {
        "a": [("ana", "correct"), ("bea", "correct")],
        "b": [("ana", "wrong"), ("bea", "correct"), ("cy", "wrong")],
        "c": [("ana", "wrong")],
    }
    pair, patterns = ceiling_pairs(reviews)
    assert pair == ("ana", "bea")
    assert patterns == [(("correct", "correct"),), (("wrong", "correct"),)]
    assert ceiling_pairs({"a": [("ana", "wrong")]}) == (None, [])


@pytest.mark.parametrize(
    ("grader", "ceiling", "reached"),
    [
        (Interval(0.7, 0.6, 0.8, 50), Interval(0.75, 0.6, 0.9, 50), True),
        (Interval(0.5, 0.4, 0.6, 50), Interval(0.75, 0.6, 0.9, 50), False),
        (Interval(0.5, None, None, 50), Interval(0.75, 0.6, 0.9, 50), None),
    ],
    ids=["reaches", "falls-short", "undefined"],
)
def test_a_grader_reaches_the_ceiling_when_its_interval_does(grader, ceiling, reached):
    assert reaches(grader, ceiling) is reached


# --- the run's score corrected by its random marks ----------------------------------------------


def _grade(qid: str, verdict: str, violation: bool = False, asserted: tuple = ("$6",)):
    from grader.schema import Grade, MoneyCheck

    money = MoneyCheck(True, ("$5",), asserted, violation)
    return Grade(qid, "answerable", verdict, (), False, None, money, ())


def _mark(qid: str, verdict: str, how: str = "audit", by: str = "ana"):
    from grader.records.marks import Mark, Picked

    return Mark(qid, "label", verdict, "", "", by, "", "", picked=Picked(how))


def test_unjudged_answers_count_as_not_correct_for_the_rules():
    from grader.audit.corrected import people_estimate

    grades = [_grade("a", "correct"), _grade("b", "unjudged"), _grade("c", "unjudged")]
    grades.append(_grade("d", "wrong", violation=True))
    reviews = {"b": [_mark("b", "correct")], "d": [_mark("d", "wrong")]}
    estimate = people_estimate(grades, reviews, PPI_PLUS)
    assert estimate.accuracy.rules == 0.25  # 1 of 4: the unjudged are not correct
    # the rules' values over the run and (the people's, the rules') over the sample: b was
    # right after all; d is wrong money, as the rules said
    assert estimate.accuracy == ppi([1.0, 0.0, 0.0, 0.0], [(1.0, 0.0), (0.0, 0.0)])
    assert estimate.violations == ppi([0.0, 0.0, 0.0, 1.0], [(0.0, 0.0), (1.0, 1.0)])
    # the original PPI's figure: the rules' 25% plus b's correction, half the sample
    original = ppi([1.0, 0.0, 0.0, 0.0], [(1.0, 0.0), (0.0, 0.0)], lam=1.0)
    assert original.ppi.value == pytest.approx(0.25 + 0.5)


def test_the_stratified_estimate_is_stratified_by_the_rules_verdict():
    """StratPPI through `people_estimate`: the strata are the rules' verdicts over every answer
    (unjudged its own), the money violations' the verdicts of the money answers."""
    from grader.audit.corrected import people_estimate

    grades = [_grade("a", "correct"), _grade("b", "unjudged"), _grade("c", "unjudged")]
    grades += [_grade("d", "wrong", violation=True), _grade("e", "correct")]
    grades += [_grade("f", "wrong", violation=True)]
    reviews = {q: [_mark(q, v)] for q, v in (("a", "correct"), ("b", "correct"))}
    reviews |= {q: [_mark(q, v)] for q, v in (("c", "wrong"), ("d", "wrong"), ("f", "correct"))}
    estimate = people_estimate(grades, reviews, STRAT_PPI)
    strata = ["correct", "unjudged", "unjudged", "wrong", "correct", "wrong"]
    predicted = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    sample = [("correct", 1.0, 1.0), ("unjudged", 1.0, 0.0), ("unjudged", 0.0, 0.0)]
    sample += [("wrong", 0.0, 0.0), ("wrong", 1.0, 0.0)]
    assert estimate.accuracy == stratified_ppi(strata, predicted, sample)
    # the correct stratum (one mark) pooled with the fewest-marked of the others
    assert [s.names for s in estimate.accuracy.strata] == [("correct", "unjudged"), ("wrong",)]
    violated = [0.0, 0.0, 0.0, 1.0, 0.0, 1.0]
    money = [("correct", 0.0, 0.0), ("unjudged", 0.0, 0.0), ("unjudged", 1.0, 0.0)]
    money += [("wrong", 1.0, 1.0), ("wrong", 0.0, 1.0)]
    assert estimate.violations == stratified_ppi(strata, violated, money)
    assert estimate.to_dict()["accuracy"]["method"] == STRAT_PPI
    assert estimate.to_dict()["accuracy"]["strata"][1]["names"] == ["wrong"]
    assert estimate.to_dict()["method"].startswith("stratified prediction-powered inference")
    assert "(StratPPI, by the rules' verdict)" in estimate.lines()[0]


def test_the_tools_estimate_is_adjusted_stratppi_and_an_unknown_method_is_refused():
    """The tools print StratPPI by the rules' verdict with Price and Bonett's adjusted Wald
    (bench/bench_measure.py: it alone meets issue 45's coverage and width on both sets)."""
    from grader.audit.corrected import PEOPLE_METHOD, people_estimate

    grades = [_grade("a", "correct"), _grade("b", "wrong"), _grade("c", "correct")]
    grades += [_grade("d", "wrong"), _grade("e", "correct")]  # e unmarked: a sample
    reviews = {q: [_mark(q, v)] for q, v in (("a", "correct"), ("c", "wrong"))}
    reviews |= {q: [_mark(q, "wrong")] for q in ("b", "d")}
    assert PEOPLE_METHOD == STRAT_PPI_ADJUSTED
    estimate = people_estimate(grades, reviews)
    strata = ["correct", "wrong", "correct", "wrong", "correct"]
    sample = [("correct", 1.0, 1.0), ("wrong", 0.0, 0.0), ("correct", 0.0, 1.0)]
    sample += [("wrong", 0.0, 0.0)]
    predicted = [1.0, 0.0, 1.0, 0.0, 1.0]
    assert estimate.accuracy == stratified_ppi(strata, predicted, sample, adjusted=True)
    # two strata of two marks: one correct and one not added to each
    assert estimate.accuracy.ppi.value == pytest.approx(0.6 * 2 / 4 + 0.4 * 1 / 4)
    assert estimate.accuracy.to_dict()["method"] == STRAT_PPI_ADJUSTED
    assert "StratPPI" not in estimate.lines()[0]
    assert (
        "(StratPPI by the rules' verdict, each stratum by Price and Bonett's adjusted Wald)"
        in (estimate.lines()[2])
    )
    assert estimate.to_dict()["method"].startswith("stratified prediction-powered inference")
    assert "Price and Bonett" in estimate.to_dict()["method"]
    plus = people_estimate(grades, reviews, PPI_PLUS)
    assert plus.accuracy.to_dict()["method"] == "PPI++" and "StratPPI" not in plus.lines()[0]
    assert plus.to_dict()["method"].startswith("prediction-powered inference")
    with pytest.raises(
        ValueError, match="no estimator 'ppi': one of StratPPI, adjusted Wald, StratPPI, PPI\\+\\+"
    ):
        people_estimate(grades, reviews, "ppi")


def test_only_marks_picked_at_random_correct_the_score():
    from grader.audit.corrected import people_estimate

    grades = [_grade("a", "correct"), _grade("b", "correct")]
    assert people_estimate(grades, {"a": [_mark("a", "wrong", "queue")]}) is None
    assert people_estimate(grades, {"a": [_mark("a", "wrong", "browse")]}) is None
    two_readers = {"a": [_mark("a", "wrong", "random"), _mark("a", "correct", "all", by="bea")]}
    estimate = people_estimate(grades, two_readers)
    assert estimate.accuracy.ppi.value == pytest.approx(1.0 - 0.5)  # half the readers disagree
    assert (estimate.sample, estimate.marks) == (1, 2)


def test_a_sample_without_a_disagreement_gets_an_interval_not_a_point():
    """50 marks all agreeing: every resample agreed too, and the interval was [1, 1]."""
    patterns = answers(40, 0) + [(("wrong", "wrong"),)] * 10
    result = bootstrap(patterns, seed=0)
    assert result.agreement.value == 1.0 and result.agreement.high == 1.0
    assert result.agreement.low == pytest.approx(wilson(50, 50).low)  # 0.929
    # kappa: chance agreement 0.8² + 0.2² = 0.68, so (0.929 - 0.68) / 0.32
    assert result.kappa.value == 1.0
    assert result.kappa.low == pytest.approx((wilson(50, 50).low - 0.68) / 0.32)


def test_every_answer_marked_is_the_peoples_own_share_not_an_estimate():
    """A census (imported labels of every answer, an audit the size of the run): nothing is
    sampled, so the figure is the people's share, with no interval's width and no pseudo-counts
    (the adjusted estimator would say 58.3% where the marks say 60%)."""
    from grader.audit.corrected import CENSUS, people_estimate

    grades = [_grade(q, "correct") for q in "abc"] + [_grade(q, "wrong") for q in "de"]
    reviews = {q: [_mark(q, "correct")] for q in "abd"} | {q: [_mark(q, "wrong")] for q in "ce"}
    estimate = people_estimate(grades, reviews)
    accuracy = estimate.accuracy
    assert accuracy.method == CENSUS and accuracy.rules == pytest.approx(0.6)
    assert (accuracy.ppi.value, accuracy.ppi.low, accuracy.ppi.high) == (0.6, 0.6, 0.6)
    assert accuracy.ppi == accuracy.marks and accuracy.ppi.n == 5
    assert estimate.lines()[0].startswith("people's figure   60.0% of 5 answers: every answer")
    assert estimate.to_dict()["method"].startswith("every answer of the run marked")
    # Two reviewers of one answer count equally; one answer left unmarked: an estimate again.
    reviews["a"] = [_mark("a", "correct"), _mark("a", "wrong", by="bo")]
    assert people_estimate(grades, reviews).accuracy.ppi.value == pytest.approx(0.5)
    del reviews["e"]
    assert people_estimate(grades, reviews).accuracy.method == STRAT_PPI_ADJUSTED
