"""Statistical checks of the dice against exact values (Book of Rules: Critical Rolls and
Fumbles). Fixed seeds; tolerances are 4 standard errors of the estimate, so a correct
implementation fails with probability < 1e-4 per check and does not fail at all with
these seeds, while a wrong rule (no explosion: mean 5.5; fumble on any 1 with 2 dice:
P = 0.19) misses by many standard errors."""

from __future__ import annotations

import math

import pytest

from doria_forge.engine.dice import DiceRoller
from doria_forge.model.common import DiceSpec

ONE_DIE = DiceSpec(1)

MEAN = 55 / 9
"""E[X] of one exploding D10: X = F + [F = 10] X', so E = 5.5 + 0.1 E, E = 5.5 / 0.9."""

SECOND_MOMENT = (38.5 + 2 * 10 * 0.1 * MEAN) / 0.9
"""E[X^2] = E[F^2] + 2 E[F [F=10]] E[X] + 0.1 E[X^2], with E[F^2] = 385/10."""


def test_mean_of_one_exploding_d10_is_55_ninths():
    n = 60_000
    roller = DiceRoller(20240601)
    total = sum(roller.roll(ONE_DIE).total for _ in range(n))
    sd = math.sqrt(SECOND_MOMENT - MEAN**2)  # about 4.36
    se = sd / math.sqrt(n)  # about 0.018
    assert abs(total / n - MEAN) < 4 * se


@pytest.mark.parametrize("dice", [2, 3, 5])
def test_fumble_probability_exact(dice):
    """P(Fumble) with k dice = 1 - P(no 1) - P(exactly one 1), p = 0.1 per die (only the
    first face of a die counts: a 0 then a 1 is 11)."""
    p = 0.1
    exact = 1 - (1 - p) ** dice - dice * p * (1 - p) ** (dice - 1)  # 0.01, 0.028, 0.08146
    n = 40_000
    roller = DiceRoller(1000 + dice)
    spec = DiceSpec(dice)
    hits = sum(roller.roll(spec).fumble for _ in range(n))
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(hits / n - exact) < 4 * se
