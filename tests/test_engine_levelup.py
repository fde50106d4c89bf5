"""Phase H (Book of Rules *Phase H: Level Up*, *Level Up* with its examples, *Hero and
Monster Level*, *Campaigns*, *Special Rules for 1 or 2 Players*)."""

from __future__ import annotations

import pytest
from test_engine_state import PACK, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import ChooseHeroBonus, EndTurn, RaiseAttribute
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import IllegalAction
from doria_forge.engine.levelup import distribute_group_xp, hero_level_reached, needs_phase_h, phase_h_automatic

FIVE = ["adventurer", "warrior", "mage", "green", "yellow"]


def test_level_up_example_1_five_players_seven_xp():
    """*Level Up*, Example 1: 5 players, 7 Group XP in a single scenario -> 1 Attribute
    Point each, the track drops to 2."""
    assert distribute_group_xp(7, 5, "single", PACK.rules) == (1, 2)
    state = make_state(FIVE, group_xp=7)
    state.round = 3
    phase_h_automatic(state)
    assert [h.attribute_points for h in state.heroes] == [1] * 5 and state.group_xp == 2


def test_level_up_example_2_campaign_12_xp():
    """*Level Up*, Example 2: in a campaign 4 players need 12 Group XP for 1 point each."""
    assert distribute_group_xp(11, 4, "campaign", PACK.rules) == (0, 11)
    assert distribute_group_xp(12, 4, "campaign", PACK.rules) == (1, 0)
    assert distribute_group_xp(3, 1, "campaign", PACK.rules) == (1, 0)  # 1 player: 3 monsters
    assert distribute_group_xp(2, 2, "single", PACK.rules) == (1, 0)  # 2 players: 2 monsters


def test_campaigns_three_characters_need_9_group_xp_and_one_or_two_players_per_the_book():
    """*Campaigns* (book line 1824): "3 times [PlayerCount]. This means, that a group of 3
    characters will gain 1 Attribute Point whenever 9 Group XP have been collected"; *2 Players*
    (line 1931): "2 monsters (Single Scenario) / 6 monsters (Campaign)"; *1 Player* (line 1941):
    "1 monster (Single Scenario) / 3 monsters (Campaign)"."""
    rules = PACK.rules
    assert distribute_group_xp(8, 3, "campaign", rules) == (0, 8)
    assert distribute_group_xp(9, 3, "campaign", rules) == (1, 0)
    assert distribute_group_xp(3, 3, "single", rules) == (1, 0)
    assert [distribute_group_xp(xp, 2, "campaign", rules)[0] for xp in (5, 6)] == [0, 1]
    assert [distribute_group_xp(xp, 2, "single", rules)[0] for xp in (1, 2)] == [0, 1]
    assert [distribute_group_xp(xp, 1, "campaign", rules)[0] for xp in (2, 3)] == [0, 1]
    assert distribute_group_xp(1, 1, "single", rules) == (1, 0)

def test_level_up_example_adventurer_str_and_con_to_10():
    """*Level Up*, Example: Adventurer (STR 9, CON 9, HP 6 of 9) raises STR and CON to 10:
    maximum 10, current 7 (raising only CON would change nothing)."""
    state = make_state(["adventurer", "warrior"])
    hero = state.heroes[0]
    hero.hp, hero.attribute_points = 6, 2
    state.phase, state.decision_queue = phases.H, ["adventurer"]
    state.apply(RaiseAttribute("CON"))
    assert (hero.hp, hero.hp_max) == (6, 9)
    state.apply(RaiseAttribute("STR"))
    assert (hero.hp, hero.hp_max, hero.attribute_points) == (7, 10, 0)
    with pytest.raises(IllegalAction):
        state.apply(RaiseAttribute("STR"))


def test_hero_level_rounds_7_13_18_in_single_scenarios_only():
    """*Hero and Monster Level*: hero bonuses in Phase H of rounds 7, 13, 18 (single scenarios)."""
    assert [r for r in range(1, 25) if hero_level_reached(r, "single", PACK.rules)] == [7, 13, 18]
    assert not hero_level_reached(7, "campaign", PACK.rules)


def test_hero_bonus_chosen_once_and_regeneration_heals_in_phase_h():
    """*Hero and Monster Level*: one bonus per level, each only once; *Regeneration*: 1 HP and 1 PP."""
    state = make_state(["adventurer", "warrior"])
    state.round = 7
    phase_h_automatic(state)
    state.phase = phases.H
    state.decision_queue = [h.uid for h in state.heroes if needs_phase_h(state, h)]
    assert state.current_actor() == "adventurer" and ChooseHeroBonus("regeneration") in state.legal_actions()
    state.apply(ChooseHeroBonus("regeneration"))
    with pytest.raises(IllegalAction):
        state.apply(ChooseHeroBonus("extra_damage"))  # no second bonus pending
    hero = state.heroes[0]
    hero.hp, hero.pp = hero.hp_max - 3, hero.pp_max
    state.round = 8
    phase_h_automatic(state)
    assert hero.hp == hero.hp_max - 2 and hero.pp == hero.pp_max


def test_two_players_choose_a_hero_bonus_before_the_first_round():
    """*2 Players* / *1 Player*: each character selects a hero bonus before the first scenario."""
    state = GameState.new(PACK, ["adventurer", "warrior"], seed=1,
                          options=GameOptions(shop=False, loot=False, monster_deck=False))
    assert state.phase == phases.SETUP and state.round == 0 and state.current_actor() == "adventurer"
    state.apply(ChooseHeroBonus("extra_damage"))
    state.apply(EndTurn())
    state.apply(ChooseHeroBonus("fast_hands"))
    state.apply(EndTurn())
    assert state.round == 1 and state.heroes[0].has_bonus("extra_damage") and state.heroes[1].has_bonus("fast_hands")


def test_level_up_example_the_leather_shield_is_equipped_for_4_ap_in_the_next_round():
    """*Level Up*, EXAMPLE (book line 1733): after raising STR and CON to 10 in Phase H, "the
    Adventurer has a Leather Shield (STR 9, CON 10) in his Belt, which he may equip for 4 AP in the
    next round" - "these items may only be equipped using Action Points when it is the
    character's turn again - that is, in the next round" (line 1727)."""
    from test_engine_state import _char, make_pack

    from doria_forge.engine.actions import MoveItem
    from doria_forge.model import Equipment

    shield = Equipment(id="leather_shield", name="Leather Shield", card_type="weapon", deck="standard",
                       zone="1_hand", ap=8, requirements={"STR": 9, "CON": 10}, defense="2D+2", gold=1)
    pack = make_pack(shield, _char("adventurer9", 9, 9, 8, 8, 8, 8, ["leather_shield"]))
    state = make_state(["adventurer9", "warrior"], pack=pack, faces=[5, 5, 1, 2])
    hero = state.heroes[0]
    [item] = hero.belt
    hero.hp, hero.attribute_points = 6, 2
    state.phase, state.decision_queue = phases.H, ["adventurer9"]
    state.apply(RaiseAttribute("STR"))
    state.apply(RaiseAttribute("CON"))
    assert (hero.hp, hero.hp_max) == (7, 10) and hero.can_equip(shield)
    assert not any(isinstance(a, MoveItem) for a in state.legal_actions())  # not in Phase H
    phases.start_round(state)
    phases.advance(state)
    assert state.current_actor() == "adventurer9" and MoveItem(item.uid, "equip") in state.legal_actions()
    ap = state.ap["adventurer9"]
    state.apply(MoveItem(item.uid, "equip"))
    assert item in hero.hand_items() and state.ap["adventurer9"] == ap - 4
