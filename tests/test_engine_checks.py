"""Comparative rolls, Target Number checks, critical rolls and Fumbles (Book of Rules:
Comparative rolls, Target numbers, Critical Rolls and Fumbles, Psi Spells > Target numbers)."""

from __future__ import annotations

from doria_forge.engine.checks import comparative_roll, compare, roll_target_number, target_number_check
from doria_forge.engine.dice import ScriptedDice


def test_comparative_rolls_example_scoundrel_vs_orc():
    """Comparative rolls, EXAMPLE: the Scoundrel's melee 3D rolls 5+8+4 = 17; the Orc's
    defense 2D+5 rolls 2+5+5 = 12: the Scoundrel hits."""
    dice = ScriptedDice([5, 8, 4, 2, 5])
    attack, defense = dice.roll("3D"), dice.roll("2D+5")
    result = comparative_roll(attack, defense)
    assert (result.attack, result.defense, result.hit, result.critical_steps) == (17, 12, True, 0)


def test_defense_example_orc_hit_not_critical():
    """Defense, EXAMPLE: attack 28 against the Orc's 2D+5 = 8+6+5 = 19: hit, not critical."""
    defense = ScriptedDice([8, 6]).roll("2D+5")
    result = compare(28, defense.total)
    assert defense.total == 19 and result.hit and result.critical_steps == 0


def test_tie_goes_to_the_attacker_and_defender_must_beat_by_one():
    """Defense: a tie is a hit; the defender needs attack + 1."""
    assert compare(20, 20).hit
    assert not compare(20, 21).hit


def test_critical_steps_every_full_ten_points():
    """Critical Rolls: each full 10 points above is a critical success, below a critical failure."""
    assert compare(36, 8).critical_steps == 2
    assert compare(29, 20).critical_steps == 0
    assert compare(30, 20).critical_steps == 1
    miss = compare(9, 30)
    assert not miss.hit and miss.critical_failures == 2 and miss.critical_steps == 0


def test_fumble_fails_even_a_winning_roll():
    """Fumbles: two ones always fumble, whatever the total and with more than 2 dice;
    a 0 followed by a 1 is 11, not a 1."""
    dice = ScriptedDice([1, 1, 10, 10, 10, 5, 3, 3])
    attack = dice.roll("3D")  # 1, 1, 10+10+10+5 = 37
    defense = dice.roll("2D")
    assert attack.total == 37 and attack.fumble
    result = comparative_roll(attack, defense)
    assert not result.hit and result.attack_fumble
    eleven = ScriptedDice([10, 1, 1]).roll("2D")
    assert eleven.total == 12 and not eleven.fumble


def test_defense_fumble_is_a_failed_defense():
    """Critical Rolls and Fumbles: a defender's Fumble fails the defense even above the attack."""
    dice = ScriptedDice([3, 3, 1, 1, 10, 9])
    attack, defense = dice.roll("2D"), dice.roll("3D")
    assert defense.total > attack.total
    result = comparative_roll(attack, defense)
    assert result.hit and result.defense_fumble and result.critical_steps == 1


def test_psi_points_added_after_the_roll():
    """Psi Resistance: PP spent after the roll add to the defense total."""
    dice = ScriptedDice([10, 5, 9, 9, 8])
    attack, defense = dice.roll("2D"), dice.roll("2D")  # 24 vs 17
    assert (attack.total, defense.total) == (24, 17)
    assert comparative_roll(attack, defense, defense_bonus=8).hit is False
    assert comparative_roll(attack, defense, defense_bonus=7).hit is True


def test_target_numbers_example_1_warrior_pit():
    """Target numbers, EXAMPLE 1: the Warrior (STR 15, AGI 10) rolls 6+4 against TN 35: 35, success."""
    result = roll_target_number(ScriptedDice([6, 4]), 15, 10, 35)
    assert result.total == 35 and result.success and result.critical_successes == 0


def test_target_numbers_example_2_priestess_heal_fails():
    """Target numbers, EXAMPLE 2: the Priestess (CON 8, PSI 15) rolls 2+5 against TN 32: 30, the spell fails."""
    result = roll_target_number(ScriptedDice([2, 5]), 8, 15, 32)
    assert result.total == 30 and not result.success and result.critical_failures == 0


def test_psi_target_number_example_priestess_dense_hide():
    """Psi Spells > Target numbers, EXAMPLE: the Priestess (CON 10, PSI 12) casts Dense Hide
    (TN 28), rolls 8+5: 35, success (no critical success: 7 above)."""
    result = roll_target_number(ScriptedDice([8, 5]), 10, 12, 28)
    assert result.total == 35 and result.success and result.critical_successes == 0


def test_target_number_critical_successes_and_failures_and_fumble():
    """Critical Rolls: every 10 above/below the TN; a Fumble fails even when the TN is reached."""
    roll = ScriptedDice([10, 10, 5, 9]).roll("2D")  # 25 + 9 = 34
    high = target_number_check(roll, 20, 30)
    assert high.total == 54 and high.critical_successes == 2
    low = target_number_check(ScriptedDice([2, 2]).roll("2D"), 5, 30)
    assert low.critical_failures == 2 and not low.success
    fumble = target_number_check(ScriptedDice([1, 1]).roll("2D"), 40, 30)
    assert fumble.fumble and not fumble.success and fumble.critical_successes == 0


def test_event_log_append_only_and_of_kind():
    from doria_forge.engine.events import Event, EventLog

    log = EventLog()
    first = log.emit("attack", "warrior", attack=28)
    log.emit("defense", "orc", defense=19)
    log.emit("attack", "mage", attack=22)
    assert isinstance(first, Event) and first["attack"] == 28 and first.actor == "warrior"
    assert len(log) == 3 and [e.kind for e in log] == ["attack", "defense", "attack"]
    assert [e.actor for e in log.of_kind("attack")] == ["warrior", "mage"]
    assert log.last("defense").data == {"defense": 19}
