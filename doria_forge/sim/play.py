"""Playing games with bots: the loop every runner (duels, scenarios, the renderer) shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doria_forge.engine.actions import Action

MAX_ACTIONS = 20_000
"""Decisions a game may take before ``play`` gives up on it (a bot that never ends its
turn, content that makes no progress)."""


def play(state: Any, bot: Callable[[Any], Action], *, until_round: int | None = None,
         max_actions: int = MAX_ACTIONS) -> int:
    """Apply ``bot``'s choices to ``state`` until the game is over, or (``until_round``)
    until round ``until_round`` has begun and a hero must decide in it. Returns the number
    of actions applied; stops after ``max_actions``."""
    n = 0
    while not state.is_over() and n < max_actions:
        if until_round is not None and state.round >= until_round:
            break
        state.apply(bot(state))
        n += 1
    return n
