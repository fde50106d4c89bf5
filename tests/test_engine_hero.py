"""HeroState: calculated values, equipping, Armor Encumbrance, Belt/Backpack, costs, level up,
initiative dice (Book of Rules: Preparing Characters, Calculated Values, Equipping Cards,
Requirements, Armor Encumbrance, Additional Card Properties, Attack or Use Items, Repair,
Negative Hit Points or Psi Points, Level Up)."""

from __future__ import annotations

import pytest

from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.hero import (
    HeroState,
    IllegalAction,
    ItemInstance,
    custom_character_problems,
    hand_values,
    initiative_dice,
    initiative_fumble,
    validate_custom_character,
)
from doria_forge.model import Character, Equipment, Rules
from doria_forge.model.common import DiceSpec

RULES = Rules(id="rules-en")


def character(cid="hero", **attrs) -> Character:
    base = {"STR": 10, "CON": 10, "AGI": 10, "PER": 10, "WIS": 10, "PSI": 10}
    base.update(attrs)
    return Character(id=cid, name=cid.title(), attributes=base)


def armor(cid, zone, ar, *, req=None, vuln=None, ap=8, category=None, **kw) -> Equipment:
    return Equipment(id=cid, name=cid, card_type="armor", zone=zone, armor_rating=ar,
                     requirements=req or {}, vulnerability=vuln, ap=ap, category=category, **kw)


def weapon(cid, zone="1_hand", dice="3D", damage=2, ap=10, *, req=None, defense=None, **kw) -> Equipment:
    return Equipment(id=cid, name=cid, card_type="weapon", zone=zone, requirements=req or {}, ap=ap,
                     attacks=[{"attack_type": "melee", "dice": dice, "damage": damage, "ap": ap}],
                     defense=defense, **kw)


def test_hand_values_are_remembered_by_the_document_not_its_id():
    """A card's hand values answer for that very document: an entry left under the same id by
    another (freed) document is never reused (``hero._HAND_VALUES``)."""
    from doria_forge.engine import hero as hero_module

    sword = weapon("sword", dice="3D", damage=2, defense="2D")
    assert hand_values(sword) == pytest.approx((3 * 55 / 9 + 4, 2 * 55 / 9, 0.0))
    club = weapon("club", dice="1D", damage=0)
    # as if a freed document with other values had had the club's id
    hero_module._HAND_VALUES[id(club)] = (sword, hand_values(sword))
    assert hand_values(club) == pytest.approx((55 / 9, 0.0, 0.0))


def test_calculated_values_rounded_down():
    """Calculated Values: HP=(STR+CON)//2, IP=(AGI+PER)//2, PP=(WIS+PSI)//2, rounded down."""
    hero = HeroState.from_character(character(STR=13, CON=12, AGI=9, PER=6, WIS=7, PSI=4), [], RULES)
    assert (hero.hp_max, hero.ip, hero.pp_max) == (12, 7, 5)
    assert (hero.hp, hero.pp) == (12, 5)


def test_from_character_places_items_sensibly():
    """Preparing Characters: weapons in the hands, armor on its zone, the rest on the Belt, then Backpack."""
    hammer = weapon("hammer", "2_hands", "2D+3", req={"STR": 9})
    dagger = weapon("dagger", "1_hand", "1D")
    plate = armor("plate", "torso", 4)
    helmet = armor("helmet", "head", 2, req={"STR": 20})  # cannot wear it
    potion = Equipment(id="potion", name="Potion", card_type="potion", zone="body", ap=5,
                       effect={"heal_hp": 3, "consumed": True})
    extra = weapon("club", "1_hand", "1D")
    hero = HeroState.from_character(character("warrior", STR=13, CON=13),
                                    [hammer, dagger, plate, helmet, potion, extra], RULES)
    assert hero.hands[0] is hero.hands[1] and hero.hands[0].card.id == "hammer"
    assert hero.torso.card.id == "plate" and hero.head is None
    assert [i.card.id for i in hero.body_items] == ["potion"]
    assert [i.card.id for i in hero.belt] == ["dagger", "helmet"]
    assert [i.card.id for i in hero.backpack] == ["club"]
    assert len({i.uid for i in hero.all_items()}) == 6


def test_two_one_hand_items_beat_a_weak_two_hander():
    sword = weapon("sword", dice="3D+2", damage=3)
    shield = weapon("shield", dice="1D", damage=0, defense="3D+2")
    stick = weapon("stick", "2_hands", dice="1D", damage=1)
    hero = HeroState.from_character(character(), [stick, sword, shield], RULES)
    assert {i.card.id for i in hero.hand_items()} == {"sword", "shield"}
    assert [i.card.id for i in hero.belt] == ["stick"]


def test_requirements_and_one_armor_per_zone():
    """Requirements of Equipment Cards (STR 6 and WIS 6 example) and one armor per zone."""
    card = armor("hood", "head", 1, req={"STR": 6, "WIS": 6})
    weak = HeroState.from_character(character(STR=5, WIS=9), [], RULES)
    strong = HeroState.from_character(character(STR=6, WIS=6), [], RULES)
    assert not weak.can_equip(card) and strong.can_equip(card)
    with pytest.raises(IllegalAction):
        weak.equip(ItemInstance(card, "x1"))
    strong.equip(ItemInstance(card, "h1"))
    second = ItemInstance(armor("cap", "head", 1), "h2")
    with pytest.raises(IllegalAction):
        strong.equip(second)
    strong.equip(second, displace="belt")
    assert strong.head is second and strong.belt[0].uid == "h1"


def test_accessories_use_either_slot_and_belt_slot_bonus():
    """Additional Card Properties: a Belt-slot accessory; when removed, its Belt item goes to the Backpack."""
    pouch = armor("pouch", "accessory", 0, bonuses={"belt_slots": 1})
    ring = armor("ring", "accessory", 0)
    hero = HeroState.from_character(character(), [pouch, ring], RULES)
    assert all(a is not None for a in hero.accessory)
    assert hero.belt_capacity == RULES.belt_slots + 1
    for i in range(3):
        hero.move_to_belt(ItemInstance(weapon(f"w{i}"), f"w{i}"))
    with pytest.raises(IllegalAction):
        hero.move_to_belt(ItemInstance(weapon("w9"), "w9"))
    hero.unequip(hero.find("pouch"), to="backpack")
    assert len(hero.belt) == 2 and {i.uid for i in hero.backpack} >= {"w2"}



def test_rules_without_accessory_slots_leave_accessories_off_and_the_bots_answer():
    """A rules document may give no accessory slots (``accessory_slots: 0`` validates): `render`
    ended in a traceback (the bot's armor choice took the weakest of no accessories: min() of an
    empty list), and equipping an accessory by displacing one indexed the missing last slot.
    Accessories are now never worn under such rules: carried on the Belt or in the Backpack."""
    from doria_forge.sim.outfit import armor_gain

    rules = Rules(id="no-accessories", accessory_slots=0)
    ring = armor("ring", "accessory", 2)
    hero = HeroState.from_character(character(), [ring], rules)
    assert hero.accessory == [] and hero.find("ring") in hero.belt + hero.backpack
    assert not hero.can_equip(ring) and armor_gain(hero, ring) == 0
    for displace in (None, "belt"):
        with pytest.raises(IllegalAction):
            hero.equip(hero.find("ring"), displace=displace)
    assert hero.find("ring") in hero.belt + hero.backpack

def test_character_sheet_example_warren_warrior_plate_arms_minus_1_ip():
    """Character Mat & Character Sheet Anatomy (book lines 590-621): Warren Warrior (STR 13,
    CON 13, AGI 10, PER 9, WIS 6, PSI 1) has the calculated values HP 13, IP 9, PP 3; his Plate
    Arms "automatically subtract 1 point of the IP", recorded as an equipment modifier: the final
    row reads HP 13, IP 8, PP 3. A hero at 13 HP who loses 3 has 10 left (line 594)."""
    plate_arms = armor("plate_arms", "arms", 3, bonuses={"initiative_points": -1})
    warren = character("warrior", STR=13, CON=13, AGI=10, PER=9, WIS=6, PSI=1)
    assert (lambda h: (h.hp_max, h.ip, h.pp_max))(HeroState.from_character(warren, [], RULES)) == (13, 9, 3)
    hero = HeroState.from_character(warren, [plate_arms], RULES)
    assert hero.arms is not None and hero.arms.card.id == "plate_arms"
    assert (hero.hp_max, hero.ip, hero.pp_max) == (13, 8, 3)
    hero.hp -= 3
    assert hero.hp == 10

def test_armor_encumbrance_example_mage_padded_hood():
    """Armor Encumbrance, EXAMPLE: the Mage (STR 5) wears Woolen Jacket (AR 2), Woolen Shoes
    (AR 2) and Tights (AR 1) without penalty; adding a Padded Hood (AR 3) costs 3 IP."""
    mage = character("mage", STR=5, AGI=9, PER=7)
    jacket, shoes, tights = armor("woolen_jacket", "torso", 2), armor("woolen_shoes", "feet", 2), armor("tights", "legs", 1)
    hero = HeroState.from_character(mage, [jacket, shoes, tights], RULES)
    assert hero.ip == 8 and hero.encumbrance == 0
    hood = ItemInstance(armor("padded_hood", "head", 3), "hood")
    hero.equip(hood)
    assert hero.encumbrance == 3 and hero.ip == 5
    hood.damaged = True  # damaged armor still counts
    assert hero.ip == 5
    hero.unequip(hood)  # armor on the Belt is ignored
    assert hero.ip == 8


def test_armor_encumbrance_strength_bonus_counts():
    """Additional Card Properties: the strength bonus is added to STR for Armor Encumbrance only."""
    belt = armor("power_belt", "accessory", 0, bonuses={"strength": 4})
    hero = HeroState.from_character(character(STR=5), [armor("a", "torso", 4), armor("b", "head", 4), belt], RULES)
    assert hero.encumbrance == 0 and hero.attribute("STR") == 5
    hero.unequip(hero.find("power_belt"))
    assert hero.encumbrance == 3


def test_equipment_hp_pp_ip_bonuses_change_current_and_maximum():
    """Additional Card Properties: HP/PP bonuses affect current and maximum; IP modifiers."""
    amulet = armor("amulet", "accessory", 0, bonuses={"hit_points": 1, "psi_points": 2, "initiative_points": -1})
    hero = HeroState.from_character(character(), [], RULES)
    hero.hp -= 4
    item = ItemInstance(amulet, "am")
    hero.equip(item)
    assert (hero.hp_max, hero.hp, hero.pp_max, hero.pp, hero.ip) == (11, 7, 12, 12, 9)
    hero.unequip(item)
    assert (hero.hp_max, hero.hp, hero.pp, hero.ip) == (10, 6, 10, 10)


def test_use_cost_belt_and_fast_hands():
    """Attack or Use Items: +4 AP from the Belt (1-hand only), Backpack not usable. Fast Hands:
    "every item the character uses ... 3 AP less", and again "when retrieving an item from the
    Belt": 12 - 3 + 4 - 3 from the Belt, as for a friend's Belt item."""
    sword, axe = weapon("sword", ap=12), weapon("axe", "2_hands", ap=16)
    hero = HeroState.from_character(character(), [], RULES)
    s, a, b = ItemInstance(sword, "s"), ItemInstance(axe, "a"), ItemInstance(sword, "b")
    hero.move_to_belt(s)
    hero.move_to_belt(a)
    hero.move_to_backpack(b)
    prof = sword.attacks[0]
    assert hero.use_cost(s, prof) == 16
    with pytest.raises(IllegalAction):
        hero.use_cost(a, axe.attacks[0])
    with pytest.raises(IllegalAction):
        hero.use_cost(b, prof)
    assert (hero.retrieve_cost(s), hero.retrieve_cost(b)) == (4, 10)
    hero.hero_bonuses.add("fast_hands")
    assert hero.use_cost(s, prof) == 10 and hero.retrieve_cost(b) == 7
    hero.equip(s)
    assert hero.use_cost(s, prof) == 9


def test_repair_example_ranger_leather_set_9_ap():
    """Repairing Equipment, EXAMPLE: the Ranger's damaged Leather Armor (8 AP) and Leather
    Helmet (9 AP) repair together for 9 AP; the Padded Boots separately for 7 AP."""
    leather_armor = armor("leather_armor", "torso", 3, ap=8, category="leather")
    leather_helmet = armor("leather_helmet", "head", 2, ap=9, category="leather")
    padded_boots = armor("padded_boots", "feet", 1, ap=7, category="padded")
    hero = HeroState.from_character(character("ranger"), [leather_armor, leather_helmet, padded_boots], RULES)
    for item in hero.equipped():
        item.damaged = True
    groups = sorted(hero.repair_groups(), key=len)
    assert [sorted(i.card.id for i in g) for g in groups] == [["padded_boots"], ["leather_armor", "leather_helmet"]]
    assert hero.repair_cost(groups[1]) == 9
    assert hero.repair_cost(groups[0]) == 7
    with pytest.raises(IllegalAction):  # not one set
        hero.repair_cost([hero.torso, hero.feet])
    hero.unequip(hero.head)  # on the Belt: +4 AP for the set
    assert hero.repair_cost([hero.torso, hero.belt[0]]) == 13
    hero.hero_bonuses.add("fast_hands")  # 3 AP less on the repair and on reaching into the Belt
    assert hero.repair_cost([hero.torso, hero.belt[0]]) == (9 - 3) + (4 - 3)


def test_level_up_example_adventurer_str_con():
    """Level Up, EXAMPLE: the Adventurer (STR 9, CON 9, 6 of 9 HP) raises STR and CON to 10:
    maximum 10 and current 7 HP; raising only CON would change nothing (rounded down);
    now the Leather Shield (STR 9, CON 10) on his Belt can be equipped."""
    shield = weapon("leather_shield", req={"STR": 9, "CON": 10}, defense="2D+2")
    hero = HeroState.from_character(character("adventurer", STR=9, CON=9), [shield], RULES)
    assert hero.belt[0].card.id == "leather_shield" and not hero.can_equip(shield)
    hero.hp = 6
    hero.attribute_points = 2
    hero.raise_attribute("CON")
    assert (hero.hp_max, hero.hp) == (9, 6)
    hero.raise_attribute("STR")
    assert (hero.hp_max, hero.hp) == (10, 7)
    assert hero.can_equip(shield)
    with pytest.raises(IllegalAction):
        hero.raise_attribute("AGI")


def test_negative_hp_example_mage_1d_plus_3():
    """Negative Hit Points or Psi Points, EXAMPLE: the Mage (IP 9) at -6 HP and -3 PP rolls
    one die less and subtracts the lower value (6): initiative 1D+3."""
    assert initiative_dice(9, -6, -3, RULES) == DiceSpec(1, 3)
    hero = HeroState.from_character(character("mage", AGI=10, PER=8), [], RULES)
    hero.hp, hero.pp = -6, -3
    assert hero.initiative_dice() == DiceSpec(1, 3)
    hero.hero_bonuses.add("extra_initiative_die")  # Extra Initiative Die: still 2D
    assert hero.initiative_dice() == DiceSpec(2, 3)


def test_unconsciousness_example_mage_minus_one_ap():
    """Unconsciousness, EXAMPLE: the Mage (-10 HP, IP 5) rolls a 4 with one die: -1 AP."""
    spec = initiative_dice(5, -10, 3, RULES)
    roll = ScriptedDice([4]).roll(spec)
    assert spec == DiceSpec(1, -5) and roll.total == -1
    assert initiative_fumble(ScriptedDice([1]).roll(spec))
    assert not initiative_fumble(ScriptedDice([1, 5]).roll("2D"))


def test_negative_ip_is_not_subtracted_twice():
    """Negative Initiative Points: one die less; the negative IP is the (only) penalty."""
    assert initiative_dice(-2, 5, 5, RULES) == DiceSpec(1, -2)
    assert initiative_dice(-2, -4, 5, RULES) == DiceSpec(1, -6)
    assert initiative_dice(8, 0, 0, RULES) == DiceSpec(2, 8)


def test_death_at_threshold_hp_or_pp():
    """Death of a Character: -20 HP or -20 PP kills."""
    hero = HeroState.from_character(character(), [], RULES)
    hero.take_damage(29)
    assert hero.hp == -19 and hero.is_alive
    hero.take_damage(1)
    assert hero.dead
    other = HeroState.from_character(character(), [], RULES)
    other.spend_pp(30)
    assert other.dead


def test_heal_caps_at_maximum():
    hero = HeroState.from_character(character(), [], RULES)
    hero.hp, hero.pp = 7, 1
    assert hero.heal(5, 2) == (3, 2)
    assert (hero.hp, hero.pp) == (10, 3)


def test_custom_character_validator():
    """Preparing Characters, optional rule: 50 points, each attribute 1..13."""
    good = {"STR": 13, "CON": 12, "AGI": 10, "PER": 5, "WIS": 1, "PSI": 9}
    assert custom_character_problems(good, RULES) == []
    validate_custom_character(good, RULES)
    bad = dict(good, STR=14, CON=11)
    assert any("STR 14" in p for p in custom_character_problems(bad, RULES))
    with pytest.raises(ValueError, match="sum"):
        validate_custom_character(dict(good, PSI=8), RULES)
    with pytest.raises(ValueError, match="missing"):
        validate_custom_character({k: v for k, v in good.items() if k != "WIS"}, RULES)


# ----------------------------------------------------------------------------- audit: other characters' items
def test_take_item_from_another_character_costs_5_ap_fast_hands_2():
    """*Take, Use or Repair Other Items (5 AP)*: "It costs 5 Action Points to take any item
    from this character, no matter where the item is located"; the item "can also be directly
    used within the same action ... The necessary Action Points of the item being used are then
    added to the 5 Action Points"; repairing another's item adds 5 AP to the repair cost.
    *Fast Hands*: "reaching into another player's Backpack costs only 2 Action Points instead of 5"
    and the item's own cost is 3 AP less."""
    sword = weapon("sword", ap=12)
    owner = HeroState.from_character(character("owner"), [], RULES, uid="owner")
    taker = HeroState.from_character(character("taker"), [], RULES, uid="taker")
    s = ItemInstance(sword, "s")
    owner.move_to_backpack(s)
    prof = sword.attacks[0]
    assert taker.take_cost() == 5
    assert taker.use_cost(s, prof, owner=owner) == 12 + 5  # Backpack or not: taken, then used
    s.damaged = True
    assert taker.repair_cost([s], owner=owner) == 12 + 5
    with pytest.raises(IllegalAction):
        taker.use_cost(s, prof)  # not the taker's own card
    with pytest.raises(IllegalAction):
        taker.use_cost(ItemInstance(sword, "x"), prof, owner=owner)  # the owner does not carry it
    taker.hero_bonuses.add("fast_hands")
    assert taker.take_cost() == 2
    assert taker.use_cost(s, prof, owner=owner) == (12 - 3) + 2
    assert taker.repair_cost([s], owner=owner) == (12 - 3) + 2
    with pytest.raises(IllegalAction):
        owner.use_cost(s, prof)  # the owner's own Backpack card is still not usable directly


def test_range_x2_turns_range_0_into_1_only_for_spells():
    """*Range x2*: "Every item the character uses can be operated with doubled range" and
    "Spells with range 0 (meaning all spells that originate directly from the character) may be
    cast using the bonus within range 1". A non-spell card of range 0 (a potion: drunk by its
    user) stays 0 (0 x 2); a range-0 spell becomes 1."""
    potion = Equipment(id="potion", name="Potion", card_type="potion", zone="body", ap=5,
                       effect={"heal_hp": 3, "consumed": True})
    ward = Equipment(id="ward", name="Ward", card_type="spell", zone="body", ap=4, pp=1, range=0)
    hero = HeroState.from_character(character(), [potion, ward], RULES)
    hero.hero_bonuses.add("double_range")
    p, w = hero.find("potion"), hero.find("ward")
    assert hero.attack_range(None, p) == 0
    assert hero.attack_range(None, w) == 1


def test_remembered_bonus_totals_keep_each_question_apart():
    """The bonus totals are remembered per Body Zone (``HeroSheet._equipment_cache``): a total
    without magic cards (fighting the Mummy: magic non-spell cards do not count) is never the
    total with them, in either order of asking, and the Armor Rating worn is no bonus total."""
    ring = armor("magic_ring", "accessory", 1, bonuses={"defense": 2}, magic=True)
    shield = armor("shield", "torso", 3, bonuses={"defense": 1})
    for first_without in (True, False):
        hero = HeroState.from_character(character(), [ring, shield], RULES)
        answers = []
        for exclude in ((True, False) if first_without else (False, True)):
            answers.append((exclude, hero.bonus("defense", exclude_magic=exclude)))
        assert dict(answers) == {True: 1, False: 3}
        assert hero.armor_rating_worn == 4 and hero.bonus("defense") == 3
        hero.unequip(hero.find("magic_ring"))
        assert hero.bonus("defense") == 1 and hero.bonus("defense", exclude_magic=True) == 1
        assert hero.armor_rating_worn == 3


def test_an_item_answers_what_its_card_says_for_every_card_of_the_pack_and_so_does_its_copy(shipped_pack):
    # ItemInstance reads hands, Armor Rating and the card type from its card once, when it is made
    # (issue 20: a pydantic field costs several plain reads); every card of the shipped pack, and
    # a copy of it, must answer as the card does
    import copy

    cards = list(shipped_pack.equipment.values())
    assert {c.zone for c in cards} >= {"1_hand", "2_hands", "torso", "body"}
    assert any(c.card_type == "spell" for c in cards) and any(c.armor_rating for c in cards)
    for card in cards:
        for item in (ItemInstance(card, "u"), copy.deepcopy(ItemInstance(card, "u", damaged=True))):
            assert item.hands == {"1_hand": 1, "2_hands": 2}.get(card.zone, 0) == card.hands
            assert item.armor_rating == (card.armor_rating or 0)
            assert item.is_armor is bool(card.armor_rating)
            assert item.is_spell is (card.card_type == "spell")
            assert item.card is card
