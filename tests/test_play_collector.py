"""Playthroughs with the garbage collector's youngest generation collected less often
(``infra.startup.fewer_young_collections``, issue 20: a playthrough's CPU): the thresholds are
raised only while games are played, restored after, and the games are the same whenever garbage
is collected."""

from __future__ import annotations

import gc

import pytest

from doria_forge.infra.startup import GAME_YOUNG_THRESHOLD, fewer_young_collections
from doria_forge.sim.play import _play_scenario, play_scenario
from doria_forge.sim.policies import make_policy
from doria_forge.sim.scenario_runner import make_plan, new_game, policy_seed, run_seed
from doria_forge.validate import validate_pack


@pytest.fixture
def thresholds():
    found = gc.get_threshold()
    yield
    gc.set_threshold(*found)


def test_the_youngest_generation_waits_longer_while_games_are_played_and_as_before_after(thresholds):
    gc.set_threshold(700, 10, 10)
    with fewer_young_collections():
        assert gc.get_threshold() == (GAME_YOUNG_THRESHOLD, 10, 10)
        with fewer_young_collections():  # a game played inside a chunk of games
            assert gc.get_threshold() == (GAME_YOUNG_THRESHOLD, 10, 10)
        assert gc.get_threshold() == (GAME_YOUNG_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)
    with pytest.raises(RuntimeError), fewer_young_collections():
        raise RuntimeError("a game that fails")
    assert gc.get_threshold() == (700, 10, 10)
    gc.set_threshold(50_000, 10, 10)  # a process that waits longer already keeps its own
    with fewer_young_collections():
        assert gc.get_threshold() == (50_000, 10, 10)
    assert gc.get_threshold() == (50_000, 10, 10)
    assert gc.isenabled()


def test_a_playthrough_is_the_same_game_whenever_garbage_is_collected(thresholds):
    pack = validate_pack("content").pack
    plan = make_plan(pack, "sunken_reliquary", players=[2], runs=1, seed=3, policy="greedy")
    games = []
    for collect_often in (False, True):
        state = new_game(pack, plan, 2, 0)
        bot = make_policy("greedy", policy_seed(run_seed(plan.seed, plan.scenario, 2, 0)))
        if collect_often:
            gc.set_threshold(50, 100_000, 100_000)  # the youngest generation every 50 allocations
            reason = _play_scenario(state, bot, plan.stall_rounds, 20_000, None, None)
        else:
            reason = play_scenario(state, bot, stall_rounds=plan.stall_rounds)
        games.append((reason, state.outcome, state.round, list(state.history),
                      [(e.kind, e.actor, repr(e.data)) for e in state.log]))
    assert games[0] == games[1]
    assert len(games[0][3]) > 20  # a game of many decisions
