"""No door or open side of a Room Tile opens into a pocket cut off from the rest of the tile.

Heroes entering through one opening must be able to walk on to the tile's other openings:
squares walking connects (walls block; holes and red-bordered squares count as passable,
heroes jump them) must join every opening into one region. An **error** at each opening
outside the largest region, naming the squares of its pocket. A bridge tile (F-3) has two
levels that never meet: each passage is a region of its own and must lead somewhere, so there
a region with a single opening is the pocket. Only checked on tiles of the right shape
(``room-tile-shape``) whose openings do not open onto walls (``room-tile-openings``).

Passing::

    squares: ["##.##", "#...#", ".....", "#...#", "##.##"]
    doors: [{side: north, offset: 2}, {side: south, offset: 2}]

Failing::

    squares: ["#.###", "###.#", ".....", "#...#", "##.##"]
    doors: [{side: north, offset: 1}, {side: south, offset: 2}]   # the north door leads to [0, 1] only
"""

from __future__ import annotations

from collections.abc import Iterable

from ...geometry import span_cells
from ...load.problem import Problem, Severity
from ...model import ContentPack, RoomTile
from ..source_map import SourceMap
from .room_tile_shape import is_well_shaped

ID = "room-tile-pockets"
SEVERITY = Severity.ERROR


def regions(tile: RoomTile) -> list[tuple[frozenset[tuple[int, int]], list[tuple[str, int]]]]:
    """The tile's walkable regions that openings lead into: ``(squares, [(field, index), ...])``,
    largest region first. ``field`` is ``doors`` or ``open_sides``."""
    shape = tile.shape()
    openings = [("doors", i, d.side, d.offset, 1) for i, d in enumerate(tile.doors)]
    openings += [("open_sides", i, o.side, o.offset, o.length) for i, o in enumerate(tile.open_sides)]
    found: list[tuple[frozenset[tuple[int, int]], list[tuple[str, int]]]] = []
    for field, i, side, offset, length in openings:
        cells = [c for c in span_cells(side, offset, length) if shape.kind(c) != "wall"]
        if not cells:
            continue  # an opening onto walls: room-tile-openings reports it
        for squares, members in found:
            if cells[0] in squares:
                members.append((field, i))
                break
        else:
            found.append((frozenset(shape.reachable(cells)), [(field, i)]))
    return sorted(found, key=lambda r: (-len(r[0]), r[1]))


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for tile in pack.room_tiles.values():
        if not is_well_shaped(tile):
            continue
        found = regions(tile)
        if tile.bridge is not None:
            pockets = [r for r in found if len(r[1]) < 2] if len(found) > 1 else []
        else:
            pockets = found[1:]
        for squares, members in pockets:
            listed = ", ".join(f"[{r}, {c}]" for r, c in sorted(squares))
            for field, i in members:
                opening = getattr(tile, field)[i]
                label = "door" if field == "doors" else "open side"
                yield source_map.problem(
                    "room_tile", tile.id, (field, i), ID, SEVERITY,
                    f"{label} on the {opening.side} side of Room Tile {tile.id} (offset {opening.offset}) opens "
                    f"into a pocket cut off from the rest of the tile ({listed})",
                )
