"""The statistics of the scenario reports (sim.stats), against values worked out by hand
or from textbook formulas."""

import math

import pytest

from doria_forge.sim.stats import (
    binomial_cdf,
    binomial_sf,
    histogram_percentile,
    holm,
    mann_whitney_test,
    mcnemar_exact,
    median_interval,
    student_t_two_sided,
    two_proportion_test,
    welch_test,
    wilson_interval,
)


def test_wilson_interval_of_zero_and_some_successes():
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)  # 3.84 / (20 + 3.84)
    low, high = wilson_interval(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_nearest_rank_percentiles_of_a_histogram():
    hist = {3: 1, 5: 2, 8: 6, 12: 1}  # 3 5 5 8 8 8 8 8 8 12
    assert histogram_percentile(hist, 0.10) == 3
    assert histogram_percentile(hist, 0.50) == 8
    assert histogram_percentile(hist, 0.90) == 8
    assert histogram_percentile(hist, 1.0) == 12
    assert histogram_percentile({}, 0.5) == 0


def test_two_proportion_test():
    # 30/100 against 50/100: pooled p = 0.4, z = 0.2 / sqrt(0.24 * 0.02) = 2.887
    assert two_proportion_test(30, 100, 50, 100) == pytest.approx(math.erfc(2.8868 / math.sqrt(2)), rel=1e-3)
    assert two_proportion_test(10, 40, 10, 40) == pytest.approx(1.0)
    assert two_proportion_test(0, 10, 0, 10) == 1.0


def test_mann_whitney_sees_a_shift_but_not_a_copy():
    a = {5: 10, 6: 10, 7: 10}
    assert mann_whitney_test(a, dict(a)) == pytest.approx(1.0)
    assert mann_whitney_test(a, {9: 10, 10: 10, 11: 10}) < 1e-6
    assert mann_whitney_test({4: 5}, {4: 7}) == 1.0  # every value ties


def _sums(values):
    return sum(values), sum(v * v for v in values), len(values)


def test_welch_test_from_sums_uses_the_t_distribution_as_scipy_does():
    from scipy import stats
    # sample 1: 1,2,3,4,5; sample 2: 6,7,8,9,10: t = 5, df = 8
    a, b = [1, 2, 3, 4, 5], [6, 7, 8, 9, 10]
    expected = stats.ttest_ind(a, b, equal_var=False).pvalue
    assert welch_test(*_sums(a), *_sums(b)) == pytest.approx(expected, rel=1e-9)
    assert expected > math.erfc(5 / math.sqrt(2))  # the normal approximation was too small
    assert welch_test(5, 5, 5, 5, 5, 5) == 1.0  # neither varies


@pytest.mark.parametrize("a, b", [
    ([0, 3, 7, 2, 9, 4], [8, 12, 5, 14, 9, 11, 6]),           # small, unequal sizes
    ([4] * 7 + [9], [4, 5] * 4),                               # unequal spread
    ([0, 0, 0, 12, 0, 15, 0, 0], [3, 2, 8, 0, 5, 1, 4, 6]),   # skewed damage per run
])
def test_welch_p_values_match_scipy_for_small_run_counts(a, b):
    """The issue's case: with few runs a normal approximation makes p too small (0.047 where
    the t distribution gives 0.055)."""
    from scipy import stats
    expected = stats.ttest_ind(a, b, equal_var=False).pvalue
    assert welch_test(*_sums(a), *_sums(b)) == pytest.approx(expected, rel=1e-8)


@pytest.mark.parametrize("t, df", [(0.0, 3), (1.0, 1), (2.1, 4.5), (2.0, 30), (5.0, 8), (0.3, 1000)])
def test_student_t_matches_scipy(t, df):
    from scipy import stats
    assert student_t_two_sided(t, df) == pytest.approx(2 * stats.t.sf(t, df), rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("k, n, p", [(0, 8, 0.3), (2, 8, 0.13), (8, 8, 0.6), (27, 100, 0.68), (50, 100, 0.5),
                                     (3, 20, 0.05)])
def test_binomial_tails_match_scipy(k, n, p):
    from scipy import stats
    assert binomial_cdf(k, n, p) == pytest.approx(stats.binom.cdf(k, n, p), rel=1e-9, abs=1e-300)
    assert binomial_sf(k, n, p) == pytest.approx(stats.binom.sf(k - 1, n, p), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("alpha", [0.05, 1e-4, 1e-6])
def test_clopper_pearson_matches_scipys_beta_quantiles_at_small_levels(alpha):
    """The exact interval (Clopper and Pearson 1934: the alpha/2 quantile of Beta(k, n - k + 1) and
    the 1 - alpha/2 quantile of Beta(k + 1, n - k)) at every k of small n, 0 and n included, and a
    few large n. At a late look's or a Bonferroni share's level the bisection stopped on an
    absolute 1e-12 of I_x, far from x where I_x is tiny: 1 of 6 at 1e-6 missed SciPy's upper bound
    by 1.2e-8, its lower bound by 2e-7 of itself."""
    from scipy import stats

    from doria_forge.sim.stats import clopper_pearson

    for n in [*range(1, 16), 100, 5000]:
        for k in sorted({*range(min(n, 15) + 1), n // 2, n - 1, n}):
            low, high = clopper_pearson(k, n, alpha)
            want_low = 0.0 if k == 0 else stats.beta.ppf(alpha / 2, k, n - k + 1)
            want_high = 1.0 if k == n else stats.beta.ppf(1 - alpha / 2, k + 1, n - k)
            assert low == pytest.approx(want_low, rel=1e-10, abs=1e-300), (k, n)
            assert 1 - high == pytest.approx(1 - want_high, rel=1e-9, abs=1e-300), (k, n)


def test_mcnemar_exact_is_the_binomial_test_of_the_discordant_pairs():
    # 1 of 10 discordant pairs one way: 2 * P(Bin(10, 1/2) <= 1) = 2 * 11 / 1024
    assert mcnemar_exact(9, 1) == pytest.approx(22 / 1024)
    assert mcnemar_exact(1, 9) == mcnemar_exact(9, 1)
    assert mcnemar_exact(5, 5) == 1.0 and mcnemar_exact(0, 0) == 1.0


@pytest.mark.parametrize("b, c", [(0, 6), (12, 25), (40, 41), (3, 30)])
def test_mcnemar_exact_matches_scipy_binomtest(b, c):
    from scipy import stats
    assert mcnemar_exact(b, c) == pytest.approx(stats.binomtest(b, b + c, 0.5).pvalue, rel=1e-9)


def test_median_interval_is_the_sign_test_interval():
    # 20 values 1..20: P(Bin(20, 1/2) <= 5) = 0.0207 <= 0.025 < P(<= 6) = 0.0577, so the
    # interval runs from the 6th to the 15th value (Conover's table for n = 20).
    assert median_interval({v: 1 for v in range(1, 21)}) == (6, 15)
    # five values cannot give 95%: 2 * (1/2)^5 = 0.0625; the interval is their whole range
    assert median_interval({3: 2, 7: 3}) == (3, 7)
    assert median_interval({}) == (0, 0)


def test_holm_adjustment():
    # sorted 0.01, 0.03, 0.04 -> 3 x 0.01, 2 x 0.03, max(0.06, 1 x 0.04)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_welch_over_runs_is_welchs_test_of_the_runs_means_with_equal_runs():
    """Runs that each give 3 values: the ratio estimator's error over runs (Cochran 1977, eq.
    6.13) makes Welch's test of the values the test SciPy gives of the runs' own means."""
    from scipy import stats

    from doria_forge.sim.stats import run_mean_error, welch_from_variances

    first, second = [3, 4, 5, 6, 7, 5, 6, 7, 8, 9], [5, 4, 7, 9, 6, 8, 7, 10, 6]

    def over_runs(runs):
        values = [v for v in runs for _ in range(3)]
        error = run_mean_error(sum(values), len(values), len(runs), sum((3 * v) ** 2 for v in runs),
                               sum(3 * v * 3 for v in runs), 9 * len(runs))
        return sum(values) / len(values), error ** 2, len(runs) - 1

    p = welch_from_variances(*over_runs(first), *over_runs(second))
    assert p == pytest.approx(stats.ttest_ind(first, second, equal_var=False).pvalue, rel=1e-9)
