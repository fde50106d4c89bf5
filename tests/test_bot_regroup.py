"""In a fight a hero off the party's Room Tile walks back onto it when it can attack a monster
from there this turn (``fight_moves.regroup``; Phase G: every Room Tile with a character on it
moves the Doom Counter), keeping an AP for the attack; walked squares count (chapter *Walking
(1 AP per square)*)."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

from doria_forge.engine.actions import Walk
from doria_forge.sim.fight_moves import regroup

TOP = tile("TOP", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])
BELOW = tile("BELOW", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])


def _split(ranger_at):
    """Warrior and mage on TOP (rows 0-4) with an Orc, the ranger on BELOW (rows 5-9); the doors
    (4, 2) and (5, 2) join the two."""
    return map_game(pack_with(TOP, BELOW), ["warrior", "mage", "ranger"],
                    tiles=[("TOP", (0, 0), 0), ("BELOW", (1, 0), 0)],
                    at={"warrior": (1, 1), "mage": (2, 1), "ranger": ranger_at}, monsters=[("orc", (3, 3))],
                    ap={"ranger": 15})


def test_the_hero_walks_back_when_the_party_s_tile_is_within_its_ap_less_one():
    state = _split((6, 2))
    ranger = state.hero("ranger")
    assert regroup(state, ranger, 3) == Walk((4, 2))  # 2 squares, an AP left to shoot
    assert regroup(state, ranger, 2) is None  # one square only: still on BELOW
    step = regroup(state, ranger, 15)
    assert isinstance(step, Walk) and step.to[0] <= 4


def test_a_hero_further_from_the_party_s_tile_than_its_ap_stays():
    state = _split((9, 2))
    ranger = state.hero("ranger")
    assert regroup(state, ranger, 5) is None  # 5 squares to (4, 2): none left to shoot
    assert regroup(state, ranger, 6) == Walk((4, 2))
