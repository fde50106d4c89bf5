"""Ways across the dungeon: heroes walking and jumping, monsters moving (Book of Rules
*Walking (1 AP per square)*, *Jumping (5 AP)*, *Carry Characters*, *Fastest Way to the
Target*, *Monsters and Obstacles/Holes*, *Dungeon Markers*: Holes and Rubble).

Costs are Action Points. Heroes walk 1 AP a square (2 while carrying), never into
negative AP; they may pass other characters but not monsters, and never stand on a hole
or a red-bordered square: those are jumped (5 AP, 10 carrying) in a straight line, the
landing square free of monsters; a jump may go into negative AP but nothing follows it
then. Monsters walk 1 AP a square, never past a character; they may pass other monsters.
Holes and red-bordered squares they jump in a straight line for 5 AP without a check
(with less than 5 AP before the jump they cannot attack afterwards; a monster behind the
hole is jumped too when a free square lies behind it and the jumper has 6+ AP); flyers
(Gargoyle) cross them at 1 AP, ghosts (Poltergeist) also walls. Rubble costs a monster
10 AP to clear (or the rest of its AP).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from doria_forge.geometry import SIDES
from doria_forge.model.rules import Rules

from .layout import HOLE, RED, WALL, Layout, Pos, step


@dataclass(frozen=True)
class Costs:
    """AP of movement: a square walked, a jump, clearing Rubble (``rules.walk_ap``,
    ``jump_ap``, ``clear_rubble_ap``). A monster jumping past another monster behind a
    hole needs ``jump + walk`` AP before the jump (the book's 6)."""

    walk: int = 1
    jump: int = 5
    rubble: int = 10

    @classmethod
    def of(cls, rules: Rules, factor: int = 1) -> Costs:
        """The costs of ``rules``, walking and jumping multiplied by ``factor`` (carrying)."""
        return cls(rules.walk_ap * factor, rules.jump_ap * factor, rules.clear_rubble_ap)


@dataclass(frozen=True)
class Jump:
    """One jump of a route: from ``start`` over ``over`` (squares crossed) to ``land``;
    ``squares`` = the squares counted for the jump check (crossed + landing)."""

    start: Pos
    over: tuple[Pos, ...]
    land: Pos

    @property
    def squares(self) -> int:
        return len(self.over) + 1


@dataclass(frozen=True)
class Route:
    """How a figure gets to a square: ``cost`` in AP, the squares stepped on in order
    (``path``, start excluded), the ``jumps`` made, ``final``: nothing may follow it
    (a jump into negative AP), ``no_attack``: a monster that jumped with less than 5 AP
    left may not attack afterwards, ``cleared``: Rubble squares a monster cleared."""

    cost: int
    path: tuple[Pos, ...] = ()
    jumps: tuple[Jump, ...] = ()
    final: bool = False
    no_attack: bool = False
    cleared: tuple[Pos, ...] = ()

    @property
    def end(self) -> Pos | None:
        return self.path[-1] if self.path else None


def hero_routes(layout: Layout, start: Pos, ap: int, *, monsters: set[Pos], heroes: set[Pos],
                costs: Costs = Costs(), jumping: bool = True) -> dict[Pos, Route]:
    """Every square a hero at ``start`` with ``ap`` AP can end a movement action on, with
    the cheapest route (fewest jumps on equal cost). ``monsters``/``heroes``: squares
    other figures stand on (passing heroes is allowed, ending on them is not); ``costs``
    already doubled while carrying."""
    walk = costs.walk
    jump_cost = costs.jump
    best: dict[Pos, Route] = {start: Route(0)}
    queue: list[tuple[int, int, int, Pos]] = [(0, 0, 0, start)]
    counter = 1
    while queue:
        cost, njumps, _, pos = heapq.heappop(queue)
        route = best[pos]
        if route.cost != cost or len(route.jumps) != njumps or route.final:
            continue
        for nxt in layout.neighbours(pos):
            if nxt in monsters or layout.kind(nxt) in (HOLE, RED):
                continue
            new = cost + walk
            if new > ap:
                continue
            cand = Route(new, route.path + (nxt,), route.jumps)
            if _better(cand, best.get(nxt)):
                best[nxt] = cand
                heapq.heappush(queue, (new, len(cand.jumps), counter, nxt))
                counter += 1
        if not jumping or cost >= ap:
            continue
        for jump in _hero_jumps(layout, pos, monsters):
            new = cost + jump_cost
            cand = Route(new, route.path + jump.over + (jump.land,), route.jumps + (jump,), final=new >= ap)
            if _better(cand, best.get(jump.land)):
                best[jump.land] = cand
                heapq.heappush(queue, (new, len(cand.jumps), counter, jump.land))
                counter += 1
    del best[start]
    return {p: r for p, r in best.items() if p not in heroes}


def _hero_jumps(layout: Layout, start: Pos, monsters: set[Pos]) -> list[Jump]:
    """A hero's straight jumps: over holes and red-bordered squares (and characters
    standing between them), never over a monster, onto a square it may stand on."""
    out = []
    for side in SIDES:
        over: list[Pos] = []
        pos = step(start, side)
        while layout.passable(pos) and pos not in monsters and layout.kind(pos) in (HOLE, RED):
            over.append(pos)
            pos = step(pos, side)
        if over and layout.passable(pos) and pos not in monsters and layout.kind(pos) not in (HOLE, RED):
            out.append(Jump(start, tuple(over), pos))
    return out


def _better(cand: Route, old: Route | None) -> bool:
    if old is None:
        return True
    return (cand.cost, len(cand.jumps)) < (old.cost, len(old.jumps))


@dataclass(frozen=True)
class MonsterMoves:
    """How a monster may move: ``flying`` crosses holes and red-bordered squares at 1 AP,
    ``ghost`` also walls (Poltergeist)."""

    flying: bool = False
    ghost: bool = False


def monster_routes(layout: Layout, start: Pos, budget: int | None, *, moves: MonsterMoves,
                   heroes: set[Pos], monsters: set[Pos], costs: Costs = Costs()) -> dict[Pos, Route]:
    """The cheapest routes of a monster from ``start``. ``budget``: its AP (``None``: no
    limit, for distances). Squares reached may hold another monster (the caller pushes
    it or skips the square); squares with characters are never entered. A route that
    jumped into negative AP or cleared Rubble with the last AP is ``final``."""
    best: dict[Pos, Route] = {start: Route(0)}
    queue: list[tuple[int, int, Pos]] = [(0, 0, start)]
    counter = 1
    limit = budget if budget is not None else 10 ** 9
    seen_near: dict[Pos, list[Pos]] = {}

    def near(pos: Pos) -> list[Pos]:
        found = seen_near.get(pos)
        if found is None:
            found = seen_near[pos] = layout.neighbours(pos)
        return found

    while queue:
        cost, _, pos = heapq.heappop(queue)
        route = best[pos]
        if route.cost != cost or route.final:
            continue
        left = limit - cost
        if left <= 0:
            continue
        for side in SIDES:
            nxt = step(pos, side)
            if nxt in heroes:
                continue
            kind = layout.kind(nxt)
            if moves.ghost:  # through walls, red-bordered squares and Rubble, inside placed tiles
                if layout.tile_at(nxt) is None:
                    continue
                cand = Route(cost + costs.walk, route.path + (nxt,), route.jumps, no_attack=route.no_attack,
                             cleared=route.cleared)
            else:
                if nxt not in near(pos):
                    if layout.has(nxt, "rubble") and layout.kind(nxt) != WALL and layout.joins(pos, nxt):
                        spend = min(costs.rubble, left)
                        cand = Route(cost + spend, route.path + (nxt,), route.jumps, final=spend < costs.rubble,
                                     no_attack=route.no_attack, cleared=route.cleared + (nxt,))
                        if _monster_better(cand, best.get(nxt)):
                            best[nxt] = cand
                            heapq.heappush(queue, (cand.cost, counter, nxt))
                            counter += 1
                    continue
                if kind in (HOLE, RED) and not moves.flying:
                    continue
                cand = Route(cost + costs.walk, route.path + (nxt,), route.jumps, no_attack=route.no_attack,
                             cleared=route.cleared)
            if cand.cost > limit:
                continue
            if _monster_better(cand, best.get(nxt)):
                best[nxt] = cand
                heapq.heappush(queue, (cand.cost, counter, nxt))
                counter += 1
        if moves.flying or moves.ghost:
            continue
        for jump in _monster_jumps(layout, pos, heroes):
            land = jump.land
            extra = 0
            if land in monsters:
                behind = step(land, _direction(jump.start, land))
                if (left < costs.jump + costs.walk or behind in heroes or behind in monsters
                        or not layout.passable(behind) or layout.kind(behind) in (HOLE, RED)):
                    continue
                land, extra = behind, costs.walk
            new = cost + costs.jump + extra
            cand = Route(new, route.path + jump.over + ((jump.land, land) if extra else (land,)),
                         route.jumps + (Jump(jump.start, jump.over, land),), final=new >= limit,
                         no_attack=route.no_attack or left < costs.jump, cleared=route.cleared)
            if _monster_better(cand, best.get(land)):
                best[land] = cand
                heapq.heappush(queue, (new, counter, land))
                counter += 1
    del best[start]
    return best


def _monster_jumps(layout: Layout, start: Pos, heroes: set[Pos]) -> list[Jump]:
    out = []
    for side in SIDES:
        over: list[Pos] = []
        pos = step(start, side)
        while layout.passable(pos) and layout.kind(pos) in (HOLE, RED):
            over.append(pos)
            pos = step(pos, side)
        if over and layout.passable(pos) and pos not in heroes and layout.kind(pos) not in (HOLE, RED):
            out.append(Jump(start, tuple(over), pos))
    return out


def _direction(a: Pos, b: Pos) -> str:
    if a[0] == b[0]:
        return "east" if b[1] > a[1] else "west"
    return "south" if b[0] > a[0] else "north"


def _monster_better(cand: Route, old: Route | None) -> bool:
    if old is None:
        return True
    return (cand.cost, cand.no_attack, len(cand.jumps)) < (old.cost, old.no_attack, len(old.jumps))
