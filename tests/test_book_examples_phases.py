"""Book of Rules *Game Phases* (Phases C, E, G, H) and *Level Up*: the figures the other
test files leave unchecked. Dice are scripted with the book's numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_state import NO_DECKS, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import IllegalAction, RaiseAttribute
from doria_forge.engine.doom import EXTRA_ACTIVATION


@pytest.mark.parametrize(("monster_level", "tn"), [(1, 30), (2, 32), (3, 34), (4, 36)])
def test_phase_e_poison_target_number_is_28_plus_twice_the_monster_level(monster_level, tn):
    """*Phases Overview* E (book line 885) and *Phase E* (line 956): "CON+WIS+2D against a
    Target Number of 28+[2xMonster Level]". The Adventurer (CON 9, WIS 8) rolls 6+6: 29."""
    state = make_state(["adventurer"], faces=[6, 6], monster_level=monster_level)
    hero = state.heroes[0]
    hero.poison_markers = 2
    phases.poison_check(state, hero)
    event = state.log.last("poison_check")
    assert (event["target_number"], event["total"]) == (tn, 29)


@pytest.mark.parametrize(("faces", "markers"), [
    ((1, 2), 2),  # 15 + 15 + 3 = 33 >= 30, no Fumble: reaches the TN, puts one marker away
    ((1, 1), 4),  # 15 + 15 + 2 = 32 >= 30, but two 1s: a Fumble, a failure and one marker more
])
def test_phase_e_a_fumble_that_reaches_the_target_number_fails_and_adds_a_poison_marker(faces, markers):
    """*Critical Rolls and Fumbles* > *Fumbles* (book line 446): two ones are "always a Fumble,
    even if the character or monster would have succeeded", in the chapter that defines the
    critical rolls of a Target Number as well as of an opponent's roll (line 442), so it is not
    only a combat rule (*Fumbles in combat*, line 1577, adds the damaged item for attack and
    defence; line 1579 speaks of "a critical failure without two ones", so a Fumble is a
    critical failure). *Phase E* (line 958): in case of critical failures the character "gains 1
    additional Poison Marker - and additional Poison Markers for each additional critical
    failure or Fumble". A hero with CON 15 and WIS 15 reaches TN 30 (ML 1, line 956) with any
    two dice: 1+2 takes one of 3 markers away; 1+1 is a Fumble and adds one."""
    state = make_state(["adventurer"], faces=list(faces))
    hero = state.heroes[0]
    hero.set_attributes(CON=15, WIS=15)
    hero.poison_markers = 3
    phases.poison_check(state, hero)
    event = state.log.last("poison_check")
    assert event["target_number"] == 30 and event["total"] >= 30
    assert event["success"] is (faces != (1, 1))
    assert hero.poison_markers == markers


def test_phase_c_every_hero_knocked_out_moves_the_doom_counter_one_field_at_once():
    """*Phase C* (book line 922): "For every character that loses consciousness at the
    beginning of the round, the Doom Counter immediately moves +1 field down". Two of three
    heroes fumble (two 1s): two fields, head -> 40 -> 39, and 39 is an Extra Activation
    (NOTES.md *Doom counter track*), played at once in Phase C."""
    state = make_state(["green", "yellow", "adventurer"], faces=[5, 7, 1, 1, 1, 1])
    phases.start_round(state)
    assert [h.unconscious for h in state.heroes] == [False, True, True]
    assert state.doom.position == 39 and state.doom.steps == 2
    reasons = [e["reason"] for e in state.log.of_kind("doom")]
    effects = [e["effects"] for e in state.log.of_kind("doom")]
    assert reasons == ["unconscious", "unconscious"] and effects == [(), (EXTRA_ACTIVATION,)]


def test_phase_c_the_extra_activation_a_knock_out_triggers_waits_for_every_initiative_roll():
    """*Phase C* (book lines 906-922): "all players roll 2D" and "For every character that loses
    consciousness at the beginning of the round, the Doom Counter immediately moves +1 field
    down"; *Unconsciousness*: an unconscious character is "ignored by any monsters". The marker
    stands on 40; the Adventurer (seat 1) and Green (seat 2, STR 8) fumble, the Warrior (STR 13)
    rolls 5 + 5. The first step reaches 39, an Extra Activation: the Orc finds Green already
    unconscious - the players rolled together - and attacks the Warrior (attack 3 + 4 + 1; the
    Warrior defends 6 + 6 and more). Before, the Extra Activation came between the Adventurer's
    roll and Green's, and the Orc attacked Green (lowest STR) just before Green fell."""
    state = make_state(["adventurer", "green", "warrior"], ["orc"], faces=[1, 1, 1, 1, 5, 5, 3, 4, 6, 6])
    state.doom.position = 40
    phases.start_round(state)
    assert [h.unconscious for h in state.heroes] == [True, True, False]
    assert state.doom.position == 38
    [activation] = state.log.of_kind("activation")
    assert (activation["reason"], activation["targets"]) == ("extra_activation", ("warrior",))
    assert state.dice.remaining == 0


def test_phase_g_a_door_opened_and_heroes_on_two_tiles_is_two_fields():
    """*Phase G* (book lines 972-974): 1 field per Room Tile with a character, 0 more when a
    door was opened. Heroes on 2 tiles after opening a door: head -> 40 -> 39."""
    state = make_state(["green", "yellow"], options=replace(NO_DECKS, occupied_room_tiles=2))
    state.door_opened = True
    phases.phase_g_doom(state)
    assert state.doom.position == 39 and state.doom.steps == 2


def test_level_up_attribute_points_are_saved_and_spent_only_in_phase_h():
    """*Character Improvement* (book line 1717): "The Attribute Points can be saved as long as
    desired, but can only be spent in Phase H." A saved point cannot be spent in Phase D; it
    is still there in the next Phase H."""
    state = make_state(["green", "yellow"], faces=[5, 7, 4, 4])
    green = state.heroes[0]
    green.attribute_points = 1
    phases.start_round(state)
    assert state.phase == phases.D and state.current_actor() == "green"
    assert RaiseAttribute("STR") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(RaiseAttribute("STR"))
    strength = green.attribute("STR")
    state.phase, state.decision_queue = phases.H, ["green"]
    state.apply(RaiseAttribute("STR"))
    assert green.attribute("STR") == strength + 1 and green.attribute_points == 0


def _talisman_tn_bonus_5(hero) -> None:
    """Equip an accessory with a -5 Target Number bonus marker (*Additional Card Properties*)."""
    from test_engine_hero import armor

    from doria_forge.engine.hero import ItemInstance

    talisman = ItemInstance(armor("talisman", "accessory", 0, bonuses={"target_number": 5}), "talisman-1")
    hero.equip(talisman, displace="backpack")
    assert hero.bonus("target_number") == 5


def test_a_target_number_bonus_does_not_lower_the_poison_or_trap_target_number():
    """*Additional Card Properties* (book line 786): the Target Number bonus "only applies to
    spells and items using a Target Number, never to Traps or scenario checks". The Phase E
    poison check is neither a spell nor an item: with a -5 bonus marker it stays TN 30 at
    ML 1 (line 956); the Boulder Trap stays 28 + 3 = 31 (*Traps*, Example)."""
    from doria_forge.engine.decks import Card
    from doria_forge.engine.traps import resolve_trap

    state = make_state(["adventurer", "warrior"], faces=[5, 7, 6, 7, 4, 5])
    adventurer = state.heroes[0]
    _talisman_tn_bonus_5(adventurer)
    adventurer.poison_markers = 3
    phases.poison_check(state, adventurer)  # 9 + 8 + 12 = 29: below 30, keeps 3 markers
    assert state.log.last("poison_check")["target_number"] == 30 and adventurer.poison_markers == 3
    results = resolve_trap(state, Card("trap", "boulder_trap", 1), adventurer)
    assert [(r.hero, r.target_number, r.total, r.success) for r in results][:1] == [("adventurer", 31, 30, False)]


def test_phase_b_refills_only_the_empty_shop_slots_one_card_from_each_stack():
    """*Phase B* (book line 904): "Draw one card from each Loot Deck and place it in front of
    the corresponding Loot Deck. If there are already cards present, only refill shop slots
    without items." A Dagger left in slot 0 stays; slots 1 and 2 get the top card of stacks
    1 and 2, and stack 0 is not drawn from."""
    from doria_forge.engine.decks import Card, LootDecks

    state = make_state(["adventurer", "warrior"])
    dagger = Card("equipment", "dagger", 1)
    loot = LootDecks.from_cards([Card("equipment", "hypno_hat", 1), Card("equipment", "relic", 1),
                                 Card("trap", "log_trap", 1)])
    loot.shop = [dagger, None, None]
    placed = loot.refill_shop(state.dice)
    assert loot.shop == [dagger, Card("equipment", "relic", 1), Card("trap", "log_trap", 1)]
    assert [slot for slot, _ in placed] == [1, 2]
    assert [len(stack) for stack in loot.stacks] == [1, 0, 0]


def test_phase_i_an_unconscious_character_pays_gold_but_cannot_receive_the_item():
    """*Phase I* (book line 1020): "Unconscious characters are able to contribute gold, but
    cannot receive items." The unconscious Adventurer pays for the Dagger (1 gold) with a
    1-gold card; the Mage receives it; the Adventurer himself cannot."""
    from test_engine_decks import LOOT, eq

    from doria_forge.engine.actions import Buy
    from doria_forge.engine.decks import LootDecks
    from doria_forge.engine.loot import give_card
    from doria_forge.engine.moves.shop import gold_value

    def shop_state():
        state = make_state(["adventurer", "mage"], options=LOOT)
        state.loot = LootDecks.from_cards([])
        state.loot.shop = [eq("dagger"), None, None]
        adventurer = state.heroes[0]
        adventurer.unconscious = True
        coin = give_card(state, adventurer, eq("dagger", 2))
        assert gold_value(state, adventurer, coin.uid) == 1
        state.round, state.phase, state.shop_open = 1, phases.I, True
        return state, coin

    state, coin = shop_state()
    with pytest.raises(IllegalAction):
        state.apply(Buy((0,), (("adventurer", coin.uid),), "adventurer"))
    state, coin = shop_state()
    state.apply(Buy((0,), (("adventurer", coin.uid),), "mage"))
    mage = state.heroes[1]
    assert any(item.card.id == "dagger" for item in mage.all_items())
    assert state.loot.shop == [None, None, None]


def test_extra_initiative_die_3d_and_still_2d_with_negative_hit_points():
    """*Description of all hero bonus markers* (book lines 1792-1794), Extra Initiative Die:
    "roll 1D extra (3D) on the initiative roll. This also applies if the character is only
    allowed to use one die due to negative Hit or Psi Points (thus the character still has
    2D available)". With two dice a single 1 is no Fumble (*Phase C*: "two ones on two or
    more dice or a 1 using only one die"). The Mage (IP 9) at -6 HP / -3 PP rolls 2D+3
    (*Negative Hit Points or Psi Points*, Example: 1D+3 without the bonus): 1+5+3 = 9 AP."""
    state = make_state(["mage", "adventurer"], faces=[1, 5, 4, 4])
    mage = state.heroes[0]
    assert mage.ip == 9
    mage.hero_bonuses.add("extra_initiative_die")
    assert mage.initiative_dice().count == 3
    mage.hp, mage.pp = -6, -3
    phases.start_round(state)
    assert not mage.unconscious and state.ap["mage"] == 9 and state.doom.position is None


def test_monsters_revealed_above_level_4_use_level_4_stats_plus_1_hp_per_level():
    """*Hero and Monster Level > Monsters* (book lines 1747-1749): "All new monsters that are
    revealed from this point on directly use all new level stats ... The Monster Level can also
    increase beyond level 4, but the monster stats will stay on level 4. For every level above
    4, the monsters will simply receive 1 additional Hit Point." An Orc revealed at Monster
    Level 6 has the level-4 card and its HP + 2, full."""
    at_4 = make_state(["adventurer"], ["orc"], monster_level=4).monsters[0]
    at_6 = make_state(["adventurer"], ["orc"], monster_level=6).monsters[0]
    assert at_6.card == at_4.card and at_6.card.level == 4
    assert (at_6.hp_max, at_6.hp) == (at_4.hp_max + 2, at_4.hp_max + 2)
    assert at_6.armor_rating == at_4.armor_rating


def test_phase_f_runs_modifications_then_traps_then_zombies_then_other_actions(monkeypatch):
    """*Phase F* (book line 968): "Always execute all special actions in the order Monster
    Modifiers, Traps, Zombies, Other actions." Each part is recorded as it runs."""
    state = make_state(["adventurer", "warrior"])
    order: list[str] = []
    monkeypatch.setattr(phases, "summon_in_phase_f", lambda s: order.append("modifiers"))
    monkeypatch.setattr(state.board, "phase_f_traps", lambda s: order.append("traps"), raising=False)
    monkeypatch.setattr(phases, "climb_free", lambda s: order.append("traps (climb free)"))
    monkeypatch.setattr(state.board, "zombie_raise", lambda s: order.append("zombies"), raising=False)
    monkeypatch.setattr(phases, "fire", lambda s, kind, **kw: order.append(f"{kind} {kw.get('phase')}"))
    phases.phase_f_special(state)
    assert order == ["modifiers", "traps", "traps (climb free)", "zombies", f"phase {phases.F}"]


@pytest.mark.parametrize(("heroes", "on_board", "drawn"), [(6, 0, 3), (6, 2, 1), (6, 3, 0), (1, 0, 1), (2, 1, 0)])
def test_extra_activation_refills_the_monsters_to_half_the_player_count_rounded_up(heroes, on_board, drawn):
    """*Phase G* (book line 983): "the monsters are refilled to [Player Count] / 2 (rounded
    up): For each missing monster not on the game board below that number, one additional
    monster is drawn from the monster deck". 6 players: 3 monsters; 1 or 2 players: 1."""
    from test_engine_state import _char

    from doria_forge.engine.decks import Card, MonsterDeck

    party = ["adventurer", "warrior", "mage", "green", "yellow",
             _char("sixth", 10, 10, 10, 10, 10, 10, [])][:heroes]
    state = make_state(party, ["archer"] * on_board, options=replace(NO_DECKS, monster_deck=True))
    # one card of each type on top (the last element): no type runs out of figures
    state.monster_deck = MonsterDeck([Card("monster", m, 1) for m in ("ghoul", "gargoyle", "shaman", "mummy")])
    phases.extra_activation(state)
    assert len(state.monsters) == on_board + drawn
    assert [m.monster.id for m in state.monsters][on_board:] == ["mummy", "shaman", "gargoyle"][:drawn]


def test_phase_h_an_unconscious_hero_splits_the_3_recovery_points_freely():
    """*Phase H* (book line 1012): an unconscious character "recovers 3 points, which may be
    freely distributed among the Hit Points and Psi Points": 1 to HP and 2 to PP here."""
    from doria_forge.engine.actions import RecoverPoints

    state = make_state(["mage", "adventurer"], options=replace(NO_DECKS, doom=False))
    mage = state.heroes[0]
    mage.unconscious, mage.hp, mage.pp = True, -5, -2
    state.round, state.phase = 1, phases.D
    state.ap.update({"mage": 0, "adventurer": 0})
    phases.end_action_phase(state)
    assert state.phase == phases.H and state.current_actor() == "mage"
    state.apply(RecoverPoints(1))
    assert (mage.hp, mage.pp) == (-4, 0)


@pytest.mark.parametrize("party", [["adventurer", "warrior"], ["warrior", "adventurer"]])
def test_phase_d_characters_on_the_same_initiative_square_act_in_seat_order(party):
    """*Phase D* (book line 940): "If multiple characters should occupy the same square, the
    players can decide which of the characters will act first"; monsters on that square act
    "after a player with the same number of Action Points" (line 944). The engine's reading
    (docs/rules-decisions.md, *Initiative ties*): seat order, the party's order. The Warrior
    and the Adventurer both at 12 AP: the one seated first acts first, then the other, and only
    then the Orc (AP 7) once they are below it."""
    state = make_state(party, ["orc"])
    state.round, state.phase = 1, phases.D
    state.ap.update({"adventurer": 12, "warrior": 12})
    seen = []
    for _ in range(3):
        kind, who = phases.next_marker(state)
        seen.append(who.uid)
        if kind == "hero":
            state.ap[who.uid] = 5
        else:
            state.activated.add(who.uid)
    assert seen == [*party, "orc-1"]
