"""GameState API: setup, current actor, legal actions, apply, copy, end of the game
(Book of Rules *General Setup*, *End of the Game*, *Action Phase*, *Phase D*).

Also holds ``make_pack``/``make_state``, the small synthetic pack the other engine flow
tests import (``from test_engine_state import make_pack``).
"""

from __future__ import annotations

import pytest

from doria_forge.engine import phases
from doria_forge.engine.actions import Attack, EndTurn, MoveItem, UseItem, Wait
from doria_forge.engine.dice import DiceRoller, ScriptedDice
from doria_forge.engine.ending import check_end
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import IllegalAction
from doria_forge.model import (
    Character,
    ContentPack,
    Equipment,
    Monster,
    MonsterLevel,
    MonsterModification,
    Trap,
)
from doria_forge.sim.bots import greedy_bot

# --------------------------------------------------------------------------- the synthetic pack
MONSTERS = {  # id: (attack type, range, AP, priority, figures, deck cards, ability behaviours)
    "orc": ("melee", 1, 7, "A", 2, 5, ["extra_activation_on_wound"]),
    "shaman": ("magic", 6, 7, "D", 2, 5, None),
    "mummy": ("melee", 1, 5, "B", 2, 5, None),
    "gargoyle": ("melee", 1, 10, "A", 2, 5, None),
    "ghoul": ("melee", 1, 9, "A", 2, 5, [{"behaviour": "targeting", "policy": "lowest_hp"}]),
    "archer": ("ranged", 6, 9, "C", 3, 10, [{"behaviour": "targeting", "policy": "lowest_agility"}]),
    "zombie": ("melee", 1, 3, "B", 5, 6, None),
    "goblin": ("melee", 1, 9, "A", 5, 8, ["pair_activation"]),
}


def _char(cid, STR, CON, AGI, PER, WIS, PSI, items=()):
    return Character(id=cid, name=cid.title(), attributes=dict(STR=STR, CON=CON, AGI=AGI, PER=PER, WIS=WIS, PSI=PSI),
                     standard_items=list(items))


def make_pack(*extra) -> ContentPack:
    docs = [
        _char("adventurer", 9, 9, 8, 8, 8, 8, ["side_sword"]),
        _char("warrior", 13, 13, 9, 9, 5, 1, ["hammer", "plate"]),
        _char("mage", 4, 4, 9, 9, 13, 13, ["wand", "wizard_hat"]),
        _char("green", 8, 8, 7, 7, 8, 8, ["side_sword"]),
        _char("yellow", 8, 8, 6, 6, 8, 8, ["side_sword"]),
        Equipment(id="side_sword", name="Side-Sword", card_type="weapon", deck="standard", zone="1_hand", ap=15,
                  attacks=[{"attack_type": "melee", "dice": "2D+2", "damage": 1, "ap": 15}], defense="2D+2", gold=1),
        Equipment(id="hammer", name="Hammer", card_type="weapon", deck="standard", zone="2_hands", ap=15,
                  attacks=[{"attack_type": "melee", "dice": "2D+3", "damage": 2, "ap": 15}], defense="2D", gold=2),
        Equipment(id="plate", name="Plate", card_type="armor", deck="standard", zone="torso", ap=10,
                  armor_rating=3, vulnerability="earth", gold=2),
        Equipment(id="wand", name="Wand", card_type="spell", deck="standard", zone="1_hand", ap=12, pp=1,
                  attacks=[{"attack_type": "magic", "dice": "2D+2", "damage": 1, "ap": 12, "range": 4}], gold=1),
        Equipment(id="wizard_hat", name="Wizard Hat", card_type="armor", zone="head", ap=5, armor_rating=1,
                  gold=2),
        Equipment(id="hypno_hat", name="Hypno Hat", card_type="armor", zone="head", ap=5, armor_rating=1,
                  gold=2),
        Equipment(id="dagger", name="Dagger", card_type="weapon", zone="1_hand", ap=10,
                  attacks=[{"attack_type": "melee", "dice": "2D", "damage": 1, "ap": 10}], gold=1),
        Equipment(id="relic", name="Relic", card_type="item", zone="accessory", requirements={"WIS": 25}, gold=3),
        Equipment(id="healing_potion", name="Healing Potion", card_type="potion", zone="body", ap=5, gold=1,
                  effect={"heal_hp": 4, "targets": "self_or_friend", "consumed": True}),
        Trap(id="boulder_trap", name="Boulder Trap", trap_type="area", check_attributes=("STR", "AGI"),
             tn_base=28, tn_per_ml=3, effect={"damage": 3}, xp=1, gold=1),
        Trap(id="log_trap", name="Log Trap", trap_type="person", check_attributes=("AGI", "PER"),
             tn_base=24, tn_per_ml=2, effect={"damage": 2}, xp=1, gold=2),
        MonsterModification(id="colossal", name="Colossal", text="big",
                            modifiers={"hit_points": 2, "damage": 1}, extra_xp=1, extra_loot=1, copies=2),
        MonsterModification(id="blocker", name="Blocker", text="wall",
                            modifiers={"defense": 2, "armor_rating": 1}, extra_xp=1),
        MonsterModification(id="necromancer", name="Necromancer", text="raise",
                            behaviours=[{"behaviour": "summon", "monster": "zombie"}], extra_xp=2),
    ]
    for mid, (atype, rng, ap, prio, figs, deck, ability) in MONSTERS.items():
        docs.append(Monster(id=mid, name=mid.title(), attack_type=atype, range=rng, action_points=ap,
                            vulnerability="fire", priority=prio, figures=figs, deck_cards=deck,
                            ability={"id": f"{mid}_ability", "text": "x", "behaviours": [
                                {"behaviour": b} if isinstance(b, str) else b for b in ability]}
                            if ability else None))
        for lvl in (1, 2, 3, 4):
            docs.append(MonsterLevel(id=f"{mid}-{lvl}", monster=mid, level=lvl, attack=f"2D+{lvl}",
                                     defense=f"2D+{lvl}", psi_resistance="2D", damage=lvl + 1,
                                     hit_points=2 * lvl, armor_rating=lvl - 1))
    docs.extend(extra)
    return ContentPack.from_documents(docs)


PACK = make_pack()

NO_DECKS = GameOptions(shop=False, loot=False, monster_deck=False, start_bonuses=False)


def make_state(heroes=("adventurer",), monsters=(), *, faces=None, seed=0, options=None, **kw) -> GameState:
    """A state before round 1 (``start=False``); ``faces`` scripts the dice."""
    dice = ScriptedDice(faces) if faces is not None else DiceRoller(seed)
    return GameState.new(kw.pop("pack", PACK), list(heroes), dice=dice, monsters=list(monsters),
                         options=options or NO_DECKS, start=False, **kw)


def play(state: GameState, bot=greedy_bot, limit: int = 2000) -> None:
    for _ in range(limit):
        if state.is_over():
            return
        state.apply(bot(state))
    raise AssertionError("game did not end")


# --------------------------------------------------------------------------- tests
def test_new_game_starts_at_first_hero_decision_in_round_1():
    """*General Setup* + *Phase A/C*: the round marker moves 0 -> 1, initiative is rolled."""
    state = GameState.new(PACK, ["adventurer", "warrior"], seed=3, monsters=["orc"], options=NO_DECKS)
    assert state.round == 1 and state.phase == phases.D
    actor = state.current_actor()
    assert actor in ("adventurer", "warrior")
    assert state.ap[actor] == max(state.ap[h.uid] for h in state.heroes if not h.unconscious)


def test_legal_actions_list_attacks_waits_and_end_turn():
    """*Action Phase*: attack with the held weapon, wait 1..AP, pass."""
    state = make_state(["adventurer"], ["orc"], faces=[5, 5])
    phases.start_round(state)
    acts = state.legal_actions()
    assert Attack("adventurer:side_sword:1", 0, "orc-1", False) in acts
    assert Wait(1) in acts and Wait(state.ap["adventurer"]) in acts and Wait(state.ap["adventurer"] + 1) not in acts
    assert EndTurn() in acts


def test_illegal_actions_raise_and_leave_state_unchanged():
    """*Wait*: at most the AP left; *Attack or Use Items*: only carried items."""
    state = make_state(["adventurer"], ["orc"], faces=[5, 5])
    phases.start_round(state)
    phases.advance(state)
    with pytest.raises(IllegalAction):
        state.apply(Wait(99))
    with pytest.raises(IllegalAction):
        state.apply(UseItem("nope"))
    with pytest.raises(IllegalAction):
        state.apply(MoveItem("adventurer:side_sword:1", "equip"))
    assert state.ap["adventurer"] == 18 and state.current_actor() == "adventurer"


def test_a_heros_whole_round_is_played_through_the_api_with_a_bot():
    """*Phase D*: the bot acts until its marker is spent; then the round goes on (E-I)
    to the next round's initiative. Two heroes, so no solo rules."""
    state = GameState.new(PACK, ["warrior", "adventurer"], seed=11, monsters=["mummy", "orc"],
                          options=GameOptions(shop=False, loot=False, monster_deck=False, start_bonuses=False))
    state.log.clear()
    first_round = state.round
    steps = 0
    while state.round == first_round and not state.is_over():
        actor = state.current_actor()
        action = greedy_bot(state)
        assert action in state.legal_actions() or isinstance(action, Attack)
        state.apply(action)
        steps += 1
    kinds = [e.kind for e in state.log]
    assert steps >= 2 and "attack" in kinds
    assert state.is_over() or state.round == first_round + 1
    assert actor is not None


def test_copy_replays_identically():
    """The copy holds the dice generator state: both play on to the same events."""
    state = GameState.new(PACK, ["warrior", "mage"], seed=5, monsters=["orc", "shaman"],
                          options=GameOptions(shop=True, loot=True, monster_deck=True, start_bonuses=False,
                                              max_rounds=8))
    twin = state.copy()
    assert twin.heroes[0] is not state.heroes[0] and twin.pack is state.pack
    play(state)
    play(twin)
    assert [(e.kind, e.actor, e.data) for e in state.log] == [(e.kind, e.actor, e.data) for e in twin.log]
    assert state.outcome == twin.outcome and state.round == twin.round


def test_game_over_has_no_actor_and_no_actions():
    """*End of the Game*: a character at -20 HP dies and the scenario ends for all."""
    state = make_state(["adventurer", "warrior"], ["orc"], faces=[5, 5, 5, 5])
    state.heroes[0].take_damage(40)
    check_end(state)
    assert state.is_over() and state.outcome == "hero_died"
    assert state.current_actor() is None and state.legal_actions() == []
    with pytest.raises(RuntimeError):
        state.apply(EndTurn())


def test_all_heroes_unconscious_at_once_ends_the_scenario():
    """*End of the Game*: all characters unconscious at the same time (two Fumbles)."""
    state = make_state(["adventurer", "warrior"], ["orc"], faces=[1, 1, 1, 1])
    phases.start_round(state)
    assert state.outcome == "all_unconscious"
