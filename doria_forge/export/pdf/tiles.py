"""Room Tiles at true size, drawn from the tile data (chapters *Room Tiles*, *Exploration*,
*Monster Icons on a Room Tile*, *Additional Symbols on Room Tiles or Markers*).

A tile is 5 x 5 squares; the square size comes from the layout (``room_tile_square_mm``, 1 inch by
default), so the face box is the whole tile and one square is ``box.width / 5`` points.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from doria_forge.geometry import TILE_SIZE
from doria_forge.model import RoomTile

from .compose import FaceBox
from .fonts import BOLD
from .text import draw_line

N = TILE_SIZE
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
ICON_RGB = {"white": (1, 1, 1), "green": (0.2, 0.65, 0.25), "yellow": (0.98, 0.82, 0.1), "red": (0.85, 0.1, 0.1)}
RUNE_RGB = {"blue": (0.15, 0.35, 0.85), "purple": (0.55, 0.2, 0.7), "orange": (0.95, 0.5, 0.1),
            "green": (0.15, 0.6, 0.25)}
FLOOR = (0.86, 0.82, 0.74)
WALL = (0.27, 0.25, 0.24)
OPEN = (0.30, 0.62, 0.32)
DOOR = (0.55, 0.33, 0.12)


@dataclass(frozen=True)
class RoomTileFace:
    """The face of one Room Tile (implements the composer's ``Face``)."""

    tile: RoomTile

    @property
    def key(self) -> str:
        """Identity of the drawing: faces with equal keys are drawn once and reused."""
        return f"room_tile-{self.tile.id}"

    def draw(self, canvas: Canvas, box: FaceBox) -> None:
        tile = self.tile
        sq = box.width / N
        ox, oy = box.bleed, box.bleed

        def cell(row: int, col: int) -> tuple[float, float]:
            # Rows count from the north edge, the PDF y axis from the bottom.
            return ox + col * sq, oy + (N - 1 - row) * sq

        # Bleed repeats the wall colour: a tile cut slightly large still looks walled.
        canvas.setFillColorRGB(*WALL)
        canvas.rect(0, 0, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
        for row in range(N):
            for col in range(N):
                kind = tile.square(row, col) if row < len(tile.squares) and col < len(tile.squares[row]) else "wall"
                self._square(canvas, kind, *cell(row, col), sq)
        canvas.setStrokeColorRGB(0.55, 0.5, 0.45)
        canvas.setLineWidth(0.4)
        for i in range(N + 1):
            canvas.line(ox + i * sq, oy, ox + i * sq, oy + box.height)
            canvas.line(ox, oy + i * sq, ox + box.width, oy + i * sq)

        for opening in tile.open_sides:
            self._edge(canvas, box, opening.side, opening.offset, opening.length, OPEN, sq, dashed=True)
        for door in tile.doors:
            self._edge(canvas, box, door.side, door.offset, 1, DOOR, sq, dashed=False)

        for row, col in tile.treasures:
            self._treasure(canvas, *cell(row, col), sq)
        for icon in tile.monster_icons:
            self._monster(canvas, *cell(*icon.square), sq, ICON_RGB[icon.color])
        for rune in tile.runes:
            self._rune(canvas, *cell(*rune.square), sq, RUNE_RGB[rune.color])
        for start in tile.starting_positions:
            x, y = cell(*start.square)
            canvas.setFillColorRGB(0.1, 0.1, 0.1)
            canvas.setFont(BOLD, sq * 0.32)
            canvas.drawCentredString(x + sq / 2, y + sq * 0.36, ROMAN[start.number])
        for row, col in tile.entrances:
            x, y = cell(row, col)
            canvas.setStrokeColorRGB(0.35, 0.3, 0.25)
            canvas.setLineWidth(1)
            for k in range(4):  # stairs
                canvas.line(x + sq * 0.2, y + sq * (0.2 + 0.15 * k), x + sq * 0.8, y + sq * (0.2 + 0.15 * k))
        if tile.compass_north:
            self._compass(canvas, ox + box.width - sq * 0.5, oy + box.height - sq * 0.5, sq)
        # The tile id sits in the south-west corner on the wall colour, like the printed tiles.
        canvas.setFillColorRGB(*WALL)
        canvas.rect(ox, oy, sq * 0.9, sq * 0.3, stroke=0, fill=1)
        draw_line(canvas, tile.id, ox + sq * 0.06, oy + sq * 0.08, sq * 0.8, max_size=sq * 0.2, bold=True,
                  color=(1, 1, 1))

    @staticmethod
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

    @staticmethod
    def _edge(canvas: Canvas, box: FaceBox, side: str, offset: int, length: int, rgb, sq: float,
              dashed: bool) -> None:
        ox, oy = box.bleed, box.bleed
        end = min(N, offset + length)
        a, b = offset * sq, end * sq
        w = sq * 0.12
        canvas.setFillColorRGB(*rgb)
        if side == "north":
            rect = (ox + a, oy + box.height - w, b - a, w)
        elif side == "south":
            rect = (ox + a, oy, b - a, w)
        elif side == "west":
            rect = (ox, oy + box.height - b, w, b - a)
        else:
            rect = (ox + box.width - w, oy + box.height - b, w, b - a)
        if dashed:
            canvas.saveState()
            canvas.setFillAlpha(0.85)
            canvas.rect(*rect, stroke=0, fill=1)
            canvas.restoreState()
        else:
            canvas.rect(*rect, stroke=0, fill=1)
            canvas.setStrokeColorRGB(0.2, 0.1, 0.0)
            canvas.setLineWidth(0.8)
            canvas.rect(*rect, stroke=1, fill=0)

    @staticmethod
    def _treasure(canvas: Canvas, x: float, y: float, sq: float) -> None:
        canvas.setFillColorRGB(0.85, 0.65, 0.1)
        canvas.setStrokeColorRGB(0.35, 0.22, 0.0)
        canvas.setLineWidth(1)
        canvas.rect(x + sq * 0.25, y + sq * 0.25, sq * 0.5, sq * 0.32, stroke=1, fill=1)
        canvas.roundRect(x + sq * 0.25, y + sq * 0.57, sq * 0.5, sq * 0.16, sq * 0.06, stroke=1, fill=1)

    @staticmethod
    def _monster(canvas: Canvas, x: float, y: float, sq: float, rgb) -> None:
        cx, cy, r = x + sq / 2, y + sq / 2, sq * 0.3
        canvas.setFillColorRGB(*rgb)
        canvas.setStrokeColorRGB(0, 0, 0)
        canvas.setLineWidth(1.2)
        canvas.circle(cx, cy, r, stroke=1, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.circle(cx - r * 0.35, cy + r * 0.15, r * 0.14, stroke=0, fill=1)
        canvas.circle(cx + r * 0.35, cy + r * 0.15, r * 0.14, stroke=0, fill=1)
        canvas.line(cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy - r * 0.4)

    @staticmethod
    def _rune(canvas: Canvas, x: float, y: float, sq: float, rgb) -> None:
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

    @staticmethod
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
