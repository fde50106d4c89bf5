"""Doors and open sides of a Room Tile sit on open border squares.

A door is a one-square opening on a side (``side`` + ``offset`` 0-4 from the
west or north corner); an open side spans ``length`` (2 or more) squares from
``offset``. The opening must fit on the side (``offset + length <= 5``) and
none of its squares may be a wall (``#``): heroes walk through it. Only
checked on tiles of the right shape (``room-tile-shape``).

Passing::

    squares: ["##.##", "#...#", ".....", "#...#", "##.##"]
    doors: [{side: north, offset: 2}, {side: south, offset: 2}]

Failing::

    squares: ["##.##", "#...#", ".....", "#...#", "##.##"]
    doors: [{side: north, offset: 0}]          # north-west corner is a wall
    open_sides: [{side: west, offset: 4, length: 2}]   # runs off the tile
"""

from __future__ import annotations

from collections.abc import Iterable

from ...geometry import TILE_SIZE as SIZE
from ...geometry import border_square
from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap
from .room_tile_shape import is_well_shaped

ID = "room-tile-openings"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for tile in pack.room_tiles.values():
        if not is_well_shaped(tile):
            continue
        openings = [("doors", i, d.side, d.offset, 1, "door") for i, d in enumerate(tile.doors)]
        openings += [("open_sides", i, o.side, o.offset, o.length, "open side")
                     for i, o in enumerate(tile.open_sides)]
        for field, i, side, offset, length, label in openings:
            if offset + length > SIZE:
                yield source_map.problem(
                    "room_tile", tile.id, (field, i), ID, SEVERITY,
                    f"{label} on the {side} side of Room Tile {tile.id} runs from square {offset} for "
                    f"{length} squares, past the edge (a side has squares 0-{SIZE - 1})",
                )
            walls = [
                border_square(side, k) for k in range(offset, min(offset + length, SIZE))
                if tile.squares[border_square(side, k)[0]][border_square(side, k)[1]] == "#"
            ]
            if walls:
                listed = ", ".join(f"[{r}, {c}]" for r, c in walls)
                yield source_map.problem(
                    "room_tile", tile.id, (field, i), ID, SEVERITY,
                    f"{label} on the {side} side of Room Tile {tile.id} (offset {offset}) opens onto "
                    f"wall square{'s' if len(walls) > 1 else ''} {listed}; an opening needs open border squares",
                )
