"""Situations the Book of Rules spells out for the map that no other test rebuilt: Starting
Positions by initiative (*Phase C*, *Starting Positions*), the entrance a refilled monster comes
in by (*Phase G*, +1 Extra Activation), Secret Doors and Blocked Doors (*Dungeon Markers*) and
the Fire, Ice and Air markers that monsters ignore. Each test cites the book's line."""

from __future__ import annotations

from map_helpers import HALL, QUIET, map_game, pack_with, tile, where

from doria_forge.engine import phases
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.game import GameState
from doria_forge.engine.map.dungeon import Dungeon
from doria_forge.engine.monster_ai import activate_monster

CORRIDOR = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
HALL_W = tile("HW", [".....", ".....", ".....", ".....", "....."], open_sides=[("east", 0, 5)])
HALL_E = tile("HE", [".....", ".....", ".....", ".....", "....."], open_sides=[("west", 0, 5)])
"""The two ends of a hall 5 squares deep; with ``HALL`` between them it is 15 squares long."""


def test_phase_c_the_fastest_character_takes_starting_position_i_the_slowest_the_last():
    """*Phase C* (book line 910): "In the first round of the game, the characters are now placed
    on the starting positions of Room Tile A-1 (stairs) in the order of initiative from 1 to 6
    (fastest to slowest character)"; *Starting Positions* (line 1341): "from I with the highest
    initiative to VI for the slowest". A-1's squares I, II, III are (1, 1), (1, 2), (1, 3)."""
    pack = pack_with()
    state = GameState.new(pack, ["warrior", "mage", "ranger"], seed=1, board=Dungeon("A-1", []),
                          options=QUIET, start=False)
    state.dice = ScriptedDice([2, 3, 9, 8, 5, 5])  # warrior 5, mage 17, ranger 10, each + IP
    phases.start_round(state)
    order = sorted(state.heroes, key=lambda h: -state.ap[h.uid])
    assert [h.uid for h in order] == ["mage", "ranger", "warrior"]
    assert [where(state, h.uid) for h in order] == [(1, 1), (1, 2), (1, 3)]


def test_extra_activation_a_refilled_monster_enters_by_the_entrance_square_closer_to_a_character():
    """*Phase G*, +1 Extra Activation (book line 986): a monster drawn to refill the board is
    "placed outside the stairs ... In case of the stairs on A-1 there are 3 possible entrance
    squares and the monster will choose the square that is closer to a character." A-1's
    entrances are (3, 1), (3, 2), (3, 3); the Warrior stands at (1, 3), nearest (3, 3). With the
    Mage standing on (3, 3) that square is taken and the Orc comes in by (3, 2), next to her."""
    def refilled(at: dict[str, tuple[int, int]]) -> tuple[int, int]:
        state = map_game(pack_with(), list(at), tiles=[("A-1", (0, 0), 0)], at=at, monster_cards=["orc"])
        phases.extra_activation(state)
        [orc] = state.monsters
        return next(e["square"] for e in state.log.of_kind("monster_square") if e.actor == orc.uid)

    assert refilled({"warrior": (1, 3)}) == (3, 3)
    assert refilled({"warrior": (1, 3), "mage": (3, 3)}) == (3, 2)
    # the book has no tie rule (docs/rules-decisions.md, *The entrance a refilled monster takes*):
    # the Warrior at (1, 1) and the Mage at (1, 3) are 2 squares from (3, 1) and from (3, 3); the
    # engine takes the first in reading order
    assert refilled({"warrior": (1, 1), "mage": (1, 3)}) == (3, 1)


def test_a_secret_door_is_an_open_door_for_walking_and_line_of_sight():
    """*Dungeon Markers* (book lines 1373-1375): "Secret Doors can be entered normally and are
    treated like an open door. There is a free Line of Sight onto the Secret Door square itself
    and into the room behind ... Consider the Wall on the square with the Secret Door as
    non-existent." A closed room beside a corridor: its wall square (2, 4) hides the corridor
    until a Secret Door opens there; then the Huntress sees through it and walks through it."""
    from doria_forge.engine.actions import Walk

    closed = tile("CLOSED", ["#####", "#####", "....#", "#####", "#####"], doors=[("west", 2)])
    state = map_game(pack_with(closed, CORRIDOR), ["huntress"], tiles=[("CLOSED", (0, 0), 0), ("COR", (0, 1), 0)],
                     at={"huntress": (2, 1)}, ap=20)
    board = state.board
    assert not board.sees((2, 1), (2, 6)) and not board.sees((2, 1), (2, 7))
    assert Walk((2, 6)) not in state.legal_actions()
    board.layout.secret_doors[(2, 4)] = "east"
    board.layout.touch()
    assert board.sees((2, 1), (2, 4)) and board.sees((2, 1), (2, 6)) and board.sees((2, 1), (2, 7))
    assert Walk((2, 6)) in state.legal_actions()
    state.apply(Walk((2, 6)))
    assert where(state, "huntress") == (2, 6) and state.ap["huntress"] == 20 - 5


def test_monsters_with_no_way_past_a_blocked_door_wait_as_close_as_possible_to_it():
    """*Dungeon Markers* (book line 1379): Blocked Doors "are considered Walls"; "If monsters
    have no Line of Sight through Blocked Doors and no other route is available, the monsters
    will move as close as possible to the Blocked Door to be nearer to the characters as soon as
    the door is opened." The Orc (7 AP) in the west room, the Mage behind the blocked door
    (2, 4): the Orc walks the 5 squares to (2, 3), in front of the door, and attacks nobody."""
    west = tile("W", ["....#", "....#", ".....", "....#", "....#"], doors=[("east", 2)])
    east = tile("E", ["#....", "#....", ".....", "#....", "#...."], doors=[("west", 2)])
    state = map_game(pack_with(west, east), ["mage"], tiles=[("W", (0, 0), 0), ("E", (0, 1), 0)],
                     at={"mage": (2, 7)}, monsters=[("orc", (0, 0))])
    state.board.put_marker(state, (2, 4), "blocked_door")
    orc = state.monsters[0]
    assert not state.board.sees((0, 0), (2, 7))
    activate_monster(state, orc)
    assert where(state, orc.uid) == (2, 3)
    assert not state.log.of_kind("monster_attack")


def test_monsters_ignore_fire_ice_and_air_markers():
    """*Dungeon Markers* (book line 1387): Fire, Ice and Air "are treated differently depending on
    the scenario ... All monsters ignore these markers completely". The Orc walks straight over
    a Fire, an Ice and an Air marker to the Mage at the end of the corridor and attacks her."""
    state = map_game(pack_with(CORRIDOR), ["mage"], tiles=[("COR", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("orc", (2, 0))])
    for square, marker in (((2, 1), "fire"), ((2, 2), "ice"), ((2, 3), "air")):
        state.board.put_marker(state, square, marker)
    orc = state.monsters[0]
    activate_monster(state, orc)
    assert where(state, orc.uid) == (2, 3)
    assert state.log.of_kind("monster_attack")[0]["targets"] == ("mage",)


def test_fastest_way_example_the_dark_mage_moves_to_hit_every_character_at_once():
    """*Fastest Way to the Target*, EXAMPLE (book line 1483): "The Dark Mage will pick a target
    where all characters using a Leaping Lightning attack will be hit at the same time and
    therefore move"; *Target of a Monster* 1 (line 1418): a monster that can attack more than one
    character "will prefer to do so, even if it has to get closer to other characters". From
    where it stands the Dark Mage (range 6) reaches only the Ranger, 6 squares off, whose
    lightning would branch to nobody; 3 squares on it has the Warrior at range 6, and the lightning
    branches on to the Mage and the Huntress (range 2 each, NOTES.md): it goes there and hits all
    three."""
    state = map_game(pack_with(HALL_W, HALL, HALL_E), ["warrior", "mage", "huntress", "ranger"],
                     tiles=[("HW", (0, 0), 0), ("HALL", (0, 1), 0), ("HE", (0, 2), 0)],
                     at={"warrior": (2, 5), "mage": (2, 3), "huntress": (0, 3), "ranger": (4, 10)},
                     monsters=[("dark_mage", (2, 14))])
    dark_mage = state.monsters[0]
    board = state.board
    assert dark_mage.range == 6 and board.range_distance((2, 14), (4, 10)) == 6
    activate_monster(state, dark_mage)
    spot = where(state, dark_mage.uid)
    assert board.range_distance(spot, (2, 5)) == 6
    [attack] = state.log.of_kind("monster_attack")
    assert set(attack["targets"]) == {"warrior", "mage", "huntress"}


def test_rubble_can_be_neither_entered_nor_jumped_over_except_by_a_poltergeist():
    """*Dungeon Markers* (book line 1385): "Rubble completely blocks the square on which it is
    located ... No character or monster may enter or jump over this square (exception:
    Poltergeists)." In a corridor with Rubble on (2, 2) the Warrior has no walk and no jump past
    it; the Poltergeist (9 AP) floats through to the Mage behind it and attacks her."""
    from doria_forge.engine.actions import Jump, Walk

    state = map_game(pack_with(CORRIDOR), ["warrior", "mage"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 4)}, ap={"warrior": 30, "mage": 0})
    state.board.put_marker(state, (2, 2), "rubble")
    assert not [a for a in state.legal_actions() if isinstance(a, (Walk, Jump)) and a.to[1] > 1]
    state = map_game(pack_with(CORRIDOR), ["mage"], tiles=[("COR", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("poltergeist", (2, 0))])
    state.board.put_marker(state, (2, 2), "rubble")
    poltergeist = state.monsters[0]
    activate_monster(state, poltergeist)
    assert where(state, poltergeist.uid) == (2, 3) and state.board.layout.has((2, 2), "rubble")
    assert state.log.of_kind("monster_attack")[0]["targets"] == ("mage",)


def test_reveal_a_room_tile_is_a_choice_costs_no_ap_and_a_character_on_the_door_keeps_it_shut():
    """*Reveal a Room Tile (0 AP)* (book lines 1106-1110): "Opening a closed door does not happen
    automatically ... Moving past a door or stopping on an adjacent square does not reveal the
    room"; "Revealing a room itself does not cost any Action Points"; "Caution: If a character
    stops in front of a door and does not open it, no other player can open the door." The
    Warrior walks onto A-1's north door (2 AP) and nothing is revealed; while he stands there the
    Mage can neither open it nor step onto it; then the Warrior opens it for 0 AP."""
    from doria_forge.engine.actions import EndTurn, RevealRoomTile, Wait, Walk

    closet = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    state = map_game(pack_with(closet), ["warrior", "mage"], tiles=[("A-1", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (1, 1)}, deck=["A-3"], ap={"warrior": 10, "mage": 5})
    board = state.board
    state.apply(Walk((0, 2)))
    assert where(state, "warrior") == (0, 2) and state.ap["warrior"] == 8 and len(board.layout.tiles) == 1
    assert RevealRoomTile((0, 2)) in state.legal_actions()
    state.apply(Wait(4))
    assert state.current_actor() == "mage"
    acts = state.legal_actions()
    assert not any(isinstance(a, RevealRoomTile) for a in acts) and Walk((0, 2)) not in acts
    state.apply(EndTurn())
    assert state.current_actor() == "warrior"
    state.apply(RevealRoomTile((0, 2)))
    assert state.ap["warrior"] == 4 and len(board.layout.tiles) == 2


def test_a_monster_with_several_shortest_routes_takes_the_one_along_a_wall():
    """*Target of a Monster* (book line 1451): "If a monster can follow multiple routes to attack
    the same hero, it will always choose the shortest route along a Wall." From the corner (0, 0)
    of a closed room every way to the Mage in the opposite corner is as short as any other; the
    Zombie (3 AP) and the Mummy (5 AP), too slow to reach her, stop on the route that hugs the
    wall, never in the open middle of the room."""
    room = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])
    for monster, ap in (("zombie", 3), ("mummy", 5)):
        state = map_game(pack_with(room), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (4, 4)},
                         monsters=[(monster, (0, 0))])
        figure = state.monsters[0]
        assert figure.action_points == ap
        activate_monster(state, figure)
        spot = where(state, figure.uid)
        assert sum(spot) == ap and state.board.walls_around(spot) >= 1, (monster, spot)


def test_phase_g_example_1_on_the_map_five_characters_on_three_tiles_of_a_large_room():
    """*Phase G*, EXAMPLE 1 (book line 998): "The 5 characters ... scattered themselves on 3 Room
    Tiles. Since they also ... did not open a door, the Marker on the Doom Counter moves 4 spaces
    down from 36 to 32. Two monsters are still present on the board, which means one additional
    monster appears at the entrance." On the map: the three tiles form one Large Room, and "each
    Room Tile counts separately and is not counted as one Large Room" (line 974); the hero lying
    unconscious on the third tile still counts for it (line 1695). Crossing 35 (NOTES.md) is one
    Extra Activation: the Mummy is drawn, then every monster acts."""
    from dataclasses import replace

    state = map_game(pack_with(HALL_W, HALL, HALL_E), ["warrior", "mage", "ranger", "huntress", "priestess"],
                     tiles=[("HW", (0, 0), 0), ("HALL", (0, 1), 0), ("HE", (0, 2), 0)],
                     at={"warrior": (2, 1), "mage": (2, 2), "ranger": (2, 6), "huntress": (2, 7),
                         "priestess": (2, 12)},
                     monsters=[("orc", (0, 4)), ("orc", (4, 9))], monster_cards=["mummy"],
                     options=replace(QUIET, doom=True))
    state.hero("priestess").unconscious = True
    state.board.after_initiative(state)
    state.door_opened = False
    state.doom.position = 36
    assert state.board.occupied_room_tiles(state) == 3
    phases.phase_g_doom(state)
    assert state.doom.position == 32
    assert [m.monster.id for m in state.monsters] == ["orc", "orc", "mummy"]
    assert {e.actor for e in state.log.of_kind("activation") if e["reason"] == "extra_activation"} == {
        m.uid for m in state.monsters}
