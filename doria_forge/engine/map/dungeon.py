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
route and sight queries below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import choices
from ..abilities import rule_for
from ..actions import IllegalAction
from ..checks import roll_target_number
from ..hero import HeroState
from ..monster import MonsterState
from ..spawn import draw_and_spawn, raise_the_dead
from ..triggers import fire
from . import exploration
from .exploration import Placement
from .layout import HOLE, RED, Layout, PlacedTile, Pos, manhattan, slot_of, step, to_global
from .paths import Costs, MonsterMoves, Routes, hero_routes, monster_costs, monster_entries, monster_routes
from .sight import SightCache

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.equipment import AttackProfile
    from doria_forge.model.pack import ContentPack
    from doria_forge.model.trap import Trap

    from ..state import GameData


@dataclass
class PendingPlacement:
    """A drawn Room Tile waiting for the revealing hero to choose where it goes."""

    hero: str
    tile_id: str
    options: list[Placement]
    context: Exploring


@dataclass
class PendingSecretDoor:
    """A dead end's Secret Door waiting for the players to choose its wall side (chapter
    *Dead Ends*): ``options`` are ``(square, side)``; ``hero`` speaks for the group."""

    hero: str
    options: list[tuple[Pos, str]]


@dataclass
class LastingTrap:
    """A Trap whose effect lasts on the map: the tile slots of its room and the door squares
    it blocked."""

    trap_id: str
    room: list[tuple[int, int]]
    squares: list[Pos]


@dataclass
class Exploring:
    """One exploration under way: the revealing hero, the squares of the way in, the tiles
    placed so far."""

    hero: str
    entry: list[Pos]
    placed: list[PlacedTile] = field(default_factory=list)


FAR_AP = 10 ** 6
"""An AP budget no figure has: a search that stops only where the dungeon does."""


class _Memo(dict):
    """Routes and distances remembered by what they depend on (the layout's version token, the
    figures' squares, how a monster moves; never a figure's uid, which a copied game may give
    another monster): shared with the copies of the game, which start with what it worked out."""

    def __deepcopy__(self, memo: dict) -> _Memo:
        return self


class Dungeon:
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
        self.entrances: list[Pos] = []
        self.heroes_placed = False
        self.lasting: list[LastingTrap] = []
        self.sight = SightCache()
        self._reach_memo: _Memo = _Memo()

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
        excluded = {setup.start_tile, setup.target_tile, *named}
        others = [t for t in pack.room_tiles if t not in excluded and not pack.room_tiles[t].start_tile]
        state.dice.shuffle(others)
        deck = named + others[: setup.random_tiles]
        state.dice.shuffle(deck)
        if setup.target_tile:
            at = len(deck) if setup.target_position is None else min(len(deck), setup.target_position - 1)
            deck.insert(at, setup.target_tile)
        return deck

    # ---------------------------------------------------------------- figures
    def position(self, uid: str) -> Pos | None:
        """The square of the figure ``uid`` (a carried character: its carrier's)."""
        if self.carried:
            for carrier, carried in self.carried.items():
                if carried == uid:
                    return self.positions.get(carrier)
        return self.positions.get(uid)

    def occupant(self, pos: Pos) -> str | None:
        """The figure standing on ``pos`` (an unconscious character lying there does not
        occupy it: chapter *Unconsciousness*)."""
        lying = self.lying
        return next((uid for uid, p in self.positions.items() if p == pos and uid not in lying), None)

    def hero_squares(self, state: GameData, exclude: str | None = None) -> set[Pos]:
        """Squares of the standing characters (not the unconscious)."""
        heroes = {h.uid for h in state.heroes}
        lying = self.lying
        return {p for uid, p in self.positions.items() if uid != exclude and uid not in lying and uid in heroes}

    def monster_squares(self, state: GameData, exclude: str | None = None) -> set[Pos]:
        monsters = {m.uid for m in state.monsters}
        return {p for uid, p in self.positions.items() if uid != exclude and uid in monsters}

    def free(self, state: GameData, pos: Pos) -> bool:
        """A square a figure may stop on: passable, not a hole or red-bordered, nobody on it."""
        return (self.layout.passable(pos) and self.layout.kind(pos) not in (HOLE, RED)
                and self.occupant(pos) is None)

    def nearest_free(self, state: GameData, origin: Pos, *, toward: Pos | None = None,
                     choice: str | None = None, benefit: Callable[[Pos], float] | None = None) -> Pos | None:
        """The free square closest to ``origin`` (breadth first through passable squares,
        holes jumped over; ties: closest to ``toward``, then the open choice ``choice``,
        ``engine.choices``, whose engine reading is north-west first)."""
        if self.free(state, origin):
            return origin
        seen = {origin}
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

    def clear_rubble(self, state: GameData, pos: Pos) -> None:
        """Remove the Rubble on ``pos`` (a monster or hero cleared it): a figure buried under
        it is free again; newly connected monster icons draw their monsters."""
        if self.take_marker(state, pos, "rubble"):
            state.log.emit("rubble_cleared", None, square=pos)
            self.wake_icons(state)

    # ---------------------------------------------------------------- markers
    def put_marker(self, state: GameData, pos: Pos, marker: str) -> None:
        """Put ``marker`` on ``pos`` with what the book makes of a figure standing there
        (chapter *Dungeon Markers*): under Rubble a character or monster is *buried*: it
        "will remain on this square until the Rubble has been cleared" and can be attacked
        (and, by our reading, attack) only within range 1; on a new Hole a figure is
        *stranded*: it "must remain on the square until the character's next move action",
        the others still jump over the Hole. A Blocked Door is never put on a door a figure
        stands on (it would wall the figure in). Other markers (loot, fire, ice, air, runes,
        scenario markers) only lie there."""
        here = [uid for uid, p in self.positions.items() if p == pos]
        if marker == "blocked_door" and here:
            return
        self.layout.add_marker(pos, marker)
        if marker == "rubble":
            self.buried.update(here)
            for uid in here:
                state.log.emit("buried", uid, square=pos)
        elif marker == "hole":
            self.stranded.update(here)

    def take_marker(self, state: GameData, pos: Pos, marker: str) -> bool:
        """Take ``marker`` off ``pos`` (a buried figure there is free again). Returns whether
        one lay there."""
        if not self.layout.remove_marker(pos, marker):
            return False
        here = {uid for uid, p in self.positions.items() if p == pos}
        if marker == "rubble":
            self.buried -= here
        elif marker == "hole":
            self.stranded -= here
        return True

    def is_buried(self, uid: str) -> bool:
        """Whether the figure ``uid`` lies buried under Rubble (see ``put_marker``)."""
        return uid in self.buried

    def moved_on(self, uid: str) -> None:
        """The figure ``uid`` made a move action: it no longer stands stranded on a Hole."""
        self.stranded.discard(uid)

    def after_initiative(self, state: GameData) -> None:
        """After Phase C: in the first round heroes take the Starting Positions I-VI by their
        AP; then who lies unconscious is settled (``_settle_fallen``)."""
        if not self.heroes_placed:
            self._place_heroes(state)
        self._settle_fallen(state)

    def _settle_fallen(self, state: GameData) -> None:
        """Unconsciousness begins and ends only at the initiative roll (chapter
        *Unconsciousness*): a character who fell lies on its square without occupying it; one
        who wakes up is set down if it was carried, and crawls to the nearest free square when
        its square is taken."""
        lying = {h.uid for h in state.heroes if not h.can_act}
        woken = self.lying - lying
        self.lying = lying
        for uid in sorted(woken, key=lambda u: state.heroes.index(state.hero(u))):
            here = self.position(uid)
            carrier = next((c for c, carried in self.carried.items() if carried == uid), None)
            taken = here is not None and any(p == here and other != uid and other not in lying
                                             for other, p in self.positions.items())
            spot = (self.nearest_free(state, here, choice="crawl_square", benefit=self._away_from_monsters(state))
                    if here is not None and (carrier is not None or taken) else here)
            if spot is None:
                # no free square to crawl to: the character cannot get up and lies on this round
                # (docs/rules-decisions.md)
                hero = state.hero(uid)
                hero.unconscious = True
                state.ap[uid] = 0
                self.lying.add(uid)
                state.log.emit("no_room_to_rise", uid, square=here)
                continue
            if carrier is not None:
                del self.carried[carrier]
            if spot != here:
                self.positions[uid] = spot
                state.log.emit("crawled", uid, square=spot)

    def _place_heroes(self, state: GameData) -> None:
        self.heroes_placed = True
        start = self.layout.tiles[(0, 0)]
        spots = sorted(exploration.icon_squares(state.pack, start, "starting_positions"), key=lambda e: int(e[1]))
        order = sorted(state.heroes, key=lambda h: (-state.ap.get(h.uid, 0), state.heroes.index(h)))
        for n, hero in enumerate(order):
            pos = spots[n][0] if n < len(spots) and self.free(state, spots[n][0]) else None
            if pos is None:
                anchor = spots[0][0] if spots else next(iter(start.squares()))
                pos = self.nearest_free(state, anchor)
            if pos is not None:
                self.positions[hero.uid] = pos
                state.log.emit("hero_placed", hero.uid, square=pos)

    def monster_square(self, state: GameData, monster: MonsterState, near: Any = None) -> Pos | None:
        """The square a new monster's figure enters on: the free square closest to ``near`` (a
        square, or another monster whose square to stand close to; chapter *Multiple monsters
        per monster icon*: as close as possible, ties closer to the character with the lowest
        attribute of its attack type), or, without ``near``, to the free entrance square
        closest to a character (chapter *Phase G*, Extra Activation). Closeness is counted
        through squares figures can cross (Holes jumped), so the figure stands where it can
        act. ``None`` when no free square is connected to that spot (the whole dungeon is
        full): the figure cannot enter (docs/rules-decisions.md)."""
        origin: Pos | None
        if isinstance(near, MonsterState):
            origin = self.positions.get(near.uid)
        elif isinstance(near, tuple):
            origin = near
        else:
            origin = self._entrance(state)
        if origin is None:
            origin = self._entrance(state) or next(iter(self.layout.tiles[(0, 0)].squares()), None)
        if origin is None:
            return None
        return self.nearest_free(state, origin, toward=self._weakest_hero_square(state, monster),
                                 choice="monster_placement", benefit=self.away_from_heroes(state))

    def away_from_heroes(self, state: GameData) -> Callable[[Pos], float]:
        """Open choices that place a monster: a square farther from the standing heroes is better
        for them."""
        heroes = [p for h in state.heroes if h.can_act and (p := self.positions.get(h.uid)) is not None]
        return lambda sq: sum(manhattan(sq, p) for p in heroes)

    def _away_from_monsters(self, state: GameData) -> Callable[[Pos], float]:
        monsters = [p for m in state.monsters if not m.defeated and (p := self.positions.get(m.uid)) is not None]
        return lambda sq: sum(manhattan(sq, p) for p in monsters)

    def place_monster(self, state: GameData, monster: MonsterState, square: Pos, *, entering: bool = False) -> None:
        """Put a new monster's figure on ``square`` (from ``monster_square``)."""
        self.positions[monster.uid] = square
        if entering:
            monster.data["entering"] = True
        state.log.emit("monster_square", monster.uid, square=square)

    def _entrance(self, state: GameData) -> Pos | None:
        heroes = [p for uid, p in self.positions.items() if state.find_hero(uid) is not None]
        free = [p for p in self.entrances if self.free(state, p)]
        pool = free or self.entrances
        if not pool:
            return None
        return min(pool, key=lambda p: (min((manhattan(p, h) for h in heroes), default=0), p))

    def _weakest_hero_square(self, state: GameData, monster: MonsterState) -> Pos | None:
        attr = {"melee": "STR", "ranged": "AGI", "magic": "WIS"}.get(monster.attack_type, "STR")
        heroes = [h for h in state.heroes if h.can_act and h.uid in self.positions]
        if not heroes:
            return None
        weakest = min(heroes, key=lambda h: (h.attribute(attr), state.heroes.index(h)))
        return self.positions[weakest.uid]

    def monster_removed(self, state: GameData, monster: MonsterState) -> None:
        self.positions.pop(monster.uid, None)
        self.buried.discard(monster.uid)
        self.stranded.discard(monster.uid)

    def tile_id_at(self, uid: str) -> str | None:
        """The id of the Room Tile the figure ``uid`` stands on."""
        pos = self.position(uid)
        placed = self.layout.tile_at(pos) if pos is not None else None
        return placed.tile_id if placed is not None else None

    # ---------------------------------------------------------------- distances and sight
    def sees(self, a: Pos, b: Pos) -> bool:
        """Line of Sight between two squares (cached per layout)."""
        return self.sight.sees(self.layout, a, b)

    def range_distance(self, a: Pos, b: Pos) -> int:
        """Range in squares (orthogonal, chapter *Range and Line of Sight*); under a bridge
        the middle square does not count."""
        d = abs(a[0] - b[0]) + abs(a[1] - b[1])
        if a[0] == b[0] or a[1] == b[1]:
            for middle, along_rows in self.layout.bridge_middles():
                if along_rows:
                    if a[0] == b[0] == middle[0] and min(a[1], b[1]) < middle[1] < max(a[1], b[1]):
                        d -= 1
                elif a[1] == b[1] == middle[1] and min(a[0], b[0]) < middle[0] < max(a[0], b[0]):
                    d -= 1
        return d

    def monster_moves(self, monster: MonsterState) -> MonsterMoves:
        rule = rule_for(monster)
        return MonsterMoves(flying=rule.flying, ghost=rule.through_walls)

    def monster_routes(self, state: GameData, monster: MonsterState, budget: int | None) -> Routes:
        """Where ``monster`` can move (see ``paths.monster_routes``); ``budget`` in AP
        (``None``: any distance)."""
        start = self.positions.get(monster.uid)
        if start is None:
            return Routes({})
        if not self._jumps_or_rubble():
            # nothing to jump or clear: every route is a walk, and the routes within the budget
            # are those of the whole search (searched once for the distances too)
            entries = self._monster_entries(state, monster)
            if budget is None:
                return Routes(entries)
            return Routes({p: e for p, e in entries.items() if e[0] <= budget})
        return monster_routes(self.layout, start, budget, moves=self.monster_moves(monster),
                              heroes=self.hero_squares(state), monsters=self.monster_squares(state, monster.uid),
                              costs=Costs.of(state.rules))

    def _jumps_or_rubble(self) -> bool:
        """Whether the table holds something a monster jumps (Holes, red-bordered squares) or
        clears (Rubble); without, its routes are walks that depend on the characters' squares
        alone."""
        return self.layout.has_obstacles() or bool(self.layout.squares_with("rubble"))

    def _monster_entries(self, state: GameData, monster: MonsterState) -> dict[Pos, Any]:
        """The whole route search of ``monster`` (``paths.monster_entries``), remembered like
        its distances (``_reaches``). Only used where ``_jumps_or_rubble`` is false."""
        key = ("entries",) + self._reach_key(state, monster)
        found = self._reach_memo.get(key)
        if found is None:
            if len(self._reach_memo) > 512:
                self._reach_memo.clear()
            found = self._reach_memo[key] = monster_entries(
                self.layout, self.positions[monster.uid], None, moves=self.monster_moves(monster),
                heroes=self.hero_squares(state), monsters=self.monster_squares(state, monster.uid),
                costs=Costs.of(state.rules))
        return found

    def _reach_key(self, state: GameData, monster: MonsterState) -> tuple:
        """What a monster's routes and distances depend on besides the layout's version: how it
        moves, its square, the characters' squares (and who lies unconscious) and, where
        something can be jumped, the other monsters' squares."""
        others = tuple(sorted(self.monster_squares(state, monster.uid))) if self.layout.has_obstacles() else ()
        rule = rule_for(monster)
        return (rule.flying, rule.through_walls, self.layout.version, self.positions.get(monster.uid),
                tuple(self.position(h.uid) for h in state.heroes), tuple(sorted(self.lying)), others)

    def reach(self, state: GameData, monster: MonsterState, hero: HeroState) -> int | None:
        """AP the monster would walk to reach ``hero``'s square (``None``: no way)."""
        return self._reaches(state, monster).get(hero.uid)

    def _reaches(self, state: GameData, monster: MonsterState) -> dict[str, int]:
        """Hero uid -> AP of the monster's fastest way onto the hero's square, for every hero
        it can reach; remembered while the layout, the monster and the characters stay where
        they are (the monster order asks this many times a turn)."""
        key = self._reach_key(state, monster)
        found = self._reach_memo.get(key)
        if found is not None:
            return found
        start = self.positions.get(monster.uid)
        moves = self.monster_moves(monster)
        # a monster that moves through walls is next to a hero from a wall square too (the
        # Poltergeist attacks from a Wall; German appendix: a hero nearer behind a wall is attacked)
        beside = self._beside_in_tiles if moves.ghost else self.layout.neighbours
        squares = [p for hero in state.heroes if (p := self.position(hero.uid)) is not None]
        around = {n for p in squares for n in beside(p)}
        if start is None or not around:
            routes: dict[Pos, int] = {}
        elif not self._jumps_or_rubble():
            routes = {p: e[0] for p, e in self._monster_entries(state, monster).items()}
        else:
            routes = monster_costs(self.layout, start, None, moves=moves, heroes=self.hero_squares(state),
                                   monsters=self.monster_squares(state, monster.uid), costs=Costs.of(state.rules),
                                   targets=around)
        found = {}
        for hero in state.heroes:
            target = self.position(hero.uid)
            if target is None or start is None:
                continue
            costs = [r + 1 for n in beside(target) if (r := routes.get(n)) is not None]
            if target in beside(start):
                costs.append(1)
            if costs:
                found[hero.uid] = min(costs)
        if len(self._reach_memo) > 512:
            self._reach_memo.clear()
        self._reach_memo[key] = found
        return found

    def _beside_in_tiles(self, pos: Pos) -> list[Pos]:
        """The orthogonal neighbours of ``pos`` on placed Room Tiles, walls included."""
        return [n for n in ((pos[0] - 1, pos[1]), (pos[0], pos[1] + 1), (pos[0] + 1, pos[1]), (pos[0], pos[1] - 1))
                if self.layout.tile_at(n) is not None]

    def can_attack_from(self, pos: Pos, target: Pos, attack_range: int, attack_type: str) -> bool:
        """Whether an attack of ``attack_range`` reaches ``target`` from ``pos``: range and
        Line of Sight; a melee attack (range 1) also strikes straight across holes or
        red-bordered squares, no further (chapter *Monsters and Obstacles/Holes*); from or
        onto a square under Rubble (a buried figure) range 1 only (*Dungeon Markers*)."""
        if pos == target:
            return False
        if self.layout.has(pos, "rubble") or self.layout.has(target, "rubble"):
            # Dungeon Markers: a figure buried under Rubble "can still be attacked, but only
            # within range 1"; the Rubble walls it in for its own attacks too
            return self.range_distance(pos, target) <= 1 and self.sees(pos, target)
        if self.range_distance(pos, target) <= attack_range and self.sees(pos, target):
            return True
        if attack_range == 1 and attack_type == "melee" and (pos[0] == target[0] or pos[1] == target[1]):
            between = _between(pos, target)
            return bool(between) and all(self.layout.kind(p) in (HOLE, RED) for p in between)
        return False

    def attack_squares(self, squares: Iterable[Pos], target: Pos, attack_range: int, attack_type: str) -> set[Pos]:
        """The ``squares`` from which ``can_attack_from`` reaches ``target``. Squares further
        than the range (plus one square per bridge on the table) skip the full test, unless a
        melee strike across holes could still reach along a row or column."""
        bridges = sum(1 for placed in self.layout.tiles.values() if placed.shape.bridge is not None)
        slack = attack_range + bridges
        across = attack_range == 1 and attack_type == "melee"
        tr, tc = target
        out = set()
        for sq in squares:
            if abs(sq[0] - tr) + abs(sq[1] - tc) > slack and not (across and (sq[0] == tr or sq[1] == tc)):
                continue
            if self.can_attack_from(sq, target, attack_range, attack_type):
                out.add(sq)
        return out

    # ---------------------------------------------------------------- the Board protocol
    def distance(self, state: GameData, monster: MonsterState, hero: HeroState) -> int:
        d = self.reach(state, monster, hero)
        a, b = self.positions.get(monster.uid), self.position(hero.uid)
        if d is None:
            return 10 ** 6 + (manhattan(a, b) if a and b else 0)
        return d

    def distance_to_nearest_hero(self, state: GameData, monster: MonsterState) -> int:
        heroes = [h for h in state.heroes if not h.dead and self.position(h.uid) is not None]
        return min((self.distance(state, monster, h) for h in heroes), default=10 ** 6)

    def in_range(self, state: GameData, monster: MonsterState, hero: HeroState) -> bool:
        a, b = self.positions.get(monster.uid), self.position(hero.uid)
        if a is None or b is None:
            return False
        return self.can_attack_from(a, b, monster.range, monster.attack_type)

    def hero_can_target(self, state: GameData, hero: HeroState, profile: AttackProfile | None,
                        monster: MonsterState) -> bool:
        a, b = self.position(hero.uid), self.positions.get(monster.uid)
        if a is None or b is None:
            return False
        reach = hero.attack_range(profile) if profile is not None else 1
        if self.layout.has(a, "rubble") or self.layout.has(b, "rubble"):
            reach = 1  # a buried figure attacks and is attacked within range 1 only (see can_attack_from)
        d = self.range_distance(a, b)
        return 0 < d <= max(1, reach) and self.sees(a, b)

    def move_monster(self, state: GameData, monster: MonsterState) -> None:
        """Monsters on the map are moved by ``monster_ai`` (see ``plan``), not here."""

    def occupied_room_tiles(self, state: GameData) -> int:
        slots = {slot_of(p) for h in state.heroes if not h.dead and (p := self.position(h.uid)) is not None}
        return max(1, len(slots))

    def loot_markers(self, state: GameData, hero: HeroState) -> int:
        pos = self.position(hero.uid)
        return 1 if pos is not None and self.layout.has(pos, "loot") else 0

    def take_loot_marker(self, state: GameData, hero: HeroState) -> None:
        pos = self.position(hero.uid)
        if pos is not None:
            self.layout.remove_marker(pos, "loot")

    def hero_adjacent(self, state: GameData, hero: HeroState, other: HeroState) -> bool:
        a, b = self.position(hero.uid), self.position(other.uid)
        if a is None or b is None:
            return False
        return a == b or b in self.layout.neighbours(a)

    def adjacent_heroes(self, state: GameData, monster: MonsterState) -> list[HeroState]:
        pos = self.positions.get(monster.uid)
        if pos is None:
            return []
        near = set(self.layout.neighbours(pos))
        return [h for h in state.heroes if not h.dead and self.position(h.uid) in near]

    def can_throw(self, state: GameData, thrower: HeroState, receiver: HeroState) -> bool:
        a, b = self.position(thrower.uid), self.position(receiver.uid)
        if a is None or b is None:
            return False
        sa, sb = slot_of(a), slot_of(b)
        near = sa == sb or any(slot_of(n) == sb for p in self._tile_squares(sa) for n in self.layout.neighbours(p))
        if not near:
            return False
        if "throw_needs_line_of_sight" in state.optional_rules:
            return self.sees(a, b)
        return True

    def _tile_squares(self, slot: tuple[int, int]) -> Iterable[Pos]:
        placed = self.layout.tiles.get(slot)
        return placed.squares() if placed else ()

    def trap_targets(self, state: GameData, drawer: HeroState, trap: Trap) -> list[HeroState]:
        """A *person* Trap: the drawer; an *area* Trap: the drawer and the characters within
        range 1 of it; a *room* Trap: everyone on the drawer's Room Tile, or on a Large Room
        all its tiles up to the nearest doors."""
        pos = self.position(drawer.uid)
        if trap.trap_type == "person" or pos is None:
            return [drawer]
        if trap.trap_type == "area":
            near = set(self.layout.neighbours(pos)) | {pos}
            return [h for h in state.heroes if self.position(h.uid) in near]
        room = self.large_room(slot_of(pos))
        return [h for h in state.heroes if (p := self.position(h.uid)) is not None and slot_of(p) in room]

    def large_room(self, slot: tuple[int, int]) -> set[tuple[int, int]]:
        """The tile slots joined to ``slot`` through open sides (chapter *Open Room Tiles*)."""
        room = {slot}
        todo = [slot]
        while todo:
            placed = self.layout.tiles[todo.pop()]
            for opening in self.layout.openings(placed):
                if opening.is_door:
                    continue
                for cell in opening.cells:
                    pos = to_global(placed.slot, cell)
                    far = step(pos, opening.side)
                    other = slot_of(far)
                    if other in self.layout.tiles and other not in room and self.layout.connected_across(pos, far):
                        room.add(other)
                        todo.append(other)
        return room

    def trap_sprung(self, state: GameData, drawer: HeroState, trap: Trap, failed: list[HeroState]) -> None:
        """A Trap's effects on the map (chapter *Traps and Secret Doors*): ``places_marker``
        puts its marker under every character who failed (``put_marker``: a Hole strands
        them, Rubble buries them); ``blocks_doors``
        (when anyone failed) puts Blocked Door markers on every door of the drawer's room
        (a Large Room: all its tiles) until the Trap is disarmed in Phase F;
        ``reveals_room_tile`` opens a Secret Door in a wall side of the drawer's tile that
        has no neighbour, as close to the drawer as possible, and reveals the next Room Tile
        behind it (a Trap never counts as a door opened for the Doom Counter)."""
        pos = self.position(drawer.uid)
        if pos is None:
            return
        effect = trap.effect
        if effect.places_marker is not None:
            for hero in failed:
                square = self.positions.get(hero.uid)
                if square is not None:
                    self.put_marker(state, square, effect.places_marker)
                    state.log.emit("marker_placed", hero.uid, marker=effect.places_marker, square=square,
                                   reason=trap.id)
        if effect.blocks_doors and failed:
            room = self.large_room(slot_of(pos))
            squares = []
            for slot in sorted(room):
                placed = self.layout.tiles[slot]
                for opening in self.layout.openings(placed):
                    if opening.is_door:
                        square = to_global(slot, opening.cells[0])
                        if not self.layout.has(square, "blocked_door") and self.occupant(square) is None:
                            self.put_marker(state, square, "blocked_door")
                            squares.append(square)
            if squares:
                self.lasting.append(LastingTrap(trap.id, sorted(room), squares))
                state.log.emit("doors_blocked", drawer.uid, trap=trap.id, squares=tuple(squares))
        if effect.reveals_room_tile and self.deck:
            spot = exploration.secret_door_spot(self.layout, near=pos, slot=slot_of(pos))
            if spot is not None:
                self.layout.secret_doors[spot[0]] = spot[1]
                self.layout.touch()
                state.log.emit("secret_door", drawer.uid, square=spot[0], reason=trap.id)
                self._draw_for_door(state, Exploring(drawer.uid, [spot[0]]), spot[0])

    def phase_f_traps(self, state: GameData) -> None:
        """Phase F: the characters in a room whose doors a Trap blocked try to disarm it, in
        seat order (the Trap's check); the first success ends it and unblocks the doors."""
        for lasting in list(self.lasting):
            trap = state.pack.traps[lasting.trap_id]
            tn = trap.target_number(state.monster_level)
            for hero in state.heroes:
                where = self.position(hero.uid)
                if not hero.can_act or where is None or slot_of(where) not in lasting.room:
                    continue
                a, b = trap.check_attributes
                check = roll_target_number(state.dice, hero.attribute(a), hero.attribute(b), tn,
                                           bonus=hero.bonus("trap"))
                state.log.emit("trap_disarm", hero.uid, trap=trap.id, total=check.total, target_number=tn,
                               success=check.success)
                if check.success:
                    for square in lasting.squares:
                        self.take_marker(state, square, "blocked_door")
                    self.lasting.remove(lasting)
                    break

    def zombie_raise(self, state: GameData) -> None:
        """Phase F: Zombies raise their kind (``spawn.raise_the_dead``)."""
        raise_the_dead(state)

    def pending_decider(self, state: GameData) -> str | None:
        """The hero who must choose where a drawn Room Tile or a dead end's Secret Door goes,
        if one waits."""
        if self.pending is not None:
            return self.pending.hero
        return self.pending_secret_door.hero if self.pending_secret_door is not None else None

    # ---------------------------------------------------------------- exploration
    def open_door(self, state: GameData, hero: HeroState, door: Pos) -> None:
        """``hero`` opens the closed door it stands on (chapter *Reveal a Room Tile (0 AP)*; a
        door opened this round for Phase G). Raises ``IllegalAction`` when ``hero`` does not
        stand on that closed door."""
        if self.position(hero.uid) != door or door not in self.layout.closed_doors():
            raise IllegalAction(f"{hero.uid} does not stand at the closed door {door}")
        state.door_opened = True
        state.log.emit("door_opened", hero.uid, square=door)

    def reveal(self, state: GameData, hero: HeroState, door: Pos) -> None:
        """Reveal the Room Tile behind the ``door`` ``hero`` opened (chapter *Exploration*)."""
        self._draw_for_door(state, Exploring(hero.uid, [door]), door)

    def _draw_fitting(self, state: GameData, ctx: Exploring, fits: Callable[[str], list[Placement]]) -> bool:
        """Draw Room Tiles until one ``fits`` somewhere (a tile that does not goes under the
        deck) and offer its placements; ``False`` when none of the deck fits."""
        for _ in range(len(self.deck)):
            tile_id = self.deck.pop(0)
            self.deck_unseen = max(0, self.deck_unseen - 1)
            options = fits(tile_id)
            if options:
                self._offer(state, ctx, tile_id, options)
                return True
            self.deck.append(tile_id)
            state.log.emit("room_tile_skipped", None, tile=tile_id, reason="does not fit")
        return False

    def _draw_for_door(self, state: GameData, ctx: Exploring, door: Pos) -> None:
        if self._draw_fitting(state, ctx, lambda t: exploration.placements_at_door(self.layout, state.pack, t, door)):
            return
        self.layout.dead_doors.add(door)
        self.layout.touch()
        state.log.emit("dead_door", None, square=door)
        self._finish(state, ctx)

    def _offer(self, state: GameData, ctx: Exploring, tile_id: str, options: list[Placement]) -> None:
        if len(options) == 1:
            self._place(state, ctx, options[0])
        else:
            self.pending = PendingPlacement(ctx.hero, tile_id, options, ctx)

    def choose_placement(self, state: GameData, index: int) -> None:
        """Place the waiting tile as option ``index``. Raises ``IllegalAction``."""
        pending = self.pending
        if pending is None or not 0 <= index < len(pending.options):
            raise IllegalAction("no such Room Tile placement")
        self.pending = None
        self._place(state, pending.context, pending.options[index])

    def _place(self, state: GameData, ctx: Exploring, placement: Placement) -> None:
        placed = exploration.place(self.layout, state.pack, placement)
        ctx.placed.append(placed)
        state.log.emit("room_tile_placed", ctx.hero, tile=placement.tile_id, slot=placement.slot,
                       rotation=placement.rotation, joins=placement.joins)
        self._continue(state, ctx)

    def _continue(self, state: GameData, ctx: Exploring) -> None:
        """Draw on while an Open Room Tile of this exploration has an open side left."""
        connected = self.layout.reachable_from(ctx.entry)
        sides = exploration.unfilled_open_sides(self.layout, ctx.placed, connected)
        if sides and self._draw_fitting(
                state, ctx, lambda t: exploration.placements_at_open_sides(self.layout, state.pack, t, sides)):
            return
        self._finish(state, ctx)

    def _finish(self, state: GameData, ctx: Exploring) -> None:
        """Treasures, monster icons (by colour and connection), dead ends."""
        pack = state.pack
        colours = exploration.colours_in_play(state.players)
        for placed in ctx.placed:
            for pos, _ in exploration.icon_squares(pack, placed, "treasures"):
                self.layout.add_marker(pos, "loot")
            for pos, colour in exploration.icon_squares(pack, placed, "runes"):
                self.layout.add_marker(pos, f"rune:{colour}")
            for pos, colour in exploration.icon_squares(pack, placed, "monster_icons"):
                if colour in colours:
                    self.dormant.append(pos)
        self.wake_icons(state)
        self._dead_end(state, ctx.hero)
        for placed in ctx.placed:
            fire(state, "tile_revealed", tile=placed.tile_id, hero=ctx.hero)

    def wake_icons(self, state: GameData) -> None:
        """Draw a monster for every monster icon whose square now connects to the dungeon
        (chapter *No connection to the dungeon*)."""
        heroes = [p for uid, p in self.positions.items() if state.find_hero(uid) is not None]
        connected = self.layout.reachable_from(heroes or [next(iter(self.layout.tiles[(0, 0)].squares()))])
        waiting, self.dormant = self.dormant, []
        for pos in waiting:
            if state.outcome is not None or pos not in connected:
                self.dormant.append(pos)
                continue
            draw_and_spawn(state, reason="monster_icon", near=pos)

    def _dead_end(self, state: GameData, hero: str) -> None:
        """Chapter *Dead Ends*: no unopened door left in the whole dungeon while Room Tiles
        remain: a Secret Door opens; where several wall sides qualify, the players decide
        (``hero`` answers with ``PlaceSecretDoor``)."""
        if not self.deck or self.layout.closed_doors():
            return
        options = exploration.dead_end_options(self.layout)
        if len(options) == 1:
            self._open_secret_door(state, options[0])
        elif options:
            self.pending_secret_door = PendingSecretDoor(hero, options)

    def choose_secret_door(self, state: GameData, index: int) -> None:
        """Open the waiting dead end's Secret Door at option ``index``. Raises ``IllegalAction``."""
        pending = self.pending_secret_door
        if pending is None or not 0 <= index < len(pending.options):
            raise IllegalAction("no such Secret Door side")
        self.pending_secret_door = None
        self._open_secret_door(state, pending.options[index])

    def _open_secret_door(self, state: GameData, spot: tuple[Pos, str]) -> None:
        self.layout.secret_doors[spot[0]] = spot[1]
        self.layout.touch()
        state.log.emit("secret_door", None, square=spot[0], reason="dead_end")

    # ---------------------------------------------------------------- heroes moving
    def hero_routes(self, state: GameData, hero: HeroState, ap: int, *, jumping: bool = True) -> Routes:
        """Where ``hero`` can end a movement action with ``ap`` AP (``paths.hero_routes``;
        ``jumping=False``: walking only); nowhere while Immobilized or buried under Rubble."""
        start = self.positions.get(hero.uid)
        if start is None or hero.immobilized or hero.uid in self.buried:
            return Routes({})
        factor = state.rules.carry_factor if hero.uid in self.carried else 1
        monsters = frozenset(self.monster_squares(state))
        heroes = frozenset(self.hero_squares(state, hero.uid))
        walks_only = not jumping or not self.layout.has_obstacles()
        # the bot's choice and the move that carries it out ask the same question: answer it
        # once; a walk is cut short by the AP alone, so every AP reads one unlimited walk search
        key = ("hero", self.layout.version, start, None if walks_only else ap, walks_only or jumping, factor,
               monsters, heroes)
        found = self._reach_memo.get(key)
        if found is None:
            if len(self._reach_memo) > 512:
                self._reach_memo.clear()
            found = self._reach_memo[key] = hero_routes(
                self.layout, start, FAR_AP if walks_only else ap, monsters=monsters, heroes=heroes,
                costs=Costs.of(state.rules, factor), jumping=not walks_only)
        return found.within(ap) if walks_only else found


def _between(a: Pos, b: Pos) -> list[Pos]:
    """Squares strictly between two squares of one row or column."""
    if a[0] == b[0]:
        lo, hi = sorted((a[1], b[1]))
        return [(a[0], c) for c in range(lo + 1, hi)]
    if a[1] == b[1]:
        lo, hi = sorted((a[0], b[0]))
        return [(r, a[1]) for r in range(lo + 1, hi)]
    return []


__all__ = ["Dungeon", "Exploring", "PendingPlacement", "PendingSecretDoor"]
