"""No policy reads hidden information (issue 19): at 200 decision points of real games, a
policy built with the same seed chooses the same action whatever order the undrawn cards of
every deck are in and whatever the dice will roll (``test_information.shuffle_hidden``)."""

from __future__ import annotations

import random

import pytest
from test_information import shuffle_hidden

from doria_forge.engine.game import GameState
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.policies import make_policy, policy_names

POINTS = 200


@pytest.fixture(scope="module")
def decision_points(shipped_pack) -> list[GameState]:
    """200 decision points spread over real games of every shipped scenario at 1, 2 and 4
    heroes (played by greedy, points drawn at random along each game)."""
    rng = random.Random(19)
    heroes = sorted(c for c, d in shipped_pack.characters.items() if d.premade)
    points: list[GameState] = []
    games = [(s, n) for s in sorted(shipped_pack.scenarios) for n in (1, 2, 4)]
    k = 0
    while len(points) < POINTS:
        scenario, players = games[k % len(games)]
        party = [heroes[(k + i) % len(heroes)] for i in range(players)]
        state = GameState.new(shipped_pack, party, seed=1000 + k, scenario=scenario, log=False)
        while not state.is_over() and len(state.history) < 400:
            if rng.random() < 0.08:
                points.append(state.copy(log=False))
            state.apply(greedy_bot(state))
        k += 1
    assert len(points) >= POINTS
    return points[:POINTS]


@pytest.mark.parametrize("name", policy_names())
def test_shuffling_what_nobody_has_seen_never_changes_a_choice(decision_points, name):
    changed = []
    searched = 0
    for n, state in enumerate(decision_points):
        policy = make_policy(name, seed=n)
        mine = policy(state.copy(log=False))
        other = make_policy(name, seed=n)(shuffle_hidden(state, seed=n))
        searched += getattr(policy, "stats", None) is not None and policy.stats.decisions > 0
        if mine != other:
            changed.append((n, state.scenario.scenario.id, state.round, mine, other))
    assert not changed, f"{name} changed {len(changed)} of {len(decision_points)} choices: {changed[:3]}"
    if name == "search":  # the points include fights where it plays out its candidates
        assert searched >= 20
