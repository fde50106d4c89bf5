"""A bot hero's moves in a fight on the map (Book of Rules *Action Phase*, *Phase G: Doom
Counter*): a hurt hero steps out of the monsters' way (``retreat``), a hero opens the party's
door when the Doom Counter would otherwise move (``open_door``), steps onto a token or place
that pays (``objective_move``), steps off the Room Tile a monster must not reach into its way
(``bar_the_way``), walks back onto the party's Room Tile to attack from there
(``regroup``), or walks to the cheapest square to attack from (``combat_move``; not onto a Room
Tile of its own when that tile's Doom Counter field reaches an Extra Activation). Costs are AP;
ties break by square order, so a game stays reproducible from its seed.
"""

from __future__ import annotations

from typing import Any

from doria_forge.engine.actions import Action, RevealRoomTile, Walk
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import manhattan, slot_bounds, slot_of

from . import objectives
from .hurting import ranges_against
from .party import (
    anchor_slot,
    chose_step_back,
    costly_split,
    engaged,
    goal_needs_tiles,
    holds_back,
    hurt,
    openable_doors,
    stepped_back,
)
from .reach import FAR, Pos, _along, _at, _on_map, _step, distances, monsters_on_map, standing

OFF_TILE = 6
"""AP a square off the party's Room Tile is counted as worth when choosing where to fight."""


CLOSE = 4
"""AP a square next to a monster is counted as worth to a hero choosing where to shoot from."""


DOOM_FIELD_STEPS = 2
"""Steps further from the monsters a hurt hero's step back onto a Room Tile no other character
stands on must gain to be taken over one onto a tile the party occupies (that tile moves the
Doom Counter a field more in Phase G); as safe otherwise, the occupied tile is taken."""

RETREATED = "retreated"
"""The note key of the steps back ``retreat`` chose (``party.chose_step_back``)."""


def retreat(state: Any, hero: HeroState, ap: int, within: frozenset[Pos] | None = None) -> Action | None:
    """A hurt hero's move out of the monsters' way (see the module docstring), or ``None``
    when where it stands is as good as it gets; ``within``: onto one of these squares only. A
    square on a Room Tile no other character stands on counts ``DOOM_FIELD_STEPS`` steps nearer
    the monsters and loses ties to one on a tile the party holds (*Phase G*: a field a tile)."""
    board = state.board
    here = _on_map(state, hero.uid)
    monsters = monsters_on_map(state)
    if here is None or hero.immobilized or not monsters:
        return None
    if stepped_back(state, hero, RETREATED):
        return None  # one step back a turn: the next choice is made from there
    others = [_at(state, h.uid) for h in standing(state) if h is not hero and not hurt(h)]
    fields = [distances(state, frozenset([_at(state, m.uid)])) for m in monsters]
    # a square is shielded from a monster when a fit friend stands nearer to it: nearer than the
    # square when the nearest friend is (the friends' steps worked out once, not per square)
    nearest = [min((f.get(o, FAR) for o in others), default=None) for f in fields]
    known: dict[Pos, tuple[int, int]] = {}

    def safety(pos: Pos) -> tuple[int, int]:
        found = known.get(pos)
        if found is None:
            steps = [f.get(pos, FAR) for f in fields]
            shielded = sum(1 for near, d in zip(nearest, steps, strict=True) if near is not None and near < d)
            found = known[pos] = (shielded, min(min(steps), 30))
        return found

    # Phase G: each Room Tile with a character on it moves the Doom Counter a field; a square on a
    # tile where no other character stands costs that field (the hero's own tile left counts no more)
    occupied = {slot_of(where) for h in state.heroes if h is not hero and not h.dead
                and (where := _on_map(state, h.uid)) is not None}

    def worth(pos: Pos) -> tuple[int, int, int]:
        shielded, steps = safety(pos)
        field = slot_of(pos) not in occupied
        return shielded, steps - DOOM_FIELD_STEPS * field, -field

    routes = board.hero_routes(state, hero, ap, jumping=False)
    now = worth(here)
    keep_off = objectives.targets(state).avoid  # no step back onto a square whose rule only hurts
    squares = (p for p in routes if (within is None or p in within) and p not in keep_off)
    best = max(squares, key=lambda p: (worth(p), -routes.cost(p), p), default=None)
    # a step back is taken to be safer, not only to stand on the party's tile
    if best is None or worth(best) <= now or safety(best) <= safety(here):
        return None
    return chose_step_back(state, hero, RETREATED, Walk(best))


DOOR_DETOUR = 3
"""AP a hero in a fight walks to open the party's door (a round without a new Room Tile
costs a Doom Counter field)."""


def open_door(state: Any, hero: HeroState, ap: int) -> Action | None:
    """In a fight: open a closed door of the party's Room Tile when no door was opened this
    round and one is at most ``DOOR_DETOUR`` AP away (not a hero who ``holds_back``)."""
    if state.door_opened or holds_back(state, hero) or ap < 1:
        return None
    board = state.board
    here = _on_map(state, hero.uid)
    anchor = anchor_slot(state)
    if here is None or hero.immobilized or anchor is None:
        return None
    budget = min(ap - 1, DOOR_DETOUR)
    # a walk steps one square for at least rules.walk_ap AP: a door more squares away than the
    # budget pays for is out of reach. Most decisions have no door near: that is asked first,
    # before whether a fight holds the doors shut (every hero's attacks) and the routes
    walk = state.rules.walk_ap
    doors = [d for d in openable_doors(state) if slot_of(d) == anchor and manhattan(here, d) * walk <= budget]
    if not doors:
        return None
    if not goal_needs_tiles(state) and engaged(state):  # the cheap question first
        return None
    if here in doors:
        return RevealRoomTile(here)
    routes = board.hero_routes(state, hero, budget, jumping=False)
    near = [d for d in doors if d in routes]
    if not near:
        return None
    door = min(near, key=lambda d: (routes.cost(d), d))
    return Walk(door)


STEP_PAY = 5.0
"""What a place must pay (``objectives.PAY``: a Loot Card is 5) for a hero in a fight to step
onto it when it reaches it this turn."""


WALK_PAY = 20.0
"""What it must pay for a hero no monster stands next to to leave the fight for it."""


def objective_move(state: Any, hero: HeroState, ap: int) -> Action | None:
    """In a fight: step onto a token or helpful place that pays at least ``STEP_PAY`` when the
    hero reaches it this turn (the best pay for the AP first), or walk toward one that pays at
    least ``WALK_PAY`` when no monster stands next to the hero. Not a hero who ``holds_back``."""
    board = state.board
    here = _on_map(state, hero.uid)
    if here is None or hero.immobilized or holds_back(state, hero):
        return None
    goals = {p: pay for p, pay in objectives.paying_squares(state).items()
             if pay >= STEP_PAY and p != here and (board.free(state, p) or board.occupant(p) is None)}
    if not goals:
        return None
    routes = board.hero_routes(state, hero, ap)
    reach = [(routes.cost(p) - goals[p], p) for p in goals if p in routes]
    if reach:
        target = min(reach)[1]
        return _step(routes[target], target)
    far = {p for p, pay in goals.items() if pay >= WALK_PAY}
    spots = {_at(state, m.uid) for m in monsters_on_map(state)}
    if far and not any(n in spots for n in board.layout.neighbours(here)):
        return _along(state, hero, ap, far)
    return None


def bar_the_way(state: Any, hero: HeroState, ap: int) -> Action | None:
    """In a fight: a hero standing on the Room Tile a monster near it must not reach
    (``objectives.threats``: the heroes lose when it arrives) walks off it toward that monster,
    to a free square next to it off the tile. A monster walks to the nearest hero (chapter
    *Monster Activation*): a hero on the tile draws it on, one in its way stops it there.
    ``None`` when the hero stands elsewhere, or no such square is free or has a way."""
    board = state.board
    here = _on_map(state, hero.uid)
    threats = objectives.threats(state)
    if here is None or hero.immobilized or not threats or ap < 1:
        return None
    dreaded = frozenset(p for squares in threats.values() for p in squares)
    if here not in dreaded:
        return None
    goal = {p for uid in sorted(threats) for p in board.layout.neighbours(_at(state, uid))
            if p not in dreaded and board.free(state, p)}
    return _along(state, hero, ap, goal) if goal else None


def regroup(state: Any, hero: HeroState, ap: int) -> Action | None:
    """In a fight, a hero off the party's Room Tile walks back onto it when it can attack a
    monster from there this turn (each Room Tile with a character on it costs a Doom
    Counter field at the end of the round)."""
    board = state.board
    here = _on_map(state, hero.uid)
    anchor = anchor_slot(state)
    if here is None or anchor is None or slot_of(here) == anchor or hero.immobilized or ap < 2:
        return None
    # a walk steps one square for at least rules.walk_ap AP: a Room Tile more squares away than
    # ap - 1 AP pay for is out of reach without searching the routes
    top, left, bottom, right = slot_bounds(anchor)
    away = max(top - here[0], 0, here[0] - bottom) + max(left - here[1], 0, here[1] - right)
    if away * state.rules.walk_ap > ap - 1:
        return None
    # the monsters it can hurt, before the routes: with none there is nothing to attack from there
    targets = [(monster, ranges) for monster in monsters_on_map(state)
               if (ranges := ranges_against(state, hero, monster))]
    if not targets:
        return None
    routes = board.hero_routes(state, hero, ap - 1, jumping=False)
    # the squares of the party's Room Tile it reaches (in the routes' order), once for every monster;
    # none whose rule only hurts
    keep_off = objectives.targets(state).avoid
    home = [pos for pos in routes if slot_of(pos) == anchor and pos not in keep_off]
    spots = []
    for monster, ranges in targets if home else ():
        where = _at(state, monster.uid)
        longest = max(ranges)  # a square any of its attacks reaches from: the longest does
        for pos in home:
            if board.range_distance(pos, where) <= longest and board.sees(pos, where):
                spots.append((routes.cost(pos), pos))
    if not spots:
        return None
    return Walk(min(spots)[1])


def combat_move(state: Any, hero: HeroState, ap: int) -> Action | None:
    """No attack from where it stands: the cheapest square to attack from this turn, else
    toward the nearest monster. A hero who ``holds_back`` stays where it is. No square, and no
    step, on a Room Tile no friend stands on when its Doom Counter field would be an Extra
    Activation or a Level Up (``party.costly_split``), except to get at the scenario's prey
    (``objectives.is_prey``)."""
    board = state.board
    here = _on_map(state, hero.uid)
    monsters = monsters_on_map(state)
    if here is None or hero.immobilized or not monsters or holds_back(state, hero):
        return None
    usable = {m.uid: ranges_against(state, hero, m) for m in monsters}
    if not any(usable.values()):
        # no monster it can hurt: no square to attack from and none to walk toward (below), so
        # no routes to search (337 of the 726 searches here in 60 games of sunken_reliquary)
        return None
    routes = board.hero_routes(state, hero, ap - 1)
    anchor = anchor_slot(state)
    taken = {_at(state, m.uid) for m in monsters}
    keep_off = objectives.targets(state).avoid  # no square to attack from whose rule only hurts
    # no square on a Room Tile no other character stands on whose field takes the Doom Counter onto
    # an Extra Activation or a Level Up (Phase G): the monsters come on anyway, and every one acting
    # once more costs the party more than one turn's attack gains (measured in docs/skill-ladder.md:
    # 4 heroes won 2 to 3 points more over the shipped scenarios, 2 as many; a split let through
    # when its attacks were expected to defeat the monster won fewer than none). The prey is the
    # exception: its defeat is what the game is played for, and a party waiting on its tile for a
    # boss let the Doom Counter run (the exploration games lost 6 to 13 points of win rate)
    held = costly_split(state, hero)
    spots = []
    for monster in monsters:
        where = _at(state, monster.uid)  # on the map (monsters_on_map)
        reaches = set(usable[monster.uid])
        if not reaches:
            continue
        # the scenario's prey is worth a longer walk, and a Room Tile of the hero's own
        hunted = objectives.is_prey(state, monster)
        wanted = -OFF_TILE if hunted else 0
        apart = None if hunted else held
        longest = max(reaches)
        # a range counts the squares between, less one under each bridge at most: a square further
        # than the longest range and the bridges on the table is out of every range (most squares)
        slack, (wr, wc) = longest + len(board.layout.bridge_middles()), where
        for pos in routes:
            if abs(pos[0] - wr) + abs(pos[1] - wc) > slack or pos in keep_off:
                continue
            if apart is not None and slot_of(pos) not in apart:
                continue
            d = board.range_distance(pos, where)
            if d > longest:  # out of every range: no list of the ranges that fit
                continue
            fits = [reach for reach in reaches if d <= reach]
            if not fits or not board.sees(pos, where):
                continue
            # off the party's Room Tile costs a Doom Counter field at the end of the round
            base = routes.cost(pos) + (OFF_TILE if slot_of(pos) != anchor else 0) + wanted
            for reach in fits:
                # a ranged attack is made from range: not from a square next to a monster
                close = CLOSE if reach > 1 and any(n in taken for n in board.layout.neighbours(pos)) else 0
                spots.append((base + close, routes.jump_count(pos), pos))
    if spots:
        _, _, pos = min(spots)
        # walk or jump as the cheapest way with the whole AP goes (a jump may overrun, a walk may
        # not); the ways that cost at most ap - 1 AP are the same with ap AP (the same cost, the
        # fewest jumps), so only a jump beyond them needs the search with the whole AP
        found = routes if routes.cost(pos) <= ap - 1 else board.hero_routes(state, hero, ap)
        return _step(found[pos], pos)
    # toward a monster it can hurt, the scenario's prey first; never toward one it cannot
    hurtable = [m for m in monsters if usable[m.uid]]
    prey = [m for m in hurtable if objectives.is_prey(state, m)]
    goal = {p for m in (prey or hurtable) for p in board.layout.neighbours(_at(state, m.uid))}
    move = _along(state, hero, ap, goal) if goal else None
    if held is not None and not prey and (to := getattr(move, "to", None)) is not None and slot_of(to) not in held:
        return None
    return move
