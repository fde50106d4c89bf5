"""Waiting and ending one's turn in the Action Phase (Book of Rules *Wait*): ``Wait(n)``
lets n AP expire (1..AP left); ``EndTurn`` lets all remaining AP expire."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Action, EndTurn, IllegalAction, Wait
from ..hero import HeroState
from ..state import D
from .common import MoveFamily, spend

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def legal(state: GameData, hero: HeroState) -> Iterator[Action]:
    ap = state.ap.get(hero.uid, 0)
    yield from (Wait(n) for n in range(1, ap + 1))
    yield EndTurn()


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    ap = state.ap.get(hero.uid, 0)
    if isinstance(action, Wait):
        if not 1 <= action.ap <= ap:
            raise IllegalAction(f"wait 1..{ap} AP, not {action.ap}")
        spend(state, hero, action.ap)
        state.log.emit("wait", hero.uid, ap=action.ap)
    elif isinstance(action, EndTurn):
        state.ap[hero.uid] = 0
        state.log.emit("end_turn", hero.uid, ap_lost=ap)
    else:  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not waiting")


FAMILY = MoveFamily("wait", frozenset({D}), (Wait, EndTurn), legal, apply, needs_ap=True)
