"""Characters, their equipment, Level Up and the shop: chapters *Calculated Values* (book lines
558-584), *Additional Card Properties* (book lines 685-866: jumping and Trap bonus markers),
*Phase H: Level Up* (book lines 1006-1012), *Phase I: Buy or Remove Shop Items* (book lines
1014-1022) and *Hero and Monster Level > Heroes* (book lines 1751-1758).

Only what no other test checks; the worked examples of these chapters are tested in
``test_engine_hero`` (Warren Warrior, the Mage's Padded Hood, the Adventurer's STR and CON),
``test_engine_levelup`` (Examples 1 and 2), ``test_engine_decks`` (the Hypno Hat) and
``test_book_examples_phases``."""
from __future__ import annotations

from dataclasses import replace

import pytest
from map_helpers import map_game, pack_with, tile, where
from rulebook_tables import rows
from test_engine_state import NO_DECKS, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import Buy, ChooseHeroBonus, EndTurn, IllegalAction, Jump, RaiseAttribute, SwapPlaces
from doria_forge.engine.decks import Card, LootDecks
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.hero import HeroState, ItemInstance
from doria_forge.engine.levelup import needs_phase_h, phase_h_automatic
from doria_forge.engine.loot import give_card
from doria_forge.engine.traps import resolve_trap
from doria_forge.model import Equipment

LOOT = replace(NO_DECKS, loot=True, shop=True, max_rounds=1)


def _accessory(cid: str, **bonuses: int) -> ItemInstance:
    return ItemInstance(Equipment(id=cid, name=cid, card_type="armor", zone="accessory", ap=5, armor_rating=0,
                                  bonuses=bonuses), cid)


def test_calculated_values_of_every_premade_hero_are_those_of_the_character_table(shipped_pack):
    """*Calculated Values* (book lines 562-584): HP = (STR+CON)/2, IP = (AGI+PER)/2, PP =
    (WIS+PSI)/2, "always rounded down" (line 560). The engine's hero, built from each premade
    character of the shipped pack with no equipment, has the HP, IP and PP the character table
    (``shared/data/characters.csv``) prints, current values at their maximum."""
    table = rows("characters.csv")
    assert len(table) == 8
    for row in table:
        hero = HeroState.from_character(shipped_pack.characters[row["id"]], [], shipped_pack.rules)
        want = (int(row["HP"]), int(row["IP"]), int(row["PP"]))
        assert (hero.hp_max, hero.ip, hero.pp_max) == want, row["id"]
        assert (hero.hp, hero.pp) == (hero.hp_max, hero.pp_max), row["id"]


def test_phase_h_more_psi_points_raise_maximum_and_current_value():
    """*Phase H* (book line 1008): "If the character should now have more Hit Points or Psi
    Points, both the maximum and the current value will increase accordingly." The Mage (WIS 13,
    PSI 13: PP 13) at 5 PP raises PSI to 14: (13+14)/2 rounded down is still 13, nothing changes;
    then WIS to 14: PP 14, current 6. AGI 9 -> 10 raises IP (9+9)/2 = 9 to (10+9)/2 = 9, unchanged
    (rounded down)."""
    state = make_state(["mage", "warrior"])
    mage = state.heroes[0]
    assert (mage.pp_max, mage.ip) == (13, 9)
    mage.pp, mage.attribute_points = 5, 3
    state.phase, state.decision_queue = phases.H, ["mage"]
    state.apply(RaiseAttribute("PSI"))
    assert (mage.pp_max, mage.pp) == (13, 5)
    state.apply(RaiseAttribute("WIS"))
    assert (mage.pp_max, mage.pp) == (14, 6)
    state.apply(RaiseAttribute("AGI"))
    assert mage.ip == 9 and mage.attribute_points == 0


def test_second_hero_level_in_round_13_a_second_bonus_but_not_the_same_one_again():
    """*Heroes* (book lines 1753-1758): a Hero Bonus at each Hero Level Up (Phase H of rounds 7,
    13, 18); "One bonus per hero level above level 1" and "Every bonus may only be selected once
    per character". Regeneration chosen in round 7 is not offered again in round 13; a second,
    different bonus is, and only one."""
    state = make_state(["adventurer", "warrior"])
    hero = state.heroes[0]
    for round_number, bonus in ((7, "regeneration"), (13, "extra_damage")):
        state.round = round_number
        phase_h_automatic(state)
        state.phase = phases.H
        state.decision_queue = [h.uid for h in state.heroes if needs_phase_h(state, h)]
        assert state.current_actor() == "adventurer"
        if round_number == 13:
            assert ChooseHeroBonus("regeneration") not in state.legal_actions()
            with pytest.raises(IllegalAction):
                state.apply(ChooseHeroBonus("regeneration"))
        state.apply(ChooseHeroBonus(bonus))
        with pytest.raises(IllegalAction):  # one bonus per hero level
            state.apply(ChooseHeroBonus("fast_hands"))
    assert hero.hero_bonuses == {"regeneration", "extra_damage"}


def test_phase_i_a_3_gold_card_buys_three_cards_worth_1_gold_each():
    """*Phase I* (book line 1016): "a card with 3 gold coins can buy another card of the same
    value or 3 different cards each worth 1 gold coin". The Relic (3 gold) pays for the Dagger,
    the Healing Potion and the Wand (1 gold each) together."""
    state = make_state(["adventurer", "mage"], options=LOOT)
    state.loot = LootDecks.from_cards([])
    state.loot.shop = [Card("equipment", "dagger", 1), Card("equipment", "healing_potion", 1),
                       Card("equipment", "wand", 1)]
    adventurer = state.heroes[0]
    relic = give_card(state, adventurer, Card("equipment", "relic", 1))
    state.round, state.phase, state.shop_open = 1, phases.I, True
    state.apply(Buy((0, 1, 2), (("adventurer", relic.uid),), "adventurer"))
    assert state.loot.shop == [None, None, None]
    held = [i.card.id for i in adventurer.all_items()]
    assert {"dagger", "healing_potion", "wand"} <= set(held) and "relic" not in held


def test_phase_i_no_change_for_paying_more_gold():
    """*Phase I* (book line 1016): "If there are no suitable cards in the store, there is no
    change for equipment paid with more gold!" The Relic (3 gold) buys the Dagger (1 gold) alone:
    the 2 gold left over are lost, the Healing Potion bought afterwards needs a payment of its
    own."""
    state = make_state(["adventurer", "mage"], options=LOOT)
    state.loot = LootDecks.from_cards([])
    state.loot.shop = [Card("equipment", "dagger", 1), Card("equipment", "healing_potion", 1), None]
    adventurer = state.heroes[0]
    relic = give_card(state, adventurer, Card("equipment", "relic", 1))
    state.round, state.phase, state.shop_open = 1, phases.I, True
    state.apply(Buy((0,), (("adventurer", relic.uid),), "adventurer"))
    assert state.loot.shop[0] is None and "relic" not in [i.card.id for i in adventurer.all_items()]
    with pytest.raises(IllegalAction):
        state.apply(Buy((1,), (), "adventurer"))
    assert state.loot.shop[1] == Card("equipment", "healing_potion", 1)


def test_trap_bonus_markers_of_two_cards_combine_on_the_trap_check():
    """*Additional Card Properties* (book line 847): the Trap disarm bonus "will be added to all
    checks when avoiding or disarming any type of Trap. Multiple bonuses of the same type gained
    from different items can be combined." Boulder Trap at Monster Level 1: STR+AGI+2D against
    28+3 = 31. The Adventurer (STR 9, AGI 8) rolls 6 and 5: 28, hit; with two accessories of Trap
    bonus +2 and +1: 31, avoided."""
    for bonuses, total, success in (((), 28, False), ((2, 1), 31, True)):
        state = make_state(["adventurer"], faces=[6, 5])
        hero = state.heroes[0]
        for n, value in enumerate(bonuses):
            hero.equip(_accessory(f"charm{n}", trap=value))
        [result] = resolve_trap(state, Card("trap", "boulder_trap", 1), hero)
        assert (result.target_number, result.total, result.success) == (31, total, success)


# Holes (2, 1) and (1, 1) round the wall square (2, 2): the jump from (3, 1) to (1, 0) counts 3
# squares, TN 30 (chapter *Jumping*), as in ``test_book_examples_jumps``.
CORNER = tile("CORNER", ["#####", ".OO.#", "#O#.#", "#.#.#", "#####"])


@pytest.mark.parametrize("bonuses, total, success", [((), 23, False), ((4, 3), 30, True)])
def test_jumping_bonus_markers_of_two_cards_combine_on_the_jump_check(bonuses, total, success):
    """*Additional Card Properties* (book line 843): the jumping bonus "will be added to all
    jumping checks. Multiple bonuses of the same type gained from different items can be
    combined." The Mage (STR 4, AGI 7) jumps 3 squares, TN 30, and rolls 6 and 6: 23, a failure;
    with two accessories of jumping bonus +4 and +3: 30, a success, no damage."""
    state = map_game(pack_with(CORNER), ["mage"], tiles=[("CORNER", (0, 0), 0)], at={"mage": (3, 1)}, ap=20)
    mage = state.hero("mage")
    mage.set_attributes(STR=4, AGI=7, CON=24)
    for n, value in enumerate(bonuses):
        mage.equip(_accessory(f"boots{n}", jump=value))
    state.dice = ScriptedDice([6, 6])
    state.apply(Jump((1, 0)))
    [check] = state.log.of_kind("jump_check")
    assert (check["target_number"], check["total"], check["success"]) == (30, total, success)
    assert (mage.hp == mage.hp_max) is success


def test_regeneration_chosen_at_a_hero_level_regenerates_in_that_same_phase_h():
    """*Phase H* (book lines 1008-1010) runs: raise attributes, "the characters may choose a
    bonus as soon as a round with a higher hero level is reached", then "If the bonus
    Regeneration was selected by a character, 1 HP and 1 PP may now be regenerated". The
    Adventurer, 3 HP and 2 PP below his maxima, chooses Regeneration in Phase H of round 7 and
    regains 1 HP and 1 PP at once; the Warrior, who chose it before, chooses a second bonus in
    round 13 and regenerates once, not twice."""
    state = make_state(["adventurer", "warrior"])
    adventurer, warrior = state.heroes
    warrior.hero_bonuses.add("regeneration")
    for hero in (adventurer, warrior):
        hero.hp, hero.pp = hero.hp_max - 3, hero.pp_max - 2
    state.round = 7
    phase_h_automatic(state)
    assert (warrior.hp_max - warrior.hp, warrior.pp_max - warrior.pp) == (2, 1)
    assert (adventurer.hp_max - adventurer.hp, adventurer.pp_max - adventurer.pp) == (3, 2)
    state.phase = phases.H
    state.decision_queue = [h.uid for h in state.heroes if needs_phase_h(state, h)]
    state.apply(ChooseHeroBonus("regeneration"))
    assert (adventurer.hp_max - adventurer.hp, adventurer.pp_max - adventurer.pp) == (2, 1)
    state.apply(EndTurn())
    assert state.current_actor() == "warrior"
    state.apply(ChooseHeroBonus("extra_damage"))
    assert (warrior.hp_max - warrior.hp, warrior.pp_max - warrior.pp) == (2, 1)


def test_an_immobilized_character_takes_no_part_in_a_swap_of_places():
    """*Additional Card Properties* (book line 859): "Any monster or character affected by this
    status cannot use any Movement Actions (Walking, Jumping, Swap Places) until the status has
    been removed"; its marker means "no movement possible" (book line 287). *Swap Places* (book
    line 1100) moves both characters ("only possible if the moved character agrees"): the
    Warrior may not swap places with the Immobilized Mage next to him in a corridor; once the
    status is gone, the swap (5 AP) is allowed again."""
    corridor = tile("C", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("C", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 2)}, ap={"warrior": 12, "mage": 0})
    mage = state.hero("mage")
    mage.immobilized = True
    assert SwapPlaces("mage") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(SwapPlaces("mage"))
    assert (where(state, "warrior"), where(state, "mage")) == ((2, 1), (2, 2)) and state.ap["warrior"] == 12
    mage.immobilized = False
    assert SwapPlaces("mage") in state.legal_actions()
    state.apply(SwapPlaces("mage"))
    assert (where(state, "warrior"), where(state, "mage")) == ((2, 2), (2, 1)) and state.ap["warrior"] == 7


def test_shop_items_are_bought_only_in_phase_i():
    """*Phase I* (book line 1016): "Only during this phase, players can buy the revealed shop
    items". With the Dagger (1 gold) in the shop and the Relic (3 gold) to pay, no Buy is offered
    or accepted in the Action Phase (Phase D) of the next round; in Phase I it is."""
    state = make_state(["adventurer", "mage"], options=replace(LOOT, max_rounds=3))
    state.loot = LootDecks.from_cards([])
    state.loot.shop = [Card("equipment", "dagger", 1), None, None]
    relic = give_card(state, state.heroes[0], Card("equipment", "relic", 1))
    buy = Buy((0,), (("adventurer", relic.uid),), "adventurer")
    phases.start_round(state)
    phases.advance(state)
    assert state.phase == phases.D and state.current_actor() == "adventurer"
    assert not any(isinstance(a, Buy) for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply(buy)
    assert state.loot.shop[0] == Card("equipment", "dagger", 1)
    state.phase, state.shop_open = phases.I, True
    state.apply(buy)
    assert state.loot.shop[0] is None
