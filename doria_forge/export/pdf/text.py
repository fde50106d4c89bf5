"""Text that fits its box: shrink to fit, never below a legible minimum, never outside the box.

Sizes are in points. Content text is plain; it is XML-escaped here before reportlab's Paragraph
markup sees it, so a ``<`` or ``&`` in a card text prints as written.

Nothing is cut silently: a text that does not fit even at the minimum size is cut with an ellipsis
(``…``), a warning is logged naming the card (its ``file:line:column`` when the pack knows it, and its
face key), and the cut is recorded for :func:`recording` (``doria-forge preflight`` reads it).

Fitting is linear in the length of the text: a text far longer than its box could ever hold is
first shortened to what the box could hold at the minimum size, and cuts are found by bisection,
never by dropping one word at a time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .fonts import BOLD, REGULAR, register_fonts
from .widths import string_width

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Drawing:
    """The face being drawn: its ``key`` (``equipment-dagger``) and ``origin`` (the
    ``file:line:column`` of the card's document, ``""`` when unknown)."""

    key: str = ""
    origin: str = ""

    def __str__(self) -> str:
        return ": ".join(p for p in (self.origin, self.key) if p) or "text"


NO_FACE = Drawing()
DRAWING: ContextVar[Drawing] = ContextVar("DRAWING", default=NO_FACE)
"""The face being drawn, so a "text cut" warning names the card."""

MIN_FONT_PT = 6.0
"""Smallest type on a card: still readable at true size."""

LEADING = 1.18
ELLIPSIS = "…"
_ALIGN = {"left": 0, "center": 1, "right": 2}
"""Paragraph alignments (``reportlab.lib.enums``: ``TA_LEFT``, ``TA_CENTER``, ``TA_RIGHT``)."""
_EPS = 1e-6
SPACE_SHRINKAGE = 0.05
"""How much of its width each space of a line may give up before Paragraph breaks the line:
reportlab's default ``rl_config.spaceShrinkage``, which its Paragraph wraps with (kept here so that
counting lines loads no reportlab; ``tests/test_pdf_support.py`` checks the two agree)."""


@dataclass(frozen=True)
class TextMark:
    """One text drawn on a face, as :func:`recording` reports it.

    ``box`` is ``(x0, y0, x1, y1)`` in pt in the face's own coordinates (origin at the bleed-box
    corner): the ink of a line (string width by ascent and descent), or the set paragraph. ``cut``
    is true when the text was shortened with an ellipsis to fit.
    """

    face: Drawing
    text: str
    box: tuple[float, float, float, float]
    cut: bool = False


_RECORDING: ContextVar[list[TextMark] | None] = ContextVar("_RECORDING", default=None)


@contextmanager
def recording() -> Iterator[list[TextMark]]:
    """Collect a :class:`TextMark` for every text drawn (and every cut) inside the block."""
    marks: list[TextMark] = []
    token = _RECORDING.set(marks)
    try:
        yield marks
    finally:
        _RECORDING.reset(token)


def _record(canvas: Canvas, text: str, box: tuple[float, float, float, float], cut: bool) -> None:
    marks = _RECORDING.get()
    if marks is None:
        return
    marks.append(TextMark(DRAWING.get(), text, _transformed(canvas, box), cut))


def _transformed(canvas: Canvas, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """``box`` through the canvas's current matrix (faces drawn rotated, such as Room Tiles)."""
    a, b, c, d, e, f = getattr(canvas, "_currentMatrix", (1, 0, 0, 1, 0, 0))
    x0, y0, x1, y1 = box
    xs, ys = [], []
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _cut(text: str, width: float, height: float) -> None:
    """Log (and record) that ``text`` lost words to fit a ``width`` x ``height`` pt box."""
    shown = " ".join(text.split())
    log.warning("%s: text cut to fit %.0f x %.0f pt: %s", DRAWING.get(), width, height,
                shown[:40] + ("..." if len(shown) > 40 else ""))


@dataclass(frozen=True)
class Fit:
    """How a text was set: ``size`` in pt, used ``height`` in pt, ``truncated`` if it did not fit
    even at the minimum size and was cut with an ellipsis."""

    size: float
    height: float
    truncated: bool


def markup(text: str) -> str:
    """Plain text to Paragraph markup: escaped (``&``, ``<``, ``>``), blank lines become paragraph
    breaks."""
    from html import escape  # here: validate's text fit mostly counts lines from widths and needs no markup

    parts = [escape(p.strip(), quote=False).replace("\n", " ") for p in text.strip().split("\n\n")]
    return "<br/><br/>".join(p for p in parts if p)


def _style(size: float, bold: bool, align: str, color: tuple[float, float, float] = (0, 0, 0)) -> ParagraphStyle:
    # Here, not at the top: validate's text-fit check mostly gets by on string widths from the
    # width tables (_wrapped_lines, widths.string_width) and never loads reportlab.
    from reportlab.lib.colors import Color
    from reportlab.lib.styles import ParagraphStyle

    # The colour belongs to the style the markup is parsed with: each fragment keeps its own copy.
    return ParagraphStyle("fit", fontName=BOLD if bold else REGULAR, fontSize=size, textColor=Color(*color),
                          leading=size * LEADING, alignment=_ALIGN[align], splitLongWords=1)


def _paragraph(xml: str, style: ParagraphStyle, frags: list[object] | None = None) -> Paragraph:
    from reportlab.platypus import Paragraph  # see _style

    register_fonts()  # the faces and the family mapping Paragraph's markup needs (measuring registers none)
    return Paragraph(xml, style) if frags is None else Paragraph(xml, style, frags=frags)


def _height(xml: str, width: float, size: float, bold: bool, align: str,
            color: tuple[float, float, float] = (0, 0, 0)) -> tuple[Paragraph, float]:
    para = _paragraph(xml, _style(size, bold, align, color))
    _, h = para.wrap(width, 10_000)
    return para, h


def _capacity_cut(text: str, width: float, height: float, size: float, font: str) -> str:
    """The longest prefix of ``text`` that could possibly matter when set at ``size`` in the box.

    Each line holds at most ``width`` pt of glyphs (plus the space a line break swallows), and there
    are at most ``height / leading + 1`` lines; a prefix wider than all lines together cannot fit,
    so anything beyond it is certainly cut. Summing glyph widths chunk by chunk keeps this linear,
    and it bounds every later wrap by the size of the box, not of the text.
    """
    lines = int(height / (size * LEADING)) + 1
    room = lines * (width + string_width(" ", font, size)) + width
    total = 0.0
    chunk = 512
    for start in range(0, len(text), chunk):
        total += string_width(text[start:start + chunk], font, size)
        if total > room:
            return text[:start + chunk]
    return text


def _prefixes(plain: str) -> list[int]:
    """Cut points of ``plain`` at word ends (after each word, before its spaces)."""
    ends = []
    in_word = False
    for i, ch in enumerate(plain):
        if ch.isspace():
            if in_word:
                ends.append(i)
            in_word = False
        else:
            in_word = True
    if in_word:
        ends.append(len(plain))
    return ends


def _largest(points: list[int], fits: Callable[[int], bool]) -> int | None:
    """The largest of the sorted ``points`` for which ``fits(point)`` holds (bisection; ``fits``
    is monotone: a shorter prefix fits whenever a longer one does)."""
    lo, hi, best = 0, len(points) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        if fits(points[mid]):
            best, lo = points[mid], mid + 1
        else:
            hi = mid - 1
    return best


def _largest_fit(text: str, plain: str, xml: str, width: float, height: float, max_size: float, min_size: float,
                 bold: bool, align: str, is_markup: bool,
                 color: tuple[float, float, float] = (0, 0, 0)) -> tuple[Paragraph, float, float] | None:
    """``(paragraph, size, height)`` at the largest size that fits, or None when not even
    ``min_size`` does (``plain``: the text after :func:`_capacity_cut`, shorter when it cannot fit)."""
    if not is_markup and len(plain) < len(text.strip()):
        return None
    steps = max(0, int(round((max_size - min_size) * 4)))
    # The markup is parsed once; each size only rescales its fragments and re-wraps. Most texts
    # fit at the largest size, so that one is tried first.
    parsed = _paragraph(xml, _style(max_size, bold, align, color))
    fragments = list(parsed.frags)  # before wrapping, which rewrites them
    _, h = parsed.wrap(width, 10_000)
    if h <= height + _EPS:
        return parsed, max_size, h
    best: tuple[Paragraph, float, float] | None = None
    lo, hi = 1, steps  # index 0 = max_size; find the first index that fits
    while lo <= hi:
        mid = (lo + hi) // 2
        size = max_size - mid * 0.25
        para = _paragraph(xml, _style(size, bold, align, color), [f.clone(fontSize=size) for f in fragments])
        _, h = para.wrap(width, 10_000)
        if h <= height + _EPS:
            best = (para, size, h)
            hi = mid - 1
        else:
            lo = mid + 1
    return best


_WRAPPED_APART = ("\xa0", "\xad")
"""A no-break space and a soft hyphen: Paragraph breaks lines at them otherwise than at spaces."""


@lru_cache(maxsize=4096)
def _word_widths(plain: str, font: str, size: float) -> tuple[tuple[float, ...], ...]:
    """The width in pt of each word of each paragraph of ``plain`` (split at blank lines; empty
    paragraphs left out): a Room Tile's label is tried in every run of its wall squares."""
    parts = (tuple(string_width(word, font, size) for word in part.split()) for part in plain.split("\n\n"))
    return tuple(words for words in parts if words)


def _wrapped_lines(plain: str, width: float, size: float, font: str) -> int | None:
    """How many lines Paragraph's wrap of ``markup(plain)`` to ``width`` pt at ``size`` pt makes,
    from string widths alone; ``None`` when only a wrap tells (a word wider than a line, which
    Paragraph splits, or a character in :data:`_WRAPPED_APART`).

    Paragraph's rule (``Paragraph.breakLines``): fill each line word by word and start a new one
    when the next word, with a space before it, would pass the width, each space of the line
    allowed to shrink by :data:`SPACE_SHRINKAGE` of its width. Each blank line between
    paragraphs (``<br/><br/>``) adds an empty line.
    """
    if any(ch in plain for ch in _WRAPPED_APART):
        return None
    space = string_width(" ", font, size)
    shrink = space * SPACE_SHRINKAGE
    lines = 0
    for words in _word_widths(plain, font, size):
        lines += 2 if lines else 1  # the empty line between paragraphs, then the first line
        used, on_line = -space, 0  # as Paragraph counts: no space before a line's first word
        for needed in words:
            if needed > width:
                return None
            wider = used + space + needed
            if on_line and wider > width + shrink * on_line:
                lines += 1
                used, on_line = needed, 1
            else:
                used, on_line = wider, on_line + 1
    return lines


def fits(text: str, width: float, height: float, *, max_size: float, min_size: float = MIN_FONT_PT,
         bold: bool = False, align: str = "left") -> bool:
    """Whether :func:`fit_paragraph` sets ``text`` in the box without cutting it (the same sizing,
    nothing logged or drawn): what ``validate`` asks of every card text. A box lower than one line
    at ``min_size`` holds no text.

    Sizes and the box are in points. A text fits at some size of the search exactly when it fits at
    the smallest (a smaller size takes no more lines, each lower), so most texts are settled by
    counting their lines there from string widths (:func:`_wrapped_lines`); only the others are
    wrapped as a Paragraph."""
    if not text.strip():
        return True
    if height < min_size * LEADING - _EPS or width < min_size:
        return False
    font = BOLD if bold else REGULAR
    plain = _capacity_cut(text.strip(), width, height, min_size, font)
    if not len(plain) < len(text.strip()):
        smallest = max_size - max(0, int(round((max_size - min_size) * 4))) * 0.25
        lines = _wrapped_lines(plain, width, smallest, font)
        if lines is not None:
            return lines * (smallest * LEADING) <= height + _EPS
        # _largest_fit's search finds a size whenever its largest or its smallest size fits (the
        # smallest is tried when every other fails): two wraps answer what the search asks,
        # the search itself is left for the texts that fit at neither
        xml = markup(plain)
        for size in (max_size, smallest):
            if _height(xml, width, size, bold, align)[1] <= height + _EPS:
                return True
    return _largest_fit(text, plain, markup(plain), width, height, max_size, min_size, bold, align, False) is not None


def fit_paragraph(text: str, width: float, height: float, *, max_size: float, min_size: float = MIN_FONT_PT,
                  bold: bool = False, align: str = "left", is_markup: bool = False,
                  color: tuple[float, float, float] = (0, 0, 0)) -> tuple[Paragraph, Fit]:
    """The largest font size (quarter-point steps, ``min_size``..``max_size``) at which ``text``
    wrapped to ``width`` pt is at most ``height`` pt tall.

    If even ``min_size`` overflows, the text is cut after the last whole word that fits with an
    ellipsis (by characters when not even one word fits), the cut is logged as a warning naming
    the card being drawn, and ``Fit.truncated`` is true. Linear in ``len(text)``.
    """
    font = BOLD if bold else REGULAR
    plain = text.strip()
    if not is_markup:
        plain = _capacity_cut(plain, width, height, min_size, font)
    xml = text if is_markup else markup(plain)
    best = _largest_fit(text, plain, xml, width, height, max_size, min_size, bold, align, is_markup, color)
    if best is not None:
        return best[0], Fit(best[1], best[2], False)
    _cut(text, width, height)
    found: dict[int, tuple[Paragraph, float]] = {}

    def fits(cut_at: int) -> bool:
        if is_markup:
            candidate = " ".join(words[:cut_at]).rstrip(",;:.") + ELLIPSIS
        else:
            candidate = markup(plain[:cut_at].rstrip().rstrip(",;:.")) + ELLIPSIS
        para, h = _height(candidate, width, min_size, bold, align, color)
        if h <= height + _EPS:
            found[cut_at] = (para, h)
            return True
        return False

    if is_markup:
        words = xml.split(" ")
        cut_at = _largest(list(range(1, len(words))), fits)
    else:
        # Whole words first; a single word longer than the whole box is cut by characters.
        cut_at = _largest(_prefixes(plain), fits)
        if cut_at is None:
            cut_at = _largest(list(range(1, len(plain) + 1)), fits)
    if cut_at is not None:
        para, h = found[cut_at]
        return para, Fit(min_size, h, True)
    para, h = _height(ELLIPSIS, width, min_size, bold, align, color)
    return para, Fit(min_size, h, True)


def draw_paragraph(canvas: Canvas, text: str, x: float, y: float, width: float, height: float, *,
                   max_size: float, min_size: float = MIN_FONT_PT, bold: bool = False, align: str = "left",
                   valign: str = "top", color: tuple[float, float, float] = (0, 0, 0),
                   is_markup: bool = False) -> Fit:
    """Draw ``text`` shrunk to fit the box ``(x, y, width, height)`` (pt, y = bottom edge).

    A box lower than one line at ``min_size`` prints nothing, and reports the whole text as cut."""
    if not text.strip():
        return Fit(max_size, 0.0, False)
    if height < min_size * LEADING - _EPS or width < min_size:
        _cut(text, width, height)
        _record(canvas, text, (x, y, x + max(width, 0.0), y + max(height, 0.0)), True)
        return Fit(min_size, 0.0, True)
    para, fit = fit_paragraph(text, width, height, max_size=max_size, min_size=min_size, bold=bold,
                              align=align, is_markup=is_markup, color=color)
    offset = {"top": height - fit.height, "middle": (height - fit.height) / 2, "bottom": 0.0}[valign]
    para.drawOn(canvas, x, y + offset)
    _record(canvas, text, (x, y + offset, x + width, y + offset + fit.height), fit.truncated)
    return fit


def fit_line(text: str, width: float, *, max_size: float, min_size: float = MIN_FONT_PT,
             bold: bool = False) -> tuple[str, float]:
    """One line of text in ``width`` pt: the largest size down to ``min_size`` (quarter points),
    then cut with an ellipsis, which is logged as a warning naming the card. Returns
    ``(text, size)``; the returned text ends in ``…`` exactly when it was cut."""
    font = BOLD if bold else REGULAR
    natural = string_width(text, font, max_size)
    if natural <= width:
        return text, max_size
    size = max(min_size, max_size * width / natural)
    # Round down to a quarter point so the string width check below is exact.
    size = max(min_size, int(size * 4) / 4)
    if string_width(text, font, size) <= width:
        return text, size
    _cut(text, width, 0.0)
    keep = _largest(list(range(1, len(text))),
                    lambda k: string_width(text[:k].rstrip() + ELLIPSIS, font, size) <= width)
    if keep is None:
        return (ELLIPSIS if string_width(ELLIPSIS, font, size) <= width else ""), size
    return text[:keep].rstrip() + ELLIPSIS, size


def draw_line(canvas: Canvas, text: str, x: float, y: float, width: float, *, max_size: float,
              min_size: float = MIN_FONT_PT, bold: bool = False, align: str = "left",
              color: tuple[float, float, float] = (0, 0, 0)) -> float:
    """Draw one fitted line with its baseline at ``y``; returns the size used."""
    if not text:
        return max_size
    line, size = fit_line(text, width, max_size=max_size, min_size=min_size, bold=bold)
    font = BOLD if bold else REGULAR
    canvas.setFillColorRGB(*color)
    canvas.setFont(font, size)
    if align == "center":
        canvas.drawCentredString(x + width / 2, y, line)
    elif align == "right":
        canvas.drawRightString(x + width, y, line)
    else:
        canvas.drawString(x, y, line)
    if _RECORDING.get() is not None:
        drawn = string_width(line, font, size)
        left = {"center": x + width / 2 - drawn / 2, "right": x + width - drawn}.get(align, x)
        # DejaVu Sans: ascent 0.93 em (accented capitals), descent 0.24 em.
        _record(canvas, text, (left, y - 0.24 * size, left + drawn, y + 0.93 * size), line != text)
    return size
