"""Stall detection: a simulated scenario that makes no progress for many rounds is stopped
and reported (outcome ``stalled``) with what stalled, instead of burning rounds up to the
scenario's ``max_rounds``.

*Progress* is anything that moves a scenario toward an end the heroes control, measured at
the start of every round:

- a Room Tile revealed (the dungeon grew);
- a monster defeated;
- a scenario token moved: placed, picked up, dropped, carried onto another square, removed;
- a scenario flag set or cleared;
- a hero standing on a square no hero stood on at the start of an earlier round (the party
  reached new ground; walking back and forth over the same squares is not progress);
- in a scenario with a ``survive`` win goal, every round (waiting is the goal).

The Doom Counter, Monster Level Ups, spawns and damage are not progress: they happen to the
heroes. ``STALL_ROUNDS`` rounds in a row without progress is a stall.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .action_text import action_kind

STALL_ROUNDS = 8
"""Rounds in a row without progress (see the module docstring) after which a simulated
scenario counts as stalled. Scenarios run 25-30 rounds; a party that neither explores,
fights nor moves a token for 8 rounds is not going to finish."""


def _tokens(state: Any) -> tuple:
    play = state.scenario
    if play is None:
        return ()
    return tuple(sorted((tid, t.square, t.carrier, t.removed) for tid, t in play.tokens.items()))


def _hero_squares(state: Any) -> set:
    board = state.board
    if not getattr(board, "spatial", False):
        return set()
    squares = set()
    for hero in state.heroes:
        if not hero.dead:
            pos = board.position(hero.uid)
            if pos is not None:
                squares.add(pos)
    return squares


def _tiles(state: Any) -> int:
    board = state.board
    return len(board.layout.tiles) if getattr(board, "spatial", False) else 0


class StallWatch:
    """Watches one game for stalls: call :meth:`observe` at the start of every round; it
    returns ``None`` while the game progresses, else the reason (a sentence naming the
    rounds without progress, what the heroes did in them and where they stand)."""

    def __init__(self, state: Any, rounds: int = STALL_ROUNDS) -> None:
        if rounds < 1:
            raise ValueError("stall rounds must be at least 1")
        self.rounds = rounds
        play = state.scenario
        goals = play.scenario.goals.win if play is not None else []
        self._rounds_are_progress = any(getattr(g, "goal", None) == "survive" for g in goals)
        self._visited: set = _hero_squares(state)
        self._last = self._signature(state)
        self._since_round = state.round
        self._since_action = len(state.history)

    def _signature(self, state: Any) -> tuple:
        play = state.scenario
        flags = tuple(sorted(play.flags)) if play is not None else ()
        return (_tiles(state), len(state.defeated), _tokens(state), flags)

    def observe(self, state: Any) -> str | None:
        """Note the state at the start of a round; the stall reason, or ``None``."""
        signature = self._signature(state)
        squares = _hero_squares(state)
        new_ground = not squares <= self._visited
        self._visited |= squares
        if signature != self._last or new_ground or self._rounds_are_progress:
            self._last = signature
            self._since_round = state.round
            self._since_action = len(state.history)
            return None
        if state.round - self._since_round < self.rounds:
            return None
        return (f"no progress in rounds {self._since_round}-{state.round - 1} (no Room Tile revealed, no monster "
                f"defeated, no token moved, no flag set, no new square reached); the heroes mostly "
                f"{describe_actions(state.history[self._since_action:])}")


def describe_actions(actions: list[Any], top: int = 3) -> str:
    """``"walk (40), end turn (12), wait (3)"``: the ``top`` most frequent action kinds of
    ``actions`` in words (``action_text.action_kind``), each with its count."""
    counts = Counter(action_kind(a) for a in actions)
    if not counts:
        return "did nothing"
    return ", ".join(f"{name} ({n})" for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top])


def stall_kind(reason: str) -> str:
    """A stall reason without its round numbers and counts, so that reasons of different
    runs group together (``no progress ...; the heroes mostly walk, end turn``)."""
    head, _, tail = reason.partition("; the heroes mostly ")
    head = head.split(" in round")[0]
    names = [part.split(" (")[0] for part in tail.split(", ")] if tail else []
    return head + (f"; the heroes mostly {', '.join(names)}" if names else "")
