"""Hero party policies by name: who decides what the heroes do in a simulated game.

A policy is a plain function ``policy(state) -> Action`` for whoever must decide next
(``GameState.current_actor``); it plays every hero of the party, in every phase. It may
keep its own generator but never touches the game's dice, so a game is reproducible from
its seed and the policy's seed.

``make_policy(name, seed)`` builds one; ``POLICIES`` lists them with a one-line
description (``doria-forge simulate scenario --policy NAME``). A new policy is one module
plus one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from doria_forge.engine.actions import Action

Policy = Callable[[Any], Action]
"""``policy(state) -> Action``: the choice of the current actor of ``state``."""


@dataclass(frozen=True)
class PolicyInfo:
    """A named policy: ``build(seed)`` returns a fresh policy; ``description`` says how it plays."""

    build: Callable[[int], Policy]
    description: str


def _greedy(seed: int) -> Policy:
    from .bots import greedy_bot

    return greedy_bot


def _lookahead(seed: int) -> Policy:
    from .lookahead import make_lookahead

    return make_lookahead(seed)


def _random(seed: int) -> Policy:
    from .bots import make_random_bot

    return make_random_bot(seed)


POLICIES: dict[str, PolicyInfo] = {
    "greedy": PolicyInfo(_greedy, "plays each decision on its own: heal when hurt, best expected damage per AP, "
                                  "on the map explore toward the scenario's goal as a group"),
    "lookahead": PolicyInfo(_lookahead, "greedy, but in a fight each hero plays a few candidate actions out to the "
                                        "end of the round on copies with fresh dice and takes the best (slow)"),
    "random": PolicyInfo(_random, "a uniformly random legal action (a floor for comparisons and for tests)"),
}


def policy_names() -> list[str]:
    """The registered policy names, sorted."""
    return sorted(POLICIES)


def make_policy(name: str, seed: int = 0) -> Policy:
    """A fresh policy ``name`` seeded with ``seed`` (policies without their own randomness
    ignore it). Raises ``ValueError`` naming the known policies for an unknown ``name``."""
    info = POLICIES.get(name)
    if info is None:
        raise ValueError(f"unknown policy {name!r}; choose one of {', '.join(policy_names())}")
    return info.build(seed)
