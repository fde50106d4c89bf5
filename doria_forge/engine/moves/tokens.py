"""Scenario actions: picking up a scenario token, declaring an escape (the scenario's
``setup.tokens`` and ``escape``; chapter *Escaping a campaign scenario*). Listed only while
a scenario is played (``state.scenario``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Action, DeclareEscape, IllegalAction, PickUpToken
from ..ending import check_end
from ..hero import HeroState
from ..state import D
from .common import MoveFamily, spend

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def legal(state: GameData, hero: HeroState) -> Iterator[Action]:
    play = state.scenario
    if play is None:
        return
    here = state.board.position(hero.uid) if state.board.spatial else None  # type: ignore[attr-defined]
    for token_id, token in sorted(play.tokens.items()):
        if here is not None and token.square == here and token.carrier is None and not token.removed:
            yield PickUpToken(token_id)
    if play.scenario.escape.allowed and not play.escape_declared:
        yield DeclareEscape()


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    play = state.scenario
    if play is None:
        raise IllegalAction("there is no scenario in this game")
    if isinstance(action, PickUpToken):
        token = play.tokens.get(action.token)
        here = state.board.position(hero.uid) if state.board.spatial else None  # type: ignore[attr-defined]
        if token is None or token.square is None or token.square != here or token.carrier is not None:
            raise IllegalAction(f"no {action.token} lies on {hero.uid}'s square")
        spec = next(t for t in play.scenario.setup.tokens if t.id == action.token)
        spend(state, hero, spec.pick_up_ap)
        play.pick_up(state, hero, action.token)
        check_end(state)
    elif isinstance(action, DeclareEscape):
        if not play.scenario.escape.allowed:
            raise IllegalAction("escape from this scenario is not possible")
        play.escape_declared = True
        state.log.emit("escape_declared", hero.uid)
    else:  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not a scenario action")


FAMILY = MoveFamily("scenario", frozenset({D}), (PickUpToken, DeclareEscape), legal, apply, needs_ap=True)
