"""Room Tiles drawn from the tile data (chapters *Room Tiles*, *Exploration*, *Arrows (Room F-3)*,
*Monster Icons on a Room Tile*, *Additional Symbols on Room Tiles or Markers*).

:func:`draw_room_tile` draws one tile, turned by quarter turns, at any position and square size on
any reportlab canvas: the print PDF's :class:`RoomTileFace` uses it, and so can a drawing of a whole
game state (many placed tiles). Tile shape (squares, openings, bridge, rotation) comes from
:mod:`doria_forge.geometry`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from doria_forge.geometry import TILE_SIZE, TileShape
from doria_forge.i18n import tr
from doria_forge.model import RoomTile

from .compose import FaceBox
from .fonts import BOLD
from .layout import mm
from .spec import RGB
from .text import DRAWING, draw_paragraph
from .tile_label import LabelPlan, Spot, plan_label

log = logging.getLogger(__name__)

N = TILE_SIZE
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
ICON_RGB = {"white": (1, 1, 1), "green": (0.2, 0.65, 0.25), "yellow": (0.98, 0.82, 0.1), "red": (0.85, 0.1, 0.1)}
RUNE_RGB = {"blue": (0.15, 0.35, 0.85), "purple": (0.55, 0.2, 0.7), "orange": (0.95, 0.5, 0.1),
            "green": (0.15, 0.6, 0.25)}
FLOOR = (0.86, 0.82, 0.74)
WALL = (0.27, 0.25, 0.24)
OPEN = (0.39, 0.66, 0.38)  # the open-side band: green on the floor colour, opaque (no transparency)
DOOR = (0.55, 0.33, 0.12)
BRIDGE = (0.58, 0.42, 0.25)
LABEL_INK = (1.0, 1.0, 1.0)
DEFAULT_SAFE_MM = 3.0
"""Distance from the tile's edge that the tile's id, name and text keep (the cut may drift)."""

Rect = tuple[float, float, float, float]  # x, y (bottom), width, height in squares or pt


def draw_room_tile(canvas: Canvas, tile: RoomTile, x: float, y: float, square: float, quarter_turns: int = 0, *,
                   labels: bool = True, safe: float | None = None) -> None:
    """Draw Room Tile ``tile`` with its south-west corner (after turning) at ``(x, y)``.

    Lengths in points: ``square`` is one square's side, so the tile covers ``5 * square`` by
    ``5 * square`` from ``(x, y)``. ``quarter_turns`` turns the tile clockwise (1: its north side
    faces east), as :func:`doria_forge.geometry.rotate_cell` counts; everything printed on the tile
    (icons, labels) turns with it, like a physical tile. ``labels`` prints the tile's id, name and
    text into its walls, never over a square a figure can use (see :mod:`.tile_label`), at least
    ``safe`` points (default 3 mm) inside its edge; a drawing of a whole game state may leave them
    out. The canvas state (colours, transform) is restored afterwards; nothing outside the tile is
    touched, so the caller owns pages, bleed and placement. Raises nothing for a well-formed tile
    (a validated ``RoomTile``).
    """
    side = N * square
    canvas.saveState()
    canvas.translate(x + side / 2, y + side / 2)
    canvas.rotate(-90 * (quarter_turns % 4))
    canvas.translate(-side / 2, -side / 2)
    _draw_unturned(canvas, tile, square, labels, mm(DEFAULT_SAFE_MM) if safe is None else safe)
    canvas.restoreState()


def _cell(row: int, col: int, sq: float) -> tuple[float, float]:
    # Rows count from the north edge, the PDF y axis from the bottom.
    return col * sq, (N - 1 - row) * sq


def _draw_unturned(canvas: Canvas, tile: RoomTile, sq: float, labels: bool, safe: float) -> None:
    shape = TileShape.from_tile(tile)
    side = N * sq
    for row in range(N):
        for col in range(N):
            _square(canvas, shape.kind((row, col)), *_cell(row, col, sq), sq)
    canvas.setStrokeColorRGB(0.55, 0.5, 0.45)
    canvas.setLineWidth(0.4)
    for i in range(N + 1):
        canvas.line(i * sq, 0, i * sq, side)
        canvas.line(0, i * sq, side, i * sq)
    if shape.bridge is not None:
        _bridge(canvas, shape.bridge, sq)
    for opening in shape.openings:
        _edge(canvas, opening.side, opening.offset, opening.length, sq)

    for row, col in tile.treasures:
        _treasure(canvas, *_cell(row, col, sq), sq)
    for icon in tile.monster_icons:
        _monster(canvas, *_cell(*icon.square, sq), sq, ICON_RGB[icon.color])
    for rune in tile.runes:
        _rune(canvas, *_cell(*rune.square, sq), sq, RUNE_RGB[rune.color])
    for start in tile.starting_positions:
        cx, cy = _cell(*start.square, sq)
        canvas.setFillColorRGB(0.1, 0.1, 0.1)
        canvas.setFont(BOLD, sq * 0.32)
        canvas.drawCentredString(cx + sq / 2, cy + sq * 0.36, ROMAN[start.number])
    for row, col in tile.entrances:
        cx, cy = _cell(row, col, sq)
        canvas.setStrokeColorRGB(0.35, 0.3, 0.25)
        canvas.setLineWidth(1)
        for k in range(4):  # stairs
            canvas.line(cx + sq * 0.2, cy + sq * (0.2 + 0.15 * k), cx + sq * 0.8, cy + sq * (0.2 + 0.15 * k))
    if tile.compass_north:
        _compass(canvas, side - sq * 0.5, side - sq * 0.5, sq)
    if labels:
        _labels(canvas, tile, sq, safe)


def label_plan(tile: RoomTile, sq: float, safe: float) -> LabelPlan:
    """Where ``tile`` prints its title and text in the language being printed
    (:func:`~doria_forge.export.pdf.tile_label.plan_label`), for squares of ``sq`` points and
    ``safe`` points of safe zone."""
    return plan_label(TileShape.from_tile(tile), label_title(tile), tr(tile, "text") if tile.text else "", sq, safe,
                      compass=tile.compass_north)


def label_title(tile: RoomTile) -> str:
    """The title a Room Tile prints: its id and name."""
    return f"{tile.id} · {tr(tile, 'name')}" if tile.name else tile.id


def _labels(canvas: Canvas, tile: RoomTile, sq: float, safe: float) -> None:
    plan = label_plan(tile, sq, safe)
    if plan.title is None:
        log.warning("%s: Room Tile %s: %s", DRAWING.get(), tile.id, plan.advice)
        return
    text = tr(tile, "text") if tile.text else ""
    title_h = plan.title_height
    with _spot(canvas, plan.title) as (w, h):
        draw_paragraph(canvas, label_title(tile), 0, h - title_h, w, title_h, max_size=plan.title_size,
                       bold=True, color=LABEL_INK, valign="top")
    if plan.text is None:
        return
    with _spot(canvas, plan.text) as (w, h):
        room = h - title_h - sq * 0.06 if plan.text == plan.title else h
        draw_paragraph(canvas, text, 0, 0, w, room, max_size=plan.text_size, color=LABEL_INK)


@contextmanager
def _spot(canvas: Canvas, spot: Spot) -> Iterator[tuple[float, float]]:
    """The canvas turned so that ``spot``'s text box is ``(0, 0, width, height)``."""
    x, y, degrees = spot.frame()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(degrees)
    try:
        yield spot.width, spot.height
    finally:
        canvas.restoreState()


def _square(canvas: Canvas, kind: str, x: float, y: float, sq: float) -> None:
    if kind == "wall":
        canvas.setFillColorRGB(*WALL)
        canvas.rect(x, y, sq, sq, stroke=0, fill=1)
        return
    canvas.setFillColorRGB(*FLOOR)
    canvas.rect(x, y, sq, sq, stroke=0, fill=1)
    if kind in ("red_bordered", "hole"):
        inset = sq * 0.06
        canvas.setStrokeColorRGB(0.85, 0.1, 0.1)
        canvas.setLineWidth(max(1.5, sq * 0.05))
        canvas.rect(x + inset, y + inset, sq - 2 * inset, sq - 2 * inset, stroke=1, fill=0)
    if kind == "hole":
        canvas.setFillColorRGB(0.05, 0.05, 0.05)
        canvas.ellipse(x + sq * 0.18, y + sq * 0.22, x + sq * 0.82, y + sq * 0.78, stroke=0, fill=1)


def _bridge(canvas: Canvas, axis: str, sq: float) -> None:
    """The F-3 bridge over the middle square: planks along ``axis`` with a railing either side,
    and arrows on the squares either side of it on the other axis, pointing beneath it (the lower
    passage skips the middle square)."""
    canvas.saveState()
    # Draw for a north-south bridge; a west-east one is the same turned a quarter.
    canvas.translate(N * sq / 2, N * sq / 2)
    if axis == "west_east":
        canvas.rotate(-90)
    canvas.translate(-sq / 2, -sq / 2)  # origin at the middle square's south-west corner
    inset = sq * 0.12
    canvas.setFillColorRGB(*BRIDGE)
    canvas.rect(inset, -sq * 0.15, sq - 2 * inset, sq * 1.3, stroke=0, fill=1)
    canvas.setStrokeColorRGB(0.3, 0.2, 0.1)
    canvas.setLineWidth(0.6)
    for k in range(1, 8):
        y = -sq * 0.15 + k * sq * 1.3 / 8
        canvas.line(inset, y, sq - inset, y)
    canvas.setLineWidth(max(1.2, sq * 0.04))
    canvas.line(inset, -sq * 0.15, inset, sq * 1.15)
    canvas.line(sq - inset, -sq * 0.15, sq - inset, sq * 1.15)
    canvas.setFillColorRGB(0.2, 0.2, 0.2)
    for direction in (-1, 1):  # arrows on the squares west and east, pointing under the bridge
        tip = sq / 2 + direction * (sq / 2 + sq * 0.1)
        base = tip + direction * sq * 0.45
        path = canvas.beginPath()
        path.moveTo(tip, sq / 2)
        path.lineTo(base, sq / 2 + sq * 0.18)
        path.lineTo(base, sq / 2 - sq * 0.18)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def _edge(canvas: Canvas, side: str, offset: int, length: int, sq: float) -> None:
    """A door (one square, with an outline) or an open side (a band) along ``side``."""
    end = min(N, offset + length)
    a, b = offset * sq, end * sq
    w = sq * 0.12
    full = N * sq
    if side == "north":
        rect = (a, full - w, b - a, w)
    elif side == "south":
        rect = (a, 0, b - a, w)
    elif side == "west":
        rect = (0, full - b, w, b - a)
    else:
        rect = (full - w, full - b, w, b - a)
    canvas.setFillColorRGB(*(DOOR if length == 1 else OPEN))
    canvas.rect(*rect, stroke=0, fill=1)
    if length == 1:
        canvas.setStrokeColorRGB(0.2, 0.1, 0.0)
        canvas.setLineWidth(0.8)
        canvas.rect(*rect, stroke=1, fill=0)


def _treasure(canvas: Canvas, x: float, y: float, sq: float) -> None:
    canvas.setFillColorRGB(0.85, 0.65, 0.1)
    canvas.setStrokeColorRGB(0.35, 0.22, 0.0)
    canvas.setLineWidth(1)
    canvas.rect(x + sq * 0.25, y + sq * 0.25, sq * 0.5, sq * 0.32, stroke=1, fill=1)
    canvas.roundRect(x + sq * 0.25, y + sq * 0.57, sq * 0.5, sq * 0.16, sq * 0.06, stroke=1, fill=1)


def _monster(canvas: Canvas, x: float, y: float, sq: float, rgb: RGB) -> None:
    cx, cy, r = x + sq / 2, y + sq / 2, sq * 0.3
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(1.2)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.circle(cx - r * 0.35, cy + r * 0.15, r * 0.14, stroke=0, fill=1)
    canvas.circle(cx + r * 0.35, cy + r * 0.15, r * 0.14, stroke=0, fill=1)
    canvas.line(cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy - r * 0.4)


def _rune(canvas: Canvas, x: float, y: float, sq: float, rgb: RGB) -> None:
    cx, cy, r = x + sq / 2, y + sq / 2, sq * 0.3
    path = canvas.beginPath()
    path.moveTo(cx, cy + r)
    path.lineTo(cx + r, cy)
    path.lineTo(cx, cy - r)
    path.lineTo(cx - r, cy)
    path.close()
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.8)
    canvas.drawPath(path, stroke=1, fill=1)


def _compass(canvas: Canvas, cx: float, cy: float, sq: float) -> None:
    r = sq * 0.3
    path = canvas.beginPath()
    path.moveTo(cx, cy + r)
    path.lineTo(cx + r * 0.35, cy - r * 0.6)
    path.lineTo(cx, cy - r * 0.3)
    path.lineTo(cx - r * 0.35, cy - r * 0.6)
    path.close()
    canvas.setFillColorRGB(0.9, 0.9, 0.9)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont(BOLD, sq * 0.16)
    canvas.drawCentredString(cx, cy - r * 1.25, "N")


@dataclass(frozen=True)
class RoomTileFace:
    """The print face of one Room Tile (implements the composer's ``Face``): the tile at true size,
    its wall colour running into the bleed so a tile cut slightly large still looks walled."""

    tile: RoomTile
    origin: str = field(default="", compare=False)

    @property
    def key(self) -> str:
        """Identity of the drawing: faces with equal keys are drawn once and reused."""
        return f"room_tile-{self.tile.id}"

    def draw(self, canvas: Canvas, box: FaceBox) -> None:
        canvas.setFillColorRGB(*WALL)
        canvas.rect(0, 0, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
        draw_room_tile(canvas, self.tile, box.bleed, box.bleed, box.width / N, safe=box.safe_inset)
