"""The game API (engine.game): every listed action is accepted, illegal ones raise
IllegalAction and change nothing, a game replays from its seed and history, and
serialises to JSON and back."""

from __future__ import annotations

import random

import pytest

from doria_forge.engine.actions import (
    Attack,
    Buy,
    ChooseHeroBonus,
    EndTurn,
    IllegalAction,
    KeepLoot,
    Search,
    TakeItem,
    UseItem,
    Wait,
    action_from_data,
    action_to_data,
)
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.state import D, I
from doria_forge.sim.bots import greedy_bot, make_random_bot
from doria_forge.validate import validate_pack

PACK = validate_pack("content").pack

GAMES = [  # (party, monsters, optional rules, setup loot)
    (["warrior"], ["orc"], (), True),
    (["warrior", "mage"], ["goblin", "zombie"], ("stop_loot_after_trap",), True),
    (["ranger", "priestess", "adventurer"], ["slimecrawler"], ("remove_traps_in_phase_i",), False),
    (["huntress", "scoundrel", "shield_maiden", "mage"], ["orc", "ghoul"], (), True),
]


def _game(party, monsters, rules, setup_loot, seed) -> GameState:
    options = GameOptions(setup_loot=setup_loot, max_rounds=6, optional_rules=frozenset(rules))
    return GameState.new(PACK, party, seed=seed, monsters=monsters, options=options, log=False)


def _log_of(state: GameState) -> list[tuple]:
    return [(e.kind, e.actor, tuple(sorted(e.data.items()))) for e in state.log]


def test_every_listed_action_is_accepted():
    """A reshaped engine must never list an action it then refuses: in random games of
    1-4 heroes (setup, Phases D, H and I, optional rules), every legal action of sampled
    decisions is applied to a copy of the state."""
    rng = random.Random(5)
    checked = 0
    phases_seen = set()
    for n, (party, monsters, rules, setup_loot) in enumerate(GAMES):
        state = _game(party, monsters, rules, setup_loot, seed=n)
        bot = make_random_bot(n)
        decisions = 0
        while not state.is_over() and decisions < 80:
            if decisions % 9 == 0:
                phases_seen.add(state.phase)
                for action in state.legal_actions():
                    trial = state.copy()
                    trial.apply(action)  # raises IllegalAction on a listed but refused action
                    checked += 1
            state.apply(bot(state) if rng.random() < 0.8 else greedy_bot(state))
            decisions += 1
    assert checked > 100
    assert {D, I, "setup"} <= phases_seen or {D, "H"} <= phases_seen


@pytest.mark.parametrize("action", [
    UseItem("warrior:no-such-card:1"),
    Attack("warrior:combat_hammer:1", 0, "no-monster-9"),
    Attack("warrior:combat_hammer:1", 7, "orc-1"),
    Buy((0,), (("nobody", "x"),)),
    KeepLoot(0),
    ChooseHeroBonus("extra_damage"),
    Wait(0),
    Wait(999),
    Search(3),
    TakeItem("nobody", "x"),
])
def test_illegal_actions_raise_illegal_action_and_change_nothing(action):
    state = GameState.new(PACK, ["warrior", "mage"], seed=3, monsters=["orc"],
                          options=GameOptions(start_bonuses=False))
    assert state.phase == D
    before = state.copy()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert _log_of(state) == _log_of(before)
    assert state.ap == before.ap and state.history == before.history == []


def test_use_item_on_an_unknown_friend_is_illegal_not_a_key_error():
    """A UseItem naming an unknown target used to raise KeyError."""
    state = GameState.new(PACK, ["priestess"], seed=2, options=GameOptions(start_bonuses=False))
    spell = next(a for a in state.legal_actions() if isinstance(a, UseItem))
    with pytest.raises(IllegalAction, match="no character"):
        state.apply(UseItem(spell.item_uid, "ghost"))


def test_something_that_is_not_an_action_is_refused():
    state = GameState.new(PACK, ["warrior"], seed=1, monsters=["orc"], options=GameOptions(start_bonuses=False))
    with pytest.raises(IllegalAction):
        state.apply("attack!")  # type: ignore[arg-type]


def _play(state: GameState, seed: int, steps: int = 400) -> None:
    bot = make_random_bot(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(bot(state) if seed % 2 else greedy_bot(state))


@pytest.mark.parametrize("n", range(len(GAMES)))
def test_a_game_replays_exactly_from_its_setup_and_history(n):
    """OpenSpiel's history / boardgame.io's log: the setup (seed) plus the chosen actions
    give the same game, event by event."""
    party, monsters, rules, setup_loot = GAMES[n]
    options = GameOptions(setup_loot=setup_loot, max_rounds=6, optional_rules=frozenset(rules))
    state = GameState.new(PACK, party, seed=40 + n, monsters=monsters, options=options)
    _play(state, n)
    again = GameState.replay(PACK, state.setup, state.history)
    assert _log_of(again) == _log_of(state)
    assert (again.outcome, again.round, again.phase) == (state.outcome, state.round, state.phase)
    assert again.history == state.history


def test_json_round_trip_continues_identically():
    state = GameState.new(PACK, ["warrior", "mage", "ranger"], seed=11, monsters=["orc", "goblin"],
                          options=GameOptions(setup_loot=True, max_rounds=8))
    _play(state, 2, steps=60)
    text = state.to_json()
    loaded = GameState.from_json(PACK, text)
    assert loaded.to_json() == text
    assert _log_of(loaded) == _log_of(state)
    # both continue the same way: the dice generator is where it was
    _play(state, 4)
    _play(loaded, 4)
    assert _log_of(loaded) == _log_of(state)
    assert loaded.outcome == state.outcome


def test_actions_serialise_to_plain_data_and_back():
    action = Buy((0, 2), (("warrior", "warrior:x:1"), ("mage", "trap:log_trap:1")), "mage", True)
    data = action_to_data(action)
    assert data == {"type": "Buy", "slots": [0, 2], "payment": [["warrior", "warrior:x:1"],
                                                               ["mage", "trap:log_trap:1"]],
                    "receiver_uid": "mage", "equip": True}
    assert action_from_data(data) == action
    with pytest.raises(ValueError):
        action_from_data({"type": "Fly", "to": "moon"})


def test_a_saved_game_refuses_other_content():
    state = GameState.new(PACK, ["warrior"], seed=1, monsters=["orc"], options=GameOptions(start_bonuses=False))
    state.apply(EndTurn())
    text = state.to_json().replace(PACK.content_hash(), "0" * 64)
    with pytest.raises(ValueError, match="other content"):
        GameState.from_json(PACK, text)
    with pytest.raises(ValueError):
        GameState.from_json(PACK, "{not json")


def test_games_with_scripted_dice_are_not_serialisable():
    state = GameState.new(PACK, ["warrior"], dice=ScriptedDice([5] * 50), monsters=["orc"],
                          options=GameOptions(start_bonuses=False))
    assert not state.replayable
    with pytest.raises(ValueError):
        state.to_json()
