"""The statistics of the scenario reports (sim.stats), against values worked out by hand
or from textbook formulas."""

import math

import pytest

from doria_forge.sim.stats import (
    histogram_percentile,
    holm,
    mann_whitney_test,
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


def test_welch_test_from_sums():
    # sample 1: 1,2,3,4,5 (sum 15, squares 55); sample 2: 6,7,8,9,10 (sum 40, squares 330)
    p = welch_test(15, 55, 5, 40, 330, 5)
    assert p == pytest.approx(math.erfc(5 / 1.0 / math.sqrt(2)), rel=1e-6)  # se = sqrt(2.5/5 + 2.5/5) = 1
    assert welch_test(5, 5, 5, 5, 5, 5) == 1.0  # neither varies


def test_holm_adjustment():
    # sorted 0.01, 0.03, 0.04 -> 3 x 0.01, 2 x 0.03, max(0.06, 1 x 0.04)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
