"""Text that fits its box: shrink to fit, never below a legible minimum, never outside the box.

Sizes are in points. Content text is plain; it is XML-escaped here before reportlab's Paragraph
markup sees it, so a ``<`` or ``&`` in a card text prints as written.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from .fonts import BOLD, REGULAR

log = logging.getLogger(__name__)

DRAWING: ContextVar[str] = ContextVar("DRAWING", default="")
"""Key of the face being drawn (``equipment-dagger``), so a "text cut" warning names the card."""

MIN_FONT_PT = 6.0
"""Smallest type on a card: still readable at true size."""

LEADING = 1.18
ELLIPSIS = "…"
_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


@dataclass(frozen=True)
class Fit:
    """How a text was set: ``size`` in pt, used ``height`` in pt, ``truncated`` if it did not fit
    even at the minimum size and was cut with an ellipsis."""

    size: float
    height: float
    truncated: bool


def markup(text: str) -> str:
    """Plain text to Paragraph markup: escaped, blank lines become paragraph breaks."""
    parts = [escape(p.strip()).replace("\n", " ") for p in text.strip().split("\n\n")]
    return "<br/><br/>".join(p for p in parts if p)


def _style(size: float, bold: bool, align: str) -> ParagraphStyle:
    return ParagraphStyle("fit", fontName=BOLD if bold else REGULAR, fontSize=size,
                          leading=size * LEADING, alignment=_ALIGN[align], splitLongWords=1)


def _height(xml: str, width: float, size: float, bold: bool, align: str) -> tuple[Paragraph, float]:
    para = Paragraph(xml, _style(size, bold, align))
    _, h = para.wrap(width, 10_000)
    return para, h


def fit_paragraph(text: str, width: float, height: float, *, max_size: float, min_size: float = MIN_FONT_PT,
                  bold: bool = False, align: str = "left", is_markup: bool = False) -> tuple[Paragraph, Fit]:
    """The largest font size (quarter-point steps, ``min_size``..``max_size``) at which ``text``
    wrapped to ``width`` pt is at most ``height`` pt tall. If even ``min_size`` overflows, words are
    dropped from the end and an ellipsis added until it fits, and the cut is logged."""
    xml = text if is_markup else markup(text)
    steps = max(0, int(round((max_size - min_size) * 4)))
    lo, hi = 0, steps  # index 0 = max_size; find the first index that fits
    best: tuple[Paragraph, float, float] | None = None
    while lo <= hi:
        mid = (lo + hi) // 2
        size = max_size - mid * 0.25
        para, h = _height(xml, width, size, bold, align)
        if h <= height + 1e-6:
            best = (para, size, h)
            hi = mid - 1
        else:
            lo = mid + 1
    if best is not None:
        return best[0], Fit(best[1], best[2], False)
    words = xml.split(" ")
    while len(words) > 1:
        words.pop()
        candidate = " ".join(words).rstrip(",;:.") + ELLIPSIS
        para, h = _height(candidate, width, min_size, bold, align)
        if h <= height + 1e-6:
            log.warning("%s: text cut to fit %.0f x %.0f pt: %.40s...", DRAWING.get() or "text", width, height, text)
            return para, Fit(min_size, h, True)
    # One word longer than the whole box (a URL, a long compound): dropping words left only the
    # ellipsis, so the text vanished without a warning. Cut the plain text by characters instead
    # (largest prefix that fits, by bisection); markup is not cut mid-tag.
    log.warning("%s: text cut to fit %.0f x %.0f pt: %.40s...", DRAWING.get() or "text", width, height, text)
    if not is_markup:
        plain = text.strip()
        lo, hi, best_cut = 1, len(plain), None
        while lo <= hi:
            mid = (lo + hi) // 2
            para, h = _height(markup(plain[:mid]) + ELLIPSIS, width, min_size, bold, align)
            if h <= height + 1e-6:
                best_cut, lo = (para, h), mid + 1
            else:
                hi = mid - 1
        if best_cut is not None:
            return best_cut[0], Fit(min_size, best_cut[1], True)
    para, h = _height(ELLIPSIS, width, min_size, bold, align)
    return para, Fit(min_size, h, True)


def draw_paragraph(canvas: Canvas, text: str, x: float, y: float, width: float, height: float, *,
                   max_size: float, min_size: float = MIN_FONT_PT, bold: bool = False, align: str = "left",
                   valign: str = "top", color: tuple[float, float, float] = (0, 0, 0),
                   is_markup: bool = False) -> Fit:
    """Draw ``text`` shrunk to fit the box ``(x, y, width, height)`` (pt, y = bottom edge)."""
    if not text.strip():
        return Fit(max_size, 0.0, False)
    para, fit = fit_paragraph(text, width, height, max_size=max_size, min_size=min_size, bold=bold,
                              align=align, is_markup=is_markup)
    para.style.textColor = color
    offset = {"top": height - fit.height, "middle": (height - fit.height) / 2, "bottom": 0.0}[valign]
    para.drawOn(canvas, x, y + offset)
    return fit


def fit_line(text: str, width: float, *, max_size: float, min_size: float = MIN_FONT_PT,
             bold: bool = False) -> tuple[str, float]:
    """One line of text in ``width`` pt: the largest size down to ``min_size``, then cut with an
    ellipsis. Returns ``(text, size)``."""
    font = BOLD if bold else REGULAR
    natural = stringWidth(text, font, max_size)
    if natural <= width:
        return text, max_size
    size = max(min_size, max_size * width / natural)
    # Round down to a quarter point so the string width check below is exact.
    size = max(min_size, int(size * 4) / 4)
    while text and stringWidth(text, font, size) > width:
        text = text[:-1].rstrip()
        if stringWidth(text + ELLIPSIS, font, size) <= width:
            return text + ELLIPSIS, size
    return text, size


def draw_line(canvas: Canvas, text: str, x: float, y: float, width: float, *, max_size: float,
              min_size: float = MIN_FONT_PT, bold: bool = False, align: str = "left",
              color: tuple[float, float, float] = (0, 0, 0)) -> float:
    """Draw one fitted line with its baseline at ``y``; returns the size used."""
    if not text:
        return max_size
    line, size = fit_line(text, width, max_size=max_size, min_size=min_size, bold=bold)
    canvas.setFillColorRGB(*color)
    canvas.setFont(BOLD if bold else REGULAR, size)
    if align == "center":
        canvas.drawCentredString(x + width / 2, y, line)
    elif align == "right":
        canvas.drawRightString(x + width, y, line)
    else:
        canvas.drawString(x, y, line)
    return size
