"""Statistics of the scenario reports: intervals, percentiles and the tests of the balance
diff and the verdicts. Plain formulas on counts, exact where it matters (the binomial and
Student's t from the regularized incomplete beta function; ``tests/test_scenario_stats.py``
checks them against SciPy); every test returns a p-value.

- :func:`wilson_interval`: the Wilson score interval of a proportion (95% by default).
- :func:`newcombe_interval`: Newcombe's interval of the difference of two proportions.
- :func:`histogram_percentile`: nearest-rank percentile of a histogram.
- :func:`two_proportion_test`: pooled two-proportion z-test (win rates).
- :func:`mcnemar_exact`: McNemar's exact test of two win rates measured on the same seeds.
- :func:`mann_whitney_test`: Mann-Whitney U with the tie correction and the normal
  approximation, from two histograms (rounds).
- :func:`welch_test`: Welch's t-test from sums and sums of squares, on Student's t
  distribution with the Welch-Satterthwaite degrees of freedom (damage per run);
  :func:`welch_from_variances` from the means' errors (the baseline's hit rates and a campaign's
  scenario win rates, whose errors :func:`run_mean_error` takes over runs).
- :func:`binomial_cdf`, :func:`clopper_pearson`, :func:`median_interval`,
  :func:`student_t_two_sided`: the exact distributions behind the verdicts (``sim.verdicts``).
- :func:`holm`: Holm's step-down adjustment of many p-values (the family error stays 5%).
- :func:`betting_p_value_of`: the p-value of a bet against a mean, for values bounded on one side
  (a campaign's carry-over: counts never below 0, with a maximum where the rules set one);
  :func:`betting_p_value` a lower bound of its wealth from two sums (a report without the runs).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

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


def newcombe_interval(x1: int, n1: int, x2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """Interval of ``x1/n1 - x2/n2`` (Newcombe's hybrid score interval, method 10; 95% for
    the default ``z``). Both samples must be non-empty."""
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson_interval(x1, n1, z)
    l2, u2 = wilson_interval(x2, n2, z)
    d = p1 - p2
    return d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


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


def bonett_price_interval(only_first: int, only_second: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Interval of the difference of two win rates measured on the same ``n`` seeds, from the
    discordant pairs alone (``only_first`` runs won only by the first, ``only_second`` only by
    the second): the Wald interval with Bonett and Price's Laplace adjustment, one run added to
    each cell (Bonett and Price 2012, *Adjusted Wald confidence interval for a difference of
    binomial proportions based on paired data*, J. Educ. Behav. Stat.; recommended by
    Fagerland, Lydersen and Laake 2014, *Recommended tests and confidence intervals for paired
    binomial proportions*); 95% for the default ``z``. With no discordant pair it keeps a width
    that shrinks with ``n``. Returns ``(low, high)`` in ``[-1, 1]``; ``(-1, 1)`` for no runs."""
    if n <= 0:
        return -1.0, 1.0
    first = (only_first + 1) / (n + 2)
    second = (only_second + 1) / (n + 2)
    theta = first - second
    half = z * math.sqrt(max(0.0, first + second - theta * theta) / (n + 2))
    return max(-1.0, theta - half), min(1.0, theta + half)


def mcnemar_exact(only_first: int, only_second: int) -> float:
    """Two-sided p-value of McNemar's exact test (the conditional binomial test: McNemar 1947;
    Fagerland, Lydersen and Laake 2013, *The McNemar test for binary matched-pairs data*) that
    two win rates measured on the same seeds are equal, from the discordant pairs alone:
    ``only_first`` runs won only by the first, ``only_second`` only by the second. Under the
    null each discordant pair goes either way with chance 1/2: ``min(1, 2 P(X <= min))`` for
    X ~ Binomial(``only_first + only_second``, 1/2); 1.0 with no discordant pair."""
    n = only_first + only_second
    if n == 0:
        return 1.0
    return min(1.0, 2.0 * binomial_cdf(min(only_first, only_second), n, 0.5))


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
    squares and size: the statistic against Student's t distribution with the
    Welch-Satterthwaite degrees of freedom (Welch 1947), as ``scipy.stats.ttest_ind(a, b,
    equal_var=False)`` computes it. 1.0 when a side has fewer than 2 values or neither varies."""
    if n1 < 2 or n2 < 2:
        return 1.0
    m1, v1 = mean_variance(sum1, sq1, n1)
    m2, v2 = mean_variance(sum2, sq2, n2)
    return welch_from_variances(m1, v1 / n1, n1 - 1, m2, v2 / n2, n2 - 1)


def welch_from_variances(mean1: float, var1: float, df1: int, mean2: float, var2: float, df2: int) -> float:
    """p-value of Welch's test that two means are equal, from each mean, the variance of that
    mean (its squared standard error) and its degrees of freedom (at least 1), with the
    Welch-Satterthwaite degrees of freedom; 1.0 when neither mean varies."""
    se = math.sqrt(var1 + var2)
    if se == 0:
        return 1.0
    df = (var1 + var2) ** 2 / ((var1 * var1 / df1 if var1 else 0.0) + (var2 * var2 / df2 if var2 else 0.0))
    return student_t_two_sided(abs(mean1 - mean2) / se, df)


def run_mean_error(total: float, n: int, runs: int, run_sum_sq: float, run_cross: float, n_sq: float) -> float:
    """The standard error of the mean of ``n`` values (summing to ``total``) of which each of
    ``runs`` runs gave several: with ``T`` a run's sum and ``m`` its count, ``run_sum_sq`` is the
    sum of ``T^2``, ``run_cross`` of ``T m``, ``n_sq`` of ``m^2``. The ratio estimator's error,
    the runs as clusters: ``sqrt(R / (R - 1) * sum (T - mean m)^2) / n`` (Cochran, *Sampling
    Techniques*, 3rd ed., 1977, eq. 6.13). 0.0 for fewer than 2 runs."""
    if runs < 2 or not n:
        return 0.0
    return math.sqrt(max(0.0, runs / (runs - 1) * run_spread(total / n, run_sum_sq, run_cross, n_sq))) / n


def run_spread(mean: float, run_sum_sq: float, run_cross: float, n_sq: float) -> float:
    """``sum (T - mean m)^2`` over runs, with ``T`` a run's sum and ``m`` its count of values,
    from the sums of ``T^2`` (``run_sum_sq``), ``T m`` (``run_cross``) and ``m^2`` (``n_sq``):
    how far the runs' values spread about ``mean`` (:func:`run_mean_error`)."""
    return run_sum_sq - 2 * mean * run_cross + mean * mean * n_sq


def mean_variance(total: float, sum_sq: float, n: int) -> tuple[float, float]:
    """The mean and the sample variance (n - 1 in the denominator, 0.0 for n < 2) of ``n``
    values from their sum and sum of squares."""
    if n < 1:
        return 0.0, 0.0
    mean = total / n
    return mean, max(0.0, (sum_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0


def student_t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t distribution with ``df`` > 0 degrees of freedom (any real
    df, as Welch's test needs): the regularized incomplete beta ``I_{df/(df+t^2)}(df/2, 1/2)``
    (Abramowitz and Stegun 26.7.1)."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    return min(1.0, betainc(df / (df + t * t), df / 2, 0.5))


def student_t_one_sided(t: float, df: float) -> float:
    """P(T >= t) for Student's t distribution with ``df`` > 0 degrees of freedom."""
    half = student_t_two_sided(t, df) / 2
    return half if t >= 0 else 1.0 - half


def binomial_cdf(k: float, n: float, p: float) -> float:
    """P(X <= k) for X ~ Binomial(``n``, ``p``): ``I_{1-p}(n-k, k+1)`` (0.0 for k < 0, 1.0 for
    k >= n; for non-integer counts, an effective sample size, the same beta-function form)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if p <= 0:
        return 1.0
    if p >= 1:
        return 0.0
    return betainc(1 - p, n - k, k + 1)


def binomial_sf(k: float, n: float, p: float) -> float:
    """P(X >= k) for X ~ Binomial(``n``, ``p``) (``I_p(k, n-k+1)``, non-integer counts as in
    :func:`binomial_cdf`)."""
    if k <= 0:
        return 1.0
    if k < 1:  # only a scaled count falls here: binomial_cdf(k - 1) would answer 0 below k = 1
        return betainc(p, k, n - k + 1) if 0 < p < 1 else float(p >= 1)
    return 1.0 - binomial_cdf(k - 1, n, p)


def median_interval(histogram: Mapping[int, int], alpha: float = 0.05) -> tuple[int, int]:
    """The distribution-free ``1 - alpha`` interval of the median of the values a histogram
    (value -> count) counts: the order statistics ``X_(l)`` and ``X_(n+1-l)`` with the largest
    ``l`` such that ``P(Binomial(n, 1/2) <= l - 1) <= alpha / 2`` (the sign test's interval,
    e.g. Conover, *Practical Nonparametric Statistics*, 3.2). With fewer than 6 values no such
    ``l`` exists and the interval is the smallest to the largest value. ``(0, 0)`` when empty."""
    n = sum(histogram.values())
    if n == 0:
        return 0, 0
    rank = 1
    while rank < n and binomial_cdf(rank, n, 0.5) <= alpha / 2:
        rank += 1
    low_rank, high_rank = rank, n + 1 - rank
    values = sorted(histogram)
    return _order_statistic(histogram, values, low_rank), _order_statistic(histogram, values, max(low_rank, high_rank))


def _order_statistic(histogram: Mapping[int, int], values: Sequence[int], rank: int) -> int:
    seen = 0
    for value in values:
        seen += histogram[value]
        if seen >= rank:
            return value
    return values[-1]


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


def clopper_pearson(wins: float, n: float, alpha: float = 0.05) -> tuple[float, float]:
    """The exact two-sided ``1 - alpha`` interval ``(low, high)`` of a binomial proportion
    with ``wins`` successes in ``n`` trials (Clopper-Pearson, from beta quantiles; non-integer
    counts, an effective sample size, take the same beta quantiles).

    Raises ValueError for ``n`` < 1 or ``wins`` outside 0..n."""
    if n < 1 or not 0 <= wins <= n:
        raise ValueError(f"need 0 <= wins <= n and n >= 1, got {wins} of {n}")
    low = 0.0 if wins == 0 else _beta_quantile(alpha / 2, wins, n - wins + 1)
    high = 1.0 if wins == n else _beta_quantile(1 - alpha / 2, wins + 1, n - wins)
    return low, high


def _beta_quantile(q: float, a: float, b: float) -> float:
    """x with I_x(a, b) = q (the regularized incomplete beta function), by bisection
    refined with Newton steps, to about 1e-10 of x (and of 1 - x): solved on the smaller tail
    (``I_x(a, b) = 1 - I_{1-x}(b, a)``, Abramowitz and Stegun 26.5.2) to a tolerance relative to
    it, since a Clopper-Pearson bound at a small level (a late look, a Bonferroni share) sits
    where I_x is tiny: an absolute 1e-12 let 1 of 6 at 1e-6 miss SciPy's upper bound by 1.2e-8."""
    if q > 0.5:
        return 1.0 - _beta_quantile(1.0 - q, b, a)
    lo, hi = 0.0, 1.0
    log_norm = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    # start from the normal approximation of the beta distribution
    mean = a / (a + b)
    sd = math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
    x = min(1 - 1e-12, max(1e-12, mean + sd * normal_quantile(q)))
    for _ in range(100):
        f = betainc(x, a, b) - q
        if abs(f) < 1e-13 * q:
            return x
        if f > 0:
            hi = x
        else:
            lo = x
        density = math.exp(log_norm + (a - 1) * math.log(x) + (b - 1) * math.log1p(-x)) if 0 < x < 1 else 0.0
        step = x - f / density if density > 0 else -1.0
        x = step if lo < step < hi else (lo + hi) / 2
        if hi - lo < 1e-13 * x:
            break
    return x


def normal_quantile(q: float) -> float:
    """Standard normal quantile of ``q`` (0 < q < 1; Acklam's rational approximation, about 1e-9)."""
    a = (-3.969683028665376e01, 2.209460984245205e02, -2.759285104469687e02,
         1.383577518672690e02, -3.066479806614716e01, 2.506628277459239e00)
    b = (-5.447609879822406e01, 1.615858368580409e02, -1.556989798598866e02,
         6.680131188771972e01, -1.328068155288572e01)
    c = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e00,
         -2.549732539343734e00, 4.374664141464968e00, 2.938163982698783e00)
    d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e00, 3.754408661907416e00)
    if q < 0.02425:
        r = math.sqrt(-2 * math.log(q))
        return (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) / \
            ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1)
    if q > 1 - 0.02425:
        return -normal_quantile(1 - q)
    r = q - 0.5
    s = r * r
    return (((((a[0] * s + a[1]) * s + a[2]) * s + a[3]) * s + a[4]) * s + a[5]) * r / \
        (((((b[0] * s + b[1]) * s + b[2]) * s + b[3]) * s + b[4]) * s + 1)


def betainc(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b) for 0 <= x <= 1, a, b > 0
    (continued fraction, Lentz; Numerical Recipes 6.4). Accurate to about 1e-14."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x > (a + 1) / (a + b + 2):
        return 1.0 - betainc(1 - x, b, a)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        num = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
        d = 1.0 + num * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + num / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
        d = 1.0 + num * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + num / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return math.exp(log_front) * h / a


BET_SIZES = tuple((k + 0.5) / 20 for k in range(20))
"""The fractions of the stake :func:`betting_p_value` bets (0.025 to 0.975), its wealth the
mean of theirs: a mix of bettors is one bettor (a mixture of nonnegative supermartingales is one)."""


def betting_p_value_of(terms: Iterable[tuple[float, float]]) -> float:
    """p-value of the null "each term has mean at most 0" from the terms themselves, ``(x, count)``
    pairs (``count`` terms of value ``x``, each ``x`` at least -1): ``1 / W``, ``W`` the wealth
    ``prod (1 + l x)`` averaged over the fractions ``l`` of :data:`BET_SIZES` (betting against the
    mean, Waudby-Smith and Ramdas 2024; a fixed fraction's product does not depend on the terms'
    order). Under the null the wealth is a nonnegative supermartingale, so by Ville's inequality it
    reaches ``1 / alpha`` with chance at most ``alpha`` at any count and however often it is looked
    at. In 0..1."""
    terms = list(terms)
    logs = [sum(count * math.log1p(bet * x) for x, count in terms) for bet in BET_SIZES]
    return _p_of_wealth(logs)


def _p_of_wealth(logs: Sequence[float]) -> float:
    """``1 / W`` (at most 1) with ``W`` the mean of ``exp(logs)``, computed without overflow."""
    top = max(logs)
    log_wealth = top + math.log(sum(math.exp(x - top) for x in logs) / len(logs))
    return 1.0 if log_wealth <= 0 else math.exp(-log_wealth)


def betting_p_value(s: float, v: float) -> float:
    """p-value of the null "each term has mean at most 0" from ``s``, the sum of terms ``x`` each at
    least -1, and ``v``, the sum of their squares: ``1 / W`` with ``W`` the wealth of betting the
    fraction ``l`` of the stake on each term (``prod (1 + l x)``, Waudby-Smith and Ramdas,
    *Estimating means of bounded random variables by betting*, J. R. Stat. Soc. B 86, 2024), taken
    from below by ``exp(l s - v (-ln(1 - l) - l))``, which needs only the two sums (``1 + l x >=
    exp(l x - x^2 (-ln(1 - l) - l))`` for ``x >= -1``, ``0 <= l < 1``: Fan, Grama and Liu,
    *Exponential inequalities for martingales with applications*, Electron. J. Probab. 20, 2015,
    and Howard, Ramdas, McAuliffe and Sekhon, *Time-uniform, nonparametric, nonasymptotic
    confidence sequences*, Ann. Statist. 49, 2021), averaged over the fractions of
    :data:`BET_SIZES`. Under the null the wealth is a nonnegative supermartingale over the terms,
    so by Ville's inequality it reaches ``1 / alpha`` with chance at most ``alpha``, however many
    terms and however often it is looked at: no normal approximation, valid at any count. Weaker than
    :func:`betting_p_value_of` on the terms themselves where a term lies far above 1 (the bound
    gains about half a unit of log wealth a term at most). In 0..1."""
    return _p_of_wealth([bet * s + v * (math.log1p(-bet) + bet) for bet in BET_SIZES])
