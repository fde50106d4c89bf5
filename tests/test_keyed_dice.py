"""Keyed dice (``sim.keyed_dice``): the search's playouts roll each kind of roll from its own
stream, so two playouts that took different actions still meet the same faces on the rolls they
have in common (common random numbers), and a playout replays from its seed."""

from __future__ import annotations

import statistics
from types import SimpleNamespace

from test_information import shuffle_hidden
from test_search_future import real_game

from doria_forge.sim.keyed_dice import KeyedDice, keyed


def clock(round_: int = 3, phase: str = "D") -> SimpleNamespace:
    return SimpleNamespace(round=round_, phase=phase)


def test_a_roll_shows_the_same_faces_whatever_other_rolls_came_before_it():
    """One playout rolls a hero's 2D attack and then the monster's 3D+2; the other rolls the
    monster's attack first, and twice as many other dice: the monster's first 3D+2 of the round
    shows the same faces in both."""
    one, two = KeyedDice(11, clock()), KeyedDice(11, clock())
    one.roll("2D")
    first = one.roll("3D+2")
    for _ in range(4):
        two.roll("1D", bonus=1)
    assert two.roll("3D+2") == first


def test_a_new_round_starts_every_stream_afresh():
    """The rolls of round 4 do not depend on how many rolls round 3 made."""
    state_a, state_b = clock(3), clock(3)
    a, b = KeyedDice(5, state_a), KeyedDice(5, state_b)
    a.roll("3D")
    for _ in range(3):
        b.roll("3D")
    state_a.round = state_b.round = 4
    assert [a.roll("3D") for _ in range(5)] == [b.roll("3D") for _ in range(5)]


def test_the_faces_depend_on_the_seed_and_are_exploding_d10s():
    same = [KeyedDice(2, clock()).roll("3D") for _ in range(2)]
    assert same[0] == same[1]
    dice = KeyedDice(2, clock())
    rolls = [dice.roll("1D") for _ in range(4000)]
    assert any(KeyedDice(s, clock()).roll("3D") != same[0] for s in range(3, 8))
    faces = {f for r in rolls for chain in r.dice for f in chain}
    assert faces == set(range(1, 11))
    assert all(chain[-1] != 10 and all(f == 10 for f in chain[:-1]) for r in rolls for chain in r.dice)
    # an exploding D10 is worth 55/9 = 6.11 on average (chapter *Critical Rolls and Fumbles*)
    assert abs(statistics.mean(r.total for r in rolls) - 55 / 9) < 0.25


def test_extra_dice_and_a_bonus_roll_as_on_the_games_dice():
    roll = KeyedDice(1, clock()).roll("2D+1", extra_dice=-5, bonus=2)
    assert len(roll.dice) == 1 and roll.total == sum(roll.dice[0]) + 3


def test_a_keyed_copy_knows_only_what_the_players_know(shipped_pack):
    """The same seed gives the same copy, and the same rolls, whatever order the undrawn cards
    of the real game are in."""
    state = real_game(shipped_pack)
    other = shuffle_hidden(state, seed=4)
    a, b = keyed(state, 9), keyed(other, 9)
    assert a.monster_deck.cards == b.monster_deck.cards and a.board.deck == b.board.deck
    assert [a.dice.roll("3D") for _ in range(5)] == [b.dice.roll("3D") for _ in range(5)]
    assert isinstance(a.dice, KeyedDice) and a.dice is not state.dice
