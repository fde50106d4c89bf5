"""The sheet composer: places card faces on pages according to a :class:`SheetLayout`.

It knows nothing about the content model; a card face is any object with a ``key`` and a
``draw(canvas, box)`` method (:class:`Face`). Each distinct face is drawn once into a PDF Form XObject
and placed as often as the deck needs it, so 8 copies of a Loot Card cost one drawing, and the
placement of every card can be read back from the page content (``cm`` + ``Do``) by tests.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from doria_forge.fsutil import atomic_write_bytes

from .errors import ExportError
from .fonts import register_fonts
from .layout import Rect, SheetLayout, compute_grid, mm
from .text import DRAWING


@dataclass(frozen=True)
class FaceBox:
    """The drawing area handed to a face, in points, origin at the bottom-left of the bleed box.

    ``width``/``height`` are the trim size; ``bleed`` is added on every side, so the whole form is
    ``width + 2*bleed`` by ``height + 2*bleed`` and the trim starts at ``(bleed, bleed)``. Anything
    drawn outside the bleed box is clipped.
    """

    width: float
    height: float
    bleed: float

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return (self.bleed, self.bleed, self.width, self.height)

    def safe(self, inset: float) -> tuple[float, float, float, float]:
        """Trim rectangle shrunk by ``inset`` points: where text and numbers are safe from the cut."""
        return (self.bleed + inset, self.bleed + inset, self.width - 2 * inset, self.height - 2 * inset)


class Face(Protocol):
    """One side of a card, tile or sheet.

    ``key`` identifies the drawing within one PDF: two faces with the same key must draw the same
    thing (it is drawn once). ``draw`` paints into a canvas whose origin is the bleed-box corner.
    """

    key: str

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
    """One physical card to print: its front and its back face."""

    front: Face
    back: Face | None = None


_FORM_NAME = re.compile(r"[^A-Za-z0-9_]")


def form_name(prefix: str, key: str) -> str:
    """A PDF-safe, deterministic XObject name for a face key (``F_`` fronts, ``B_`` backs)."""
    return f"{prefix}_{_FORM_NAME.sub('_', key)}"


class PdfWriter:
    """A deterministic reportlab canvas writing to memory, saved atomically by :meth:`save`."""

    def __init__(self, title: str, page_size_pt: tuple[float, float]):
        register_fonts()
        self.buffer = io.BytesIO()
        # invariant=1 fixes the creation date and document ID: same content, same bytes.
        self.canvas = Canvas(self.buffer, pagesize=page_size_pt, invariant=1, pageCompression=1)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("doria_forge")
        self.canvas.setCreator("doria_forge")
        self.canvas.setSubject("Dungeons of Doria print sheet")
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
        token = DRAWING.set(face.key)
        try:
            face.draw(c, box)
        finally:
            DRAWING.reset(token)
        c.restoreState()
        c.endForm()
        self._forms[(prefix, face.key)] = name
        self._names.add(name)
        return name

    def place(self, name: str, x_pt: float, y_pt: float) -> None:
        c = self.canvas
        c.saveState()
        c.translate(x_pt, y_pt)
        c.doForm(name)
        c.restoreState()

    def save(self, path: Path) -> Path:
        self.canvas.save()
        atomic_write_bytes(path, self.buffer.getvalue())
        return path


def _face_box(layout: SheetLayout) -> FaceBox:
    w, h = layout.card_mm
    return FaceBox(mm(w), mm(h), mm(layout.bleed_mm))


def _draw_crop_marks(canvas: Canvas, layout: SheetLayout, marks: Iterable[tuple[float, float, float, float]]) -> None:
    canvas.saveState()
    # Registration black: marks must appear on every separation at a print shop.
    canvas.setStrokeColorCMYK(1, 1, 1, 1)
    canvas.setLineWidth(layout.crop_mark_width_pt)
    for x0, y0, x1, y1 in marks:
        canvas.line(mm(x0), mm(y0), mm(x1), mm(y1))
    canvas.restoreState()


def write_card_sheets(path: Path, cards: Sequence[PrintCard], layout: SheetLayout, title: str) -> Path:
    """Write a deck as a PDF to ``path`` (atomically) and return ``path``.

    Sheet mode: cards fill a centred grid (:func:`compute_grid`), crop marks outside the bleed; with
    duplex each sheet of fronts is followed by a sheet of backs at the mirrored positions. One-per-page
    mode (``layout.one_per_page``): each page is one face, card plus bleed in size, TrimBox = card,
    BleedBox = MediaBox, front then back. Raises ``ExportError`` for an empty deck or a card that does
    not fit the paper.
    """
    if not cards:
        raise ExportError(f"{title}: nothing to print")
    box = _face_box(layout)
    if layout.one_per_page:
        return _write_one_per_page(path, cards, layout, box, title)
    grid = compute_grid(layout)
    pw, ph = layout.paper_mm
    writer = PdfWriter(title, (mm(pw), mm(ph)))
    c = writer.canvas
    with_backs = layout.duplex != "none" and any(card.back is not None for card in cards)
    for start in range(0, len(cards), grid.per_page):
        sheet = cards[start:start + grid.per_page]
        fronts = [grid.bleed_rect(i) for i in range(len(sheet))]
        for card, rect in zip(sheet, fronts, strict=False):
            writer.place(writer.form("F", card.front, box), mm(rect.x), mm(rect.y))
        if layout.crop_marks:
            _draw_crop_marks(c, layout, grid.crop_marks(fronts))
        c.showPage()
        if with_backs:
            backs = [grid.back_rect(i) for i in range(len(sheet))]
            for card, rect in zip(sheet, backs, strict=False):
                if card.back is not None:
                    writer.place(writer.form("B", card.back, box), mm(rect.x), mm(rect.y))
            if layout.crop_marks:
                _draw_crop_marks(c, layout, grid.crop_marks(backs))
            c.showPage()
    return writer.save(path)


def _write_one_per_page(path: Path, cards: Sequence[PrintCard], layout: SheetLayout, box: FaceBox,
                        title: str) -> Path:
    page = (box.width + 2 * box.bleed, box.height + 2 * box.bleed)
    writer = PdfWriter(title, page)
    c = writer.canvas
    trim = (box.bleed, box.bleed, box.bleed + box.width, box.bleed + box.height)
    media = (0, 0, page[0], page[1])
    faces: list[tuple[str, Face]] = []
    for card in cards:
        faces.append(("F", card.front))
        if card.back is not None and layout.duplex != "none":
            faces.append(("B", card.back))
    for prefix, face in faces:
        c.setPageSize(page)
        c.setTrimBox(trim)
        c.setBleedBox(media)
        writer.place(writer.form(prefix, face, box), 0, 0)
        c.showPage()
    return writer.save(path)


def write_pages(path: Path, faces: Sequence[Face], layout: SheetLayout, title: str) -> Path:
    """Write full-paper pages (character sheets, campaign sheet): each face gets the whole paper as
    its box with ``bleed = 0``; the face keeps to ``layout.margin_mm`` itself."""
    if not faces:
        raise ExportError(f"{title}: nothing to print")
    pw, ph = layout.paper_mm
    writer = PdfWriter(title, (mm(pw), mm(ph)))
    box = FaceBox(mm(pw), mm(ph), 0.0)
    for face in faces:
        writer.place(writer.form("P", face, box), 0, 0)
        writer.canvas.showPage()
    return writer.save(path)


__all__ = ["CallableFace", "Face", "FaceBox", "PdfWriter", "PrintCard", "Rect",
           "form_name", "write_card_sheets", "write_pages"]
