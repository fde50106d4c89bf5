"""Bot-played games with the engine's invariants checked after every applied action
(``engine.invariants``): the tests run a few hundred, ``tools/invariant_run.py`` thousands.

A game is named by its :class:`GameSpec` (scenario, party, dice seed, policy and policy
seed): ``play_checked(pack, spec)`` replays it exactly, so a violation can be reproduced
from the message alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.invariants import Violation, check
from doria_forge.model import ContentPack

from .play import MAX_ACTIONS
from .policies import make_policy


@dataclass(frozen=True)
class GameSpec:
    """One game: ``scenario`` played by ``party`` (hero ids, seat order) with dice ``seed``,
    the heroes played by ``policy`` seeded with ``policy_seed``."""

    scenario: str
    party: tuple[str, ...]
    seed: int
    policy: str = "greedy"
    policy_seed: int = 0

    def __str__(self) -> str:
        return (f"scenario {self.scenario}, party {','.join(self.party)}, seed {self.seed}, "
                f"policy {self.policy} (seed {self.policy_seed})")


class InvariantBroken(AssertionError):
    """An invariant failed: ``spec`` names the game, ``action_index`` the action after which
    it failed (``-1``: at setup), ``action`` that action, ``violations`` what broke."""

    def __init__(self, spec: GameSpec, action_index: int, action: object, violations: list[Violation],
                 round_: int) -> None:
        self.spec, self.action_index, self.action, self.violations = spec, action_index, action, violations
        what = "at setup" if action_index < 0 else f"after action {action_index} ({action!r}) in round {round_}"
        super().__init__(f"{spec}: {what}: " + "; ".join(str(v) for v in violations))


@dataclass(frozen=True)
class CheckedGame:
    """How a checked game ended: its ``outcome`` and the ``actions`` applied."""

    spec: GameSpec
    outcome: str | None
    actions: int
    rounds: int


def play_checked(pack: ContentPack, spec: GameSpec, *, max_actions: int = MAX_ACTIONS,
                 max_rounds: int | None = None) -> CheckedGame:
    """Play ``spec`` to its end (or ``max_rounds`` rounds), checking every invariant at setup
    and after each action. Raises :class:`InvariantBroken` at the first violation."""
    options = GameOptions(setup_loot=True, max_rounds=max_rounds)
    state = GameState.new(pack, list(spec.party), seed=spec.seed, scenario=spec.scenario, options=options)
    policy = make_policy(spec.policy, spec.policy_seed)
    found = check(state)
    if found:
        raise InvariantBroken(spec, -1, None, found, state.round)
    n = 0
    while not state.is_over() and n < max_actions:
        action = policy(state)
        state.apply(action)
        found = check(state)
        if found:
            raise InvariantBroken(spec, n, action, found, state.round)
        n += 1
    return CheckedGame(spec, state.outcome, n, state.round)


def game_specs(pack: ContentPack, *, games: int, seed: int = 0, policies: Sequence[str] = ("greedy", "random"),
               scenarios: Sequence[str] | None = None) -> Iterator[GameSpec]:
    """``games`` specs spread evenly over ``scenarios`` (default: every scenario of the pack),
    each scenario's whole player range, the premade heroes in turn and ``policies``: spec
    ``i`` is a pure function of ``i`` and ``seed``."""
    names = sorted(scenarios if scenarios is not None else pack.scenarios)
    heroes = sorted(h for h, c in pack.characters.items() if c.premade)
    for i in range(games):
        scenario = pack.scenarios[names[i % len(names)]]
        low, high = scenario.players
        k = i // len(names)
        players = low + k % (high - low + 1)
        party = tuple(heroes[(i + j) % len(heroes)] for j in range(players))
        policy = policies[(k // (high - low + 1)) % len(policies)]
        yield GameSpec(scenario.id, party, seed * 1_000_003 + i, policy, seed + i)


__all__ = ["CheckedGame", "GameSpec", "InvariantBroken", "game_specs", "play_checked"]
