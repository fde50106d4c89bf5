"""How a bot hero moves on the map: to a square to attack from, toward the nearest
monster, to Loot Markers, to the next closed door (Book of Rules *Action Phase*,
*Exploration*).

``map_move(state, hero)`` returns the movement, reveal or search action a simple hero
would take when it cannot attack from where it stands, or ``None``. It never looks
ahead; the choice among equal squares is the first in (row, column) order, so a game
stays reproducible from its seed.
"""

from __future__ import annotations

from typing import Any

from doria_forge.engine.actions import Action, Jump, PlaceRoomTile, RevealRoomTile, Search, Walk
from doria_forge.engine.combat import attack_problem
from doria_forge.engine.hero import HeroState

FAR = 10 ** 6
"""An AP budget no hero has: routes for distances rather than for this turn."""


def _step(route: Any, to: tuple[int, int]) -> Action:
    return Jump(to) if route.jumps else Walk(to)


def _usable_ranges(hero: HeroState, monster: Any) -> list[int]:
    """The ranges of the hero's attacks it could make against ``monster`` (ignoring range)."""
    out = []
    for item in hero.hand_items() + hero.body_items + hero.belt:
        from_belt = hero.location(item) == "belt"
        for profile in item.card.attacks:
            if attack_problem(hero, item, profile, monster, from_belt=from_belt) is None:
                out.append(max(1, hero.attack_range(profile)))
    return out


def place_tile(state: Any) -> Action:
    """Where the drawn Room Tile goes: the first placement the rules allow."""
    return PlaceRoomTile(0)


def map_move(state: Any, hero: HeroState) -> Action | None:
    """The next map action for ``hero`` (see the module docstring)."""
    board = state.board
    here = board.position(hero.uid)
    if here is None or hero.immobilized:
        return None
    ap = state.ap.get(hero.uid, 0)
    monsters = [m for m in state.monsters if not m.defeated and board.position(m.uid) is not None]
    if monsters:
        return _toward_monsters(state, hero, here, ap, monsters)
    if board.layout.has(here, "loot") and state.loot is not None:
        return Search(1)
    routes = board.hero_routes(state, hero, ap)
    far = board.hero_routes(state, hero, FAR)
    loot = [p for p in board.layout.squares_with("loot") if p in far]
    if loot:
        target = min(loot, key=lambda p: (far[p].cost, p))
        return _along(far[target], routes, target)
    doors = board.layout.closed_doors()
    if here in doors:
        return RevealRoomTile(here)
    reachable = [d for d in doors if d in far]
    if reachable:
        target = min(reachable, key=lambda p: (far[p].cost, p))
        return _along(far[target], routes, target)
    return None


def _along(way: Any, routes: dict, target: tuple[int, int]) -> Action | None:
    """Walk as far along ``way`` as this turn's routes allow."""
    if target in routes:
        return _step(routes[target], target)
    for pos in reversed(way.path):
        if pos in routes:
            return _step(routes[pos], pos)
    return None


def _toward_monsters(state: Any, hero: HeroState, here: tuple[int, int], ap: int, monsters: list) -> Action | None:
    board = state.board
    routes = board.hero_routes(state, hero, ap - 1)
    spots = []
    for monster in monsters:
        where = board.position(monster.uid)
        for reach in set(_usable_ranges(hero, monster)):
            for pos, route in routes.items():
                if board.range_distance(pos, where) <= reach and board.sees(pos, where):
                    spots.append((route.cost, len(route.jumps), pos, route))
    if spots:
        _, _, pos, route = min(spots, key=lambda s: (s[0], s[1], s[2]))
        return _step(route, pos)
    far = board.hero_routes(state, hero, FAR)
    goals = []
    for monster in monsters:
        where = board.position(monster.uid)
        for pos in board.layout.neighbours(where):
            if pos in far:
                goals.append((far[pos].cost, pos))
    if not goals:
        return None
    _, target = min(goals)
    moves = board.hero_routes(state, hero, ap)
    return _along(far[target], moves, target)
