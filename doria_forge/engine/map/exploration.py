"""Exploration (Book of Rules *Exploration*: *Revealing a Room Tile*, *Special Feature:
Open Room Tiles*, *No connection to the dungeon*, *Treasure Icon on a Room Tile*; *Traps
and Secret Doors*: *Dead Ends*; *Monster Icons on a Room Tile*: icon colours by player
count).

Placing rules, as implemented:

* The revealed tile goes into the empty slot beyond the opened door. If it has a door,
  one of its doors must face the opened door (the players choose which: each fitting
  rotation is a :class:`Placement`); a tile without doors puts an open side there.
* A tile that fits in no way is put under the Room Tile deck and the next one drawn;
  when none fits (or the deck is empty) the door opens onto nothing and counts as a
  wall from then on.
* While a placed tile (of this exploration) has an open side facing an empty slot and
  connected to the way in, the next tile is drawn and placed there: an Open Room Tile
  with one of its open sides against that open side (at least one square facing it), a
  tile with only doors with a door anywhere along it. Tiles are drawn and placed one at
  a time. Doors between tiles that face each other are open.
* Then, tile by tile in placement order, treasure icons become Loot Markers and every
  monster icon of a colour in play draws a monster for its square - unless the square
  has no connection to the dungeon yet; it is drawn once a connection exists.
* Dead end: when no unexplored door is left anywhere and the deck still holds tiles, a
  Secret Door opens in the middle of a wall side of the last placed tile that has no
  neighbour; with several such sides (or, the last tile being surrounded, several tiles)
  the players decide (``dead_end_options``; the revealing hero answers ``PlaceSecretDoor``).

Colours in play: white always, green from 4 characters, yellow from 5, red at 6 (1 and
2 characters use the white icons, as 3 players do).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from doria_forge.geometry import OPPOSITE, SIDES, TileShape, border_square, rotate_cell

from .layout import (
    Layout,
    PlacedTile,
    Pos,
    Slot,
    border_global,
    local,
    manhattan,
    slot_beyond,
    slot_of,
    step,
    to_global,
)

ICON_COLOURS_FROM = {"white": 1, "green": 4, "yellow": 5, "red": 6}
"""The smallest player count at which monster icons of a colour are used."""


def colours_in_play(players: int) -> frozenset[str]:
    """Monster icon colours used with ``players`` characters."""
    return frozenset(c for c, n in ICON_COLOURS_FROM.items() if players >= n)


@dataclass(frozen=True)
class Placement:
    """One way to put a drawn tile: into ``slot`` turned ``rotation`` quarter turns, its
    ``side`` opening (door or open side, from ``offset``) against the existing square
    ``joins``."""

    tile_id: str
    slot: Slot
    rotation: int
    side: str
    offset: int
    joins: Pos

    def to_data(self) -> dict[str, Any]:
        return {"tile": self.tile_id, "slot": list(self.slot), "rotation": self.rotation, "side": self.side,
                "offset": self.offset, "joins": list(self.joins)}


def tile_shape(pack: Any, tile_id: str) -> TileShape:
    return TileShape.from_tile(pack.room_tiles[tile_id])


def placements_at_door(layout: Layout, pack: Any, tile_id: str, door: Pos) -> list[Placement]:
    """The ways ``tile_id`` may be placed behind the door square ``door`` (see the module
    docstring), in rotation order."""
    found = layout.opening_at(door)
    if found is None:
        return []
    side = found[0]
    slot = slot_beyond(slot_of(door), side)
    if slot in layout.tiles:
        return []
    facing = step(door, side)
    base = tile_shape(pack, tile_id)
    use_doors = bool(base.doors())
    out = []
    for rotation in range(4):
        shape = base.rotated(rotation)
        for opening in shape.openings:
            if opening.side != OPPOSITE[side] or opening.is_door != use_doors:
                continue
            if local(facing) in opening.cells:
                out.append(Placement(tile_id, slot, rotation, opening.side, opening.offset, door))
    return _unique(out)


def placements_at_open_sides(layout: Layout, pack: Any, tile_id: str,
                             sides: list[tuple[PlacedTile, str, list[Pos]]]) -> list[Placement]:
    """The ways ``tile_id`` may continue a Large Room at one of the open ``sides``
    (placed tile, side, its squares): an open side against it, or for a tile with only
    doors, a door anywhere along it."""
    base = tile_shape(pack, tile_id)
    open_tile = bool(base.open_sides())
    out = []
    for placed, side, squares in sides:
        slot = slot_beyond(placed.slot, side)
        if slot in layout.tiles:
            continue
        faces = {local(step(p, side)) for p in squares}
        for rotation in range(4):
            shape = base.rotated(rotation)
            for opening in shape.openings:
                if opening.side != OPPOSITE[side] or opening.is_door == open_tile:
                    continue
                touching = [c for c in opening.cells if c in faces]
                if touching:
                    joins = next(p for p in squares if local(step(p, side)) == touching[0])
                    out.append(Placement(tile_id, slot, rotation, opening.side, opening.offset, joins))
    return _unique(out)


def _unique(placements: list[Placement]) -> list[Placement]:
    seen = set()
    out = []
    for p in placements:
        key = (p.slot, p.rotation, p.joins)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def place(layout: Layout, pack: Any, placement: Placement) -> PlacedTile:
    """Put the tile on the table as ``placement`` says."""
    shape = tile_shape(pack, placement.tile_id).rotated(placement.rotation)
    return layout.place(placement.tile_id, shape, placement.slot, placement.rotation)


def unfilled_open_sides(layout: Layout, tiles: list[PlacedTile], connected: AbstractSet[Pos]
                        ) -> list[tuple[PlacedTile, str, list[Pos]]]:
    """Open sides of ``tiles`` facing an empty slot whose squares connect to the way in."""
    out = []
    for placed in tiles:
        for opening, squares in layout.open_sides_facing_empty(placed):
            if any(p in connected for p in squares):
                out.append((placed, opening.side, squares))
    return out


def icon_squares(pack: Any, placed: PlacedTile, kind: str) -> list[tuple[Pos, str]]:
    """The tile's ``treasures`` / ``monster_icons`` / ``runes`` / ``starting_positions`` /
    ``entrances`` as global squares, each with its colour (or number, or ``""``)."""
    tile = pack.room_tiles[placed.tile_id]
    out = []
    for entry in getattr(tile, kind):
        cell = tuple(entry.square) if hasattr(entry, "square") else tuple(entry)
        label = str(getattr(entry, "color", getattr(entry, "number", "")))
        out.append((to_global(placed.slot, rotate_cell((cell[0], cell[1]), placed.rotation)), label))
    return out


def dead_end_options(layout: Layout) -> list[tuple[Pos, str]]:
    """Where the Secret Door of a dead end may open (chapter *Dead Ends*): ``(square, side)``,
    one for every wall side of the last placed Room Tile that has no neighbouring tile ("in
    the middle of a Wall side"; the middle square, or the one nearest it that a figure can
    reach from inside); when that tile is surrounded, every such side of the other tiles, the
    last placed first ("the players can choose on which Room Tile the Secret Door opens").
    The players choose among them; ``[]`` when no tile has a free wall side."""
    tiles = list(reversed(layout.in_order()))
    for pool in (tiles[:1], tiles[1:]):
        found = [spot for placed in pool for side in SIDES
                 if (spot := _wall_side_spot(layout, placed, side)) is not None]
        if found:
            return found
    return []


def _wall_side_spot(layout: Layout, placed: PlacedTile, side: str) -> tuple[Pos, str] | None:
    """The square of a Secret Door in the wall side ``side`` of ``placed`` (no tile beyond it):
    the middle square, else the one nearest the middle that opens onto floor inside. A side
    with a door, an open side or a Secret Door is no Wall side (chapter *Traps and Secret
    Doors*: "always placed on a side with a Wall, never on an already existing door")."""
    if slot_beyond(placed.slot, side) in layout.tiles:
        return None
    if any(opening.side == side for opening in layout.openings(placed)):
        return None
    for index in (2, 1, 3, 0, 4):
        pos = to_global(placed.slot, border_square(side, index))
        inward = step(pos, OPPOSITE[side])
        if layout.opening_at(pos) is not None or slot_of(inward) != placed.slot:
            continue
        if layout.passable(inward) and layout.kind(inward) == "floor":
            return pos, side
    return None


def secret_door_spot(layout: Layout, *, near: Pos, slot: Slot) -> tuple[Pos, str] | None:
    """Where a Trap's Secret Door opens (chapter *Traps and Secret Doors*): ``(square, side)``
    in a free wall side of the Room Tile in ``slot``, the side closest to ``near`` (the
    character who triggered it) first. "If there is no available Wall side, the Secret Door
    may open in another room as close as possible to the character triggering it": then the
    free wall side of any other tile whose Secret Door square is nearest ``near`` (ties: the
    tile placed first, sides north, east, south, west). ``None`` when no tile has one."""
    placed = layout.tiles[slot]
    sides = sorted(SIDES, key=lambda side: manhattan(border_global(placed.slot, side, 2), near))
    for side in sides:
        spot = _wall_side_spot(layout, placed, side)
        if spot is not None:
            return spot
    others = [spot for other in layout.in_order() if other.slot != slot for side in SIDES
              if (spot := _wall_side_spot(layout, other, side)) is not None]
    return min(others, key=lambda spot: manhattan(spot[0], near), default=None)
