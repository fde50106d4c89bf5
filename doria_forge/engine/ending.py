"""The end of a scenario (Book of Rules *End of the Game*, *Death of a Character*).

A scenario ends at once when a character dies (HP or PP at ``rules.death_threshold``),
when all characters are unconscious at the same time (Phase C), when a goal of the
scenario decides it (``triggers.scenario_outcome``: ``won``, ``lost``, ``escaped``), in a
duel when the last monster falls, or at the round limit (``GameOptions.max_rounds``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import OVER
from .triggers import scenario_outcome

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData


def a_character_died(state: GameData) -> bool:
    """Whether a character has died: the scenario is then over at once (chapter *Death of a
    Character*: "an instant end of the current scenario for all players"), so an attack, Trap,
    blast or effect on several characters stops there."""
    return any(h.dead for h in state.heroes)


def finish(state: GameData, outcome: str) -> None:
    """End the game with ``outcome`` (the first outcome wins; later calls do nothing)."""
    if state.outcome is None:
        state.outcome = outcome
        state.phase = OVER
        state.log.emit("game_over", None, outcome=outcome, round=state.round)


def check_end(state: GameData) -> None:
    """End the game if a character died (``hero_died``), in a duel the last monster fell
    (``monsters_defeated``, with ``options.end_when_no_monsters``), or a scenario goal
    decides it now (``triggers.scenario_outcome``)."""
    if state.outcome is not None:
        return
    if state.scenario is not None:
        state.scenario.drop_tokens_of_fallen(state)
    if a_character_died(state):
        finish(state, "hero_died")
    elif state.options.end_when_no_monsters and not state.monsters:
        finish(state, "monsters_defeated")
    else:
        goal = scenario_outcome(state)
        if goal:
            finish(state, goal)
