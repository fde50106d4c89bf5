"""Book of Rules *Game Information* (Selecting a game mode, End of the Game, General Setup; book
lines 347-411), *Game Phases* (Phases Overview, Phases A-C; lines 867-923), *Phase G: Doom
Counter* (lines 970-1005), *Hero and Monster Level* (lines 1741-1759) and *Campaigns* (lines
1816-1863): the rules with a figure that no other test rebuilt.

The worked examples of these chapters are tested elsewhere: Phase C Examples 1 and 2 and the
staying-unconscious rule in ``test_engine_phases``; the Phase G examples in ``test_engine_doom``
and ``test_book_examples_map``; line 922 and Phase B's refill in ``test_book_examples_phases``;
the monster level up in ``test_engine_monster`` and ``test_engine_doom``; the hero bonus rules in
``test_book_examples_heroes`` and ``test_engine_levelup``; the Campaign Sheet's Monster Points in
``test_engine_doom``; XP carried between campaign scenarios in ``test_campaign_runs``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import test_engine_combat as combat_helpers
from map_helpers import BASE, QUIET, map_game
from test_engine_state import NO_DECKS, make_pack, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import Buy, ClearShopSlot, EndTurn, PlaceRoomTile, RevealRoomTile
from doria_forge.engine.combat import monster_attack
from doria_forge.engine.decks import Card, LootDecks, MonsterDeck
from doria_forge.engine.defeat import on_monster_defeated
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.doom import EXTRA_ACTIVATION
from doria_forge.engine.events import EventLog
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.levelup import phase_h_automatic
from doria_forge.engine.loot import give_card
from doria_forge.engine.map.layout import manhattan
from doria_forge.engine.spawn import draw_and_spawn, spawn_monster
from doria_forge.engine.traps import resolve_trap
from doria_forge.model import Equipment

FIVE = ["adventurer", "warrior", "mage", "green", "yellow"]


# --------------------------------------------------------------------------- Game Information
@pytest.mark.parametrize("party", [["warrior", "mage", "ranger"],
                                   ["warrior", "mage", "ranger", "huntress", "priestess", "scoundrel"]])
def test_general_setup_each_player_draws_4_loot_cards_beside_the_2_standard_items(shipped_pack, party):
    """*General Setup* (book line 383): "Each player draws 4 Loot Cards from any of the three loot
    decks"; *Preparing Characters* (line 508): "Each standard character automatically comes with 2
    cards of predefined standard equipment", then Loot Cards "filling up to 6 items for each
    character" (line 520). With 3 and with 6 players (no 1-2 player extra cards) every premade
    hero of the shipped pack holds its 2 standard items and exactly 4 Loot Cards."""
    for seed in range(4):
        state = GameState.new(shipped_pack, party, seed=seed,
                              options=GameOptions(setup_loot=True, start_bonuses=False), start=False)
        for hero in state.heroes:
            standard = shipped_pack.characters[hero.uid].standard_items
            loot = [i for i in hero.all_items() if i.uid in state.item_cards]
            others = sorted(i.card.id for i in hero.all_items() if i.uid not in state.item_cards)
            assert (len(standard), len(loot), others) == (2, 4, sorted(standard)), (seed, hero.uid)


@pytest.mark.parametrize("mode, points, bonus", [("single", 3, 1), ("campaign", 1, 0)])
def test_single_scenarios_give_more_attribute_points_and_campaigns_no_hero_bonus_in_round_7(mode, points, bonus):
    """*Single Scenario Mode* (book line 357): "Characters receive more experience points in Single
    Scenario Mode and as a result level up faster"; *Campaigns* (lines 1824-1825): "3 times
    [PlayerCount]" Group XP for 1 Attribute Point ("a group of 3 characters will gain 1 Attribute
    Point whenever 9 Group XP have been collected") and "Characters do not get a hero bonus within
    scenarios of a campaign"; *Heroes* (line 1753): a hero level "in Single Scenarios in Phase H
    of rounds 7, 13, 18". Three heroes with 9 Group XP in Phase H of round 7: a single scenario
    gives 3 Attribute Points each and a hero bonus; a campaign scenario 1 point each, no bonus."""
    state = make_state(["adventurer", "warrior", "mage"], mode=mode, group_xp=9)
    state.round = 7
    phase_h_automatic(state)
    assert [h.attribute_points for h in state.heroes] == [points] * 3 and state.group_xp == 0
    assert [state.pending_bonus.get(h.uid, 0) for h in state.heroes] == [bonus] * 3


@pytest.mark.parametrize("stays_unconscious", [False, True])
def test_end_of_the_game_all_characters_unconscious_at_once_with_a_1_on_one_die(stays_unconscious):
    """*End of the Game* (book line 371): the scenario ends when "All characters are knocked
    unconscious at the same time ... this will become more likely the more heroes have negative
    Hit or Psi Points (since with one die, only a 1 has to be rolled)". The Adventurer (IP 8) at
    -2 HP and the Warrior (IP 9) at -3 HP roll 1D+6 each and both roll a 1: 7 AP each, but each a
    Fumble (*Phase C*, line 912): all unconscious, the scenario ends, the Doom Counter has
    moved one field per character (line 922). The same when the Warrior chose to stay
    unconscious and does not roll: he causes no Doom step (line 922), the Adventurer's 1 knocks
    out the last conscious character."""
    state = make_state(["adventurer", "warrior"], faces=[1] if stays_unconscious else [1, 1])
    adventurer, warrior = state.heroes
    adventurer.hp, warrior.hp = -2, -3
    assert [h.initiative_dice().count for h in state.heroes] == [1, 1]
    if stays_unconscious:
        warrior.unconscious = True
        state.stay_unconscious.add("warrior")
    phases.start_round(state)
    assert adventurer.unconscious and warrior.unconscious
    assert state.outcome == "all_unconscious" and state.phase == phases.OVER
    assert state.doom.steps == (1 if stays_unconscious else 2)


def test_end_of_the_game_a_character_at_minus_20_hit_points_ends_the_scenario_at_once():
    """*End of the Game* (book line 372): the scenario ends "immediately" when "One of the
    characters dies (at -20 Hit or Psi Points)". The Adventurer (CON 9, WIS 8) at -17 HP with 3
    Poison Markers fails his Phase E check (5 + 6 + 17 = 28 against TN 30, line 954: no critical
    failure) and loses 3 HP: -20, dead. The scenario is over in Phase E: no Phase G, the Doom
    Counter stays on its head; the other hero's poison is not checked after the death either."""
    state = make_state(["adventurer", "warrior"], faces=[5, 6, 5, 5])
    adventurer, warrior = state.heroes
    adventurer.hp, adventurer.poison_markers = -17, 3
    warrior.poison_markers = 2
    state.round, state.phase = 1, phases.D
    state.ap.update({"adventurer": 0, "warrior": 0})
    phases.end_action_phase(state)
    assert adventurer.hp == -20 and adventurer.dead
    assert state.outcome == "hero_died" and state.phase == phases.OVER
    assert state.doom.on_head and state.doom.steps == 0 and not state.log.of_kind("doom")
    assert [e.actor for e in state.log.of_kind("poison_check")] == ["adventurer"]
    assert warrior.hp == warrior.hp_max


# --------------------------------------------------------------------------- Game Phases
def test_phases_overview_a_round_runs_phases_a_to_i_in_the_book_order(monkeypatch):
    """*Phases Overview* (book lines 875-892): A Round marker +1, B New shop items, C Roll for
    initiative, D Action phase, E Poison, F Special actions, G Doom counter, H Level up, I Buy or
    remove shop items. One round with a poisoned hero, 2 Group XP (1 Attribute Point each for
    2 players) and a shop to fill: the phases are entered in that order and each does its work
    in it - the round marker moves 0 -> 1, the shop gets its cards, initiative is rolled, the
    poison check, the Doom Counter's step, the Attribute Points."""
    state = make_state(["adventurer", "warrior"], faces=[5, 5, 4, 4, 6, 6],
                       options=replace(NO_DECKS, shop=True, loot=True), group_xp=2)
    state.loot = LootDecks.from_cards([Card("equipment", c) for c in ("dagger", "relic", "wand")])
    state.heroes[0].poison_markers = 1
    entered: list[str] = []
    monkeypatch.setattr(phases, "fire", lambda s, kind, **kw: entered.append(kw["phase"]) if kind == "phase" else None)
    assert state.round == 0
    phases.start_round(state)
    state.ap.update({"adventurer": 0, "warrior": 0})
    phases.end_action_phase(state)
    phases.start_phase_i(state)
    assert entered == [phases.A, phases.B, phases.C, phases.D, phases.E, phases.F, phases.G, phases.H, phases.I]
    kinds = [e.kind for e in state.log]
    work = ["round", "shop_card", "initiative", "poison_check", "doom", "attribute_points"]
    assert [kinds.index(k) for k in work] == sorted(kinds.index(k) for k in work)
    assert state.round == 1 and state.loot.shop == [Card("equipment", c) for c in ("dagger", "relic", "wand")]
    assert [h.attribute_points for h in state.heroes] == [1, 1] and state.doom.position == 39


def _no_gold_pack():
    """The test pack with a Loot Card of no gold value (*Equipment Card Anatomy*: gold none)."""
    rusty = Equipment(id="rusty_key", name="Rusty Key", card_type="item", zone="accessory", gold=0)
    return make_pack(rusty)


def test_phase_b_a_card_with_no_gold_value_blocks_its_slot_until_phase_i():
    """*Phase B* (book line 904): "In case any Traps or cards with no gold value are drawn, they
    remain in place until at least Phase I, blocking their shop item slot"; *Phase I* (line 1018):
    "Cards that have no gold value can simply be moved to the discard pile". The Rusty Key (no
    gold) drawn into slot 1 is not replaced by the next Phase B; in Phase I it cannot be bought,
    even with the Relic (3 gold), but it can be discarded; the next round's Phase B fills slot 1
    from stack 1."""
    pack = _no_gold_pack()
    state = make_state(["adventurer", "mage"], pack=pack, options=replace(NO_DECKS, loot=True, shop=True))
    key, dagger, wand = Card("equipment", "rusty_key"), Card("equipment", "dagger"), Card("equipment", "wand")
    potion = Card("equipment", "healing_potion")
    state.loot = LootDecks([[], [wand, key], []], [dagger, None, potion])
    assert state.loot.refill_shop(state.dice) == [(1, key)]
    assert state.loot.refill_shop(state.dice) == [] and state.loot.shop == [dagger, key, potion]
    relic = give_card(state, state.heroes[0], Card("equipment", "relic"))
    state.round, state.phase, state.shop_open = 1, phases.I, True
    legal = state.legal_actions()
    assert not any(isinstance(a, Buy) and 1 in a.slots for a in legal) and ClearShopSlot(1) in legal
    assert any(isinstance(a, Buy) and a.slots == (0,) for a in legal)
    state.apply(ClearShopSlot(1))
    assert state.loot.shop == [dagger, None, potion] and key in state.loot.discard
    assert relic in state.heroes[0].all_items()
    state.apply(EndTurn())  # the next round: its Phase B
    assert state.round == 2 and state.loot.shop == [dagger, wand, potion]


def test_phase_c_below_1_action_point_after_the_roll_is_unconscious_1_is_enough():
    """*Phase C* (book line 912): "If a player should fall below 1 Action Point immediately after
    the dice roll, then this character becomes Unconscious"; *Unconsciousness* (line 1685): "does
    not reach at least 1 Action Point". The Mage (IP 9) at -11 HP rolls 1D-2 (*Negative Hit
    Points*, as the Mage of line 1703 at -10 HP and IP 5 rolls 1D-5): a 2 is 0 AP, unconscious,
    and the Doom Counter moves to 40 at once; a 3 is 1 AP, and he acts."""
    for face, ap in ((2, 0), (3, 1)):
        state = make_state(["mage", "adventurer"], faces=[face, 5, 5])
        mage = state.heroes[0]
        mage.hp = -11
        phases.start_round(state)
        assert state.ap["mage"] == ap and mage.unconscious is (ap == 0), face
        assert state.doom.position == (40 if ap == 0 else None), face


@pytest.mark.parametrize("faces, hp, bonus, ap", [
    ((1, 1, 6), 0, True, None),    # 3D with two ones: a Fumble whatever the 8 + 9 = 17 AP
    ((1, 5, 6), 0, True, 21),      # 3D with one 1: no Fumble, 12 + 9 = 21 AP
    ((1,), -6, False, None),       # 1D+3 at -6 HP: the 1 alone is a Fumble (4 AP are no help)
])
def test_phase_c_an_initiative_fumble_is_two_ones_on_two_or_more_dice_or_a_1_on_one_die(faces, hp, bonus, ap):
    """*Phase C* (book line 912): "A player will also become unconscious if they roll a Fumble on
    their initiative - i.e. two ones on two or more dice or a 1 using only one die"; the Doom
    Counter moves one field at once (line 922). The Mage (IP 9): with the Extra Initiative Die
    (3D, line 1796) a 1, 1, 6 knocks him out, a 1, 5, 6 does not; at -6 HP (1D+3, *Negative Hit
    Points or Psi Points*) a single 1 does."""
    state = make_state(["mage", "adventurer"], faces=[*faces, 5, 5])
    mage = state.heroes[0]
    mage.hp = hp
    if bonus:
        mage.hero_bonuses.add("extra_initiative_die")
    assert mage.initiative_dice().count == len(faces)
    phases.start_round(state)
    assert mage.unconscious is (ap is None)
    assert state.ap["mage"] == (ap or 0) and state.doom.position == (40 if ap is None else None)


# --------------------------------------------------------------------------- Phase G
def test_phase_a_a_door_opened_counts_for_its_round_only_and_two_doors_count_once():
    """*Phase A* (book line 896): the round marker is "flipped to the door side, whenever a new
    door has been opened"; *Phase G* (line 975): the marker moves 1 more "in case no new Room Tile
    was revealed by opening a door ... Revealing multiple tiles in the same round by opening
    multiple doors does not provide a bonus either, the marker either moves 0 or 1 square down. A
    revealed Room Tile cannot be 'saved' for later." Round 1: the Warrior opens A-1's north door
    and the Mage its east door, both still on A-1: 1 field (head -> 40), not 0. Round 2: no door,
    both on A-1: 2 fields (40 -> 38)."""
    state = map_game(BASE, ["warrior", "mage"], tiles=[("A-1", (0, 0), 0)],
                     at={"warrior": (0, 2), "mage": (2, 4)}, deck=["B-4", "B-4"],
                     options=replace(QUIET, doom=True, max_rounds=2))
    for door in ((0, 2), (2, 4)):
        assert state.current_actor() == ("warrior" if door == (0, 2) else "mage")
        state.apply(RevealRoomTile(door))
        while state.board.pending is not None:
            state.apply(PlaceRoomTile(0))
        assert state.door_opened
        if door == (2, 4):
            state.dice = ScriptedDice([5, 5, 5, 5])  # round 2's initiative
        state.apply(EndTurn())
    assert len(state.board.layout.tiles) == 3
    assert state.round == 2 and not state.door_opened  # Phase A turned the marker back
    [first] = state.log.of_kind("doom")
    assert (first["steps"], first["after"]) == (1, 40)
    while not state.is_over():
        state.apply(EndTurn())
    second = state.log.of_kind("doom")[-1]
    assert (second["steps"], second["before"], second["after"]) == (2, 40, 38)


def test_phase_g_crossing_two_extra_activations_plays_both_one_after_the_other():
    """*Phase G* (book line 992): "If the Marker on the Doom Counter moves across multiple Extra
    Activations within the same round, all of the activations are played one after the other
    according to the normal rules" - each refills the monsters to [Player Count] / 2 rounded up,
    then activates them all (lines 986-987). 5 characters on 5 Room Tiles, no door: 6 fields, head ->
    35, across 39 and 35 (NOTES.md *Doom counter track*). The first refills the Orc and the Mummy
    with a Shaman (3 for 5 players), the second finds 3 and draws none; each activates all
    three in monster order (all attacks two 1s: Fumbles, nobody hurt)."""
    state = make_state(FIVE, ["orc", "mummy"], faces=[1, 1] * 6,
                       options=replace(NO_DECKS, monster_deck=True, occupied_room_tiles=5))
    state.monster_deck = MonsterDeck([Card("monster", "ghoul"), Card("monster", "shaman")])
    phases.phase_g_doom(state)
    assert state.doom.position == 35 and state.log.last("doom")["effects"] == (EXTRA_ACTIVATION, EXTRA_ACTIVATION)
    assert [m.monster.id for m in state.monsters] == ["orc", "mummy", "shaman"]
    assert [c.id for c in state.monster_deck.cards] == ["ghoul"]
    acts = [(e.actor, e["reason"]) for e in state.log.of_kind("activation")]
    assert acts == [("orc-1", "extra_activation"), ("shaman-3", "extra_activation"),
                    ("mummy-2", "extra_activation")] * 2
    assert all(h.hp == h.hp_max for h in state.heroes)


def test_extra_activation_the_characters_do_not_act_but_defend():
    """*Phase G*, +1 Extra Activation (book line 987): "all monsters are activated ... the
    characters can't move or attack. Defending against the attacks of the monsters is possible
    though." Two heroes on one tile, no door: 2 fields, head -> 40 -> 39, an Extra Activation.
    The Orc (attack 2D+1) attacks the Adventurer (lower STR): 3 + 4 + 1 = 8; he defends, 6 + 6
    and more, and takes no damage. Nobody else acts: no AP is spent, no hero attacks."""
    state = make_state(["adventurer", "warrior"], ["orc"], faces=[3, 4, 6, 6])
    adventurer = state.heroes[0]
    state.round, state.phase = 1, phases.G
    state.ap.update({"adventurer": 3, "warrior": 5})
    phases.phase_g_doom(state)
    assert state.doom.position == 39
    [activation] = state.log.of_kind("activation")
    assert (activation.actor, activation["reason"], activation["targets"]) == ("orc-1", "extra_activation",
                                                                               ("adventurer",))
    [defense] = state.log.of_kind("defense")
    assert (defense.actor, defense["attacker"], defense["hit"]) == ("adventurer", "orc-1", False)
    assert defense["defense"] >= 12 and adventurer.hp == adventurer.hp_max
    assert state.ap == {"adventurer": 3, "warrior": 5} and not state.log.of_kind("attack_roll")


def test_extra_activation_with_every_entrance_square_taken_the_monsters_start_as_near_as_possible():
    """*Phase G*, +1 Extra Activation (book line 986): a refilled monster comes in by the stairs'
    entrance squares; "If all entrance squares should be blocked for any reason, the new monsters
    start as near as possible to the entrance." The Warrior, the Mage and the Ranger stand on
    A-1's three entrance squares (3, 1), (3, 2), (3, 3): the two Orcs drawn (3 players: refill to
    2) start on squares next to an entrance square, one step away, the nearest free ones."""
    entrances = [(3, 1), (3, 2), (3, 3)]
    state = map_game(BASE, ["warrior", "mage", "ranger"], tiles=[("A-1", (0, 0), 0)],
                     at=dict(zip(["warrior", "mage", "ranger"], entrances)), monster_cards=["orc", "orc"])
    phases.extra_activation(state)
    entered = [e["square"] for e in state.log.of_kind("monster_square")]
    assert len(entered) == 2 and len(set(entered)) == 2
    assert [min(manhattan(sq, e) for e in entrances) for sq in entered] == [1, 1]



def test_extra_activation_refill_draws_a_monster_with_its_modifications():
    """*Phase G*, +1 Extra Activation (book line 986): "For each missing monster not on the game
    board below that number, one additional monster is drawn from the monster deck (including
    modifications)". Two heroes, no monster on the board: ceil(2/2) = 1 is missing. The deck
    shows a Colossal modification (+2 HP, +1 damage) and then an Orc: the Orc comes in Colossal,
    4 HP instead of its level-1 card's 2, and is activated with the others."""
    state = make_state(["adventurer", "warrior"], faces=[1, 1],
                       options=replace(NO_DECKS, monster_deck=True))
    state.monster_deck = MonsterDeck([Card("monster", "mummy"), Card("monster", "orc"),
                                      Card("modification", "colossal")])
    phases.extra_activation(state)
    [orc] = state.monsters
    assert orc.monster.id == "orc" and [m.id for m in orc.modifications] == ["colossal"]
    assert orc.card.hit_points == 2 and (orc.hp_max, orc.hp) == (4, 4) and orc.damage == orc.card.damage + 1
    assert [c.id for c in state.monster_deck.cards] == ["mummy"]
    assert [(e.actor, e["reason"]) for e in state.log.of_kind("activation")] == [("orc-1", "extra_activation")]


@pytest.mark.parametrize("behaviour", [
    "hit_all_in_range", {"behaviour": "hit_extra_in_range", "targets": 2},
    {"behaviour": "hit_adjacent_to_target", "extra": 1}, "hit_spread", {"behaviour": "hit_chain", "range": 2}])
def test_death_of_a_character_ends_a_monster_attack_on_several_heroes_at_the_first_death(behaviour):
    """*Death of a Character* (book line 1707): a character at -20 HP "die[s] immediately. This
    means an instant end of the current scenario for all players"; *End of the Game* (line 372).
    A monster that hits two heroes with one roll (the Troll, the Ogre's sweep, the Spear
    Thrower, the fireball, the chain lightning) attacks the Adventurer at -18 HP first: 6+6+5 =
    17 against his dodge (2D) of 5+5, hit, not critical, 3 damage, no armor: -21, dead. The attack ends there: the
    Warrior rolls no defense and loses nothing (*Death of a Character in campaigns*, line 1905:
    the survivors keep their cards into the next scenario)."""
    adventurer, warrior = combat_helpers.hero(cid="adventurer"), combat_helpers.hero(cid="warrior")
    adventurer.hp = -18
    troll = combat_helpers.monster("troll", attack="2D+5", damage=3, behaviours=[behaviour])
    dice = ScriptedDice([6, 6, 5, 5, 5, 5])
    outs = monster_attack(dice, EventLog(), troll, [adventurer, warrior], combat_helpers.RULES,
                         combat_helpers.Fixed())
    assert [(o.target, o.hit, o.target_defeated) for o in outs] == [("adventurer", True, True)]
    assert adventurer.dead and adventurer.hp == -21
    assert warrior.hp == warrior.hp_max and dice.remaining == 2


def test_death_of_a_character_ends_an_area_trap_at_the_first_death():
    """*Death of a Character* (book line 1707): "an instant end of the current scenario"; an
    *Area* Trap "can target several characters" (*Traps and Secret Doors*, line 1250). The
    Boulder Trap (28+3xML: TN 31, book line 1258; 3 damage in this pack) drawn by the Warrior
    at -18 HP without armor: 1+2 + 13 + 9 = 25, failed, -21, dead. The scenario is over: the
    Adventurer beside him makes no check and keeps his HP; the card still counts as the
    drawer's gold and the group's XP (line 1252: the rewards are granted when the effects
    triggered)."""
    state = make_state(["warrior", "adventurer"], faces=[1, 2, 9, 9])
    warrior, adventurer = state.heroes
    for item in list(warrior.equipped()):
        if item.is_armor:
            warrior.discard(item)
    warrior.hp = -18
    results = resolve_trap(state, Card("trap", "boulder_trap"), warrior)
    assert [(r.hero, r.total, r.target_number, r.success) for r in results] == [("warrior", 25, 31, False)]
    assert warrior.dead and state.outcome == "hero_died"
    assert adventurer.hp == adventurer.hp_max and state.dice.remaining == 2
    assert [c.id for c in state.gold_cards["warrior"]] == ["boulder_trap"] and state.group_xp == 1


def test_death_of_a_character_ends_an_explosion_at_the_first_death(shipped_pack):
    """*Death of a Character* (book line 1707): "an instant end of the current scenario". An
    Orc with this pack's Explosion modification (2 damage to every character beside it, armor
    may block) falls next to the Warrior at -19 HP without armor and the Adventurer: the
    Warrior dies (-21) and the blast goes no further; the Adventurer keeps his HP and the killer
    draws no Loot Card in a scenario already over. The group still gets the monster's XP
    (*Death of a Character in campaigns*, line 1905: the characters keep the XP gained)."""
    state = make_state(["warrior", "adventurer"], seed=1, options=replace(NO_DECKS, loot=True), pack=shipped_pack)
    state.loot = LootDecks.from_cards([Card("equipment", "small_healing_potion")])
    warrior, adventurer = state.heroes
    for item in list(warrior.equipped()):
        if item.is_armor:
            warrior.discard(item)
    warrior.hp = -19
    orc = spawn_monster(state, "orc", ("explosion",))
    assert orc is not None
    on_monster_defeated(state, orc, adventurer)
    assert warrior.dead and state.outcome == "hero_died"
    assert adventurer.hp == adventurer.hp_max and [e.actor for e in state.log.of_kind("explosion")] == [orc.uid]
    assert not state.log.of_kind("loot") and state.group_xp == 2


def test_an_extra_activation_does_not_use_up_the_monsters_normal_activation():
    """*No monster figures available anymore*, EXAMPLE (book line 1325): with both Gargoyle
    figures on the board, Blocker + Gargoyle are drawn: "the Gargoyle closest to a character
    receives the Blocker modification and is immediately activated outside the normal order.
    All Gargoyles additionally are activated again at their normal initiative of 10." The
    Adventurer at 15 AP reveals them; once he is down to 5 AP both Gargoyles act at 10, the
    Blocker Gargoyle a second time this round."""
    state = make_state(["adventurer"], ["gargoyle", "gargoyle"], seed=4, options=replace(NO_DECKS, monster_deck=True))
    state.monster_deck = MonsterDeck([Card("monster", "gargoyle"), Card("modification", "blocker")])
    state.round, state.phase = 1, phases.D
    state.ap["adventurer"] = 15
    assert draw_and_spawn(state) is None
    blocker, other = state.monsters
    assert [m.id for m in blocker.modifications] == ["blocker"] and blocker.action_points == 10
    state.ap["adventurer"] = 5
    phases.advance(state)
    assert state.actor == "adventurer" and state.outcome is None
    acts = [(e.actor, e["reason"]) for e in state.log.of_kind("activation")]
    assert acts[0] == (blocker.uid, "no_figure_left")
    assert sorted(acts[1:]) == sorted([(blocker.uid, "normal"), (other.uid, "normal")])
