"""Where a Room Tile prints its id, name and text: only on wall squares, never on a square a figure
can stand on or walk through (floor, red-bordered squares, holes, door and open-side squares).

Book of Rules, *Room Tiles* and *Exploration*: what a square is must stay readable on the printed
tile, so the tile's labels go into its walls. :func:`plan_label` looks at every largest rectangle of
wall squares (the compass square of the start tile excluded), read across or turned a quarter to run
up the rectangle, and sets the text with the PDF's own fitting code (shrinking down to 6 pt):

1. the title (``id · name``) and the text together in one rectangle, the largest that holds both;
2. else the title in one rectangle and the text in another;
3. else the best rectangle anyway, cut with an ellipsis: :attr:`LabelPlan.fits` is false and
   :attr:`LabelPlan.advice` says what helps (a shorter text, or more wall squares when the walls
   have no room for even a few words). A tile without a single wall square prints no label.

``validate`` (rule ``card-text-fit``, at the tile's text) and ``preflight`` (``preflight-tile-label``)
report a plan that does not fit before anything is exported; the print, the PNGs, the Tabletop
Simulator tiles and ``preview`` draw the plan. Lengths are in points in the tile's own, unturned
coordinates (origin at its south-west corner, ``5 * square`` a side).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from doria_forge.geometry import TILE_SIZE, TileShape

from .text import LEADING, MIN_FONT_PT, fits

N = TILE_SIZE
ROOMY_LINES = 3
"""A region that cannot hold this many lines of 6 pt text is too small to be worth shortening the
text for: the advice is then to give the tile more wall squares."""

Squares = tuple[int, int, int, int]
"""A rectangle of squares ``(col, row from the south, cols, rows)``."""


@dataclass(frozen=True)
class Spot:
    """One block of text: the rectangle of wall squares it sits on (``squares``) and the box it may
    fill, ``x0, y0, x1, y1`` in points on the unturned tile. ``vertical``: the lines run up the
    rectangle, read from the south (the text turned a quarter counter-clockwise, see :meth:`frame`)."""

    squares: Squares
    x0: float
    y0: float
    x1: float
    y1: float
    vertical: bool

    @property
    def width(self) -> float:
        """Length of a line of text, in points."""
        return self.y1 - self.y0 if self.vertical else self.x1 - self.x0

    @property
    def height(self) -> float:
        """Room across the lines, in points."""
        return self.x1 - self.x0 if self.vertical else self.y1 - self.y0

    def frame(self) -> tuple[float, float, float]:
        """``(x, y, degrees)``: translate to ``(x, y)`` and rotate by ``degrees`` counter-clockwise,
        then the text box is ``(0, 0, width, height)``."""
        return (self.x1, self.y0, 90.0) if self.vertical else (self.x0, self.y0, 0.0)


@dataclass(frozen=True)
class LabelPlan:
    """Where a Room Tile's title and text go.

    ``title`` and ``text`` are :class:`Spot` s (the same one when both share a rectangle; ``text``
    is None when the tile has no text; both None when the tile has no wall square). Within a shared
    spot the title takes the top ``title_height`` points. ``fits``: everything prints whole at 6 pt
    or more. For a plan that does not fit, ``cause`` is ``text`` (a roomy wall, a text too long),
    ``walls`` (no wall with room for a few words) or ``no-wall`` (no wall square at all), ``advice``
    says what the designer can do and ``room`` describes the most room there is.
    """

    title: Spot | None
    text: Spot | None
    title_height: float
    title_size: float
    text_size: float
    fits: bool
    cause: str = ""
    advice: str = ""
    room: str = ""


def wall_rectangles(shape: TileShape, compass: bool = False) -> list[Squares]:
    """Every rectangle of wall squares that no larger one contains, in squares ``(col, row from the
    south, cols, rows)``, largest first (then from the south-west). ``compass``: the north-east
    square, where the start tile prints its compass, is not free."""
    return list(_wall_rectangles(shape.rows, compass))


@cache
def _wall_rectangles(rows: tuple[str, ...], compass: bool) -> tuple[Squares, ...]:
    # a tile's label is planned once per language and per square size: the rectangles once
    shape = TileShape(rows)
    # walls[r][c]: wall squares in the rows above r and the columns left of c (rows from the north)
    walls = [[0] * (N + 1) for _ in range(N + 1)]
    for r in range(N):
        for c in range(N):
            wall = shape.kind((r, c)) == "wall" and not (compass and (r, c) == (0, N - 1))
            walls[r + 1][c + 1] = walls[r][c + 1] + walls[r + 1][c] - walls[r][c] + wall

    def all_wall(r0: int, c0: int, r1: int, c1: int) -> bool:  # rows and columns inclusive
        if r0 < 0 or c0 < 0 or r1 >= N or c1 >= N:
            return False
        return (walls[r1 + 1][c1 + 1] - walls[r0][c1 + 1] - walls[r1 + 1][c0] + walls[r0][c0]
                == (r1 - r0 + 1) * (c1 - c0 + 1))

    # A rectangle of walls lies in a larger one exactly when it grows by a row or a column of
    # walls on one of its sides: the largest are those that can grow on none.
    rects = [(c0, N - 1 - r1, c1 - c0 + 1, r1 - r0 + 1)
             for r0 in range(N) for c0 in range(N) for r1 in range(r0, N) for c1 in range(c0, N)
             if all_wall(r0, c0, r1, c1) and not (all_wall(r0 - 1, c0, r1, c1) or all_wall(r0, c0, r1 + 1, c1)
                                                  or all_wall(r0, c0 - 1, r1, c1) or all_wall(r0, c0, r1, c1 + 1))]
    return tuple(sorted(rects, key=lambda q: (-q[2] * q[3], q[1], q[0], q[2])))


def _spots(squares: Squares, sq: float, safe: float) -> list[Spot]:
    col, row, cols, rows = squares
    pad = sq * 0.06
    side = N * sq
    x0, y0 = max(col * sq + pad, safe), max(row * sq + pad, safe)
    x1, y1 = min((col + cols) * sq - pad, side - safe), min((row + rows) * sq - pad, side - safe)
    if x1 - x0 < MIN_FONT_PT or y1 - y0 < MIN_FONT_PT:
        return []
    across = Spot(squares, x0, y0, x1, y1, False)
    up = Spot(squares, x0, y0, x1, y1, True)
    # Across first: it reads best; up a rectangle that is taller than wide.
    return [across, up] if rows <= cols else [up, across]


def _overlap(a: Squares, b: Squares) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def sizes(sq: float) -> tuple[float, float]:
    """Largest type of the title and of the text for a square of ``sq`` points."""
    return max(MIN_FONT_PT, sq * 0.15), max(MIN_FONT_PT, sq * 0.1)


def plan_label(shape: TileShape, title: str, text: str, sq: float, safe: float, *,
               compass: bool = False) -> LabelPlan:
    """The :class:`LabelPlan` of a tile of ``shape`` whose squares are ``sq`` points, keeping
    ``safe`` points inside the tile's edge; see the module docstring for the order tried."""
    return _plan(shape.rows, title, text.strip(), round(sq, 4), round(safe, 4), compass)


@cache
def _plan(rows: tuple[str, ...], title: str, text: str, sq: float, safe: float, compass: bool) -> LabelPlan:
    title_max, text_max = sizes(sq)
    title_h = title_max * LEADING
    spots = [spot for rect in wall_rectangles(TileShape(rows), compass) for spot in _spots(rect, sq, safe)]
    if not spots:
        return LabelPlan(None, None, 0.0, title_max, text_max, False, "no-wall",
                         "it has no wall square to print its id, name and text on, and they are not printed: "
                         "give it a wall square", "no wall square")

    def title_fits(spot: Spot, height: float) -> bool:
        return fits(title, spot.width, min(height, spot.height), max_size=title_max, bold=True)

    def text_fits(spot: Spot, height: float) -> bool:
        return not text or fits(text, spot.width, height, max_size=text_max)

    def area(spot: Spot) -> float:
        return round(spot.width * spot.height, 3)  # rounded: mirror-image rectangles tie exactly

    pad = sq * 0.06
    together = [s for s in spots if title_fits(s, title_h) and text_fits(s, s.height - title_h - pad)]
    if together:
        best = max(together, key=area)  # max keeps the first of equals: across, south-west first
        return LabelPlan(best, best if text else None, min(title_h, best.height), title_max, text_max, True)
    if text:
        pairs = [(a, b) for a in spots if title_fits(a, a.height) for b in spots
                 if not _overlap(a.squares, b.squares) and text_fits(b, b.height)]
        if pairs:
            a, b = max(pairs, key=lambda p: min(area(p[0]), area(p[1])))
            return LabelPlan(a, b, a.height, title_max, text_max, True)
    # Nothing fits whole: the largest rectangle, cut; say why.
    best = max(spots, key=area)
    room = (f"{best.squares[2]} x {best.squares[3]} wall square{'s' if best.squares[2] * best.squares[3] > 1 else ''}"
            f", {best.width:.0f} x {best.height:.0f} pt")
    text_room = best.height - min(title_h, best.height) - pad
    cause = "walls"
    if text and title_fits(best, title_h) and text_room >= ROOMY_LINES * MIN_FONT_PT * LEADING:
        cause, advice = "text", "its text does not fit its walls even at 6 pt and would print cut: shorten it"
    else:
        advice = ("its walls have no room for its " + ("id, name and text" if text else "id and name")
                  + " (they would print cut): give it more wall squares in a row"
                  + (" or leave the text out" if text else " or shorten the name"))
    return LabelPlan(best, best if text else None, min(title_h, best.height), title_max, text_max, False,
                     cause, advice, room)
