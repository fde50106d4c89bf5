"""Loot stacks, shop, monster deck and Traps (Book of Rules *General Setup*, *Phase B*,
*Phase I* with the Hypno Hat example, *Search Treasures*, *Traps and Secret Doors*
with the Boulder Trap example, *Monster modifiers*, *No monster figures available
anymore* with the Gargoyle example, *Defeated Monsters*)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_state import NO_DECKS, PACK, make_pack, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import Buy, ClearShopSlot, EndTurn, KeepLoot, Search
from doria_forge.engine.decks import Card, LootDecks, MonsterDeck
from doria_forge.engine.defeat import on_monster_defeated
from doria_forge.engine.dice import DiceRoller
from doria_forge.engine.hero import IllegalAction
from doria_forge.engine.loot import give_card
from doria_forge.engine.moves.shop import gold_value
from doria_forge.engine.spawn import draw_and_spawn
from doria_forge.engine.traps import resolve_trap

LOOT = replace(NO_DECKS, loot=True, shop=True, max_rounds=1)


def eq(cid, n=1):
    return Card("equipment", cid, n)


def trap(cid, n=1):
    return Card("trap", cid, n)


def test_loot_stacks_respect_copies_and_split_evenly():
    """*General Setup*: all Loot Cards (equipment of the loot deck x copies, Traps) in three even stacks."""
    decks = LootDecks.build(PACK, DiceRoller(1))
    cards = [c for s in decks.stacks for c in s]
    assert sorted(len(s) for s in decks.stacks) == [2, 2, 3]
    assert {c.id for c in cards} == {"wizard_hat", "hypno_hat", "dagger", "relic", "healing_potion",
                                     "boulder_trap", "log_trap"}
    assert len(MonsterDeck.build(PACK, DiceRoller(1)).cards) == 5 + 5 + 5 + 5 + 5 + 10 + 6 + 8 + 2 + 1 + 1


def test_phase_b_shop_traps_block_a_slot_and_are_not_activated():
    """Phase B: one card in front of each stack; Traps stay, not activated, blocking the slot until bought."""
    state = make_state(["adventurer", "warrior"], options=LOOT)
    state.loot = LootDecks.from_cards([eq("dagger"), trap("log_trap"), eq("hypno_hat")])
    state.loot.refill_shop(state.dice)
    assert state.loot.shop == [eq("dagger"), trap("log_trap"), eq("hypno_hat")]
    assert not state.log.of_kind("trap")
    state.phase, state.shop_open = phases.I, True
    assert ClearShopSlot(1) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(ClearShopSlot(1))


def test_phase_i_shop_example_hypno_hat():
    """Phase I, Example: Hypno Hat (2), Dagger (1), Log Trap (2) in the shop. A 3-gold
    card not yet usable pays the Trap and leaves 1 gold; the Mage sells his damaged
    Wizard Hat (2 - 1 = 1 gold): together enough for the Hypno Hat, which he equips.
    The Dagger is discarded. Bought Traps give no XP."""
    state = make_state(["adventurer", "mage"], options=LOOT)
    state.loot = LootDecks.from_cards([])
    state.loot.shop = [eq("hypno_hat"), eq("dagger"), trap("log_trap")]
    adventurer, mage = state.heroes
    relic = give_card(state, adventurer, eq("relic"))
    hat = mage.head
    hat.damaged = True
    assert gold_value(state, mage, hat.uid) == 1 and gold_value(state, adventurer, relic.uid) == 3
    state.round, state.phase, state.shop_open = 1, phases.I, True
    with pytest.raises(IllegalAction):  # the damaged hat alone does not pay 2 gold
        state.apply(Buy((0,), (("mage", hat.uid),), "mage"))
    state.apply(Buy((2, 0), (("adventurer", relic.uid), ("mage", hat.uid)), "mage", equip=True))
    assert mage.head.card.id == "hypno_hat" and hat not in mage.all_items() and relic not in adventurer.all_items()
    assert state.loot.shop == [None, eq("dagger"), None] and state.group_xp == 0
    state.apply(ClearShopSlot(1))
    assert {c.id for c in state.loot.discard} == {"log_trap", "relic", "wizard_hat", "dagger"}
    state.apply(EndTurn())
    assert state.outcome == "round_limit"


def test_traps_example_boulder_tn_31():
    """*Traps*, Example: Boulder Trap at ML 1: STR+AGI+2D against 28+3 = 31. The
    Adventurer (STR 9, AGI 8) needs 14 and rolls 13: hit; the Warrior (STR 13, AGI 9)
    needs 9 and rolls 9: avoids it. The drawer keeps the card as gold, the group gets its XP."""
    state = make_state(["adventurer", "warrior"], faces=[6, 7, 4, 5])
    adventurer, warrior = state.heroes
    results = resolve_trap(state, trap("boulder_trap"), adventurer)
    assert [(r.hero, r.target_number, r.total, r.success) for r in results] == [
        ("adventurer", 31, 30, False), ("warrior", 31, 31, True)]
    assert adventurer.hp == adventurer.hp_max - 3 and warrior.hp == warrior.hp_max
    assert state.gold_cards["adventurer"] == [trap("boulder_trap")] and state.group_xp == 1


def test_a_trap_poisons_only_a_character_it_wounds():
    """*Additional Card Properties*, poison: "the affected target will receive Poison Markers as
    long as the damage is not blocked by armor and therefore a wound was inflicted". A Trap dealing
    3 damage and 2 Poison Markers poisoned the Warrior whose Plate (AR 3) stopped all of it."""
    from doria_forge.model import Trap

    venom = Trap(id="venom_boulder", name="Venom Boulder", trap_type="area", check_attributes=("STR", "AGI"),
                 tn_base=28, tn_per_ml=3, effect={"damage": 3, "poison_markers": 2}, xp=1, gold=1)
    state = make_state(["adventurer", "warrior"], faces=[3, 4, 3, 4], pack=make_pack(venom))
    adventurer, warrior = state.heroes
    results = resolve_trap(state, trap("venom_boulder"), adventurer)
    assert [(r.hero, r.success) for r in results] == [("adventurer", False), ("warrior", False)]
    assert adventurer.hp == adventurer.hp_max - 3 and adventurer.poison_markers == 2
    assert warrior.hp == warrior.hp_max and warrior.poison_markers == 0


def test_a_traps_element_passes_armor_vulnerable_to_it_and_the_log_says_so():
    """*Getting Hit and Armor Rating*: armor vulnerable to the damage's element is ignored, not
    damaged; a Trap's damage goes through one armor card as a monster's hit does. An earth Trap of
    3 damage: the Warrior's Plate (AR 3, vulnerable to earth) stops none of it and gets no Damaged
    Marker, and the log says the armor did not stop it (before, a Trap's damage logged nothing of
    the armor it passed)."""
    from doria_forge.model import Trap

    quake = Trap(id="quake", name="Quake", trap_type="person", check_attributes=("STR", "AGI"),
                 tn_base=28, tn_per_ml=3, effect={"damage": 3, "element": "earth"}, xp=1, gold=1)
    state = make_state(["warrior"], faces=[1, 2], pack=make_pack(quake))
    warrior = state.heroes[0]
    [plate] = [i for i in warrior.equipped() if i.is_armor]
    assert (plate.card.armor_rating, plate.card.vulnerability) == (3, "earth")
    [result] = resolve_trap(state, trap("quake"), warrior)
    assert not result.success and result.armor is None and result.wound == 3
    assert warrior.hp == warrior.hp_max - 3 and not plate.damaged
    assert [e.actor for e in state.log.of_kind("armor_ignored")] == ["warrior"]


def test_traps_spare_unconscious_heroes_and_pay_out_on_success_too():
    """*Traps*: unconscious characters (and monsters) are immune; gold and XP either way."""
    state = make_state(["adventurer", "mage"], faces=[9, 9])
    state.heroes[1].unconscious = True
    results = resolve_trap(state, trap("boulder_trap"), state.heroes[0])
    assert [r.hero for r in results] == ["adventurer"] and results[0].success
    assert state.group_xp == 1 and state.gold_cards["adventurer"]


def test_monster_modifications_are_drawn_until_a_monster_and_attach():
    """*Monster modifiers*: modifications drawn before a monster card all apply to it."""
    state = make_state(["adventurer"], options=replace(NO_DECKS, monster_deck=True))
    state.monster_deck = MonsterDeck([Card("monster", "mummy"), Card("modification", "colossal")])
    mummy = draw_and_spawn(state)
    assert mummy.monster.id == "mummy" and [m.id for m in mummy.modifications] == ["colossal"]
    assert mummy.hp == mummy.card.hit_points + 2


def test_no_monster_figures_example_gargoyle_blocker():
    """*No monster figures available anymore*, Example: 2 Gargoyles (all figures) on the
    board; Blocker + Gargoyle drawn: the first Gargoyle in monster order takes the
    Blocker and is activated at once; its normal activation (at 10) remains."""
    state = make_state(["adventurer"], ["gargoyle", "gargoyle"], faces=[1, 1],
                       options=replace(NO_DECKS, monster_deck=True))
    state.monster_deck = MonsterDeck([Card("monster", "gargoyle"), Card("modification", "blocker")])
    assert draw_and_spawn(state) is None
    first, second = state.monsters
    assert len(state.monsters) == 2 and [m.id for m in first.modifications] == ["blocker"]
    assert not second.modifications and first.armor_rating == first.card.armor_rating + 1
    event = state.log.last("activation")
    assert (event.actor, event["reason"]) == (first.uid, "no_figure_left")
    assert first.uid not in state.activated


def test_defeated_monster_plays_loot_in_draw_order_and_gives_xp():
    """*Defeated Monsters*: 1 Loot Card + the modification's extra; Traps play out at once
    in draw order; 1 XP + the modification's extra XP."""
    state = make_state(["adventurer"], [("orc", ["colossal"])], faces=[5, 5], options=LOOT)
    state.loot = LootDecks.from_cards([eq("dagger"), trap("log_trap")], stacks=1)
    hero = state.heroes[0]
    on_monster_defeated(state, state.monsters[0], hero)
    assert [e.kind for e in state.log if e.kind in ("trap", "loot")] == ["trap", "loot"]
    assert hero.belt[-1].card.id == "dagger" and state.group_xp == 2 + 1
    assert not state.monsters and state.defeated


def test_search_two_cards_for_5_ap_keep_one():
    """*Search Treasures*: two cards for 5 AP, one must be discarded; the Loot Marker is removed."""
    state = make_state(["adventurer"], ["orc"], faces=[5, 5], options=replace(LOOT, shop=False))
    state.loot = LootDecks.from_cards([eq("dagger"), eq("hypno_hat")], stacks=1)
    state.loot_markers = 1
    phases.start_round(state)
    phases.advance(state)
    state.apply(Search(2))
    assert state.ap["adventurer"] == 18 - 5 and state.loot_markers == 0
    assert state.legal_actions() == [KeepLoot(0), KeepLoot(1)]
    state.apply(KeepLoot(1))
    assert state.heroes[0].belt[-1].card.id == "dagger" and state.loot.discard == [eq("hypno_hat")]
    assert Search(1) not in state.legal_actions()


def test_a_careful_search_that_draws_a_trap_plays_it_and_keeps_the_other_card():
    """*Search Treasures*: two cards for 5 AP, one "must be discarded"; a Loot Card that is a Trap
    is followed at once ("follows the instructions on the card"): the Trap is played, becomes the
    searcher's gold, and counts as the card given up, so the other card is kept without a choice
    (docs/rules-decisions.md, *A careful search that draws a Trap*)."""
    state = make_state(["adventurer"], ["orc"], faces=[5, 5] + [9] * 20, options=replace(LOOT, shop=False))
    state.loot = LootDecks.from_cards([eq("dagger"), trap("log_trap")], stacks=1)
    state.loot_markers = 1
    phases.start_round(state)
    phases.advance(state)
    state.apply(Search(2))
    assert [e.kind for e in state.log if e.kind in ("trap", "loot")][:1] == ["trap"]
    assert not any(isinstance(a, KeepLoot) for a in state.legal_actions())
    assert state.heroes[0].belt[-1].card.id == "dagger" and state.gold_cards["adventurer"]
