"""The Book of Rules' optional rules, switched on as data (``GameOptions.optional_rules``
or a rules document's ``default``): *Phase I* trap removal, *Defeated Monsters* stop
drawing loot after a Trap, *Preparing Characters* custom heroes, *FAQ* solo average
monster dice (prepared, waiting on a combat hook), and the rules that need a map or
a campaign layer (recognised, reported inactive)."""

from __future__ import annotations

import pytest
from test_engine_state import make_pack, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import (
    Attack,
    Buy,
    ClearShopSlot,
    ContinueLoot,
    EndTurn,
    RemoveTrapByDoom,
    StopLoot,
    TriggerShopTrap,
)
from doria_forge.engine.decks import EQUIPMENT, TRAP, Card, LootDecks
from doria_forge.engine.dice import AverageDice
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import IllegalAction
from doria_forge.engine.monster_ai import monster_dice
from doria_forge.engine.state import NOT_YET_ACTING, resolve_optional_rules
from doria_forge.model import Character
from doria_forge.model.rules import OptionalRule, Rules
from doria_forge.sim.bots import greedy_bot, make_random_bot, trap_pass_chance

PACK = make_pack()
PHASE_I = "remove_traps_in_phase_i"
STOP_LOOT = "stop_loot_after_trap"


def shop_state(heroes, shop, *, faces=(), rules=(PHASE_I,), monsters=(), **opts) -> GameState:
    """A state in Phase I with ``shop`` (card ids, ``None`` = empty) and scripted dice;
    the game ends (round limit) when the shop closes."""
    options = GameOptions(shop=True, loot=True, monster_deck=False, start_bonuses=False, max_rounds=0,
                          optional_rules=frozenset(rules), **opts)
    state = make_state(list(heroes), list(monsters), faces=list(faces), options=options)
    kinds = {t: TRAP for t in PACK.traps}
    state.loot.shop = [Card(kinds.get(c, EQUIPMENT), c, 9) if c else None for c in shop]
    state.phase, state.shop_open = phases.I, True
    return state


# --------------------------------------------------------------------------- switching rules on
def test_optional_rules_are_on_by_options_or_by_the_rules_default():
    """NOTES.md *Optional rules*: a scenario (here ``GameOptions``) or the rules
    document's ``default`` switches a rule on; everything else is off."""
    state = make_state(["warrior"], options=GameOptions(optional_rules=frozenset({STOP_LOOT})))
    assert state.option(STOP_LOOT) and not state.option(PHASE_I)
    rules = Rules(id="house", optional_rules=[OptionalRule(id=PHASE_I, text="t", default=True),
                                              OptionalRule(id=STOP_LOOT, text="t")])
    assert resolve_optional_rules(rules) == {PHASE_I}
    house = make_pack(rules)
    assert GameState.new(house, ["warrior"], start=False).optional_rules == {PHASE_I}


def test_unknown_optional_rule_id_raises_value_error():
    """Only ids the pack's rules list can be switched on."""
    with pytest.raises(ValueError, match="unknown optional rules.*no_such_rule"):
        make_state(["warrior"], options=GameOptions(optional_rules=frozenset({"no_such_rule"})))
    with pytest.raises(ValueError, match="no_such_rule"):
        make_state(["warrior"]).option("no_such_rule")


def test_every_optional_rule_acts_and_the_campaign_gold_rule_plays_a_single_scenario_unchanged():
    """Every optional rule of the book is played (none reported inactive): *Campaign* 3 gold
    per card acts between campaign scenarios (tests/test_campaign_runs.py), so a single
    scenario with it on plays as without it. *Door Events* act on the map
    (tests/test_map_book_rules.py), *Throwing* with Line of Sight too (tests/test_map_sight.py)."""
    assert NOT_YET_ACTING == {}

    def played(rules: frozenset[str]) -> list:
        state = GameState.new(PACK, ["warrior", "mage"], seed=4, monsters=["orc"],
                              options=GameOptions(start_bonuses=False, max_rounds=4, optional_rules=rules))
        assert state.inactive_optional_rules == frozenset()
        for _ in range(3000):
            if state.is_over():
                break
            state.apply(greedy_bot(state))
        assert state.is_over()
        return state.history

    assert played(frozenset({"campaign_keep_by_gold", STOP_LOOT})) == played(frozenset({STOP_LOOT}))


# --------------------------------------------------------------------------- Phase I trap removal
def test_optional_rule_phase_i_trap_removal_is_off_by_default():
    """*Phase I* without the optional rule: no Doom step or trigger actions; a Trap
    without gold value may be cleared, one with gold blocks its slot."""
    state = shop_state(["warrior"], ["log_trap", None, None], rules=())
    acts = state.legal_actions()
    assert not any(isinstance(a, (RemoveTrapByDoom, TriggerShopTrap)) for a in acts)
    assert EndTurn() in acts and ClearShopSlot(0) not in acts
    with pytest.raises(IllegalAction):
        state.apply(RemoveTrapByDoom(0))


def test_optional_rule_phase_i_traps_must_be_removed_before_the_shop_closes():
    """*Phase I*, OPTIONAL RULE: Traps in the shop have to be removed - by buying, a Doom
    Counter step or triggering; the shop cannot close (and a Trap cannot be cleared)
    while one is left. Other cards are unaffected."""
    state = shop_state(["warrior", "mage"], ["log_trap", "dagger", None])
    acts = state.legal_actions()
    assert EndTurn() not in acts and ClearShopSlot(0) not in acts
    assert RemoveTrapByDoom(0) in acts
    assert TriggerShopTrap(0, "warrior") in acts and TriggerShopTrap(0, "mage") in acts
    assert ClearShopSlot(1) in acts and RemoveTrapByDoom(1) not in acts
    with pytest.raises(IllegalAction):
        state.apply(EndTurn())
    with pytest.raises(IllegalAction):
        state.apply(ClearShopSlot(0))
    with pytest.raises(IllegalAction):
        state.apply(TriggerShopTrap(1, "warrior"))


def test_optional_rule_phase_i_trap_removed_by_doom_step():
    """*Phase I*, OPTIONAL RULE, way 2: the Doom Counter moves one field (head -> 40, no
    effect); the Trap goes to the discard pile and the shop may close."""
    state = shop_state(["warrior"], ["log_trap", None, None])
    state.apply(RemoveTrapByDoom(0))
    assert state.doom.position == 40 and state.loot.shop[0] is None
    assert Card(TRAP, "log_trap", 9) in state.loot.discard
    assert state.legal_actions() == [EndTurn()]
    state.apply(EndTurn())
    assert state.outcome == "round_limit"


def test_optional_rule_phase_i_trap_removed_by_doom_step_triggers_extra_activation():
    """*Phase I*, OPTIONAL RULE, way 2 "might trigger additional monster activations"
    (*Phase G*): 36 -> 35 is a red field, so the Orc attacks at once. Orc 2D+1 rolls
    5+5 = 11 against the warrior's 2D 1+2 = 3: hit for 2, stopped by the Plate (AR 3)."""
    state = shop_state(["warrior"], ["log_trap", None, None], monsters=["orc"], faces=[5, 5, 1, 2])
    state.doom.position = 36
    state.apply(RemoveTrapByDoom(0))
    assert state.doom.position == 35
    kinds = [(e.kind, e.data.get("reason")) for e in state.log]
    assert ("activation", "extra_activation") in kinds
    plate = state.heroes[0].torso
    assert plate.damaged and state.heroes[0].hp == state.heroes[0].hp_max
    assert state.dice.remaining == 0


def test_optional_rule_phase_i_trap_triggered_on_chosen_hero():
    """*Phase I*, OPTIONAL RULE, way 3: the Log Trap (person, AGI+PER vs 24+2xML = 26)
    triggers on the chosen mage only: 18 + 1+2 = 21 fails, 2 damage, the Wizard Hat
    (AR 1) stops 1. The mage gets the card as gold, the group 1 XP."""
    state = shop_state(["warrior", "mage"], ["log_trap", None, None], faces=[1, 2])
    mage = state.hero("mage")
    state.apply(TriggerShopTrap(0, "mage"))
    assert mage.hp == mage.hp_max - 1 and mage.zones["head"].damaged
    assert [c.id for c in state.gold_cards["mage"]] == ["log_trap"]
    assert state.group_xp == 1 and state.loot.shop[0] is None
    assert state.hero("warrior").hp == state.hero("warrior").hp_max


def test_optional_rule_phase_i_triggered_trap_can_be_avoided():
    """*Phase I*, OPTIONAL RULE, way 3 "can be disarmed/avoided": 18 + 5+5 = 28 >= 26,
    no damage, XP and gold as usual."""
    state = shop_state(["warrior", "mage"], ["log_trap", None, None], faces=[5, 5])
    mage = state.hero("mage")
    state.apply(TriggerShopTrap(0, "mage"))
    assert mage.hp == mage.hp_max and state.group_xp == 1 and len(state.gold_cards["mage"]) == 1


def test_optional_rule_phase_i_trap_cannot_be_triggered_on_unconscious_hero():
    """*Traps*: unconscious characters are immune, so they cannot be chosen (no free gold)."""
    state = shop_state(["warrior", "mage"], ["log_trap", None, None])
    state.hero("mage").unconscious = True
    assert TriggerShopTrap(0, "mage") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(TriggerShopTrap(0, "mage"))


def test_optional_rule_phase_i_trap_bought_for_gold():
    """*Phase I*, OPTIONAL RULE, way 1: buy the Trap for gold as usual (Boulder Trap, 1
    gold, paid with a Trap card held as gold)."""
    state = shop_state(["warrior"], ["boulder_trap", None, None])
    state.gold_cards["warrior"] = [Card(TRAP, "log_trap", 2)]
    buy = Buy((0,), (("warrior", "trap:log_trap:2"),), None)
    assert buy in state.legal_actions()
    state.apply(buy)
    assert state.loot.shop[0] is None and state.gold_cards["warrior"] == []
    assert state.doom.position is None and EndTurn() in state.legal_actions()


def test_optional_rule_phase_i_greedy_bot_triggers_a_safe_trap_on_the_sturdiest_hero():
    """Bot: the warrior (AGI+PER 18, Plate AR 3) risks nothing against the Log Trap's 2
    damage, so the bot triggers it on him for the gold and XP."""
    state = shop_state(["warrior", "mage"], ["log_trap", None, None])
    assert 0.5 < trap_pass_chance(state.hero("warrior"), PACK.traps["log_trap"], 1) < 0.9
    assert greedy_bot(state) == TriggerShopTrap(0, "warrior")


def test_optional_rule_phase_i_greedy_bot_steps_the_doom_counter_for_a_deadly_trap():
    """Bot: the Boulder Trap (area, 3 damage) could drop the mage at 1 HP to 0 or below,
    so the bot takes the harmless Doom step (head -> 40) instead; when that step would
    cross a red field it still avoids the deadly trigger."""
    state = shop_state(["warrior", "mage"], ["boulder_trap", None, None])
    state.hero("mage").hp = 1
    assert greedy_bot(state) == RemoveTrapByDoom(0)
    state.doom.position = 36
    assert greedy_bot(state) == RemoveTrapByDoom(0)


def test_optional_rule_phase_i_greedy_bot_pays_with_trap_gold_before_a_risky_doom_step():
    """Bot: a risky trigger and a red next Doom field -> buy the Trap with held Trap gold."""
    state = shop_state(["warrior", "mage"], ["boulder_trap", None, None])
    state.hero("mage").hp = 1
    state.doom.position = 36
    state.gold_cards["warrior"] = [Card(TRAP, "log_trap", 2)]
    assert greedy_bot(state) == Buy((0,), (("warrior", "trap:log_trap:2"),), None)


# --------------------------------------------------------------------------- Defeated Monsters: stop loot
def loot_state(rules=(STOP_LOOT,)) -> GameState:
    """The warrior (19 AP) is about to defeat a Colossal Orc at 1 HP: 1 + 1 extra Loot
    Cards. The Loot stack holds (top first) the Log Trap, a Dagger, a Relic."""
    options = GameOptions(shop=False, loot=True, monster_deck=False, start_bonuses=False,
                          optional_rules=frozenset(rules))
    # initiative 5+5; hammer 2D+3 = 5+5+3 = 13 vs orc 2D+1 = 1+2+1 = 4; log trap 18 + 5+5 = 28 >= 26
    state = make_state(["warrior"], [("orc", ("colossal",))], faces=[5, 5, 5, 5, 1, 2, 5, 5], options=options)
    state.loot = LootDecks.from_cards([Card(EQUIPMENT, "relic"), Card(EQUIPMENT, "dagger"), Card(TRAP, "log_trap")],
                                      None, stacks=1)
    state.monsters[0].hp = 1
    phases.advance(state)
    state.apply(Attack("warrior:hammer:1", 0, state.monsters[0].uid))
    return state


def test_optional_rule_stop_loot_after_trap_offers_the_choice():
    """*Defeated Monsters*, OPTIONAL RULE: draw until a Trap has triggered; then the
    player decides to draw the rest or stop. The Trap played (gold + XP)."""
    state = loot_state()
    assert state.current_actor() == "warrior" and state.pending_loot_draws == 1
    assert state.legal_actions() == [ContinueLoot(), StopLoot()]
    assert [c.id for c in state.gold_cards["warrior"]] == ["log_trap"]
    assert state.group_xp == 1 + 1 + 1  # defeat, Colossal, Log Trap
    with pytest.raises(IllegalAction):
        state.apply(EndTurn())


def test_optional_rule_stop_loot_after_trap_stop_leaves_the_rest():
    """*Defeated Monsters*, OPTIONAL RULE: stopping leaves the Dagger in the stack."""
    state = loot_state()
    state.apply(StopLoot())
    assert state.pending_loot_draws == 0 and state.loot.remaining == 2
    assert all(i.card.id != "dagger" for i in state.heroes[0].all_items())
    assert EndTurn() in state.legal_actions()


def test_optional_rule_stop_loot_after_trap_continue_draws_the_rest():
    """*Defeated Monsters*, OPTIONAL RULE: drawing on gives the Dagger; the Relic stays."""
    state = loot_state()
    state.apply(ContinueLoot())
    assert [i.card.id for i in state.heroes[0].belt][-1] == "dagger"
    assert state.loot.remaining == 1 and state.pending_loot_draws == 0
    assert state.current_actor() == "warrior" and EndTurn() in state.legal_actions()


def test_optional_rule_stop_loot_after_trap_off_draws_everything():
    """*Defeated Monsters* without the option: all Loot Cards are drawn at once."""
    state = loot_state(rules=())
    assert state.pending_loot_draws == 0
    assert any(i.card.id == "dagger" for i in state.heroes[0].all_items())


def test_optional_rule_stop_loot_after_trap_greedy_bot_stops_when_hurt():
    """Bot: continues when healthy, stops at a third of its HP or less."""
    state = loot_state()
    assert greedy_bot(state) == ContinueLoot()
    state.heroes[0].hp = 2
    assert greedy_bot(state) == StopLoot()


# --------------------------------------------------------------------------- custom characters
def custom(attrs=(9, 9, 8, 8, 8, 8), items=("side_sword",)) -> Character:
    return Character(id="custom", name="Custom", premade=False, standard_items=list(items),
                     attributes=dict(zip(("STR", "CON", "AGI", "PER", "WIS", "PSI"), attrs, strict=False)))


def test_optional_rule_custom_characters_accepts_a_50_point_hero():
    """*Preparing Characters*, OPTIONAL RULE: 50 character points, each attribute 1-13."""
    options = GameOptions(optional_rules=frozenset({"custom_characters"}), start_bonuses=False)
    state = GameState.new(PACK, [custom()], options=options, start=False)
    assert state.heroes[0].uid == "custom" and state.heroes[0].hp == 9


def test_optional_rule_custom_characters_needs_the_rule():
    """A custom (non-premade) hero without the optional rule is refused."""
    with pytest.raises(ValueError, match="custom_characters"):
        GameState.new(PACK, [custom()], start=False)


@pytest.mark.parametrize("attrs, items, message", [
    ((9, 9, 8, 8, 8, 9), ("side_sword",), "sum to 51"),
    ((14, 9, 8, 8, 8, 3), ("side_sword",), "STR 14"),
    ((9, 9, 8, 8, 8, 8), ("side_sword",) * 7, "at most 6"),
    ((9, 9, 8, 8, 8, 8), ("no_such_item",), "unknown equipment"),
])
def test_optional_rule_custom_characters_breaking_creation_rules_raise(attrs, items, message):
    """*Preparing Characters*: too many points, an attribute above 13, more than 6 cards."""
    options = GameOptions(optional_rules=frozenset({"custom_characters"}))
    with pytest.raises(ValueError, match=message):
        GameState.new(PACK, [custom(attrs, items)], options=options, start=False)


# --------------------------------------------------------------------------- solo average monster dice
def test_optional_rule_solo_average_monster_dice_roller_counts_6_per_die():
    """*FAQ*, OPTIONAL RULE: 3D+2 is always 20; no Fumble; a Disarmed -1 die is 2D+2 = 14."""
    dice = AverageDice(6)
    roll = dice.roll("3D+2")
    assert roll.total == 20 and not roll.fumble and roll.dice == ((6,), (6,), (6,))
    assert dice.roll("3D+2", extra_dice=-1).total == 14


def test_optional_rule_solo_average_monster_dice_only_in_solo_play():
    """The monster dice are average only with the rule on and one player."""
    on = GameOptions(optional_rules=frozenset({"solo_average_monster_dice"}), start_bonuses=False)
    solo = make_state(["warrior"], options=on)
    assert isinstance(monster_dice(solo), AverageDice)
    assert "solo_average_monster_dice" not in solo.inactive_optional_rules
    duo = make_state(["warrior", "mage"], options=on)
    assert monster_dice(duo) is duo.dice
    off = make_state(["warrior"])
    assert monster_dice(off) is off.dice and not isinstance(off.dice, AverageDice)


# --------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_optional_rules_on_whole_games_never_get_stuck(seed):
    """Every acting optional rule on, all decks and the shop in play: random and greedy
    bots always find a legal action until the game ends."""
    options = GameOptions(start_bonuses=False, max_rounds=8, optional_rules=frozenset({PHASE_I, STOP_LOOT}))
    for bot in (greedy_bot, make_random_bot(seed)):
        state = GameState.new(PACK, ["warrior", "mage"], seed=seed, monsters=["orc", "goblin"], options=options)
        for _ in range(5000):
            if state.is_over():
                break
            action = bot(state)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.is_over()


def test_doom_preview_tells_the_next_effects_without_moving():
    """*Phase G* track (NOTES.md default): from 36 one step reaches the red 35."""
    state = make_state(["warrior"])
    state.doom.position = 36
    assert [e.field for e in state.doom.preview(1)] == [35]
    assert state.doom.position == 36 and state.doom.preview(0) == []


def test_a_rules_document_without_optional_rules_plays_with_none_on():
    """A pack whose rules list no optional rules: nothing is on, loot still works."""
    pack = make_pack(Rules(id="bare", optional_rules=[]))
    game = GameState.new(pack, ["warrior", "mage"], seed=2, monsters=["orc"],
                         options=GameOptions(start_bonuses=False, max_rounds=3))
    assert game.optional_rules == frozenset()
    while not game.is_over():
        game.apply(greedy_bot(game))


def test_optional_rule_solo_average_monster_dice_in_play_monsters_roll_6_per_die_heroes_roll():
    """*Special Rules for 1 or 2 Players*, OPTIONAL RULE: every monster die counts 6 (3D+2 is
    always 20) for attacks and defenses alike, while the hero's dice are still rolled."""
    on = GameOptions(optional_rules=frozenset({"solo_average_monster_dice"}), start_bonuses=False, max_rounds=6)
    state = GameState.new(PACK, ["warrior"], seed=5, monsters=["orc"], options=on)
    for _ in range(500):
        if state.is_over():
            break
        state.apply(greedy_bot(state))
    monsters = {m.uid: m for m in [*state.monsters, *state.defeated]}

    def average(spec) -> int:
        return 6 * spec.count + spec.bonus

    attacks = [e for e in state.log if e.kind == "monster_attack"]
    assert attacks
    assert all(e["attack"] == average(monsters[e.actor].attack) for e in attacks if not monsters[e.actor].disarmed)
    hero_attacks = [e for e in state.log if e.kind == "attack" and e.actor == "warrior"]
    assert hero_attacks
    for e in hero_attacks:
        m = monsters[e["target"]]
        spec = m.psi_resistance if e["attack_type"] == "magic" else m.defense
        assert m.disarmed or e["defense"] == average(spec)
    assert len({e["attack"] for e in hero_attacks}) > 1 or len(hero_attacks) == 1  # the hero still rolls
