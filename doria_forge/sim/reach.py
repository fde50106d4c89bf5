"""Where figures stand on the map and how a bot hero gets somewhere (``sim.explorer``'s
reading of the map): the standing heroes and the monsters on the map, walked distances from a
set of squares (breadth first through passable squares, figures ignored, cached per layout
version), and this turn's move toward a goal by the hero's own routes, clearing Rubble
(chapter *Dungeon Markers*) or waiting in a trapped room to disarm its Trap (chapter *Traps and
Secret Doors*) when nothing else leads there. Squares are ``(x, y)``; costs are AP.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from doria_forge.engine.actions import Action, ClearRubble, EndTurn, Jump, Walk
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import slot_of

from . import objectives

Pos = tuple[int, int]


FAR = 10 ** 6
"""An AP budget no hero has: routes for distances rather than for this turn."""


def _on_map(state: Any, uid: str) -> Pos | None:
    return state.board.position(uid)


def _at(state: Any, uid: str) -> Pos:
    """The square of a figure known to stand on the map."""
    pos: Pos = state.board.position(uid)
    return pos


def standing(state: Any) -> list[HeroState]:
    """Conscious heroes on the map, in seat order."""
    at = state.board.locator()
    return [h for h in state.heroes if h.can_act and at(h.uid) is not None]


def monsters_on_map(state: Any) -> list[Any]:
    at = state.board.locator()
    return [m for m in state.monsters if not m.defeated and at(m.uid) is not None]


def distances(state: Any, sources: frozenset[Pos]) -> dict[Pos, int]:
    """Squares -> steps from the nearest of ``sources`` through passable squares, figures
    ignored. Read the layout alone: remembered in the layout version's memo (shared with every
    game at the same layout; do not change the dict returned)."""
    layout = state.board.layout
    memo = layout.version_memo()
    cache = memo.setdefault("explorer_dist", {})
    found = cache.get(sources)
    if found is None:
        found = {p: 0 for p in sources}
        queue = deque(sorted(sources))
        near = memo["near"]  # the version's neighbours table read in place (Layout._reachable_from)
        while queue:
            pos = queue.popleft()
            d = found[pos] + 1
            for n in near.get(pos) or layout.neighbours(pos):
                if n not in found:
                    found[n] = d
                    queue.append(n)
        cache[sources] = found
    return found


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
