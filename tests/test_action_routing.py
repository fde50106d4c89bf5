"""How an action reaches the family that carries it out (``engine.moves.apply_action``): the
first family of the current phase whose actions it is one of; an action of another phase, or a
Phase D action of a hero without Action Points, is refused and changes nothing (chapter *Action
Phase*: a hero acts while its marker is on 1 or more)."""

from __future__ import annotations

import pytest

from doria_forge.engine.actions import Buy, EndTurn, IllegalAction, Wait
from doria_forge.engine.game import GameState
from doria_forge.engine.moves import apply_action
from doria_forge.engine.state import D


def test_an_action_goes_to_its_phases_family_and_other_phases_actions_are_refused(shipped_pack):
    state = GameState.new(shipped_pack, ["adventurer", "mage", "huntress"], seed=3)
    assert state.phase == D
    hero = state.actor_hero()
    assert hero is not None
    ap = state.ap[hero.uid]
    with pytest.raises(IllegalAction, match="is not an action of phase"):
        apply_action(state, hero, Buy(slots=(0,), payment=()))
    assert state.ap[hero.uid] == ap and state.phase == D
    apply_action(state, hero, Wait(1))  # the wait family's action
    assert state.ap[hero.uid] == ap - 1
    apply_action(state, hero, EndTurn())
    assert state.ap[hero.uid] == 0
    with pytest.raises(IllegalAction, match="no Action Points left"):
        apply_action(state, hero, Wait(1))
    assert state.ap[hero.uid] == 0
