"""Where figures stand on the map, as a bot reads it: the standing heroes, the monsters on the
map, a figure's square, and walked distances from a set of squares (breadth first through
passable squares, figures ignored, cached per layout version). Below :mod:`.reach` (how a hero
gets somewhere) and :mod:`.objectives` (what the scenario steers for), which both read it.
Squares are ``(x, y)``; distances are steps.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from doria_forge.engine.hero import HeroState

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


def monster_reach(monster: Any) -> int:
    """Squares (walked, figures ignored) from which ``monster`` can still attack a figure this
    round: its Action Points plus its range (chapter *Monster Activation*: it walks, then attacks)."""
    return monster.action_points + monster.range


def beyond_monsters(state: Any, squares: set[Pos]) -> set[Pos]:
    """The squares of ``squares`` that no monster on the map could walk to and attack this round
    (:func:`monster_reach`), read from the open board."""
    fields = [(distances(state, frozenset([_at(state, m.uid)])), monster_reach(m)) for m in monsters_on_map(state)]
    return {p for p in squares if all(steps.get(p, FAR) > reach for steps, reach in fields)}
