"""How a bot hero gets somewhere (``sim.explorer``'s reading of the map): this turn's move toward
a goal by the hero's own routes, clearing Rubble (chapter *Dungeon Markers*) or waiting in a
trapped room to disarm its Trap (chapter *Traps and Secret Doors*) when nothing else leads there.
Where figures stand and the walked distances are :mod:`.positions`' (below the scenario's
objectives, which read them too); the bots import them from here as well. Squares are ``(x, y)``;
costs are AP.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from doria_forge.engine.actions import Action, ClearRubble, EndTurn, Jump, Walk
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import slot_of

from . import objectives
from .positions import (  # noqa: F401 - the bots' names
    FAR,
    Pos,
    _at,
    _on_map,
    beyond_monsters,
    distances,
    monster_reach,
    monsters_on_map,
    standing,
)


def _step(route: Any, to: Pos) -> Action:
    return Jump(to) if route.jumps else Walk(to)


def _along(state: Any, hero: HeroState, ap: int, goal: frozenset[Pos] | set[Pos]) -> Action | None:
    """The move this turn toward the nearest square of ``goal`` (by the hero's own routes):
    onto it if the AP reach, else as far along the way as they go; with no way there, through
    Rubble or a Trap's Blocked Doors. ``None`` when no way."""
    far = state.board.hero_routes(state, hero, FAR)
    if not any(p in far for p in goal):
        return _through_rubble(state, hero, ap, goal) or _through_blocked_doors(state, hero, ap, goal)
    return _toward(state, hero, ap, goal)


def _way_across(state: Any, here: Pos, goal: frozenset[Pos] | set[Pos], marker: str) -> list[Pos] | None:
    """The shortest way (squares, ``here`` first) from ``here`` to the nearest square of
    ``goal`` through passable squares and squares holding ``marker`` (a marker that closes a
    way: Rubble, a Blocked Door), figures ignored; ``None`` when there is none."""
    layout = state.board.layout
    before: dict[Pos, Pos | None] = {here: None}
    queue = deque([here])
    end = None
    while queue:
        pos = queue.popleft()
        if pos in goal:
            end = pos
            break
        for n in ((pos[0] - 1, pos[1]), (pos[0], pos[1] + 1), (pos[0] + 1, pos[1]), (pos[0], pos[1] - 1)):
            if n not in before and layout.joins(pos, n) and (layout.passable(n) or layout.has(n, marker)):
                before[n] = pos
                queue.append(n)
    if end is None:
        return None
    way = [end]
    while before[way[-1]] is not None:
        way.append(before[way[-1]])  # type: ignore[arg-type]
    way.reverse()
    return way


def _toward(state: Any, hero: HeroState, ap: int, squares: frozenset[Pos] | set[Pos]) -> Action | None:
    """This turn's move toward the nearest of ``squares`` the hero has a way to: onto it if
    the AP reach, else as far along the way as they go; ``None`` when there is no way. A square
    where ending the move sets off a rule that only hurts (``objectives.Targets.avoid``) is
    taken only when no other serves: the goal's other squares first, and short of the goal the
    furthest square along the way that is no such square (ahead of the hero)."""
    board = state.board
    far = board.hero_routes(state, hero, FAR)
    ends = [p for p in squares if p in far]
    if not ends:
        return None
    keep_off = objectives.targets(state).avoid
    if keep_off:
        ends = [p for p in ends if p not in keep_off] or ends
    target = min(ends, key=lambda p: (far.cost(p), p))
    if far.cost(target) <= ap:
        # the ways that cost at most ap AP are the same with any more AP (the same cost, the
        # fewest jumps): no search with the AP the hero has
        return _step(far[target], target)
    routes = board.hero_routes(state, hero, ap)
    if target in routes:
        return _step(routes[target], target)
    stops = [pos for pos in reversed(far[target].path) if pos in routes]
    if not stops:
        return None
    here = _on_map(state, hero.uid)
    stop = next((pos for pos in stops if pos not in keep_off and pos != here), stops[0])
    return _step(routes[stop], stop)


def _through_rubble(state: Any, hero: HeroState, ap: int, goal: frozenset[Pos] | set[Pos]) -> Action | None:
    """No way to ``goal`` but through Rubble (chapter *Dungeon Markers*: a character clears
    Rubble next to it for 10 AP): clear the first Rubble on the shortest way, walking next to it
    first. ``None`` when Rubble does not block the way either."""
    layout = state.board.layout
    here = _on_map(state, hero.uid)
    if here is None or not goal or not layout.squares_with("rubble"):
        return None
    way = _way_across(state, here, goal, "rubble")
    if way is None:
        return None
    rubble = next((i for i, p in enumerate(way) if layout.has(p, "rubble")), None)
    if rubble is None:
        return None
    square, beside = way[rubble], way[rubble - 1]
    if beside == here:
        return ClearRubble(square) if ap >= state.rules.clear_rubble_ap else None
    return _toward(state, hero, ap, {beside})


def _through_blocked_doors(state: Any, hero: HeroState, ap: int,
                           goal: frozenset[Pos] | set[Pos]) -> Action | None:
    """No way to ``goal`` but through the Blocked Doors of a lasting Trap (chapter *Traps and
    Secret Doors*: blocked doors end when the Trap is disarmed; the characters in its room try
    in Phase F, ``Dungeon.phase_f_traps``): walk into that room, or wait there (``EndTurn``)
    for the Phase F check. ``None`` when no Blocked Door closes the way."""
    board = state.board
    here = _on_map(state, hero.uid)
    lasting = getattr(board, "lasting", ())
    if here is None or not goal or not lasting:
        return None
    way = _way_across(state, here, goal, "blocked_door")
    if way is None:
        return None
    layout = board.layout
    door = next((p for p in way if layout.has(p, "blocked_door")), None)
    trap = next((t for t in lasting if door in t.squares), None)
    if trap is None:
        return None
    room = set(trap.room)
    if slot_of(here) in room:
        return EndTurn()
    inside = {p for slot in room for p in layout.tiles[slot].squares() if board.free(state, p)}
    return _toward(state, hero, ap, inside)
