"""The sheet composer: places card faces on pages according to a :class:`SheetLayout`.

It knows nothing about the content model; a card face is any object with a ``key`` and a
``draw(canvas, box)`` method (:class:`Face`). Each distinct face is drawn once into a PDF Form XObject
and placed as often as the deck needs it, so 8 copies of a Loot Card cost one drawing, and the
placement of every card can be read back from the page content (``cm`` + ``Do``) by tests.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from doria_forge.infra.fsutil import atomic_write_bytes

from .colour import use_cmyk
from .errors import ExportError
from .fonts import REGULAR, register_fonts
from .layout import FaceBox, Grid, Rect, SheetLayout, compute_grid, face_box, mm
from .marks import cut_lines, draw_ruler, draw_segments, fold_line, ruler_place, write_calibration
from .text import DRAWING, Drawing


class Face(Protocol):
    """One side of a card, tile or sheet.

    ``key`` identifies the drawing within one PDF: two faces with the same key must draw the same
    thing (it is drawn once). ``draw`` paints into a canvas whose origin is the bleed-box corner.
    A face may also have an ``origin`` (``file:line:column`` of its document) that warnings about
    it name.
    """

    @property
    def key(self) -> str: ...

    def draw(self, canvas: Canvas, box: FaceBox) -> None: ...


@dataclass(frozen=True)
class CallableFace:
    """A :class:`Face` from a plain function, for tests and simple decks."""

    key: str
    func: Callable[[Canvas, FaceBox], None]

    def draw(self, canvas: Canvas, box: FaceBox) -> None:
        self.func(canvas, box)


@dataclass(frozen=True)
class PrintCard:
    """One physical card to print: its front and its back face; ``ref`` is the card's ``kind:id``
    (empty for cards made in code), which per-card images and virtual-table decks are named by."""

    front: Face
    back: Face | None = None
    ref: str = ""


_FORM_NAME = re.compile(r"[^A-Za-z0-9_]")


def form_name(prefix: str, key: str) -> str:
    """A PDF-safe, deterministic XObject name for a face key (``F_`` fronts, ``B_`` backs)."""
    return f"{prefix}_{_FORM_NAME.sub('_', key)}"


class PdfWriter:
    """A deterministic reportlab canvas writing to memory, saved atomically by :meth:`save`."""

    def __init__(self, title: str, page_size_pt: tuple[float, float], layout: SheetLayout | None = None):
        register_fonts()
        self.buffer = io.BytesIO()
        # invariant=1 fixes the creation date and document ID: same content, same bytes.
        # The initial font is the card font: reportlab's default Helvetica would be referenced on
        # every page without being embedded, which print shops' preflight rejects.
        self.canvas = Canvas(self.buffer, pagesize=page_size_pt, invariant=1, pageCompression=1,
                             initialFontName=REGULAR)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("doria_forge")
        self.canvas.setCreator("doria_forge")
        self.canvas.setSubject("Dungeons of Doria print sheet")
        if layout is not None and layout.colour == "cmyk":
            use_cmyk(self.canvas, layout.ink_limit_percent, layout.output_condition)
        self._forms: dict[tuple[str, str], str] = {}
        self._names: set[str] = set()

    def form(self, prefix: str, face: Face, box: FaceBox) -> str:
        """The XObject name of ``face`` drawn in ``box``, drawing it on first use."""
        known = self._forms.get((prefix, face.key))
        if known is not None:
            return known
        name = base = form_name(prefix, face.key)
        suffix = 1
        while name in self._names:  # two keys that differ only in punctuation
            suffix += 1
            name = f"{base}_{suffix}"
        c = self.canvas
        c.beginForm(name, 0, 0, box.width + 2 * box.bleed, box.height + 2 * box.bleed)
        c.saveState()
        token = DRAWING.set(Drawing(face.key, getattr(face, "origin", "")))
        try:
            face.draw(c, box)
        finally:
            DRAWING.reset(token)
        c.restoreState()
        c.endForm()
        self._forms[(prefix, face.key)] = name
        self._names.add(name)
        return name

    def place(self, name: str, x_pt: float, y_pt: float, quarter_turns: int = 0,
              size_pt: tuple[float, float] = (0.0, 0.0)) -> None:
        """Draw form ``name`` with the bottom-left corner of its (turned) box at ``(x_pt, y_pt)``,
        turned ``quarter_turns`` clockwise; ``size_pt`` is the form's unturned width and height."""
        c = self.canvas
        w, h = size_pt
        c.saveState()
        turns = quarter_turns % 4
        c.translate(x_pt + (w if turns == 2 else h if turns == 3 else 0),
                    y_pt + (w if turns == 1 else h if turns == 2 else 0))
        if turns:
            c.rotate(-90 * turns)
        c.doForm(name)
        c.restoreState()

    def save(self, path: Path) -> Path:
        self.canvas.save()
        atomic_write_bytes(path, self.buffer.getvalue())
        return path


def write_card_sheets(path: Path, cards: Sequence[PrintCard], layout: SheetLayout, title: str) -> Path:
    """Write a deck as a PDF to ``path`` (atomically) and return ``path``.

    Sheet mode: cards fill a centred grid (:func:`compute_grid`), crop marks outside the bleed; with
    duplex each sheet of fronts is followed by a sheet of backs at the mirrored positions (moved by
    ``duplex_offset_mm``). A gutter fold puts each sheet's backs on the same page below the fold
    line, turned half a turn, with a dashed fold line. ``ruler`` adds a 100 mm scale to every page,
    ``cut_lines`` hairlines along the trim edges. One-per-page mode (``layout.one_per_page``): each
    page is one face, card plus bleed in size, TrimBox = card, BleedBox = MediaBox, in the layout's
    ``page_order`` and ``rotation``, each back moved on its page by ``duplex_offset_mm``. Raises
    ``ExportError`` for an empty deck or a card that does not fit the paper.
    """
    if not cards:
        raise ExportError(f"{title}: nothing to print")
    box = face_box(layout)
    if layout.one_per_page:
        return _write_one_per_page(path, cards, layout, box, title)
    grid = compute_grid(layout)
    pw, ph = layout.paper_mm
    writer = PdfWriter(title, (mm(pw), mm(ph)), layout)
    size = (box.width + 2 * box.bleed, box.height + 2 * box.bleed)
    fold = grid.gutter_fold
    with_backs = (fold or layout.duplex != "none") and any(card.back is not None for card in cards)
    for start in range(0, len(cards), grid.per_page):
        sheet = cards[start:start + grid.per_page]
        fronts = [grid.bleed_rect(i) for i in range(len(sheet))]
        for card, rect in zip(sheet, fronts, strict=False):
            writer.place(writer.form("F", card.front, box), mm(rect.x), mm(rect.y))
        if fold and with_backs:
            backs = [grid.back_rect(i) for i in range(len(sheet))]
            for card, rect in zip(sheet, backs, strict=False):
                if card.back is not None:
                    writer.place(writer.form("B", card.back, box), mm(rect.x), mm(rect.y), 2, size)
            _sheet_marks(writer.canvas, layout, grid, [fronts, backs], fold_line(grid, fronts + backs))
        else:
            _sheet_marks(writer.canvas, layout, grid, [fronts])
        writer.canvas.showPage()
        if with_backs and not fold:
            backs = [grid.back_rect(i) for i in range(len(sheet))]
            for card, rect in zip(sheet, backs, strict=False):
                if card.back is not None:
                    writer.place(writer.form("B", card.back, box), mm(rect.x), mm(rect.y))
            _sheet_marks(writer.canvas, layout, grid, [backs])
            writer.canvas.showPage()
    return writer.save(path)


def _sheet_marks(canvas: Canvas, layout: SheetLayout, grid: Grid, blocks: list[list[Rect]],
                 fold: tuple[float, float, float, float] | None = None) -> None:
    """Crop marks (per block of cards), cut lines, the fold line and the ruler of one page."""
    marks = [m for rects in blocks for m in grid.crop_marks(rects)] if layout.crop_marks else []
    draw_segments(canvas, marks, layout.crop_mark_width_pt)
    if layout.cut_lines:
        draw_segments(canvas, [s for rects in blocks for s in cut_lines(grid, rects)], 0.25, registration=False)
    if fold is not None:
        draw_segments(canvas, [fold], 0.4, registration=False, dash=(2.0, 1.5))
    if layout.ruler:
        rects = [r for rects in blocks for r in rects]
        place = ruler_place(layout, rects, marks + ([fold] if fold else []))
        if place is None:
            raise ExportError(f"no room for the 100 mm ruler on {layout.paper} paper with {layout.card_size} cards; "
                              "set ruler: false or use smaller margins")
        draw_ruler(canvas, place)


def _write_one_per_page(path: Path, cards: Sequence[PrintCard], layout: SheetLayout, box: FaceBox,
                        title: str) -> Path:
    size = (box.width + 2 * box.bleed, box.height + 2 * box.bleed)
    turns = layout.rotation // 90
    page = size if turns % 2 == 0 else (size[1], size[0])
    writer = PdfWriter(title, page, layout)
    c = writer.canvas
    b = box.bleed
    trim = (b, b, page[0] - b, page[1] - b)
    media = (0, 0, page[0], page[1])
    faces: list[tuple[str, Face]] = []
    for card in cards:
        pair = [("F", card.front)]
        if card.back is not None and layout.duplex != "none":
            pair.append(("B", card.back))
        faces += reversed(pair) if layout.page_order == "back_front" else pair
    for prefix, face in faces:
        c.setPageSize(page)
        c.setTrimBox(trim)
        c.setBleedBox(media)
        # a back is printed on the reverse of its front's page, with the printer's drift as on a sheet
        dx, dy = layout.duplex_offset_mm if prefix == "B" else (0.0, 0.0)
        writer.place(writer.form(prefix, face, box), mm(dx), mm(dy), turns, size)
        c.showPage()
    return writer.save(path)


def write_calibration_page(path: Path, layout: SheetLayout, title: str) -> Path:
    """The duplex calibration sheet (two pages, see :func:`marks.write_calibration`) to ``path``."""
    pw, ph = layout.paper_mm
    writer = PdfWriter(title, (mm(pw), mm(ph)), layout)
    write_calibration(writer.canvas, layout)
    return writer.save(path)


def write_pages(path: Path, faces: Sequence[Face], layout: SheetLayout, title: str) -> Path:
    """Write full-paper pages (character sheets, campaign sheet): each face gets the whole paper as
    its box with ``bleed = 0``; the face keeps to ``layout.margin_mm`` itself."""
    if not faces:
        raise ExportError(f"{title}: nothing to print")
    pw, ph = layout.paper_mm
    writer = PdfWriter(title, (mm(pw), mm(ph)), layout)
    box = FaceBox(mm(pw), mm(ph), 0.0)
    for face in faces:
        writer.place(writer.form("P", face, box), 0, 0)
        writer.canvas.showPage()
    return writer.save(path)


__all__ = ["CallableFace", "Face", "FaceBox", "PdfWriter", "PrintCard", "Rect", "face_box",
           "form_name", "write_calibration_page", "write_card_sheets", "write_pages"]
