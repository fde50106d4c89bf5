"""Small vector icons that replace words where a card is crowded: elements (fire, water, earth, air),
attack types (melee, ranged, magic) and equipment zones (chapter *Equipping Cards and Definition of
Symbols*). Each icon fills a square of ``size`` points; drawn in the current ink, no images, no
fonts, so they print crisp at any size and in CMYK.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .card_regions import ICON_WIDTH
from .fonts import BOLD

ICON_RGB = {"fire": (0.85, 0.25, 0.05), "water": (0.1, 0.4, 0.8), "earth": (0.45, 0.32, 0.15),
            "air": (0.55, 0.45, 0.0)}
INK = (0.1, 0.1, 0.1)


def _poly(canvas: Canvas, points: list[tuple[float, float]], fill: bool = True) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    canvas.drawPath(path, stroke=0 if fill else 1, fill=1 if fill else 0)


def _fire(c: Canvas, s: float) -> None:
    path = c.beginPath()
    path.moveTo(0.5 * s, 0.02 * s)
    path.curveTo(0.05 * s, 0.05 * s, 0.1 * s, 0.6 * s, 0.45 * s, 0.98 * s)
    path.curveTo(0.45 * s, 0.65 * s, 0.7 * s, 0.7 * s, 0.72 * s, 0.5 * s)
    path.curveTo(0.95 * s, 0.55 * s, 0.95 * s, 0.05 * s, 0.5 * s, 0.02 * s)
    c.drawPath(path, stroke=0, fill=1)


def _water(c: Canvas, s: float) -> None:
    path = c.beginPath()
    path.moveTo(0.5 * s, 0.98 * s)
    path.curveTo(0.35 * s, 0.65 * s, 0.15 * s, 0.45 * s, 0.2 * s, 0.28 * s)
    path.curveTo(0.25 * s, -0.05 * s, 0.75 * s, -0.05 * s, 0.8 * s, 0.28 * s)
    path.curveTo(0.85 * s, 0.45 * s, 0.65 * s, 0.65 * s, 0.5 * s, 0.98 * s)
    c.drawPath(path, stroke=0, fill=1)


def _earth(c: Canvas, s: float) -> None:
    _poly(c, [(0.02 * s, 0.08 * s), (0.38 * s, 0.85 * s), (0.55 * s, 0.5 * s), (0.68 * s, 0.68 * s),
              (0.98 * s, 0.08 * s)])


def _air(c: Canvas, s: float) -> None:  # air is lightning (chapter Additional Card Properties)
    _poly(c, [(0.6 * s, 0.98 * s), (0.18 * s, 0.45 * s), (0.46 * s, 0.45 * s), (0.36 * s, 0.02 * s),
              (0.82 * s, 0.58 * s), (0.54 * s, 0.58 * s)])


def _melee(c: Canvas, s: float) -> None:  # a sword, point up
    _poly(c, [(0.44 * s, 0.3 * s), (0.44 * s, 0.85 * s), (0.5 * s, 0.98 * s), (0.56 * s, 0.85 * s),
              (0.56 * s, 0.3 * s)])
    c.rect(0.22 * s, 0.24 * s, 0.56 * s, 0.08 * s, stroke=0, fill=1)
    c.rect(0.45 * s, 0.02 * s, 0.1 * s, 0.22 * s, stroke=0, fill=1)


def _ranged(c: Canvas, s: float) -> None:  # an arrow, pointing up and right
    c.saveState()
    c.setLineWidth(max(0.6, 0.09 * s))
    c.line(0.12 * s, 0.12 * s, 0.78 * s, 0.78 * s)
    c.restoreState()
    _poly(c, [(0.98 * s, 0.98 * s), (0.55 * s, 0.88 * s), (0.88 * s, 0.55 * s)])
    _poly(c, [(0.05 * s, 0.3 * s), (0.12 * s, 0.12 * s), (0.3 * s, 0.05 * s), (0.22 * s, 0.22 * s)])


def _magic(c: Canvas, s: float) -> None:  # a four-pointed star
    m = 0.5 * s
    _poly(c, [(m, 0.98 * s), (0.6 * s, 0.6 * s), (0.98 * s, m), (0.6 * s, 0.4 * s), (m, 0.02 * s),
              (0.4 * s, 0.4 * s), (0.02 * s, m), (0.4 * s, 0.6 * s)])


def _hand(count: str) -> Callable[[Canvas, float], None]:
    def draw(c: Canvas, s: float) -> None:
        c.roundRect(0.12 * s, 0.05 * s, 0.62 * s, 0.62 * s, 0.15 * s, stroke=0, fill=1)
        for k in range(4):  # fingers
            c.roundRect((0.14 + 0.155 * k) * s, 0.6 * s, 0.12 * s, 0.36 * s, 0.05 * s, stroke=0, fill=1)
        c.roundRect(0.7 * s, 0.3 * s, 0.26 * s, 0.12 * s, 0.05 * s, stroke=0, fill=1)  # thumb
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.setFont(BOLD, 0.45 * s)
        c.drawCentredString(0.43 * s, 0.2 * s, count)
        c.restoreState()
    return draw


def _head(c: Canvas, s: float) -> None:  # a helmet
    c.wedge(0.1 * s, 0.1 * s, 0.9 * s, 0.9 * s, 0, 180, stroke=0, fill=1)
    c.rect(0.1 * s, 0.2 * s, 0.8 * s, 0.32 * s, stroke=0, fill=1)


def _torso(c: Canvas, s: float) -> None:  # a breastplate
    _poly(c, [(0.05 * s, 0.8 * s), (0.35 * s, 0.95 * s), (0.65 * s, 0.95 * s), (0.95 * s, 0.8 * s),
              (0.8 * s, 0.55 * s), (0.78 * s, 0.05 * s), (0.22 * s, 0.05 * s), (0.2 * s, 0.55 * s)])


def _arms(c: Canvas, s: float) -> None:  # a bracer
    c.roundRect(0.2 * s, 0.1 * s, 0.6 * s, 0.8 * s, 0.12 * s, stroke=0, fill=1)
    c.saveState()
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(max(0.4, 0.06 * s))
    c.line(0.2 * s, 0.35 * s, 0.8 * s, 0.35 * s)
    c.line(0.2 * s, 0.65 * s, 0.8 * s, 0.65 * s)
    c.restoreState()


def _legs(c: Canvas, s: float) -> None:  # greaves
    c.roundRect(0.12 * s, 0.05 * s, 0.3 * s, 0.9 * s, 0.08 * s, stroke=0, fill=1)
    c.roundRect(0.58 * s, 0.05 * s, 0.3 * s, 0.9 * s, 0.08 * s, stroke=0, fill=1)


def _feet(c: Canvas, s: float) -> None:  # a boot
    _poly(c, [(0.2 * s, 0.98 * s), (0.55 * s, 0.98 * s), (0.55 * s, 0.42 * s), (0.95 * s, 0.3 * s),
              (0.95 * s, 0.05 * s), (0.2 * s, 0.05 * s)])


def _accessory(c: Canvas, s: float) -> None:  # a ring with a stone
    c.saveState()
    c.setLineWidth(max(0.6, 0.1 * s))
    c.circle(0.5 * s, 0.38 * s, 0.3 * s, stroke=1, fill=0)
    c.restoreState()
    _poly(c, [(0.5 * s, 0.98 * s), (0.66 * s, 0.8 * s), (0.5 * s, 0.66 * s), (0.34 * s, 0.8 * s)])


def _body(c: Canvas, s: float) -> None:  # a backpack
    c.roundRect(0.15 * s, 0.05 * s, 0.7 * s, 0.75 * s, 0.12 * s, stroke=0, fill=1)
    c.saveState()
    c.setLineWidth(max(0.6, 0.08 * s))
    c.arc(0.32 * s, 0.62 * s, 0.68 * s, 0.98 * s, 0, 180)
    c.restoreState()


ICONS: dict[str, Callable[[Canvas, float], None]] = {
    "fire": _fire, "water": _water, "earth": _earth, "air": _air,
    "melee": _melee, "ranged": _ranged, "magic": _magic,
    "1_hand": _hand("1"), "2_hands": _hand("2"), "head": _head, "torso": _torso, "arms": _arms,
    "legs": _legs, "feet": _feet, "accessory": _accessory, "body": _body,
}
"""Icon name -> drawing function ``(canvas, size)`` filling ``(0, 0)..(size, size)``."""


def icon_width(size: float) -> float:
    """Width in points an icon takes beside text set at ``size`` points."""
    return size * ICON_WIDTH


def draw_icon(canvas: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Icon ``name`` (a key of :data:`ICONS`) in the square ``(x, y)`` to ``(x + size, y + size)``.
    Elements print in their colour, the rest in ink. Raises ``KeyError`` for an unknown name."""
    draw = ICONS[name]
    canvas.saveState()
    canvas.translate(x, y)
    rgb = ICON_RGB.get(name, INK)
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(*rgb)
    draw(canvas, size)
    canvas.restoreState()


def draw_with_icon(canvas: Canvas, value: str, icon: str, x: float, base: float, width: float, size: float, *,
                   align: str = "center") -> None:
    """``value`` (bold, may be empty) followed by icon ``icon``, on the baseline ``base``, within
    ``width`` points from ``x``; the icon is as tall as a capital letter plus a little."""
    gap = size * 0.15 if value else 0.0
    text_w = stringWidth(value, BOLD, size) if value else 0.0
    total = text_w + gap + icon_width(size)
    left = {"left": x, "right": x + width - total}.get(align, x + (width - total) / 2)
    if value:
        canvas.setFillColorRGB(*INK)
        canvas.setFont(BOLD, size)
        canvas.drawString(left, base, value)
    draw_icon(canvas, icon, left + text_w + gap, base - size * 0.12, size * 1.05)
