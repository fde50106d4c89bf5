"""Ways across the dungeon for the figures on it (Book of Rules *Walking (1 AP per square)*,
*Jumping (5 AP)*, *Carry Characters*, *Fastest Way to the Target*, *Monsters and
Obstacles/Holes*): heroes' routes, monsters' routes and the AP a monster needs to reach a
character, remembered between the many times a turn asks (the searches are ``paths``').
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..abilities import rule_for
from ..hero import HeroState
from ..monster import MonsterState
from .dungeon_figures import DungeonFigures
from .layout import Pos, manhattan
from .paths import (
    Costs,
    MonsterMoves,
    Route,
    Routes,
    hero_routes,
    hero_search,
    hero_within,
    monster_entries,
    monster_routes,
    monster_search,
    walks_within,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


FAR_AP = 10 ** 6
"""An AP budget no figure has: a search that stops only where the dungeon does."""


_LAST_SEARCH = "last monster search"
"""The ``_Memo`` key of the last unlimited monster search ``_reaches`` made: its reach key, its
entries and their ``plain`` (``paths.monster_search``)."""


class _Memo(dict):
    """Routes and distances remembered by what they depend on (the layout's version token, the
    figures' squares, how a monster moves; never a figure's uid, which a copied game may give
    another monster): shared with the copies of the game, which start with what it worked out."""

    def __deepcopy__(self, memo: dict) -> _Memo:
        return self


class RoutesMixin(DungeonFigures):
    """Routes and distances on the map (a part of :class:`~doria_forge.engine.map.dungeon.Dungeon`)."""

    buried: set[str]
    _reach_memo: _Memo

    def monster_moves(self, monster: MonsterState) -> MonsterMoves:
        rule = rule_for(monster)
        return MonsterMoves.of(rule.flying, rule.through_walls)

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
        last = self._reach_memo.get(_LAST_SEARCH)
        # the monster's plan measured its distances with an unlimited search a moment ago
        if budget is not None and last is not None and last[0][3] == start \
                and last[0] == self._reach_key(state, monster):
            walks = walks_within(last[1], last[2], budget)
            if walks is not None:
                return Routes(walks)
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
        something can be jumped, the other monsters on the squares a jump may land on or land
        past (``Layout.jump_spots``). A search without an AP limit reads other monsters nowhere
        else: they are passed, and Rubble is cleared with AP to spare, so a monster elsewhere
        changes none of its answers (a search with a budget is never keyed by this)."""
        at = self.positions.get
        if self.layout.has_obstacles():
            spots, uid = self.layout.jump_spots(), monster.uid
            # list comprehensions, not generators: every look-up of a reach builds this key
            others = tuple(sorted({p for m in state.monsters
                                   if m.uid != uid and (p := at(m.uid)) is not None and p in spots}))
        else:
            others = ()
        rule = rule_for(monster)
        where = [at(h.uid) for h in state.heroes] if not self.carried else [self.position(h.uid) for h in state.heroes]
        return (rule.flying, rule.through_walls, self.layout.version, at(monster.uid), tuple(where),
                tuple(sorted(self.lying)), others)

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
        around = [set(beside(p)) for p in squares]
        # the search's entries (square -> entry, its AP first), read for the squares beside the heroes alone
        last = None
        if start is None or not any(around):
            routes: dict[Pos, Any] = {}
        elif not self._jumps_or_rubble():
            routes = self._monster_entries(state, monster)
        else:
            # the search stops once the nearest square beside each hero is known: a square beside
            # one hero that another hero stands on is never reached, and waiting for it searched
            # the whole dungeon
            routes, plain = monster_search(self.layout, start, moves=moves, heroes=self.hero_squares(state),
                                           monsters=self.monster_squares(state, monster.uid),
                                           costs=Costs.of(state.rules), targets=around)
            last = (key, routes, plain)
        found = {}
        near = beside(start) if start is not None else ()
        for hero in state.heroes:
            target = self.position(hero.uid)
            if target is None or start is None:
                continue
            costs = [r[0] + 1 for n in beside(target) if (r := routes.get(n)) is not None]
            if target in near:
                costs.append(1)
            if costs:
                found[hero.uid] = min(costs)
        if len(self._reach_memo) > 512:
            self._reach_memo.clear()
        self._reach_memo[key] = found
        if last is not None:  # kept for the routes within its AP the monster's plan asks next (monster_routes)
            self._reach_memo[_LAST_SEARCH] = last
        return found

    def _beside_in_tiles(self, pos: Pos) -> list[Pos]:
        """The orthogonal neighbours of ``pos`` on placed Room Tiles, walls included."""
        return [n for n in ((pos[0] - 1, pos[1]), (pos[0], pos[1] + 1), (pos[0] + 1, pos[1]), (pos[0], pos[1] - 1))
                if self.layout.tile_at(n) is not None]

    def distance(self, state: GameData, monster: MonsterState, hero: HeroState) -> int:
        """The AP ``reach`` gives, or, for a hero it cannot reach, ``10**6`` plus the squares
        between them (nearer still sorts first)."""
        return self._distance(self._reaches(state, monster), monster, hero)

    def _distance(self, reaches: dict[str, int], monster: MonsterState, hero: HeroState) -> int:
        d = reaches.get(hero.uid)
        if d is None:
            a, b = self.positions.get(monster.uid), self.position(hero.uid)
            return 10 ** 6 + (manhattan(a, b) if a and b else 0)
        return d

    def distances(self, state: GameData, monster: MonsterState, heroes: Iterable[HeroState]) -> dict[str, int]:
        """Hero uid -> ``distance`` for each of ``heroes`` (one look-up of the monster's reach
        for all of them: the monster order and the monster's plan ask for every hero)."""
        reaches = self._reaches(state, monster)
        return {h.uid: self._distance(reaches, monster, h) for h in heroes}

    def distance_to_nearest_hero(self, state: GameData, monster: MonsterState) -> int:
        heroes = [h for h in state.heroes if not h.dead and self.position(h.uid) is not None]
        return min(self.distances(state, monster, heroes).values(), default=10 ** 6)

    def hero_routes(self, state: GameData, hero: HeroState, ap: int, *, jumping: bool = True) -> Routes:
        """Where ``hero`` can end a movement action with ``ap`` AP (``paths.hero_routes``;
        ``jumping=False``: walking only); nowhere while Immobilized or buried under Rubble."""
        found = self._hero_search(state, hero, ap, jumping)
        if found is None:
            return Routes({})
        routes, walks_only = found
        return routes.within(ap) if walks_only else routes

    def hero_walk(self, state: GameData, hero: HeroState, ap: int, to: Pos) -> Route | None:
        """``hero_routes(state, hero, ap, jumping=False).get(to)``: the walk of ``hero`` onto
        ``to`` with ``ap`` AP (``None``: no walk gets there). A search with jumps already made
        from the same square among the same figures (the bot's, choosing this walk) answers when
        its way to ``to`` jumps nowhere and costs at most ``ap``: the squares a walk reaches at
        its cheapest come out of both searches in the same order (cost, then the order they were
        reached), so that way is the walk's own (the same squares, the same AP)."""
        start = self.positions.get(hero.uid)
        if start is not None and not hero.immobilized and hero.uid not in self.buried \
                and self.layout.has_obstacles():
            for search in self._reach_memo.get(self._jump_searches_key(state, hero, start), ()):
                routes = search.routes
                if to in routes and routes.jump_count(to) == 0 and routes.cost(to) <= ap:
                    return routes[to]
        return self.hero_routes(state, hero, ap, jumping=False).get(to)

    def _hero_search(self, state: GameData, hero: HeroState, ap: int, jumping: bool) -> tuple[Routes, bool] | None:
        """The remembered search behind ``hero_routes`` and whether it walks only (its routes are
        then cut to ``ap``); ``None`` where the hero cannot move."""
        start = self.positions.get(hero.uid)
        if start is None or hero.immobilized or hero.uid in self.buried:
            return None
        factor, monsters, heroes = self._search_figures(state, hero)
        walks_only = not jumping or not self.layout.has_obstacles()
        # the bot's choice and the move that carries it out ask the same question: answer it
        # once; a walk is cut short by the AP alone, so every AP reads one unlimited walk search
        key = ("hero", self.layout.version, start, None if walks_only else ap, walks_only or jumping, factor,
               monsters, heroes)
        memo = self._reach_memo
        found = memo.get(key)
        if found is None:
            if len(memo) > 512:
                memo.clear()
            if walks_only:
                found = memo[key] = hero_routes(self.layout, start, FAR_AP, monsters=monsters, heroes=heroes,
                                                costs=Costs.of(state.rules, factor), jumping=False)
                return found, True
            # the searches with jumps from here (any AP; read by hero_walk too): one with another
            # AP answers where its budget decided nothing this one asks (paths.hero_within)
            searches = memo.setdefault(_jumps_key(self.layout.version, start, factor, monsters, heroes), [])
            for search in searches:
                found = hero_within(search, ap)
                if found is not None:
                    break
            else:
                search = hero_search(self.layout, start, ap, monsters=monsters, heroes=heroes,
                                     costs=Costs.of(state.rules, factor))
                searches.append(search)
                found = search.routes
            memo[key] = found
        return found, walks_only

    def _jump_searches_key(self, state: GameData, hero: HeroState, start: Pos) -> tuple:
        """The memo key of the searches with jumps ``_hero_search`` made from ``start`` among the
        figures as they stand now (any AP)."""
        return _jumps_key(self.layout.version, start, *self._search_figures(state, hero))

    def _search_figures(self, state: GameData, hero: HeroState) -> tuple[Any, frozenset[Pos], frozenset[Pos]]:
        """What a route search of ``hero`` depends on besides the layout and its square: the carry
        factor (a hero carrying a friend pays more AP a square), the monsters' squares and the
        other standing characters' squares."""
        factor = state.rules.carry_factor if hero.uid in self.carried else 1
        return factor, frozenset(self.monster_squares(state)), frozenset(self.hero_squares(state, hero.uid))


def _jumps_key(version: Any, start: Pos, factor: Any, monsters: frozenset[Pos], heroes: frozenset[Pos]) -> tuple:
    """The memo key under which ``_hero_search`` lists its searches with jumps from ``start`` (any
    AP) and ``hero_walk`` looks them up."""
    return ("jumps from", version, start, factor, monsters, heroes)
