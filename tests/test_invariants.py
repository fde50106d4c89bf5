"""The engine's invariants (engine/invariants.py) hold after every action of bot-played games
on the dungeon map: every shipped scenario, 1-6 heroes, the greedy and the random policy, many
seeds. A failure names scenario, party, seed, policy and action, so the game replays
(``sim.invariant_games.play_checked``); ``tools/invariant_run.py`` plays thousands before a
release."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_forge.engine.game import GameState
from doria_forge.engine.invariants import check
from doria_forge.engine.spawn import add_monster
from doria_forge.sim.invariant_games import GameSpec, game_specs, play_checked
from doria_forge.validate import validate_pack

PACK = validate_pack("content").pack
GAMES = 300


def test_the_invariants_hold_in_300_bot_played_games():
    specs = list(game_specs(PACK, games=GAMES, seed=11))
    assert {s.scenario for s in specs} == set(PACK.scenarios)
    assert {len(s.party) for s in specs} == set(range(1, 7)) and {s.policy for s in specs} == {"greedy", "random"}
    ended = [play_checked(PACK, spec) for spec in specs]   # raises InvariantBroken on the first violation
    assert all(game.outcome is not None for game in ended)


HEROES = sorted(h for h, c in PACK.characters.items() if c.premade)


@st.composite
def games(draw) -> GameSpec:
    scenario = PACK.scenarios[draw(st.sampled_from(sorted(PACK.scenarios)))]
    low, high = scenario.players
    party = draw(st.lists(st.sampled_from(HEROES), min_size=low, max_size=high))
    return GameSpec(scenario.id, tuple(party), draw(st.integers(0, 2 ** 32)), draw(st.sampled_from(["greedy", "random"])),
                    draw(st.integers(0, 2 ** 16)))


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_the_invariants_hold_in_any_scenario_party_and_seed(spec):
    play_checked(PACK, spec)


def test_a_broken_invariant_is_reported_with_what_replays_it():
    """The checker is not blind: two figures put on one square by hand are reported."""
    state = GameState.new(PACK, ["warrior", "mage", "ranger"], seed=3, scenario="goblin_warren")
    assert check(state) == []
    board = state.board
    board.move_to("mage", board.position("warrior"))
    [violation] = check(state)
    assert violation.invariant == "distinct-squares" and "warrior" in violation.message


def _wall(state) -> tuple[int, int]:
    layout = state.board.layout
    return next(p for p in layout.tiles[(0, 0)].squares() if layout.kind(p) == "wall")


@pytest.mark.parametrize("invariant, spoil", [
    ("monster-on-square", lambda s: s.board.positions.pop(s.monsters[0].uid)),
    ("no-wall", lambda s: s.board.move_to(s.monsters[0].uid, _wall(s))),
    ("no-rubble", lambda s: s.board.layout.add_marker(s.board.position(s.monsters[0].uid), "rubble")),
    ("hit-points", lambda s: setattr(s.heroes[0], "hp", s.heroes[0].hp_max + 1)),
    ("action-points", lambda s: s.ap.__setitem__(s.heroes[0].uid, s.rules.initiative_cap + 1)),
    ("monster-count", lambda s: s.monsters.append(s.monsters[0])),
    ("figure-limit", lambda s: s.monsters.extend([s.monsters[0]] * s.pack.monsters[s.monsters[0].monster.id].figures)),
])
def test_each_invariant_catches_its_violation(invariant, spoil):
    state = GameState.new(PACK, ["warrior"], seed=5, scenario="goblin_warren")
    add_monster(state, "orc", near=state.board.entrances[0])
    assert check(state) == []
    spoil(state)
    assert invariant in {v.invariant for v in check(state)}
