"""Combat (Book of Rules: Combat, Defense, Getting Hit and Armor Rating, Armor vulnerability,
Critical hits, Additional Combat Rules, Psi Spells, Psi Resistance, Enchanted Weapons,
Hit Points, Initiative Points and Psi Points, hero bonuses, FAQ) and the NOTES.md monster
abilities. Worked examples use the rulebook's own numbers with ScriptedDice."""

from __future__ import annotations

import pytest

from doria_forge.engine import abilities
from doria_forge.engine.combat import DefaultDefense, defense_options, hero_attack, monster_attack, repair, use_item
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.engine.hero import HeroState, IllegalAction, ItemInstance
from doria_forge.engine.monster import MonsterState
from doria_forge.model import Character, Equipment, Monster, MonsterLevel, Rules

RULES = Rules(id="rules-en")


def character(cid="hero", **attrs) -> Character:
    base = {"STR": 10, "CON": 10, "AGI": 10, "PER": 10, "WIS": 10, "PSI": 10}
    base.update(attrs)
    return Character(id=cid, name=cid.title(), attributes=base)


def hero(items=(), cid="hero", **attrs) -> HeroState:
    return HeroState.from_character(character(cid, **attrs), list(items), RULES, uid=cid)


def armor(cid, zone, ar, *, vuln=None, magic=False, ap=8, **kw) -> Equipment:
    return Equipment(id=cid, name=cid, card_type="armor", zone=zone, armor_rating=ar, vulnerability=vuln,
                     magic=magic, ap=ap, **kw)


def weapon(cid, dice="3D", damage=2, *, zone="1_hand", ap=10, attack_type="melee", magic=False,
           card_type="weapon", defense=None, psi=None, pp=None, **profile) -> Equipment:
    prof = {"attack_type": attack_type, "dice": dice, "damage": damage, "ap": ap}
    prof.update(profile)
    return Equipment(id=cid, name=cid, card_type=card_type, zone=zone, ap=ap, magic=magic, pp=pp,
                     attacks=[prof], defense=defense, psi_resistance=psi)


def ability(*behaviours) -> dict:
    """An ability mapping with ``behaviours`` (a name stands for a behaviour without parameters)."""
    return {"id": "test_ability", "text": "x",
            "behaviours": [{"behaviour": b} if isinstance(b, str) else b for b in behaviours]}


def monster(mid="orc", *, attack="2D+5", defense="2D+5", psi="2D", damage=3, hp=6, ar=0, attack_type="melee",
            vuln=None, element=None, flags=(), behaviours=None, level=1) -> MonsterState:
    """A monster; ``behaviours`` (names of behaviours without parameters, or mappings) give
    it an ability."""
    m = Monster(id=mid, name=mid.title(), attack_type=attack_type, range=1, action_points=8, vulnerability=vuln,
                damage_element=element, priority="A", figures=1, deck_cards=1, flags=list(flags),
                ability=ability(*behaviours) if behaviours is not None else None)
    card = MonsterLevel(id=f"{mid}-{level}", monster=mid, level=level, attack=attack, defense=defense,
                        psi_resistance=psi, damage=damage, hit_points=hp, armor_rating=ar)
    return MonsterState.create(m, card, RULES, uid=mid)


class Fixed(DefaultDefense):
    """A policy that always dodges / uses the default psi resistance unless told otherwise."""

    def __init__(self, item=None, pp=None):
        self.item, self.pp = item, pp

    def choose_defense(self, hero, monster, attack_type, options):
        return self.item

    def psi_points(self, hero, attack_total, defense_total, fumble):
        return super().psi_points(hero, attack_total, defense_total, fumble) if self.pp is None else self.pp


# ----------------------------------------------------------------------------- worked examples
def test_combat_attack_example_warrior_longsword_exploding_zero():
    """Combat > Attack, EXAMPLE: the Warrior's Longsword (melee 3D+5) rolls 3+4+0, the 0 is
    rolled again (6, that die is 16): attack 28."""
    longsword = weapon("longsword", "3D+5", 3, ap=14)
    warrior = hero([longsword], "warrior", STR=15, CON=12)
    orc = monster(defense="2D+5", hp=9, ar=1)
    log = EventLog()
    out = hero_attack(ScriptedDice([3, 4, 10, 6, 8, 6]), log, warrior, warrior.hands[0],
                      longsword.attacks[0], orc, RULES)
    assert out.attack_total == 28 and out.attack_roll.dice == ((3,), (4,), (10, 6))
    assert out.ap_cost == 14 and out.pp_cost == 0
    assert log.of_kind("attack")[0]["attack"] == 28


def test_defense_example_orc_hit_not_critical():
    """Defense, EXAMPLE: the Orc (2D+5) answers the Warrior's 28 with 8+6+5 = 19: hit, not
    critical; the Longsword's damage minus the Orc's AR comes off its HP."""
    longsword = weapon("longsword", "3D+5", 3, ap=14)
    warrior = hero([longsword], "warrior", STR=15, CON=12)
    orc = monster(defense="2D+5", hp=9, ar=1)
    out = hero_attack(ScriptedDice([3, 4, 10, 6, 8, 6]), EventLog(), warrior, warrior.hands[0],
                      longsword.attacks[0], orc, RULES)
    assert out.defense_total == 19 and out.hit and out.critical_steps == 0
    assert (out.damage, out.wound, orc.hp) == (3, 2, 7)


def test_getting_hit_example_warrior_ogre_one_armor():
    """Getting Hit and Armor Rating, EXAMPLE: the Warrior (defense 21, two armors AR 3) is hit
    by an Ogre (attack 29, damage 4): one armor stops 3 and is Damaged, 1 HP lost, 12 remain;
    the second armor may not be used for the same attack."""
    shield = weapon("shield", "1D", 0, defense="2D+5")
    warrior = hero([shield, armor("helmet", "head", 3), armor("mail", "torso", 3)], "warrior", STR=13, CON=13)
    assert warrior.hp == 13
    ogre = monster("ogre", attack="3D+5", damage=4, behaviours=[{"behaviour": "hit_extra_in_range", "targets": 2}])
    [out] = monster_attack(ScriptedDice([8, 8, 8, 8, 8]), EventLog(), ogre, [warrior], RULES,
                           Fixed(item=warrior.find("shield")))
    assert (out.attack_total, out.defense_total, out.hit, out.critical_steps) == (29, 21, True, 0)
    assert (out.damage, out.armor_absorbed, out.wound, warrior.hp) == (4, 3, 1, 12)
    assert sorted(i.damaged for i in (warrior.head, warrior.torso)) == [False, True]


def test_armor_vulnerability_example_ranger_gargoyle():
    """Armor vulnerability, EXAMPLE: the Ranger (defense 14, two armors AR 3, both vulnerable to
    earth) is hit by a Gargoyle (attack 17, 2 earth damage): armor ignored, not damaged, 2 HP lost."""
    ranger = hero([armor("bracers", "arms", 3, vuln="earth"), armor("vest", "torso", 3, vuln="earth")], "ranger")
    gargoyle = monster("gargoyle", attack="2D+5", damage=2, element="earth")
    log = EventLog()
    [out] = monster_attack(ScriptedDice([6, 6, 7, 7]), log, gargoyle, [ranger], RULES)
    assert (out.attack_total, out.defense_total, out.hit) == (17, 14, True)
    assert out.armor is None and out.wound == 2 and ranger.hp == ranger.hp_max - 2
    assert not any(i.damaged for i in ranger.equipped())
    assert log.of_kind("armor_ignored")


def test_critical_hits_example_mage_mercenary_double_critical():
    """Critical hits, EXAMPLE: the Mage (defense 8, one armor AR 2) against a Mercenary (attack 36,
    damage 3): a double critical deals 5; the armor stops 2 and is Damaged, 3 HP lost."""
    mage = hero([armor("robe", "torso", 2)], "mage", STR=4, CON=4, WIS=13, PSI=13)
    mercenary = monster("mercenary", attack="3D+6", damage=3)
    [out] = monster_attack(ScriptedDice([10, 4, 8, 8, 4, 4]), EventLog(), mercenary, [mage], RULES)
    assert (out.attack_total, out.defense_total, out.critical_steps) == (36, 8, 2)
    assert (out.damage, out.armor_absorbed, out.wound) == (5, 2, 3)
    assert mage.torso.damaged and mage.hp == 4 - 3


def test_psi_attack_example_mage_thunderstorm():
    """Psi Spells > Psi attacks, EXAMPLE: Thunderstorm (magic 4D+2) rolls 6+2+8+4: 22; a
    monster whose armor is vulnerable to air may not use it. PP are paid."""
    storm = weapon("thunderstorm", "4D+2", 3, zone="2_hands", ap=20, attack_type="magic",
                   card_type="spell", pp=3, element="air")
    mage = hero([storm], "mage", WIS=13, PSI=13)
    target = monster("knight", psi="2D", hp=9, ar=2, vuln="air")
    out = hero_attack(ScriptedDice([6, 2, 8, 4, 5, 5]), EventLog(), mage, mage.hands[0], storm.attacks[0],
                      target, RULES)
    assert out.attack_total == 22 and out.hit and out.critical_steps == 1
    assert out.wound == 4 and target.hp == 5  # 3 + 1 critical, armor ignored
    assert out.pp_cost == 3 and mage.pp == mage.pp_max - 3


def test_psi_resistance_example_mage_dark_mage_spends_3_pp():
    """Psi Resistance, EXAMPLE: the Mage's spell is damaged, so he uses the default psi
    resistance 2D against a Dark Mage's 19: 9+8 = 17, he adds 3 PP to reach 20 and avoids it."""
    orb = weapon("psi_orb", "2D+4", 1, attack_type="magic", card_type="spell", pp=1, psi="2D+2")
    mage = hero([orb], "mage", STR=4, CON=4, WIS=13, PSI=13)
    mage.hands[0].damaged = True
    assert [i for i, _ in defense_options(mage, "magic")] == [None]
    dark_mage = monster("dark_mage", attack="2D+5", attack_type="magic", element="air",
                        behaviours=[{"behaviour": "hit_chain", "range": 2}, {"behaviour": "damage_element", "element": "air"}])
    [out] = monster_attack(ScriptedDice([7, 7, 9, 8]), EventLog(), dark_mage, [mage], RULES)
    assert out.defense_with == "psi_resistance" and out.psi_points_added == 3
    assert (out.attack_total, out.defense_total, out.hit) == (19, 20, False)
    assert mage.pp == 13 - 3 and mage.hp == mage.hp_max


def test_psi_resistance_with_a_spell_costs_no_pp():
    """FAQ: rolling psi resistance with an equipped spell costs no PP."""
    guard = Equipment(id="spell_guard", name="Spell Guard", card_type="spell", zone="body", ap=3, pp=1,
                      psi_resistance="2D+3")
    mage = hero([guard], "mage")
    shaman = monster("shaman", attack="2D", attack_type="magic", element="fire", behaviours=["hit_spread"])
    [out] = monster_attack(ScriptedDice([2, 2, 5, 5]), EventLog(), shaman, [mage], RULES)
    assert out.defense_with == mage.body_items[0].uid and not out.hit and mage.pp == mage.pp_max


def test_default_policy_spends_pp_only_to_turn_hit_into_miss():
    """Psi Resistance: DefaultDefense pays PP only if it avoids the hit and keeps PP >= 0."""
    policy = DefaultDefense()
    mage = hero([], "mage")  # 10 PP
    assert policy.psi_points(mage, 25, 15, False) == 0  # needs 11
    assert policy.psi_points(mage, 24, 15, False) == 10
    assert policy.psi_points(mage, 24, 25, False) == 0
    assert policy.psi_points(mage, 16, 15, True) == 0  # a Fumble fails anyway


# ----------------------------------------------------------------------------- rules without examples
def test_monster_armor_must_be_exceeded_and_piercing_ignores_it():
    """Getting Hit: damage not above the monster's AR is ignored; piercing damage ignores armor."""
    club = weapon("club", "2D", 2)
    spear = weapon("spear", "2D", 2, piercing=True)
    h = hero([club, spear])
    m = monster(defense="2D", hp=5, ar=2)
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.find("club"), club.attacks[0], m, RULES)
    assert out.hit and out.wound == 0 and m.hp == 5
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.find("spear"), spear.attacks[0], m, RULES)
    assert out.wound == 2 and m.hp == 3


def test_hero_attack_fumble_damages_weapon_until_repaired():
    """Fumbles in combat: two ones damage the weapon used; it cannot be used until repaired."""
    sword = weapon("sword", "3D", 2, ap=12)
    h = hero([sword])
    item = h.hands[0]
    m = monster(defense="2D")
    log = EventLog()
    out = hero_attack(ScriptedDice([1, 1, 10, 9, 2, 2]), log, h, item, sword.attacks[0], m, RULES)
    assert out.attack_fumble and not out.hit and item.damaged and out.damaged_items == [item.uid]
    with pytest.raises(IllegalAction, match="damaged"):
        hero_attack(ScriptedDice([5, 5, 5, 5, 5]), log, h, item, sword.attacks[0], m, RULES)
    assert repair(log, h, [item]) == 12 and not item.damaged


def test_hero_defense_fumble_damages_the_defending_item():
    shield = weapon("shield", "1D", 0, defense="3D+5")
    h = hero([shield])
    m = monster(attack="2D")
    [out] = monster_attack(ScriptedDice([2, 2, 1, 1, 9]), EventLog(), m, [h], RULES)
    assert out.defense_with == h.hands[0].uid and out.defense_fumble and out.hit
    assert h.hands[0].damaged


def test_monster_attack_fumble_misses_and_monster_defense_fumble_is_hit():
    """Additional Combat Rules, *Fumbles in combat*: a monster's attack Fumble misses; its defense
    Fumble fails and it "receives more damage": one critical step (+1 damage) on top."""
    h = hero([weapon("sword", "2D", 2)])
    m = monster(attack="3D+9", defense="3D+20", hp=9)
    [out] = monster_attack(ScriptedDice([1, 1, 9]), EventLog(), m, [h], RULES)
    assert out.attack_fumble and not out.hit and h.hp == h.hp_max
    out = hero_attack(ScriptedDice([3, 3, 1, 1, 9]), EventLog(), h, h.hands[0], h.hands[0].card.attacks[0], m, RULES)
    assert out.hit and out.defense_fumble and out.critical_steps == 1 and m.hp == 6


def test_black_knight_damages_hand_items_but_not_on_a_miss():
    """NOTES.md black_knight: a hit damages the cards in the target's hands."""
    h = hero([weapon("sword", "2D", 2), weapon("dagger", "1D", 1)])
    knight = monster("black_knight", attack="2D+10", behaviours=["damage_hand_items"])
    [out] = monster_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), knight, [h], RULES)
    assert out.hit and all(i.damaged for i in h.hand_items()) and len(out.damaged_items) == 2
    h2 = hero([weapon("sword", "2D", 2)], "h2")
    monster_attack(ScriptedDice([1, 2, 9, 9]), EventLog(), knight, [h2], RULES)
    assert not h2.hands[0].damaged


def test_armor_is_damaged_even_when_ar_exceeds_damage():
    """Getting Hit: armor with more AR than the damage is still Damaged as a whole."""
    h = hero([armor("plate", "torso", 5)], STR=13)
    m = monster(attack="2D+10", damage=2)
    [out] = monster_attack(ScriptedDice([5, 5, 6, 6]), EventLog(), m, [h], RULES)
    assert (out.armor_absorbed, out.wound) == (2, 0) and h.torso.damaged
    [out] = monster_attack(ScriptedDice([5, 5, 6, 6]), EventLog(), m, [h], RULES)
    assert out.armor is None and out.wound == 2  # damaged armor no longer protects


def test_mummy_ignores_magic_weapons_and_magic_armor():
    """NOTES.md mummy / Additional Card Properties: magic weapons and armor do not work against
    the Mummy; spells do; an elementally enchanted non-magic weapon does (FAQ)."""
    blade = weapon("rune_blade", "3D", 3, magic=True)
    spell = weapon("fire_bolt", "2D", 2, attack_type="magic", card_type="spell", magic=True, pp=1)
    h = hero([blade, spell, armor("magic_mail", "torso", 3, magic=True)])
    mummy = monster("mummy", attack="2D+10", damage=3, psi="2D", flags=["magic_items_ineffective"],
                    behaviours=["magic_items_ineffective"])
    with pytest.raises(IllegalAction, match="magic weapons"):
        hero_attack(ScriptedDice([5, 5, 5, 2, 2]), EventLog(), h, h.find("rune_blade"), blade.attacks[0], mummy, RULES)
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.find("fire_bolt"), spell.attacks[0], mummy, RULES)
    assert out.hit
    [out] = monster_attack(ScriptedDice([5, 5, 6, 6]), EventLog(), mummy, [h], RULES)
    assert out.armor is None and out.wound == 3 and not h.torso.damaged


def test_poltergeist_hurt_only_by_spells_and_magic_weapons():
    """FAQ: an elementally enchanted non-magic weapon still cannot hurt the Poltergeist."""
    fire_sword = weapon("fire_sword", "3D", 2, element="fire")
    magic_sword = weapon("magic_sword", "3D", 2, magic=True)
    h = hero([fire_sword, magic_sword])
    ghost = monster("poltergeist", defense="2D", hp=3, flags=["hurt_only_by_magic"], behaviours=["hurt_only_by_magic", "flying", "through_walls"])
    with pytest.raises(IllegalAction, match="only spells"):
        hero_attack(ScriptedDice([5] * 5), EventLog(), h, h.find("fire_sword"), fire_sword.attacks[0], ghost, RULES)
    out = hero_attack(ScriptedDice([5, 5, 5, 6, 6]), EventLog(), h, h.find("magic_sword"),
                      magic_sword.attacks[0], ghost, RULES)
    assert out.wound == 2


def test_skeleton_immune_to_ranged():
    bow = weapon("bow", "3D", 2, attack_type="ranged", range=6, zone="2_hands")
    h = hero([bow])
    skeleton = monster("skeleton", flags=["immune_to_ranged"], behaviours=["immune_to_ranged"])
    with pytest.raises(IllegalAction, match="ranged"):
        hero_attack(ScriptedDice([5] * 5), EventLog(), h, h.hands[0], bow.attacks[0], skeleton, RULES)


def test_poison_only_with_a_wound_immobilize_and_disarm_once():
    """Additional Card Properties: poison only when a wound was inflicted; Immobilized;
    Disarmed once, then one die less on every roll."""
    dart = weapon("dart", "2D", 1, poison_markers=2, immobilize=True, disarm=True)
    h = hero([dart])
    m = monster(defense="2D", hp=9, ar=1)
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.hands[0], dart.attacks[0], m, RULES)
    assert out.hit and out.wound == 0 and m.poison_markers == 0
    assert m.immobilized and m.disarmed and out.disarmed
    dice = ScriptedDice([10, 5, 5, 2])  # 2D attack (explodes) vs 1D defense (Disarmed)
    out = hero_attack(dice, EventLog(), h, h.hands[0], dart.attacks[0], m, RULES)
    assert dice.remaining == 0 and out.defense_roll.spec.count == 1
    assert out.critical_steps == 1 and out.wound == 1 and m.poison_markers == 2 and not out.disarmed


def test_hero_bonuses_extra_die_and_extra_damage_and_disarmed_hero():
    """Hero bonuses: +1D on melee attacks, +1 damage; a Disarmed hero rolls 1 die less."""
    sword = weapon("sword", "2D", 2)
    h = hero([sword])
    h.hero_bonuses |= {"extra_melee_die", "extra_damage"}
    m = monster(defense="2D", hp=9)
    out = hero_attack(ScriptedDice([5, 5, 5, 3, 3]), EventLog(), h, h.hands[0], sword.attacks[0], m, RULES)
    assert out.attack_roll.spec.count == 3 and out.damage == 2 + 1  # 15 vs 6: no critical step, +1 Extra Damage
    h.disarmed = True
    out = hero_attack(ScriptedDice([5, 5, 3, 3]), EventLog(), h, h.hands[0], sword.attacks[0], m, RULES)
    assert out.attack_roll.spec.count == 2


def test_attack_bonus_markers_and_belt_use():
    """Additional Card Properties: melee bonus markers add to every melee attack; Belt use +4 AP."""
    glove = armor("glove", "arms", 0, bonuses={"melee": 3})
    dagger = weapon("dagger", "1D", 1, ap=6)
    axe = weapon("axe", "2D", 3, zone="2_hands", ap=15)
    h = hero([axe, glove, dagger])
    belt_dagger = h.find("dagger")
    assert h.location(belt_dagger) == "belt"
    m = monster(defense="2D", hp=9)
    with pytest.raises(IllegalAction):
        hero_attack(ScriptedDice([5, 2, 2]), EventLog(), h, belt_dagger, dagger.attacks[0], m, RULES)
    out = hero_attack(ScriptedDice([5, 2, 2]), EventLog(), h, belt_dagger, dagger.attacks[0], m, RULES, from_belt=True)
    assert out.attack_total == 8 and out.ap_cost == 10


def test_spell_pp_paid_even_on_a_miss_and_psi_spend():
    """Psi Spells: the PP are lost whether or not the spell succeeds; Enchanted Weapons: PP
    spent on a special action are paid before the attack."""
    bolt = weapon("bolt", "2D", 2, attack_type="magic", card_type="spell", pp=2)
    h = hero([bolt])
    m = monster(psi="2D+30")
    out = hero_attack(ScriptedDice([2, 2, 2, 2]), EventLog(), h, h.hands[0], bolt.attacks[0], m, RULES, psi_spend=1)
    assert not out.hit and out.pp_cost == 3 and h.pp == h.pp_max - 3


def test_death_from_a_monster_hit_ends_with_event():
    """Death of a Character: at -20 HP the hero dies."""
    h = hero([])
    h.hp = -18
    m = monster(attack="2D+10", damage=2)
    log = EventLog()
    [out] = monster_attack(ScriptedDice([5, 5, 2, 2]), log, m, [h], RULES)
    assert h.dead and out.target_defeated and log.of_kind("death")
    with pytest.raises(IllegalAction):
        monster_attack(ScriptedDice([5, 5]), log, m, [h], RULES)


# ----------------------------------------------------------------------------- abilities
def test_vampire_heals_by_damage_even_above_maximum():
    h = hero([])
    vampire = monster("vampire", attack="2D+10", damage=3, hp=4, behaviours=["drain_hp"])
    [out] = monster_attack(ScriptedDice([5, 5, 6, 6]), EventLog(), vampire, [h], RULES)
    assert out.wound == 3 and out.healed == 3 and vampire.hp == 7


def test_slimecrawler_poisons_on_any_hit_golem_only_on_wounds():
    h = hero([armor("plate", "torso", 5)], STR=13)
    slime = monster("slimecrawler", attack="2D+10", damage=2, behaviours=[{"behaviour": "poison", "markers": 1, "when": "hit"}])
    [out] = monster_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), slime, [h], RULES)
    assert out.wound == 0 and h.poison_markers == 1
    golem = monster("golem", attack="2D+10", damage=2, attack_type="magic", behaviours=[{"behaviour": "poison", "markers": 2, "when": "wound"}])
    h2 = hero([armor("plate", "torso", 5)], "h2", STR=13)
    monster_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), golem, [h2], RULES)
    assert h2.poison_markers == 0
    monster_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), golem, [h2], RULES)  # armor now damaged
    assert h2.poison_markers == 2


def test_troll_hits_all_targets_with_one_roll_earth_damage():
    heroes = [hero([armor("vest", "torso", 3, vuln="earth")], f"h{i}") for i in range(3)]
    troll = monster("troll", attack="2D+10", damage=3, behaviours=["hit_all_in_range", {"behaviour": "damage_element", "element": "earth"}])
    dice = ScriptedDice([5, 5, 6, 6, 7, 7, 10, 5, 9])
    outs = monster_attack(dice, EventLog(), troll, heroes, RULES)
    assert dice.remaining == 0 and {o.attack_total for o in outs} == {20}
    assert [o.hit for o in outs] == [True, True, False]
    assert outs[0].element == "earth" and outs[0].wound == 3


def test_ogre_and_spear_thrower_two_targets_others_one():
    a, b, c = hero([], "a"), hero([], "b"), hero([], "c")
    ogre = monster("ogre", attack="2D+10", damage=2, behaviours=[{"behaviour": "hit_extra_in_range", "targets": 2}])
    with pytest.raises(IllegalAction):
        monster_attack(ScriptedDice([5] * 8), EventLog(), ogre, [a, b, c], RULES)
    outs = monster_attack(ScriptedDice([5, 5, 2, 2, 2, 2]), EventLog(), ogre, [a, b], RULES)
    assert all(o.hit for o in outs)
    spear = monster("spear_thrower", attack="2D+10", behaviours=[{"behaviour": "hit_adjacent_to_target", "extra": 1}])
    assert len(monster_attack(ScriptedDice([5, 5, 2, 2, 2, 2]), EventLog(), spear, [b, c], RULES)) == 2
    orc = monster("orc", behaviours=["extra_activation_on_wound"])
    with pytest.raises(IllegalAction):
        monster_attack(ScriptedDice([5] * 6), EventLog(), orc, [a, b], RULES)


def test_orc_extra_activation_and_goblin_pair_signals():
    h = hero([])
    orc = monster("orc", attack="2D+10", damage=2, behaviours=["extra_activation_on_wound"])
    [out] = monster_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), orc, [h], RULES)
    assert out.extra_activation
    goblin = monster("goblin", attack="2D", behaviours=["pair_activation"])
    [out] = monster_attack(ScriptedDice([2, 2, 9, 9]), EventLog(), goblin, [h], RULES)
    assert out.pair_activation and not out.hit and not out.extra_activation


def test_lowest_hp_and_lowest_agility_targeting():
    """NOTES.md *Monster abilities*: the Ghoul takes the lowest current HP; the Archer skips the
    nearest hero for a lower AGI in range."""
    a = hero([], "a", AGI=12)
    b = hero([], "b", AGI=8)
    c = hero([], "c", AGI=5)
    b.hp = 2
    assert abilities.lowest_hp_target([a, b, c]) is b
    assert abilities.lowest_agility_target([(a, 2), (b, 4), (c, 6)]) is c
    assert abilities.lowest_agility_target([(c, 1), (a, 3)]) is c
    assert abilities.lowest_agility_target([]) is None


def test_use_potion_and_priestess_heal_fails_pp_paid():
    """Target numbers, EXAMPLE 2 through use_item: the Priestess (CON 8, PSI 15) reaches 30
    against TN 32; the healing fails but the PP are spent (Psi Spells)."""
    heal = Equipment(id="heal", name="Small Healing Spell", card_type="spell", zone="1_hand", ap=12, pp=2,
                     tn_check={"attributes": ["CON", "PSI"], "target_number": 32},
                     effect={"heal_hp": 4, "targets": "self_or_friend"})
    priestess = hero([heal], "priestess", CON=8, PSI=15)
    friend = hero([], "friend")
    friend.hp = 3
    out = use_item(ScriptedDice([2, 5]), EventLog(), priestess, priestess.hands[0], friend)
    assert out.check.total == 30 and not out.success and out.pp_cost == 2
    assert priestess.pp == priestess.pp_max - 2 and friend.hp == 3
    out = use_item(ScriptedDice([10, 10, 3, 9]), EventLog(), priestess, priestess.hands[0], friend)
    assert out.success and out.check.critical_successes == 2 and out.pp_cost == 0 and friend.hp == 7
    potion = Equipment(id="potion", name="Potion", card_type="potion", zone="body", ap=5,
                       effect={"heal_hp": 3, "remove_poison": 1, "consumed": True})
    p = hero([potion], "p")
    p.hp, p.poison_markers = 4, 2
    out = use_item(ScriptedDice([]), EventLog(), p, p.body_items[0])
    assert (p.hp, p.poison_markers, out.consumed, out.ap_cost) == (7, 1, True, 5) and not p.body_items


def test_antidote_that_cures_all_removes_every_poison_marker():
    """*Phase E: Poison*: poison is healed only by antidote potions or detox spells; an
    antidote written ``remove_poison: all`` clears any number of Poison Markers."""
    antidote = Equipment(id="antidote", name="Antidote", card_type="potion", zone="body", ap=5,
                         effect={"remove_poison": "all", "consumed": True})
    p = hero([antidote], "p")
    p.poison_markers = 7
    out = use_item(ScriptedDice([]), EventLog(), p, p.body_items[0])
    assert (p.poison_markers, out.poison_removed) == (0, 7)


def test_dense_hide_tn_bonus_marker_lowers_the_target_number():
    """Psi Spells > Target numbers, EXAMPLE (Dense Hide, TN 28, 8+5 with CON 10 PSI 12 = 35)
    through use_item; a -5 TN bonus marker makes that 35 a critical success (12 above 23)."""
    hide = Equipment(id="dense_hide", name="Dense Hide", card_type="spell", zone="body", ap=10, pp=2,
                     tn_check={"attributes": ["CON", "PSI"], "target_number": 28})
    priestess = hero([hide], "priestess", CON=10, PSI=12)
    out = use_item(ScriptedDice([8, 5]), EventLog(), priestess, priestess.body_items[0])
    assert out.check.total == 35 and out.success and out.pp_cost == 2
    talisman = armor("talisman", "accessory", 0, bonuses={"target_number": 5})
    p2 = hero([hide, talisman], "p2", CON=10, PSI=12)
    out = use_item(ScriptedDice([8, 5]), EventLog(), p2, p2.body_items[0])
    assert out.check.target_number == 23 and out.pp_cost == 1


def test_event_log_disabled_records_nothing():
    log = EventLog(enabled=False)
    sword = weapon("sword", "2D", 2)
    h = hero([sword])
    hero_attack(ScriptedDice([5, 5, 2, 2]), log, h, h.hands[0], sword.attacks[0], monster(defense="2D"), RULES)
    assert len(log) == 0 and log.emit("x") is None


def test_absorb_damage_for_traps_one_armor_piercing_skips_it():
    """Getting Hit and Armor Rating, used for Traps: one armor card stops up to its AR; piercing ignores armor."""
    from doria_forge.engine.combat import absorb_damage

    h = hero([armor("helmet", "head", 2), armor("mail", "torso", 4, vuln="fire")], STR=13)
    log = EventLog()
    assert absorb_damage(log, h, 3, element="fire") == (h.head.uid, 2, 1)
    assert h.head.damaged and not h.torso.damaged
    assert absorb_damage(log, h, 3, piercing=True) == (None, 0, 3)
    assert h.hp == h.hp_max - 4


def test_double_range_bonus():
    """Hero bonus Range x2: every weapon and spell's range doubles; range 0 becomes 1."""
    bow = weapon("bow", "2D", 2, attack_type="ranged", range=6)
    aura = weapon("aura", "2D", 1, attack_type="magic", card_type="spell", range=0)
    h = hero([bow, aura])
    assert h.attack_range(bow.attacks[0]) == 6
    h.hero_bonuses.add("double_range")
    assert (h.attack_range(bow.attacks[0]), h.attack_range(aura.attacks[0])) == (12, 1)


# ----------------------------------------------------------------------------- audit: other characters' items
def test_use_a_potion_from_another_characters_backpack_5_ap_plus_card():
    """*Take, Use or Repair Other Items (5 AP)*: an item taken from another character "can also
    be directly used within the same action, even if the item is located in another characters
    Backpack (e.g. to infuse a character within range 1 with a potion ...). The necessary Action
    Points of the item being used are then added to the 5 Action Points ... Used potions are
    simply discarded." A card the hero does not carry cannot be used without ``owner``."""
    potion = Equipment(id="potion", name="Potion", card_type="potion", zone="body", ap=5,
                       effect={"heal_hp": 3, "targets": "self_or_friend", "consumed": True})
    helper, fallen = hero([], "helper"), hero([potion], "fallen")
    item = fallen.body_items[0]
    fallen.move_to_backpack(item)
    fallen.unconscious, fallen.hp = True, -4
    with pytest.raises(IllegalAction):
        use_item(ScriptedDice([]), EventLog(), helper, item, fallen)
    out = use_item(ScriptedDice([]), EventLog(), helper, item, fallen, owner=fallen)  # infuse the owner
    assert out.ap_cost == 5 + 5 and out.consumed and fallen.location(item) is None and fallen.hp == -1
    helper.hero_bonuses.add("fast_hands")
    other = ItemInstance(potion, "p2")
    fallen.move_to_backpack(other)
    helper.hp = helper.hp_max - 3
    out = use_item(ScriptedDice([]), EventLog(), helper, other, owner=fallen)
    assert out.ap_cost == 2 + (5 - 3) and helper.hp == helper.hp_max


def test_weapon_taken_from_another_character_ends_in_the_users_hand():
    """*Take, Use or Repair Other Items (5 AP)*: a weapon taken and used in the same action
    costs 5 AP plus its own; "If the item is still available afterwards (as with weapons or
    spells), it must be equipped in the hand of the last character to use it.\""""
    sword = weapon("sword", "2D", 2, ap=10)
    fighter, fallen = hero([], "fighter"), hero([sword], "fallen")
    blade = fallen.hands[0]
    fallen.unconscious = True
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), fighter, blade, sword.attacks[0],
                      monster(defense="2D"), RULES, owner=fallen)
    assert out.ap_cost == 10 + 5 and out.hit
    assert fighter.location(blade) == "hands" and fallen.location(blade) is None


def test_repair_another_characters_armor_adds_5_ap_item_stays():
    """*Take, Use or Repair Other Items (5 AP)*: "If armor, a set of armor or an item of another
    character is repaired, 5 Action Points are added to the repair cost, but the item stays with
    the original owner.\""""
    helmet = armor("helmet", "head", 2, ap=9)
    smith, owner = hero([], "smith"), hero([helmet], "owner")
    owner.head.damaged = True
    assert repair(EventLog(), smith, [owner.head], owner=owner) == 9 + 5
    assert not owner.head.damaged and owner.location(owner.head) == "head"


def test_psi_points_of_an_item_are_not_charged_on_normal_use():
    """*Additional Card Properties* (Psi Point cost): "Some weapons or items also consume Psi
    Points to trigger special actions. The Psi Point costs for items will not be charged if the
    item is used normally, only when the special action is used." Spells pay on every attempt."""
    lamp = Equipment(id="lamp", name="Lamp", card_type="item", zone="body", ap=3, pp=2,
                     effect={"heal_hp": 1})
    h = hero([lamp], "h")
    h.hp = h.hp_max - 1
    out = use_item(ScriptedDice([]), EventLog(), h, h.body_items[0])
    assert out.pp_cost == 0 and h.pp == h.pp_max and h.hp == h.hp_max


def test_why_an_attack_is_not_allowed_reads_the_card_first_then_the_target():
    """*Combat* / *Additional Combat Rules*: a damaged weapon must be repaired first; the
    Skeleton is immune to ranged attacks; a defeated monster is no target. The reasons that read
    the card alone (``wielding_problem``) hold against every monster, those of the target
    (``target_problem``) against that monster alone, and ``attack_problem`` gives the card's
    reason first."""
    from doria_forge.engine.combat import attack_problem, target_problem, wielding_problem

    bow = weapon("bow", "3D", 2, attack_type="ranged", range=6, zone="2_hands")
    h = hero([bow])
    item, shot = h.hands[0], bow.attacks[0]
    skeleton = monster("skeleton", flags=["immune_to_ranged"], behaviours=["immune_to_ranged"])
    orc = monster("orc")
    assert wielding_problem(h, item, shot) is None
    assert attack_problem(h, item, shot, orc) is None and target_problem(item, shot, orc) is None
    assert attack_problem(h, item, shot, skeleton) == target_problem(item, shot, skeleton) == (
        "Skeleton is immune to ranged attacks")
    item.damaged = True
    reason = wielding_problem(h, item, shot)
    assert reason == "bow is damaged and must be repaired first"
    assert attack_problem(h, item, shot, orc) == attack_problem(h, item, shot, skeleton) == reason
    item.damaged = False
    orc.hp, orc.defeated = 0, True
    assert attack_problem(h, item, shot, orc) == target_problem(item, shot, orc) == f"{orc.uid} is already defeated"


def test_the_replay_names_a_defense_fumble_that_made_a_hit_critical():
    """*Fumbles in combat*: a Fumble on a defense fails it and the defender "receives more damage"
    (one critical step, ``checks.compare``). The replay read "attack 9 against defense 5, a hit,
    1 critical step" (Gruzak's defense 2D+3 rolled 1+1): a critical step 4 points above the defense.
    The attack and defense sentences now say the defense was a Fumble."""
    from doria_forge.sim.event_text import event_sentence

    h = hero([weapon("sword", "2D", 2)])
    m = monster(attack="3D+9", defense="3D+20", hp=9)
    log = EventLog()
    hero_attack(ScriptedDice([3, 3, 1, 1, 9]), log, h, h.hands[0], h.hands[0].card.attacks[0], m, RULES)
    attack = event_sentence(log.last("attack"))
    assert "(a fumble), a hit, 1 critical step" in attack
    shield = weapon("shield", "1D", 0, defense="3D+5")
    h = hero([shield])
    log = EventLog()
    monster_attack(ScriptedDice([2, 2, 1, 1, 9]), log, monster(attack="2D"), [h], RULES)
    assert "(a fumble), hit" in event_sentence(log.last("defense"))
