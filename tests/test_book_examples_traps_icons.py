"""Book of Rules *Traps and Secret Doors* (book lines 1246-1262) and *Dead Ends* (lines
1264-1270): the rules with figures no other test rebuilt, each from the book's words (line
numbers of doria-rules-en.md). The chapter's EXAMPLE (the Boulder Trap at Monster Level 1)
is ``test_engine_decks.test_traps_example_boulder_tn_31``."""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile, where
from test_engine_state import make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import PlaceSecretDoor, RevealRoomTile, Walk
from doria_forge.engine.decks import TRAP, Card
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.spawn import spawn_monster
from doria_forge.engine.traps import resolve_trap
from doria_forge.model.pack import ContentPack
from doria_forge.model.trap import Trap, TrapEffect


def test_a_traps_ml_target_number_follows_the_current_monster_level():
    """*Traps and Secret Doors* (book line 1252): "the value ML is often indicated on the Trap
    cards: This value refers to the current Monster Level and is multiplied by the given
    number". The Boulder Trap's 28+[3xML] (book line 1258) is 31 at ML 1 and 37 at ML 3: the
    Warrior (STR 13, AGI 9) who needs a 9 at ML 1 now needs 15 and makes it with 7+8; the
    Adventurer (STR 9, AGI 8) rolls 9+9 = 35 and is hit."""
    state = make_state(["warrior", "adventurer"], faces=[7, 8, 9, 9], monster_level=3)
    warrior, adventurer = state.heroes
    assert (warrior.attribute("STR"), warrior.attribute("AGI")) == (13, 9)
    assert (adventurer.attribute("STR"), adventurer.attribute("AGI")) == (9, 8)
    results = resolve_trap(state, Card(TRAP, "boulder_trap"), warrior)
    assert [(r.hero, r.target_number, r.total, r.success) for r in results] == [
        ("warrior", 37, 37, True), ("adventurer", 37, 35, False)]
    assert warrior.hp == warrior.hp_max and adventurer.hp < adventurer.hp_max


# A start tile with its only door east, three door-less rooms round the slot east of it and
# a closet whose only door faces west: placed there, the closet is walled in on every side.
START = tile("S", ["#####", "#...#", "#....", "#...#", "#####"], doors=[("east", 2)],
             starts=[(2, 2)], entrances=[(2, 1)])
CELL = tile("W", ["#####", "#...#", "#...#", "#...#", "#####"])
CLOSET = tile("A-3", ["#####", "#...#", "....#", "#...#", "#####"], doors=[("west", 2)])


def test_a_dead_end_walled_in_by_other_rooms_lets_the_players_choose_the_room_of_the_secret_door():
    """*Dead Ends* (book line 1266): "If the last room placed should be surrounded by other rooms,
    the players can choose on which Room Tile the Secret Door opens and the dungeon continues."
    The Mage opens the start tile's only door onto a closet that has rooms north, east and south
    of it and no door of its own left: no unopened door remains in the dungeon, the closet has no
    free Wall side, so the Secret Door is offered in the free Wall sides of the other rooms (the
    start tile and the three around the closet), the players choosing among them."""
    state = map_game(pack_with(START, CELL, CLOSET), ["mage"],
                     tiles=[("S", (0, 0), 0), ("W", (-1, 1), 0), ("W", (1, 1), 0), ("W", (0, 2), 0)],
                     at={"mage": (2, 4)}, deck=["A-3", "A-3"])
    state.apply(RevealRoomTile((2, 4)))
    layout = state.board.layout
    assert layout.tiles[(0, 1)].tile_id == "A-3" and layout.closed_doors() == []
    options = state.board.pending_secret_door.options
    assert state.legal_actions() == [PlaceSecretDoor(i) for i in range(len(options))]
    rooms = {(square[0] // 5, square[1] // 5) for square, _ in options}
    assert (0, 1) not in rooms  # the closet itself has no Wall side without a neighbour
    assert rooms == {(0, 0), (-1, 1), (1, 1), (0, 2)}
    pick = next(i for i, (square, _) in enumerate(options) if (square[0] // 5, square[1] // 5) == (1, 1))
    state.apply(PlaceSecretDoor(pick))
    assert layout.secret_doors == {options[pick][0]: options[pick][1]}


def test_a_dead_ends_secret_door_is_opened_like_a_normal_door_before_the_next_tile_is_drawn():
    """*Dead Ends* (book line 1268): "This special Secret Door is treated like a normal, unopened
    door. The heroes have to open it first before the next Room Tile is drawn." The closet behind
    the start tile's only door is a dead end; the Secret Door appears in its north Wall (the
    middle square, book line 1266), the next Room Tile stays in the deck until the Mage walks
    onto the Secret Door and opens it; then it is placed behind it."""
    start = tile("S", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)],
                 starts=[(2, 2)], entrances=[(3, 2)])
    closet = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    room = tile("B-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    state = map_game(pack_with(start, closet, room), ["mage"], tiles=[("S", (0, 0), 0)], at={"mage": (0, 2)},
                     deck=["A-3", "B-3"])
    state.apply(RevealRoomTile((0, 2)))
    north = next(i for i, (_, side) in enumerate(state.board.pending_secret_door.options) if side == "north")
    state.apply(PlaceSecretDoor(north))
    layout = state.board.layout
    assert layout.closed_doors() == [(-5, 2)]
    assert state.board.deck == ["B-3"] and (-2, 0) not in layout.tiles
    state.apply(Walk((-4, 2)))
    state.apply(Walk((-5, 2)))
    assert where(state, "mage") == (-5, 2) and state.board.deck == ["B-3"]
    assert RevealRoomTile((-5, 2)) in state.legal_actions()
    state.apply(RevealRoomTile((-5, 2)))
    assert layout.tiles[(-2, 0)].tile_id == "B-3" and state.board.deck == []


STICKY_ROOM = Trap(id="sticky_floor", name="Sticky Floor", trap_type="room", check_attributes=("STR", "AGI"),
                   tn_base=24, tn_per_ml=2, effect=TrapEffect(blocks_doors=True, immobilize=True))
"""A room Trap that both blocks the doors and holds the characters fast (a pack may combine them)."""


def _sticky_room_game():
    """The Warrior and the Mage in a room whose east door the Sticky Floor may block: (state,
    warrior, mage)."""
    room = tile("ROOM", ["#####", "#...#", "#....", "#...#", "#####"], doors=[("east", 2)])
    pack = ContentPack.from_documents(list(pack_with(room)) + [STICKY_ROOM])
    state = map_game(pack, ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (1, 1), "mage": (3, 3)})
    return state, state.hero("warrior"), state.hero("mage")


def test_disarming_a_room_trap_ends_its_blocked_doors_and_its_hold_on_every_character():
    """*Traps and Secret Doors* (book line 1252): "As soon as the Trap is disarmed or the end
    condition triggered, all room effects like Blocked Doors and any movement impacts will end."
    The Warrior and the Mage both miss the Sticky Floor (two Fumbles): the room's door is
    blocked and both are Immobilized. In Phase F the Warrior disarms it (9+9 against TN 26 at
    ML 1): the door opens and neither of them is held any more, with no try of their own to
    climb free (the dice would fail those)."""
    state, warrior, mage = _sticky_room_game()
    # two Fumbles; the Warrior disarms in Phase F; then two failed tries to climb free, if asked
    state.dice = ScriptedDice([1, 1, 1, 1, 9, 9, 1, 1, 1, 1])
    resolve_trap(state, Card(TRAP, "sticky_floor"), warrior)
    assert warrior.immobilized and mage.immobilized
    assert state.board.layout.squares_with("blocked_door") == [(2, 4)]
    phases.phase_f_special(state)
    [disarm] = state.log.of_kind("trap_disarm")
    assert (disarm.actor, disarm["target_number"], disarm["success"]) == ("warrior", 26, True)
    assert state.board.layout.squares_with("blocked_door") == []
    assert not warrior.immobilized and not mage.immobilized


def test_a_room_trap_s_gold_goes_to_the_character_who_drew_it_not_to_a_later_disarmer():
    """*Traps and Secret Doors* (book line 1252): "The disarming character receives the trap card
    as gold and the experience points are attributed to the group. The rewards are also granted if
    the Trap was not disarmed, but the effects triggered." The engine's reading
    (docs/rules-decisions.md, *The Trap card's gold*): the character who drew it takes the card
    when its effects trigger. The Mage draws the Sticky Floor; both he and the Warrior fail (two
    Fumbles); in Phase F the Warrior disarms it (9+9 against TN 26): the card stays the Mage's
    gold and the group has its XP once."""
    state, warrior, mage = _sticky_room_game()
    state.dice = ScriptedDice([1, 1, 1, 1, 9, 9, 1, 1, 1, 1])
    xp = state.group_xp
    resolve_trap(state, Card(TRAP, "sticky_floor"), mage)
    assert [c.id for c in state.gold_cards["mage"]] == ["sticky_floor"] and state.group_xp == xp + STICKY_ROOM.xp
    phases.phase_f_special(state)
    [disarm] = state.log.of_kind("trap_disarm")
    assert (disarm.actor, disarm["success"]) == ("warrior", True)
    assert not state.gold_cards.get("warrior") and [c.id for c in state.gold_cards["mage"]] == ["sticky_floor"]
    assert state.group_xp == xp + STICKY_ROOM.xp and not warrior.immobilized and not mage.immobilized


HIDDEN_PASSAGE = Trap(id="hidden_passage", name="Hidden Passage", trap_type="person",
                      check_attributes=("PER", "WIS"), tn_base=0, effect=TrapEffect(reveals_room_tile=True))
"""A Trap card that opens a Secret Door (the book's *Loot Cards* "can contain ... secret doors")."""


def test_a_traps_secret_door_opens_in_a_wall_side_never_beside_an_unopened_door():
    """*Traps and Secret Doors* (book line 1266): "Secret Doors are always placed on a side with a
    Wall, never on an already existing door". The Warrior's room has an unopened door in the
    middle of its north side, one square from him, rooms beyond its south and west sides, and a
    bare Wall side east, three squares away: the Secret Door opens in the middle of the east
    Wall (not in the north side beside the door) and the closet drawn is placed behind it, its
    door against the Secret Door; the north door stays as it was, unopened."""
    room = tile("S-1", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
    south = tile("SO", ["#####", "#...#", "#...#", "#...#", "#####"])
    west = tile("WE", ["#####", "#...#", "#...#", "#...#", "#####"])
    closet = tile("A-3", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
    pack = ContentPack.from_documents(list(pack_with(room, south, west, closet)) + [HIDDEN_PASSAGE])
    state = map_game(pack, ["warrior"], tiles=[("S-1", (0, 0), 0), ("SO", (1, 0), 0), ("WE", (0, -1), 0)],
                     at={"warrior": (1, 2)}, deck=["A-3"])
    state.dice = ScriptedDice([5, 5])
    resolve_trap(state, Card(TRAP, "hidden_passage"), state.hero("warrior"))
    layout = state.board.layout
    assert layout.secret_doors == {(2, 4): "east"}
    assert layout.tiles[(0, 1)].tile_id == "A-3" and state.board.deck == []
    assert (2, 5) in layout.neighbours((2, 4))
    assert layout.closed_doors() == [(0, 2)]


@pytest.mark.parametrize(("hero_ap", "at_once"), [(9, True), (10, False), (11, False)])
def test_a_revealed_monster_acts_at_once_only_with_more_initiative_than_the_acting_character(hero_ap, at_once):
    """*Current initiative for monsters* (book line 1329): "If a room is revealed near the end of
    the round and the revealed monster should have more Initiative Points than the current
    character, then that monster will activate immediately." A Gargoyle (initiative 10, *No
    monster figures available anymore*, EXAMPLE, book line 1325) revealed while the Adventurer
    has 9 AP acts at once; at 10 or 11 AP it waits for its own marker on the Initiative Board."""
    state = make_state(["adventurer"], faces=[1, 1])
    state.phase = phases.D
    state.ap["adventurer"] = hero_ap
    gargoyle = spawn_monster(state, "gargoyle")
    assert gargoyle.action_points == 10
    assert (gargoyle.uid in state.activated) is at_once
    assert any(e["reason"] == "current_initiative" for e in state.log.of_kind("activation")) is at_once
