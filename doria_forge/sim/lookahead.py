"""The ``lookahead`` policy: the greedy policy, except that in a fight each hero weighs a few
candidate actions by playing them out on copies of the game.

At a Phase D decision with monsters on the board the candidates are the greedy choice, the
best attack on each of the (up to) ``WIDTH`` most promising monsters, stepping back
(``explorer.retreat``), opening the party's door (``explorer.open_door``) and ending the
turn. Each is applied to ``SAMPLES`` copies of the game with fresh dice (the same dice for
every candidate: common random numbers), the copies are played on by the greedy policy to
the end of the round, and the candidate with the best mean ``value`` is taken (ties: the
earlier candidate, the greedy choice first). Elsewhere it plays as the greedy policy.

The dice of the copies come from the policy's seed, the round and the number of actions
taken so far, so a game stays reproducible from its seed and the policy's seed. It costs
about ``len(candidates) x SAMPLES`` rounds of play per decision: use it for a few hundred
runs, not for the build's defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doria_forge.engine.actions import Action, Attack, EndTurn
from doria_forge.engine.state import OVER, D, H

from . import explorer, objectives
from .bots import attack_options, greedy_bot

SAMPLES = 2
"""Futures played per candidate."""
WIDTH = 3
"""Monsters whose best attack is a candidate."""
MAX_ROLLOUT = 400
"""Actions a future may take before it is scored as it stands."""

WIN, LOSS = 1000.0, -1000.0
"""Value of a game won (or escaped) / lost (a death, all unconscious, a lose goal)."""


def value(state: Any) -> float:
    """How good ``state`` looks for the heroes (higher is better): the outcome when the game
    is over; else HP and PP (negative HP weigh half again: death is 20 points below 0),
    unconscious heroes, the monsters' HP times their damage, Doom Counter steps and
    Monster Level, and the scenario's progress (good flags set, tokens carried, Room Tiles
    revealed)."""
    outcome = state.outcome
    if outcome in ("won", "escaped"):
        return WIN
    if outcome is not None and outcome not in ("round_limit", "stalled"):
        return LOSS
    score = 0.0
    for hero in state.heroes:
        if hero.dead:
            return LOSS
        score += hero.hp if hero.hp >= 0 else 1.5 * hero.hp
        score += 0.3 * (hero.pp if hero.pp >= 0 else 1.5 * hero.pp)
        if hero.unconscious:
            score -= 3
    for monster in state.monsters:
        if not monster.defeated:
            score -= 0.5 * monster.hp * (monster.damage + 1)
    score -= 1.5 * state.doom.steps + 10 * state.monster_level
    play = state.scenario
    if play is not None:
        found = objectives.objectives(play.scenario)
        score += 20 * len(play.flags & found.good_flags) - 20 * len(play.flags & found.bad_flags)
        score += 15 * sum(1 for t in play.tokens.values() if t.carrier is not None)
        score += 2 * len(state.board.layout.tiles) if state.board.spatial else 0
    return score


def candidates(state: Any, hero: Any) -> list[Action]:
    """The actions worth comparing for ``hero`` now (see the module docstring), greedy's first."""
    ap = state.ap.get(hero.uid, 0)
    out: list[Action] = [greedy_bot(state)]
    options = sorted(attack_options(state, hero, ap), key=lambda o: -o[0])
    seen: set[str] = set()
    for _, args, _ in options:
        if args[2] not in seen and len(seen) < WIDTH:
            seen.add(args[2])
            out.append(Attack(*args))
    if state.board.spatial:
        for move in (explorer.retreat(state, hero, ap), explorer.open_door(state, hero, ap)):
            if move is not None:
                out.append(move)
    out.append(EndTurn())
    unique: list[Action] = []
    for action in out:
        if action not in unique:
            unique.append(action)
    return unique


def _future_seed(seed: int, state: Any, sample: int) -> int:
    return (seed * 1_000_003 + state.round * 10_007 + len(state.history) * 101 + sample) & 0xFFFFFFFF


def _play_out(state: Any, base: Callable[[Any], Action]) -> None:
    """Play on with ``base`` to the end of the round (Phase H begins) or of the game."""
    start = state.round
    for _ in range(MAX_ROLLOUT):
        if state.phase in (H, OVER) or state.round != start or state.is_over():
            return
        state.apply(base(state))


def make_lookahead(seed: int = 0, *, samples: int = SAMPLES) -> Callable[[Any], Action]:
    """The lookahead policy (see the module docstring) with its own ``seed``."""
    def lookahead(state: Any) -> Action:
        uid = state.current_actor()
        if uid is None:
            raise RuntimeError("no decision is due")
        if state.phase != D or not state.monsters or state.board.pending_decider(state) is not None:
            return greedy_bot(state)
        hero = state.hero(uid)
        if state.pending_loot or state.pending_loot_draws:
            return greedy_bot(state)
        options = candidates(state, hero)
        if len(options) == 1:
            return options[0]
        legal = state.legal_actions()
        options = [a for a in options if a in legal] or options[:1]
        best, best_value = options[0], float("-inf")
        for action in options:
            total = 0.0
            for k in range(samples):
                future = state.copy(seed=_future_seed(seed, state, k), log=False)
                future.apply(action)
                _play_out(future, greedy_bot)
                total += value(future)
            mean = total / samples
            if mean > best_value:
                best, best_value = action, mean
        return best

    return lookahead
