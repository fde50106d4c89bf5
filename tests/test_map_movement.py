"""Heroes moving on the map (Book of Rules *Walking (1 AP per square)*, *Occupied squares*,
*Jumping (5 AP)*, *Swap Places (5 AP)*, *Carry Characters (2 - 10 AP)*), the worked
examples rebuilt from their words."""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile, where

from doria_forge.engine.actions import IllegalAction, Jump, PickUp, SwapPlaces, Walk
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.map.layout import Layout
from doria_forge.engine.map.paths import Costs, MonsterMoves, hero_routes, monster_routes
from doria_forge.geometry import Opening, TileShape

# A closed 5 x 5 room: a hole in the middle row, monsters and the treasure placed by the tests.
PIT = tile("PIT", [".....", ".....", "..O..", ".....", "....."], doors=[("south", 2)])
"""Rows 0-4 of slot (0, 0); the hole is (2, 2)."""


def test_walking_example_1_the_way_around_costs_7_ap():
    """Walking, EXAMPLE 1: the Huntress goes straight to the treasure chest; the short ways
    are blocked by monsters and a Hole, so she walks the longer way round: 7 AP."""
    state = map_game(pack_with(PIT), ["huntress"], tiles=[("PIT", (0, 0), 0)], at={"huntress": (2, 0)},
                     monsters=[("orc", (1, 2)), ("mummy", (3, 2))], ap=19)
    # the Hole (2, 2) and the monsters on (1, 2) and (3, 2): round over row 0 to the chest (2, 3)
    state.apply(Walk((2, 3)))
    assert where(state, "huntress") == (2, 3) and state.ap["huntress"] == 19 - 7
    assert state.log.last("moved")["path"][-3:] == ((0, 3), (1, 3), (2, 3))


def test_walking_example_2_not_enough_ap_for_the_chest():
    """Walking, EXAMPLE 2: with only 5 AP left the chest 7 squares away is out of reach for
    a walking action (walking never goes into negative AP)."""
    state = map_game(pack_with(PIT), ["huntress"], tiles=[("PIT", (0, 0), 0)], at={"huntress": (2, 0)},
                     monsters=[("orc", (1, 2)), ("mummy", (3, 2))], ap=5)
    assert Walk((2, 3)) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(Walk((2, 3)))


def test_occupied_squares_heroes_pass_heroes_but_not_monsters():
    """Occupied squares: a character may pass another character but never a monster, and
    never ends on an occupied square."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("C", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 1)}, ap={"warrior": 20, "mage": 0})
    assert Walk((2, 2)) in state.legal_actions()           # past the Mage
    assert Walk((2, 1)) not in state.legal_actions()       # not onto her
    state = map_game(pack_with(corridor), ["warrior"], tiles=[("C", (0, 0), 0)], at={"warrior": (2, 0)},
                     monsters=[("orc", (2, 2))], ap=20)
    assert Walk((2, 1)) in state.legal_actions()
    assert Walk((2, 3)) not in state.legal_actions()       # not past the Orc


def _pit_row(width: int) -> list[str]:
    """A corridor (row 2) with a hole ``width`` squares wide starting at column 2."""
    row = "." * 2 + "O" * width + "." * (5 - 2 - width)
    return ["#####", "#####", row, "#####", "#####"]


def test_jumping_example_1_huntress_jumps_two_squares_for_8_ap():
    """Jumping, EXAMPLE 1: the Huntress (STR 7, AGI 10, 19 AP) spends 1 AP to reach the Hole,
    5 AP for the jump over 2 squares (TN 20) and 2 AP on to the treasure: 8 AP. She rolls
    6 and 8: 7 + 10 + 6 + 8 = 31, no damage."""
    hall = tile("J1", _pit_row(1), doors=[("west", 2), ("east", 2)])
    ahead = tile("J2", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(hall, ahead), ["huntress"], tiles=[("J1", (0, 0), 0), ("J2", (0, 1), 0)],
                     at={"huntress": (2, 0)}, ap=19)
    huntress = state.hero("huntress")
    huntress.set_attributes(STR=7, AGI=10)
    state.dice = ScriptedDice([6, 8])
    # (2,0) -> (2,1) walk 1, jump over the hole (2,2) to (2,3): 2 squares, then (2,4), (2,5)
    assert Jump((2, 5)) in state.legal_actions()
    state.apply(Jump((2, 5)))
    assert where(state, "huntress") == (2, 5)
    assert state.ap["huntress"] == 19 - 8
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"], check["success"]) == (20, 31, True)
    assert huntress.hp == huntress.hp_max


def test_jumping_example_2_mage_fumbles_a_three_square_jump_and_loses_9_hp():
    """Jumping, EXAMPLE 2: the Mage (STR 4, AGI 7) jumps 3 squares (TN 30) for 9 AP (2 to
    the Hole, 5, 2 on) and rolls two ones: 13 is a critical failure, the Fumble lowers it
    one more category: 3 x 3 = 9 Hit Points, armor ignored; he still lands."""
    hall = tile("J1", ["#####", "#####", "...OO", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    ahead = tile("J2", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(hall, ahead), ["mage", "huntress"], tiles=[("J1", (0, 0), 0), ("J2", (0, 1), 0)],
                     at={"mage": (2, 0), "huntress": (2, 6)}, ap={"mage": 20, "huntress": 0})
    mage = state.hero("mage")
    mage.set_attributes(STR=4, AGI=7, CON=24)  # enough HP to survive the fall
    state.dice = ScriptedDice([1, 1])
    # 2 squares to the Hole (2, 3)-(2, 4), the jump lands on (2, 5), then past the Huntress to (2, 7)
    state.apply(Jump((2, 7)))
    assert where(state, "mage") == (2, 7) and state.ap["mage"] == 20 - 9
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"], check["success"]) == (30, 13, False)
    assert mage.hp == mage.hp_max - 9


def test_jumping_example_3_no_free_landing_square_no_jump():
    """Jumping, EXAMPLE 3: with no free square behind the Hole (a monster on it) the Mage
    cannot jump there; the monster must be defeated first."""
    hall = tile("J1", _pit_row(1), doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(hall), ["mage"], tiles=[("J1", (0, 0), 0)], at={"mage": (2, 0)},
                     monsters=[("orc", (2, 3))], ap=20)
    assert not [a for a in state.legal_actions() if isinstance(a, Jump)]


# A corridor with a Hole on (2, 2) and a niche above and below the square behind it, (2, 3):
# whoever stands on (2, 3) has three neighbours besides the Hole.
LEDGE = tile("LEDGE", ["#####", "###.#", "..O..", "###.#", "#####"], doors=[("west", 2), ("east", 2)])


def test_jumping_example_3_the_huntress_surrounded_behind_the_hole_leaves_the_mage_no_jump():
    """Jumping, EXAMPLE 3 (book line 1094): the Huntress has jumped the Hole and now stands
    surrounded by monsters; "the Mage can't follow her across the Hole as there is no free square
    left" - the jump would land on her and the *Caution* rule (book line 1080) lets a jumper step
    on only to a free square next to the character on the target."""
    state = map_game(pack_with(LEDGE), ["mage", "huntress"], tiles=[("LEDGE", (0, 0), 0)],
                     at={"mage": (2, 0), "huntress": (2, 3)},
                     monsters=[("orc", (1, 3)), ("orc", (3, 3)), ("orc", (2, 4))], ap={"mage": 30, "huntress": 0})
    assert not [a for a in state.legal_actions() if isinstance(a, Jump)]
    with pytest.raises(IllegalAction):
        state.apply(Jump((2, 3)))


def test_jumping_caution_onto_a_friend_then_one_more_ap_to_the_free_square_next_to_her():
    """Jumping, *Caution* (book line 1080): "If the target is a different character but a
    square next to this character is accessible, another Action Point can be spent during the
    jump to move to the free square directly after the jump. This is only possible if the jumping
    character has at least 1 Action Point left after the jump." The situation of EXAMPLE 3 with
    one monster gone: 1 AP to the Hole, 5 for the jump onto the Huntress's square (2 squares,
    TN 20), 1 to the free square: 7 AP; with only 6 AP nothing is left for the step, so no jump."""
    def game(ap: int):
        return map_game(pack_with(LEDGE), ["mage", "huntress"], tiles=[("LEDGE", (0, 0), 0)],
                        at={"mage": (2, 0), "huntress": (2, 3)}, monsters=[("orc", (1, 3)), ("orc", (3, 3))],
                        ap={"mage": ap, "huntress": 0})

    assert not [a for a in game(6).legal_actions() if isinstance(a, Jump)]
    state = game(7)
    assert [a for a in state.legal_actions() if isinstance(a, Jump)] == [Jump((2, 4))]
    state.dice = ScriptedDice([9, 9])
    state.apply(Jump((2, 4)))
    assert where(state, "mage") == (2, 4) and where(state, "huntress") == (2, 3)
    assert state.ap["mage"] == 0
    [check] = state.log.of_kind("jump_check")
    assert check["target_number"] == 20


def test_jumping_target_number_10_a_square_four_squares_is_40():
    """Jumping (book line 1076): "Add 10 points for each square including the target square but
    without the starting square. For example 2 squares will result in a Target Number of 20, 4
    squares will result in a target of 40." Over a Hole three squares wide the Warrior (STR 15,
    AGI 10) lands on the fourth square: TN 40, and 15 + 10 + 9 + 9 = 43 clears it unhurt."""
    wide = tile("WIDE", ["#####", "#####", ".OOO.", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(wide), ["warrior"], tiles=[("WIDE", (0, 0), 0)], at={"warrior": (2, 0)}, ap=20)
    warrior = state.hero("warrior")
    warrior.set_attributes(STR=15, AGI=10)
    state.dice = ScriptedDice([9, 9])
    state.apply(Jump((2, 4)))
    assert where(state, "warrior") == (2, 4) and state.ap["warrior"] == 20 - 5
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"], check["success"]) == (40, 43, True)
    assert warrior.hp == warrior.hp_max


def test_a_jump_may_end_in_negative_ap_but_nothing_follows_it():
    """Jumping: the jump itself may take the AP below zero, but no move may follow it."""
    hall = tile("J1", _pit_row(1), doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(hall), ["warrior"], tiles=[("J1", (0, 0), 0)], at={"warrior": (2, 1)}, ap=3)
    assert Jump((2, 3)) in state.legal_actions()
    assert Jump((2, 4)) not in state.legal_actions()
    state.dice = ScriptedDice([9, 9])
    state.apply(Jump((2, 3)))
    assert state.ap["warrior"] == 3 - 5


def test_swap_places_costs_5_ap_with_an_adjacent_friend():
    """Swap Places (5 AP): with an adjacent character who agrees."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("C", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 2)}, ap={"warrior": 12, "mage": 0})
    state.apply(SwapPlaces("mage"))
    assert (where(state, "warrior"), where(state, "mage")) == ((2, 2), (2, 1))
    assert state.ap["warrior"] == 7


def test_carrying_doubles_movement_costs():
    """Carry Characters: an unconscious character is picked up on its square and every
    movement action then costs double (2 AP a square)."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("C", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 1)}, ap={"warrior": 12, "mage": 0})
    state.hero("mage").unconscious = True
    state.board.after_initiative(state)  # unconsciousness begins at the initiative roll
    state.apply(PickUp("mage"))
    assert where(state, "warrior") == (2, 1) and where(state, "mage") == (2, 1)
    assert state.ap["warrior"] == 11
    state.apply(Walk((2, 3)))
    assert state.ap["warrior"] == 11 - 4 and where(state, "mage") == (2, 3)


def test_a_carrier_who_dies_of_a_failed_jump_ends_the_scenario_before_the_carried_character_falls():
    """*Death of a Character* (book line 1707): at -20 HP a character "die[s] immediately. This
    means an instant end of the current scenario for all players". *Jumping (5 AP)*: a failed
    jump costs 1 HP a square, multiplied per critical failure or Fumble (line 1078). The Warrior
    (STR 13, AGI 9) at -17 HP carries the unconscious Mage (at -5 HP) over the Hole: 2 squares,
    TN 20; he rolls two ones: 24 but a Fumble, 2 x 2 = 4 HP: -21, dead. The scenario ends there:
    the Mage he carries takes no fall damage."""
    hall = tile("HALL", ["#####", "#####", "..O..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(hall), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 1)}, ap={"warrior": 20, "mage": 0})
    warrior, mage = state.hero("warrior"), state.hero("mage")
    warrior.hp, mage.hp = -17, -5
    mage.unconscious = True
    state.board.after_initiative(state)
    state.apply(PickUp("mage"))
    state.dice = ScriptedDice([1, 1])
    state.apply(Jump((2, 3)))
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"], check["success"]) == (20, 24, False)
    assert warrior.hp == -21 and warrior.dead and state.outcome == "hero_died"
    assert mage.hp == -5


def test_an_unconscious_character_does_not_occupy_its_square():
    """Unconsciousness: the figure is removed and its marker lies on the square; "unconscious
    characters do not occupy a square, so monsters and characters can move normally onto
    these squares" (settled after the initiative roll, when unconsciousness begins)."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("C", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 2)}, ap=12)
    assert Walk((2, 2)) not in state.legal_actions()
    state.hero("mage").unconscious = True
    state.board.after_initiative(state)
    assert state.board.occupant((2, 2)) is None and state.board.free(state, (2, 2))
    state.apply(Walk((2, 2)))
    assert where(state, "warrior") == (2, 2) and where(state, "mage") == (2, 2)


def test_a_carried_character_who_wakes_up_is_set_down_on_the_nearest_free_square():
    """Unconsciousness: a character who wakes up on a taken square "crawls to the nearest free
    square"; Carry Characters: only unconscious characters can be carried."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("C", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 1)}, ap=12)
    state.hero("mage").unconscious = True
    state.board.after_initiative(state)
    state.apply(PickUp("mage"))
    state.apply(Walk((2, 3)))
    state.hero("mage").unconscious = False
    state.board.after_initiative(state)
    assert "warrior" not in state.board.carried
    assert where(state, "warrior") == (2, 3) and where(state, "mage") in {(2, 2), (2, 4)}
    assert state.log.last("crawled").actor == "mage"


def test_a_placed_tile_joins_its_door_and_leaves_the_rest_of_the_dungeon_as_it_was():
    """Exploration: a tile placed door to door joins the dungeon there (the door is no longer
    closed, its squares step across), while far tiles keep their steps. The layout asked of every
    square before and after placing answers as a layout built with every tile at once does
    (kinds, neighbours, walls around, hero and monster routes), as it remembers steps between versions."""
    west_door = TileShape(("#####", "#...#", "....#", "#...#", "#####"), (Opening("west", 2),))
    east_door = TileShape(("#####", "#...#", "#....", "#...#", "##.##"), (Opening("east", 2), Opening("south", 2)))
    grown = Layout()
    grown.place("E", east_door, (0, 0), 0)
    grown.place("W2", west_door, (1, 2), 0)  # far from the slot filled next
    window = [(r, c) for r in range(-1, 11) for c in range(-1, 16)]

    def answers(layout: Layout) -> list:
        steps = [(p, layout.kind(p), sorted(layout.neighbours(p)), layout.walls_around(p)) for p in window]
        hero = hero_routes(layout, (1, 1), 30, monsters=frozenset(), heroes=frozenset())
        monster = monster_routes(layout, (1, 1), None, moves=MonsterMoves(), heroes=set(), monsters=set())
        return [steps, sorted((p, hero.cost(p)) for p in hero), sorted((p, monster.cost(p)) for p in monster)]

    before = answers(grown)
    assert (2, 5) not in grown.neighbours((2, 4))
    grown.place("W", west_door, (0, 1), 0)
    assert (2, 5) in grown.neighbours((2, 4)) and (2, 4) in grown.neighbours((2, 5))
    fresh = Layout()
    for slot, tile_id, shape in (((0, 0), "E", east_door), ((1, 2), "W2", west_door), ((0, 1), "W", west_door)):
        fresh.place(tile_id, shape, slot, 0)
    assert answers(grown) == answers(fresh) != before


def test_walking_only_goes_round_holes_and_monsters_and_passes_friends():
    """Walking (1 AP per square): a character walks square by square, passes other characters
    but never a monster, never steps on a hole (that takes a jump), and ends on no occupied
    square. Asked for walks only, the routes cost one AP a square along the shortest such way."""
    layout = Layout()
    layout.place("T", TileShape((".....", ".O...", ".O...", ".O...", ".....")), (0, 0), 0)
    walks = hero_routes(layout, (2, 0), 30, monsters=frozenset({(4, 1)}), heroes=frozenset({(0, 0)}),
                        jumping=False)
    assert (1, 1) not in walks and (4, 1) not in walks  # the hole and the monster
    assert (0, 0) not in walks  # a friend's square: passed, not ended on
    assert walks.cost((0, 1)) == 3 and walks[(0, 1)].path == ((1, 0), (0, 0), (0, 1))  # over the friend
    assert walks.cost((2, 2)) == 6  # round the north end of the holes: (0, 1) (0, 2) (1, 2) (2, 2)
    assert (4, 0) in walks and walks.cost((4, 0)) == 2 and (4, 2) in walks and walks.cost((4, 2)) == 8
    assert not any(route.jumps for route in walks.values())
    # a walk is cut short by the AP alone: the routes within 5 AP of the whole search, asked twice
    assert walks.within(5).keys() == walks.within(5).keys() == {p for p in walks if walks.cost(p) <= 5}
    assert walks.within(30).keys() == walks.keys()
    assert hero_routes(layout, (2, 0), 5, monsters=frozenset({(4, 1)}), heroes=frozenset(), jumping=False).keys() \
        == {p for p in walks if walks.cost(p) <= 5} | {(0, 0)}


def test_the_cost_of_a_route_read_without_building_it_is_the_route_s_cost():
    """The bots rank squares by the AP of their routes without building each route
    (``Routes.cost``, ``Routes.jump_count``): for walks, jumps into negative AP and a monster's
    Rubble clearing, every square answers as the route built for it does."""
    layout = Layout()
    layout.place("T", TileShape((".....", ".O...", ".O...", ".O.R.", ".....")), (0, 0), 0)
    layout.add_marker((0, 3), "rubble")
    searches = [hero_routes(layout, (2, 0), ap, monsters=frozenset({(4, 1)}), heroes=frozenset({(0, 0)}),
                            jumping=jumping) for ap in (3, 7, 30) for jumping in (True, False)]
    searches += [monster_routes(layout, (2, 0), budget, moves=MonsterMoves(), heroes=set(), monsters=set())
                 for budget in (4, 12, None)]
    assert any(r.jumps for routes in searches for r in routes.values())
    assert any(r.cleared for routes in searches for r in routes.values())
    for routes in searches:
        assert all(routes.cost(p) == routes[p].cost and routes.jump_count(p) == len(routes[p].jumps)
                   for p in routes)


def test_hero_routes_of_equal_cost_keep_the_walk_and_the_first_way_found():
    """Walking and Jumping (5 AP): of two ways that cost the same AP the hero takes the one with
    fewer jumps (5 AP over the two holes against 5 squares round them); of two equal walks, the
    first found (squares taken by cost and jumps, in the order reached, neighbours north, east,
    south, west); nothing follows a jump that uses the last AP, so with 5 AP the square behind the
    landing is out of reach, with 6 it is walked to round the holes."""
    layout = Layout()
    layout.place("T", TileShape((".....", ".....", ".OO..", ".....", ".....")), (0, 0), 0)
    for ap in (5, 6, 30):
        routes = hero_routes(layout, (2, 0), ap, monsters=frozenset(), heroes=frozenset())
        assert routes.cost((2, 3)) == 5 and routes[(2, 3)].path == ((1, 0), (1, 1), (1, 2), (1, 3), (2, 3))
        assert not routes[(2, 3)].jumps
        assert routes[(0, 1)].path == ((1, 0), (0, 0), (0, 1))  # (0, 0) reached before (1, 1)
        assert routes[(3, 3)].path == ((3, 0), (3, 1), (3, 2), (3, 3))
        if ap == 5:
            assert (2, 4) not in routes
        else:
            assert routes.cost((2, 4)) == 6 and not routes[(2, 4)].jumps


def test_the_costs_and_ways_of_moving_a_search_is_given_are_those_the_rules_say():
    """Every route search is given the AP of walking, jumping and clearing Rubble (doubled
    while carrying: *Carry Characters*) and how a monster moves (flying, through walls): shared
    values, equal to those built from the rules each time."""
    from map_helpers import BASE

    rules = BASE.rules
    for factor in (1, 2):
        costs = Costs.of(rules, factor)
        assert costs == Costs(rules.walk_ap * factor, rules.jump_ap * factor, rules.clear_rubble_ap)
        assert Costs.of(rules, factor) is costs
    assert Costs.of(rules, 2).walk == 2 * Costs.of(rules).walk
    for flying in (False, True):
        for ghost in (False, True):
            assert MonsterMoves.of(flying, ghost) == MonsterMoves(flying=flying, ghost=ghost)


MOAT = tile("MOAT", [".....", ".O...", ".O.#.", ".O...", "....."], open_sides=[("east", 0, 5)])
BEYOND = tile("BEYOND", [".....", ".....", "..O..", ".....", "....."], open_sides=[("west", 0, 5)],
              doors=[("south", 2)])


def test_a_walk_reads_a_search_with_jumps_only_where_its_way_is_the_walk_itself():
    """*Walking*: a Walk goes the cheapest way on foot. The move that carries out a bot's Walk
    reads the bot's search with jumps (*Jumping*) when that search's way to the square jumps
    nowhere: its answer must be the walk a fresh walking search finds (the same squares, the
    same AP), for every square and AP, as the map changes (a Room Tile placed, Rubble put down
    and cleared, a Hole, a Blocked Door, a Secret Door, a dead door) and the figures move."""
    from test_map_layout_shared import fresh

    from doria_forge.engine.map.dungeon_routes import FAR_AP

    state = map_game(pack_with(MOAT, BEYOND), ["warrior", "mage"], tiles=[("MOAT", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (4, 4)}, monsters=[("orc", (0, 3))])
    board, hero = state.board, state.hero("warrior")
    layout = board.layout
    jumped = set()

    def same_as_a_fresh_walk() -> None:
        start = board.position(hero.uid)
        monsters, heroes = board.monster_squares(state), board.hero_squares(state, hero.uid)
        for ap in (2, 6, 30):
            chosen = board.hero_routes(state, hero, ap)  # a bot's choice: the search with jumps
            jumped.update(p for p in chosen if chosen.jump_count(p))
            walk = hero_routes(fresh(layout), start, FAR_AP, monsters=monsters, heroes=heroes,
                               jumping=False).within(ap)
            for to in layout.all_squares():
                assert board.hero_walk(state, hero, ap, to) == walk.get(to), (ap, to)

    same_as_a_fresh_walk()
    assert jumped  # squares across the Holes are reached by jumps: their walks go round
    board.place_tile(state, "BEYOND", (0, 1), 0)
    same_as_a_fresh_walk()
    board.put_marker(state, (2, 2), "rubble")
    same_as_a_fresh_walk()
    board.clear_rubble(state, (2, 2))
    board.put_marker(state, (0, 2), "hole")
    same_as_a_fresh_walk()
    board.put_marker(state, (4, 7), "blocked_door")
    same_as_a_fresh_walk()
    layout.secret_doors[(2, 3)] = "east"
    layout.touch()
    layout.dead_doors.add((4, 7))
    layout.touch()
    same_as_a_fresh_walk()
    board.move_to("orc-1", (4, 1))  # the way round the Holes by the south row is shut
    same_as_a_fresh_walk()
    board.move_to("mage", (0, 1))  # onto a square the warrior walked to: never a walk's end now
    same_as_a_fresh_walk()
    board.move_to(hero.uid, (1, 4))
    same_as_a_fresh_walk()


def test_occupied_squares_a_monster_never_enters_or_passes_a_character():
    """Monsters walk 1 AP a square, never past a character, and may pass other monsters (a
    square with a monster is reached: the mover pushes it or skips it); the characters' squares
    are never listed, wherever they stand (Book of Rules: monster movement). A hero's routes leave
    the monsters' squares out the same way, walking or jumping."""
    layout = Layout()
    layout.place("C", TileShape(("#####", "#####", ".....", "#####", "#####")), (0, 0), 0)
    heroes = {(2, 3), (0, 0)}
    routes = monster_routes(layout, (2, 0), 20, moves=MonsterMoves(), heroes=heroes, monsters={(2, 1)})
    assert routes.keys() == {(2, 1), (2, 2)} and routes.cost((2, 2)) == 2  # past the monster, not the hero
    for jumping in (True, False):
        walks = hero_routes(layout, (2, 0), 20, monsters=frozenset({(2, 3), (0, 0)}), heroes=frozenset({(2, 1)}),
                            jumping=jumping)
        assert walks.keys() == {(2, 2)} and walks[(2, 2)].path == ((2, 1), (2, 2))  # past the friend only
