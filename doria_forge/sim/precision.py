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

from .stats import clopper_pearson, normal_quantile

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
        z = normal_quantile(1 - alpha / 2)
        if 2 * z * math.sqrt(max(p * (1 - p), 1 / n) / n) > 1.5 * self.precision:
            return False
        low, high = clopper_pearson(wins, n, alpha)
        return high - low < self.precision

    def budget_at(self, n: int) -> float:
        """The error budget alpha of the look a matchup stopped at after ``n`` duels (0.05 for a
        fixed count): its interval is Clopper-Pearson at ``1 - alpha``. Raises ValueError when no
        look of the plan comes after ``n`` duels."""
        for duels, alpha in self.looks():
            if duels == n:
                return alpha
        raise ValueError(f"no look of {self.key()} comes after {n} duels")

    def key(self) -> str:
        """A text that names the plan (for cache keys)."""
        return f"runs={self.runs}" if self.precision is None else f"precision={self.precision!r},max={self.runs}"


def look_alpha(k: int) -> float:
    """Error budget of look ``k`` (0-based): ``0.05 * 6 / (pi^2 (k+1)^2)``; the budgets sum to 0.05."""
    return (1 - CONFIDENCE) * 6 / (math.pi ** 2 * (k + 1) ** 2)


__all__ = ["CONFIDENCE", "FIRST_LOOK", "GROWTH", "RunPlan", "clopper_pearson", "look_alpha"]
