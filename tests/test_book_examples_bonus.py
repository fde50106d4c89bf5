"""Hero bonuses and bonus markers: chapter *Hero and Monster Level*, *Description of all hero
bonus markers* (book lines 1760-1810), and *Additional Card Properties* (book lines 685-866).

Each test builds the situation with the helpers of ``test_engine_combat`` and scripts the dice;
the numbers are the book's (1D extra, +1 damage, the bonus markers added to every roll of
their type, cumulated over several cards)."""
from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile
from test_engine_combat import RULES, Fixed, armor, hero, monster, weapon

from doria_forge.engine.actions import IllegalAction, UseItem
from doria_forge.engine.combat import hero_attack, monster_attack
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.engine.moves import use_items
from doria_forge.model import Equipment

ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])


def test_extra_ranged_and_magic_die_each_only_on_its_own_attack_type():
    """*Description of all hero bonus markers*: "roll 1D extra on every ranged attack" and "1D
    extra on every magic attack". Each marker is of its own type: the ranged die does not add
    to a magic attack, nor the magic die to a ranged one."""
    bow = weapon("bow", "2D", 2, attack_type="ranged", range=6)
    bolt = weapon("bolt", "2D", 2, attack_type="magic", card_type="spell", range=4)
    h = hero([bow, bolt], WIS=12, PSI=12)
    m = monster(defense="2D", psi="2D", hp=20)
    bow_item, bolt_item = h.find("bow"), h.find("bolt")
    h.hero_bonuses.add("extra_ranged_die")
    out = hero_attack(ScriptedDice([5, 5, 5, 2, 2]), EventLog(), h, bow_item, bow.attacks[0], m, RULES)
    assert out.attack_roll.spec.count == 3 and out.attack_total == 15  # 2D + 1D extra
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, bolt_item, bolt.attacks[0], m, RULES)
    assert out.attack_roll.spec.count == 2 and out.attack_total == 10
    h.hero_bonuses = {"extra_magic_die"}
    out = hero_attack(ScriptedDice([5, 5, 5, 2, 2]), EventLog(), h, bolt_item, bolt.attacks[0], m, RULES)
    assert out.attack_roll.spec.count == 3 and out.attack_total == 15
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, bow_item, bow.attacks[0], m, RULES)
    assert out.attack_roll.spec.count == 2


def test_extra_defense_die_on_every_defense_and_psi_resistance():
    """*Description of all hero bonus markers*: "roll 1D extra on every defense and
    psi-resistance": the Dodge (2D) rolls 3D against a melee and a ranged attack, the psi
    resistance (2D) 3D against a magic attack; without the bonus they stay 2D. (No PP are
    added to the psi resistance here: ``Fixed(pp=0)``.)"""
    plain, bonus = hero([], "plain"), hero([], "bonus")
    bonus.hero_bonuses.add("extra_defense_die")
    for attack_type in ("melee", "ranged", "magic"):
        m = monster(attack="2D+10", damage=1, attack_type=attack_type)
        [out] = monster_attack(ScriptedDice([5, 5, 6, 6]), EventLog(), m, [plain], RULES, Fixed(pp=0))
        assert out.defense_roll.spec.count == 2 and out.hit  # 20 vs 12
        [out] = monster_attack(ScriptedDice([5, 5, 6, 6, 9]), EventLog(), m, [bonus], RULES, Fixed(pp=0))
        assert out.defense_roll.spec.count == 3 and out.defense_total == 21 and not out.hit  # 20 vs 21


def test_extra_damage_with_every_weapon_or_spell():
    """*Description of all hero bonus markers*: "1 point of additional damage with every weapon
    or spell used": a spell of damage 2 deals 3."""
    bolt = weapon("bolt", "2D", 2, attack_type="magic", card_type="spell", range=4)
    h = hero([bolt], WIS=12, PSI=12)
    h.hero_bonuses.add("extra_damage")
    m = monster(psi="2D", hp=9)
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.find("bolt"), bolt.attacks[0], m, RULES)
    assert out.hit and out.damage == 2 + 1 and m.hp == 9 - 3


def test_armor_bonus_markers_add_to_every_roll_of_their_type_and_combine():
    """*Additional Card Properties*: the ranged (+5) and magic (+3) markers apply "to all
    ranged attacks" / "all magic attacks"; the defense marker (+5) "to all melee or ranged
    defense rolls"; the psi resistance marker (+1) "to all psi resistance rolls"; "Multiple
    bonuses of the same type gained from different items can be combined"."""
    bow = weapon("bow", "2D", 2, attack_type="ranged", range=6)
    bolt = weapon("bolt", "2D", 2, attack_type="magic", card_type="spell", range=4)
    cap = armor("cap", "head", 0, bonuses={"ranged": 5, "defense": 5})
    gloves = armor("gloves", "arms", 0, bonuses={"magic": 3, "psi_resistance": 1, "defense": 2})
    h = hero([bow, bolt, cap, gloves], WIS=12, PSI=12)
    m = monster(defense="2D", psi="2D", hp=30)
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.find("bow"), bow.attacks[0], m, RULES)
    assert out.attack_total == 10 + 5
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.find("bolt"), bolt.attacks[0], m, RULES)
    assert out.attack_total == 10 + 3
    for attack_type, bonus in (("melee", 5 + 2), ("ranged", 5 + 2), ("magic", 1)):
        [out] = monster_attack(ScriptedDice([5, 5, 4, 4]), EventLog(), monster(attack="2D", attack_type=attack_type),
                               [h], RULES, Fixed(pp=0))
        assert out.defense_total == 8 + bonus, attack_type


def test_range_x2_doubles_a_healing_spells_range_on_a_friend():
    """*Description of all hero bonus markers*, *Range x2*: "Every item the character uses can
    be operated with doubled range. Applies to all weapons ... and all spells (including
    defensive and healing spells)". The Priestess's Small Healing Spell (range 1) reaches the
    Warrior two squares away only with the bonus, and not three squares away even then; the
    range counts as any range does (orthogonal squares, Line of Sight)."""
    state = map_game(pack_with(ROOM), ["priestess", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"priestess": (2, 0), "warrior": (2, 2)})
    priestess, warrior = state.heroes
    spell = priestess.find("small_healing_spell")
    heal = UseItem(spell.uid, warrior.uid, False)
    assert heal not in list(use_items.legal(state, priestess))
    with pytest.raises(IllegalAction, match="not within range 1"):
        use_items.apply(state, priestess, heal)
    priestess.hero_bonuses.add("double_range")
    assert heal in list(use_items.legal(state, priestess))
    state.board.move_to(warrior.uid, (2, 3))
    assert heal not in list(use_items.legal(state, priestess))
    with pytest.raises(IllegalAction, match="not within range 2"):
        use_items.apply(state, priestess, heal)


def test_enchanted_weapon_used_normally_costs_no_pp_its_special_action_does():
    """*Enchanted Weapons*: "These weapons can be used without investing psi, but to create the
    special effect, Psi Points must be used"; *Additional Card Properties*: "The Psi Point costs
    for items will not be charged if the item is used normally, only when the special action is
    used". A weapon (not a spell) printing 2 PP: its plain attack costs 0 PP, its special attack
    (the profile with 2 PP) costs 2, paid before the roll even on a miss."""
    blade = Equipment(id="storm_blade", name="Storm Blade", card_type="weapon", zone="1_hand", ap=10, pp=2,
                      magic=True, attacks=[{"attack_type": "melee", "dice": "2D", "damage": 2, "ap": 10},
                                           {"attack_type": "melee", "dice": "2D", "damage": 2, "ap": 10, "pp": 2,
                                            "element": "air"}])
    h = hero([blade])
    m = monster(defense="2D+30", hp=9)
    plain, special = blade.attacks
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.hands[0], plain, m, RULES)
    assert out.pp_cost == 0 and h.pp == h.pp_max
    out = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), h, h.hands[0], special, m, RULES)
    assert not out.hit and out.pp_cost == 2 and h.pp == h.pp_max - 2


def test_range_x2_applies_to_melee_weapons_too():
    """*Range x2*: "Applies to all weapons (melee and ranged combat)": a sword of range 1
    reaches 2 squares with the bonus, a bow of range 6 reaches 12."""
    sword = weapon("sword", "2D", 2)
    bow = weapon("bow", "2D", 2, attack_type="ranged", range=6)
    h = hero([sword, bow])
    assert (h.attack_range(sword.attacks[0]), h.attack_range(bow.attacks[0])) == (1, 6)
    h.hero_bonuses.add("double_range")
    assert (h.attack_range(sword.attacks[0]), h.attack_range(bow.attacks[0])) == (2, 12)
