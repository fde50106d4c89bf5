"""Book of Rules *Psi Spells*, *Psi Resistance* (book lines 1625-1659) and *Hit Points,
Initiative Points and Psi Points* with *Unconsciousness* and *Death of a Character* (lines
1665-1709): the rules with figures no other test rebuilt, each from the book's words (line
numbers of doria-rules-en.md). The chapters' worked examples are checked elsewhere:
Thunderstorm 22 (``test_engine_combat.test_psi_attack_example_mage_thunderstorm``), Dense
Hide 35 (``test_engine_checks``, ``test_engine_combat``), the Mage's 17 + 3 PP against 19
(``test_engine_combat.test_psi_resistance_example_mage_dark_mage_spends_3_pp``), 1D+3
(``test_engine_hero``, ``test_engine_phases``) and -1 AP (``test_engine_phases``)."""

from __future__ import annotations

import pytest
from test_engine_combat import RULES, Fixed, hero, monster, weapon
from test_engine_state import make_state

from doria_forge.engine import phases
from doria_forge.engine.combat import hero_attack, monster_attack, use_item
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.model import Equipment
from doria_forge.model.common import DiceSpec


# ------------------------------------------------------------------ Critical successes (l.1645-1647)
def test_each_critical_success_on_a_target_number_spell_saves_one_psi_point():
    """*Critical successes when using Psi* (book line 1647): "Each critical success on spells with a
    Target Number (i.e. 10 more than the Target Number) reduces the Psi Point cost by 1 PP for
    each additional success." A 3 PP spell against TN 28 with CON 15 and PSI 15: 9+9 = 48 is
    20 above, two critical successes, 1 PP paid; 4+3 = 37 is 9 above, none, 3 PP paid."""
    ward = Equipment(id="stone_ward", name="Stone Ward", card_type="spell", zone="body", ap=10, pp=3,
                     tn_check={"attributes": ["CON", "PSI"], "target_number": 28})
    for faces, total, cost in (([9, 9], 48, 1), ([4, 3], 37, 3)):
        priestess = hero([ward], "priestess", CON=15, PSI=15)
        out = use_item(ScriptedDice(faces), EventLog(), priestess, priestess.body_items[0])
        assert (out.check.total, out.success, out.pp_cost) == (total, True, cost)
        assert priestess.pp == priestess.pp_max - cost


def test_an_attack_spells_critical_success_adds_damage_and_saves_no_psi_point():
    """*Critical successes when using Psi* (book line 1647): "This is explicitly not the case for
    attack spells, which automatically gain 1 point of damage similar to normal attacks." A
    2D+10 bolt (2 PP, damage 2) rolls 9+9 = 28 against the monster's psi resistance 3+4 = 7: 21
    above, two critical steps, damage 2 + 2 = 4, and still 2 PP paid."""
    bolt = weapon("bolt", "2D+10", 2, attack_type="magic", card_type="spell", pp=2)
    mage = hero([bolt], "mage", WIS=13, PSI=13)
    target = monster("orc", psi="2D", hp=9)
    out = hero_attack(ScriptedDice([9, 9, 3, 4]), EventLog(), mage, mage.hands[0], bolt.attacks[0], target, RULES)
    assert (out.attack_total, out.defense_total, out.critical_steps) == (28, 7, 2)
    assert out.wound == 4 and target.hp == 9 - 4
    assert out.pp_cost == 2 and mage.pp == mage.pp_max - 2


# ------------------------------------------------------------------ Psi Resistance (l.1655-1659)
@pytest.mark.parametrize(("pp", "hit"), [(2, True), (3, False)])
def test_psi_resistance_must_surpass_the_attack_by_one_point(pp, hit):
    """*Psi Resistance* (book line 1655): "Psi resistance follows the same rule as normal defense:
    The defender must surpass the attack roll by 1 point." The EXAMPLE's numbers (book line
    1659): the Dark Mage's 19 against the Mage's 9+8 = 17: 2 PP make 19, a tie, and the Mage is
    hit; 3 PP make 20 and he avoids it."""
    mage = hero([], "mage", STR=4, CON=4, WIS=13, PSI=13)
    dark_mage = monster("dark_mage", attack="2D+5", damage=2, attack_type="magic")
    [out] = monster_attack(ScriptedDice([7, 7, 9, 8]), EventLog(), dark_mage, [mage], RULES, Fixed(pp=pp))
    assert (out.attack_total, out.defense_total, out.psi_points_added) == (19, 17 + pp, pp)
    assert out.hit is hit and mage.pp == 13 - pp


def test_psi_points_raise_any_psi_resistance_also_an_equipped_spells():
    """*Psi Resistance* (book line 1655): "it is possible to increase any Psi Resistance affecting
    the own character after the Psi Resistance roll using Psi Points." The Mage defends with his
    spell's psi resistance 2D+3 (free of PP, FAQ) rolling 5+5 = 13 against a Shaman's 16 and adds
    4 PP: 17, the spell is avoided."""
    guard = Equipment(id="spell_guard", name="Spell Guard", card_type="spell", zone="body", ap=3, pp=1,
                      psi_resistance="2D+3")
    mage = hero([guard], "mage", WIS=13, PSI=13)
    shaman = monster("shaman", attack="2D+6", damage=3, attack_type="magic")
    [out] = monster_attack(ScriptedDice([5, 5, 5, 5]), EventLog(), shaman, [mage], RULES,
                           Fixed(item=mage.body_items[0], pp=4))
    assert out.defense_with == mage.body_items[0].uid
    assert (out.attack_total, out.defense_total, out.hit) == (16, 17, False)
    assert mage.pp == 13 - 4 and mage.hp == mage.hp_max


# ------------------------------------------------------------------ Monster Psi attacks (l.1649-1651)
def test_a_monsters_psi_attacks_cost_it_nothing_and_never_run_out():
    """*Monster Psi attacks* (book line 1651): "Monsters have an unlimited number of attacks
    available for magical attacks, no Psi Points are counted or deducted." A Shaman casts five
    times in a row at the Warrior, every time with its full 2D+5 (15 against 7: 1 damage each)."""
    warrior = hero([], "warrior", CON=30)
    shaman = monster("shaman", attack="2D+5", damage=1, attack_type="magic")
    for _ in range(5):
        [out] = monster_attack(ScriptedDice([5, 5, 3, 4]), EventLog(), shaman, [warrior], RULES, Fixed(pp=0))
        assert (out.attack_total, out.defense_total, out.hit, out.critical_steps) == (15, 7, True, 0)
    assert warrior.hp == warrior.hp_max - 5


# ------------------------------------------------------------------ Negative points (l.1669-1681)
def test_negative_psi_points_alone_cost_a_die_and_are_subtracted():
    """*Negative Hit Points or Psi Points* (book lines 1671-1673): "Once a character has negative
    Hit Points or Psi Points, that character must use one die less ... either the negative Hit
    Points or the negative Psi Points are deducted from the character's initiative roll." The
    Mage (IP 9) with 3 HP left and -4 PP rolls 1D+5."""
    state = make_state(["mage", "adventurer"])
    mage = state.heroes[0]
    mage.hp, mage.pp = 3, -4
    assert phases.initiative_spec(state, mage) == DiceSpec(1, 5)


def test_a_spell_cast_without_enough_psi_points_leaves_them_negative():
    """*Negative Hit Points or Psi Points*, EXAMPLE (book line 1677): the Mage "urgently needed to
    cast an attack spell in the last round, resulting in ... -3 Psi Points"; *Psi Spells* (book
    line 1627): "Psi Points must be spent immediately for each spell cast". With 1 PP left he casts
    a 4 PP spell: -3 PP, and with -6 HP his next initiative is 1D+3 (IP 9)."""
    storm = weapon("storm", "2D", 2, attack_type="magic", card_type="spell", pp=4)
    mage = hero([storm], "mage", AGI=9, PER=9, WIS=13, PSI=13)
    assert mage.ip == 9
    mage.hp, mage.pp = -6, 1
    out = hero_attack(ScriptedDice([5, 5, 5, 5]), EventLog(), mage, mage.hands[0], storm.attacks[0],
                      monster(psi="2D"), RULES)
    assert out.pp_cost == 4 and mage.pp == -3 and not mage.dead
    assert mage.initiative_dice() == DiceSpec(1, 3)


# ------------------------------------------------------------------ Unconsciousness (l.1683-1689)
def test_a_one_on_the_only_initiative_die_knocks_the_character_out_whatever_the_total():
    """*Negative Hit Points or Psi Points* (book line 1671): "With only one die a rolled 1 is
    considered a Fumble and the character immediately becomes unconscious"; *Unconsciousness*
    (book lines 1687-1689): "a 1 with one die on the initiative roll automatically leads to
    immediate unconsciousness" and the Doom Counter moves one field at once. The Mage (IP 9) at
    -1 HP rolls 1D+8: a 1 would be 9 AP, yet he is unconscious and the marker goes to 40."""
    state = make_state(["mage", "adventurer"], faces=[1, 5, 5])
    mage = state.heroes[0]
    mage.hp = -1
    assert phases.initiative_spec(state, mage) == DiceSpec(1, 8)
    phases.start_round(state)
    assert mage.unconscious and state.ap["mage"] == 0
    assert state.doom.position == 40
    [event] = state.log.of_kind("unconscious")
    assert (event.actor, event["ap"], event["fumble"]) == ("mage", 9, True)


@pytest.mark.parametrize(("face", "unconscious", "ap"), [(5, True, 0), (6, False, 1)])
def test_an_initiative_of_0_ap_is_unconsciousness_1_ap_is_not(face, unconscious, ap):
    """*Unconsciousness* (book line 1685): "Any character that does not reach at least 1 Action
    Point on the initiative roll at the beginning of the round is rendered unconscious." The
    Mage (IP 9) at -14 HP rolls 1D-5: a 5 is 0 AP, unconscious (the Doom Counter to 40); a 6 is
    1 AP, and he acts."""
    state = make_state(["mage", "adventurer"], faces=[face, 5, 5])
    mage = state.heroes[0]
    mage.hp = -14
    phases.start_round(state)
    assert mage.unconscious is unconscious and state.ap["mage"] == ap
    assert state.doom.position == (40 if unconscious else None)
