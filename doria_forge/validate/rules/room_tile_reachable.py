"""Every floor square of a Room Tile can be reached from a door or open side.

Reachability walks orthogonally from the tile's openings (door and open-side
squares that are not walls), its hero starting positions and its monster
entrances. Walls (``#``) block. Red-bordered squares (``R``) and holes (``O``)
count as passable, because heroes can jump them and flying monsters cross
them; they are not start points of their own unless an opening sits on them.
Only floor squares (``.``) must be reached. Only checked on tiles of the right
shape (``room-tile-shape``).

Passing::

    squares: ["##.##", "#...#", "..O..", "#...#", "#####"]
    doors: [{side: north, offset: 2}]

Failing::

    squares: ["##.##", "#.#.#", "###..", "#...#", "#####"]
    doors: [{side: north, offset: 2}]      # [1, 1] and rows 2-3 are walled off
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack, RoomTile
from ..source_map import SourceMap
from .room_tile_shape import is_well_shaped

ID = "room-tile-reachable"
SEVERITY = Severity.ERROR


def unreachable_floor(tile: RoomTile) -> tuple[list[tuple[int, int]], bool]:
    """Floor squares no opening reaches, as ``(row, col)`` sorted; and whether any start point exists."""
    shape = tile.shape()
    extra: list[tuple[int, int]] = [p.square for p in tile.starting_positions] + list(tile.entrances)
    starts = [cell for cell in [*shape.opening_cells(), *extra] if shape.kind(cell) != "wall"]
    return shape.unreachable_floor(extra), bool(starts)


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for tile in pack.room_tiles.values():
        if not is_well_shaped(tile):
            continue
        missing, has_start = unreachable_floor(tile)
        if not missing:
            continue
        if not has_start:
            yield source_map.problem(
                "room_tile", tile.id, ("squares",), ID, SEVERITY,
                f"Room Tile {tile.id} has no door or open side on an open square, so no floor square can be reached",
            )
            continue
        listed = ", ".join(f"[{r}, {c}]" for r, c in missing)
        yield source_map.problem(
            "room_tile", tile.id, ("squares", missing[0][0]), ID, SEVERITY,
            f"floor square{'s' if len(missing) > 1 else ''} {listed} of Room Tile {tile.id} cannot be "
            "reached from any door or open side",
            value=True,
        )
