"""Range beside a bridge and attacks of buried figures (Book of Rules *Range and Line of Sight*,
*Arrows (Room F-3)*, *Dungeon Markers*): the short cuts the range and Rubble tests take must
answer as the rules do."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

F3 = tile("F-3", ["##.##", "##.##", ".....", "##.##", "##.##"],
          doors=[("north", 2), ("south", 2), ("west", 2), ("east", 2)], bridge="north_south")
HALL = tile("HALL", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def test_neighbouring_squares_are_one_square_apart_even_at_a_bridge_middle():
    """*Arrows (Room F-3)*: only a middle square strictly between two squares of the passage
    under the bridge is skipped; a square and its neighbour (the middle itself one of them, or
    both beside it) stay 1 apart, and two squares on either side of it are 1 apart too."""
    state = map_game(pack_with(F3), ["warrior"], tiles=[("F-3", (0, 0), 0)], at={"warrior": (2, 0)})
    board = state.board
    for a, b in (((2, 1), (2, 2)), ((2, 2), (2, 3)), ((1, 2), (2, 2)), ((2, 2), (3, 2)), ((2, 0), (2, 1))):
        assert board.range_distance(a, b) == 1 and board.range_distance(b, a) == 1
    assert board.range_distance((2, 1), (2, 3)) == 1  # the middle between them is not counted
    assert board.range_distance((2, 0), (2, 3)) == 2


def test_rubble_on_either_square_limits_an_attack_to_range_1():
    """*Dungeon Markers*: a figure buried under Rubble is attacked, and attacks, within range 1
    only: Rubble on the attacker's square or on the target's square, not elsewhere."""
    state = map_game(pack_with(HALL), ["warrior"], tiles=[("HALL", (0, 0), 0)], at={"warrior": (2, 0)})
    board = state.board
    assert board.can_attack_from((2, 3), (2, 0), 5, "magic")
    board.layout.add_marker((4, 4), "rubble")  # Rubble elsewhere changes nothing
    assert board.can_attack_from((2, 3), (2, 0), 5, "magic")
    for buried in ((2, 3), (2, 0)):
        board.layout.add_marker(buried, "rubble")
        assert not board.can_attack_from((2, 3), (2, 0), 5, "magic")
        assert not board.can_attack_from((2, 0), (2, 3), 5, "magic")
        assert board.can_attack_from((2, 1), (2, 0), 5, "magic")  # neighbours: range 1 either way
        board.layout.remove_marker(buried, "rubble")
    assert board.can_attack_from((2, 3), (2, 0), 5, "magic")


def test_a_buried_hero_targets_only_adjacent_monsters():
    """*Dungeon Markers*: a hero under Rubble attacks within range 1 only, whatever the weapon's
    range; Rubble on the monster's square does the same."""
    state = map_game(pack_with(HALL), ["huntress"], tiles=[("HALL", (0, 0), 0)], at={"huntress": (2, 0)},
                     monsters=[("mummy", (2, 3))])
    board = state.board
    huntress, mummy = state.hero("huntress"), state.monsters[0]
    bow = huntress.hands[0].card.attacks[0]
    assert bow.range >= 3 and board.hero_can_target(state, huntress, bow, mummy)
    for buried in ((2, 0), (2, 3)):
        board.layout.add_marker(buried, "rubble")
        assert not board.hero_can_target(state, huntress, bow, mummy)
        board.layout.remove_marker(buried, "rubble")
    board.move_to(mummy.uid, (2, 1))
    board.layout.add_marker((2, 0), "rubble")
    assert board.hero_can_target(state, huntress, bow, mummy)


def test_rubble_falling_on_squares_known_passable_still_buries_their_figures():
    """*Dungeon Markers*: the Rubble test first reads what the layout remembers of squares figures
    may stand on; Rubble laid on squares it already knew as passable must bury their figures
    (range 1 only) at once, for the attack tests of monsters and heroes alike, and lifting it
    frees them again."""
    state = map_game(pack_with(HALL), ["huntress"], tiles=[("HALL", (0, 0), 0)], at={"huntress": (2, 0)},
                     monsters=[("mummy", (2, 3))])
    board = state.board
    huntress, mummy = state.hero("huntress"), state.monsters[0]
    bow = huntress.hands[0].card.attacks[0]
    for buried in ((2, 0), (2, 3)):
        assert board.layout.passable((2, 0)) and board.layout.passable((2, 3))  # remembered as passable
        assert board.can_attack_from((2, 3), (2, 0), 5, "magic")
        assert board.hero_can_target(state, huntress, bow, mummy)
        board.layout.add_marker(buried, "rubble")
        assert not board.can_attack_from((2, 3), (2, 0), 5, "magic")
        assert not board.can_attack_from((2, 0), (2, 3), 5, "magic")
        assert not board.hero_can_target(state, huntress, bow, mummy)
        board.layout.remove_marker(buried, "rubble")
    assert board.can_attack_from((2, 3), (2, 0), 5, "magic") and board.hero_can_target(state, huntress, bow, mummy)
