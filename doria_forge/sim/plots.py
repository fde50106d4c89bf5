"""The plots of the scenario report, drawn with matplotlib (Agg) from the report's JSON data.

matplotlib is the ``plots`` extra (``pip install ".[plots]"``): importing this module without it
raises ImportError, and the report shows the same numbers as plain tables instead. Colours
come from :mod:`doria_forge.sim.plot_data` (colour-blind safe).

Every ``*_figure`` function takes the parts of the report it shows and draws exactly those
numbers (tests read them back from the figure); :func:`svg` turns a figure into SVG text that
is byte-identical for the same data (fixed hash salt, no date, text as text).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.rcsetup import cycler  # noqa: E402

from .findings import player_counts  # noqa: E402
from .plot_data import (  # noqa: E402
    COMPLETION_COLOUR,
    DAMAGE_COLOUR,
    OKABE_ITO,
    RATE_COLOURMAP,
    TOP_SOURCES,
    WIN_RATE_COLOUR,
    damage_sources,
    duel_grid,
)

__all__ = ["TOP_SOURCES", "completion_figure", "damage_figure", "damage_sources", "duel_heatmap_figure", "svg",
           "rounds_figure", "win_rate_figure"]

SVG_SETTINGS: dict[str, Any] = {"svg.hashsalt": "doria-forge", "svg.fonttype": "none", "font.size": 9,
                                "axes.prop_cycle": cycler(color=list(OKABE_ITO))}
"""matplotlib settings that make the SVG reproducible and small, in colour-blind-safe colours."""


def svg(figure: Figure) -> str:
    """The figure as SVG text (reproducible: see the module docstring); closes it."""
    buffer = io.StringIO()
    with matplotlib.rc_context(SVG_SETTINGS):  # type: ignore[arg-type]
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


def _figure(width: float = 5.0, height: float = 3.0) -> tuple[Figure, Any]:
    with matplotlib.rc_context(SVG_SETTINGS):  # type: ignore[arg-type]
        figure, ax = plt.subplots(figsize=(width, height))
    return figure, ax


def _rate_figure(players: list[int], rates: list[float], intervals: list[list[float]], *, ylabel: str, title: str,
                 marker: str, colour: str) -> Figure:
    """A rate (0-1) against player count with its interval as error bars."""
    figure, ax = _figure()
    low = [rate - ci[0] for rate, ci in zip(rates, intervals, strict=True)]
    high = [ci[1] - rate for rate, ci in zip(rates, intervals, strict=True)]
    ax.errorbar(players, rates, yerr=[low, high], fmt=marker, capsize=4, color=colour)
    ax.set_xticks(players)
    ax.set_xlim(min(players) - 0.5, max(players) + 0.5)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("players")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    return figure


def win_rate_figure(summaries: Sequence[dict[str, Any]], title: str = "") -> Figure:
    """Win rate (points) against player count with its 95% interval (error bars), from the
    per-player-count summaries of a scenario entry (``win_rate``, ``win_rate_ci``)."""
    return _rate_figure([s["players"] for s in summaries], [s["win_rate"] for s in summaries],
                        [s["win_rate_ci"] for s in summaries], ylabel="win rate (95% interval)",
                        title=title or "Win rate by player count", marker="o", colour=WIN_RATE_COLOUR)


def rounds_figure(summaries: Sequence[dict[str, Any]], title: str = "") -> Figure:
    """Histogram of the rounds runs lasted, one bar group per player count (share of its
    runs), from the summaries' ``rounds.histogram``."""
    figure, ax = _figure()
    width = 0.8 / max(1, len(summaries))
    for k, s in enumerate(summaries):
        hist = {int(r): c for r, c in s["rounds"]["histogram"].items()}
        rounds = sorted(hist)
        shares = [hist[r] / s["runs"] for r in rounds]
        ax.bar([r - 0.4 + width * (k + 0.5) for r in rounds], shares, width=width, label=player_counts([s["players"]]))
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of runs")
    ax.set_title(title or "How long runs last")
    ax.legend(fontsize=7)
    return figure


def damage_figure(summaries: Sequence[dict[str, Any]], title: str = "") -> Figure:
    """Hit Points lost per run by source (``damage_sources``), horizontal bars."""
    rows = damage_sources(summaries)
    figure, ax = _figure(5.0, 0.6 + 0.25 * max(1, len(rows)))
    names = [name for name, _ in rows][::-1]
    values = [value for _, value in rows][::-1]
    ax.barh(names, values, color=DAMAGE_COLOUR)
    ax.set_xlabel("HP lost per run")
    ax.set_title(title or "What hurts the heroes")
    return figure


def completion_figure(summaries: Sequence[dict[str, Any]], title: str = "") -> Figure:
    """Campaign completion rate against player count with its 95% interval."""
    return _rate_figure([s["players"] for s in summaries], [s["completion_rate"] for s in summaries],
                        [s["completion_ci"] for s in summaries], ylabel="campaigns completed (95% interval)",
                        title=title or "Campaign completion", marker="s", colour=COMPLETION_COLOUR)


def duel_heatmap_figure(cells: Sequence[dict[str, Any]]) -> Figure:
    """The duel matrix: hero win rate per monster (rows) and hero (columns), one panel per
    Monster Level, from ``MatrixResult.to_data()["cells"]``."""
    heroes, monsters, levels, by_key = duel_grid(cells)
    with matplotlib.rc_context(SVG_SETTINGS):  # type: ignore[arg-type]
        figure, axes = plt.subplots(1, len(levels), figsize=(2.0 + 1.6 * len(levels) * max(1, len(heroes)) / 6,
                                                             0.8 + 0.22 * len(monsters)), squeeze=False)
    image = None
    for ax, level in zip(axes[0], levels, strict=True):
        grid = [[by_key.get((h, m, level), float("nan")) for h in heroes] for m in monsters]
        image = ax.imshow(grid, vmin=0, vmax=1, cmap=RATE_COLOURMAP, aspect="auto")
        ax.set_title(f"Monster Level {level}")
        ax.set_xticks(range(len(heroes)), heroes, rotation=90, fontsize=7)
        ax.set_yticks(range(len(monsters)), monsters if level == levels[0] else [""] * len(monsters), fontsize=7)
    if image is not None:
        figure.colorbar(image, ax=list(axes[0]), label="hero win rate", shrink=0.8)
    return figure
