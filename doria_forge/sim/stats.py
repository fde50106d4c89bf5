"""Statistics of the scenario reports: intervals, percentiles and the tests of the balance
diff. Plain formulas on counts (no SciPy); every test is two-sided and returns a p-value.

- :func:`wilson_interval`: the Wilson score interval of a proportion (95% by default).
- :func:`histogram_percentile`: nearest-rank percentile of a histogram.
- :func:`two_proportion_test`: pooled two-proportion z-test (win rates).
- :func:`mann_whitney_test`: Mann-Whitney U with the tie correction and the normal
  approximation, from two histograms (rounds).
- :func:`welch_test`: Welch's t-test from sums and sums of squares, normal approximation of
  the t distribution (damage per run; used with 20+ runs a side).
- :func:`holm`: Holm's step-down adjustment of many p-values (the family error stays 5%).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054
"""The standard normal quantile of 97.5%: a two-sided 95% interval."""


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval ``(low, high)`` in 0..1 of ``successes`` out of ``n``
    (``(0.0, 1.0)`` for ``n`` = 0). 0 of 20 gives (0.0, 0.161)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def histogram_percentile(histogram: Mapping[int, int], q: float) -> int:
    """The nearest-rank ``q`` percentile (0 < q <= 1) of the values a histogram (value ->
    count) counts: the smallest value with at least ``ceil(q * n)`` values at or below it.
    0 for an empty histogram."""
    n = sum(histogram.values())
    if n == 0:
        return 0
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return max(histogram)


def _normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_test(x1: int, n1: int, x2: int, n2: int) -> float:
    """p-value of the pooled z-test that ``x1/n1`` and ``x2/n2`` are equal (1.0 when either
    sample is empty or both proportions are 0 or both 1)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var == 0:
        return 1.0
    return _normal_p((x1 / n1 - x2 / n2) / math.sqrt(var))


def mann_whitney_test(a: Mapping[int, int], b: Mapping[int, int]) -> float:
    """p-value of the Mann-Whitney U test that the values histogram ``a`` counts and those
    of ``b`` come from the same distribution (normal approximation with tie correction;
    1.0 when a side is empty or every value ties)."""
    n1, n2 = sum(a.values()), sum(b.values())
    if n1 == 0 or n2 == 0:
        return 1.0
    n = n1 + n2
    rank_sum_a = 0.0
    tie_term = 0.0
    below = 0
    for value in sorted(set(a) | set(b)):
        t = a.get(value, 0) + b.get(value, 0)
        mid_rank = below + (t + 1) / 2
        rank_sum_a += a.get(value, 0) * mid_rank
        tie_term += t ** 3 - t
        below += t
    u = rank_sum_a - n1 * (n1 + 1) / 2
    mean = n1 * n2 / 2
    var = n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))) if n > 1 else 0.0
    if var <= 0:
        return 1.0
    return _normal_p((u - mean) / math.sqrt(var))


def welch_test(sum1: float, sq1: float, n1: int, sum2: float, sq2: float, n2: int) -> float:
    """p-value of Welch's test that two means are equal, from each sample's sum, sum of
    squares and size (normal approximation; 1.0 when a side has fewer than 2 values or
    neither varies)."""
    if n1 < 2 or n2 < 2:
        return 1.0
    m1, m2 = sum1 / n1, sum2 / n2
    v1 = max(0.0, (sq1 - n1 * m1 * m1) / (n1 - 1))
    v2 = max(0.0, (sq2 - n2 * m2 * m2) / (n2 - 1))
    se = math.sqrt(v1 / n1 + v2 / n2)
    if se == 0:
        return 1.0
    return _normal_p((m1 - m2) / se)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the input order: compare each with 0.05 and the chance
    that any true 'no change' is flagged stays at most 5%."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
