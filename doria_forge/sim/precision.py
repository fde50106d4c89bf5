"""How many duels a matchup needs: a fixed count, or enough for a win-rate interval
narrower than a requested precision (``--precision P``).

The interval is honest under sequential stopping. A matchup is looked at after
``FIRST_LOOK`` duels, then after 1.5 times as many each time (32, 48, 72, 108, ...), up
to the cap. Look ``k`` (0-based) gets the error budget ``alpha_k = 0.05 * 6 / (pi^2 (k+1)^2)``:
the budgets sum to 0.05, so by the union bound every interval of every look covers
the true win rate at once with probability at least 95%, whichever look stops. Each
interval is the exact (Clopper-Pearson) binomial interval at level ``1 - alpha_k``, so
no normal approximation hides a miss near 0% or 100%. A matchup stops at the first
look whose interval is narrower than ``P``, or at the cap.

A fixed count is a single look with the plain 95% Clopper-Pearson interval.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

CONFIDENCE = 0.95
"""Joint coverage of the reported intervals."""

FIRST_LOOK = 32
"""Duels before the first look at a matchup's interval."""

GROWTH = 1.5
"""Each look comes after this many times the duels of the previous one."""


@dataclass(frozen=True)
class RunPlan:
    """How many duels each matchup plays: ``runs`` duels, or with ``precision`` (the
    width of the 95% interval of the win rate to reach, 0 < P < 1) as many as needed
    and at most ``runs``.

    Raises ValueError for ``runs`` < 1 or a precision outside (0, 1)."""

    runs: int
    precision: float | None = None

    def __post_init__(self) -> None:
        if self.runs < 1:
            raise ValueError("runs must be at least 1")
        if self.precision is not None and not 0 < self.precision < 1:
            raise ValueError(f"precision must be between 0 and 1 (a win-rate width such as 0.05), not {self.precision}")

    def looks(self) -> Iterator[tuple[int, float]]:
        """``(duels played, error budget alpha)`` of each look, in order; the last is at ``runs``."""
        if self.precision is None:
            yield self.runs, 1 - CONFIDENCE
            return
        n, k = FIRST_LOOK, 0
        while n < self.runs:
            yield n, look_alpha(k)
            n, k = max(n + 1, math.ceil(n * GROWTH)), k + 1
        yield self.runs, look_alpha(k)

    def done(self, wins: int, n: int, alpha: float) -> bool:
        """Whether a matchup with ``wins`` of ``n`` duels may stop at a look with budget ``alpha``."""
        if self.precision is None or n >= self.runs:
            return n >= self.runs
        # The exact interval costs a few hundred microseconds; skip it while a normal
        # approximation is clearly too wide (skipping can only mean more duels).
        p = wins / n
        z = _normal_quantile(1 - alpha / 2)
        if 2 * z * math.sqrt(max(p * (1 - p), 1 / n) / n) > 1.5 * self.precision:
            return False
        low, high = clopper_pearson(wins, n, alpha)
        return high - low < self.precision

    def key(self) -> str:
        """A text that names the plan (for cache keys)."""
        return f"runs={self.runs}" if self.precision is None else f"precision={self.precision!r},max={self.runs}"


def look_alpha(k: int) -> float:
    """Error budget of look ``k`` (0-based): ``0.05 * 6 / (pi^2 (k+1)^2)``; the budgets sum to 0.05."""
    return (1 - CONFIDENCE) * 6 / (math.pi ** 2 * (k + 1) ** 2)


def clopper_pearson(wins: int, n: int, alpha: float = 1 - CONFIDENCE) -> tuple[float, float]:
    """The exact two-sided ``1 - alpha`` interval ``(low, high)`` of a binomial proportion
    with ``wins`` successes in ``n`` trials (Clopper-Pearson, from beta quantiles).

    Raises ValueError for ``n`` < 1 or ``wins`` outside 0..n."""
    if n < 1 or not 0 <= wins <= n:
        raise ValueError(f"need 0 <= wins <= n and n >= 1, got {wins} of {n}")
    low = 0.0 if wins == 0 else _beta_quantile(alpha / 2, wins, n - wins + 1)
    high = 1.0 if wins == n else _beta_quantile(1 - alpha / 2, wins + 1, n - wins)
    return low, high


def _beta_quantile(q: float, a: float, b: float) -> float:
    """x with I_x(a, b) = q (the regularized incomplete beta function), by bisection
    refined with Newton steps; accurate to about 1e-10."""
    lo, hi = 0.0, 1.0
    log_norm = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    # start from the normal approximation of the beta distribution
    mean = a / (a + b)
    sd = math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
    x = min(1 - 1e-12, max(1e-12, mean + sd * _normal_quantile(q)))
    for _ in range(100):
        f = _betainc(x, a, b) - q
        if abs(f) < 1e-12:
            return x
        if f > 0:
            hi = x
        else:
            lo = x
        density = math.exp(log_norm + (a - 1) * math.log(x) + (b - 1) * math.log1p(-x)) if 0 < x < 1 else 0.0
        step = x - f / density if density > 0 else -1.0
        x = step if lo < step < hi else (lo + hi) / 2
        if hi - lo < 1e-12:
            break
    return x


def _normal_quantile(q: float) -> float:
    """Standard normal quantile (Acklam's rational approximation; about 1e-9)."""
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
        return -_normal_quantile(1 - q)
    r = q - 0.5
    s = r * r
    return (((((a[0] * s + a[1]) * s + a[2]) * s + a[3]) * s + a[4]) * s + a[5]) * r / \
        (((((b[0] * s + b[1]) * s + b[2]) * s + b[3]) * s + b[4]) * s + 1)


def _betainc(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(1 - x, b, a)
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
