"""A game state drawn as PNG: the placed Room Tiles (drawn by the print export's
``draw_room_tile``, turned as they lie), the dungeon markers, closed doors and the figures,
with a legend below.

The picture is built as a one-page PDF with reportlab and rasterised with pypdfium2, the
same way card previews are. ``square_px`` is the side of one square in pixels.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from doria_forge.export.pdf.fonts import BOLD, REGULAR, register_fonts
from doria_forge.export.pdf.tiles import draw_room_tile
from doria_forge.geometry import TILE_SIZE

from .text import figure_marks

HERO_RGB = (0.15, 0.35, 0.85)
MONSTER_RGB = (0.75, 0.1, 0.1)
DOWN_RGB = (0.55, 0.55, 0.55)
_PT = 20.0  # points per square in the intermediate PDF


def render_png(state: Any, *, square_px: int = 40) -> bytes:
    """PNG bytes of ``state`` (see the module docstring). Raises ``ValueError`` for a game
    without a map or a ``square_px`` outside 8-200."""
    if not getattr(state.board, "spatial", False):
        raise ValueError("only a game on a map can be drawn")
    if not 8 <= square_px <= 200:
        raise ValueError(f"square_px must be 8-200, not {square_px}")
    register_fonts()
    layout = state.board.layout
    squares = list(layout.all_squares())
    top, left = min(p[0] for p in squares), min(p[1] for p in squares)
    rows, cols = max(p[0] for p in squares) - top + 1, max(p[1] for p in squares) - left + 1
    legend = _legend(state)
    legend_h = (len(legend) + 1) * _PT * 0.6
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text_w = max(stringWidth(line, BOLD, _PT * 0.42) for line in legend) + _PT * 0.6
    width, height = max(cols * _PT, text_w), rows * _PT + legend_h
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setFillColorRGB(0.12, 0.11, 0.1)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)

    def corner(pos: tuple[int, int]) -> tuple[float, float]:
        """Bottom-left corner of square ``pos`` on the page."""
        return (pos[1] - left) * _PT, legend_h + (rows - 1 - (pos[0] - top)) * _PT

    for placed in layout.in_order():
        x, y = corner((placed.slot[0] * TILE_SIZE + TILE_SIZE - 1, placed.slot[1] * TILE_SIZE))
        draw_room_tile(canvas, state.pack.room_tiles[placed.tile_id], x, y, _PT, placed.rotation, labels=False)
    _markers(canvas, state, corner)
    _figures(canvas, state, corner)
    canvas.setFillColorRGB(0.95, 0.95, 0.9)
    for n, line in enumerate(legend):
        canvas.setFont(BOLD if n == 0 else REGULAR, _PT * 0.42)
        canvas.drawString(_PT * 0.3, legend_h - (n + 1) * _PT * 0.6, line)
    canvas.showPage()
    canvas.save()
    return _rasterise(buffer.getvalue(), square_px / _PT)


def _markers(canvas: Canvas, state: Any, corner: Callable[[tuple[int, int]], tuple[float, float]]) -> None:
    """Closed doors (yellow frame), Loot Markers (coin), searched treasure icons (grey
    cross), Rubble and Blocked Doors (crossed block), Hole markers, Secret Doors."""
    layout = state.board.layout
    from doria_forge.engine.map.exploration import icon_squares

    for placed in layout.in_order():
        for pos, _ in icon_squares(state.pack, placed, "treasures"):
            if not layout.has(pos, "loot"):
                x, y = corner(pos)
                canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
                canvas.setLineWidth(_PT * 0.08)
                canvas.line(x + _PT * 0.2, y + _PT * 0.2, x + _PT * 0.8, y + _PT * 0.8)
                canvas.line(x + _PT * 0.2, y + _PT * 0.8, x + _PT * 0.8, y + _PT * 0.2)
    for pos in layout.closed_doors():
        x, y = corner(pos)
        canvas.setStrokeColorRGB(1, 0.85, 0.2)
        canvas.setLineWidth(_PT * 0.08)
        canvas.rect(x + _PT * 0.1, y + _PT * 0.1, _PT * 0.8, _PT * 0.8, stroke=1, fill=0)
    for pos, marks in sorted(layout.markers.items()):
        x, y = corner(pos)
        if "loot" in marks:
            canvas.setFillColorRGB(0.95, 0.75, 0.1)
            canvas.circle(x + _PT * 0.5, y + _PT * 0.5, _PT * 0.16, stroke=0, fill=1)
        if "rubble" in marks or "blocked_door" in marks:
            canvas.setFillColorRGB(0.35, 0.3, 0.25)
            canvas.rect(x + _PT * 0.05, y + _PT * 0.05, _PT * 0.9, _PT * 0.9, stroke=0, fill=1)
            canvas.setStrokeColorRGB(0.9, 0.2, 0.1)
            canvas.line(x + _PT * 0.15, y + _PT * 0.15, x + _PT * 0.85, y + _PT * 0.85)
            canvas.line(x + _PT * 0.15, y + _PT * 0.85, x + _PT * 0.85, y + _PT * 0.15)
        if "hole" in marks:
            canvas.setFillColorRGB(0.02, 0.02, 0.02)
            canvas.circle(x + _PT * 0.5, y + _PT * 0.5, _PT * 0.35, stroke=0, fill=1)
    for pos in layout.secret_doors:
        x, y = corner(pos)
        canvas.setFillColorRGB(0.55, 0.33, 0.12)
        canvas.rect(x + _PT * 0.2, y + _PT * 0.2, _PT * 0.6, _PT * 0.6, stroke=0, fill=1)


def _figures(canvas: Canvas, state: Any, corner: Callable[[tuple[int, int]], tuple[float, float]]) -> None:
    marks = figure_marks(state)
    board = state.board
    for uid, pos in sorted(board.positions.items()):
        hero = state.find_hero(uid)
        monster = state.find_monster(uid) if hero is None else None
        if hero is None and monster is None:
            continue
        x, y = corner(pos)
        rgb = HERO_RGB if hero is not None else MONSTER_RGB
        if hero is not None and not hero.can_act:
            rgb = DOWN_RGB
        canvas.setFillColorRGB(*rgb)
        canvas.setStrokeColorRGB(1, 1, 1)
        canvas.setLineWidth(_PT * 0.05)
        canvas.circle(x + _PT * 0.5, y + _PT * 0.5, _PT * 0.38, stroke=1, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont(BOLD, _PT * 0.45)
        canvas.drawCentredString(x + _PT * 0.5, y + _PT * 0.33, marks.get(uid, "?"))


def _legend(state: Any) -> list[str]:
    from .text import render_text

    lines = render_text(state).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("round "))
    return [line.strip() for line in lines[start:]]


def _rasterise(pdf: bytes, scale: float) -> bytes:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        image = document[0].render(scale=scale).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
