"""Where the rules tell a scenario that something happened.

The engine's modules call :func:`fire` at the moments a scenario rule may wait for
(rounds and phases, a Room Tile revealed, a monster defeated, a hero entering a square,
a token picked up, a Doom Counter field reached, a flag set); :func:`scenario_outcome`
asks the scenario whether a goal decides the game; :func:`monster_hit_damage` asks what its
lasting rules add to a monster's hit. Without a scenario (``state.scenario`` is ``None``) they
do nothing, so the rules never depend on the scenario layer
(``engine.scenario``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .hero import HeroState
    from .monster import MonsterState
    from .state import GameData

TRIGGERS = ("round_start", "round_end", "phase", "tile_revealed", "monster_defeated", "monster_enters",
            "hero_enters", "token_picked_up", "doom_reached", "flag_set", "boss_card_drawn")
"""The moments ``fire`` reports (the ``on`` of a scenario trigger)."""


def fire(state: GameData, kind: str, **context: Any) -> None:
    """Tell the scenario (if any) that ``kind`` happened; ``context`` names what (``round``,
    ``phase``, ``tile``, ``tiles`` (a defeated monster's: the board's ``tiles_of``), ``monster``,
    ``boss``, ``hero``, ``square``, ``token``, ``field``, ``flag``)."""
    scenario = state.scenario
    if scenario is not None and state.outcome is None:
        scenario.on(state, kind, context)


def scenario_outcome(state: GameData, end_of_round: bool = False) -> str | None:
    """The outcome a scenario goal reaches now (``won``/``lost``...), or ``None``. Goals that
    count at the end of a round are asked only with ``end_of_round``."""
    scenario = state.scenario
    if scenario is None:
        return None
    return scenario.outcome(state, end_of_round)


def hardest_hit_points(state: GameData, monster: MonsterState, heroes: Sequence[HeroState]) -> int | None:
    """The most points the scenario's lasting rules add now to a hit of ``monster`` on any of
    ``heroes`` (``monster_hit_damage`` without recording, asked of each; 0 without a scenario),
    ``None`` for no hero: a bot's estimate of the monster's hardest hit to come."""
    scenario = state.scenario
    if scenario is None:
        return 0 if heroes else None
    return scenario.hardest_hit_points(state, monster, heroes)


def monster_hit_damage(state: GameData, monster: MonsterState, hero: HeroState, *, record: bool = True) -> int:
    """The points the scenario's lasting rules add to the damage of ``monster``'s hit on
    ``hero`` now (below 0: take off; 0 without a scenario), before armor (chapter *Getting Hit
    and Armor Rating*: the card's damage "plus any modifications"). ``record=False``: the same
    points, the rules neither counted as fired nor logged (a bot's estimate of a hit to come:
    the scenario sheet is open to the players)."""
    scenario = state.scenario
    return 0 if scenario is None else scenario.monster_hit_damage(state, monster, hero, record=record)
