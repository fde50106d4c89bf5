"""Where cards go on paper: the grid of a sheet, crop marks, and the layout data it reads.

The layout data (paper, card sizes, bleed, profiles, layout files and how they merge) lives in
:mod:`doria_forge.export.layouts`, which draws nothing; it is re-exported here for the PDF code.
All lengths in this module are millimetres (suffix ``_mm``) unless the name ends in ``_pt``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from doria_forge.load import LoadedDocument, Problem, Severity

from ..errors import ExportError
from ..layouts import (
    CARD_DECKS,
    CARD_PRESETS_MM,
    DECKS,
    LAYOUT_RULE,
    MM_TO_PT,
    PAPER_SIZES_MM,
    ROOM_TILE_SQUARES,
    DeckLayout,
    LayoutError,
    LayoutFile,
    LayoutOverrides,
    PrintProfile,
    SheetLayout,
    load_layout,
    make_overrides,
    mm,
    resolve_card_size,
)

__all__ = ["CARD_PRESETS_MM", "DECKS", "MM_TO_PT", "PAPER_SIZES_MM", "ROOM_TILE_SQUARES", "DeckLayout", "FaceBox",
           "Grid", "LayoutError", "LayoutFile", "LayoutOverrides", "PrintProfile", "Rect", "SheetLayout",
           "compute_grid", "face_box", "load_layout", "make_overrides", "mm", "paper_fit_error", "paper_fit_problems",
           "resolve_card_size"]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm, origin bottom-left of the page (PDF convention)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Grid:
    """Where the cards of one sheet go: ``cols`` x ``rows`` cells of card plus bleed, centred on the
    paper inside the margins. Slots are numbered row by row from the top left.

    With ``sheet: gutter_fold`` the fronts fill the upper half of the page, against the fold line
    (the middle of the page) with ``gutter_mm`` around it, and ``rows`` counts the rows of one half;
    each back sits at its front's mirror image across the fold."""

    layout: SheetLayout
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def gutter_fold(self) -> bool:
        return self.layout.sheet == "gutter_fold"

    @property
    def cell_mm(self) -> tuple[float, float]:
        w, h = self.layout.card_mm
        b = self.layout.bleed_mm
        return (w + 2 * b, h + 2 * b)

    @property
    def fold_y_mm(self) -> float:
        """Height of the fold line (gutter fold: the middle of the page)."""
        return self.layout.paper_mm[1] / 2

    @property
    def origin_mm(self) -> tuple[float, float]:
        """Bottom-left corner of the whole (full) grid of fronts."""
        pw, ph = self.layout.paper_mm
        cw, ch = self.cell_mm
        g = self.layout.gap_mm
        gw = self.cols * cw + (self.cols - 1) * g
        gh = self.rows * ch + (self.rows - 1) * g
        if self.gutter_fold:
            return ((pw - gw) / 2, self.fold_y_mm + self.layout.gutter_mm / 2)
        return ((pw - gw) / 2, (ph - gh) / 2)

    def bleed_rect(self, slot: int) -> Rect:
        """The bleed box of front slot ``slot`` (card plus bleed)."""
        row, col = divmod(slot, self.cols)
        cw, ch = self.cell_mm
        g = self.layout.gap_mm
        ox, oy = self.origin_mm
        x = ox + col * (cw + g)
        y = oy + (self.rows - 1 - row) * (ch + g)
        return Rect(x, y, cw, ch)

    def back_rect(self, slot: int) -> Rect:
        """The bleed box of the back of front slot ``slot``: on the back page, where it lies behind its
        front after duplex printing (moved by ``duplex_offset_mm``); with a gutter fold, on the same
        page, mirrored across the fold line (the back is drawn turned half a turn)."""
        front = self.bleed_rect(slot)
        pw, ph = self.layout.paper_mm
        if self.gutter_fold:
            return Rect(front.x, 2 * self.fold_y_mm - front.top, front.w, front.h)
        dx, dy = self.layout.duplex_offset_mm
        if self.layout.duplex == "short_edge":
            return Rect(front.x + dx, ph - front.top + dy, front.w, front.h)
        return Rect(pw - front.right + dx, front.y + dy, front.w, front.h)

    def trim_rect(self, bleed_rect: Rect) -> Rect:
        b = self.layout.bleed_mm
        return Rect(bleed_rect.x + b, bleed_rect.y + b, bleed_rect.w - 2 * b, bleed_rect.h - 2 * b)

    def crop_marks(self, rects: list[Rect]) -> list[tuple[float, float, float, float]]:
        """Crop mark segments ``(x0, y0, x1, y1)`` in mm for the cards in ``rects`` (bleed boxes).

        Each trim edge is extended into the margin on both sides of the block of cards, starting
        ``crop_mark_offset_mm`` beyond the outer bleed edge, so no mark touches any card's bleed.
        With an ``edge_clearance_mm`` (home printers' unprintable border) a mark is shortened to stay
        that far from the paper's edge, and left out when less than 1 mm of it would remain.
        """
        if not rects:
            return []
        lay = self.layout
        left = min(r.x for r in rects)
        right = max(r.right for r in rects)
        bottom = min(r.y for r in rects)
        top = max(r.top for r in rects)
        start, length = lay.crop_mark_offset_mm, lay.crop_mark_length_mm
        xs = sorted({round(v, 6) for r in rects for t in [self.trim_rect(r)] for v in (t.x, t.right)})
        ys = sorted({round(v, 6) for r in rects for t in [self.trim_rect(r)] for v in (t.y, t.top)})
        marks = []
        for x in xs:
            marks.append((x, top + start, x, top + start + length))
            marks.append((x, bottom - start - length, x, bottom - start))
        for y in ys:
            marks.append((left - start - length, y, left - start, y))
            marks.append((right + start, y, right + start + length, y))
        if lay.edge_clearance_mm <= 0:
            return marks
        c = lay.edge_clearance_mm
        pw, ph = lay.paper_mm
        kept = []
        for x0, y0, x1, y1 in marks:
            if y0 == y1:  # horizontal: its height must be printable, its length is clipped
                x0, x1 = max(x0, c), min(x1, pw - c)
                if c <= y0 <= ph - c and x1 - x0 >= 1.0:
                    kept.append((x0, y0, x1, y1))
            else:
                y0, y1 = max(y0, c), min(y1, ph - c)
                if c <= x0 <= pw - c and y1 - y0 >= 1.0:
                    kept.append((x0, y0, x1, y1))
        return kept


@dataclass(frozen=True)
class FaceBox:
    """The drawing area handed to a face, in points, origin at the bottom-left of the bleed box.

    ``width``/``height`` are the trim size; ``bleed`` is added on every side, so the whole form is
    ``width + 2*bleed`` by ``height + 2*bleed`` and the trim starts at ``(bleed, bleed)``. Anything
    drawn outside the bleed box is clipped. ``safe_inset`` is the layout's safe zone: how far inside
    the trim text and numbers stay (3 mm unless the layout or print profile says otherwise).
    """

    width: float
    height: float
    bleed: float
    safe_inset: float = 3.0 * 72 / 25.4

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return (self.bleed, self.bleed, self.width, self.height)

    def safe(self, inset: float) -> tuple[float, float, float, float]:
        """Trim rectangle shrunk by ``inset`` points: where text and numbers are safe from the cut."""
        return (self.bleed + inset, self.bleed + inset, self.width - 2 * inset, self.height - 2 * inset)


def face_box(layout: SheetLayout) -> FaceBox:
    """The face box of one card of ``layout``: trim size, bleed and safe zone in points."""
    w, h = layout.card_mm
    return FaceBox(mm(w), mm(h), mm(layout.bleed_mm), mm(layout.safe_mm))


def compute_grid(layout: SheetLayout) -> Grid:
    """How many cards (plus bleed) fit on the paper inside the margins, with gaps between them.

    Crop marks need room outside the grid: the margin must hold ``crop_mark_offset_mm +
    crop_mark_length_mm`` beyond the bleed, otherwise the grid loses a row or column. A home layout
    (``edge_clearance_mm`` above 0) keeps the cards inside that border instead and shortens the
    marks to the room left. A gutter fold fills only the upper half (fronts; the backs mirror them).
    Raises ``ExportError`` when not even one card fits.
    """
    pw, ph = layout.paper_mm
    card_w, card_h = layout.card_mm
    cw, ch = card_w + 2 * layout.bleed_mm, card_h + 2 * layout.bleed_mm
    g = layout.gap_mm
    reserve = layout.margin_mm
    if layout.edge_clearance_mm > 0:
        reserve = max(reserve, layout.edge_clearance_mm)
    elif layout.crop_marks:
        reserve = max(reserve, layout.crop_mark_offset_mm + layout.crop_mark_length_mm)
    avail_w, avail_h = pw - 2 * reserve, ph - 2 * reserve
    if layout.sheet == "gutter_fold":
        avail_h = (avail_h - layout.gutter_mm) / 2
    eps = 1e-6
    cols = max(0, math.floor((avail_w + g + eps) / (cw + g)))
    rows = max(0, math.floor((avail_h + g + eps) / (ch + g)))
    if cols < 1 or rows < 1:
        half = " (half the page: gutter fold)" if layout.sheet == "gutter_fold" else ""
        raise ExportError(
            f"card size {layout.card_size} ({card_w:g} x {card_h:g} mm plus {layout.bleed_mm:g} mm bleed) "
            f"does not fit on {layout.paper} paper{half} with {reserve:g} mm margins; "
            "use --one-per-page, a smaller --bleed or a bigger paper")
    return Grid(layout, cols, rows)


def paper_fit_error(layout: SheetLayout) -> str | None:
    """Why a card of ``layout`` (with its bleed) cannot be printed on its paper (the message of
    :func:`compute_grid`), or ``None`` when it can: a deck printed one card per page holds any size."""
    if layout.one_per_page:
        return None
    try:
        compute_grid(layout)
    except ExportError as exc:
        return str(exc)
    return None


_FIT_KEYS = ("bleed_mm", "paper", "margin_mm", "sheet", "gutter_mm", "edge_clearance_mm", "crop_mark_length_mm",
             "crop_mark_offset_mm", "gap_mm")
"""The keys besides the card's size that decide whether a card fits its paper (:func:`compute_grid`)."""


def paper_fit_problems(layout: LayoutFile | None, doc: LoadedDocument | None) -> list[Problem]:
    """An error at the key of a layout file that gives decks a card (with its bleed) the paper cannot
    hold inside its margins, where ``export pdf`` stops: the file read on its own over the built-in
    defaults, as the project's ``layouts/default.yaml`` prints without options. ``layout`` and
    ``doc``: the file as :func:`~doria_forge.export.layouts.parsed_layout` read it. One per location,
    naming its decks; a deck printed one card per page holds any size. Nothing for a file with
    mistakes or an empty one (``layout`` or ``doc`` ``None``: ``parsed_layout`` reports the mistakes)."""
    if layout is None or doc is None:
        return []
    found: dict[tuple[str, ...], tuple[list[str], str]] = {}
    for deck in CARD_DECKS:
        size_key = "room_tile_square_mm" if deck == "room_tiles" else "card_size"
        message = paper_fit_error(layout.for_deck(deck, fixed_card_size="tile" if deck == "room_tiles" else None))
        if message is not None:
            blocks = [("decks", deck), ("defaults",)]
            key = next(((*block, name) for name in (size_key, *_FIT_KEYS) for block in blocks
                        if name in _block(layout, block).set_fields()), ())
            found.setdefault(key, ([], message))[0].append(deck)
    return [Problem.at(doc.locate(key, value=True), LAYOUT_RULE, Severity.ERROR, f"{', '.join(decks)}: {message}")
            for key, (decks, message) in found.items()]


def _block(layout: LayoutFile, block: tuple[str, ...]) -> DeckLayout:
    """The ``defaults`` block of ``layout``, or a deck's block (empty when it has none)."""
    if block == ("defaults",):
        return layout.defaults
    return next((own for name, own in layout.decks.items() if name == block[1]), DeckLayout())
