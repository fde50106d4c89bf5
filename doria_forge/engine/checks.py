"""Comparative rolls and Target Number checks: pure functions over ``Roll``s.

Book of Rules chapters *Comparative rolls*, *Target numbers* and *Critical Rolls and
Fumbles*: the attacker hits with the same or more than the defender (ties go to the
attacker); every full 10 points above the other side is a critical success, every full
10 below a critical failure; two (or more) dice showing a first face of 1 are a
*Fumble*, a failure even when the total would have succeeded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .dice import DiceRoller, Roll


class Comparison(NamedTuple):
    """Outcome of a comparative roll (attack against defense or psi resistance).

    ``attack``/``defense`` are the totals compared (after any Psi Points added to the
    defense); ``hit`` is true when the attack succeeded; ``critical_steps`` is
    ``(attack - defense) // 10`` for a hit, one more when the defender fumbled (a defense
    Fumble lowers the defense one category further, chapters *Critical Rolls and Fumbles*
    and *Fumbles in combat*: the defender "receives more damage"), each adding 1 damage;
    ``critical_failures`` is ``(defense - attack) // 10`` for a miss (no effect on an
    attack). ``attack_fumble``/``defense_fumble`` say which side fumbled: an attack Fumble
    misses, a defense Fumble fails the defense.

    A named tuple, not a frozen dataclass: as immutable, and built in about a third of the time
    (a frozen dataclass sets each field through ``object.__setattr__``); every attack and
    defense compares once.
    """

    attack: int
    defense: int
    hit: bool
    critical_steps: int
    critical_failures: int
    attack_fumble: bool = False
    defense_fumble: bool = False


def compare(attack: int, defense: int, *, attack_fumble: bool = False, defense_fumble: bool = False) -> Comparison:
    """Compare an attack total with a defense total (chapter *Comparative rolls*).

    The attack hits when ``attack >= defense`` (the defender must beat it by 1) and the
    attacker did not fumble; a defense Fumble is always a failed defense (a hit unless
    the attacker fumbled too) with one critical step more than the totals give."""
    if attack_fumble:
        hit = False
    elif defense_fumble:
        hit = True
    else:
        hit = attack >= defense
    critical_steps = max(0, (attack - defense) // 10) + (1 if defense_fumble else 0) if hit else 0
    critical_failures = max(0, (defense - attack) // 10) if not hit else 0
    return Comparison(attack, defense, hit, critical_steps, critical_failures, attack_fumble, defense_fumble)


def comparative_roll(attack: Roll, defense: Roll, *, defense_bonus: int = 0) -> Comparison:
    """Compare two ``Roll``s; ``defense_bonus`` is added to the defense total (Psi Points
    spent after a psi resistance roll). Fumbles are read from the rolls."""
    return compare(
        attack.total,
        defense.total + defense_bonus,
        attack_fumble=attack.fumble,
        defense_fumble=defense.fumble,
    )


@dataclass(frozen=True, slots=True)
class TNResult:
    """Outcome of a Target Number check: ``total`` = attributes + dice (+ bonus);
    ``success`` when ``total >= target_number`` and no Fumble; ``critical_successes`` =
    ``(total - TN) // 10`` on success, ``critical_failures`` = ``(TN - total) // 10`` on
    a failure by total (0 for a Fumble that reached the TN)."""

    roll: Roll
    attributes: int
    target_number: int
    total: int
    success: bool
    critical_successes: int
    critical_failures: int
    fumble: bool


def target_number_check(roll: Roll, attributes: int, target_number: int) -> TNResult:
    """Judge a Target Number check (chapter *Target numbers*): ``attributes`` is the sum
    of the two base attributes named by the card or trap, ``roll`` the 2D roll (with any
    flat bonus already in it), ``target_number`` the TN after any TN bonus markers."""
    total = roll.total + attributes
    fumble = roll.fumble
    success = total >= target_number and not fumble
    crit_s = (total - target_number) // 10 if success else 0
    crit_f = (target_number - total) // 10 if total < target_number else 0
    return TNResult(roll, attributes, target_number, total, success, crit_s, crit_f, fumble)


def roll_target_number(
    dice: DiceRoller, first: int, second: int, target_number: int, *, extra_dice: int = 0, bonus: int = 0
) -> TNResult:
    """Roll ``first + second + 2D (+bonus)`` against ``target_number`` (the two attribute
    values are given, not their names). ``extra_dice`` changes the number of dice
    (Disarmed: -1)."""
    roll = dice.roll("2D", extra_dice=extra_dice, bonus=bonus)
    return target_number_check(roll, first + second, target_number)
