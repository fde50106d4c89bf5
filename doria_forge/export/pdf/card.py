"""One card anatomy for every deck: what a face shows is data (:class:`CardSpec`), where it goes is
:func:`~.card_regions.card_regions`, and :class:`CardFace` draws it.

The anatomy follows the Equipment Card of the Book of Rules (chapter *Equipment Card Anatomy*):
requirements top left, magic mark, range and Psi Point cost top right, title, set or category, the
values of the card, the description, and along the bottom the zone or hands, the gold value and the
Action Point cost. Monster Level Cards, monster cards, Traps, heroes and Door Events fill the same
regions with their own numbers. All geometry is in points (1/72 inch).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from doria_forge.i18n import t

from .art import draw_art
from .card_regions import (
    STAT_ROW_PT,
    STAT_VALUE_PT,
    Box,
    card_regions,
    stat_cells,
    stat_columns,
    stat_shows_icon,
    text_blocks,
    type_scale,
)
from .compose import FaceBox
from .fonts import BOLD
from .icons import draw_with_icon, icon_width
from .layout import mm
from .spec import RGB, BackSpec, CardSpec
from .text import MIN_FONT_PT, draw_line, draw_paragraph


def _split(left: str, right: str, width: float, size: float, gap: float = 4.0) -> tuple[float, float]:
    """Widths for two texts sharing one line: each its natural width if both fit, else shared in
    proportion to their natural widths."""
    lw, rw = stringWidth(left, BOLD, size), stringWidth(right, BOLD, size)
    room = width - gap
    if lw + rw <= room or lw + rw == 0:
        return room - rw, rw
    return room * lw / (lw + rw), room * rw / (lw + rw)


def _footer_slots(left: str, centre: str, right: str, x: float, width: float,
                  size: float) -> tuple[tuple[float, float], ...]:
    """``(x, width)`` in points for the footer's left, centre and right texts: each gets its
    natural width at ``size`` and the centre text the room between, so a long zone name
    ("Accessory") borrows from an empty AP slot; equal thirds when they cannot all fit."""
    wl, wc, wr = (stringWidth(t, BOLD, size) if t else 0.0 for t in (left, centre, right))
    return _slots(wl, wc, wr, x, width)


FOOTER_GAP = 3.0


def _slots(wl: float, wc: float, wr: float, x: float, width: float) -> tuple[tuple[float, float], ...]:
    gap = FOOTER_GAP
    if wl + wc + wr + 2 * gap > width:
        third = width / 3
        return (x, third), (x + third, third), (x + 2 * third, third)
    room_l = x + wl + gap
    room_r = x + width - wr - gap
    # The centre text stays centred on the card unless a neighbour pushes it aside.
    cx = min(max(x + width / 2 - wc / 2, room_l), room_r - wc)
    return (x, wl + gap / 2), (cx - 0.5, wc + 1), (x + width - wr - gap / 2, wr + gap / 2)


def footer_fit(texts: tuple[str, str, str], icons: tuple[str, str, str], width: float,
               max_size: float, deck: tuple[tuple[str, str, str], ...] = ()) -> tuple[float, tuple[bool, bool, bool]]:
    """The footer's type size and which words become icons: the words at ``max_size`` if they fit
    ``width`` pt, else with the words that have an icon (zone, attack type) shown as icons, else the
    largest size down to ``MIN_FONT_PT`` at which they fit (the smallest if none does).

    ``deck`` (``CardSpec.deck_footers``): the footers of the card's deck; the words stay only if
    every one of them fits, so one deck never prints ``Melee`` on one card and the sword icon on
    the next."""
    def total(size: float, use: tuple[bool, bool, bool], words: tuple[str, str, str] = texts) -> float:
        return sum(icon_width(size) if u else stringWidth(t, BOLD, size) if t else 0.0
                   for t, u in zip(words, use, strict=True)) + 2 * FOOTER_GAP

    plain = (False, False, False)
    with_icons = tuple(bool(i and t) for t, i in zip(texts, icons, strict=True))
    if all(total(max_size, plain, words) <= width for words in (texts, *deck)):
        return max_size, plain
    if total(max_size, with_icons) <= width:  # type: ignore[arg-type]
        return max_size, with_icons  # type: ignore[return-value]
    size = max_size
    while size > MIN_FONT_PT and total(size, with_icons) > width:  # type: ignore[arg-type]
        size = max(MIN_FONT_PT, size - 0.25)
    return size, with_icons  # type: ignore[return-value]


def with_deck_footers(specs: Iterable[CardSpec]) -> dict[str, CardSpec]:
    """``specs`` (the fronts of one deck) by key, each with a footer icon carrying the footers of
    all those (``CardSpec.deck_footers``): the deck then prints a zone or an attack type as a word
    on every card or as an icon on every card, never ``Melee`` on one and the sword on the next
    because the next one's gold or AP is a little wider."""
    specs = list(specs)
    iconed = [s for s in specs if any(s.footer_icons)]
    footers = tuple(dict.fromkeys(s.footer for s in iconed))
    return {s.key: replace(s, deck_footers=footers) if s in iconed else s for s in specs}


def _rgb(colour: str) -> tuple[float, float, float]:
    c = HexColor(colour)
    return (c.red, c.green, c.blue)


def _tint(rgb: tuple[float, float, float], amount: float) -> tuple[float, float, float]:
    return tuple(v + (1 - v) * amount for v in rgb)  # type: ignore[return-value]


class _DrawnFromSpec:
    """A face whose identity is its spec's key: faces with equal keys are drawn once and reused."""

    spec: CardSpec | BackSpec

    @property
    def key(self) -> str:
        return self.spec.key


@dataclass(frozen=True)
class CardFace(_DrawnFromSpec):
    """A card front drawn from a :class:`CardSpec` (implements the composer's ``Face``); ``origin``
    is where the card is written (``file:line:column``), for warnings."""

    spec: CardSpec
    origin: str = field(default="", compare=False)

    def draw(self, canvas: Canvas, box: FaceBox) -> None:
        spec = self.spec
        s = type_scale(box)
        rgb = _rgb(spec.colour)
        r = card_regions(box, spec)
        # Frame colour runs into the bleed so a cut that drifts shows colour, not white paper.
        canvas.setFillColorRGB(*rgb)
        canvas.rect(0, 0, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
        px, py, pw, ph = r["panel"]
        canvas.setFillColorRGB(1, 1, 1)
        canvas.roundRect(px, py, pw, ph, 3 * s, stroke=0, fill=1)

        hx, hy, hw, hh = r["header"]
        # Requirements usually need more room than range and Psi Points: split by natural widths.
        left_w, right_w = _split(spec.corner_left, spec.corner_right, hw, 6.8 * s)
        draw_line(canvas, spec.corner_left, hx, hy + 1.5 * s, left_w, max_size=6.8 * s, bold=True,
                  color=(0.15, 0.15, 0.15))
        draw_line(canvas, spec.corner_right, hx + hw - right_w, hy + 1.5 * s, right_w, max_size=6.8 * s,
                  bold=True, align="right", color=(0.15, 0.15, 0.15))

        blocks = {b.region: b for b in text_blocks(box, spec, r)}
        title = blocks["title"]
        draw_paragraph(canvas, title.text, *title.box, max_size=title.max_size, min_size=MIN_FONT_PT,
                       bold=True, valign="middle")
        if "badge" in r:
            bx, by, bw, bh = r["badge"]
            radius = min(bw, bh) / 2
            canvas.setFillColorRGB(*rgb)
            canvas.circle(bx + bw / 2, by + bh / 2, radius, stroke=0, fill=1)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setFont(BOLD, 10 * s)
            canvas.drawCentredString(bx + bw / 2, by + bh / 2 - 3.5 * s, spec.badge)

        kx, ky, kw, kh = r["kind"]
        if kh:
            canvas.setStrokeColorRGB(*rgb)
            canvas.setLineWidth(0.6)
            canvas.line(kx, ky + kh, kx + kw, ky + kh)
            mark = f"★ {t('magic')}"
            magic_w = stringWidth(mark, BOLD, 6.5 * s) + 2 if spec.magic else 0.0
            draw_line(canvas, spec.kind_label, kx, ky + 2 * s, kw - magic_w, max_size=6.5 * s,
                      color=(0.3, 0.3, 0.3))
            if spec.magic:
                draw_line(canvas, mark, kx + kw - magic_w, ky + 2 * s, magic_w, max_size=6.5 * s,
                          bold=True, align="right", color=(0.55, 0.2, 0.65))

        if "art" in r:
            draw_art(canvas, spec.art, *r["art"])
        if spec.stats:
            self._draw_stats(canvas, r["stats"], box, rgb, s)
        if spec.table:
            self._draw_table(canvas, r["table"], rgb, s)

        if "text" in blocks:
            block = blocks["text"]
            draw_paragraph(canvas, block.text, *block.box, max_size=block.max_size, min_size=MIN_FONT_PT)

        fx, fy, fw, fh = r["footer"]
        canvas.setFillColorRGB(*_tint(rgb, 0.8))
        canvas.roundRect(fx, fy, fw, fh, 2 * s, stroke=0, fill=1)
        base = fy + fh / 2 - 2.4 * s
        size, use = footer_fit(spec.footer, spec.footer_icons, fw - 3, 6.8 * s, spec.deck_footers)
        widths = [icon_width(size) if u else stringWidth(t, BOLD, size) if t else 0.0
                  for t, u in zip(spec.footer, use, strict=True)]
        left, centre, right = widths
        slots = _slots(left, centre, right, fx + 1.5, fw - 3)
        colours = ((0, 0, 0), (0.55, 0.4, 0.0), (0, 0, 0))
        for text, icon, used, (sx, sw), align, colour in zip(spec.footer, spec.footer_icons, use, slots,
                                                             ("left", "center", "right"), colours, strict=True):
            if used:
                draw_with_icon(canvas, "", icon, sx, base, sw, size, align=align)
            else:
                draw_line(canvas, text, sx, base, sw, max_size=size, bold=True, align=align, color=colour)

    def _draw_stats(self, canvas: Canvas, region: Box, box: FaceBox, rgb: RGB, s: float) -> None:
        x, y, w, h = region
        cells = stat_cells(self.spec.stats, w, s)
        cell_w = w / stat_columns(w)
        cell_h = STAT_ROW_PT * s
        gap = 1.2 * s
        for stat, (row, col, span) in zip(self.spec.stats, cells, strict=True):
            cx = x + col * cell_w
            cy = y + h - (row + 1) * cell_h
            chip_w = cell_w * span
            canvas.setFillColorRGB(*_tint(rgb, 0.85))
            canvas.roundRect(cx + gap / 2, cy + gap / 2, chip_w - gap, cell_h - gap, 1.5 * s, stroke=0, fill=1)
            inner = chip_w - gap - 2
            label = f"{stat.label} {stat.note}".strip()
            # Label baseline high enough that its descenders clear the value's capitals.
            draw_line(canvas, label, cx + gap / 2 + 1, cy + cell_h - gap / 2 - 5.6 * s, inner,
                      max_size=6.0 * s, color=(0.25, 0.25, 0.25), align="center")
            base = cy + gap / 2 + 2.2 * s
            if stat_shows_icon(stat, cell_w, s):
                draw_with_icon(canvas, stat.icon_value, stat.icon, cx + gap / 2 + 1, base, inner,
                               STAT_VALUE_PT * s)
            else:
                draw_line(canvas, stat.value, cx + gap / 2 + 1, base, inner, max_size=STAT_VALUE_PT * s,
                          bold=True, align="center")


    def _draw_table(self, canvas: Canvas, region: Box, rgb: RGB, s: float) -> None:
        """The ``table`` grid: a coloured head row, then rows on alternating tints. Each column gets
        room in proportion to its widest entry; if the natural widths overflow the region, every cell
        shrinks by the same factor (never below ``MIN_FONT_PT``) so a column's type stays even. On a
        card too small for the column heads, the numbers get the room and the heads are shortened."""
        x, y, w, h = region
        head, body = self.spec.table[0], self.spec.table[1:]
        head_size, body_size = 6.0 * s, 7.5 * s
        cols = max(len(row) for row in self.spec.table)
        pad = 1.5 * s

        def natural(j: int, with_head: bool) -> float:
            cells = [stringWidth(row[j], BOLD, body_size) for row in body if j < len(row)]
            if with_head and j < len(head):
                cells.append(stringWidth(head[j], BOLD, head_size))
            return max(cells, default=0.0) + pad

        needs = [natural(j, True) for j in range(cols)]
        if sum(needs) * MIN_FONT_PT / body_size > w:
            needs = [natural(j, False) for j in range(cols)]
        shrink = min(1.0, w / sum(needs))
        widths = [n * w / sum(needs) for n in needs]
        row_h = h / len(self.spec.table)
        for i, row in enumerate(self.spec.table):
            ry = y + h - (i + 1) * row_h
            canvas.setFillColorRGB(*(rgb if i == 0 else _tint(rgb, 0.85 if i % 2 else 0.93)))
            canvas.rect(x, ry, w, row_h, stroke=0, fill=1)
            size = max(MIN_FONT_PT, (head_size if i == 0 else body_size) * shrink)
            base = ry + row_h / 2 - size * 0.35
            cx = x
            for j, cell in enumerate(row):
                draw_line(canvas, cell, cx + 0.5, base, widths[j] - 1, max_size=size, bold=True, align="center",
                          color=(1, 1, 1) if i == 0 else (0, 0, 0))
                cx += widths[j]


@dataclass(frozen=True)
class CardBack(_DrawnFromSpec):
    """A card back drawn from a :class:`BackSpec`: full-bleed colour, a border, the deck name."""

    spec: BackSpec

    def draw(self, canvas: Canvas, box: FaceBox) -> None:
        spec = self.spec
        s = type_scale(box)
        rgb = _rgb(spec.colour)
        full_w, full_h = box.width + 2 * box.bleed, box.height + 2 * box.bleed
        canvas.setFillColorRGB(*rgb)
        canvas.rect(0, 0, full_w, full_h, stroke=0, fill=1)
        # Diagonal hatching: a miscut back shows the pattern continuing, not an edge.
        canvas.setStrokeColorRGB(*_tint(rgb, 0.18))
        canvas.setLineWidth(1.2 * s)
        step = 7 * s
        k = -full_h
        while k < full_w:
            # Each 45-degree line clipped to the card, so no line reaches past the bleed box.
            x0, x1 = max(k, 0.0), min(k + full_h, full_w)
            if x1 > x0:
                canvas.line(x0, x0 - k, x1, x1 - k)
            k += step
        # the frame, and the words along it, keep to the layout's safe zone where it is wider than
        # the 3.5 mm the frame is drawn at (a shop asking for 6 mm got the words 2.5 mm too far out)
        inset = max(mm(3.5), box.safe_inset)
        canvas.setStrokeColorRGB(1, 1, 1)
        canvas.setLineWidth(1.0 * s)
        canvas.roundRect(box.bleed + inset, box.bleed + inset, box.width - 2 * inset, box.height - 2 * inset,
                         4 * s, stroke=1, fill=0)
        cx, cy = box.bleed + box.width / 2, box.bleed + box.height / 2
        disc = min(box.width, box.height) * 0.3
        canvas.setFillColorRGB(*_tint(rgb, 0.9))
        canvas.circle(cx, cy, disc, stroke=0, fill=1)
        inner_w = 2 * disc * 0.9
        if spec.mark:
            canvas.setFillColorRGB(*rgb)
            size = min(disc * 1.1, 40 * s)
            canvas.setFont(BOLD, size)
            canvas.drawCentredString(cx, cy - size * 0.35, spec.mark)
            band_w = box.width - 2 * inset - 8 * s
            draw_line(canvas, spec.title, cx - band_w / 2, cy - disc - 12 * s, band_w, max_size=9 * s,
                      bold=True, align="center", color=(1, 1, 1))
        else:
            draw_line(canvas, spec.title, cx - inner_w / 2, cy - 3 * s, inner_w, max_size=10 * s,
                      bold=True, align="center", color=rgb)
        draw_line(canvas, spec.subtitle, box.bleed + inset, box.bleed + inset + 4 * s, box.width - 2 * inset,
                  max_size=6.5 * s, align="center", color=(1, 1, 1))
