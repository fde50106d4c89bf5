"""The tornado chart of ``tune --sensitivity``, drawn with matplotlib (the ``plots`` extra;
importing this module without it raises ImportError and the numbers are shown as a table).

One panel per player count; each knob a row, labelled with its field and ``file:line``, sorted
by how far one step moves the rate; a bar from the content's rate to the rate one step down
(left colour) and one step up (right colour), each end with its 95% interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.figure import Figure  # noqa: E402

from ..plot_data import OKABE_ITO  # noqa: E402
from ..plots import SVG_SETTINGS  # noqa: E402

DOWN, UP = OKABE_ITO[0], OKABE_ITO[1]


def tornado_figure(rows: Sequence[Any]) -> Figure:
    """The chart of ``rows`` (``sensitivity.Row``), one panel per player count."""
    counts = sorted({r.players for r in rows})
    per = max(len([r for r in rows if r.players == n]) for n in counts)
    with matplotlib.rc_context(SVG_SETTINGS):  # type: ignore[arg-type]
        figure, axes = plt.subplots(len(counts), 1, figsize=(7.5, 0.9 + 0.38 * per * len(counts)), squeeze=False)
    for ax, n in zip(axes[:, 0], counts, strict=True):
        mine = [r for r in rows if r.players == n]
        base = mine[0].base.rate
        for y, row in enumerate(reversed(mine)):
            for rate, colour, label in ((row.down, DOWN, "one step down"), (row.up, UP, "one step up")):
                if rate is None:
                    continue
                low, high = rate.interval
                ax.barh(y, rate.rate - base, left=base, height=0.6, color=colour, alpha=0.8,
                        label=label if y == 0 else None)
                ax.errorbar(rate.rate, y, xerr=[[rate.rate - low], [high - rate.rate]], fmt="none", ecolor="black",
                            capsize=3, linewidth=0.8)
        ax.axvline(base, color="black", linewidth=1)
        ax.set_yticks(range(len(mine)))
        ax.set_yticklabels([f"{r.knob.field} {r.knob.value} ({r.where})" for r in reversed(mine)])
        ax.set_xlim(-0.02, 1.02)
        ax.set_title(f"{n} player{'s' if n != 1 else ''}: win rate {base:.0%} as written")
        ax.grid(axis="x", alpha=0.3)
    axes[-1, 0].set_xlabel("win rate (bars: one step down / up; whiskers: 95% interval)")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    if handles:
        axes[0, 0].legend(handles, labels, loc="lower right", fontsize=7)
    figure.tight_layout()
    return figure


__all__ = ["tornado_figure"]
