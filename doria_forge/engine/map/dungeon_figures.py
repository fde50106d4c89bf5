"""Figures on the dungeon's squares: where each one stands, who occupies a square, the
nearest free square (Book of Rules *Unconsciousness*: an unconscious character lies on its
square without occupying it; *Carry Characters*: a carried character is where its carrier
is).

:class:`DungeonFigures` is the base of :class:`~doria_forge.engine.map.dungeon.Dungeon`'s
parts (the mixins of ``dungeon_*``): it declares the attributes ``Dungeon.__init__`` sets
that they all read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import choices
from .layout import HOLE, RED, Layout, Pos, manhattan, slot_of

if TYPE_CHECKING:  # pragma: no cover
    from ..monster import MonsterState
    from ..state import GameData


class DungeonFigures:
    """The figures' squares (set by ``Dungeon.__init__``) and the queries on them."""

    layout: Layout
    positions: dict[str, Pos]
    carried: dict[str, str]
    lying: set[str]

    def position(self, uid: str) -> Pos | None:
        """The square of the figure ``uid`` (a carried character: its carrier's)."""
        if self.carried:
            for carrier, carried in self.carried.items():
                if carried == uid:
                    return self.positions.get(carrier)
        return self.positions.get(uid)

    def locator(self) -> Callable[[str], Pos | None]:
        """A function giving what ``position`` gives, for one look at the figures: the positions'
        own ``get`` while nobody is carried (no carrier to look through; for callers asking of
        every figure), else ``position``. Do not keep it past a move."""
        return self.positions.get if not self.carried else self.position

    def occupant(self, pos: Pos) -> str | None:
        """The figure standing on ``pos`` (an unconscious character lying there does not
        occupy it: chapter *Unconsciousness*)."""
        lying = self.lying
        return next((uid for uid, p in self.positions.items() if p == pos and uid not in lying), None)

    def occupants(self) -> dict[Pos, str]:
        """Square -> the figure ``occupant`` names there, for every occupied square (one pass
        for callers that ask of many squares)."""
        lying = self.lying
        out: dict[Pos, str] = {}
        for uid, p in self.positions.items():
            if uid not in lying and p not in out:
                out[p] = uid
        return out

    def hero_squares(self, state: GameData, exclude: str | None = None) -> set[Pos]:
        """Squares of the standing characters (not the unconscious)."""
        lying, at = self.lying, self.positions.get
        return {p for h in state.heroes
                if (uid := h.uid) != exclude and uid not in lying and (p := at(uid)) is not None}

    def monster_squares(self, state: GameData, exclude: str | None = None) -> set[Pos]:
        """Squares of the monsters on the map (every route search asks)."""
        at = self.positions.get
        return {p for m in state.monsters if (uid := m.uid) != exclude and (p := at(uid)) is not None}

    def free(self, state: GameData, pos: Pos) -> bool:
        """A square a figure may stop on: passable, not a hole or red-bordered, nobody on it."""
        return (self.layout.passable(pos) and self.layout.kind(pos) not in (HOLE, RED)
                and self.occupant(pos) is None)

    def nearest_free(self, state: GameData, origin: Pos, *, toward: Pos | None = None,
                     choice: str | None = None, benefit: Callable[[Pos], float] | None = None,
                     barred: set[Pos] | frozenset[Pos] = frozenset()) -> Pos | None:
        """The free square closest to ``origin`` (breadth first through passable squares,
        holes jumped over, never through ``barred``: for a monster figure the squares of the
        standing characters, which a monster "can never pass", chapter *Walking*; ties: closest
        to ``toward``, then the open choice ``choice``, ``engine.choices``, whose engine reading
        is north-west first)."""
        if self.free(state, origin):
            return origin
        seen = {origin} | set(barred)
        ring = [origin]
        while ring:
            nxt: list[Pos] = []
            for pos in ring:
                for n in self.layout.neighbours(pos):
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            spots = [p for p in nxt if self.free(state, p)]
            if spots:
                best = min(spots, key=lambda p: (manhattan(p, toward) if toward else 0, p))
                if choice is None or benefit is None or state.choice_policy is None:
                    return best
                near = manhattan(best, toward) if toward else 0
                equal = sorted(p for p in spots if (manhattan(p, toward) if toward else 0) == near)
                return choices.first(state, choice, equal, benefit=benefit)
            ring = nxt
        return None

    def move_to(self, uid: str, pos: Pos) -> None:
        self.positions[uid] = pos

    def neighbours(self, pos: Pos) -> list[Pos]:
        return self.layout.neighbours(pos)

    def walls_around(self, pos: Pos) -> int:
        return self.layout.walls_around(pos)

    def tile_id_at(self, uid: str) -> str | None:
        """The id of the Room Tile the figure ``uid`` stands on."""
        pos = self.position(uid)
        placed = self.layout.tile_at(pos) if pos is not None else None
        return placed.tile_id if placed is not None else None

    def tiles_of(self, monster: MonsterState) -> set[str]:
        """The ids of the Room Tiles ``monster`` is a monster *of*: the tile it stands on and the
        one it entered play on (``data["entered_slot"]``, set by ``place_monster``), which it
        stays a monster of after walking off toward the heroes. The one answer scenario words
        give to "the monsters on Room Tile X" (``clear_tile``, ``monsters_left``,
        ``monster_defeated``); empty for a figure off the map."""
        slots = {monster.data.get("entered_slot")}
        pos = self.position(monster.uid)
        if pos is not None:
            slots.add(slot_of(pos))
        tiles = self.layout.tiles
        return {placed.tile_id for slot in slots if slot is not None and (placed := tiles.get(slot)) is not None}
