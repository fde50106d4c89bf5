"""The dungeon board: Room Tiles on the table, figures on squares (the :class:`Board` with
a map).

Book of Rules chapters *Exploration*, *Traps and Secret Doors*, *Monster Icons on a Room
Tile*, *Additional Symbols on Room Tiles or Markers* (Starting Positions I-VI by first
initiative), *Range and Line of Sight*, *Phase G* (Room Tiles occupied), *Throw Items*
(same or connected adjacent Room Tile), *Traps and Secret Doors* (who a Trap reaches),
*Extra Activation* (new monsters enter at the entrance closest to a character).

A :class:`Dungeon` is set up by ``GameState.new`` (``setup``): the start tile in slot
``(0, 0)`` with its north up, the Room Tile deck (a scenario's: its named tiles and
``random_tiles`` others shuffled with the game's dice, the target tile put at
``target_position`` from the top; or a given deck, top first). Heroes are placed on the
Starting Positions after the first Phase C, in order of their Action Points (I the
highest). Monsters stand where they were spawned; ``monster_ai`` moves them through the
route and sight queries.

The class is assembled from parts, one module a group of chapters: ``dungeon_figures`` (who
stands where), ``dungeon_placement`` (Starting Positions, the fallen, new monsters' squares),
``dungeon_exploration`` (drawing and placing Room Tiles, monster icons, dead ends),
``dungeon_markers`` (markers and Traps on the map), ``dungeon_sight`` (range, Line of Sight,
attacks and throws), ``dungeon_routes`` (routes and distances). This module keeps the
construction, the set-up and the rest of the :class:`Board` protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..copying import copy_by_plan, deep, flat, share
from ..hero import HeroState
from ..monster import MonsterState
from ..spawn import raise_the_dead
from . import exploration
from .dungeon_exploration import ExplorationMixin, Exploring, PendingPlacement, PendingSecretDoor
from .dungeon_markers import LastingTrap, MarkersMixin
from .dungeon_placement import PlacementMixin
from .dungeon_routes import RoutesMixin, _Memo
from .dungeon_sight import SightMixin
from .exploration import Placement
from .layout import Layout, PlacedTile, Pos, slot_of
from .sight import SightCache

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.pack import ContentPack

    from ..state import GameData


COPY_PLAN = {
    "start_tile": share, "fixed_deck": flat, "scenario": share, "shuffle": share, "layout": deep, "deck": flat,
    "deck_unseen": share, "positions": flat, "carried": flat, "lying": flat, "buried": flat, "stranded": flat,
    "pending": deep, "pending_secret_door": deep, "dormant": flat, "dormant_sides": flat, "entrances": flat,
    "heroes_placed": share, "lasting": deep, "sight": deep, "_reach_memo": share, "boss_card_tile": share,
    "boss_card_part": share,
}
"""How ``Dungeon.__deepcopy__`` copies each attribute (``engine.copying``); others are deep-copied."""


class Dungeon(ExplorationMixin, PlacementMixin, RoutesMixin, SightMixin, MarkersMixin):
    """The board with a map (see the module docstring). ``start_tile``: the start Room
    Tile id; ``tile_deck``: a fixed Room Tile deck (top first) or ``None`` to build the
    scenario's (``scenario``); ``shuffle``: shuffle a fixed deck with the game's dice."""

    spatial = True

    def __init__(self, start_tile: str = "A-1", tile_deck: Sequence[str] | None = None, *,
                 scenario: str | None = None, shuffle: bool = False) -> None:
        self.start_tile = start_tile
        self.fixed_deck = list(tile_deck) if tile_deck is not None else None
        self.scenario = scenario
        self.shuffle = shuffle
        self.layout = Layout()
        self.deck: list[str] = []
        self.deck_unseen = 0
        """How many Room Tiles on top of ``deck`` no player has seen; below them lie the tiles that
        were drawn, did not fit and went under the deck (``engine.information``)."""
        self.positions: dict[str, Pos] = {}
        self.carried: dict[str, str] = {}
        self.lying: set[str] = set()
        self.buried: set[str] = set()
        self.stranded: set[str] = set()
        self.pending: PendingPlacement | None = None
        self.pending_secret_door: PendingSecretDoor | None = None
        self.dormant: list[Pos] = []
        self.dormant_sides: list[tuple[tuple[int, int], str]] = []
        """Open sides (tile slot, side) left without a connection to the dungeon when their tile
        was placed: drawn for once they have one (``ExplorationMixin.wake_icons``)."""
        self.entrances: list[Pos] = []
        self.boss_card_tile: str | None = None
        """The Room Tile the Boss Monster card lies on in the deck (the setup's ``boss_card``): drawn
        with it (``engine.scenario``, trigger ``boss_card_drawn``)."""
        self.boss_card_part: tuple[int, int] | None = None
        """Where the Boss Monster card may lie, as the players know it: the positions ``[low, high)``
        of its third (``stack_part``) counted from the *bottom* of the Room Tile deck's unseen part
        (0: its last tile). Tiles are drawn from the top and a tile that does not fit goes under the
        unseen part, so these positions stay the same all game; the place within them is hidden
        (``engine.information`` draws it afresh)."""
        self.heroes_placed = False
        self.lasting: list[LastingTrap] = []
        self.sight = SightCache()
        self._reach_memo: _Memo = _Memo()

    def __deepcopy__(self, memo: dict) -> Dungeon:
        """A deep copy (``engine.copying``, ``COPY_PLAN``): the layout and the Line of Sight
        cache by their own copies (sharing what is kept by layout version), the route memo
        shared, every list, dict and set of squares, uids and tile ids a new container."""
        return copy_by_plan(self, memo, COPY_PLAN)

    # ---------------------------------------------------------------- construction
    @classmethod
    def for_scenario(cls, pack: ContentPack, scenario_id: str) -> Dungeon:
        """The dungeon a scenario's setup describes (start tile and Room Tile deck)."""
        scenario = pack.scenarios[scenario_id]
        return cls(scenario.setup.start_tile, scenario=scenario_id)

    def to_data(self) -> dict[str, Any]:
        return {"type": "dungeon", "start_tile": self.start_tile, "tile_deck": self.fixed_deck,
                "scenario": self.scenario, "shuffle": self.shuffle}

    @classmethod
    def from_data(cls, pack: ContentPack, data: dict[str, Any]) -> Dungeon:
        return cls(data["start_tile"], data.get("tile_deck"), scenario=data.get("scenario"),
                   shuffle=bool(data.get("shuffle")))

    def setup(self, state: GameData) -> None:
        """Place the start tile, build the Room Tile deck (see the module docstring)."""
        pack = state.pack
        if self.start_tile not in pack.room_tiles:
            raise KeyError(f"no Room Tile {self.start_tile!r} to start on")
        placed = self.place_tile(state, self.start_tile, (0, 0))
        self.deck = self._build_deck(state)
        self.deck_unseen = len(self.deck) if self.fixed_deck is None or self.shuffle else 0
        self.entrances = [pos for pos, _ in exploration.icon_squares(pack, placed, "entrances")]
        state.log.emit("room_tile_placed", None, tile=self.start_tile, slot=(0, 0), rotation=0, reason="start")

    def place_tile(self, state: GameData, tile_id: str, slot: tuple[int, int], rotation: int = 0) -> PlacedTile:
        """Put ``tile_id`` into ``slot`` turned ``rotation`` quarter turns clockwise, as a
        scenario's fixed layout or a test does, with its treasure and rune markers (no
        monsters are drawn). Raises ``ValueError`` for a taken slot, ``KeyError`` for an
        unknown tile."""
        placed = exploration.place(self.layout, state.pack, Placement(tile_id, slot, rotation, "north", 0, (0, 0)))
        for pos, _ in exploration.icon_squares(state.pack, placed, "treasures"):
            self.layout.add_marker(pos, "loot")
        for pos, colour in exploration.icon_squares(state.pack, placed, "runes"):
            self.layout.add_marker(pos, f"rune:{colour}")
        return placed

    def _build_deck(self, state: GameData) -> list[str]:
        pack = state.pack
        if self.fixed_deck is not None:
            deck = list(self.fixed_deck)
            if self.shuffle:
                state.dice.shuffle(deck)
            return deck
        if self.scenario is None:
            return []
        setup = pack.scenarios[self.scenario].setup
        named = [e.tile for e in setup.tile_deck for _ in range(e.count)]
        if setup.target_tile in named:
            # the box holds each Room Tile once: the target named in the deck too is that one tile,
            # placed at target_position (validate warns; it doubled the tile, as the deck's size counts it once)
            named.remove(setup.target_tile)
        excluded = {setup.start_tile, setup.target_tile, *named}
        others = [t for t in pack.room_tiles if t not in excluded and not pack.room_tiles[t].start_tile]
        state.dice.shuffle(others)
        deck = named + others[: setup.random_tiles]
        state.dice.shuffle(deck)
        if setup.target_tile:
            at = len(deck) if setup.target_position is None else min(len(deck), setup.target_position - 1)
            deck.insert(at, setup.target_tile)
        if setup.boss_card is not None and deck:
            low, high = stack_part(len(deck), setup.boss_card)
            # the card is shuffled into its third: it lies on one of the third's tiles, drawn at random
            self.boss_card_tile = deck[state.dice.choice(range(low, high))]
            self.boss_card_part = (len(deck) - high, len(deck) - low)
        return deck

    # ---------------------------------------------------------------- the Board protocol

    def move_monster(self, state: GameData, monster: MonsterState) -> None:
        """Monsters on the map are moved by ``monster_ai`` (see ``plan``), not here."""

    def occupied_room_tiles(self, state: GameData) -> int:
        slots = {slot_of(p) for h in state.heroes if not h.dead and (p := self.position(h.uid)) is not None}
        return max(1, len(slots))

    def hero_adjacent(self, state: GameData, hero: HeroState, other: HeroState, reach: int = 1) -> bool:
        a, b = self.position(hero.uid), self.position(other.uid)
        if a is None or b is None:
            return False
        if a == b or b in self.layout.neighbours(a):
            return True
        # a longer reach (a spell's range doubled by *Range x2*) counts as a range does
        # (chapter *Range and Line of Sight*): orthogonal squares and Line of Sight
        return reach > 1 and self.can_attack_from(a, b, reach, "magic")

    def adjacent_heroes(self, state: GameData, monster: MonsterState) -> list[HeroState]:
        pos = self.positions.get(monster.uid)
        if pos is None:
            return []
        near = set(self.layout.neighbours(pos))
        return [h for h in state.heroes if not h.dead and self.position(h.uid) in near]

    def zombie_raise(self, state: GameData) -> None:
        """Phase F: Zombies raise their kind (``spawn.raise_the_dead``)."""
        raise_the_dead(state)


def stack_part(size: int, part: str) -> tuple[int, int]:
    """The positions ``[low, high)`` (0: the top) of third ``part`` (``top_third``,
    ``middle_third``, ``bottom_third``) of a Room Tile deck of ``size`` tiles, never empty: the
    thirds split at ``ceil(size / 3)`` and ``ceil(2 * size / 3)`` (11 tiles: 4, 4 and 3), and a
    third too small to hold a tile takes the deck's last one."""
    which = ("top_third", "middle_third", "bottom_third").index(part)
    low, high = -(-which * size // 3), -(-(which + 1) * size // 3)
    low = min(low, size - 1)
    return low, max(high, low + 1)


__all__ = ["Dungeon", "Exploring", "PendingPlacement", "PendingSecretDoor", "stack_part"]
