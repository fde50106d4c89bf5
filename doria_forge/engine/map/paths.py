"""Ways across the dungeon: heroes walking and jumping, monsters moving (Book of Rules
*Walking (1 AP per square)*, *Jumping (5 AP)*, *Carry Characters*, *Fastest Way to the
Target*, *Monsters and Obstacles/Holes*, *Dungeon Markers*: Holes and Rubble).

Costs are Action Points. Heroes walk 1 AP a square (2 while carrying), never into
negative AP; they may pass other characters but not monsters, and never stand on a hole
or a red-bordered square: those are jumped (5 AP, 10 carrying) to a square in Line of Sight
that a way of orthogonal steps over them reaches, without a monster on it (in a straight line
or round a corner, ``_bent_jumps``), the landing square free of monsters; a jump may go into
negative AP but nothing follows it then. Monsters walk 1 AP a square, never past a character;
they may pass other monsters. Holes and red-bordered squares they jump in a straight line (the
book's "in the shortest straight line") for 5 AP without a check
(with less than 5 AP before the jump they cannot attack afterwards; a monster behind the
hole is jumped too when a free square lies behind it and the jumper has 6+ AP; the landing
square itself is reached too, for a monster that needs it to attack and so pushes its
occupant back over the hole); flyers
(Gargoyle) cross them at 1 AP, ghosts (Poltergeist) also walls. A monster clears Rubble
from the square before it for 10 AP and walks on (1 AP) if it can; with less it clears
for the rest of its AP and stays (chapter *Monsters and Obstacles/Holes*).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from doria_forge.geometry import SIDES, side_step
from doria_forge.model.rules import Rules

from .layout import HOLE, RED, WALL, Layout, Pos, step
from .sight import SightCache


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
        """The costs of ``rules``, walking and jumping multiplied by ``factor`` (carrying): one
        shared value per set of costs (every route search asks)."""
        return _costs(rules.walk_ap * factor, rules.jump_ap * factor, rules.clear_rubble_ap)


@lru_cache(maxsize=64)
def _costs(walk: int, jump: int, rubble: int) -> Costs:
    return Costs(walk, jump, rubble)


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
    left may not attack afterwards, ``cleared``: Rubble squares a monster cleared. A monster
    route ends where ``end`` says: a route to a Rubble square the monster could only clear
    ends on the square before it (``path`` stops there; the start when empty)."""

    cost: int
    path: tuple[Pos, ...] = ()
    jumps: tuple[Jump, ...] = ()
    final: bool = False
    no_attack: bool = False
    cleared: tuple[Pos, ...] = ()

    @property
    def end(self) -> Pos | None:
        return self.path[-1] if self.path else None


_DELTAS = tuple(side_step(side) for side in SIDES)
"""Row and column steps to the four orthogonal neighbours, in ``SIDES`` order."""

# A search entry: (cost, no_attack, jumps made, final, parent entry, squares stepped on by
# this step, the Jump of this step or None, the Rubble square cleared by this step or None).
# Entries are snapshots: a route is its chain of entries, as the Route it stands for.
_Entry = tuple

_BARRED: _Entry = (-1, True, 0, True, None, (), None, None)
"""The entry a search starts with on each square it may never enter: cheaper than any route, so
never replaced, never read (nothing pushes it): one look-up per step finds both the squares
reached and those barred."""


_ROOT: _Entry = (0, False, 0, False, None, (), None, None)
"""The entry of a search's own start square: no AP, no step."""


def _barring(start: Pos, barred: AbstractSet[Pos]) -> dict[Pos, _Entry]:
    """A search's ``best`` to begin with: ``barred`` (``start`` left out) held by ``_BARRED``,
    then ``start`` by ``_ROOT`` (``_unbar`` takes both out again)."""
    best = {pos: _BARRED for pos in barred if pos != start}
    best[start] = _ROOT
    return best


def _unbar(best: dict[Pos, _Entry], start: Pos, barred: AbstractSet[Pos]) -> None:
    """``best`` without ``start`` and the barred squares (still ``_BARRED``: never entered),
    the order of the rest kept."""
    del best[start]
    for pos in barred:
        if pos != start:
            del best[pos]


def _as_route(entry: _Entry) -> Route:
    parts: list[tuple[Pos, ...]] = []
    jumps: list[Jump] = []
    cleared: list[Pos] = []
    e = entry
    while e[4] is not None:
        parts.append(e[5])
        if e[6] is not None:
            jumps.append(e[6])
        if e[7] is not None:
            cleared.append(e[7])
        e = e[4]
    path = tuple(sq for part in reversed(parts) for sq in part)
    return Route(entry[0], path, tuple(reversed(jumps)), final=entry[3], no_attack=entry[1],
                 cleared=tuple(reversed(cleared)))


class Routes(Mapping[Pos, Route]):
    """Square -> cheapest ``Route``, each built only when asked for (a search reaches many
    squares; callers look at a few)."""

    __slots__ = ("_entries", "_built", "_top", "_within")

    def __init__(self, entries: dict[Pos, _Entry], top: int | None = None) -> None:
        """``top``: the highest AP of ``entries`` where the search knows it (else worked out when
        ``within`` needs it)."""
        self._entries = entries
        self._built: dict[Pos, Route] = {}
        self._top = top
        self._within: dict[int, Routes] = {}

    def __getitem__(self, pos: Pos) -> Route:
        route = self._built.get(pos)
        if route is None:
            route = self._built[pos] = _as_route(self._entries[pos])
        return route

    def __contains__(self, pos: object) -> bool:
        return pos in self._entries

    def __iter__(self) -> Iterator[Pos]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def cost(self, pos: Pos) -> int:
        """The AP of the route to ``pos`` (without building it). Raises ``KeyError``."""
        return int(self._entries[pos][0])

    def within(self, ap: int) -> Routes:
        """The routes of this search that cost at most ``ap`` AP (for a search without jumps the
        same as searching with ``ap``: a walk is cut short by the AP alone). Remembered per ``ap``
        (a memoized search is cut again and again)."""
        if self._top is None:
            self._top = max((e[0] for e in self._entries.values()), default=0)
        if self._top <= ap:
            return self
        found = self._within.get(ap)
        if found is None:
            found = self._within[ap] = Routes({p: e for p, e in self._entries.items() if e[0] <= ap})
        return found

    def jump_count(self, pos: Pos) -> int:
        """How many jumps the route to ``pos`` makes (without building it). Raises ``KeyError``."""
        return int(self._entries[pos][2])

    def attack_squares(self) -> list[Pos]:
        """The squares whose route leaves the attack (not ``no_attack``), in search order."""
        return [pos for pos, entry in self._entries.items() if not entry[1]]


# ------------------------------------------------------------------ the moves a layout allows
# Per layout version (``Layout.version`` changes with every tile, Hole, Rubble or Blocked Door),
# each square's steps are worked out once and kept in the layout's memo: the searches below
# then only look figures up. Each list keeps the order the searches met the squares in before
# (so equal routes are still told apart the same way).
_WALK, _OBSTACLE, _RUBBLE = 0, 1, 2  # _WALK false: the monster search tells the other two apart only


def _tables(layout: Layout) -> tuple[dict, dict, dict, dict, dict, dict]:
    """The memo's step tables, filled lazily: a hero's moves and a monster's moves (square ->
    its steps and its jumps, ``_hero_moves`` and ``_moves``: one look-up a square searched from),
    ghost steps, then hero steps, monster steps (these three a square's own, kept in
    ``layout.LOCAL_MEMOS``: a tile placed elsewhere leaves them as they are) and straight jumps
    (a jump may cross several tiles: worked out again for every version, as are the moves that
    carry them and a hero's jumps round a corner)."""
    memo = layout.version_memo()
    found = memo.get("steps")
    if found is None:
        found = memo["steps"] = ({}, {}, memo.setdefault("ghost_steps", {}), memo.setdefault("hero_steps", {}),
                                 memo.setdefault("monster_steps", {}), {})
    return found


def _moves(layout: Layout, moves: dict, steps_of: dict, make_steps: Callable[[Layout, dict, Pos], tuple],
           jumps_of: dict, pos: Pos) -> tuple[tuple, tuple[Jump, ...]]:
    """``moves``' entry for ``pos``: its steps (``steps_of``'s, else ``make_steps``') and its
    jumps (``jumps_of``'s, else ``_jumps``'), kept together for the searches."""
    steps = steps_of.get(pos)
    if steps is None:
        steps = make_steps(layout, steps_of, pos)
    jumps = jumps_of.get(pos)
    if jumps is None:
        jumps = _jumps(layout, jumps_of, pos)
    found = moves[pos] = (steps, jumps)
    return found


def _hero_steps(layout: Layout, table: dict, pos: Pos) -> tuple[Pos, ...]:
    """Squares a character walks to from ``pos`` (not Holes or red-bordered squares)."""
    found = table[pos] = tuple(n for n in layout.neighbours(pos) if layout.kind(n) not in (HOLE, RED))
    return found


def _monster_steps(layout: Layout, table: dict, pos: Pos) -> tuple[tuple[Pos, int], ...]:
    """The orthogonal neighbours of ``pos`` a monster can step to, in ``SIDES`` order, each with
    what it is: ``_WALK``, ``_OBSTACLE`` (a Hole or red-bordered square: flyers only) or
    ``_RUBBLE`` (cleared first)."""
    near = layout.neighbours(pos)
    out = []
    r, c = pos
    for dr, dc in _DELTAS:
        nxt = (r + dr, c + dc)
        if nxt in near:
            out.append((nxt, _OBSTACLE if layout.kind(nxt) in (HOLE, RED) else _WALK))
        elif layout.has(nxt, "rubble") and layout.kind(nxt) != WALL and layout.joins(pos, nxt):
            out.append((nxt, _RUBBLE))
    found = table[pos] = tuple(out)
    return found


def _ghost_steps(layout: Layout, table: dict, pos: Pos) -> tuple[tuple[Pos, int], ...]:
    """The orthogonal neighbours of ``pos`` on placed tiles, walls included, in ``SIDES`` order,
    each a ``_WALK`` (as ``_monster_steps`` lists them: the monster search reads both alike)."""
    r, c = pos
    tile_at = layout.tile_at
    found = table[pos] = tuple([(n, _WALK) for dr, dc in _DELTAS if tile_at(n := (r + dr, c + dc)) is not None])
    return found


def _jumps(layout: Layout, table: dict, pos: Pos) -> tuple[Jump, ...]:
    found = table[pos] = tuple(Jump(pos, over, land) for over, land in layout.jumps_from(pos))
    return found


BENT_JUMP_SQUARES = 4
"""The most squares (landing included) a hero's jump that is not a straight line counts: a
Target Number of 40, above STR+AGI+2D of every premade hero (13-24 + 12 at most); the bound
keeps the search over the holes small. Straight jumps keep no bound (``Layout.jumps_from``)."""

_NO_BENT: tuple = ()
_NO_REGION: frozenset[Pos] = frozenset()

HeroMoves = tuple
"""A square's entry in the hero moves table: its steps, its straight jumps, its bent jumps (each
``(Jump, nearer)``, see ``_bent_jumps``) and the holes and red-bordered squares a monster on
which changes the bent jumps (a flyer over one of them: they are searched again round it)."""


def _hero_moves(layout: Layout, moves: dict, steps_of: dict, jumps_of: dict, pos: Pos) -> HeroMoves:
    """``moves``' entry for ``pos`` (``HeroMoves``): the steps and straight jumps ``_moves`` gives
    and the jumps round a corner (``_bent_jumps``), kept together for ``hero_search``."""
    steps, straight = _moves(layout, {}, steps_of, _hero_steps, jumps_of, pos)
    bent, region = _bent_jumps(layout, pos, straight)
    found = moves[pos] = (steps, straight, bent, region)
    return found


def _bent_jumps(layout: Layout, pos: Pos, straight: tuple[Jump, ...], blocked: AbstractSet[Pos] = _NO_REGION
                ) -> tuple[tuple[tuple[Jump, tuple[Pos, ...]], ...], frozenset[Pos]]:
    """A hero's jumps from ``pos`` that are not straight lines (chapter *Jumping (5 AP)*: "A jump
    action is only allowed to a square where Line of Sight exists and to which a way using adjacent
    fields without a monster can be counted (including Holes)"; "Moving diagonally is not allowed",
    *Walking*). The way runs over holes and red-bordered squares (the squares jumped), never over
    ``blocked`` (the monsters' squares) or walls, Rubble and Blocked Doors, and lands on the first
    square after them, as a straight jump does (book EXAMPLE 1: the Huntress lands behind the Hole
    and walks on); the jump counts the squares of the shortest such way (``BENT_JUMP_SQUARES`` at
    most), the landing included. Landings a straight jump from ``pos`` reaches are left to it
    (the same count: a straight way is the shortest), and so are squares without Line of Sight
    from ``pos`` (``sight.SightCache``: the engine's own answers, kept per layout version).

    Each jump comes with ``nearer``: the landings of ``pos`` with a shorter way beside its own
    landing. The route search weighs AP alone, so a hero would jump one square further round the
    corner (a Target Number 10 higher) to save the 1 AP of the step from a nearer landing;
    ``hero_search`` offers the jump only where a monster stands on each of them. Returns the
    jumps in the order the search met their landings and the squares a monster on which changes
    them."""
    kind, near = layout.kind, layout.neighbours
    ways: dict[Pos, tuple[Pos, ...]] = {pos: ()}
    todo = []
    for n in near(pos):
        if n not in blocked and kind(n) in (HOLE, RED):
            ways[n] = (n,)
            todo.append(n)
    if not todo:  # most squares are next to no hole: nothing to search
        return _NO_BENT, _NO_REGION
    landed: dict[Pos, tuple[Pos, ...]] = {}  # landing -> the squares jumped on its shortest way
    for sq in todo:  # grows while it is read: breadth first, so the first way to a square is a shortest
        way = ways[sq]
        for n in near(sq):
            if n in ways or n in landed or n in blocked:
                continue
            if kind(n) in (HOLE, RED):
                if len(way) + 2 <= BENT_JUMP_SQUARES:  # its landings are one square further still
                    ways[n] = way + (n,)
                    todo.append(n)
            else:
                landed[n] = way
    counts = {j.land: len(j.over) + 1 for j in straight if not any(p in blocked for p in j.over)}
    sight = SightCache()
    bent = [(land, over) for land, over in landed.items() if land not in counts and sight.sees(layout, pos, land)]
    counts.update((land, len(over) + 1) for land, over in bent)
    found = tuple((Jump(pos, over, land), tuple(n for n in near(land) if counts.get(n, 99) <= len(over)))
                  for land, over in bent)
    # the squares a monster there changes these jumps by: those crossed, the straight jumps' too
    # (a straight jump lost frees the landings beside its own)
    return found, frozenset(todo).union(*(j.over for j in straight))


def hero_routes(layout: Layout, start: Pos, ap: int, *, monsters: AbstractSet[Pos], heroes: AbstractSet[Pos],
                costs: Costs = Costs(), jumping: bool = True) -> Routes:
    """Every square a hero at ``start`` with ``ap`` AP can end a movement action on, with
    the cheapest route (fewest jumps on equal cost). ``monsters``/``heroes``: squares
    other figures stand on (passing heroes is allowed, ending on them is not); ``costs``
    already doubled while carrying."""
    return hero_search(layout, start, ap, monsters=monsters, heroes=heroes, costs=costs, jumping=jumping).routes


class HeroSearch(NamedTuple):
    """A ``hero_routes`` search with what tells the other AP budgets it answers too
    (``hero_within``): ``ap``, its budget; ``routes``; ``plain``: every square under ``plain`` AP
    was searched on from by walks alone (no jump offered there); ``whole``: the budget cut
    nothing (no square left unsearched for want of AP, no walk refused, no jump made ``final``)."""

    ap: int
    routes: Routes
    plain: int
    whole: bool


def hero_within(search: HeroSearch, ap: int) -> Routes | None:
    """The routes ``hero_routes`` gives with ``ap`` AP, read from ``search``, a search of the same
    hero from the same square among the same figures at the same costs with another budget, or
    ``None`` when they may differ. Two searches take the same squares in the same order and offer
    the same steps from them as long as neither's budget decides anything:

    - with more AP (``ap > search.ap``) where ``search`` is ``whole``: every test of the budget went
      as it goes with any more AP, so the search is the same;
    - with less AP, up to ``plain``: below ``ap`` both searched on from the same squares by walks
      alone (same entries, first reached in the same order); a walk is cut short by the AP alone
      and what the larger search adds later costs more than ``ap``, so the routes within ``ap`` are
      the smaller search's, in the same order."""
    if ap > search.ap:
        return search.routes if search.whole else None
    return search.routes.within(ap) if ap <= search.plain else None


def hero_search(layout: Layout, start: Pos, ap: int, *, monsters: AbstractSet[Pos], heroes: AbstractSet[Pos],
                costs: Costs = Costs(), jumping: bool = True) -> HeroSearch:
    """``hero_routes`` as a ``HeroSearch`` (a walk search is never ``whole``: see ``Routes.within``
    for reading one with less AP)."""
    walk = costs.walk
    jump_cost = costs.jump
    best = _barring(start, monsters)
    if not jumping:
        _walk_breadth_first(layout, best, start, ap, walk)
        _unbar(best, start, monsters)
        return HeroSearch(ap, _without(best, heroes, by_cost=True), ap, False)
    plain, whole = ap, True
    # (cost, jumps) -> the squares pushed with that key, in push order; the keys with a list, as
    # a heap: the squares come out in the order a heap of (cost, jumps, order pushed) gives (every
    # step adds AP or a jump: nothing is pushed with the key being read)
    buckets: dict[tuple[int, int], list[Pos]] = {(0, 0): [start]}
    pending = [(0, 0)]
    moves_of, _, _, steps_of, _, jumps_of = _tables(layout)
    push, pop, get, bucket_at = heapq.heappush, heapq.heappop, best.get, buckets.get

    while pending:
        key = pop(pending)
        cost, njumps = key
        for pos in buckets.pop(key):
            entry = best[pos]
            if entry[0] != cost or entry[2] != njumps or entry[3]:
                continue  # replaced since, or final
            if cost >= ap:  # no AP left for a step or a jump (each costs some)
                whole = False
                continue
            moves = moves_of.get(pos)
            if moves is None:
                moves = _hero_moves(layout, moves_of, steps_of, jumps_of, pos)
            new = cost + walk
            if new > ap:
                whole = False
            else:
                walked = None  # the list of (new, njumps): every step from here goes into it
                for nxt in moves[0]:
                    old = get(nxt)  # a monster's square: _BARRED, never beaten
                    # kept unless (new, njumps) < (old cost, old jumps), without building the two
                    # tuples; most steps lead back to a square reached for less: that is asked first
                    if old is not None and (new > old[0] or (new == old[0] and njumps >= old[2])):
                        continue
                    best[nxt] = (new, False, njumps, False, entry, (nxt,), None, None)
                    if walked is None:
                        walked = bucket_at((new, njumps))
                        if walked is None:
                            walked = buckets[new, njumps] = []
                            push(pending, (new, njumps))
                    walked.append(nxt)
            # a character jumps over holes and red-bordered squares (and characters standing between
            # them), never over a monster, onto a square it may stand on
            straight, bent = moves[1], moves[2]
            if not (straight or bent):
                continue
            if cost < plain:
                plain = cost
            if bent and not moves[3].isdisjoint(monsters):  # a flyer over the holes: the ways round it
                bent = _bent_jumps(layout, pos, straight, monsters)[0]
            for jump in straight + tuple(j for j, nearer in bent
                                         if all(p in monsters for p in nearer)):
                land = jump.land
                if land in monsters or any(p in monsters for p in jump.over):
                    continue
                new = cost + jump_cost
                old = get(land)
                if old is None or (new, njumps + 1) < (old[0], old[2]):
                    if new >= ap:
                        whole = False
                    best[land] = (new, False, njumps + 1, new >= ap, entry, jump.over + (land,), jump, None)
                    bucket = bucket_at((new, njumps + 1))
                    if bucket is None:
                        buckets[new, njumps + 1] = [land]
                        push(pending, (new, njumps + 1))
                    else:
                        bucket.append(land)
    _unbar(best, start, monsters)
    return HeroSearch(ap, _without(best, heroes), plain, whole)


def _without(best: dict[Pos, _Entry], heroes: AbstractSet[Pos], *, by_cost: bool = False) -> Routes:
    """The routes of ``best`` but to the squares other characters stand on (passed, never ended
    on): those few taken out of the search's own dict, the order of the rest kept. ``by_cost``:
    ``best`` lists its squares by AP (a breadth-first search), so the dearest is the last."""
    for pos in heroes:
        best.pop(pos, None)
    return Routes(best, (next(reversed(best.values()))[0] if best else 0) if by_cost else None)


def _walk_breadth_first(layout: Layout, best: dict[Pos, _Entry], start: Pos, ap: int, walk: int) -> None:
    """``hero_routes`` without jumps, filling ``best`` (``start`` -> its root entry, the monsters'
    squares -> ``_BARRED``): every step
    costs ``walk`` AP, so the squares come in the order the search with a heap takes them
    (cost, then the order they were reached) and the first way to a square is its cheapest:
    the same entries, found breadth first."""
    steps_of = _tables(layout)[3]
    waiting = [start]
    for pos in waiting:  # grows while it is read: first in, first out
        entry = best[pos]
        new = entry[0] + walk
        if new > ap:
            continue
        steps = steps_of.get(pos)
        for nxt in steps if steps is not None else _hero_steps(layout, steps_of, pos):
            if nxt in best:  # reached, or a monster's square
                continue
            best[nxt] = (new, False, 0, False, entry, (nxt,), None, None)
            waiting.append(nxt)


@dataclass(frozen=True)
class MonsterMoves:
    """How a monster may move: ``flying`` crosses holes and red-bordered squares at 1 AP,
    ``ghost`` also walls (Poltergeist)."""

    flying: bool = False
    ghost: bool = False

    @classmethod
    def of(cls, flying: bool, ghost: bool) -> MonsterMoves:
        """One shared value per way of moving (every monster search asks)."""
        return _MOVES[bool(flying), bool(ghost)]


_MOVES = {(flying, ghost): MonsterMoves(flying, ghost) for flying in (False, True) for ghost in (False, True)}


def monster_routes(layout: Layout, start: Pos, budget: int | None, *, moves: MonsterMoves,
                   heroes: set[Pos], monsters: set[Pos], costs: Costs = Costs()) -> Routes:
    """The cheapest routes of a monster from ``start``. ``budget``: its AP (``None``: no
    limit, for distances). Squares reached may hold another monster (the caller pushes
    it or skips the square); squares with characters are never entered. A route that
    jumped into negative AP or cleared Rubble with the last AP is ``final``."""
    return Routes(_monster_search(layout, start, budget, moves, heroes, monsters, costs)[0])


def monster_entries(layout: Layout, start: Pos, budget: int | None, *, moves: MonsterMoves,
                    heroes: AbstractSet[Pos], monsters: AbstractSet[Pos], costs: Costs = Costs(),
                    targets: Sequence[AbstractSet[Pos]] | None = None) -> dict[Pos, _Entry]:
    """The search behind ``monster_routes`` as its raw entries (square -> entry, its AP first;
    ``Routes`` reads them), for callers that keep one search for several budgets or read a few
    squares' AP. With ``targets`` (groups of squares, such as the squares beside each hero) the
    search stops once every group has a square reached for sure: the cheapest of each group
    (``start`` left out) is then known, and no square of a group is listed below it (the rest
    may be incomplete)."""
    return _monster_search(layout, start, budget, moves, heroes, monsters, costs, targets)[0]


def monster_search(layout: Layout, start: Pos, *, moves: MonsterMoves, heroes: AbstractSet[Pos],
                   monsters: AbstractSet[Pos], costs: Costs = Costs(),
                   targets: Sequence[AbstractSet[Pos]] | None = None) -> tuple[dict[Pos, _Entry], int]:
    """``monster_entries`` without an AP limit, with how far its entries stand for a search with
    one: ``(entries, plain)``, where every square under ``plain`` AP was searched on from and
    offered walks alone (no jump, no Rubble). ``walks_within`` cuts them to a budget."""
    return _monster_search(layout, start, None, moves, heroes, monsters, costs, targets)


def walks_within(entries: dict[Pos, _Entry], plain: int, budget: int) -> dict[Pos, _Entry] | None:
    """The entries of ``monster_entries`` with ``budget`` AP cut from those of an unlimited search
    of the same monster among the same figures (``monster_search``), or ``None`` when they may
    differ (``budget`` above its ``plain``). Below ``plain`` both searches take the same squares
    in the same order and step from them by walks alone: an AP limit changes only what is done
    from a square at the limit (nothing: no AP left), what a jump or Rubble leaves (none met),
    and the walks it cuts cost more than ``budget``; so the squares within ``budget`` come with
    the same entries, in the same order."""
    if budget > plain:
        return None
    return {p: e for p, e in entries.items() if e[0] <= budget}


def _monster_search(layout: Layout, start: Pos, budget: int | None, moves: MonsterMoves,
                    heroes: AbstractSet[Pos], monsters: AbstractSet[Pos], costs: Costs,
                    targets: Sequence[AbstractSet[Pos]] | None = None) -> tuple[dict[Pos, _Entry], int]:
    """Dijkstra over the monster's moves (see ``monster_routes``); ties: fewer routes that
    may not attack, then fewer jumps, then the first found. ``targets``: see ``monster_entries``.
    Returns the entries and the AP below which every square was searched on from by walks
    alone (``monster_search``'s ``plain``; the limit when the search met no jump or Rubble).

    The squares wait in one first-in-first-out list per cost (AP are whole numbers, never
    negative): they come out in the order a heap of ``(cost, order pushed)`` gives, without a
    heap entry per square."""
    best = _barring(start, heroes)
    # cost -> the squares pushed at that cost, in push order; the costs with a list, as a heap
    buckets: dict[int, list[Pos]] = {0: [start]}
    pending = [0]
    limit = budget if budget is not None else 10 ** 9
    plain = limit  # lowered to the AP of the first square a jump or Rubble step is offered from
    walk, rubble = costs.walk, costs.rubble
    ghost, flying = moves.ghost, moves.flying
    # square -> the target groups it completes; the groups still waiting for a square
    groups_of: dict[Pos, list[int]] | None = None
    waiting: set[int] = set()
    if targets is not None:
        groups_of = {}
        for n, group in enumerate(targets):
            for sq in group:
                if sq != start:
                    groups_of.setdefault(sq, []).append(n)
                    waiting.add(n)
    pushes: dict[Pos, _Entry] = {}
    _, moves_of, ghost_of, _, steps_of, jumps_of = _tables(layout)
    push, pop, get, bucket_at = heapq.heappush, heapq.heappop, best.get, buckets.get

    def offer(pos: Pos, cand: _Entry) -> None:
        old = get(pos)
        if old is None or (cand[0], cand[1], cand[2]) < (old[0], old[1], old[2]):
            best[pos] = cand
            bucket = bucket_at(cand[0])
            if bucket is None:
                buckets[cand[0]] = [pos]
                push(pending, cand[0])
            else:
                bucket.append(pos)

    # no target group waits for a square: the search stops at once, as at its start square
    searching = groups_of is None or bool(waiting)
    if not searching:
        plain = 0
    while searching and pending:
        cost = pop(pending)
        # a square pushed at this same cost while the list is read goes into a new list of its
        # own for this cost, read next: still after every square pushed before it
        for pos in buckets.pop(cost):
            entry = best[pos]
            if entry[0] != cost:
                continue
            if groups_of is not None:
                done = groups_of.get(pos)
                if done is not None:  # most squares are beside no hero: no set operation for them
                    waiting.difference_update(done)
                    if not waiting:
                        searching = False
                        plain = min(plain, cost)  # this square and the rest at its AP: not searched on from
                        break
            if entry[3] or cost >= limit:  # final, or no AP left
                continue
            no_attack, njumps = entry[1], entry[2]
            stepped = cost + walk
            if ghost:  # through walls, red-bordered squares and Rubble, inside placed tiles
                found = ghost_of.get(pos)
                if found is None:
                    found = _ghost_steps(layout, ghost_of, pos)
                moves_here: Sequence[tuple[Pos, int]] = found
                jumps: tuple[Jump, ...] = ()
            else:
                mine = moves_of.get(pos)
                if mine is None:
                    mine = _moves(layout, moves_of, steps_of, _monster_steps, jumps_of, pos)
                moves_here, jumps = mine
            if stepped > limit:  # no AP for a step (a walk above 1 AP): Rubble is cleared, nothing walked
                moves_here = [move for move in moves_here if move[1] == _RUBBLE]
            walked = None  # the list of ``stepped``: every walk from here goes into it
            for nxt, what in moves_here:  # SIDES order: the order ties are found in
                # a character's square holds _BARRED: never beaten, by a walk or a Rubble step
                if what:  # Rubble or an obstacle (most steps are walks: _WALK is 0)
                    if what == _RUBBLE:
                        plain = min(plain, cost)
                        _clear_rubble(offer, entry, pos, nxt, limit - cost, rubble, walk, monsters)
                        continue
                    if not flying:
                        continue
                old = get(nxt)
                # kept unless (stepped, no_attack, njumps) < old's three, without building the two
                # tuples; most steps lead back to a square reached for less: that is asked first
                if old is not None and (stepped > old[0] or (stepped == old[0] and (
                        no_attack > old[1] or (no_attack == old[1] and njumps >= old[2])))):
                    continue
                best[nxt] = (stepped, no_attack, njumps, False, entry, (nxt,), None, None)
                if walked is None:  # the list of this cost (a Rubble step may have made it)
                    walked = bucket_at(stepped)
                    if walked is None:
                        walked = buckets[stepped] = []
                        push(pending, stepped)
                walked.append(nxt)
            if flying or ghost:
                continue
            if jumps:  # most squares have none: no call for them
                plain = min(plain, cost)
                _offer_jumps(layout, entry, jumps, limit - cost, limit, costs, heroes, monsters, pushes, offer)
    _unbar(best, start, heroes)
    _add_pushes(best, pushes)
    return best, plain


def _clear_rubble(offer: Callable[[Pos, _Entry], None], entry: _Entry, pos: Pos, nxt: Pos, left: int,
                  rubble: int, walk: int, monsters: AbstractSet[Pos]) -> None:
    """The step of ``_monster_search`` from ``entry`` on ``pos`` (``left`` AP) to Rubble on
    ``nxt``: the monster clears the Rubble from the square before it ("move as close as
    possible to the Rubble and then clear it away"), then walks on if AP are left; without the
    AP for both it clears with what it has and stays (a route that ends on the square before
    the Rubble: nothing stepped on, nothing follows)."""
    cost, no_attack, njumps = entry[0], entry[1], entry[2]
    if left >= rubble + walk:
        offer(nxt, (cost + rubble + walk, no_attack, njumps, False, entry, (nxt,), None, nxt))
    elif pos not in monsters:  # it stays where it clears: a square of its own
        offer(nxt, (cost + min(rubble, left), True, njumps, True, entry, (), None, nxt))


def _offer_jumps(layout: Layout, entry: _Entry, jumps: tuple[Jump, ...], left: int, limit: int, costs: Costs,
                 heroes: AbstractSet[Pos], monsters: AbstractSet[Pos], pushes: dict[Pos, _Entry],
                 offer: Callable[[Pos, _Entry], None]) -> None:
    """The jumps of ``_monster_search``'s walking monster from ``entry`` (``left`` AP of
    ``limit``) over a Hole or red-bordered square: each landing square is offered; one a monster
    stands on is kept in ``pushes`` and the square behind it offered instead when it is free."""
    cost, no_attack, njumps = entry[0], entry[1], entry[2]
    walk, jump_cost = costs.walk, costs.jump
    kind = layout.kind
    for jump in jumps:
        land = jump.land
        if land in heroes:
            continue
        extra = 0
        if land in monsters:
            # the occupied landing square is a square to push its monster off (back over the
            # Hole), kept apart: nothing is searched on from it (docs/rules-decisions.md)
            push_cost = cost + jump_cost
            if push_cost <= limit and (land not in pushes or push_cost < pushes[land][0]):
                pushes[land] = (push_cost, no_attack or left < jump_cost, njumps + 1, True, entry,
                                jump.over + (land,), jump, None)
            behind = step(land, _direction(jump.start, land))
            if (left < jump_cost + walk or behind in heroes or behind in monsters
                    or not layout.passable(behind) or kind(behind) in (HOLE, RED)):
                continue
            land, extra = behind, walk
        new = cost + jump_cost + extra
        offer(land, (new, no_attack or left < jump_cost, njumps + 1, new >= limit, entry,
                     jump.over + ((jump.land, land) if extra else (land,)),
                     Jump(jump.start, jump.over, land) if extra else jump, None))


def _add_pushes(best: dict[Pos, _Entry], pushes: dict[Pos, _Entry]) -> None:
    """The landing squares kept to push a monster off (``_offer_jumps``) join the routes found,
    where they are cheaper than the route to the square itself."""
    for land, entry in pushes.items():
        if land not in best or entry[0] < best[land][0]:
            best[land] = entry



def _direction(a: Pos, b: Pos) -> str:
    if a[0] == b[0]:
        return "east" if b[1] > a[1] else "west"
    return "south" if b[0] > a[0] else "north"
