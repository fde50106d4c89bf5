"""A Room Tile is 5 x 5 squares: ``squares`` holds 5 rows of 5 characters.

Rows run north to south, characters west to east: ``.`` floor, ``#`` wall,
``R`` red-bordered, ``O`` hole (unknown characters are a schema error).

Passing::

    kind: room_tile
    id: B-4
    squares: ["#...#", ".....", ".....", ".....", "#...#"]

Failing::

    kind: room_tile
    id: B-4
    squares: ["#...#", "....", ".....", "....."]   # row 1 has 4 squares; only 4 rows
"""

from __future__ import annotations

from collections.abc import Iterable

from ...geometry import TILE_SIZE as SIZE
from ...geometry import TileShape
from ...load.problem import Problem, Severity
from ...model import ContentPack, RoomTile
from ..source_map import SourceMap

ID = "room-tile-shape"
SEVERITY = Severity.ERROR


def is_well_shaped(tile: RoomTile) -> bool:
    """Whether ``tile.squares`` is exactly 5 rows of 5 squares."""
    return TileShape.from_tile(tile).well_shaped


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for tile in pack.room_tiles.values():
        if len(tile.squares) != SIZE:
            yield source_map.problem(
                "room_tile", tile.id, ("squares",), ID, SEVERITY,
                f"Room Tile {tile.id} has {len(tile.squares)} rows of squares; a Room Tile has {SIZE} (north to south)",
            )
        for r, row in enumerate(tile.squares):
            if len(row) != SIZE:
                yield source_map.problem(
                    "room_tile", tile.id, ("squares", r), ID, SEVERITY,
                    f"row {r} of Room Tile {tile.id} has {len(row)} squares; a row has {SIZE} (west to east)",
                    value=True,
                )
