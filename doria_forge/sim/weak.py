"""The ``weak`` policy: a legal, purposeful but careless player, the ladder's lowest rung.

It walks where the greedy party walks (toward the scenario's goal, the monsters, the party's
door), so it gets somewhere, but it fights carelessly: in a fight it takes greedy's choice
only every other time and otherwise any attack it can make, on any monster with any weapon,
as a player who does not weigh them would (so it forgets to step back, to drink a potion
or to focus its blows). It places Room Tiles and Secret Doors anywhere the rules allow and
picks its hero bonuses and Attribute Points at random. It never declares an escape: an
escape the scenario does not ask for ends it unwon. What it wins shows what a scenario
forgives.

Its choices come from its own generator (seeded), never from the game's dice, so a game is
reproducible from its seed and the policy's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from doria_forge.engine.actions import (
    Action,
    Attack,
    ChooseHeroBonus,
    DeclareEscape,
    EndTurn,
    PlaceRoomTile,
    PlaceSecretDoor,
    RaiseAttribute,
)
from doria_forge.engine.state import D, H

from .bots import greedy_bot
from .reasons import explain, note

CARELESS = 0.5
"""Share of fight decisions where it takes any attack instead of greedy's choice."""


def make_weak(seed: int = 0) -> Callable[[Any], Action]:
    """The weak policy (see the module docstring) with its own ``seed``."""
    rng = random.Random(f"weak:{seed}")

    def weak(state: Any) -> Action:
        if (state.phase == D and state.board.pending_decider(state) is not None) or state.phase == H:
            picks = [a for a in state.legal_actions()
                     if isinstance(a, PlaceRoomTile | PlaceSecretDoor | ChooseHeroBonus | RaiseAttribute)]
            if picks:
                return note(state, rng.choice(picks), "anything the rules allow, at random")
        choice = greedy_bot(state)
        if isinstance(choice, DeclareEscape):
            return note(state, EndTurn(), "never escapes")
        if state.phase == D and state.monsters and rng.random() < CARELESS:
            attacks = [a for a in state.legal_actions() if isinstance(a, Attack)]
            if attacks:
                return note(state, rng.choice(attacks), f"any attack of {len(attacks)}, careless")
        return explain(state, choice)

    return weak
