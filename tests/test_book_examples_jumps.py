"""Heroes jumping round a corner (Book of Rules *Jumping (5 AP)*, book lines 1068-1094, with
*Walking (1 AP per square)* and *Occupied squares* just above it).

"A jump action is only allowed to a square where *Line of Sight* exists and to which a way using
adjacent fields without a monster can be counted (including *Holes*)" (line 1070); the Target
Number adds "10 points for each square including the target square but without the starting
square" (line 1076), counted along that way; "Moving diagonally is not allowed" (*Walking*): the
way runs over orthogonal neighbours. The jump costs 5 AP, the walking before and after it 1 AP a
square (line 1074). A jump need not be a straight line: only monsters jump "in the shortest
straight line" (chapter *Monsters and Obstacles/Holes*, line 1493).

Each room is one closed 5 x 5 Room Tile in slot (0, 0): squares are (row, col) of its rows.
"""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile, where

from doria_forge.engine.actions import Jump
from doria_forge.engine.dice import ScriptedDice

# A pillar (1, 2) right behind the Hole (2, 2): no straight jump from (3, 2); the squares beside
# the Hole, (2, 1) and (2, 3), lie in Line of Sight of (3, 2) past the corner of the wall (3, 1).
PILLAR = tile("PILLAR", ["#...#", "#.#.#", "#.O.#", "##.##", "##.##"])

# Holes (2, 1) and (1, 1) and (1, 2) round the wall square (2, 2): from (3, 1) the way to (1, 0)
# counts 3 squares and (1, 0) is in Line of Sight; the way to (1, 3) counts 4, but the corner of
# (2, 2) stands between (3, 1) and (1, 3).
CORNER = tile("CORNER", ["#####", ".OO.#", "#O#.#", "#.#.#", "#####"])

# Three Holes in a row behind a one-square corridor: from (3, 2) straight over (2, 2) to (1, 2)
# where row 1 is open; niches (1, 1) and (1, 3) behind the outer Holes where it is walled.
ROW = tile("ROW", ["#####", "#...#", "#OOO#", "##.##", "##.##"])
NICHES = tile("NICHES", ["#####", "#.#.#", "#OOO#", "##.##", "##.##"])


def _jumps(state) -> list[Jump]:
    return [a for a in state.legal_actions() if isinstance(a, Jump)]


def test_a_hole_with_a_pillar_behind_it_is_jumped_to_the_side_walk_5_walk():
    """Book line 1070: no straight jump over the Hole (2, 2) exists (the pillar (1, 2) stands
    behind it), but (2, 1) is in Line of Sight of the jump-off square (3, 2) and the way
    (3, 2) -> (2, 2) -> (2, 1) counts 2 squares: TN 20 (line 1076). The Huntress walks 1 AP to
    (3, 2), jumps for 5 AP and walks 2 AP on to (0, 1): 8 AP, as in EXAMPLE 1 (line 1088); she
    rolls 5 and 4: 7 + 10 + 9 = 26, no damage."""
    state = map_game(pack_with(PILLAR), ["huntress"], tiles=[("PILLAR", (0, 0), 0)], at={"huntress": (4, 2)}, ap=19)
    huntress = state.hero("huntress")
    huntress.set_attributes(STR=7, AGI=10)
    assert state.board.sees((3, 2), (2, 1))
    assert Jump((0, 1)) in _jumps(state)
    state.dice = ScriptedDice([5, 4])
    state.apply(Jump((0, 1)))
    assert where(state, "huntress") == (0, 1)
    assert state.ap["huntress"] == 19 - (1 + 5 + 2)
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["squares"], check["total"], check["success"]) == (20, 2, 26, True)
    assert huntress.hp == huntress.hp_max
    assert state.log.last("moved")["path"] == ((3, 2), (2, 2), (2, 1), (1, 1), (0, 1))


def test_a_failed_jump_round_the_corner_costs_1_hp_a_square_of_the_way():
    """Book lines 1076-1078: the way over the Holes (2, 1), (1, 1) to (1, 0) counts 3 squares:
    TN 30; the Mage (STR 4, AGI 7) rolls 6 and 6: 23, a simple failure (not 10 below): 1 damage
    for every square jumped, 3 HP. He still lands (line 1074)."""
    state = map_game(pack_with(CORNER), ["mage"], tiles=[("CORNER", (0, 0), 0)], at={"mage": (3, 1)}, ap=20)
    mage = state.hero("mage")
    mage.set_attributes(STR=4, AGI=7, CON=24)
    state.dice = ScriptedDice([6, 6])
    state.apply(Jump((1, 0)))
    assert where(state, "mage") == (1, 0) and state.ap["mage"] == 20 - 5
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"], check["success"]) == (30, 23, False)
    assert mage.hp == mage.hp_max - 3


def test_no_jump_without_line_of_sight_a_wall_corner_between():
    """Book line 1070: "only allowed to a square where Line of Sight exists". From (3, 1) the
    Holes lead to (1, 0) (in sight: a jump) and on to (1, 3), but the wall square (2, 2) stands
    between (3, 1) and (1, 3) (chapter *Line of Sight*: walls block it, their corners too): no
    jump there, though a way over the Holes exists. (1, 3) is reached only by a second jump, a
    straight one from (1, 0) over (1, 1) and (1, 2), after the first (line 1074: "It is also
    possible to combine multiple jump and movement actions")."""
    state = map_game(pack_with(CORNER), ["warrior"], tiles=[("CORNER", (0, 0), 0)], at={"warrior": (3, 1)}, ap=30)
    assert state.board.sees((3, 1), (1, 0)) and not state.board.sees((3, 1), (1, 3))
    routes = state.board.hero_routes(state, state.hero("warrior"), 30)
    assert {route.jumps[0].land for route in routes.values()} == {(1, 0)}
    assert [(j.start, j.land, j.squares) for j in routes[(1, 3)].jumps] == [((3, 1), (1, 0), 3), ((1, 0), (1, 3), 3)]
    with_ap_for_one_jump = map_game(pack_with(CORNER), ["warrior"], tiles=[("CORNER", (0, 0), 0)],
                                    at={"warrior": (3, 1)}, ap=5)
    assert _jumps(with_ap_for_one_jump) == [Jump((1, 0))]


def test_no_jump_over_a_monster_on_the_only_way():
    """Book lines 1068-1070: "you can never jump over a square with a monster"; the way must be
    one "without a monster". A Gargoyle (a flyer) hovers over the Hole (2, 1): the only way from
    (3, 2) to the niche (1, 1) runs over it, so no jump lands there; the niche (1, 3) behind the
    other outer Hole is still jumped to: 3 squares, TN 30."""
    state = map_game(pack_with(NICHES), ["warrior"], tiles=[("NICHES", (0, 0), 0)], at={"warrior": (3, 2)},
                     monsters=[("gargoyle", (4, 2))], ap=30)
    [gargoyle] = state.monsters
    state.board.move_to(gargoyle.uid, (2, 1))
    assert _jumps(state) == [Jump((1, 3))]
    state.dice = ScriptedDice([6, 6])
    state.apply(Jump((1, 3)))
    [check] = state.log.of_kind("jump_check")
    assert check["target_number"] == 30


def test_without_the_monster_both_niches_are_jumped_to():
    """The same room without the Gargoyle: both niches are 3 squares away over the Holes."""
    state = map_game(pack_with(NICHES), ["warrior"], tiles=[("NICHES", (0, 0), 0)], at={"warrior": (3, 2)}, ap=30)
    assert _jumps(state) == [Jump((1, 1)), Jump((1, 3))]


def test_a_straight_jump_keeps_its_target_number_and_ap_beside_jumps_round_the_corner():
    """Book lines 1074-1076: over the Hole (2, 2) straight to (1, 2) is 2 squares, TN 20: 1 AP to
    the Hole, 5 for the jump. (1, 1) and (1, 3) lie beside that landing: the hero reaches them by
    the same straight jump and one step (7 AP, TN 20), not by a jump of 3 squares over the outer
    Holes (TN 30) for 1 AP less, as the shortest way's count is what the jump check takes."""
    state = map_game(pack_with(ROW), ["huntress"], tiles=[("ROW", (0, 0), 0)], at={"huntress": (4, 2)}, ap=19)
    huntress = state.hero("huntress")
    huntress.set_attributes(STR=7, AGI=10)
    state.dice = ScriptedDice([6, 8])
    state.apply(Jump((1, 1)))
    assert where(state, "huntress") == (1, 1) and state.ap["huntress"] == 19 - 7
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"]) == (20, 31)
    assert state.log.last("moved")["path"] == ((3, 2), (2, 2), (1, 2), (1, 1))
    # with an Orc on that landing (1, 2) the straight jump is gone (line 1080: the destination must
    # be free), and the way over (2, 2) and (2, 1) to (1, 1) is the jump left: 3 squares, TN 30
    state = map_game(pack_with(ROW), ["huntress"], tiles=[("ROW", (0, 0), 0)], at={"huntress": (4, 2)},
                     monsters=[("orc", (1, 2))], ap=19)
    state.dice = ScriptedDice([6, 8])
    state.apply(Jump((1, 1)))
    assert where(state, "huntress") == (1, 1) and state.ap["huntress"] == 19 - 6
    [check] = state.log.of_kind("jump_check")
    assert check["target_number"] == 30
