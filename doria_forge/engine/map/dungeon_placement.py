"""Putting figures on the map (Book of Rules *Additional Symbols on Room Tiles or Markers*:
Starting Positions I-VI by first initiative; *Unconsciousness*: who lies, who gets up and
crawls; *Multiple monsters per monster icon*; *Phase G*, Extra Activation: new monsters
enter at the entrance closest to a character).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..monster import MonsterState
from . import exploration
from .dungeon_figures import DungeonFigures
from .layout import Pos, manhattan, slot_of

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


class PlacementMixin(DungeonFigures):
    """Heroes on the Starting Positions, the fallen settled at the initiative roll, new
    monsters' squares (a part of :class:`~doria_forge.engine.map.dungeon.Dungeon`)."""

    heroes_placed: bool
    entrances: list[Pos]
    buried: set[str]
    stranded: set[str]

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
        act. A figure placed beside a monster (a Horde, the second Goblin, a Zombie raised with
        no free square next to it) is counted from that monster's square without passing a
        standing character, which a monster "can never pass" (chapter *Walking*): it does not
        appear behind the hero who holds a door against that monster. ``None`` when no free
        square is connected to that spot: the figure cannot enter (docs/rules-decisions.md)."""
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
                                 choice="monster_placement", benefit=self.away_from_heroes(state),
                                 barred=self._past_no_hero(state, origin))

    def _past_no_hero(self, state: GameData, origin: Pos) -> set[Pos]:
        """The squares a figure placed from ``origin`` is not counted through: the standing
        characters' when a monster stands on ``origin`` (its new neighbour, or the monster it
        pushed, could not walk past them), none otherwise (an icon, a scenario's place, the
        entrance: where the book puts the figure, not where a monster walks to)."""
        who = self.occupant(origin)
        if who is None or state.find_hero(who) is not None:
            return set()
        return self.hero_squares(state)

    def away_from_heroes(self, state: GameData) -> Callable[[Pos], float]:
        """Open choices that place a monster: a square farther from the standing heroes is better
        for them."""
        heroes = [p for h in state.heroes if h.can_act and (p := self.positions.get(h.uid)) is not None]
        return lambda sq: sum(manhattan(sq, p) for p in heroes)

    def _away_from_monsters(self, state: GameData) -> Callable[[Pos], float]:
        monsters = [p for m in state.monsters if not m.defeated and (p := self.positions.get(m.uid)) is not None]
        return lambda sq: sum(manhattan(sq, p) for p in monsters)

    def place_monster(self, state: GameData, monster: MonsterState, square: Pos, *, entering: bool = False) -> None:
        """Put a new monster's figure on ``square`` (from ``monster_square``); the monster keeps
        the slot of the Room Tile it entered play on (``data["entered_slot"]``: a scenario's
        monsters *of* a tile are also those that left it, ``ScenarioPlay.monsters_of``)."""
        self.positions[monster.uid] = square
        monster.data["entered_slot"] = slot_of(square)
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
