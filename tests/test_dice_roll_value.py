"""A ``DiceRoller.roll`` result is the frozen ``Roll`` of its spec, chains and total (made without
the dataclass ``__init__``: ``copying.three_slots``), with the chapter *Comparative Rolls and Target
Numbers* arithmetic: a 0 face counts 10 and explodes, the flat bonus is added once."""

from __future__ import annotations

import dataclasses

import pytest

from doria_forge.engine.dice import DiceRoller, Roll, ScriptedDice
from doria_forge.model.common import DiceSpec


def test_a_roll_is_the_frozen_roll_of_its_spec_chains_and_total():
    roll = ScriptedDice([10, 4, 1, 7]).roll("3D+2")
    assert roll == Roll(DiceSpec(3, 2), ((10, 4), (1,), (7,)), 10 + 4 + 1 + 7 + 2)
    assert hash(roll) == hash(Roll(DiceSpec(3, 2), ((10, 4), (1,), (7,)), 24))
    assert (roll.dice_total, roll.ones, roll.fumble) == (22, 1, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.total = 1  # type: ignore[misc]
    assert not hasattr(roll, "__dict__")


def test_the_generator_path_gives_the_same_roll_as_the_faces_it_drew():
    seeded, replayed = DiceRoller(11), DiceRoller(11)
    for text, count, bonus, extra, added in (("2D", 2, 0, 0, 0), ("3D+1", 4, 3, 1, 2), ("1D", 1, 0, -3, 0)):
        roll = seeded.roll(text, extra, added)
        chains = tuple(replayed.chain() for _ in range(count))  # at least one die is always rolled
        assert roll == Roll(DiceSpec(count, bonus), chains, sum(map(sum, chains)) + bonus)
        assert type(roll) is Roll
