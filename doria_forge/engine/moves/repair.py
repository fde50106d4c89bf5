"""Repair equipment (Book of Rules *Repair Equipment (AP on card)*, *Repairing Equipment*):
one damaged card for its AP, or the damaged armor of one set on the Body/Belt together
for the highest AP among them (``HeroState.repair_cost``, ``combat.repair``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Action, IllegalAction, Repair
from ..combat import repair
from ..hero import HeroState
from ..state import D
from .common import MoveFamily, find_item, spend

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def legal(state: GameData, hero: HeroState) -> Iterator[Action]:
    """One ``Repair`` per cheapest grouping of the hero's damaged cards."""
    for group in hero.repair_groups():
        yield Repair(tuple(i.uid for i in group))


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    if not isinstance(action, Repair):  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not a repair")
    items = [find_item(hero, u) for u in action.item_uids]
    if len({id(i) for i in items}) != len(items):
        raise IllegalAction("a card can be repaired only once per action")
    spend(state, hero, repair(state.log, hero, items))


FAMILY = MoveFamily("repair", frozenset({D}), (Repair,), legal, apply, needs_ap=True)
