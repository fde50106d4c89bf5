"""Where each region of a card front goes (:func:`card_regions`) and which paragraphs it sets
(:func:`text_blocks`): the card's geometry, apart from the drawing (:mod:`.card`), so that
``validate``'s text-fit check measures card texts without loading the drawing code.

Book of Rules, chapter *Equipment Card Anatomy* (see :mod:`.card`). All geometry is in points
(1/72 inch), relative to the bleed-box corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from doria_forge.cardart import ART_HEIGHT_SHARE

from .fonts import BOLD, REGULAR
from .layout import FaceBox, mm
from .spec import CardSpec, Stat
from .text import MIN_FONT_PT
from .widths import string_width

Box = tuple[float, float, float, float]  # x, y (bottom), width, height in pt
TABLE_ROW_PT = 9.0  # height of one ``table`` row on a mini card, grows with the card


STAT_ROW_PT = 18.0
"""Height of one row of stat chips on a poker-size card, in points (scaled for other sizes)."""
STAT_VALUE_PT = 9.0
"""Largest type of a stat chip's value on a mini card, in points (scaled for other sizes)."""
ICON_WIDTH = 1.15
"""Width of an icon beside text, in multiples of the type size (:func:`.icons.icon_width`)."""


def chip_inner(cell_w: float, s: float) -> float:
    """Width in pt a value may take in a chip ``cell_w`` pt wide (the chips' gap and padding off)."""
    return cell_w - 1.2 * s - 2


def stat_shows_icon(stat: Stat, cell_w: float, s: float) -> bool:
    """Whether ``stat`` prints its icon in place of its word in a stats grid of cells ``cell_w`` pt
    wide: when the widest of its ``word_forms`` would not fit one cell at full size. Measured on
    the widest form, not the card's own word, so one deck does not print ``Ranged`` on one card and
    the melee icon on the next; a chip is never widened for a word its icon can replace."""
    if not stat.icon:
        return False
    forms = stat.word_forms or (stat.value,)
    return max(string_width(f, BOLD, STAT_VALUE_PT * s) for f in forms) > chip_inner(cell_w, s)


def stat_columns(width: float) -> int:
    """Chips per row in a stats region ``width`` pt wide: three on a card narrower than 55 mm, else four."""
    return 3 if width < mm(55) - 20 else 4


@lru_cache(maxsize=1024)
def stat_cells(stats: tuple[Stat, ...], width: float, s: float) -> tuple[tuple[int, int, int], ...]:
    """``(row, column, span)`` of each stat chip in a stats region ``width`` pt wide.

    Three columns on a card narrower than 55 mm, else four; a chip whose label or value would not
    fit one cell at the smallest type spans two or more cells (``TN STR+AGI  28+3×ML`` on a mini
    card), starting a new row when the current one has no room left."""
    cols = stat_columns(width)
    cell = width / cols
    cells: list[tuple[int, int, int]] = []
    row = col = 0
    for stat in stats:
        label = f"{stat.label} {stat.note}".strip()
        value_pt = max(MIN_FONT_PT, 7.0 * s)
        if stat_shows_icon(stat, cell, s):
            # As icons.draw_with_icon sets it: the number, a gap of 0.15 of the type size, the icon.
            number_w = string_width(stat.icon_value, BOLD, value_pt) + 0.15 * value_pt if stat.icon_value else 0.0
            value_w = number_w + ICON_WIDTH * value_pt
        else:
            value_w = max(string_width(f, BOLD, value_pt) for f in (stat.value, *stat.word_forms))
        need = max(string_width(label, REGULAR, MIN_FONT_PT), value_w)
        span = 1
        while span < cols and need > chip_inner(cell * span, s):
            span += 1
        if col + span > cols:
            row, col = row + 1, 0
        cells.append((row, col, span))
        col += span
        if col >= cols:
            row, col = row + 1, 0
    return tuple(cells)


def type_scale(box: FaceBox) -> float:
    """How much the type of a card grows with its size: 0.9 to 1.35 (1.0 on a mini card, 41 mm
    wide; 1.35 on poker size and larger)."""
    return min(1.35, max(0.9, box.width / mm(41.0)))


def card_regions(box: FaceBox, spec: CardSpec) -> dict[str, Box]:
    """Named rectangles of a card front in pt, relative to the bleed-box corner.

    ``panel`` is the white area inside the coloured frame; every glyph of the card lies inside it.
    ``header``, ``title``, ``kind``, ``art`` (only when the spec names a picture), ``stats``,
    ``table`` (only when the spec has one), ``text`` and ``footer`` stack top to bottom.
    """
    s = type_scale(box)
    pad = 2.2 * s
    # The coloured border inside the trim keeps every glyph inside the layout's safe zone.
    frame = max(mm(2.6), box.safe_inset - pad)
    px, py = box.bleed + frame, box.bleed + frame
    pw, ph = box.width - 2 * frame, box.height - 2 * frame
    x, w = px + pad, pw - 2 * pad
    top = py + ph - pad
    regions: dict[str, Box] = {"panel": (px, py, pw, ph)}
    header_h = 8.0 * s
    regions["header"] = (x, top - header_h, w, header_h)
    top -= header_h
    title_h = 15.0 * s
    badge_w = 16.0 * s if spec.badge else 0.0
    regions["title"] = (x, top - title_h, w - badge_w, title_h)
    if spec.badge:
        regions["badge"] = (x + w - badge_w + 1.5 * s, top - title_h, badge_w - 1.5 * s, title_h)
    top -= title_h
    kind_h = 8.0 * s if (spec.kind_label or spec.magic) else 0.0
    regions["kind"] = (x, top - kind_h, w, kind_h)
    top -= kind_h + 1.5 * s
    if spec.art:
        art_h = box.height * ART_HEIGHT_SHARE
        regions["art"] = (x, top - art_h, w, art_h)
        top -= art_h + 1.5 * s
    footer_h = 11.0 * s
    regions["footer"] = (x, py + pad, w, footer_h)
    bottom = py + pad + footer_h + 1.5 * s
    cells = stat_cells(spec.stats, w, s)
    rows = max((r for r, _, _ in cells), default=-1) + 1
    stats_h = rows * STAT_ROW_PT * s
    regions["stats"] = (x, top - stats_h, w, stats_h)
    top -= stats_h + (2.0 * s if rows else 0.0)
    if spec.table:
        table_h = len(spec.table) * TABLE_ROW_PT * s
        regions["table"] = (x, top - table_h, w, table_h)
        top -= table_h + 2.0 * s
    regions["text"] = (x, bottom, w, max(0.0, top - bottom))
    return regions


@dataclass(frozen=True)
class TextBlock:
    """A paragraph a card front sets in a region: ``region`` (``title`` or ``text``), the ``text``,
    its ``box`` (x, y, width, height in pt) and the largest type size ``max_size`` (pt)."""

    region: str
    text: str
    box: Box
    max_size: float
    bold: bool = False


def text_blocks(box: FaceBox, spec: CardSpec, regions: dict[str, Box] | None = None) -> list[TextBlock]:
    """The paragraphs of a card front as :meth:`CardFace.draw` sets them (title, then the text when
    there is one): what ``validate`` measures with ``text.fits`` to warn before printing."""
    r = regions or card_regions(box, spec)
    s = type_scale(box)
    blocks = [TextBlock("title", spec.title, r["title"], 10.5 * s, bold=True)]
    if spec.text:
        blocks.append(TextBlock("text", spec.text, r["text"], 7.5 * s))
    return blocks
