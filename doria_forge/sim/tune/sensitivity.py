"""Sensitivity of a scenario (or campaign) to each knob: the win rate (a campaign's completion
rate) at every player count with the knob one step down and one step up, each with its
Clopper-Pearson 95% interval, beside the content's own rate on the same seeds (common random
numbers: the difference is the knob's). TAG's one-step deviation analysis, shown as a tornado
chart (``sim.tune.tornado``) or, without matplotlib, as the same numbers in a table. It answers
"which number moves this scenario most?".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..verdicts import Proportion
from .evaluate import Candidate
from .knobs import Knob

ALPHA = 0.05
"""The intervals are 95% intervals (one per rate, not corrected across the chart)."""


@dataclass(frozen=True)
class Rate:
    """A rate measured at one knob value: ``value`` of the knob, ``wins`` of ``runs``."""

    value: int
    wins: int
    runs: int

    @property
    def rate(self) -> float:
        return self.wins / self.runs if self.runs else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return Proportion(self.wins, self.runs).interval(ALPHA)

    def to_data(self) -> dict[str, Any]:
        low, high = self.interval
        return {"value": self.value, "wins": self.wins, "runs": self.runs, "rate": round(self.rate, 6),
                "interval": [round(low, 6), round(high, 6)]}


@dataclass(frozen=True)
class Refused:
    """A step the content refuses: the knob at ``value`` one step to ``side`` (``"down"`` or
    ``"up"``) is refused by its model or breaks a validation rule, ``reason`` says which."""

    side: str
    value: int
    reason: str


@dataclass(frozen=True)
class Row:
    """One knob at one player count: ``where`` its ``file:line``, the rate of the content
    (``base``), one step down and one step up (None past the knob's range, when the content
    refuses the value: then its :class:`Refused` is in ``refused``, or when the budget ran out
    before the step was played: then its side, ``"down"`` or ``"up"``, is in ``not_measured``)."""

    knob: Knob
    where: str
    players: int
    base: Rate
    down: Rate | None
    up: Rate | None
    not_measured: tuple[str, ...] = ()
    refused: tuple[Refused, ...] = ()

    @property
    def swing(self) -> float:
        """The largest distance of a step's rate from the content's."""
        return max((abs(r.rate - self.base.rate) for r in (self.down, self.up) if r is not None), default=0.0)

    def refusal(self, side: str) -> Refused | None:
        """The refusal of the step to ``side`` (``"down"``/``"up"``), None when not refused."""
        return next((r for r in self.refused if r.side == side), None)

    def to_data(self) -> dict[str, Any]:
        return {"knob": self.knob.name, "where": self.where, "players": self.players, "base": self.base.to_data(),
                "down": self.down.to_data() if self.down else None, "up": self.up.to_data() if self.up else None,
                "not_measured": list(self.not_measured),
                "refused": {r.side: {"value": r.value, "reason": r.reason} for r in self.refused}}


def rows(knobs: Sequence[Knob], baseline: Candidate, steps: dict[tuple[str, int], Candidate],
         rate: Callable[[Any], tuple[int, int]], where: Callable[[Knob], str]) -> list[Row]:
    """The rows of the chart: for every knob and player count, the rates of ``baseline`` and of
    ``steps[(knob.name, value)]`` (played candidates), sorted by player count then by swing,
    largest first. ``rate(aggregate)`` gives ``(wins, runs)``."""

    def measured(knob: Knob, n: int, value: int | None) -> tuple[Rate | None, bool]:
        """The rate one step away, and whether the step went unplayed for want of budget."""
        if value is None or (c := steps.get((knob.name, value))) is None or c.invalid is not None:
            return None, False
        if n not in c.search:
            return None, True
        return Rate(value, *rate(c.search[n])), False

    def refused(knob: Knob) -> tuple[Refused, ...]:
        sides = zip(("down", "up"), knob.neighbours(), strict=True)
        return tuple(Refused(side, value, c.invalid) for side, value in sides
                     if value is not None and (c := steps.get((knob.name, value))) is not None
                     and c.invalid is not None)

    out = []
    for n in sorted(baseline.search):
        for knob in knobs:
            (down, down_missing), (up, up_missing) = (measured(knob, n, v) for v in knob.neighbours())
            missing = tuple(side for side, gone in (("down", down_missing), ("up", up_missing)) if gone)
            out.append(Row(knob, where(knob), n, Rate(knob.value, *rate(baseline.search[n])), down, up, missing,
                           refused(knob)))
    return sorted(out, key=lambda r: (r.players, -r.swing, r.knob.name))


def chart_svg(table: Sequence[Row], rate_name: str = "win rate") -> str | None:
    """The tornado chart as SVG text (``rate_name``: the rate measured, ``completion rate`` for a
    campaign), or None without matplotlib (the ``plots`` extra)."""
    try:
        from .tornado import tornado_figure
    except ImportError:
        return None
    from ..plots import svg

    return svg(tornado_figure(table, rate_name)) if table else None


__all__ = ["ALPHA", "Rate", "Refused", "Row", "chart_svg", "rows"]
