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
from doria_forge.model.words.facts import closest

Policy = Callable[[Any], Action]
"""``policy(state) -> Action``: the choice of the current actor of ``state``."""


@dataclass(frozen=True)
class PolicyInfo:
    """A named policy: ``build(seed)`` returns a fresh policy; ``description`` says how it plays."""

    build: Callable[[int], Policy]
    description: str


def _weak(seed: int) -> Policy:
    from .weak import make_weak

    return make_weak(seed)


def _greedy(seed: int) -> Policy:
    from .bots import greedy_bot

    return greedy_bot


def _search(seed: int) -> Policy:
    from .search import make_search

    return make_search(seed)


def _random(seed: int) -> Policy:
    from .bots import make_random_bot

    return make_random_bot(seed)


LADDER = ("weak", "greedy", "search")
"""The skill ladder, weakest first (README *Skill ladder*): a designer compares the rungs."""

POLICIES: dict[str, PolicyInfo] = {
    "weak": PolicyInfo(_weak, "legal and purposeful but careless: walks where greedy walks, fights with any "
                              "attack half the time, never escapes; what it wins, a scenario forgives"),
    "greedy": PolicyInfo(_greedy, "decides each action on its own by the scenario's objectives: heal when hurt, "
                                  "best expected damage per AP, take what pays, explore as a group"),
    "search": PolicyInfo(_search, "greedy, but weighs its candidate actions by playing them out on determinized "
                                  "copies (unseen cards resampled, fresh dice; a budget in playouts)"),
    "random": PolicyInfo(_random, "a uniformly random legal action: not a rung of the ladder, a floor for tests"),
}


def policy_names() -> list[str]:
    """The registered policy names, sorted."""
    return sorted(POLICIES)


def check_policy(name: str) -> None:
    """Raise ``ValueError`` naming the known policies (and the closest) when no policy is ``name``."""
    if name not in POLICIES:
        raise ValueError(f"unknown policy {name!r}{closest(name, policy_names())}; choose one of "
                         f"{', '.join(policy_names())}")


def make_policy(name: str, seed: int = 0) -> Policy:
    """A fresh policy ``name`` seeded with ``seed`` (policies without their own randomness
    ignore it). Raises ``ValueError`` naming the known policies for an unknown ``name``."""
    check_policy(name)
    return POLICIES[name].build(seed)
