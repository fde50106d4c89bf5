"""Playing games with bots: the loop every runner (duels, scenarios, the renderer) shares.

``play`` runs a game to its end (or a round); ``play_scenario`` does the same for a scenario
run and stops it when it stalls (``sim.stall``). ``play`` itself never stops a game early,
so the duels play exactly as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doria_forge.engine.actions import Action
from doria_forge.infra.startup import fewer_young_collections

from .stall import STALL_ROUNDS, StallWatch, describe_actions

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


STALLED = "stalled"
"""The outcome ``play_scenario`` gives a game it stops (see ``sim.stall``)."""


def play_scenario(state: Any, bot: Callable[[Any], Action], *, stall_rounds: int = STALL_ROUNDS,
                  max_actions: int = MAX_ACTIONS, on_round: Callable[[Any], None] | None = None,
                  on_decision: Callable[[Any, Action], None] | None = None) -> str | None:
    """Play ``state`` to its end like ``play``, but stop a game that stalls: no progress for
    ``stall_rounds`` rounds (``sim.stall``), or ``max_actions`` decisions without an end. A
    stopped game ends with outcome ``stalled`` (a ``game_over`` event); returns the reason,
    else ``None``. ``on_round(state)`` is called as every new round begins (at its first
    decision, the first round included), before the stall check: a replay draws the dungeon
    there. ``on_decision(state, action)`` hears of every decision before it is applied (a
    replay asks the bot why). The youngest generation of the garbage collector is collected
    less often meanwhile (``infra.startup.fewer_young_collections``: the same game, less CPU)."""
    with fewer_young_collections():
        return _play_scenario(state, bot, stall_rounds, max_actions, on_round, on_decision)


def _play_scenario(state: Any, bot: Callable[[Any], Action], stall_rounds: int, max_actions: int,
                   on_round: Callable[[Any], None] | None,
                   on_decision: Callable[[Any, Action], None] | None) -> str | None:
    from doria_forge.engine.ending import finish

    watch: StallWatch | None = None
    current = -1
    n = 0
    while not state.is_over():
        if state.round != current and state.round >= 1:
            current = state.round
            if on_round is not None:
                on_round(state)
            if watch is None:
                watch = StallWatch(state, stall_rounds)
            else:
                reason = watch.observe(state)
                if reason is not None:
                    finish(state, STALLED)
                    return reason
        if n >= max_actions:
            limit = (f"the decision limit ({max_actions}) was reached in round {state.round}; the heroes mostly "
                     f"{describe_actions(state.history[-1000:])}")
            finish(state, STALLED)
            return limit
        action = bot(state)
        if on_decision is not None:
            on_decision(state, action)
        state.apply(action)
        n += 1
    return None
