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
  else toward the nearest monster; never onto a Room Tile no friend stands on when its Doom
  Counter field would reach an Extra Activation or a Level Up (``party.costly_split``), unless
  to get at the scenario's prey.
* ``party_move`` - no monster on the map: fetch tokens, step on helpful places, search Loot
  Markers on the way, open the party's door (one a round keeps the Doom Counter slow; not by
  a hurt hero while a fitter friend stands, and once the party stands on the door's Room Tile: what lies behind attacks
  whoever opened it), and end the turn on the Room Tile where most of the party stands.

``retreat``, ``combat_move`` and the other moves of a fight are ``sim.fight_moves``'s; what the
party's situation is (hurt, holding back, engaged, its Room Tile and door, giving up) is
``sim.party``; where figures stand and how a hero walks to a goal is ``sim.reach``; which
attacks can hurt a monster is ``sim.hurting``. This module keeps the moves outside a fight and
is where the policies ask for all of them (``__all__``).

It never looks ahead and breaks ties by square order, so a game stays reproducible from its
seed. Distances for choices are walked distances on the layout that ignore figures
(breadth first, cached per layout version).
"""

from __future__ import annotations

from typing import Any

from doria_forge.engine import choices
from doria_forge.engine.actions import (
    Action,
    ClearRubble,
    PickUp,
    PickUpToken,
    PlaceRoomTile,
    PlaceSecretDoor,
    RevealRoomTile,
    Search,
    Walk,
)
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import manhattan, slot_of
from doria_forge.engine.moves.movement import pick_up_cost

from . import objectives
from .fight_moves import bar_the_way, combat_move, objective_move, open_door, regroup, retreat
from .hurting import hurts, ranges_against
from .party import (
    anchor_slot,
    close_to_death,
    engaged,
    give_up,
    goal_needs_tiles,
    holds_back,
    party_doors,
    play_escape_pending,
    together,
)
from .reach import FAR, Pos, _along, _at, _on_map, beyond_monsters, distances, monsters_on_map, standing


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
        near = [p for p in board.layout.neighbours(here)
                if board.free(state, p) and p not in found.visit and p not in found.avoid]
        if near and ap >= 2 * state.rules.walk_ap:
            return Walk(min(near))
    return _carry_friend(state, hero, ap, here)


def _carry_friend(state: Any, hero: HeroState, ap: int, here: Pos, *, anywhere: bool = False) -> Action | None:
    """Pick up an unconscious friend lying on another Room Tile than the party (``anywhere``:
    wherever it lies), when this hero is the nearest standing one who carries nobody."""
    board = state.board
    if hero.uid in board.carried:
        return None
    carried = set(board.carried.values())
    lying = [(friend, where) for friend in state.heroes
             if not (friend.can_act or friend.dead or friend.uid in carried)
             and (where := _on_map(state, friend.uid)) is not None]
    # the party's Room Tile is asked only with a friend lying on the map: most decisions have none
    anchor = anchor_slot(state) if lying and not anywhere else None
    for friend, where in lying:
        if not anywhere and slot_of(where) == anchor:
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
        # waiting on the goal beside a monster it cannot hurt: a step away within the goal lets
        # the monster follow, and frees the square or door a friend still has to come through
        near = set(layout.neighbours(here))
        if any(board.position(m.uid) in near and not ranges_against(state, hero, m) for m in monsters_on_map(state)):
            return retreat(state, hero, ap, within=found.gather)
        return None
    anchor = anchor_slot(state)
    loot = {p for p in layout.squares_with("loot") if slot_of(p) == anchor}
    if loot:
        move = _along(state, hero, ap, loot)
        if move is not None:
            return move
    # whether the goal needs tiles before whether a fight holds the doors shut: the cheap question first
    if not state.door_opened and not holds_back(state, hero) and (goal_needs_tiles(state) or not engaged(state)):
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
        if holds_back(state, hero) and close_to_death(state, hero) and monsters_on_map(state):
            # a hero close to death rejoins the party only where no monster reaches it this round,
            # in one move: walking back beside the monsters undid the step back it had just taken
            # (The Goblin Warren, 2 players: at -13 HP back beside five monsters, dead that round).
            # Any hurt hero kept off the party's tile so cost as many wins as it saved (the Doom
            # Counter's field a round; measured in docs/skill-ladder.md)
            squares = beyond_monsters(state, squares)
            move = _along(state, hero, ap, squares) if squares else None
            return move if getattr(move, "to", None) in squares else None
        return _along(state, hero, ap, squares)
    return None


# The policies ask for the whole map play here (sim.bots, sim.search): this module's moves,
# the fight's, and the readings they score positions with.
__all__ = ["bar_the_way", "combat_move", "distances", "first", "holds_back", "hurts", "monsters_on_map",
           "objective_move",
           "open_door", "party_move", "place_tile", "regroup", "retreat", "standing"]
