"""Moving one's own cards (Book of Rules *Equipping Cards*, *Using weapons and spells from
the Belt or Backpack*): Belt to hands or body zone (``rules.belt_ap``), equipped card down
to the Belt or Backpack (0 AP), Backpack to hands or Belt (``rules.backpack_ap``, ends the
action). *Fast Hands* saves ``rules.fast_hands_ap`` (``HeroState.retrieve_cost``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Action, IllegalAction, MoveItem, RetrieveFromBackpack
from ..hero import HeroState
from ..state import D
from .common import MoveFamily, find_item, spend

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def legal(state: GameData, hero: HeroState) -> Iterator[Action]:
    """Belt cards that can be equipped, hand cards that fit on the Belt, Backpack cards
    to equip or to put on the Belt."""
    for item in hero.belt:
        if hero.can_equip(item.card) and item.card.zone != "body":
            yield MoveItem(item.uid, "equip")
    belt_room = len(hero.belt) < hero.belt_capacity
    for item in hero.equipped():
        if hero.location(item) == "hands" and belt_room:
            yield MoveItem(item.uid, "belt")
    for item in hero.backpack:
        if hero.can_equip(item.card):
            yield RetrieveFromBackpack(item.uid, "equip")
        if belt_room:
            yield RetrieveFromBackpack(item.uid, "belt")


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    log = state.log
    if isinstance(action, RetrieveFromBackpack):
        item = find_item(hero, action.item_uid)
        if hero.location(item) != "backpack":
            raise IllegalAction(f"{item.name} is not in the Backpack")
        cost = hero.retrieve_cost(item)
        if action.to == "belt":
            hero.move_to_belt(item)
        elif action.to == "equip":
            hero.equip(item, displace="belt")
        else:
            raise IllegalAction(f"cannot retrieve to {action.to!r}")
        spend(state, hero, cost)
        log.emit("retrieve", hero.uid, item=item.uid, to=action.to, ap=cost)
    elif isinstance(action, MoveItem):
        item = find_item(hero, action.item_uid)
        location = hero.location(item)
        if action.to == "equip":
            if location != "belt":
                raise IllegalAction(f"{item.name} is not on the Belt")
            cost = hero.retrieve_cost(item)
            hero.equip(item, displace="belt")
        elif action.to in ("belt", "backpack"):
            if location in (None, "belt", "backpack"):
                raise IllegalAction(f"{item.name} is not equipped")
            cost = 0
            if action.to == "belt":
                hero.move_to_belt(item)
            else:
                hero.move_to_backpack(item)
        else:
            raise IllegalAction(f"cannot move to {action.to!r}")
        spend(state, hero, cost)
        log.emit("move_item", hero.uid, item=item.uid, to=action.to, ap=cost)
    else:  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not moving a card")


FAMILY = MoveFamily("equipment", frozenset({D}), (MoveItem, RetrieveFromBackpack), legal, apply, needs_ap=True)
