"""Book of Rules *Action Phase* (Jumping, Carry Characters, Throw Items), *Traps and Secret
Doors*, *Dead Ends* and the FAQ on Traps and Secret Doors, on the map: the rules with figures
that no other test rebuilt, each from the book's words (line numbers of doria-rules-en.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from map_helpers import QUIET, map_game, pack_with, tile, where

from doria_forge.engine.actions import Attack, Jump, PickUp, RevealRoomTile, Search, Walk
from doria_forge.engine.decks import EQUIPMENT, TRAP, Card, LootDecks
from doria_forge.engine.defeat import on_monster_defeated
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.spawn import draw_and_spawn
from doria_forge.engine.traps import resolve_trap
from doria_forge.model.pack import ContentPack
from doria_forge.model.trap import Trap, TrapEffect

# A corridor (row 2) with a one-square Hole on (2, 2): a jump from (2, 1) lands on (2, 3),
# two squares (the Hole and the landing square), Target Number 20.
PIT = tile("PIT", ["#####", "#####", "..O..", "#####", "#####"], doors=[("west", 2), ("east", 2)])


@pytest.mark.parametrize(("faces", "damage"), [
    ((5, 5), 2),   # 4 + 3 + 10 = 17 against 20: a simple failure, 1 per square jumped
    ((2, 1), 4),   # 4 + 3 + 3 = 10: 10 below the Target Number, one critical failure doubles it
    ((1, 1), 6),   # 4 + 3 + 2 = 9: a critical failure lowered once more by the Fumble, 2 x 3
])
def test_a_failed_jump_costs_1_hp_a_square_multiplied_by_critical_failures_armor_ignored(faces, damage):
    """*Jumping (5 AP)* (book line 1078): "If it is a simple failure, the character receives 1
    damage point for every square jumped. Equipped armor is always ignored for this type of
    damage. For each critical failure (10 points below the Target Number) or Fumble (rolled two
    1s), the damage is multiplied." The Warrior (STR 4, AGI 3 here) jumps the Hole, 2 squares:
    TN 20 (book line 1076); his armor stays undamaged and takes none of it."""
    state = map_game(pack_with(PIT), ["warrior"], tiles=[("PIT", (0, 0), 0)], at={"warrior": (2, 1)}, ap=20)
    warrior = state.hero("warrior")
    warrior.set_attributes(STR=4, AGI=3, CON=30)  # HP enough for the worst fall
    armor = [item for item in warrior.equipped() if item.is_armor]
    assert armor, "the test needs a Warrior wearing armor"
    state.dice = ScriptedDice(list(faces))
    state.apply(Jump((2, 3)))
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["success"]) == (20, False)
    assert where(state, "warrior") == (2, 3)  # "The jump itself ... will always be successful"
    assert warrior.hp == warrior.hp_max - damage
    assert not any(card.damaged for card in armor)


def test_carrying_doubles_the_jump_and_a_failed_jump_injures_both_characters():
    """*Carry Characters (2 - 10 AP)* (book lines 1174 and 1178): "For any movement action
    (walking, jumping, swap place) the Action Point cost will be doubled while carrying another
    character"; "Jumping is also possible with an unconscious character, but both characters will
    be injured according to the jump rules in case of a failure". The Warrior carries the
    unconscious Mage over the Hole: 2 x 5 = 10 AP, and a simple failure over 2 squares costs each
    of them 2 HP."""
    state = map_game(pack_with(PIT), ["warrior", "mage"], tiles=[("PIT", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 1)}, ap={"warrior": 30, "mage": 0})
    warrior, mage = state.hero("warrior"), state.hero("mage")
    mage.unconscious = True
    state.board.after_initiative(state)  # unconsciousness begins at the initiative roll
    state.apply(PickUp("mage"))
    assert where(state, "warrior") == (2, 1) and state.ap["warrior"] == 29
    warrior.set_attributes(STR=5, AGI=5, CON=30)
    mage_hp = mage.hp
    state.dice = ScriptedDice([3, 3])  # 5 + 5 + 6 = 16 against 20: a simple failure
    state.apply(Jump((2, 3)))
    assert where(state, "warrior") == (2, 3) and where(state, "mage") == (2, 3)
    assert state.ap["warrior"] == 29 - 10
    assert warrior.hp == warrior.hp_max - 2 and mage.hp == mage_hp - 2


# Two tiles joined by an open side make one Large Room; each has one door, and the east door
# leads on to a third tile, a separate room.
WEST_HALF = tile("LW", ["#####", "#....", ".....", "#....", "#####"], doors=[("west", 2)],
                 open_sides=[("east", 1, 3)])
EAST_HALF = tile("LE", ["#####", "....#", ".....", "....#", "#####"], doors=[("east", 2)],
                 open_sides=[("west", 1, 3)])
NEXT_ROOM = tile("NX", ["#####", "#...#", "....#", "#...#", "#####"], doors=[("west", 2)])


def _large_room_game(**kwargs):
    return map_game(pack_with(WEST_HALF, EAST_HALF, NEXT_ROOM), ["warrior", "mage", "priestess"],
                    tiles=[("LW", (0, 0), 0), ("LE", (0, 1), 0), ("NX", (0, 2), 0)],
                    at={"warrior": (2, 2), "mage": (2, 7), "priestess": (2, 12)}, **kwargs)


def test_a_room_trap_in_a_large_room_reaches_every_tile_up_to_the_nearest_doors():
    """*Traps and Secret Doors* (book line 1250): "Room Traps affect the Room Tile on which the
    triggering character is currently located. If this is a Room Tile with one or more open
    sides, Room Traps apply to the all Room Tiles up to the nearest doors (a single square
    opening)"; *Open Room Tiles* (book line 1230): Large Rooms count as one room for Traps "up
    to the next door". The Warrior draws the Spiked Walls on the west half: the Mage on the east
    half checks too, the Priestess behind the door does not; both doors of the Large Room are
    blocked."""
    state = _large_room_game()
    state.dice = ScriptedDice([1, 1, 1, 1])  # two Fumbles: both fail (a third check would run out of dice)
    priestess_hp = state.hero("priestess").hp
    results = resolve_trap(state, Card(TRAP, "spiked_walls"), state.hero("warrior"))
    assert [r.hero for r in results] == ["warrior", "mage"]
    assert state.hero("priestess").hp == priestess_hp
    assert state.board.layout.squares_with("blocked_door") == [(2, 0), (2, 9)]


def test_room_trap_doors_stay_open_when_nobody_fails_its_check():
    """*Traps and Secret Doors* (book line 1254): "If the Target Number should not be reached, all
    penalties ... apply to the characters involved"; the Spiked Walls card: "if anyone failed the
    doors slam shut" (``blocks_doors``). The Warrior and the Mage both pass: nobody is wounded and
    no door of the Large Room is blocked."""
    state = _large_room_game()
    for uid in ("warrior", "mage"):
        state.hero(uid).set_attributes(STR=20, CON=20)
    state.dice = ScriptedDice([5, 5, 5, 5])
    results = resolve_trap(state, Card(TRAP, "spiked_walls"), state.hero("warrior"))
    assert [(r.hero, r.success) for r in results] == [("warrior", True), ("mage", True)]
    assert state.board.layout.squares_with("blocked_door") == []


def test_monsters_are_immune_to_traps():
    """*Traps and Secret Doors* (book line 1262): "All monsters and unconscious characters are
    considered immune to all Traps." The area Boulder Trap (TN 28 + 3 x ML = 31, book line 1258)
    drawn by the Warrior with an Orc beside him: only the Warrior checks, the Orc keeps its HP."""
    state = map_game(pack_with(PIT), ["warrior"], tiles=[("PIT", (0, 0), 0)], at={"warrior": (2, 0)},
                     monsters=[("orc", (2, 1))])
    orc = state.monsters[0]
    orc_hp = orc.hp
    state.dice = ScriptedDice([1, 1])
    results = resolve_trap(state, Card(TRAP, "boulder_trap"), state.hero("warrior"))
    assert [(r.hero, r.target_number, r.success) for r in results] == [("warrior", 31, False)]
    assert orc.hp == orc_hp


def test_no_items_are_thrown_through_a_door_a_trap_blocked():
    """*Throw Items* (book line 1126): throwing is possible "to an adjacent Room Tile, as long
    as there is a direct connection (door or Secret Door)"; *Traps and Secret Doors* (book line
    1262): "Doors that are blocked by Traps are considered Walls, which means that you cannot
    exchange objects or attack monsters behind these Blocked Doors." The Mage on the east half
    of the Large Room can throw to the Priestess in the next room until the Spiked Walls block
    the door between them."""
    state = _large_room_game()
    mage, priestess = state.hero("mage"), state.hero("priestess")
    assert state.board.can_throw(state, mage, priestess)
    state.dice = ScriptedDice([1, 1, 1, 1])
    resolve_trap(state, Card(TRAP, "spiked_walls"), state.hero("warrior"))
    assert (2, 9) in state.board.layout.squares_with("blocked_door")
    assert not state.board.can_throw(state, mage, priestess)
    assert not state.board.can_throw(state, priestess, mage)


def test_no_items_are_thrown_to_a_neighbouring_tile_behind_a_wall():
    """*Throw Items* (book line 1126): the adjacent Room Tile must have a direct connection
    (door or Secret Door); a tile beside this one behind a Wall is out of reach."""
    walled = tile("W", ["#####", "#...#", "#...#", "#...#", "#####"], doors=[])
    state = map_game(pack_with(PIT, walled), ["warrior", "mage"], tiles=[("PIT", (0, 0), 0), ("W", (1, 0), 0)],
                     at={"warrior": (2, 1), "mage": (7, 2)})
    assert not state.board.can_throw(state, state.hero("warrior"), state.hero("mage"))


SECRET_PASSAGE = Trap(id="hidden_passage", name="Hidden Passage", trap_type="person",
                      check_attributes=("PER", "WIS"), tn_base=0, effect=TrapEffect(reveals_room_tile=True))
"""A Trap card that opens a Secret Door (the book's *Loot Cards* "can contain ... secret doors")."""


def test_faq_a_secret_door_drawn_in_a_room_a_trap_closed_is_a_way_out():
    """FAQ (book line 1979): "What happens if a room is closed due to a trap and the players draw
    a Secret Door event? If the Secret Door can be placed on a Wall of this blocked room, the
    characters are lucky - they found another way out of this trap!" The Spiked Walls block the
    one door of the Warrior's room; a Secret Door card then opens the south wall and he walks out
    through it (*Dungeon Markers*, book line 1373: a Secret Door is entered like an open door)."""
    room = tile("S-1", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
    closet = tile("A-3", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
    pack = ContentPack.from_documents(list(pack_with(room, closet)) + [SECRET_PASSAGE])
    state = map_game(pack, ["warrior"], tiles=[("S-1", (0, 0), 0)], at={"warrior": (3, 2)}, deck=["A-3"])
    warrior = state.hero("warrior")
    state.dice = ScriptedDice([1, 1, 5, 5])  # a Fumble against the Spiked Walls, then the Secret Door card's check
    resolve_trap(state, Card(TRAP, "spiked_walls"), warrior)
    assert state.board.layout.squares_with("blocked_door") == [(0, 2)]
    assert not [a for a in state.legal_actions() if isinstance(a, Walk) and a.to[0] < 1]
    resolve_trap(state, Card(TRAP, "hidden_passage"), warrior)
    assert state.board.layout.secret_doors == {(4, 2): "south"}
    assert state.board.layout.tiles[(1, 0)].tile_id == "A-3"
    state.apply(Walk((6, 2)))
    assert where(state, "warrior") == (6, 2)


def test_faq_a_character_a_trap_holds_fast_can_still_attack():
    """FAQ (book line 1989): "A character trapped with no movement options will still be able to
    use or repair items and attack monsters." The Water Pit immobilizes the Warrior beside an
    Orc: no Walk, but his attacks on the Orc are still listed."""
    room = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "#####"])
    state = map_game(pack_with(room), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (2, 2)},
                     monsters=[("orc", (2, 3))], ap=20)
    warrior = state.hero("warrior")
    state.dice = ScriptedDice([1, 1])
    [result] = resolve_trap(state, Card(TRAP, "water_pit"), warrior)
    assert result.immobilized and warrior.immobilized
    state.actor = "warrior"
    actions = state.legal_actions()
    assert not any(isinstance(a, (Walk, Jump)) for a in actions)
    assert any(isinstance(a, Attack) and a.target_uid == state.monsters[0].uid for a in actions)


def test_dead_ends_wait_while_any_door_of_the_dungeon_is_still_unopened():
    """*Dead Ends* (book line 1270): the dead-end Secret Door comes "only ... as long as there are
    no unopened doors left in the entire dungeon". The Mage opens one of the start tile's two
    doors onto a closet with no other door: the start's west door is still unopened, so no
    Secret Door appears."""
    start = tile("S-1", ["##.##", "#...#", "....#", "#...#", "#####"], doors=[("north", 2), ("west", 2)])
    closet = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    state = map_game(pack_with(start, closet), ["mage"], tiles=[("S-1", (0, 0), 0)], at={"mage": (0, 2)},
                     deck=["A-3", "A-3"])
    state.apply(RevealRoomTile((0, 2)))
    layout = state.board.layout
    assert layout.tiles[(-1, 0)].tile_id == "A-3"
    assert layout.secret_doors == {} and layout.closed_doors() == [(2, 0)]
    assert not state.log.of_kind("secret_door")


def test_a_trap_s_secret_door_opens_in_the_nearest_other_room_when_the_drawer_s_tile_has_no_wall_side():
    """*Traps and Secret Doors* (book line 1266): "Secret Doors are always placed on a side with
    a Wall ... If there is no available Wall side, the Secret Door may open in another room as
    close as possible to the character triggering it." The Warrior stands in the north-east
    corner (0, 4) of a hall open on every side (no Wall side at all); the room east of it has
    free Wall sides north (middle square (0, 7), 3 squares from him), south and east (7 each):
    the Secret Door opens in its north Wall and the next Room Tile is placed behind it."""
    hall = tile("HALL", [".....", ".....", ".....", ".....", "....."],
                open_sides=[("north", 0, 5), ("east", 0, 5), ("south", 0, 5), ("west", 0, 5)])
    room = tile("R", ["#####", "#...#", "....#", "#...#", "#####"], doors=[("west", 2)])
    closet = tile("A-3", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
    pack = ContentPack.from_documents(list(pack_with(hall, room, closet)) + [SECRET_PASSAGE])
    state = map_game(pack, ["warrior"], tiles=[("HALL", (0, 0), 0), ("R", (0, 1), 0)],
                     at={"warrior": (0, 4)}, deck=["A-3"])
    state.dice = ScriptedDice([5, 5])
    resolve_trap(state, Card(TRAP, "hidden_passage"), state.hero("warrior"))
    assert state.board.layout.secret_doors == {(0, 7): "north"}
    assert state.board.layout.tiles[(-1, 1)].tile_id == "A-3"


def test_search_treasures_draws_one_loot_card_for_1_ap_and_removes_the_marker():
    """*Search Treasures (1 AP or 5 AP)* (book lines 1114 and 1120): "This action costs 1 Action
    Point to draw one Loot Card"; "In both cases, the Loot Marker is removed from the square."
    The Mage stands on a Loot Marker with 12 AP: one card (a Bearded Axe) for 1 AP, 11 left."""
    room = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "#####"], treasures=[(2, 2)])
    state = map_game(pack_with(room), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (2, 2)}, ap=12,
                     options=replace(QUIET, loot=True))
    state.loot = LootDecks.from_cards([Card(EQUIPMENT, "bearded_axe")], stacks=1)
    assert state.board.layout.squares_with("loot") == [(2, 2)]
    state.apply(Search(1))
    assert state.ap["mage"] == 12 - 1
    assert state.board.layout.squares_with("loot") == []
    assert [e["card"] for e in state.log.of_kind("loot")] == [Card(EQUIPMENT, "bearded_axe").uid]
    assert any(item.card.id == "bearded_axe" for item in state.hero("mage").belt + state.hero("mage").backpack)


def test_critical_failures_against_a_trap_have_no_special_effect():
    """*Traps and Secret Doors* (book line 1254): "Critical failures or successes while trying to
    disarm or avoid a trap have no special effects." The Boulder Trap (TN 31 at Monster Level 1,
    book line 1258) hurts the Mage the same whether he misses it by 1 or by 20 with a Fumble."""
    wounds = []
    for faces, attributes in (([1, 1], {"STR": 5, "AGI": 5}), ([9, 6], {"STR": 8, "AGI": 7})):
        state = map_game(pack_with(PIT), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (2, 0)})
        mage = state.hero("mage")
        mage.set_attributes(**attributes)
        for item in mage.equipped():
            item.damaged = True  # no armor to take any of it: the wound is the Trap's damage
        state.dice = ScriptedDice(faces)
        [result] = resolve_trap(state, Card(TRAP, "boulder_trap"), mage)
        assert result.target_number == 31 and not result.success
        wounds.append((31 - result.total, result.wound))
    assert wounds == [(19, 3), (1, 3)]


def test_an_open_side_with_no_connection_to_the_dungeon_draws_no_room_tile():
    """*Open Room Tiles*, *No connection to the dungeon* (book line 1234): "If a part of a Room
    Tile has no connection to the rest of the dungeon for any reason, no additional room is drawn
    for these open sides." The Mage opens A-1's north door onto a tile whose open east side lies
    in a part walled off from its door: the exploration stops with that one tile, the next Room
    Tile stays in the deck."""
    split = tile("SPLIT", ["#####", "#..#.", "#..#.", "#..#.", "##.##"], doors=[("south", 2)],
                 open_sides=[("east", 1, 3)])
    hall = tile("HALL", [".....", ".....", ".....", ".....", "....."],
                open_sides=[("north", 0, 5), ("east", 0, 5), ("south", 0, 5), ("west", 0, 5)])
    state = map_game(pack_with(split, hall), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": (0, 2)},
                     deck=["SPLIT", "HALL"])
    state.apply(RevealRoomTile((0, 2)))
    assert [t.tile_id for t in state.board.layout.in_order()] == ["A-1", "SPLIT"]
    assert state.board.deck == ["HALL"]


@pytest.mark.parametrize(("weak", "side"), [("west", -1), ("east", 1)])
def test_a_horde_stands_toward_the_character_with_the_lowest_attribute_of_its_attack(weak, side):
    """*Multiple monsters per monster icon* (book line 1295): "every additional monster is placed
    as close as possible to the first monster. If there are multiple options, the square that is
    closer to a character or, in the case of multiple characters, to the character with the
    lowest attribute matching the monster's attack skill is always used." A Horde of Zombies
    (melee: STR) in the middle of a corridor, a character at each end: the second Zombie stands
    on the side of the one with the lower STR."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    hall = tile("C2", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor, hall), ["warrior", "mage"], tiles=[("C", (0, 0), 0), ("C2", (0, 1), 0)],
                     at={"warrior": (2, 0), "mage": (2, 9)}, monster_cards=["+horde", "zombie"])
    west, east = state.hero("warrior"), state.hero("mage")
    (west if weak == "west" else east).set_attributes(STR=3)
    (east if weak == "west" else west).set_attributes(STR=12)
    draw_and_spawn(state, near=(2, 5))
    # the Horde is three Zombies (Monster modifiers, EXAMPLE 2): the third takes the other side
    assert [where(state, m.uid) for m in state.monsters] == [(2, 5), (2, 5 + side), (2, 5 - side)]


def test_an_exploding_monster_never_hurts_the_other_monsters_beside_it():
    """*Monster modifiers* (book line 1305): "There are also monster modifications that have an
    effect on the characters similar to a trap (e.g. explosion). These effects, like Traps, never
    affect other monsters." An exploding Zombie is defeated between the Warrior and an Orc: the
    Warrior takes the blast, the Orc keeps its HP."""
    room = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "#####"])
    state = map_game(pack_with(room), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (2, 1)},
                     monsters=[("zombie", (2, 2)), ("orc", (2, 3))])
    zombie, orc = state.monsters
    assert where(state, orc.uid) == (2, 3)
    zombie.modifications = (state.pack.modifications["explosion"],)
    warrior = state.hero("warrior")
    for item in warrior.equipped():
        item.damaged = True  # no armor: the blast reaches his HP
    orc_hp, warrior_hp = orc.hp, warrior.hp
    on_monster_defeated(state, zombie, warrior)
    assert warrior.hp < warrior_hp
    assert orc.hp == orc_hp and not orc.defeated


def test_items_are_thrown_to_the_room_behind_a_secret_door():
    """*Throw Items* (book line 1126): throwing reaches "an adjacent Room Tile, as long as there
    is a direct connection (door or Secret Door)". A Secret Door card opens the south Wall of the
    room the Mage and the Warrior stand in; the Warrior walks into the new room behind it and the
    Mage can throw to him there."""
    room = tile("S-1", ["#####", "#...#", "#...#", "#...#", "#####"], doors=[])
    closet = tile("A-3", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
    pack = ContentPack.from_documents(list(pack_with(room, closet)) + [SECRET_PASSAGE])
    state = map_game(pack, ["warrior", "mage"], tiles=[("S-1", (0, 0), 0)], at={"warrior": (3, 2), "mage": (1, 1)},
                     deck=["A-3"])
    mage, warrior = state.hero("mage"), state.hero("warrior")
    state.dice = ScriptedDice([5, 5])
    resolve_trap(state, Card(TRAP, "hidden_passage"), warrior)
    assert state.board.layout.secret_doors == {(4, 2): "south"}
    state.apply(Walk((7, 2)))
    assert where(state, "warrior") == (7, 2)
    assert state.board.can_throw(state, mage, warrior) and state.board.can_throw(state, warrior, mage)
