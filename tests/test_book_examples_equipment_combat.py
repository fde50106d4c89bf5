"""Rules of the equipment and combat-item chapters not yet checked elsewhere (Book of Rules,
doria-rules-en.md: *Equipping Cards* l.641-645, *Requirements of Equipment Cards* l.647-675,
*Armor Encumbrance* l.677-683, *Attack or Use Items* l.1138-1146, *Repair Equipment*
l.1148-1154, *Additional Combat Rules* l.1571-1623, *Enchanted Weapons* l.1661-1663).

Already covered elsewhere and not repeated here: the worked examples of *Comparative rolls*
and *Target numbers* and the Fumble rules (``test_engine_checks``), the Mage's Padded Hood and
the STR 6 / WIS 6 example (``test_engine_hero``), the Ranger's leather set repair costs
(``test_engine_hero``), Belt use of a one-handed weapon and damaged items that stay damaged
(``test_book_examples_combat``), Fumbles damaging the item used (``test_engine_combat``),
Loot Cards and XP of a defeated monster (``test_engine_decks``), the selling price of a
damaged item (``test_engine_decks``, Hypno Hat). The numbers are the book's own; dice are
scripted with ScriptedDice."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from test_engine_combat import RULES, Fixed, armor, hero, monster, weapon
from test_engine_state import _char, make_pack, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import Attack, MoveItem, Repair, RetrieveFromBackpack, UseItem
from doria_forge.engine.combat import defense_options, hero_attack, monster_attack, use_item
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.engine.hero import IllegalAction, ItemInstance
from doria_forge.model import Equipment


def _card(cid, card_type, zone, **kw) -> Equipment:
    """A standard-deck card for the synthetic pack of ``test_engine_state``."""
    return Equipment(id=cid, name=cid.replace("_", " ").title(), card_type=card_type, deck="standard", zone=zone,
                     **kw)


def _melee(dice, damage, ap, **kw) -> dict:
    return {"attack_type": "melee", "dice": dice, "damage": damage, "ap": ap, **kw}


def _in_action_phase(state):
    """Round 1, Phase D, the first hero to act."""
    phases.start_round(state)
    phases.advance(state)
    return state


# ------------------------------------------------------------------ Requirements (l.649-651)
def test_a_card_whose_requirements_are_not_met_is_only_carried_on_the_belt_and_cannot_be_used():
    """*Requirements of Equipment Cards* (book l.649): "The requirements are fulfilled if you have
    the same or more level points in the corresponding attribute as indicated on the card. If the
    requirements are not met, the card can only be carried in the Belt or Backpack, but not on the
    Body or in hands and thus cannot be used." A Broadsword (STR 8) carried by a hero of STR 7 is
    put on the Belt; it can be neither equipped nor swung from the Belt (nor is either offered);
    at STR 8 it can."""
    broadsword = _card("broadsword", "weapon", "1_hand", ap=12, requirements={"STR": 8},
                       attacks=[_melee("3D", 2, 12)])
    pack = make_pack(broadsword, _char("squire", 7, 8, 8, 8, 8, 8, ["broadsword"]))
    state = _in_action_phase(make_state(["squire"], ["orc"], pack=pack, faces=[5, 5]))
    squire = state.heroes[0]
    [item] = squire.belt
    assert item.card.id == "broadsword" and not squire.hand_items()
    assert MoveItem(item.uid, "equip") not in state.legal_actions()
    assert not any(isinstance(a, Attack) and a.item_uid == item.uid for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="requirements"):
        squire.equip(item)
    with pytest.raises(IllegalAction, match="requirements"):
        hero_attack(ScriptedDice([5, 5, 5, 5, 5]), EventLog(), squire, item, broadsword.attacks[0],
                    state.monsters[0], RULES, from_belt=True)
    squire.attributes["STR"] = 8  # the same level points as the card: fulfilled
    assert MoveItem(item.uid, "equip") in state.legal_actions()
    assert Attack(item.uid, 0, state.monsters[0].uid, True) in state.legal_actions()


def test_a_potion_has_no_requirements_and_every_character_can_use_it_from_body_or_belt():
    """*Requirements of Equipment Cards* (book l.651): "In addition there are potions. These cards
    have no requirements, every character can use them and keep them anywhere (on the whole Body,
    Belt or Backpack)." A potion card that names a requirement (WIS 25) is still used by a hero of
    WIS 8: on the Body for its own 5 AP, from the Belt for 5 + 4 AP (*Attack or Use Items*,
    l.1142: "weapons, spells and potions straight from your Belt ... (4 AP)"); in the Backpack it
    is kept but must be taken out first (l.1142: "Items in the Backpack may not be used
    directly")."""
    potion = Equipment(id="sage_draught", name="Sage Draught", card_type="potion", zone="body", ap=5,
                       requirements={"WIS": 25}, effect={"heal_hp": 2, "consumed": True})
    h = hero([], "drinker", WIS=8)
    on_body, on_belt, packed = (ItemInstance(potion, uid) for uid in ("p1", "p2", "p3"))
    h.equip(on_body)
    h.move_to_belt(on_belt)
    h.move_to_backpack(packed)
    assert h.can_equip(potion) and h.location(on_body) == "body"
    h.hp -= 4
    assert use_item(ScriptedDice([]), EventLog(), h, on_body).ap_cost == 5
    assert use_item(ScriptedDice([]), EventLog(), h, on_belt).ap_cost == 5 + 4
    assert h.hp == h.hp_max
    with pytest.raises(IllegalAction, match="Backpack"):
        use_item(ScriptedDice([]), EventLog(), h, packed)
    assert h.location(packed) == "backpack"


def test_the_gold_value_of_an_equipment_card_is_none_or_1_2_or_3_coins():
    """*Equipment Card Anatomy* (book l.669): "11. Gold value (none, 1, 2 or 3 coins)". A card
    document takes 0 (none) to 3 coins and refuses 4 or a negative value."""
    for coins in (0, 1, 2, 3):
        assert _card("coin_purse", "item", "accessory", gold=coins).gold == coins
    for coins in (4, -1):
        with pytest.raises(ValidationError):
            _card("coin_purse", "item", "accessory", gold=coins)


# ------------------------------------------------------------------ Equipping Cards, Armor Encumbrance (l.645, 679)
def test_the_backpack_holds_any_number_of_cards_and_its_armor_counts_for_no_encumbrance():
    """*Equipping Cards* (book l.645): "The Backpack can store an unlimited amount of items, there
    is no penalty or encumbrance for Backpack items"; *Armor Encumbrance* (l.679): "armor in the
    Belt or Backpack is completely ignored". The Mage of the encumbrance example (STR 5) packs
    ten Padded Hoods (AR 3 each, 30 AR): all ten fit, and his IP stays as it was (8)."""
    mage = hero([], "mage", STR=5, AGI=9, PER=7)
    assert mage.ip == 8
    hoods = [ItemInstance(armor("padded_hood", "head", 3), f"hood{i}") for i in range(10)]
    for hood in hoods:
        mage.move_to_backpack(hood)
    assert mage.backpack == hoods and mage.encumbrance == 0 and mage.ip == 8


def test_armor_encumbrance_comes_in_addition_to_the_ip_penalty_printed_on_armor():
    """*Armor Encumbrance* (book l.679): "For every Armor Rating point above the strength attribute,
    the character has to deduct one point from the Initiative Points (IP) - in addition to any
    existing penalties from armor." A hero of STR 4 (IP 9) wears Plate Arms (AR 3, printed -1 IP,
    as Warren Warrior's, l.590) and a Woolen Jacket (AR 2): 5 AR is 1 above STR, so IP 9 - 1 - 1
    = 7."""
    plate_arms = armor("plate_arms", "arms", 3, bonuses={"initiative_points": -1})
    h = hero([plate_arms, armor("woolen_jacket", "torso", 2)], "knight", STR=4, AGI=9, PER=9)
    assert h.arms is not None and h.torso is not None
    assert h.encumbrance == 1 and h.ip == 9 - 1 - 1


# ------------------------------------------------------------------ Defensive items (l.1142)
def test_defensive_items_only_work_equipped_on_the_body_zone_not_from_the_belt():
    """*Attack or Use Items* (book l.1142): "Defensive items can only be used if they are equipped
    at the Body Zone, not from Belt or Backpack." A Tower Shield (defense 3D+4) and a Chain Shirt
    (AR 3) on the Belt give no defense roll and block no damage: an Orc's hit (2D+10 rolling 5+5
    against a Dodge of 2D rolling 6+7 = 13) costs its full 3 HP. Equipped, the shield is a defense
    option and the shirt blocks the same hit."""
    shield = weapon("tower_shield", "1D", 0, defense="3D+4")
    shirt = armor("chain_shirt", "torso", 3)
    h = hero([], "guard", STR=12)
    shield_item, shirt_item = ItemInstance(shield, "shield"), ItemInstance(shirt, "shirt")
    h.move_to_belt(shield_item)
    h.move_to_belt(shirt_item)
    assert [i for i, _ in defense_options(h, "melee")] == [None]
    orc = monster(attack="2D+10", damage=3)
    [out] = monster_attack(ScriptedDice([5, 5, 6, 7]), EventLog(), orc, [h], RULES, Fixed())
    assert out.hit and out.armor is None and out.wound == 3
    h.equip(shield_item)
    h.equip(shirt_item)
    assert shield_item in [i for i, _ in defense_options(h, "melee")]
    [out] = monster_attack(ScriptedDice([5, 5, 6, 7]), EventLog(), orc, [h], RULES, Fixed())
    assert out.armor == "shirt" and (out.armor_absorbed, out.wound) == (3, 0)


# ------------------------------------------------------------------ Fumbles in combat (l.1577-1581)
def test_a_critical_failure_on_an_attack_has_no_additional_effect():
    """*Fumbles in combat* (book l.1579): "A critical failure on an attack (due to an extremely high
    defense of the monster) has no additional effect - the monster just defended against the
    attack." A Sword attack of 2D rolling 2+3 = 5 against a Golem's 2D+20 rolling 5+5 = 30 is 25
    below (two critical failures): a plain miss - the sword is not damaged, the hero loses
    nothing, the attack costs the card's 12 AP as any miss."""
    sword = weapon("sword", "2D", 2, ap=12)
    h = hero([sword], "fighter")
    golem = monster("golem", defense="2D+20", hp=9)
    out = hero_attack(ScriptedDice([2, 3, 5, 5]), EventLog(), h, h.hands[0], sword.attacks[0], golem, RULES)
    assert (out.attack_total, out.defense_total, out.hit, out.critical_steps) == (5, 30, False, 0)
    assert not out.attack_fumble and not out.damaged_items and not h.hands[0].damaged
    assert (h.hp, h.pp, golem.hp, out.ap_cost) == (h.hp_max, h.pp_max, 9, 12)


def test_a_monster_that_fumbled_its_attack_attacks_as_usual_the_next_time():
    """*Fumbles in combat* (book l.1581): "When attacking, monsters simply miss their target, but
    the next time they are activated, the monster will attack as usual." An Orc (2D+5) rolls two
    ones: it misses. Its next attack (6+6+5 = 17 against a Dodge of 2+3 = 5, 12 above: one
    critical hit) deals its 3 damage + 1."""
    h = hero([], "target")
    orc = monster(attack="2D+5", damage=3)
    [miss] = monster_attack(ScriptedDice([1, 1]), EventLog(), orc, [h], RULES, Fixed())
    assert miss.attack_fumble and not miss.hit and h.hp == h.hp_max
    [hit] = monster_attack(ScriptedDice([6, 6, 2, 3]), EventLog(), orc, [h], RULES, Fixed())
    assert (hit.attack_total, hit.defense_total, hit.hit, hit.critical_steps) == (17, 5, True, 1)
    assert hit.wound == 3 + 1 and h.hp == h.hp_max - 4


def test_a_dodge_fumble_damages_no_card_and_a_spell_fumble_damages_the_spell():
    """*Fumbles in combat* (book l.1577): "If two ones are rolled by a character during an attack or
    a defense (Fumble), then the weapon or spell used is damaged". A hero who Dodges (the Character
    Sheet's 2D, no card) and rolls 1, 1 (2, only 7 below the Orc's 2+2+5 = 9) fails the defense,
    one category lower (*Critical Rolls and Fumbles*, l.446; as the Mage's jump, l.1092: damage
    3 + 1), and no card gets a Damaged marker beyond the Leather Vest (AR 2) that blocks as in any
    hit. A Spark spell (2 PP) cast with 1, 1 misses, is damaged, and its 2 PP are lost."""
    spark = weapon("spark", "2D+4", 2, attack_type="magic", card_type="spell", pp=2)
    h = hero([spark, armor("leather_vest", "torso", 2)], "adept", STR=10)
    orc = monster(attack="2D+5", damage=3)
    [out] = monster_attack(ScriptedDice([2, 2, 1, 1]), EventLog(), orc, [h], RULES, Fixed())
    assert (out.defense_with, out.defense_fumble, out.hit, out.critical_steps) == ("dodge", True, True, 1)
    assert (out.damage, out.armor_absorbed, out.wound) == (3 + 1, 2, 2)
    assert out.damaged_items == [h.torso.uid] and not h.hands[0].damaged
    pp = h.pp
    cast = hero_attack(ScriptedDice([1, 1, 2, 2]), EventLog(), h, h.hands[0], spark.attacks[0],
                       monster(psi="2D"), RULES)
    assert cast.attack_fumble and not cast.hit and h.hands[0].damaged and h.pp == pp - 2


# ------------------------------------------------------------------ Utilizing both hands (l.1593)
def test_each_attack_and_each_defense_uses_one_hand_and_a_fumble_damages_only_that_item():
    """*Utilizing both hands* (book l.1593): "It is not possible to attack with both hands at the
    same time. The player can only decide with each attack or defense which weapon to use. As
    equipment also might get damaged while defending by rolling a Fumble, it is always good
    practice to have a separate defense weapon." With a Sword and a Buckler in the hands, every
    attack names one card; the hero defends with the Buckler (3D+2), fumbles (1, 1, 9: 13 against
    the Orc's 12): the defense fails and only the Buckler is damaged - the Sword still attacks
    for its own 12 AP."""
    sword = _card("sword", "weapon", "1_hand", ap=12, attacks=[_melee("2D", 2, 12)], defense="2D")
    buckler = _card("buckler", "weapon", "1_hand", ap=8, attacks=[_melee("1D", 0, 8)], defense="3D+2")
    pack = make_pack(sword, buckler, _char("duelist", 10, 10, 8, 8, 8, 8, ["sword", "buckler"]))
    state = _in_action_phase(make_state(["duelist"], ["orc"], pack=pack, faces=[5, 5]))
    duelist = state.heroes[0]
    held = {i.card.id: i for i in duelist.hand_items()}
    assert set(held) == {"sword", "buckler"}
    attacks = [a for a in state.legal_actions() if isinstance(a, Attack)]
    assert {a.item_uid for a in attacks} == {held["sword"].uid, held["buckler"].uid}
    assert [i for i, _ in defense_options(duelist, "melee")] == [None, held["sword"], held["buckler"]]
    orc = monster(attack="2D+5", damage=3)
    [out] = monster_attack(ScriptedDice([4, 3, 1, 1, 9]), EventLog(), orc, [duelist], RULES,
                           Fixed(held["buckler"]))
    assert (out.attack_total, out.defense_total, out.defense_fumble, out.hit) == (12, 13, True, True)
    assert held["buckler"].damaged and not held["sword"].damaged
    swing = hero_attack(ScriptedDice([5, 5, 2, 2]), EventLog(), duelist, held["sword"], sword.attacks[0],
                        monster(defense="2D", hp=9), RULES)
    assert swing.hit and swing.ap_cost == 12


# ------------------------------------------------------------------ Belt or Backpack (l.1587-1589)
def test_a_two_handed_weapon_on_the_belt_is_taken_into_the_hands_for_4_ap_and_the_held_cards_go_down():
    """*Using weapons and spells from the Belt or Backpack* (book l.1587): "Two-handed weapons can
    never be used from the Belt, these always must be taken into the hands (which costs 4 Action
    Points). The items previously held in the hands can be placed in the Belt or Backpack." The
    hero holds a Sword and a Buckler, a Greataxe on the Belt: no attack with the Greataxe is
    offered; taking it into the hands costs 4 AP (18 -> 14), and the Sword and the Buckler go
    down."""
    sword = _card("sword", "weapon", "1_hand", ap=12, attacks=[_melee("2D", 2, 12)], defense="2D")
    buckler = _card("buckler", "weapon", "1_hand", ap=8, attacks=[_melee("1D", 0, 8)], defense="3D+2")
    greataxe = _card("greataxe", "weapon", "2_hands", ap=16, attacks=[_melee("3D", 3, 16)])
    pack = make_pack(sword, buckler, greataxe,
                     _char("duelist", 12, 10, 8, 8, 8, 8, ["sword", "buckler", "greataxe"]))
    state = _in_action_phase(make_state(["duelist"], ["orc"], pack=pack, faces=[5, 5]))
    duelist = state.heroes[0]
    axe = duelist.find("greataxe")
    assert duelist.location(axe) == "belt" and len(duelist.hand_items()) == 2
    assert state.ap["duelist"] == 18
    assert not any(isinstance(a, Attack) and a.item_uid == axe.uid for a in state.legal_actions())
    state.apply(MoveItem(axe.uid, "equip"))
    assert state.ap["duelist"] == 18 - 4
    assert duelist.hands == [axe, axe]
    assert {duelist.location(duelist.find(c)) for c in ("sword", "buckler")} <= {"belt", "backpack"}


def test_the_cards_a_two_handed_weapon_pushes_out_of_the_hands_go_to_the_belt_then_the_backpack():
    """*Using weapons and spells from the Belt or Backpack* (book l.1587): "The items previously
    held in the hands can be placed in the Belt or Backpack as desired." The engine's reading
    (docs/rules-decisions.md, *Cards pushed out of the hands*): the Belt while it has room (the
    slot the two-handed weapon left included), then the Backpack; a player who wants a card in
    the Backpack puts it there first, at no cost (l.1136: "Downgrading cards into the Belt or the
    Backpack is always possible at no cost"). The Duelist holds a Sword and a Buckler; his Belt
    (2 slots) holds the Greataxe and a Tonic. Taking the Greataxe (4 AP): the Sword takes its
    slot, the Buckler goes to the Backpack. Or the Sword is first put in the Backpack (0 AP):
    then the Buckler takes the Belt slot."""
    sword = _card("sword", "weapon", "1_hand", ap=12, attacks=[_melee("2D", 2, 12)], defense="2D")
    buckler = _card("buckler", "weapon", "1_hand", ap=8, attacks=[_melee("1D", 0, 8)], defense="3D+2")
    greataxe = _card("greataxe", "weapon", "2_hands", ap=16, attacks=[_melee("3D", 3, 16)])
    tonic = _card("tonic", "potion", "body", ap=5)
    pack = make_pack(sword, buckler, greataxe, tonic,
                     _char("duelist", 12, 10, 8, 8, 8, 8, ["sword", "buckler", "greataxe", "tonic"]))
    for first_down, belt, backpack in ((None, ["tonic", "sword"], ["buckler"]),
                                       ("sword", ["tonic", "buckler"], ["sword"])):
        state = _in_action_phase(make_state(["duelist"], ["orc"], pack=pack, faces=[5, 5]))
        duelist = state.heroes[0]
        duelist.move_to_belt(duelist.find("tonic"))
        assert [i.card.id for i in duelist.belt] == ["greataxe", "tonic"] and duelist.belt_capacity == 2
        if first_down is not None:
            state.apply(MoveItem(duelist.find(first_down).uid, "backpack"))
        state.apply(MoveItem(duelist.find("greataxe").uid, "equip"))
        assert state.ap["duelist"] == 18 - 4 and [i.card.id for i in duelist.hand_items()] == ["greataxe"]
        assert [i.card.id for i in duelist.belt] == belt and [i.card.id for i in duelist.backpack] == backpack


def test_a_card_is_taken_out_of_the_backpack_for_10_ap_into_the_hands_or_onto_the_belt():
    """*Using weapons and spells from the Belt or Backpack* (book l.1589): "Items from the Backpack
    must first be retrieved from the Backpack for 10 Action Points, which results in the end of
    the current action. The item can then be equipped at any suitable place (Belt or hands)."
    (and *Attack or Use Items*, l.1142: they "may not be used directly"). A Dagger in the
    Backpack of a hero with free hands: no attack with it is offered, but taking it into the
    hands or onto the Belt is, each a whole action of 10 AP (18 -> 8)."""
    dagger = _card("dagger_b", "weapon", "1_hand", ap=6, attacks=[_melee("1D", 1, 6)])
    pack = make_pack(dagger, _char("scout", 8, 8, 8, 8, 8, 8, ["dagger_b"]))
    for to, place in (("equip", "hands"), ("belt", "belt")):
        state = _in_action_phase(make_state(["scout"], ["orc"], pack=pack, faces=[5, 5]))
        scout = state.heroes[0]
        item = scout.find("dagger_b")
        scout.move_to_backpack(item)
        legal = state.legal_actions()
        assert not any(isinstance(a, (Attack, UseItem)) and a.item_uid == item.uid for a in legal)
        assert {RetrieveFromBackpack(item.uid, "equip"), RetrieveFromBackpack(item.uid, "belt")} <= set(legal)
        state.apply(RetrieveFromBackpack(item.uid, to))
        assert scout.location(item) == place and state.ap["scout"] == 18 - 10


# ------------------------------------------------------------------ Repairing Equipment (l.1150-1152, 1597-1605)
def test_ranger_example_two_repair_actions_from_24_action_points_leave_8():
    """*Repairing Equipment*, EXAMPLE (book l.1605): "The Ranger (24 Action Points) is equipped with
    3 damaged armor items (Leather Armor / 8 AP, Leather Helmet / 9 AP, Padded Boots / 7 AP). He
    can repair the two leather set items together for 9 AP, the padded boots must be repaired
    separately for 7 AP." In play: the two repairs are offered as two actions; done one after
    the other they take the Ranger from 24 to 15 to 8 AP and remove every Damaged marker."""
    cards = [
        _card("leather_armor", "armor", "torso", ap=8, armor_rating=2, category="Leather"),
        _card("leather_helmet", "armor", "head", ap=9, armor_rating=1, category="Leather"),
        _card("padded_boots", "armor", "feet", ap=7, armor_rating=1, category="Padded"),
    ]
    pack = make_pack(*cards, _char("ranger", 10, 10, 10, 10, 8, 8, [c.id for c in cards]))
    state = _in_action_phase(make_state(["ranger"], ["orc"], pack=pack, faces=[7, 7]))
    ranger = state.heroes[0]
    for item in ranger.equipped():
        item.damaged = True
    assert state.ap["ranger"] == 24
    uid = {i.card.id: i.uid for i in ranger.equipped()}
    repairs = [a for a in state.legal_actions() if isinstance(a, Repair)]
    assert sorted(sorted(a.item_uids) for a in repairs) == sorted(
        [sorted([uid["leather_armor"], uid["leather_helmet"]]), [uid["padded_boots"]]])
    leather = next(a for a in repairs if len(a.item_uids) == 2)
    state.apply(leather)
    assert state.ap["ranger"] == 24 - 9
    state.apply(Repair((uid["padded_boots"],)))
    assert state.ap["ranger"] == 24 - 9 - 7
    assert not any(i.damaged for i in ranger.equipped())


def test_set_armor_in_the_backpack_is_repaired_separately():
    """*Repair Equipment* (book l.1152): "only the equipped parts on the Body or in the Belt can be
    repaired [together]. Armor items in the Backpack must be repaired separately, even if they are
    part of a set"; *Repairing Equipment* (l.1599): set items in the Belt "for the additional
    overall cost of 4 AP), but not in the Backpack". The Ranger's Leather Armor (8 AP) worn, the
    Leather Helmet (9 AP) in the Backpack: they cannot be repaired together; the armor alone
    costs 8 AP, the helmet alone 9 AP. Moved to the Belt, the helmet joins the set: 9 + 4 AP."""
    leather_armor = armor("leather_armor", "torso", 2, ap=8, category="Leather")
    ranger = hero([leather_armor], "ranger")
    helmet = ItemInstance(armor("leather_helmet", "head", 1, ap=9, category="Leather"), "helmet")
    ranger.move_to_backpack(helmet)
    ranger.torso.damaged = helmet.damaged = True
    with pytest.raises(IllegalAction, match="Backpack"):
        ranger.repair_cost([ranger.torso, helmet])
    assert sorted(len(g) for g in ranger.repair_groups()) == [1, 1]
    assert (ranger.repair_cost([ranger.torso]), ranger.repair_cost([helmet])) == (8, 9)
    ranger.move_to_belt(helmet)
    assert ranger.repair_cost([ranger.torso, helmet]) == 9 + 4


def test_one_piece_of_a_set_is_repaired_alone_for_its_own_ap_and_a_belt_card_for_4_ap_more():
    """*Repair Equipment (AP on card)* (book l.1152): "To repair any item, the Action Points
    indicated on the card must be spent similar to normal use of the item"; a whole set "is
    possible" for the highest AP of its damaged parts (l.1154), so a part alone is repaired for its
    own AP. A single card on the Belt costs 4 AP more, as its use does (l.1144, l.1601). The
    Ranger's worn Leather Armor (8 AP) and Leather Helmet (9 AP) are damaged: the armor alone
    costs 8 AP (24 -> 16) and the helmet stays damaged. A damaged Dagger (6 AP) on his Belt: 6 + 4.
    A card alone in the Backpack costs its AP (docs/rules-decisions.md, *Repairing a card in the
    Backpack*): ``test_set_armor_in_the_backpack_is_repaired_separately``."""
    cards = [
        _card("leather_armor", "armor", "torso", ap=8, armor_rating=2, category="Leather"),
        _card("leather_helmet", "armor", "head", ap=9, armor_rating=1, category="Leather"),
        _card("dagger_c", "weapon", "1_hand", ap=6, attacks=[_melee("1D", 1, 6)]),
    ]
    pack = make_pack(*cards, _char("ranger", 10, 10, 10, 10, 8, 8, [c.id for c in cards]))
    # 7 + 7 + IP 10 = 24 AP; at 6 AP the Orc (AP 7) acts and fumbles (1, 1)
    state = _in_action_phase(make_state(["ranger"], ["orc"], pack=pack, faces=[7, 7, 1, 1]))
    ranger = state.heroes[0]
    body, dagger = ranger.find("leather_armor"), ranger.find("dagger_c")
    helmet = ranger.find("leather_helmet")
    ranger.move_to_belt(dagger)
    body.damaged = helmet.damaged = dagger.damaged = True
    assert state.ap["ranger"] == 24
    state.apply(Repair((body.uid,)))
    assert state.ap["ranger"] == 24 - 8 and not body.damaged and helmet.damaged
    state.apply(Repair((dagger.uid,)))
    assert state.ap["ranger"] == 24 - 8 - (6 + 4) and not dagger.damaged


# ------------------------------------------------------------------ Enchanted Weapons (l.1663)
def test_an_enchanted_weapon_is_used_without_psi_and_its_special_effect_pays_before_the_attack():
    """*Enchanted Weapons* (book l.1663): "These weapons can be used without investing psi, but to
    create the special effect, Psi Points must be used. Any character that meets the requirements
    of the weapon can use it. Usually the Psi Points have to be spent before using the weapon."
    A Warrior (WIS 5, PSI 1: 3 PP) swings a Flame Blade (STR 10) plainly for 0 PP; its fire strike
    (2 PP) costs him 2 PP even though the strike misses (4 against 30)."""
    blade = Equipment(id="flame_blade", name="Flame Blade", card_type="weapon", zone="1_hand", ap=12, magic=True,
                      requirements={"STR": 10},
                      attacks=[_melee("2D", 2, 12), _melee("2D", 3, 12, label="fire strike", pp=2, element="fire")])
    warrior = hero([blade], "warrior", STR=13, CON=13, WIS=5, PSI=1)
    assert warrior.pp_max == 3
    item = warrior.hands[0]
    plain, strike = blade.attacks
    out = hero_attack(ScriptedDice([6, 6, 2, 2]), EventLog(), warrior, item, plain, monster(defense="2D", hp=9),
                      RULES)
    assert out.hit and out.pp_cost == 0 and warrior.pp == 3
    out = hero_attack(ScriptedDice([2, 2, 5, 5]), EventLog(), warrior, item, strike,
                      monster(defense="2D+20", hp=9), RULES)
    assert not out.hit and out.pp_cost == 2 and warrior.pp == 3 - 2
