"""Verdicts on balance targets: *holds*, *fails* or *undecided*, judged on intervals, never
on a point estimate, with the family-wise error controlled across every target judged at once.

A target is a band ``[low, high]`` for a number the simulation measures (a win rate at one
player count, the median game's rounds, a campaign's completion rate, the Group XP carried
between campaign scenarios...), with the evidence the runs gave:

- :class:`Proportion` (wins of runs): the exact binomial test and its dual interval, the
  Clopper-Pearson interval (Clopper and Pearson 1934);
- :class:`Median` (a histogram of values): the sign test and its dual interval, the
  order-statistic interval of the median (Conover, *Practical Nonparametric Statistics*, 3.2);
- :class:`CarriedMean` (a campaign's carry-over, over runs): betting against the mean
  (Waudby-Smith and Ramdas 2024), valid at any number of runs for values from 0 to a known maximum
  (``sim.campaign.carry_maxima``), where the t interval under-covered rare, large counts.

Each target gets two p-values: ``p_fail``, the evidence that the value lies outside the band
(twice the smaller one-sided p-value of "below ``low``" and "above ``high``"), and ``p_hold``,
the evidence that it lies inside (two one-sided tests, Schuirmann 1987: twice the larger
one-sided p-value of "at least ``low``" and "at most ``high``"). For one target at
``alpha`` = 0.05 this is exactly the rule "the 95% interval lies outside the band: fails;
inside: holds; overlapping an edge: undecided". Across all targets judged together
(:func:`judge`), the ``p_fail`` values and the ``p_hold`` values are each Holm-adjusted (Holm
1979), as the baseline diff does: the chance that *any* target that holds is reported as
failing stays at most ``alpha``, however many targets a pack has.

An undecided target says how many runs would likely decide it (:attr:`Verdict.runs_needed`):
the sample size that gives the test 80% power (``POWER``) if the value is what the runs so
far estimate, at the Bonferroni level ``alpha / targets`` (what Holm needs at worst): from the
normal approximation, and where evidence can say its chance of deciding, searched from there: for
a rate the exact binomial power (:meth:`Proportion.chance_to_decide`), for a carry-over the bet's
log wealth over runs like those so far (:meth:`CarriedMean.chance_to_decide`).

Looking again after more runs is a new look at the same data: :func:`look_alpha` gives look
``k`` the budget ``0.05 * 6 / (pi^2 (k+1)^2)``, the same spending ``sim.precision`` uses, so the
verdicts of every look together keep their 5%: :func:`judge` with ``alpha=look_alpha(k)``.

``tune`` and other callers judge targets from run results with :func:`judge`; the report
builds its targets with :func:`scenario_targets` and :func:`campaign_targets`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .precision import look_alpha
from .stats import (
    BET_SIZES,
    betting_p_value,
    betting_p_value_of,
    binomial_cdf,
    binomial_sf,
    clopper_pearson,
    histogram_percentile,
    holm,
    median_interval,
    normal_quantile,
    run_mean_error,
    run_spread,
)

ALPHA = 0.05
"""Family-wise error rate of one judgement: at most this chance that any target is called
failing (or holding) when it does not."""

HOLDS, FAILS, UNDECIDED = "holds", "fails", "undecided"
VERDICTS = (HOLDS, FAILS, UNDECIDED)

POWER = 0.8
"""Chance that the number of runs an undecided target asks for decides it, if the value is
what the runs so far estimate."""

MAX_RUNS_NEEDED = 1_000_000
"""Above this many runs a target is reported as sitting at the band's edge."""


class Evidence(Protocol):
    """What the runs say about one measured value (``method``: its interval and test)."""

    method: ClassVar[str]

    @property
    def n(self) -> int: ...

    @property
    def estimate(self) -> float: ...

    def interval(self, alpha: float) -> tuple[float, float]: ...

    def p_below(self, edge: float) -> float: ...

    def p_above(self, edge: float) -> float: ...

    def p_at_least(self, edge: float) -> float: ...

    def p_at_most(self, edge: float) -> float: ...

    def effect(self, edge: float, side: str) -> float: ...


@dataclass(frozen=True)
class Proportion:
    """``successes`` of ``n`` runs (a win rate, a completion rate): exact binomial tests."""

    method: ClassVar[str] = "clopper-pearson"
    """The interval and its test, as the report names them (``Verdict.to_data``)."""

    successes: int
    n: int

    @property
    def estimate(self) -> float:
        return self.successes / self.n if self.n else 0.0

    def interval(self, alpha: float) -> tuple[float, float]:
        """The Clopper-Pearson ``1 - alpha`` interval (``(0, 1)`` without runs)."""
        return clopper_pearson(self.successes, self.n, alpha) if self.n else (0.0, 1.0)

    def p_below(self, edge: float) -> float:
        return binomial_cdf(self.successes, self.n, edge) if self.n else 1.0

    def p_above(self, edge: float) -> float:
        return binomial_sf(self.successes, self.n, edge) if self.n else 1.0

    def p_at_least(self, edge: float) -> float:
        # every rate is at least 0: a band from 0 needs no evidence on that side
        return 0.0 if edge <= 0 else self.p_above(edge)

    def p_at_most(self, edge: float) -> float:
        return 0.0 if edge >= 1 else self.p_below(edge)

    def effect(self, edge: float, side: str) -> float:
        """How far the estimate is from ``edge`` in standard deviations of one run (``side``:
        which test, ``below``, ``above``, ``at_least`` or ``at_most``; the same distance here)."""
        # a shrunk estimate, so that 0 of 8 still has a spread to plan with
        p = (self.successes + 0.5) / (self.n + 1)
        return abs(self.estimate - edge) / math.sqrt(p * (1 - p))

    def chance_to_decide(self, runs: int, band: tuple[float, float], alpha: float) -> float:
        """The exact chance (0-1) that ``runs`` runs decide a target of ``band`` at level ``alpha``
        (:meth:`Target.p_fail`, :meth:`Target.p_hold`) if the rate is :attr:`estimate`: the
        binomial probability of the win counts whose test decides (exact power of the binomial
        test, e.g. Chernick and Liu, *The saw-toothed behavior of power versus sample size and
        software solutions: single binomial proportion using exact methods*, The American
        Statistician 56, 2002). The normal approximation :func:`runs_needed` starts from is far off
        near 0% and 100%: 0 wins of 8 against 30%-60% asked for 9 runs, and 0 wins of 9 do not fail
        (their exact interval reaches 33.6%)."""
        low, high = band

        def at(k: int) -> Proportion:
            return Proportion(k, runs)

        def first(test: Any) -> int:
            """The fewest wins from which ``test`` (true from some count on) holds."""
            return runs - _last(lambda lost: test(at(runs - lost)), runs)

        # each one-sided test rejects on one run of win counts, from one end: the decided counts
        # are those of "fails" at either end and of "holds" (both edges) between
        fails_low = _last(lambda k: 2 * at(k).p_below(low) < alpha, runs)
        holds = (first(lambda e: 2 * e.p_at_least(low) < alpha),
                 _last(lambda k: 2 * at(k).p_at_most(high) < alpha, runs))
        decided = [(0, fails_low), holds, (first(lambda e: 2 * e.p_above(high) < alpha), runs)]
        chance, covered = 0.0, -1
        for start, end in sorted(decided):
            start = max(start, covered + 1)
            if start <= end:
                chance += binomial_cdf(end, runs, self.estimate) - binomial_cdf(start - 1, runs, self.estimate)
                covered = end
        return chance


@dataclass(frozen=True)
class RunProportion(Proportion):
    """``successes`` of ``n`` trials of which one run makes several (a scenario's attempts within
    a campaign: tried again until won, by the same party): with ``T`` a run's successes and ``m``
    its trials over the ``runs`` that made any, ``run_sum_sq`` (sum of ``T^2``), ``run_cross`` (of
    ``T m``) and ``n_sq`` (of ``m^2``). The trials of one run are not independent (a weak party
    loses again), so the binomial tests and the Clopper-Pearson interval are taken at the
    *effective* number of trials ``n / deff`` (Korn and Graubard, *Confidence intervals for
    proportions with small expected number of positive counts estimated from survey data*, Survey
    Methodology 24, 1998), with the design effect ``deff = sum (T - p m)^2 / (n p (1 - p))``: the
    runs' spread about the rate ``p`` (the ratio estimator's, Cochran 1977, eq. 6.13, without
    its ``R / (R - 1)``) against what independent trials would show, never below 1. Runs that
    each made one trial give exactly 1: :class:`Proportion`'s tests and interval."""

    method: ClassVar[str] = "clopper-pearson-over-runs"
    runs: int = 0
    run_sum_sq: float = 0.0
    run_cross: float = 0.0
    n_sq: float = 0.0

    def _effective(self) -> tuple[float, float]:
        """``(successes, trials)`` scaled down by the design effect (at least 1)."""
        p, n = self.estimate, self.n
        if self.runs < 2 or not 0 < p < 1:
            return self.successes, n
        deff = max(1.0, run_spread(p, self.run_sum_sq, self.run_cross, self.n_sq) / (n * p * (1 - p)))
        return self.successes / deff, n / deff

    def interval(self, alpha: float) -> tuple[float, float]:
        successes, n = self._effective()
        return clopper_pearson(successes, n, alpha) if n >= 1 else (0.0, 1.0)

    def p_below(self, edge: float) -> float:
        successes, n = self._effective()
        return binomial_cdf(successes, n, edge) if n else 1.0

    def p_above(self, edge: float) -> float:
        successes, n = self._effective()
        return binomial_sf(successes, n, edge) if n else 1.0

    def effect(self, edge: float, side: str) -> float:
        """:class:`Proportion`'s distance, in standard deviations of one trial as the runs spread
        them (each trial counts as ``1 / deff`` of one: :func:`runs_needed` then asks for
        ``deff`` times the trials)."""
        _, effective = self._effective()
        return super().effect(edge, side) * math.sqrt(effective / self.n) if self.n else 0.0

    def chance_to_decide(self, runs: int, band: tuple[float, float], alpha: float) -> float:
        """:class:`Proportion`'s chance at the effective number of trials ``runs`` would make (the
        trials scaled down by the design effect, as the tests take them)."""
        _, effective = self._effective()
        return Proportion(self.successes, self.n).chance_to_decide(max(1, round(runs * effective / self.n)), band,
                                                                   alpha)


@dataclass(frozen=True)
class Median:
    """The median of integer values (rounds), from their ``histogram`` (value -> count): the
    sign test. The band's edges are values the median may take (``[8, 20]`` holds a median
    of 8)."""

    method: ClassVar[str] = "sign-test"
    histogram: Mapping[int, int]

    @property
    def n(self) -> int:
        return sum(self.histogram.values())

    @property
    def estimate(self) -> float:
        return float(histogram_percentile(self.histogram, 0.5))

    def interval(self, alpha: float) -> tuple[float, float]:
        """The order-statistic ``1 - alpha`` interval of the median; unbounded when even the
        smallest to the largest value is not that sure (``2 / 2^n > alpha``: fewer than 6 runs at
        95%), as the sign test then cannot decide either."""
        if 2 * 0.5 ** self.n > alpha:
            return -math.inf, math.inf
        low, high = median_interval(self.histogram, alpha)
        return float(low), float(high)

    def _count(self, test: Any) -> int:
        return sum(c for v, c in self.histogram.items() if test(v))

    def _sign(self, count: int) -> float:
        return binomial_sf(count, self.n, 0.5) if self.n else 1.0

    def p_below(self, edge: float) -> float:
        return self._sign(self._count(lambda v: v < edge))

    def p_above(self, edge: float) -> float:
        return self._sign(self._count(lambda v: v > edge))

    def p_at_least(self, edge: float) -> float:
        return self._sign(self._count(lambda v: v >= edge))

    def p_at_most(self, edge: float) -> float:
        return self._sign(self._count(lambda v: v <= edge))

    def effect(self, edge: float, side: str) -> float:
        """How far the share of values on ``side`` of ``edge`` (the sign test's count) is from
        one half, in standard deviations of one run."""
        if not self.n:
            return 0.0
        tests = {"below": lambda v: v < edge, "above": lambda v: v > edge, "at_least": lambda v: v >= edge,
                 "at_most": lambda v: v <= edge}
        return max(0.0, self._count(tests[side]) / self.n - 0.5) / 0.5


@dataclass(frozen=True)
class CarriedMean:
    """A campaign's carry-over mean (Group XP, Loot Cards or gold per scenario passed on), judged by
    betting against it (:func:`~.stats.betting_p_value`), which needs no normal approximation:
    ``total`` and count ``n`` of the values, and over the ``runs`` that gave any, with ``T`` a
    run's sum and ``m`` its count of values, ``run_sum_sq`` (sum of ``T^2``), ``run_cross`` (of
    ``T m``) and ``n_sq`` (of ``m^2``): the values of one run are not independent (Group XP left
    after the second scenario includes what the first left), so the runs are the evidence. The
    values lie between ``lowest`` (0: they are counts) and ``most``, the largest value one scenario
    can pass on where the content sets one (``None``: no maximum), and a run gives at most
    ``per_run`` values. The mean per value is ``E T / E m``; "the mean is at most ``edge``" means
    each run's ``T - edge m`` has mean at most 0, and scaled by ``(edge - lowest) per_run`` each is
    at least -1: the bet against it is valid whatever the values' shape (the t interval covered a
    value of 5 in one run of ten 57% of the time at 8 runs, nominally 95%). "At least ``edge``" is
    the mirror image, ``edge m - T`` scaled by ``(most - edge) per_run``, and without a maximum
    nothing can show it (no interval of a mean covers at any count without one: Bahadur and
    Savage, *The nonexistence of certain statistical procedures in nonparametric problems*, Ann.
    Math. Statist. 27, 1956): the interval then has no upper end and a band's high edge is never
    shown held. A sample whose values never vary is not exact: only a variable the rules make
    constant (``most`` equal to ``lowest``) is."""

    method: ClassVar[str] = "betting-over-runs"
    total: float
    n: int
    runs: int
    run_sum_sq: float
    run_cross: float
    n_sq: float
    lowest: float = field(default=0.0, kw_only=True)
    most: float | None = field(default=None, kw_only=True)
    per_run: int = field(default=1, kw_only=True)
    by_run: tuple[tuple[float, int, int], ...] | None = field(default=None, kw_only=True)
    """The runs themselves, ``(T, m, runs)``: the wealth of the bet taken exactly
    (:func:`~.stats.betting_p_value_of`); without them (an older report) from below by the sums
    (:func:`~.stats.betting_p_value`), valid but much weaker where a run lies far beyond the edge."""

    @property
    def estimate(self) -> float:
        return self.total / self.n if self.n else 0.0

    def _exact(self) -> bool:
        return self.most is not None and self.most <= self.lowest

    def _p_more(self, edge: float) -> float:
        """One-sided p-value of "the mean is above ``edge``"."""
        if self._exact():
            return 0.0 if self.lowest > edge else 1.0
        if edge < self.lowest:
            return 0.0
        if not self.n:
            return 1.0
        if edge == self.lowest:  # no value lies below: one above shows the mean above
            return 0.0 if self.total > edge * self.n else 1.0
        return self._bet(edge, (edge - self.lowest) * self.per_run, 1.0)

    def _p_less(self, edge: float) -> float:
        """One-sided p-value of "the mean is below ``edge``"."""
        if self._exact():
            return 0.0 if self.lowest < edge else 1.0
        if self.most is None or not self.n:
            return 1.0
        if edge > self.most:
            return 0.0
        if edge == self.most:
            return 0.0 if self.total < edge * self.n else 1.0
        return self._bet(edge, (self.most - edge) * self.per_run, -1.0)

    def _bet(self, edge: float, scale: float, sign: float) -> float:
        """p-value of betting that each run's ``sign (T - edge m) / scale`` (at least -1) has a mean
        above 0."""
        if self.by_run is not None:
            return betting_p_value_of((sign * (t - edge * m) / scale, runs) for t, m, runs in self.by_run)
        spread = max(0.0, run_spread(edge, self.run_sum_sq, self.run_cross, self.n_sq))
        return betting_p_value(sign * (self.total - edge * self.n) / scale, spread / scale ** 2)

    def interval(self, alpha: float) -> tuple[float, float]:
        """The values of the mean neither one-sided test rejects at ``alpha / 2`` (by bisection):
        from ``lowest`` at worst to ``most`` (infinite without one)."""
        if self._exact():
            return self.lowest, self.lowest
        if not self.n:
            return -math.inf, math.inf
        est = self.estimate
        low = self.lowest if self._p_more(self.lowest) >= alpha / 2 else _edge_of(
            lambda m: self._p_more(m) < alpha / 2, self.lowest, est)
        if self.most is None:
            return low, math.inf
        high = self.most if self._p_less(self.most) >= alpha / 2 else _edge_of(
            lambda m: self._p_less(m) < alpha / 2, self.most, est)
        return low, high

    def p_below(self, edge: float) -> float:
        return self._p_less(edge)

    def p_above(self, edge: float) -> float:
        return self._p_more(edge)

    # the band is inclusive: the tests of "above" and "below" show "at least" and "at most" too
    def p_at_least(self, edge: float) -> float:
        return 0.0 if edge <= self.lowest else self._p_more(edge)

    def p_at_most(self, edge: float) -> float:
        return 0.0 if self.most is not None and self.most <= edge else self._p_less(edge)

    def chance_to_decide(self, values: int, band: tuple[float, float], alpha: float) -> float:
        """About the chance (0-1) that runs giving ``values`` values decide a target of ``band`` at
        level ``alpha`` if the runs are like those so far (their ``by_run``; without them 1.0, and
        :func:`runs_needed` keeps the normal approximation). Each side the verdict needs (fails:
        the one beyond the estimate; holds: each edge not decided by the bounds alone) must see a
        wealth above ``2 / alpha``: for a stake fraction ``l``, the log wealth of ``R`` runs is a sum
        of ``R`` terms ``ln(1 + l x)`` with the runs' mean and spread, taken as normal; the side's
        chance is that of its best fraction (the mixture's wealth is at least that fraction's over
        ``len(BET_SIZES)``), and the sides' chances are multiplied. The normal approximation of the
        estimate alone asked for 7 runs where the bet needed some 40 (a 3.00 Group XP against at most
        20, from 6 runs)."""
        if self.by_run is None or not self.n:
            return 1.0
        runs = values * self.runs / self.n
        low, high = band
        est = self.estimate
        # (edge, scale, sign) of each one-sided bet the verdict needs; a side without a maximum never decides
        below = None if self.most is None else (self.most - low) * self.per_run
        at_most = None if self.most is None else (self.most - high) * self.per_run
        if est < low:
            sides = [(low, below, -1.0)]
        elif est > high:
            sides = [(high, (high - self.lowest) * self.per_run, 1.0)]
        else:
            sides = ([(low, (low - self.lowest) * self.per_run, 1.0)] if self.p_at_least(low) > 0 else []) + (
                [(high, at_most, -1.0)] if self.p_at_most(high) > 0 else [])
        threshold = math.log(2 * len(BET_SIZES) / alpha)
        chance = 1.0
        for edge, scale, sign in sides:
            if scale is None:
                return 0.0
            terms = [(sign * (t - edge * m) / scale, count) for t, m, count in self.by_run]
            best = 0.0
            for bet in BET_SIZES:
                logs = [(math.log1p(bet * x), count) for x, count in terms]
                mean = sum(v * c for v, c in logs) / self.runs
                var = max(0.0, sum(v * v * c for v, c in logs) / self.runs - mean * mean)
                gap = runs * mean - threshold
                best = max(best, float(gap > 0) if var == 0 else 0.5 * math.erfc(-gap / math.sqrt(2 * runs * var)))
            chance *= best
        return chance

    def effect(self, edge: float, side: str) -> float:
        """How far the mean is from ``edge`` in standard deviations of one value, as the runs spread
        them (the ratio estimator's standard error over runs, :func:`~.stats.run_mean_error`,
        times ``sqrt(n)``): what :func:`runs_needed`'s normal approximation starts from; 0 (no
        number of runs decides it) for a side that needs the maximum (``below``, ``at_most``)
        when none is known."""
        if self.most is None and side in ("below", "at_most"):
            return 0.0
        error = run_mean_error(self.total, self.n, self.runs, self.run_sum_sq, self.run_cross, self.n_sq)
        return abs(self.estimate - edge) / (error * math.sqrt(self.n) or 1e-9)


def _edge_of(rejected: Any, outer: float, inner: float) -> float:
    """The point between ``outer`` (where ``rejected`` holds) and ``inner`` (where it does not) at
    which it stops holding, by bisection to about 1e-9 of the distance."""
    for _ in range(60):
        mid = (outer + inner) / 2
        if rejected(mid):
            outer = mid
        else:
            inner = mid
    return inner


def _last(test: Any, runs: int) -> int:
    """The largest count ``k`` in 0..``runs`` for which ``test(k)`` holds, when it holds from 0 up to
    some count and not above (bisection); -1 when it holds for none."""
    if not test(0):
        return -1
    good, bad = 0, runs + 1
    while bad - good > 1:
        mid = (good + bad) // 2
        if test(mid):
            good = mid
        else:
            bad = mid
    return good


@dataclass(frozen=True)
class Target:
    """A balance target: the ``metric`` of ``document`` (``"scenario/goblin_warren"``) at
    ``players`` players must lie in ``band`` (inclusive; rates 0-1, rounds, points); ``path``
    is the field of the document that sets it (``("balance", "win_rate", "4")``), ``evidence``
    what the runs gave."""

    document: str
    path: tuple[str | int, ...]
    metric: str
    players: int
    band: tuple[float, float]
    evidence: Proportion | Median | CarriedMean

    def p_fail(self) -> float:
        """Evidence that the value lies outside the band (two-sided level, see the module)."""
        low, high = self.band
        return min(1.0, 2 * min(self.evidence.p_below(low), self.evidence.p_above(high)))

    def p_hold(self) -> float:
        """Evidence that the value lies inside the band (two one-sided tests)."""
        low, high = self.band
        return min(1.0, 2 * max(self.evidence.p_at_least(low), self.evidence.p_at_most(high)))


@dataclass(frozen=True)
class Verdict:
    """The judgement of one :class:`Target`: ``verdict`` (``holds``, ``fails``,
    ``undecided``), the ``estimate`` and its ``interval`` at ``confidence``, the Holm-adjusted
    p-values over ``family`` targets, and ``runs_needed``: the runs per player count that would
    likely decide an undecided target (``None`` when decided, or when the value sits at a
    band edge and no number of runs would)."""

    target: Target
    verdict: str
    estimate: float
    interval: tuple[float, float]
    confidence: float
    p_fail: float
    p_hold: float
    family: int
    runs_needed: int | None

    @property
    def runs(self) -> int:
        return self.target.evidence.n

    def to_data(self) -> dict[str, Any]:
        """JSON-ready (the report's ``verdicts`` entries)."""
        t = self.target
        return {
            "document": t.document, "path": list(t.path), "metric": t.metric, "players": t.players,
            "band": list(t.band), "verdict": self.verdict, "method": t.evidence.method,
            "estimate": round(self.estimate, 6),
            "interval": [_finite(x) for x in self.interval], "confidence": self.confidence, "runs": self.runs,
            "p_fail": _round_p(self.p_fail), "p_hold": _round_p(self.p_hold), "family": self.family,
            "runs_needed": self.runs_needed,
        }


def _finite(x: float) -> float | None:
    return round(x, 6) if math.isfinite(x) else None


def _round_p(p: float) -> float:
    return float(f"{p:.4g}")


def judge(targets: Sequence[Target], *, alpha: float = ALPHA) -> list[Verdict]:
    """The verdict of every target, in order, judged together: ``p_fail`` and ``p_hold`` are
    Holm-adjusted over ``targets``; a target *fails* when its adjusted ``p_fail`` is below
    ``alpha``, *holds* when its adjusted ``p_hold`` is, else is *undecided*. The interval
    shown is the plain ``1 - alpha`` interval of the target's method. Raises ValueError for
    ``alpha`` outside (0, 1)."""
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha}")
    fails = holm([t.p_fail() for t in targets])
    holds = holm([t.p_hold() for t in targets])
    out = []
    for target, p_fail, p_hold in zip(targets, fails, holds, strict=True):
        verdict = FAILS if p_fail < alpha else HOLDS if p_hold < alpha else UNDECIDED
        out.append(Verdict(target, verdict, target.evidence.estimate, target.evidence.interval(alpha), 1 - alpha,
                           p_fail, p_hold, len(targets),
                           None if verdict != UNDECIDED else runs_needed(target, alpha / max(1, len(targets)))))
    return out


def runs_needed(target: Target, alpha: float = ALPHA) -> int | None:
    """About how many runs would decide ``target`` at level ``alpha`` with 80% power if the
    value is what the runs so far estimate: ``((z_alpha + z_power) / effect)^2`` with
    ``z_alpha`` the two-sided normal quantile, ``z_power`` that of ``POWER`` and the effect the
    distance to the deciding band edge(s) in standard deviations of one run; evidence that can
    say its exact chance of deciding (``chance_to_decide``: a rate) gets the fewest runs whose
    exact chance reaches ``POWER``, searched from there. An edge whose test
    gives p = 0 is not one: a rate's 0 or 1, which no value crosses, or an edge every run so far
    holds beyond what a float can tell; with neither edge deciding, the runs so far decide it
    (their count). ``None`` when the estimate sits on a deciding edge (or more than
    ``MAX_RUNS_NEEDED`` runs)."""
    low, high = target.band
    evidence = target.evidence
    estimate = evidence.estimate
    if estimate < low:
        effect = evidence.effect(low, "below")
    elif estimate > high:
        effect = evidence.effect(high, "above")
    else:
        # an edge whose p-value is 0 needs no runs: a rate of 0% against "at most 10%" sits on the
        # low edge no rate can cross, yet more runs decide it
        sides = [(edge, side) for edge, side, p in ((low, "at_least", evidence.p_at_least(low)),
                                                    (high, "at_most", evidence.p_at_most(high))) if p > 0]
        if not sides:
            return evidence.n
        effect = min(evidence.effect(edge, side) for edge, side in sides)
    if effect <= 0:
        return None
    z = normal_quantile(1 - alpha / 2) + normal_quantile(POWER)
    needed = math.ceil((z / effect) ** 2)
    if needed > MAX_RUNS_NEEDED:
        return None
    needed = max(needed, evidence.n + 1)
    chance = getattr(evidence, "chance_to_decide", None)
    return needed if chance is None else _exact_runs(lambda runs: chance(runs, target.band, alpha), needed,
                                                     evidence.n + 1)


def _exact_runs(chance: Any, guess: int, fewest: int) -> int | None:
    """The fewest runs, at least ``fewest``, whose exact ``chance(runs)`` of deciding reaches
    ``POWER``, searched from the normal approximation's ``guess`` (exact power saw-tooths with the
    runs, so this is the first count a bisection meets, about the fewest); None above
    ``MAX_RUNS_NEEDED``."""
    high = guess
    while chance(high) < POWER:
        fewest = high + 1
        high = math.ceil(high * 1.25)
        if high > MAX_RUNS_NEEDED:
            return None
    while fewest < high:
        mid = (fewest + high) // 2
        if chance(mid) >= POWER:
            high = mid
        else:
            fewest = mid + 1
    return high


def _by_key(table: Mapping[Any, Any]) -> dict[str, Any]:
    """A ``{1..6 | "all": [low, high]}`` table of the content model keyed as :func:`band_for` reads
    it: each player count as text ("1".."6")."""
    return {str(k): v for k, v in table.items()}


def band_for(targets: Mapping[str, Any], players: int) -> tuple[str, tuple[float, float]] | None:
    """The band a ``{"1".."6" | "all": [low, high]}`` table sets for ``players`` (its own key
    first, else ``all``), with the key; None when neither is there."""
    key = str(players) if str(players) in targets else "all"
    if key not in targets:
        return None
    low, high = targets[key]
    return key, (float(low), float(high))


def scenario_targets(scenario: Any, summaries: Sequence[Mapping[str, Any]]) -> list[Target]:
    """The targets of a scenario's ``balance:`` (``model.scenario.Balance``) from its
    per-player-count summaries (``RunStats.to_data``): the win rate at each count its
    ``win_rate`` table names (a count's own key, else ``all``) and the median rounds at each
    count (``rounds``)."""
    balance = scenario.balance
    if balance is None:
        return []
    doc = f"scenario/{scenario.id}"
    out = []
    table = _by_key(balance.win_rate)
    for s in summaries:
        if not s["runs"]:
            continue
        found = band_for(table, s["players"])
        if found is not None:
            key, band = found
            out.append(Target(doc, ("balance", "win_rate", key), "win_rate", s["players"], band,
                              Proportion(s["wins"], s["runs"])))
    if balance.rounds is not None:
        for s in summaries:
            if s["runs"]:
                histogram = {int(k): v for k, v in s["rounds"]["histogram"].items()}
                out.append(Target(doc, ("balance", "rounds"), "rounds", s["players"],
                                  (float(balance.rounds[0]), float(balance.rounds[1])), Median(histogram)))
    return out


NOT_PLAYED = "not_played"
"""Why a target was not judged: no count it is for was played (``--players`` left them out)."""

NOT_REACHED = "not_reached"
"""Why a campaign's target was not judged at a count played: no run attempted the scenario it
is for, or (carry-over) no run passed a scenario on to the next."""


def not_played(document: str, path: tuple[str, ...], metric: str, table: Mapping[str, Any],
               played: Sequence[int]) -> list[dict[str, Any]]:
    """The targets of a ``{"1".."6" | "all": [low, high]}`` table (at ``path`` of ``document``)
    that no ``played`` count is judged against (:func:`band_for`): a count's own key that was not
    played, or ``all`` when every count played has its own. JSON-ready (the report's
    ``verdicts.not_judged``): ``{"document", "path", "metric", "players", "band", "reason"}``,
    ``players`` the count the key names (empty for ``all``). Without this a ``--players 1`` run
    of a scenario whose target is for 4 players said nothing of that target."""
    judged = {found[0] for found in (band_for(table, n) for n in played) if found is not None}
    return [{"document": document, "path": [*path, key], "metric": metric,
             "players": [] if key == "all" else [int(key)], "band": [float(band[0]), float(band[1])],
             "reason": NOT_PLAYED}
            for key, band in sorted(table.items()) if key not in judged]


def scenario_not_judged(scenario: Any, played: Sequence[int]) -> list[dict[str, Any]]:
    """The win-rate targets of a scenario's ``balance:`` that :func:`scenario_targets` leaves out
    when only the ``played`` player counts have runs (:func:`not_played`)."""
    if scenario.balance is None:
        return []
    return not_played(f"scenario/{scenario.id}", ("balance", "win_rate"), "win_rate",
                      _by_key(scenario.balance.win_rate), played)


CARRY_OVER = ("group_xp", "loot_cards", "gold")
"""What a campaign's ``balance.carry_over`` may bound: per scenario passed on to the next,
the Group XP left on the track, the Loot Cards the party keeps and their gold value."""


def campaign_targets(campaign: Any, summaries: Sequence[Mapping[str, Any]],
                     maxima: Mapping[int, Mapping[str, float | None]] | None = None) -> list[Target]:
    """The targets of a campaign's ``balance:`` (``model.scenario.CampaignBalance``) from its
    per-player-count summaries (``CampaignStats.to_data``): the completion rate, each named
    scenario's win rate within the campaign (attempts won), the carry-over means (``maxima``: per
    player count, the largest value one scenario can pass on per carry-over name,
    ``sim.campaign.carry_maxima``; without it none is known)."""
    balance = getattr(campaign, "balance", None)
    if balance is None:
        return []
    doc = f"campaign/{campaign.id}"
    out = []
    completion = _by_key(balance.completion_rate)
    for s in summaries:
        if not s["runs"]:
            continue
        found = band_for(completion, s["players"])
        if found is not None:
            key, band = found
            out.append(Target(doc, ("balance", "completion_rate", key), "completion_rate", s["players"], band,
                              Proportion(s["completed"], s["runs"])))
        steps = {step["scenario"]: step for step in s["scenarios"]}
        for sid, table in balance.scenario_win_rate.items():
            step = steps.get(sid)
            found = band_for(_by_key(table), s["players"])
            if step is None or found is None or not step["attempts"]:
                continue
            key, band = found
            evidence = Proportion(step["wins"], step["attempts"]) if "runs" not in step else RunProportion(
                step["wins"], step["attempts"], step["runs"], step["run_sum_sq"], step["run_cross"], step["n_sq"])
            out.append(Target(doc, ("balance", "scenario_win_rate", sid, key), f"scenario_win_rate:{sid}",
                              s["players"], band, evidence))
        carry = s.get("carry_over", {})
        for name in CARRY_OVER:
            bounds = getattr(balance.carry_over, name, None) if balance.carry_over is not None else None
            data = carry.get(name)
            if bounds is None or not data or not data["n"]:
                continue
            most = (maxima or {}).get(s["players"], {}).get(name)
            out.append(Target(doc, ("balance", "carry_over", name), f"carry_over:{name}", s["players"],
                              (float(bounds[0]), float(bounds[1])),
                              carried(data, most, max(1, len(campaign.scenarios) - 1))))
    return out


def campaign_not_judged(campaign: Any, played: Sequence[int]) -> list[dict[str, Any]]:
    """The completion-rate and scenario win-rate targets of a campaign's ``balance:`` that
    :func:`campaign_targets` leaves out when only the ``played`` player counts have runs
    (:func:`not_played`)."""
    balance = getattr(campaign, "balance", None)
    if balance is None:
        return []
    doc = f"campaign/{campaign.id}"
    out = not_played(doc, ("balance", "completion_rate"), "completion_rate",
                     _by_key(balance.completion_rate), played)
    for sid, table in balance.scenario_win_rate.items():
        out += not_played(doc, ("balance", "scenario_win_rate", sid), f"scenario_win_rate:{sid}",
                          _by_key(table), played)
    return out


def campaign_not_reached(campaign: Any, summaries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The scenario win-rate and carry-over targets of a campaign's ``balance:`` that
    :func:`campaign_targets` leaves out at a count played for want of evidence: a scenario no run
    attempted, a carry-over when no run passed a scenario on. JSON-ready as :func:`not_played`'s,
    ``reason`` :data:`NOT_REACHED` and ``players`` the count."""
    balance = getattr(campaign, "balance", None)
    if balance is None:
        return []
    doc = f"campaign/{campaign.id}"
    out: list[dict[str, Any]] = []
    for s in summaries:
        if not s["runs"]:
            continue
        steps = {step["scenario"]: step for step in s["scenarios"]}
        missing: list[tuple[tuple[str, ...], str, Sequence[float]]] = []
        for sid, table in balance.scenario_win_rate.items():
            found = band_for(_by_key(table), s["players"])
            step = steps.get(sid)
            if found is not None and (step is None or not step["attempts"]):
                missing.append((("balance", "scenario_win_rate", sid, found[0]), f"scenario_win_rate:{sid}",
                                found[1]))
        carry = s.get("carry_over", {})
        for name in CARRY_OVER:
            bounds = getattr(balance.carry_over, name, None) if balance.carry_over is not None else None
            if bounds is not None and not (carry.get(name) or {}).get("n"):
                missing.append((("balance", "carry_over", name), f"carry_over:{name}", bounds))
        out += [{"document": doc, "path": list(path), "metric": metric, "players": [s["players"]],
                 "band": [float(band[0]), float(band[1])], "reason": NOT_REACHED} for path, metric, band in missing]
    return out


def carried(data: Mapping[str, Any], most: float | None, per_run: int) -> CarriedMean:
    """The evidence of a carry-over summary (``CampaignStats.to_data``; the verdicts' and the
    baseline comparison's, ``sim.baseline``), values from 0 to ``most``
    (``None``: unknown, as when a run passed on more), at most ``per_run`` of them a run: by runs
    when it has the runs' sums, else (an older report) each value as a run of its own."""
    if most is not None and data.get("highest", 0) > most:
        most = None
    if "runs" not in data:
        return CarriedMean(data["total"], data["n"], data["n"], data["sum_sq"], data["total"], data["n"],
                           lowest=0.0, most=most)
    by_run = tuple((float(t), int(m), int(c)) for t, m, c in data["by_run"]) if "by_run" in data else None
    return CarriedMean(data["total"], data["n"], data["runs"], data["run_sum_sq"], data["run_cross"],
                       data["n_sq"], lowest=0.0, most=most, per_run=per_run, by_run=by_run)


__all__ = ["ALPHA", "CARRY_OVER", "CarriedMean", "FAILS", "HOLDS", "Median", "NOT_PLAYED", "NOT_REACHED",
           "Proportion", "RunProportion", "Target", "UNDECIDED", "VERDICTS", "Verdict", "band_for",
           "campaign_not_judged", "campaign_not_reached", "campaign_targets", "carried", "judge", "look_alpha",
           "not_played", "runs_needed", "scenario_not_judged", "scenario_targets"]
