"""No policy reads hidden information (issue 19): at 200 decision points of real games, a
policy built with the same seed chooses the same action whatever order the undrawn cards of
every deck are in, whichever Room Tiles the box gave at random, whatever the dice will roll and
whatever seed the setup names (``test_information.shuffle_hidden``)."""

from __future__ import annotations

import random

import pytest
from test_information import shuffle_hidden

from doria_forge.engine.game import GameOptions, GameState
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.policies import make_policy, policy_names

POINTS = 200

OPTIONAL = frozenset({"door_events", "remove_traps_in_phase_i", "stop_loot_after_trap"})
"""Optional rules with a hidden deck (the Door Event cards) or a choice the bots make reading the
decks (the shop's Traps in Phase I, drawing on after a Trap)."""


@pytest.fixture(scope="module")
def decision_points(shipped_pack) -> list[GameState]:
    """200 decision points spread over real games of every shipped scenario at 1, 2 and 4
    heroes (played by greedy, points drawn at random along each game); every other game with the
    optional rules whose decks or choices the scenarios leave off (``OPTIONAL``)."""
    rng = random.Random(19)
    heroes = sorted(c for c, d in shipped_pack.characters.items() if d.premade)
    points: list[GameState] = []
    games = [(s, n) for s in sorted(shipped_pack.scenarios) for n in (1, 2, 4)]
    k = 0
    while len(points) < POINTS:
        scenario, players = games[k % len(games)]
        party = [heroes[(k + i) % len(heroes)] for i in range(players)]
        options = GameOptions(optional_rules=OPTIONAL if k % 2 else frozenset())
        state = GameState.new(shipped_pack, party, seed=1000 + k, scenario=scenario, log=False, options=options)
        while not state.is_over() and len(state.history) < 400:
            if rng.random() < 0.08:
                points.append(state.copy(log=False))
            state.apply(greedy_bot(state))
        k += 1
    assert len(points) >= POINTS
    return points[:POINTS]


def _changed_choices(name: str, points: list[GameState]) -> tuple[list[tuple], int]:
    """The choices of policy ``name`` at ``points`` that change when what nobody has seen is
    shuffled (``shuffle_hidden``), as ``(point, scenario, round, choice, choice after)``, and at
    how many points the policy searched."""
    changed = []
    searched = 0
    for n, state in enumerate(points):
        policy = make_policy(name, seed=n)
        mine = policy(state.copy(log=False))
        other = make_policy(name, seed=n)(shuffle_hidden(state, seed=n))
        searched += getattr(policy, "stats", None) is not None and policy.stats.decisions > 0
        if mine != other:
            changed.append((n, state.scenario.scenario.id, state.round, mine, other))
    return changed, searched


@pytest.mark.parametrize("name", policy_names())
def test_shuffling_what_nobody_has_seen_never_changes_a_choice(decision_points, name):
    changed, searched = _changed_choices(name, decision_points)
    assert not changed, f"{name} changed {len(changed)} of {len(decision_points)} choices: {changed[:3]}"
    if name == "search":  # the points include fights where it plays out its candidates
        assert searched >= 20


HIDDEN_PARTS = {
    "the order of the Loot stacks": lambda s: [list(stack) for stack in s.loot.stacks],
    "the order of the monster deck": lambda s: list(s.monster_deck.cards),
    "the order of the Door Event deck": lambda s: list(s.door_events.cards) if s.door_events else None,
    "the order of the Room Tiles nobody has seen": lambda s: s.board.deck[:s.board.deck_unseen],
    "which Room Tiles the box gave at random": lambda s: sorted(s.board.deck[:s.board.deck_unseen]),
    "the dice to come": lambda s: s.dice._rng.getstate(),
    "the setup's seed": lambda s: s.setup["seed"],
}
"""A policy reading one of these would see what no player sees (README *No hidden information*)."""


@pytest.mark.parametrize("part", sorted(HIDDEN_PARTS))
def test_the_check_varies_every_hidden_part_a_policy_could_read(decision_points, part):
    """The check above catches a policy reading a hidden part only if the shuffled copy differs
    there: at some decision points it does, for every part (Sunken Reliquary draws a random Room
    Tile), while what the players see stays."""
    read = HIDDEN_PARTS[part]
    differ = 0
    for n, state in enumerate(decision_points):
        other = shuffle_hidden(state, seed=n)
        differ += read(other) != read(state)
        assert other.legal_actions() == state.legal_actions() and other.history == state.history
    assert differ >= 5, f"{part}: {differ} of {len(decision_points)} decision points"


def _table(state: GameState) -> tuple:
    """What a decision could change of a game: the dice's state, the decks, the figures, the AP."""
    board = state.board
    return (state.dice._rng.getstate(), [list(s) for s in state.loot.stacks], list(state.loot.shop),
            list(state.monster_deck.cards), list(board.deck), dict(board.positions),
            [(h.uid, h.hp, h.pp, [(i.uid, i.damaged, h.location(i)) for i in h.all_items()]) for h in state.heroes],
            [(m.uid, m.hp, m.defeated) for m in state.monsters], dict(state.ap), len(state.history), state.phase)


@pytest.mark.parametrize("name", policy_names())
def test_deciding_draws_no_dice_of_the_game_and_changes_nothing(decision_points, name):
    """A policy reads the game and returns an action: it rolls none of the game's dice (a roll
    would both read the future and change it) and moves no card or figure; what it looks ahead
    on are its own copies (``GameState.determinized``)."""
    for n, state in enumerate(decision_points[:60]):
        game = state.copy(log=False)
        before = _table(game)
        make_policy(name, seed=n)(game)
        assert _table(game) == before, (name, n, state.scenario.scenario.id, state.round)


BOSS_POINTS = 40


@pytest.fixture(scope="module")
def boss_fights(shipped_pack) -> list[GameState]:
    """40 fight decisions (monsters on the map, a Phase D choice of a hero's own: where the search
    plays out its candidates) of the shipped Boss Monster cards' exploration games at 1, 2 and 4
    heroes, played by greedy, while the boss card still lies in the Room Tile stack: the copies
    the search looks ahead on open doors, and whether the boss comes out is hidden."""
    from doria_forge.model.exploration_game import with_explorations
    from doria_forge.sim.bots import fighting

    pack, games = with_explorations(shipped_pack, sorted(shipped_pack.bosses))
    rng = random.Random(23)
    heroes = sorted(c for c, d in shipped_pack.characters.items() if d.premade)
    points: list[GameState] = []
    plays = [(s, n) for s in sorted(games.values()) for n in (1, 2, 4)]
    k = 0
    while len(points) < BOSS_POINTS and k < 200:
        scenario, players = plays[k % len(plays)]
        party = [heroes[(k + i) % len(heroes)] for i in range(players)]
        state = GameState.new(pack, party, seed=2000 + k, scenario=scenario, log=False)
        board = state.board
        while not state.is_over() and board.boss_card_tile in board.deck[:board.deck_unseen]:
            if fighting(state) and rng.random() < 0.3:
                points.append(state.copy(log=False))
            state.apply(greedy_bot(state))
        k += 1
    assert len(points) >= BOSS_POINTS
    return points[:BOSS_POINTS]


@pytest.mark.parametrize("name", policy_names())
def test_where_the_boss_card_lies_in_its_third_never_changes_a_choice(boss_fights, name):
    """The search's look-ahead opens doors on its copies: a copy that kept the boss card where
    it really lies would know whether the next Room Tile brings the boss."""
    changed, _ = _changed_choices(name, boss_fights)
    assert not changed, f"{name} changed {len(changed)} of {len(boss_fights)} choices: {changed[:3]}"
