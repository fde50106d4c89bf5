"""The numbers and colours the scenario report draws, without any plotting library: used by the
matplotlib plots (:mod:`doria_forge.sim.plots`, the ``plots`` extra) and by the report's plain
fallback when matplotlib is not installed (the same numbers as HTML tables).

Colours are safe for colour-blind readers: the Okabe-Ito palette (Okabe & Ito, *Color Universal
Design*, 2008) for categories, and cividis (Nuñez, Anderton & Renslow, PLOS ONE 2018: a map that
reads the same with red-green colour blindness) for rates from 0 to 1, never red against green.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
"""Categorical colours: blue, orange, bluish green, reddish purple, sky blue, vermillion, yellow, black."""

WIN_RATE_COLOUR = OKABE_ITO[0]
COMPLETION_COLOUR = OKABE_ITO[2]
DAMAGE_COLOUR = OKABE_ITO[5]

RATE_COLOURMAP = "cividis"
"""The matplotlib colour map of rates (the duel heat map)."""

_CIVIDIS = ((0.0, (0, 34, 78)), (0.25, (64, 77, 107)), (0.5, (124, 123, 120)), (0.75, (188, 175, 111)),
            (1.0, (254, 232, 56)))
"""Five stops of cividis (its values at 0, 1/4, 1/2, 3/4, 1) for the plain heat map."""

TOP_SOURCES = 12
"""Damage sources shown (the largest; the rest are summed as "other sources")."""


def rate_colour(rate: float) -> tuple[str, str]:
    """``(background, text)`` hex colours of a rate 0-1 on the cividis scale, the text black or
    white, whichever reads better on it."""
    rate = min(1.0, max(0.0, rate))
    for (low, a), (high, b) in zip(_CIVIDIS, _CIVIDIS[1:], strict=False):
        if rate <= high:
            t = (rate - low) / (high - low)
            rgb = tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
            break
    light = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return "#{:02x}{:02x}{:02x}".format(*rgb), ("#000000" if light > 140 else "#ffffff")


def damage_sources(summaries: Sequence[dict[str, Any]], top: int = TOP_SOURCES) -> list[tuple[str, float]]:
    """``(source, HP lost per run)`` over all player counts (total HP / total runs), largest
    first; sources past ``top`` summed as ``other sources``."""
    runs = sum(s["runs"] for s in summaries)
    totals: dict[str, int] = {}
    for s in summaries:
        for source, d in s["damage"].items():
            totals[source] = totals.get(source, 0) + d["total"]
    ordered = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    rows = [(source, total / runs) for source, total in ordered[:top]]
    rest = sum(total for _, total in ordered[top:])
    if rest:
        rows.append(("other sources", rest / runs))
    return rows


Grid = tuple[list[str], list[str], list[int], dict[tuple[str, str, int], float]]


def duel_grid(cells: Sequence[dict[str, Any]]) -> Grid:
    """``(heroes, monsters, levels, win rate by (hero, monster, level))`` of the duel matrix's
    cells (``MatrixResult.to_data()["cells"]``), each list sorted."""
    heroes = sorted({c["hero"] for c in cells})
    monsters = sorted({c["monster"] for c in cells})
    levels = sorted({c["level"] for c in cells})
    return heroes, monsters, levels, {(c["hero"], c["monster"], c["level"]): c["win_rate"] for c in cells}
