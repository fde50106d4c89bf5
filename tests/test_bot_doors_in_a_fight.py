"""The party's door and a fight (``sim.party.engaged``, ``goal_needs_tiles``): while a standing
hero has a monster the party can hurt next to it, nobody opens a door (what lies behind would join
the fight) unless the goal cannot wait for the next Room Tile; ``party_move`` (a hero with no
attack to make) and ``open_door`` (a hero in the fight) answer alike."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile, with_docs

from doria_forge.engine.actions import RevealRoomTile
from doria_forge.model.scenario import Scenario
from doria_forge.sim import explorer, party

OPEN = tile("OPEN", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])
FAR = tile("FAR", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])


def _game(goal_needs_tiles: bool):
    """The warrior on the door (4, 2), the mage with an Orc next to her; the goal is the Room Tile
    FAR (still in the deck, nothing on the map to steer for) or a flag nothing sets."""
    fields = {"kind": "scenario", "id": "test", "name": "Test", "story": "s", "goal": "g"}
    if goal_needs_tiles:
        fields |= {"goals": {"win": [{"goal": "clear_tile", "tile": "FAR"}]}, "setup": {"target_tile": "FAR"}}
    else:
        fields |= {"goals": {"win": [{"goal": "flag", "flag": "never"}]}}
    sc = Scenario.model_validate(fields)
    pack = with_docs(pack_with(OPEN, FAR), sc)
    return map_game(pack, ["warrior", "mage"], tiles=[("OPEN", (0, 0), 0)], at={"warrior": (4, 2), "mage": (0, 0)},
                    monsters=[("orc", (0, 1))], ap=20, deck=["OPEN", "FAR"], scenario="test")


def test_an_engaged_party_keeps_the_door_shut_unless_the_goal_needs_the_next_tile():
    for needs in (False, True):
        state = _game(needs)
        warrior = state.hero("warrior")
        assert party.engaged(state) and party.goal_needs_tiles(state) == needs
        expected = RevealRoomTile((4, 2)) if needs else None
        assert explorer.open_door(state, warrior, 20) == expected
        assert explorer.party_move(state, warrior, 20) == expected


def test_a_party_no_longer_engaged_opens_the_door():
    state = _game(False)
    state.board.move_to(state.monsters[0].uid, (0, 4))
    state.board.move_to("mage", (3, 2))
    assert not party.engaged(state)
    warrior = state.hero("warrior")
    assert explorer.open_door(state, warrior, 20) == RevealRoomTile((4, 2))
    assert explorer.party_move(state, warrior, 20) == RevealRoomTile((4, 2))


def test_with_the_room_tile_deck_empty_nobody_walks_to_a_door():
    """The Room Tile deck's size lies open on the table: once it is empty, every door is a dead
    one (*Revealing a Room Tile* draws "the uppermost Room Tile from the deck"). Before, the
    Lantern Vigil's lantern bearer walked its AP away to the doors of A-1 (two tiles in its deck)
    to open them for nothing; measured (seed 1, 1000 runs at 1/2/4 players, greedy), the party
    that leaves them shut won 49%/42%/32% instead of 47%/39%/25%."""
    state = _game(False)
    state.board.move_to(state.monsters[0].uid, (0, 4))
    warrior = state.hero("warrior")
    state.board.move_to("warrior", (2, 2))
    assert party.party_doors(state) == [(4, 2)]
    assert explorer.party_move(state, warrior, 20) is not None
    state.board.deck.clear()
    assert party.party_doors(state) == []
    assert explorer.party_move(state, warrior, 20) is None


def test_in_an_exploration_game_the_party_opens_doors_in_a_fight_until_the_boss_card_is_drawn():
    """An exploration game (*Single Scenario Mode*: a Boss Monster card shuffled into the Room
    Tile stack ends it) has no target tile, but its goal waits under the boss card: until the
    card comes out, an engaged party still opens the door. Before, it held the doors shut in
    every fight, and the Doom Counter climbed while the boss stayed in the stack (200 runs, seed
    1, 4 players: The Hollow King's card came out in 22 games, now 64)."""
    fields = {"kind": "scenario", "id": "test", "name": "Test", "story": "s", "goal": "g",
              "goals": {"win": [{"goal": "flag", "flag": "never"}]}, "setup": {"boss_card": "bottom_third"}}
    pack = with_docs(pack_with(OPEN, FAR), Scenario.model_validate(fields))
    state = map_game(pack, ["warrior", "mage"], tiles=[("OPEN", (0, 0), 0)], at={"warrior": (4, 2), "mage": (0, 0)},
                     monsters=[("orc", (0, 1))], ap=20, deck=["OPEN", "FAR"], scenario="test")
    state.board.boss_card_tile = "FAR"
    warrior = state.hero("warrior")
    assert party.engaged(state) and party.goal_needs_tiles(state)
    assert explorer.open_door(state, warrior, 20) == RevealRoomTile((4, 2))
    assert explorer.party_move(state, warrior, 20) == RevealRoomTile((4, 2))
    state.scenario.revealed.add("FAR")  # the card is out: the fight holds the doors shut again
    assert not party.goal_needs_tiles(state)
    assert explorer.open_door(state, warrior, 20) is None
