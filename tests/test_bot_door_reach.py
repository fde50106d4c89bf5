"""In a fight a hero walks to the party's door only when it is at most ``DOOR_DETOUR`` AP away
(``fight_moves.open_door``; a round without a new Room Tile costs a Doom Counter field): walked
AP (chapter *Walking (1 AP per square)*), never the squares as the crow flies, and never beyond
the AP the hero has left for opening it."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

from doria_forge.engine.actions import RevealRoomTile, Walk
from doria_forge.sim.fight_moves import DOOR_DETOUR, open_door

OPEN = [".....", ".....", ".....", ".....", "....."]
WALLED = [".....", ".....", "#.###", ".....", "....."]
"""A wall across the room but for one gap: from (1, 2) the door (4, 2) is 3 squares away as the
crow flies and 5 walked."""


def _fight(rows, at, ap=10):
    """A warrior in a room whose door is (4, 2), an Orc in the far corner (not next to him)."""
    room = tile("R", rows, doors=[("south", 2)])
    state = map_game(pack_with(room), ["warrior"], tiles=[("R", (0, 0), 0)], at={"warrior": at},
                     monsters=[("orc", (0, 4))], ap=ap, deck=["R"])  # a Room Tile behind the door
    return state, state.hero("warrior")


def test_a_door_within_the_detour_is_walked_to_and_one_further_is_not():
    assert DOOR_DETOUR == 3
    state, hero = _fight(OPEN, (1, 2))
    assert open_door(state, hero, 10) == Walk((4, 2))
    state, hero = _fight(OPEN, (0, 2))
    assert open_door(state, hero, 10) is None


def test_the_walk_is_counted_in_walked_squares_not_as_the_crow_flies():
    state, hero = _fight(WALLED, (1, 2))
    assert open_door(state, hero, 10) is None
    state, hero = _fight(WALLED, (2, 1))  # in the gap: 3 squares walked
    assert open_door(state, hero, 10) == Walk((4, 2))


def test_the_hero_keeps_an_ap_to_open_the_door_it_walks_to():
    state, hero = _fight(OPEN, (1, 2), ap=3)
    assert open_door(state, hero, 3) is None
    state, hero = _fight(OPEN, (2, 2), ap=3)
    assert open_door(state, hero, 3) == Walk((4, 2))
    state, hero = _fight(OPEN, (4, 2), ap=1)
    assert open_door(state, hero, 1) == RevealRoomTile((4, 2))
