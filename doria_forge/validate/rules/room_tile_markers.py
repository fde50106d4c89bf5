"""Treasures, monster icons, runes, starting squares and monster entrances stand on open squares.

A marker printed on a wall square (``#``) can never be reached: a treasure nobody can pick up,
a monster placed inside stone, a rune no hero can step on. An **error** at the marker's square.
Holes and red-bordered squares are allowed (a treasure beyond a pit is a design choice). Only
checked on tiles of the right shape (``room-tile-shape``). The starting squares are numbered
I-VI once each, one hero on each: a number or a square given twice is an error at the repeat.

Passing::

    squares: ["##.##", "#...#", ".....", "#...#", "#####"]
    treasures: [[1, 2]]

Failing::

    squares: ["##.##", "#...#", ".....", "#...#", "#####"]
    treasures: [[0, 0]]                 # the north-west corner is a wall
    monster_icons: [{square: [4, 2]}]   # so is the middle of the south row
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack, RoomTile
from ..source_map import SourceMap
from .room_tile_shape import is_well_shaped

ID = "room-tile-markers"
SEVERITY = Severity.ERROR

_LABELS = {"treasures": "treasure", "monster_icons": "monster icon", "runes": "rune",
           "starting_positions": "starting square", "entrances": "monster entrance"}


def _markers(tile: RoomTile) -> Iterable[tuple[tuple, tuple[int, int], str]]:
    """``(field path, (row, col), label)`` of every marker on the tile."""
    for field, label in _LABELS.items():
        for i, item in enumerate(getattr(tile, field)):
            square = getattr(item, "square", item)
            path = (field, i, "square") if hasattr(item, "square") else (field, i)
            yield path, (square[0], square[1]), label


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for tile in pack.room_tiles.values():
        if not is_well_shaped(tile):
            continue
        for path, (row, col), label in _markers(tile):
            if tile.squares[row][col] == "#":
                yield source_map.problem(
                    "room_tile", tile.id, path, ID, SEVERITY,
                    f"{label} of Room Tile {tile.id} on wall square [{row}, {col}]; put it on a floor square",
                    value=True,
                )
        yield from _starting_repeats(tile, source_map)


def _starting_repeats(tile: RoomTile, source_map: SourceMap) -> Iterable[Problem]:
    """A starting square's number or square given before on ``tile``: the tile printed two Is
    and no II, or one hero's square twice, and validated clean."""
    numbered: dict[int, tuple[int, int]] = {}  # number -> its first square
    numbers: dict[tuple[int, int], int] = {}  # square -> its first number
    for i, start in enumerate(tile.starting_positions):
        square = (start.square[0], start.square[1])
        if start.number in numbered:
            first = numbered[start.number]
            yield source_map.problem(
                "room_tile", tile.id, ("starting_positions", i, "number"), ID, SEVERITY,
                f"starting square number {start.number} of Room Tile {tile.id} is square [{first[0]}, {first[1]}] "
                "already; number the starting squares 1-6 once each",
                value=True,
            )
        if square in numbers:
            yield source_map.problem(
                "room_tile", tile.id, ("starting_positions", i, "square"), ID, SEVERITY,
                f"square [{square[0]}, {square[1]}] of Room Tile {tile.id} is starting square number "
                f"{numbers[square]} already; each hero starts on a square of their own",
                value=True,
            )
        numbered.setdefault(start.number, square)
        numbers.setdefault(square, start.number)
