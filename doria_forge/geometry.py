"""Room Tile geometry: the one place that knows a tile's shape.

Book of Rules chapters *Room Tiles* (5 x 5 squares), *Adjacent* (orthogonal squares only),
*Exploration* (doors are one-square openings, open sides two or more), *Arrows (Room F-3)*
(a bridge: the passage on one axis crosses the middle square, the crossing passage runs
beneath it and skips that square).

Validation, the engine's map and the print export all take tile shape from here. Nothing
here imports the content model: :meth:`TileShape.from_tile` reads any object with the
Room Tile fields (``squares``, ``doors``, ``open_sides``, ``bridge``).

Coordinates: a square inside a tile is ``(row, col)``, rows north to south and columns
west to east, both ``0..TILE_SIZE-1``. Rotations are quarter turns clockwise (1 = the
tile's north side faces east). An opening is given by its ``side``, ``offset`` (squares
from the west corner on north/south sides, from the north corner on east/west sides) and
``length`` (1 for a door).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

TILE_SIZE = 5
"""Squares along each side of a Room Tile."""

SIDES: tuple[str, ...] = ("north", "east", "south", "west")
"""The four sides, clockwise from north."""

OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}

SQUARE_CODES = {".": "floor", "#": "wall", "R": "red_bordered", "O": "hole"}
"""One character per square in a Room Tile's ``squares`` rows."""

BRIDGE_AXES = ("north_south", "west_east")
"""A bridge runs along one of these axes over the middle square."""

Cell = tuple[int, int]
"""A square inside one tile: ``(row, col)``."""

MIDDLE: Cell = (TILE_SIZE // 2, TILE_SIZE // 2)

_STEPS: dict[str, tuple[int, int]] = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}


def side_step(side: str) -> tuple[int, int]:
    """``(d_row, d_col)`` of one step toward ``side``."""
    return _STEPS[side]


def border_square(side: str, index: int) -> Cell:
    """``(row, col)`` of the ``index``-th square along ``side`` (from the west or north corner)."""
    last = TILE_SIZE - 1
    if side == "north":
        return (0, index)
    if side == "south":
        return (last, index)
    if side == "west":
        return (index, 0)
    if side == "east":
        return (index, last)
    raise ValueError(f"unknown side {side!r}")


def span_cells(side: str, offset: int, length: int = 1) -> list[Cell]:
    """The border squares of an opening, clipped to the tile."""
    return [border_square(side, i) for i in range(offset, min(offset + length, TILE_SIZE))]


def rotate_cell(cell: Cell, quarter_turns: int) -> Cell:
    """Where square ``cell`` lands after turning the tile ``quarter_turns`` times clockwise."""
    r, c = cell
    for _ in range(quarter_turns % 4):
        r, c = c, TILE_SIZE - 1 - r
    return (r, c)


def rotate_side(side: str, quarter_turns: int) -> str:
    """The side ``side`` faces after ``quarter_turns`` clockwise quarter turns."""
    return SIDES[(SIDES.index(side) + quarter_turns) % 4]


def rotate_span(side: str, offset: int, length: int, quarter_turns: int) -> tuple[str, int]:
    """``(side, offset)`` of an opening after the turns (its length is unchanged)."""
    for _ in range(quarter_turns % 4):
        # north->east and south->west keep the offset; east->south and west->north mirror it
        if side in ("east", "west"):
            offset = TILE_SIZE - offset - length
        side = rotate_side(side, 1)
    return side, offset


@dataclass(frozen=True, slots=True)
class Opening:
    """A door (``length`` 1) or open side (``length`` 2+) on one side of a tile."""

    side: str
    offset: int
    length: int = 1

    @property
    def is_door(self) -> bool:
        return self.length == 1

    @property
    def cells(self) -> list[Cell]:
        return span_cells(self.side, self.offset, self.length)

    def fits(self) -> bool:
        """Whether the opening lies on the side (``offset + length <= TILE_SIZE``)."""
        return 0 <= self.offset and self.offset + self.length <= TILE_SIZE

    def rotated(self, quarter_turns: int) -> Opening:
        side, offset = rotate_span(self.side, self.offset, self.length, quarter_turns)
        return Opening(side, offset, self.length)


@dataclass(frozen=True, slots=True)
class TileShape:
    """The squares and openings of one Room Tile, possibly rotated.

    ``rows``: ``TILE_SIZE`` strings of square codes (:data:`SQUARE_CODES`); ``openings``:
    doors and open sides; ``bridge``: ``None`` or the axis (:data:`BRIDGE_AXES`) whose
    passage crosses the middle square on a bridge. On the other axis the middle square
    does not exist: its neighbours on that axis are adjacent to each other (one square
    apart), not to the middle square.
    """

    rows: tuple[str, ...]
    openings: tuple[Opening, ...] = ()
    bridge: str | None = None

    def __deepcopy__(self, memo: dict) -> TileShape:
        return self  # immutable: a copied game shares its tiles' shapes

    @classmethod
    def from_tile(cls, tile: Any) -> TileShape:
        """The shape of a Room Tile document (``squares``, ``doors``, ``open_sides``, ``bridge``)."""
        openings = [Opening(d.side, d.offset, 1) for d in getattr(tile, "doors", ())]
        openings += [Opening(o.side, o.offset, o.length) for o in getattr(tile, "open_sides", ())]
        return cls(tuple(tile.squares), tuple(openings), getattr(tile, "bridge", None))

    # ---------------------------------------------------------------- shape checks
    @property
    def well_shaped(self) -> bool:
        """Exactly ``TILE_SIZE`` rows of ``TILE_SIZE`` squares."""
        return len(self.rows) == TILE_SIZE and all(len(row) == TILE_SIZE for row in self.rows)

    def kind(self, cell: Cell) -> str:
        """``floor``, ``wall``, ``red_bordered`` or ``hole``; outside the tile or a missing
        square counts as ``wall``."""
        r, c = cell
        if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]):
            return SQUARE_CODES.get(self.rows[r][c], "wall")
        return "wall"

    def cells(self) -> Iterator[Cell]:
        for r in range(TILE_SIZE):
            for c in range(TILE_SIZE):
                yield (r, c)

    def opening_cells(self) -> list[Cell]:
        """Border squares of every door and open side (clipped to the tile)."""
        return [cell for o in self.openings for cell in o.cells]

    def doors(self) -> list[Opening]:
        return [o for o in self.openings if o.is_door]

    def open_sides(self) -> list[Opening]:
        return [o for o in self.openings if not o.is_door]

    # ---------------------------------------------------------------- rotation
    def rotated(self, quarter_turns: int) -> TileShape:
        """The same tile turned ``quarter_turns`` times clockwise (worked out once per shape and
        turn: exploration tries every turn of every tile it draws)."""
        q = quarter_turns % 4
        if q == 0:
            return self
        return _rotated(self, q)

    def _turned(self, q: int) -> TileShape:
        grid = [["#"] * TILE_SIZE for _ in range(TILE_SIZE)]
        for cell in self.cells():
            r, c = rotate_cell(cell, q)
            grid[r][c] = self.rows[cell[0]][cell[1]] if self.well_shaped else "#"
        bridge = self.bridge
        if bridge is not None and q % 2:
            bridge = "west_east" if bridge == "north_south" else "north_south"
        return TileShape(tuple("".join(row) for row in grid), tuple(o.rotated(q) for o in self.openings), bridge)

    # ---------------------------------------------------------------- bridge
    def bridge_axis_of(self, a: Cell, b: Cell) -> str:
        """The axis of a step between two squares in one row or one column."""
        return "west_east" if a[0] == b[0] else "north_south"

    def under_bridge(self) -> tuple[Cell, Cell] | None:
        """The two squares the passage under the bridge joins across the middle square."""
        if self.bridge is None:
            return None
        m = TILE_SIZE // 2
        if self.bridge == "north_south":
            return (m, m - 1), (m, m + 1)
        return (m - 1, m), (m + 1, m)

    # ---------------------------------------------------------------- adjacency
    def neighbours(self, cell: Cell) -> list[Cell]:
        """Orthogonally adjacent squares inside the tile that are not walls, bridge-aware:
        on the axis under a bridge the middle square is skipped (a new list; worked out once
        per shape and square)."""
        found = _neighbour_table(self).get(cell)
        return list(found) if found is not None else self._neighbours(cell)

    def _neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        out: list[Cell] = []
        under = self.under_bridge()
        for dr, dc in _STEPS.values():
            nr, nc = r + dr, c + dc
            if not (0 <= nr < TILE_SIZE and 0 <= nc < TILE_SIZE):
                continue
            if under is not None and (nr, nc) == MIDDLE and cell in under:
                far = (nr + dr, nc + dc)
                if far in under and self.kind(far) != "wall":
                    out.append(far)
                continue
            if under is not None and cell == MIDDLE and (nr, nc) in under:
                continue
            if self.kind((nr, nc)) != "wall":
                out.append((nr, nc))
        return out

    def reachable(self, starts: Iterable[Cell]) -> set[Cell]:
        """Squares reachable orthogonally from ``starts`` without crossing walls. Red-bordered
        squares and holes count as passable (heroes jump them, flyers cross them)."""
        begin = [s for s in starts if self.kind(s) != "wall"]
        seen = set(begin)
        queue = deque(begin)
        while queue:
            for nxt in self.neighbours(queue.popleft()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def unreachable_floor(self, extra_starts: Iterable[Cell] = ()) -> list[Cell]:
        """Floor squares that no opening (nor any of ``extra_starts``) reaches, sorted."""
        seen = self.reachable([*self.opening_cells(), *extra_starts])
        return [cell for cell in self.cells() if self.kind(cell) == "floor" and cell not in seen]


@lru_cache(maxsize=4096)
def _rotated(shape: TileShape, q: int) -> TileShape:
    """``shape`` turned ``q`` (1-3) quarter turns, remembered: shapes are immutable values."""
    return shape._turned(q)


@lru_cache(maxsize=4096)
def _neighbour_table(shape: TileShape) -> dict[Cell, tuple[Cell, ...]]:
    """Every square of ``shape`` -> its ``TileShape.neighbours``, remembered per shape value."""
    return {cell: tuple(shape._neighbours(cell)) for cell in shape.cells()}
