"""A whole game on the map through the GameState API: the sample scenario with four heroes."""

from __future__ import annotations

import pytest

from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.map.dungeon import Dungeon
from doria_forge.engine.map.layout import slot_of
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.play import play
from doria_forge.validate import validate_pack

PACK = validate_pack("content").pack
SCENARIO = "sunken_reliquary"
PARTY = ["warrior", "mage", "ranger", "priestess"]


def _game(seed: int) -> GameState:
    return GameState.new(PACK, PARTY, seed=seed, board=Dungeon.for_scenario(PACK, SCENARIO),
                         options=GameOptions(setup_loot=True, max_rounds=20))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_heroes_play_the_sample_scenario_on_the_map_to_the_end(seed):
    """The game starts on A-1 with the heroes on its starting squares, reveals tiles from the
    scenario's deck (each joined to the dungeon through a door or open side), draws monsters
    for the icons of the colours in play, and the monsters move and attack until the game
    ends."""
    state = _game(seed)
    board = state.board
    deck = list(board.deck)
    assert board.layout.tiles[(0, 0)].tile_id == "A-1"
    play(state, greedy_bot)
    assert state.is_over()
    placed = [e["tile"] for e in state.log.of_kind("room_tile_placed")][1:]
    assert placed and all(t in deck for t in placed)
    squares = {p for t in board.layout.tiles.values() for p in t.squares()}
    start = next(iter(board.layout.tiles[(0, 0)].squares()))
    reach = board.layout.reachable_from([p for p in squares if slot_of(p) == (0, 0) and board.layout.passable(p)])
    for t in board.layout.in_order()[1:]:
        assert any(p in reach for p in t.squares()), f"{t.tile_id} is not joined to the dungeon"
    assert start in squares
    spawned = state.log.of_kind("monster_placed")
    assert any(e["reason"] == "monster_icon" for e in spawned)
    assert state.log.of_kind("monster_moved") and state.log.of_kind("monster_attack")
    placed_heroes = state.log.of_kind("hero_placed")
    assert len(placed_heroes) == 4


def test_a_map_game_replays_from_its_seed_and_history_and_saves_to_json():
    state = _game(4)
    play(state, greedy_bot, until_round=4)
    again = GameState.from_json(PACK, state.to_json())
    assert [(e.kind, e.actor, e.data) for e in again.log] == [(e.kind, e.actor, e.data) for e in state.log]
    assert again.board.positions == state.board.positions
    assert [t.tile_id for t in again.board.layout.in_order()] == [t.tile_id for t in state.board.layout.in_order()]


def test_every_listed_action_on_the_map_is_accepted():
    """The map's action families (walking, jumping, swapping, revealing, placing tiles,
    carrying, Rubble) never list an action they then refuse."""
    from doria_forge.sim.bots import make_random_bot

    checked = 0
    for seed in (5, 6):
        state = _game(seed)
        bot = make_random_bot(seed)
        for decision in range(50):
            if state.is_over():
                break
            if decision % 10 == 0:
                for action in state.legal_actions():
                    state.copy().apply(action)
                    checked += 1
            state.apply(greedy_bot(state) if decision % 3 else bot(state))
    assert checked > 100


def test_a_target_tile_the_deck_names_too_is_placed_once_at_its_position():
    """The box holds each Room Tile once: The Sunken Reliquary's target named in its tile deck too
    was put in the deck twice. It is one tile, at target_position (validate warns)."""
    scenario = PACK.scenarios[SCENARIO]
    setup = scenario.setup
    deck = (*setup.tile_deck, setup.tile_deck[0].model_copy(update={"tile": setup.target_tile}))
    doubled = scenario.model_copy(update={"setup": setup.model_copy(update={"tile_deck": deck})})
    pack = PACK.from_documents([d for d in PACK if d is not scenario] + [doubled])
    state = GameState.new(pack, PARTY, seed=1, scenario=SCENARIO)
    built = list(state.board.deck)
    assert built.count(setup.target_tile) == 1
    assert built.index(setup.target_tile) == min(len(built) - 1, setup.target_position - 1)
