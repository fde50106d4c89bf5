"""The tornado chart of ``tune --sensitivity``, drawn with matplotlib (the ``plots`` extra;
importing this module without it raises ImportError and the numbers are shown as a table).

One panel per player count; each knob a row, labelled with its field and ``file:line``, sorted
by how far one step moves the rate; a bar from the content's rate to the rate one step down
(left colour) and one step up (right colour), each end with its 95% interval.

Labels are wrapped (never cut) at ``LABEL_WIDTH`` characters and the figure is sized for them, so
long knob paths and file names stay whole and matplotlib never has to give up on the layout (it
would print a warning in the user's terminal).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.figure import Figure  # noqa: E402

from ..plot_data import OKABE_ITO  # noqa: E402
from ..plots import SVG_SETTINGS  # noqa: E402

DOWN, UP = OKABE_ITO[0], OKABE_ITO[1]

LABEL_WIDTH = 44
"""Characters per line of a knob's label before it wraps."""
_CHAR_INCHES, _LINE_INCHES = 0.075, 0.16
"""A generous width of one label character and the height of one label line at the chart's
9 pt font, in inches: what the figure is sized by."""
_PLOT_INCHES = 4.5
"""The width of the bars' area, in inches."""


def wrap_label(text: str, width: int = LABEL_WIDTH) -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken after a space, ``.``, ``/`` or
    ``_`` where it can be (a knob path or file name reads on), else inside a word; nothing lost:
    joining the lines gives back ``text`` but for the spaces at the breaks."""
    lines: list[str] = []
    line = ""
    for piece in re.findall(r"[^ ./_]*[ ./_]?", text):
        if len(line) + len(piece.rstrip()) > width and line:
            lines.append(line.rstrip())
            line = ""
        while len(piece) > width:
            lines.append(piece[:width])
            piece = piece[width:]
        line += piece
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def tornado_figure(rows: Sequence[Any], rate_name: str = "win rate") -> Figure:
    """The chart of ``rows`` (``sensitivity.Row``), one panel per player count, its size in
    inches grown with the number and the length of the knobs' labels; ``rate_name`` names the
    rate measured (``completion rate`` for a campaign)."""
    counts = sorted({r.players for r in rows})
    texts = {id(r): wrap_label(f"{r.knob.field} {r.knob.value} ({r.where})") for r in rows}
    row_inches = max(0.38, 0.1 + _LINE_INCHES * max(len(lines) for lines in texts.values()))
    per = max(len([r for r in rows if r.players == n]) for n in counts)
    label_inches = _CHAR_INCHES * max(len(line) for lines in texts.values() for line in lines)
    # beside the labels: the bars, the axis's ticks; above and below each panel: its title and axis
    size = (_PLOT_INCHES + 0.4 + label_inches, len(counts) * (0.9 + row_inches * per))
    with matplotlib.rc_context(SVG_SETTINGS):  # type: ignore[arg-type]
        figure, axes = plt.subplots(len(counts), 1, figsize=size, squeeze=False, layout="constrained")
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
        ax.set_yticklabels(["\n".join(texts[id(r)]) for r in reversed(mine)])
        ax.set_xlim(-0.02, 1.02)
        ax.set_title(f"{n} player{'s' if n != 1 else ''}: {rate_name} {base:.0%} as written")
        ax.grid(axis="x", alpha=0.3)
    axes[-1, 0].set_xlabel(f"{rate_name} (bars: one step down / up; whiskers: 95% interval)")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    if handles:
        axes[0, 0].legend(handles, labels, loc="lower right", fontsize=7)
    return figure


__all__ = ["tornado_figure"]
