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

from doria_forge.engine import choices
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
from doria_forge.engine.combat import armor_against, attack_problem, hit_damage
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import manhattan, slot_of
from doria_forge.engine.moves.movement import pick_up_cost

from . import objectives

Pos = tuple[int, int]

FAR = 10 ** 6
"""An AP budget no hero has: routes for distances rather than for this turn."""

OFF_TILE = 6
"""AP a square off the party's Room Tile is counted as worth when choosing where to fight."""

CLOSE = 4
"""AP a square next to a monster is counted as worth to a hero choosing where to shoot from."""


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
        return _through_rubble(state, hero, ap, goal)
    target = min(ends, key=lambda p: (far[p].cost, p))
    routes = board.hero_routes(state, hero, ap)
    if target in routes:
        return _step(routes[target], target)
    for pos in reversed(far[target].path):
        if pos in routes:
            return _step(routes[pos], pos)
    return None


def _through_rubble(state: Any, hero: HeroState, ap: int, goal: frozenset[Pos] | set[Pos]) -> Action | None:
    """No way to ``goal`` but through Rubble (chapter *Dungeon Markers*: a character clears
    Rubble next to it for 10 AP): clear the first Rubble on the shortest way, walking next to it
    first. ``None`` when Rubble does not block the way either."""
    board = state.board
    layout = board.layout
    here = _on_map(state, hero.uid)
    if here is None or not goal or not layout.squares_with("rubble"):
        return None
    before: dict[Pos, Pos | None] = {here: None}
    queue = deque([here])
    end = None
    while queue:
        pos = queue.popleft()
        if pos in goal:
            end = pos
            break
        for n in ((pos[0] - 1, pos[1]), (pos[0], pos[1] + 1), (pos[0] + 1, pos[1]), (pos[0], pos[1] - 1)):
            if n not in before and layout.joins(pos, n) and (layout.passable(n) or layout.has(n, "rubble")):
                before[n] = pos
                queue.append(n)
    if end is None:
        return None
    way = [end]
    while before[way[-1]] is not None:
        way.append(before[way[-1]])  # type: ignore[arg-type]
    way.reverse()
    rubble = next((i for i, p in enumerate(way) if layout.has(p, "rubble")), None)
    if rubble is None:
        return None
    square, beside = way[rubble], way[rubble - 1]
    if beside == here:
        return ClearRubble(square) if ap >= state.rules.clear_rubble_ap else None
    routes = board.hero_routes(state, hero, ap)
    if beside in routes:
        return _step(routes[beside], beside)
    far = board.hero_routes(state, hero, FAR)
    if beside not in far:
        return None
    for pos in reversed(far[beside].path):
        if pos in routes:
            return _step(routes[pos], pos)
    return None


HURT_SHARE = 0.5
"""Share of its HP at or below which a hero is hurt (``hurt``)."""


def hurt(hero: HeroState) -> bool:
    """Half its HP or less (at least 1), or negative PP: time to stay out of reach."""
    return hero.hp <= max(1, int(hero.hp_max * HURT_SHARE)) or hero.pp < 0


def holds_back(state: Any, hero: HeroState) -> bool:
    """A hurt hero with a fitter friend standing leaves the fighting and the doors to the
    friend. Without one it fights on: waiting heals nobody (negative points are only
    regained unconscious), the Doom Counter moves every round without a new Room Tile, and
    a solo hero never falls unconscious (chapter *Special Rules for 1 or 2 Players*)."""
    return hurt(hero) and any(not hurt(h) for h in standing(state) if h is not hero)


# --------------------------------------------------------------------------- decisions
def place_tile(state: Any) -> Action:
    """Where the drawn Room Tile goes (the first placement the rules allow), or where a dead
    end's Secret Door opens (the open choice ``secret_door_side``: the first wall side offered
    unless the game's choice policy decides otherwise)."""
    board = state.board
    if board.pending is None and board.pending_secret_door is not None:
        # the players decide the side (Dead Ends): asked of the game's choice policy, the first
        # side without one; for the heroes, the side nearest to them
        spots = [square for square, _ in board.pending_secret_door.options]
        party = [_at(state, h.uid) for h in standing(state)]
        index = choices.first(state, "secret_door_side", list(range(len(spots))),
                              benefit=lambda i: -sum(manhattan(spots[i], p) for p in party))
        return PlaceSecretDoor(index)
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
    if any(not h.dead and min(h.hp, h.pp) <= floor for h in state.heroes) and not left_behind(state):
        return DeclareEscape()
    return None


def left_behind(state: Any) -> list[HeroState]:
    """Unconscious friends nobody carries while a standing hero who carries nobody could pick
    them up: an escape now would leave them lying where the monsters are."""
    board = state.board
    carried = set(board.carried.values())
    free_hands = [h for h in standing(state) if h.uid not in board.carried]
    if not free_hands:
        return []
    return [h for h in state.heroes if not h.dead and not h.can_act and h.uid not in carried
            and _on_map(state, h.uid) is not None]


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
    if play_escape_pending(state):
        rescue = _carry_friend(state, hero, ap, here, anywhere=True)
        if rescue is not None:
            return rescue
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


def play_escape_pending(state: Any) -> bool:
    """A campaign party that would give the scenario up, but for a friend left lying."""
    play = state.scenario
    if play is None or state.mode != "campaign" or not play.scenario.escape.allowed or play.escape_declared:
        return False
    floor = state.rules.death_threshold + ESCAPE_MARGIN
    return any(not h.dead and min(h.hp, h.pp) <= floor for h in state.heroes)


def _carry_friend(state: Any, hero: HeroState, ap: int, here: Pos, *, anywhere: bool = False) -> Action | None:
    """Pick up an unconscious friend lying on another Room Tile than the party (``anywhere``:
    wherever it lies), when this hero is the nearest standing one who carries nobody."""
    board = state.board
    if hero.uid in board.carried:
        return None
    anchor = anchor_slot(state)
    carried = set(board.carried.values())
    for friend in state.heroes:
        if friend.can_act or friend.dead or friend.uid in carried:
            continue
        where = _on_map(state, friend.uid)
        if where is None or (slot_of(where) == anchor and not anywhere):
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
    if engaged(state) and not goal_needs_tiles(state):
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


def engaged(state: Any) -> bool:
    """Whether a standing hero has a monster next to it that the party can hurt (what a new Room
    Tile brings would join a fight already under way). A monster no standing hero can hurt is
    no fight to finish first: waiting for it to go away only lets the Doom Counter run, so the
    party goes on exploring."""
    board = state.board
    heroes = standing(state)
    near = {n for h in heroes for n in board.layout.neighbours(_at(state, h.uid))}
    # which monsters the party can hurt is asked only of those next to a hero (every decision asks)
    return any(_at(state, m.uid) in near and any(can_hurt(h, m) for h in heroes) for m in monsters_on_map(state))


def goal_needs_tiles(state: Any) -> bool:
    """Whether the goal cannot wait for the fight to end: the scenario's target Room Tile (where
    its goal happens) is not revealed yet and nothing on the map is known to steer for. Measured
    at 4 heroes, 200 runs: holding the doors shut in every fight cost The Alchemist's Fuse 26
    points of win rate (66% against 92%) and The Goblin Warren 18 (28% against 46%)."""
    play = state.scenario
    if play is None:
        return False
    target = play.scenario.setup.target_tile
    return target is not None and target not in play.revealed and not objectives.targets(state).any


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
    reach = [(routes[p].cost - goals[p], p) for p in goals if p in routes]
    if reach:
        target = min(reach)[1]
        return _step(routes[target], target)
    far = {p for p, pay in goals.items() if pay >= WALK_PAY}
    spots = {_at(state, m.uid) for m in monsters_on_map(state)}
    if far and not any(n in spots for n in board.layout.neighbours(here)):
        return _along(state, hero, ap, far)
    return None


def can_hurt(hero: HeroState, monster: Any) -> bool:
    """Whether ``hero`` has an attack that can hurt ``monster`` at all (its immunities: ranged,
    magic only...), wherever it stands."""
    return bool(_usable_ranges(hero, monster))


def _usable_ranges(hero: HeroState, monster: Any) -> list[int]:
    """The ranges of the hero's attacks it could make against ``monster`` (ignoring range) that
    get past its armor (``hurts``)."""
    out = []
    for item in hero.hand_items() + hero.body_items + hero.belt:
        from_belt = hero.location(item) == "belt"
        for profile in item.card.attacks:
            if attack_problem(hero, item, profile, monster, from_belt=from_belt) is None and hurts(hero, profile,
                                                                                                  monster):
                out.append(max(1, hero.attack_range(profile)))
    return out


def hurts(hero: HeroState, profile: Any, monster: Any) -> bool:
    """Whether a hit with ``profile`` gets past ``monster``'s Armor Rating without a critical
    step (10 points above the defense: chapter *Critical Rolls and Fumbles*). An attack only
    criticals get through with is no way to defeat a monster: measured over the shipped
    scenarios (4 heroes, 200 runs each), a party that leaves such attacks alone and goes on with
    the scenario wins more (Alchemist's Fuse 70% -> 81%, Sunken Reliquary 36% -> 41%)."""
    return hit_damage(hero, profile, monster) > armor_against(profile, monster)


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
    taken = {_at(state, m.uid) for m in monsters}
    spots = []
    for monster in monsters:
        where = _on_map(state, monster.uid)
        for reach in set(_usable_ranges(hero, monster)):
            for pos in routes:
                if board.range_distance(pos, where) <= reach and board.sees(pos, where):
                    # off the party's Room Tile costs a Doom Counter field at the end of the round;
                    # the scenario's prey is worth a longer walk
                    away = OFF_TILE if slot_of(pos) != anchor else 0
                    wanted = -OFF_TILE if objectives.is_prey(state, monster) else 0
                    # a ranged attack is made from range: not from a square next to a monster
                    close = CLOSE if reach > 1 and any(n in taken for n in board.layout.neighbours(pos)) else 0
                    spots.append((routes.cost(pos) + away + wanted + close, routes.jump_count(pos), pos))
    if spots:
        _, _, pos = min(spots)
        # walk or jump as the whole AP decide (a jump may overrun, a walk may not)
        return _step(board.hero_routes(state, hero, ap)[pos], pos)
    # toward a monster it can hurt, the scenario's prey first; never toward one it cannot
    hurtable = [m for m in monsters if can_hurt(hero, m)]
    prey = [m for m in hurtable if objectives.is_prey(state, m)]
    goal = {p for m in (prey or hurtable) for p in board.layout.neighbours(_at(state, m.uid))}
    return _along(state, hero, ap, goal) if goal else None


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
    if not state.door_opened and not holds_back(state, hero) and not (engaged(state) and not goal_needs_tiles(state)):
        # the party's door first; one the hero cannot get to now (a monster in the way), the next
        for door in party_doors(state):
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
    heroes (ties: square order); ``None`` when no door is left."""
    doors = party_doors(state)
    return doors[0] if doors else None


def party_doors(state: Any) -> list[Pos]:
    """The closed doors in the order the party would open them (see :func:`party_door`)."""
    layout = state.board.layout
    doors = [d for d in layout.closed_doors() if d not in layout.dead_doors]
    if not doors:
        return []
    fields = [distances(state, frozenset([_at(state, h.uid)])) for h in standing(state)]
    return sorted(doors, key=lambda d: (sum(f.get(d, FAR) for f in fields), d))
