"""How a bot party moves on the map (Book of Rules *Action Phase*, *Exploration*, *Phase G:
Doom Counter*, *Unconsciousness*, *Carry Characters*).

The party plays for the scenario's objectives (``sim.objectives``) and against the Doom
Counter, which moves one field per Room Tile with a character on it and one more when no
door was opened in the round. So, for the hero about to act:

* ``first`` - what comes before fighting: in a campaign scenario, give it up (declare the
  escape) when a character is close to death; pick up a token at its feet, carry a token toward
  its goal, pick up an unconscious friend left behind, step off and back onto a place whose
  check failed.
* ``retreat`` - a hurt hero (half its HP or less) with a fitter friend standing moves where
  another standing hero is nearer to the monsters (monsters attack the nearest character), as
  far from them as it can. Without such a friend it fights on (``holds_back``).
* ``combat_move`` - no attack from here: walk to the cheapest square to attack from,
  else toward the nearest monster.
* ``party_move`` - no monster on the map: fetch tokens, step on helpful places, search Loot
  Markers on the way, open the party's door (one a round keeps the Doom Counter slow; not by
  a hurt hero while a fitter friend stands, and once the party stands on the door's Room Tile: what lies behind attacks
  whoever opened it), and end the turn on the Room Tile where most of the party stands.

It never looks ahead and breaks ties by square order, so a game stays reproducible from its
seed. Distances for choices are walked distances on the layout that ignore figures
(breadth first, cached per layout version).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from doria_forge.engine.actions import (
    Action,
    ClearRubble,
    DeclareEscape,
    Jump,
    PickUp,
    PickUpToken,
    PlaceRoomTile,
    PlaceSecretDoor,
    RevealRoomTile,
    Search,
    Walk,
)
from doria_forge.engine.combat import attack_problem
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import slot_of
from doria_forge.engine.moves.movement import pick_up_cost

from . import objectives

Pos = tuple[int, int]

FAR = 10 ** 6
"""An AP budget no hero has: routes for distances rather than for this turn."""

OFF_TILE = 6
"""AP a square off the party's Room Tile is counted as worth when choosing where to fight."""


# --------------------------------------------------------------------------- reading the map
def _on_map(state: Any, uid: str) -> Pos | None:
    return state.board.position(uid)


def _at(state: Any, uid: str) -> Pos:
    """The square of a figure known to stand on the map."""
    pos: Pos = state.board.position(uid)
    return pos


def standing(state: Any) -> list[HeroState]:
    """Conscious heroes on the map, in seat order."""
    return [h for h in state.heroes if h.can_act and _on_map(state, h.uid) is not None]


def monsters_on_map(state: Any) -> list[Any]:
    return [m for m in state.monsters if not m.defeated and _on_map(state, m.uid) is not None]


def distances(state: Any, sources: frozenset[Pos]) -> dict[Pos, int]:
    """Squares -> steps from the nearest of ``sources`` through passable squares, figures
    ignored (cached while the layout does not change)."""
    layout = state.board.layout
    cache = state.scratch.setdefault("explorer_dist", {})
    if cache.get("version") != layout.version:
        cache.clear()
        cache["version"] = layout.version
    found = cache.get(sources)
    if found is None:
        found = {p: 0 for p in sources}
        queue = deque(sorted(sources))
        while queue:
            pos = queue.popleft()
            d = found[pos] + 1
            for n in layout.neighbours(pos):
                if n not in found:
                    found[n] = d
                    queue.append(n)
        cache[sources] = found
    return found


def _step(route: Any, to: Pos) -> Action:
    return Jump(to) if route.jumps else Walk(to)


def _along(state: Any, hero: HeroState, ap: int, goal: frozenset[Pos] | set[Pos]) -> Action | None:
    """The move this turn toward the nearest square of ``goal`` (by the hero's own routes):
    onto it if the AP reach, else as far along the way as they go. ``None`` when no way."""
    board = state.board
    far = board.hero_routes(state, hero, FAR)
    ends = [p for p in goal if p in far]
    if not ends:
        return None
    target = min(ends, key=lambda p: (far[p].cost, p))
    routes = board.hero_routes(state, hero, ap)
    if target in routes:
        return _step(routes[target], target)
    for pos in reversed(far[target].path):
        if pos in routes:
            return _step(routes[pos], pos)
    return None


def hurt(hero: HeroState) -> bool:
    """Half its HP or less (at least 1), or negative PP: time to stay out of reach."""
    return hero.hp <= max(1, hero.hp_max // 2) or hero.pp < 0


def holds_back(state: Any, hero: HeroState) -> bool:
    """A hurt hero with a fitter friend standing leaves the fighting and the doors to the
    friend. Without one it fights on: waiting heals nobody (negative points are only
    regained unconscious), the Doom Counter moves every round without a new Room Tile, and
    a solo hero never falls unconscious (chapter *Special Rules for 1 or 2 Players*)."""
    return hurt(hero) and any(not hurt(h) for h in standing(state) if h is not hero)


# --------------------------------------------------------------------------- decisions
def place_tile(state: Any) -> Action:
    """Where the drawn Room Tile goes (the first placement the rules allow), or where a dead
    end's Secret Door opens (the first wall side offered)."""
    if state.board.pending is None and state.board.pending_secret_door is not None:
        return PlaceSecretDoor(0)
    return PlaceRoomTile(0)


ESCAPE_MARGIN = 8
"""Points (HP or PP) above death at which a campaign party gives the scenario up."""


def give_up(state: Any) -> Action | None:
    """Declare the escape of a campaign scenario that allows it when a character is within
    ``ESCAPE_MARGIN`` points of death (chapter *Escaping a campaign scenario*: the group keeps
    its XP and Monster Points, where a death costs the dead hero's equipment)."""
    play = state.scenario
    if (play is None or state.mode != "campaign" or not play.scenario.escape.allowed or play.escape_declared):
        return None
    floor = state.rules.death_threshold + ESCAPE_MARGIN
    if any(not h.dead and min(h.hp, h.pp) <= floor for h in state.heroes):
        return DeclareEscape()
    return None


def first(state: Any, hero: HeroState, ap: int) -> Action | None:
    """What comes before fighting (see the module docstring), or ``None``."""
    board = state.board
    here = _on_map(state, hero.uid)
    if here is None:
        return None
    escape = give_up(state)
    if escape is not None:
        return escape
    if hero.immobilized:
        return None
    if board.is_buried(hero.uid):
        # buried under Rubble: nothing moves it until the Rubble is cleared, so clear it first
        return ClearRubble(here)
    found = objectives.targets(state)
    play = state.scenario
    if play is not None:
        for token_id, token in sorted(play.tokens.items()):
            if token.square == here and token.carrier is None and not token.removed and here in found.fetch:
                return PickUpToken(token_id)
    goal = found.carry.get(hero.uid)
    if goal and here not in goal:
        move = _along(state, hero, ap, goal)
        if move is not None:
            return move
    if here in found.visit:
        # its check failed (or it needs another try): step off, the next move steps back on
        near = [p for p in board.layout.neighbours(here) if board.free(state, p) and p not in found.visit]
        if near and ap >= 2 * state.rules.walk_ap:
            return Walk(min(near))
    return _carry_friend(state, hero, ap, here)


def _carry_friend(state: Any, hero: HeroState, ap: int, here: Pos) -> Action | None:
    """Pick up an unconscious friend lying on another Room Tile than the party, when this
    hero is the nearest standing one who carries nobody."""
    board = state.board
    if hero.uid in board.carried:
        return None
    anchor = anchor_slot(state)
    carried = set(board.carried.values())
    for friend in state.heroes:
        if friend.can_act or friend.dead or friend.uid in carried:
            continue
        where = _on_map(state, friend.uid)
        if where is None or slot_of(where) == anchor:
            continue
        dist = distances(state, frozenset([where]))
        helpers = [h for h in standing(state) if h.uid not in board.carried]
        nearest = min(helpers, key=lambda h: (dist.get(_at(state, h.uid), FAR), state.heroes.index(h)))
        if nearest is not hero:
            continue
        if pick_up_cost(state, board, here, where) <= ap:
            return PickUp(friend.uid)
        beside = {p for p in board.layout.neighbours(where) if board.free(state, p)}
        if here not in beside:
            return _along(state, hero, ap, beside)
    return None


def anchor_slot(state: Any) -> tuple[int, int] | None:
    """The Room Tile slot where most living characters are (ties: the one placed last)."""
    board = state.board
    counts: dict[tuple[int, int], int] = {}
    for h in state.heroes:
        where = _on_map(state, h.uid)
        if not h.dead and where is not None:
            slot = slot_of(where)
            counts[slot] = counts.get(slot, 0) + 1
    if not counts:
        return None
    order = {placed.slot: placed.order for placed in board.layout.tiles.values()}
    return max(counts, key=lambda s: (counts[s], order.get(s, -1), s))


def retreat(state: Any, hero: HeroState, ap: int) -> Action | None:
    """A hurt hero's move out of the monsters' way (see the module docstring), or ``None``
    when where it stands is as good as it gets."""
    board = state.board
    here = _on_map(state, hero.uid)
    monsters = monsters_on_map(state)
    if here is None or hero.immobilized or not monsters:
        return None
    others = [_at(state, h.uid) for h in standing(state) if h is not hero and not hurt(h)]
    fields = [distances(state, frozenset([_at(state, m.uid)])) for m in monsters]

    def safety(pos: Pos) -> tuple[int, int]:
        shielded = sum(1 for f in fields if any(f.get(o, FAR) < f.get(pos, FAR) for o in others))
        return shielded, min(min(f.get(pos, FAR) for f in fields), 30)

    turn = (state.round, hero.uid)
    if state.scratch.get("retreated") == turn:
        return None  # one step back a turn: the next choice is made from there
    routes = board.hero_routes(state, hero, ap, jumping=False)
    now = safety(here)
    best = max(routes, key=lambda p: (safety(p), -routes[p].cost, p), default=None)
    if best is None or safety(best) <= now:
        return None
    state.scratch["retreated"] = turn
    return Walk(best)


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
    doors = [d for d in board.layout.closed_doors() if slot_of(d) == anchor]
    if here in doors:
        return RevealRoomTile(here)
    routes = board.hero_routes(state, hero, min(ap - 1, DOOR_DETOUR), jumping=False)
    near = [d for d in doors if d in routes]
    if not near:
        return None
    door = min(near, key=lambda d: (routes[d].cost, d))
    return Walk(door)


def _usable_ranges(hero: HeroState, monster: Any) -> list[int]:
    """The ranges of the hero's attacks it could make against ``monster`` (ignoring range)."""
    out = []
    for item in hero.hand_items() + hero.body_items + hero.belt:
        from_belt = hero.location(item) == "belt"
        for profile in item.card.attacks:
            if attack_problem(hero, item, profile, monster, from_belt=from_belt) is None:
                out.append(max(1, hero.attack_range(profile)))
    return out


def regroup(state: Any, hero: HeroState, ap: int) -> Action | None:
    """In a fight, a hero off the party's Room Tile walks back onto it when it can attack a
    monster from there this turn (each Room Tile with a character on it costs a Doom
    Counter field at the end of the round)."""
    board = state.board
    here = _on_map(state, hero.uid)
    anchor = anchor_slot(state)
    if here is None or anchor is None or slot_of(here) == anchor or hero.immobilized or ap < 2:
        return None
    routes = board.hero_routes(state, hero, ap - 1, jumping=False)
    spots = []
    for monster in monsters_on_map(state):
        where = _at(state, monster.uid)
        for reach in set(_usable_ranges(hero, monster)):
            for pos in routes:
                if (slot_of(pos) == anchor and board.range_distance(pos, where) <= reach
                        and board.sees(pos, where)):
                    spots.append((routes.cost(pos), pos))
    if not spots:
        return None
    return Walk(min(spots)[1])


def combat_move(state: Any, hero: HeroState, ap: int) -> Action | None:
    """No attack from where it stands: the cheapest square to attack from this turn, else
    toward the nearest monster. A hero who ``holds_back`` stays where it is."""
    board = state.board
    here = _on_map(state, hero.uid)
    monsters = monsters_on_map(state)
    if here is None or hero.immobilized or not monsters or holds_back(state, hero):
        return None
    routes = board.hero_routes(state, hero, ap - 1)
    anchor = anchor_slot(state)
    spots = []
    for monster in monsters:
        where = _on_map(state, monster.uid)
        for reach in set(_usable_ranges(hero, monster)):
            for pos in routes:
                if board.range_distance(pos, where) <= reach and board.sees(pos, where):
                    # off the party's Room Tile costs a Doom Counter field at the end of the round
                    away = OFF_TILE if slot_of(pos) != anchor else 0
                    spots.append((routes.cost(pos) + away, routes.jump_count(pos), pos))
    if spots:
        _, _, pos = min(spots)
        # walk or jump as the whole AP decide (a jump may overrun, a walk may not)
        return _step(board.hero_routes(state, hero, ap)[pos], pos)
    goal = {p for m in monsters for p in board.layout.neighbours(_at(state, m.uid))}
    return _along(state, hero, ap, goal)


def party_move(state: Any, hero: HeroState, ap: int) -> Action | None:
    """No monster on the map: objectives, Loot Markers, the party's door, then back to the
    party's Room Tile (see the module docstring); ``None``: end the turn."""
    board = state.board
    here = _on_map(state, hero.uid)
    if here is None or hero.immobilized:
        return None
    layout = board.layout
    if layout.has(here, "loot") and state.loot is not None and ap >= 1:
        return Search(1)
    found = objectives.targets(state)
    for goal in (found.fetch, found.visit, found.gather):
        if goal and here not in goal:
            move = _along(state, hero, ap, goal)
            if move is not None:
                return move
    if found.gather and here in found.gather:
        return None
    anchor = anchor_slot(state)
    loot = {p for p in layout.squares_with("loot") if slot_of(p) == anchor}
    if loot:
        move = _along(state, hero, ap, loot)
        if move is not None:
            return move
    if not state.door_opened and not holds_back(state, hero):
        door = party_door(state)
        if door is not None:
            if here == door:
                # what lies behind a door attacks whoever opened it: wait for the party
                if together(state, slot_of(door)) or ap <= 1:
                    return RevealRoomTile(door)
                return None
            move = _along(state, hero, ap, {door})
            if move is not None:
                return move
    if anchor is not None and slot_of(here) != anchor:
        squares = {p for p in layout.tiles[anchor].squares() if board.free(state, p)}
        return _along(state, hero, ap, squares)
    return None


def together(state: Any, slot: tuple[int, int]) -> bool:
    """Every standing hero is on the Room Tile in ``slot`` or has no AP left to get there."""
    for h in standing(state):
        where = _at(state, h.uid)
        if slot_of(where) != slot and state.ap.get(h.uid, 0) >= 1:
            return False
    return True


def party_door(state: Any) -> Pos | None:
    """The closed door the party opens next: the fewest steps summed over the standing
    heroes (ties: square order). Doors are skipped while an objective's square is known."""
    layout = state.board.layout
    doors = [d for d in layout.closed_doors() if d not in layout.dead_doors]
    if not doors:
        return None
    fields = [distances(state, frozenset([_at(state, h.uid)])) for h in standing(state)]
    return min(doors, key=lambda d: (sum(f.get(d, FAR) for f in fields), d))
