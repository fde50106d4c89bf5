"""What a sheet carries besides its cards: crop marks, cut lines, the gutter-fold line, a 100 mm
scale ruler, and the duplex calibration page.

All positions in mm on the page (origin bottom-left), drawn in points. Nothing here knows about
cards or content; :mod:`compose` calls it with the rectangles it placed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from doria_forge.i18n import t

from .fonts import BOLD, REGULAR
from .layout import Grid, Rect, SheetLayout, mm

Segment = tuple[float, float, float, float]
RULER_MM = 100.0
RULER_LABEL = "100 mm"
RULER_MIN_BAND_MM = 3.0
RULER_BAR_PT = 0.5
INK = (0.15, 0.15, 0.15)


def draw_segments(canvas: Canvas, segments: Iterable[Segment], width_pt: float, *, registration: bool = True,
                  dash: tuple[float, float] | None = None) -> None:
    """Straight lines ``(x0, y0, x1, y1)`` in mm; crop marks in registration black (on every
    separation at a print shop), other guides in dark grey."""
    canvas.saveState()
    if registration:
        canvas.setStrokeColorCMYK(1, 1, 1, 1)
    else:
        canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(width_pt)
    if dash:
        canvas.setDash(mm(dash[0]), mm(dash[1]))
    for x0, y0, x1, y1 in segments:
        canvas.line(mm(x0), mm(y0), mm(x1), mm(y1))
    canvas.restoreState()


def cut_lines(grid: Grid, rects: Sequence[Rect]) -> list[Segment]:
    """Hairlines along every trim edge shared by the block of ``rects``, across the whole block: for
    home sheets whose margins leave no room for crop marks on some side (Letter paper)."""
    if not rects:
        return []
    trims = [grid.trim_rect(r) for r in rects]
    left, right = min(t.x for t in trims), max(t.right for t in trims)
    bottom, top = min(t.y for t in trims), max(t.top for t in trims)
    xs = sorted({round(v, 6) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 6) for t in trims for v in (t.y, t.top)})
    return [(x, bottom, x, top) for x in xs] + [(left, y, right, y) for y in ys]


def fold_line(grid: Grid, rects: Sequence[Rect]) -> Segment:
    """The gutter fold's fold line across the block of cards, at the middle of the page."""
    left = min(r.x for r in rects)
    right = max(r.right for r in rects)
    y = grid.fold_y_mm
    return (left, y, right, y)


@dataclass(frozen=True)
class RulerPlace:
    """Where the ruler goes: ``(x, y)`` its zero end in mm, ``vertical`` (runs up the page) and the
    ``band`` of free paper across it in mm."""

    x: float
    y: float
    vertical: bool
    band: float


def ruler_place(layout: SheetLayout, rects: Sequence[Rect], marks: Sequence[Segment]) -> RulerPlace | None:
    """The margin (top or bottom first, else left or right) with most free paper beyond the cards and
    their crop marks, inside the printer's border, that holds a 100 mm ruler; ``None`` when none does."""
    pw, ph = layout.paper_mm
    edge = max(layout.edge_clearance_mm, 3.0)
    left, right = min(r.x for r in rects), max(r.right for r in rects)
    bottom, top = min(r.y for r in rects), max(r.top for r in rects)
    for x0, y0, x1, y1 in marks:
        if min(y0, y1) >= top:
            top = max(top, y0, y1)
        if max(y0, y1) <= bottom:
            bottom = min(bottom, y0, y1)
        if max(x0, x1) <= left:
            left = min(left, x0, x1)
        if min(x0, x1) >= right:
            right = max(right, x0, x1)
    gap = 0.5
    bands = [
        (ph - edge - top - gap, RulerPlace((pw - RULER_MM) / 2, top + gap, False, ph - edge - top - gap)),
        (bottom - gap - edge, RulerPlace((pw - RULER_MM) / 2, edge, False, bottom - gap - edge)),
        (left - gap - edge, RulerPlace(edge, (ph - RULER_MM) / 2, True, left - gap - edge)),
        (pw - edge - right - gap, RulerPlace(right + gap, (ph - RULER_MM) / 2, True, pw - edge - right - gap)),
    ]
    fitting = [(size, place) for size, place in bands if size >= RULER_MIN_BAND_MM]
    if not fitting:
        return None
    # Across the page where there is room (its words then read normally), else up a side margin.
    across = [b for b in fitting if not b[1].vertical]
    return max(across or fitting, key=lambda b: b[0])[1]


def draw_ruler(canvas: Canvas, place: RulerPlace) -> None:
    """A 100 mm scale: a bar with millimetre ticks, centimetre numbers and, after its end, the words
    "10 cm = 100 mm".
    Measured on paper it shows whether the sheet was printed at 100 % (actual size)."""
    band = min(place.band, 7.0)
    tick_cm, tick_half, tick_mm = band * 0.45, band * 0.3, band * 0.18
    size = max(4.5, min(6.0, (band - tick_cm - 0.3) * 72 / 25.4 / 0.95))
    canvas.saveState()
    canvas.translate(mm(place.x), mm(place.y))
    if place.vertical:  # turned to run up the page, ticks toward the cards
        canvas.translate(mm(band), 0)
        canvas.rotate(90)
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*INK)
    # a stroke is centred on its line: the bar (and the ticks with it) sits half its width inside
    # the band, so that no ink reaches the printer's border where the band ends at it
    canvas.translate(0, RULER_BAR_PT / 2)
    canvas.setLineWidth(RULER_BAR_PT)
    canvas.line(0, 0, mm(RULER_MM), 0)
    canvas.setLineWidth(0.3)
    for k in range(int(RULER_MM) + 1):
        length = tick_cm if k % 10 == 0 else tick_half if k % 5 == 0 else tick_mm
        canvas.line(mm(k), 0, mm(k), mm(length))
    canvas.setFont(REGULAR, size)
    for cm in range(0, int(RULER_MM) // 10 + 1):
        if cm < 10:
            canvas.drawCentredString(mm(cm * 10), mm(tick_cm + 0.3), str(cm))
    # The caption follows the bar's end: over the bar it covered the numbers 8 and 9. The band runs
    # the whole side of the paper beyond the cards, so the room after the bar is free.
    canvas.setFont(BOLD, size)
    canvas.drawString(mm(RULER_MM + 1.5), mm(tick_cm + 0.3), f"10 cm = {RULER_LABEL}")
    canvas.restoreState()


def write_calibration(canvas: Canvas, layout: SheetLayout) -> None:
    """The two pages of the duplex calibration sheet.

    Front: a cross at the middle of the page and the instructions. Back: a cross where the front's
    cross lands after double-sided printing (mirrored as the layout's ``duplex`` says, moved by the
    current ``duplex_offset_mm``) with scales of -10..+10 mm around it. Held against the light, the
    front's cross shows through the back: its position on the back's scales is the offset to pass
    as ``--duplex-offset X,Y`` (then print this page again to check: the crosses meet).
    """
    pw, ph = layout.paper_mm
    cx, cy = pw / 2, ph / 2
    _cross(canvas, cx, cy, 12)
    lines = [
        t("Duplex calibration"),
        t("Print this page double-sided ({flip} flip), at 100 % (actual size).").format(
            flip=t(layout.duplex.replace("_", " "))),
        t("Hold the sheet against the light, back side towards you."),
        t("Read where the front's cross falls on the back's scales (mm, right and up as you look at the back)."),
        t("Pass them as --duplex-offset X,Y; print again and the two crosses meet."),
        t("Offset now in use: {x},{y} mm.").format(x=f"{layout.duplex_offset_mm[0]:g}",
                                                  y=f"{layout.duplex_offset_mm[1]:g}"),
    ]
    y = ph - max(layout.edge_clearance_mm, 10) - 8
    for i, line in enumerate(lines):
        canvas.setFont(BOLD if i == 0 else REGULAR, 14 if i == 0 else 9)
        canvas.setFillColorRGB(*INK)
        canvas.drawCentredString(mm(cx), mm(y), line)
        y -= 8 if i == 0 else 5
    canvas.showPage()
    dx, dy = layout.duplex_offset_mm
    if layout.duplex == "short_edge":
        bx, by = cx + dx, ph - cy + dy
    else:
        bx, by = pw - cx + dx, cy + dy
    _cross(canvas, bx, by, 12)
    scales: list[Segment] = []
    for k in range(-10, 11):
        length = 3.0 if k % 5 == 0 else 1.5
        scales.append((bx + k, by - 16, bx + k, by - 16 + length))
        scales.append((bx - 16, by + k, bx - 16 + length, by + k))
    draw_segments(canvas, scales, 0.3, registration=False)
    canvas.setFont(REGULAR, 6)
    for k in range(-10, 11, 5):
        canvas.drawCentredString(mm(bx + k), mm(by - 19), f"{k:+d}" if k else "0")
        canvas.drawRightString(mm(bx - 17), mm(by + k - 0.7), f"{k:+d}" if k else "0")
    canvas.setFont(REGULAR, 9)
    canvas.drawCentredString(mm(bx), mm(by - 26), t("back: X (mm) along the bottom scale, Y (mm) along the left scale"))
    canvas.showPage()


def _cross(canvas: Canvas, x: float, y: float, arm: float) -> None:
    draw_segments(canvas, [(x - arm, y, x + arm, y), (x, y - arm, x, y + arm)], 0.6, registration=False)
    canvas.saveState()
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.4)
    canvas.circle(mm(x), mm(y), mm(arm * 0.5), stroke=1, fill=0)
    canvas.restoreState()
