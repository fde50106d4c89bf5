"""Why a bot chose an action: one line per decision for explainable replays.

A policy notes its reason with :func:`note` as it decides (the action, its reason and the
actions it compared, kept in the game's ``scratch``, the bots' own cache, so deciding stays cheap:
nothing is put into words while the game is played); :func:`reason` turns the note into the line
a replay shows, only when a replay asks: the action in the rulebook's words
(``sim.action_text``), the reason, and the top alternatives with their values (the attacks greedy
compared by expected damage per Action Point, the candidates the search player played out with
their mean value). It reads the state as it is before the action is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from doria_forge.engine.actions import Action, Attack

from .action_text import action_phrase

KEY = "reason"
"""The ``state.scratch`` key of the last note."""

TOP = 3
"""Alternatives a reason line names."""


class Note(NamedTuple):
    """A policy's reason for ``action``: ``why`` (a short phrase) and ``alternatives``
    (action, value) it compared, best first (empty when it compared none). A named tuple, not a
    frozen dataclass: every decision notes one, and a named tuple is built in about a third of
    the time."""

    action: Action
    why: str
    alternatives: tuple[tuple[Action, float], ...] = ()


def note(state: Any, action: Action, why: str, alternatives: Sequence[tuple[Action, float]] = ()) -> Action:
    """Record ``why`` ``action`` was chosen (see the module docstring) and return ``action``."""
    state.scratch[KEY] = Note(action, why, tuple(alternatives))
    return action


def explain(state: Any, action: Action) -> Action:
    """Keep the note a deeper decision made for ``action`` (greedy's), or note "greedy's choice"."""
    found = state.scratch.get(KEY)
    if found is None or found.action != action:
        note(state, action, "greedy's choice")
    return action


def reason(state: Any, action: Action,
           attack_alternatives: Callable[[Any], list[tuple[Action, float]]] | None = None,
           names: Callable[[Any], str] | None = None) -> str:
    """The one-line reason for ``action``, decided in ``state`` (see the module docstring):
    "attack Orc 1 with the Psi Dart: <why>; compared: attack Orc 1 with the Psi Dart (0.26), ...",
    ids named by ``names`` (default: ``sim.wording.Names`` of the state's pack). An attack noted
    without alternatives compares those ``attack_alternatives(state)`` ranks (greedy's,
    ``sim.bots.attack_alternatives``: passed in, as the bots note through this module)."""
    found = state.scratch.get(KEY)
    why = found.why if found is not None and found.action == action else "chosen"
    alternatives = list(found.alternatives) if found is not None and found.action == action else []
    if not alternatives and attack_alternatives is not None and isinstance(action, Attack):
        alternatives = attack_alternatives(state)
    line = f"{action_phrase(action, names, state)}: {why}"
    if alternatives:
        line += "; compared: " + ", ".join(f"{action_phrase(other, names, state)} ({value:.2f})"
                                           for other, value in alternatives[:TOP])
    return line
