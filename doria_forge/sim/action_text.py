"""The heroes' actions (``engine.actions``) in the rulebook's words, for the decision lines of a
replay in the HTML report (``sim.replay``, ``sim.reasons``): "attack Orc 1 with the Psi Dart",
"walk to square [1, 3] of Room Tile B-4", "buy the Mind Ward (shop slot 1) for Huntress, paying
with Adventurer's Gold", not ``Attack('adventurer/equipment:psi_dart:1', 0, 'orc-1', False, 0)``.

A phrase is what the hero decides to do (it follows "Huntress decides: "), named as the event log
names things (``sim.wording``). Each action type of ``engine.actions`` has a phrase of its own
(:data:`PHRASES`); any other (a new action) is still written in words (:func:`_generic`: its class
name split into words, then its fields named), never as a Python repr.

``state`` (optional) is the game as it was when the action was chosen: with it, a shop slot, a
kept Loot Card and a Room Tile placement are named by the card or the tile they mean, and a
square by its Room Tile (``wording.square_on``; without it, the engine's grid: "square (3, 4)").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from doria_forge.engine import actions as act
from doria_forge.engine.state import D

from .wording import (
    Names,
    action_points,
    counted,
    hit_points,
    hp_and_pp,
    listed,
    place_words,
    shop_slot,
    square_on,
    value_words,
    words,
)

Namer = Callable[[Any], str]


def _the(names: Namer, uid: Any) -> str:
    """A card by its name with the definite article: "the Psi Dart" (a name with its own keeps it)."""
    name = names(uid)
    return name if name.startswith("the ") else f"the {name}"


def _cards(names: Namer, uids: Any) -> str:
    return listed([_the(names, uid) for uid in uids])


def _belt(from_belt: bool) -> str:
    return " from the Belt Zone" if from_belt else ""


def _psi(spend: int) -> str:
    return f", spending {counted(spend, 'extra Psi Point')}" if spend else ""


def _profile(index: int | None) -> str:
    # the first attack profile is the card's usual one; only another is worth naming
    return f" (attack profile {index + 1})" if index else ""


def _owned(names: Namer, owner: Any, item: Any) -> str:
    return f"{names(owner)}'s {names(item)}"


def _shop_card(slot: int, names: Namer, state: Any) -> str:
    """The card in shop ``slot``: "the Mind Ward (shop slot 1)"; without the game: "the card in shop slot 1"."""
    shop = getattr(getattr(state, "loot_decks", None), "shop", None) or []
    card = shop[slot] if 0 <= slot < len(shop) else None
    return f"the {names(card.uid)} ({shop_slot(slot)})" if card is not None else f"the card in {shop_slot(slot)}"


def _attack(a: act.Attack, names: Namer, state: Any) -> str:
    return (f"attack {names(a.target_uid)} with {_the(names, a.item_uid)}{_profile(a.profile_index)}"
            f"{_belt(a.from_belt)}{_psi(a.psi_spend)}")


def _use_item(a: act.UseItem, names: Namer, state: Any) -> str:
    on = f" on {names(a.target_uid)}" if a.target_uid else ""
    return f"use {_the(names, a.item_uid)}{_belt(a.from_belt)}{on}"


def _move_item(a: act.MoveItem, names: Namer, state: Any) -> str:
    if a.to == "equip":
        return f"take {_the(names, a.item_uid)} from the Belt Zone to the Body Zone"
    return f"put {_the(names, a.item_uid)} down into the {place_words(a.to)}"


def _throw(a: act.ThrowItem, names: Namer, state: Any) -> str:
    displaced = f" (a card in the way to the {place_words(a.displaced_to)})" if a.displaced_to != "belt" else ""
    return f"throw {_the(names, a.item_uid)} to {names(a.receiver_uid)}'s {place_words(a.to)}{displaced}"


def _use_other(a: act.UseOtherItem, names: Namer, state: Any) -> str:
    if a.profile_index is not None:
        return (f"attack {names(a.monster_uid)} with {_owned(names, a.owner_uid, a.item_uid)}"
                f"{_profile(a.profile_index)}{_psi(a.psi_spend)}")
    on = f" on {names(a.target_uid)}" if a.target_uid else ""
    return f"use {_owned(names, a.owner_uid, a.item_uid)}{on}"


def _square(state: Any, value: Any) -> str:
    return square_on(getattr(state, "board", None), value)


def _place_tile(a: act.PlaceRoomTile, names: Namer, state: Any) -> str:
    pending = getattr(getattr(state, "board", None), "pending", None)
    options = getattr(pending, "options", None) or []
    if not 0 <= a.index < len(options):
        return f"place the drawn Room Tile the way number {a.index + 1} the rules allow"
    way = options[a.index]
    turned = f", turned {counted(way.rotation, 'quarter turn')}" if way.rotation else ""
    return f"place Room Tile {way.tile_id} against {_square(state, way.joins)}{turned}"


def _secret_door(a: act.PlaceSecretDoor, names: Namer, state: Any) -> str:
    pending = getattr(getattr(state, "board", None), "pending_secret_door", None)
    options = getattr(pending, "options", None) or []
    if not 0 <= a.index < len(options):
        return f"open the Secret Door on wall side number {a.index + 1} the rules allow"
    at, side = options[a.index]
    return f"open the Secret Door on the {words(str(side))} side of {_square(state, at)}"


def _keep_loot(a: act.KeepLoot, names: Namer, state: Any) -> str:
    pending = getattr(state, "pending_loot", None) or []
    if 0 <= a.index < len(pending):
        return f"keep the Loot Card {names(pending[a.index].uid)}"
    return f"keep Loot Card number {a.index + 1} of the search"


def _end_turn(a: act.EndTurn, names: Namer, state: Any) -> str:
    # outside Phase D an EndTurn ends the hero's (the group's) choices: setup, Phase H, Phase I
    return "end the turn" if state is None or state.phase == D else "be done choosing"


def _recover(a: act.RecoverPoints, names: Namer, state: Any) -> str:
    # the points to split wait in the game (rules.unconscious_recovery) for the hero deciding
    pending = getattr(state, "pending_recovery", None)
    points = pending.get(state.current_actor()) if pending else None
    if points is None:
        return f"recover {hit_points(a.hp)}, the rest as Psi Points"
    return f"recover {hp_and_pp(a.hp, points - a.hp) or 'nothing'}"


def _buy(a: act.Buy, names: Namer, state: Any) -> str:
    cards = listed([_shop_card(slot, names, state) for slot in a.slots])
    to = f" for {names(a.receiver_uid)}" if a.receiver_uid else ""
    equipped = ", equipped" if a.equip else ""
    paying = listed([_owned(names, hero, item) for hero, item in a.payment])
    return f"buy {cards}{to}{equipped}, paying with {paying or 'nothing'}"


PHRASES: Mapping[type, Callable[[Any, Namer, Any], str]] = {
    act.Attack: _attack,
    act.UseItem: _use_item,
    act.Repair: lambda a, n, s: f"repair {_cards(n, a.item_uids)}",
    act.RetrieveFromBackpack: lambda a, n, s: f"take {_the(n, a.item_uid)} out of the Backpack to the "
                                              f"{place_words(a.to)}",
    act.MoveItem: _move_item,
    act.ThrowItem: _throw,
    act.TakeItem: lambda a, n, s: f"take {_owned(n, a.owner_uid, a.item_uid)} to the {place_words(a.to)}",
    act.UseOtherItem: _use_other,
    act.RepairOtherItem: lambda a, n, s: f"repair {n(a.owner_uid)}'s {listed([n(i) for i in a.item_uids])}",
    act.Walk: lambda a, n, s: f"walk to {_square(s, a.to)}",
    act.Jump: lambda a, n, s: f"jump to {_square(s, a.to)}",
    act.SwapPlaces: lambda a, n, s: f"swap places with {n(a.hero_uid)}",
    act.RevealRoomTile: lambda a, n, s: f"open the door on {_square(s, a.door)} and reveal a Room Tile",
    act.PlaceRoomTile: _place_tile,
    act.PlaceSecretDoor: _secret_door,
    act.PickUp: lambda a, n, s: f"pick up {n(a.hero_uid)}",
    act.PutDown: lambda a, n, s: f"put the carried character down on {_square(s, a.to)}",
    act.ClearRubble: lambda a, n, s: f"clear the Rubble on {_square(s, a.square)}",
    act.PickUpToken: lambda a, n, s: f"pick up the {n(a.token)}",
    act.DeclareEscape: lambda a, n, s: "declare the escape",
    act.Search: lambda a, n, s: f"search the Loot Marker, drawing {counted(a.cards, 'Loot Card')}",
    act.KeepLoot: _keep_loot,
    act.ContinueLoot: lambda a, n, s: "draw the rest of the Loot Cards",
    act.StopLoot: lambda a, n, s: "leave the rest of the Loot Cards undrawn",
    act.Wait: lambda a, n, s: f"wait, letting {action_points(a.ap)} expire",
    act.EndTurn: _end_turn,
    act.RaiseAttribute: lambda a, n, s: f"spend an Attribute Point on {words(a.attribute)}",
    act.ChooseHeroBonus: lambda a, n, s: f"choose the Hero Bonus {words(a.bonus)}",
    act.RecoverPoints: _recover,
    act.StayUnconscious: lambda a, n, s: "stay unconscious (no Initiative roll)",
    act.Buy: _buy,
    act.ClearShopSlot: lambda a, n, s: f"clear {_shop_card(a.slot, n, s)} from the shop",
    act.RemoveTrapByDoom: lambda a, n, s: (f"remove {_shop_card(a.slot, n, s)} from the shop by moving the "
                                           "Doom Counter one field"),
    act.TriggerShopTrap: lambda a, n, s: f"spring {_shop_card(a.slot, n, s)} on {n(a.hero_uid)}",
}
"""A phrase for each action type of ``engine.actions``: ``(action, names, state) -> str``."""


def _field_words(name: str) -> str:
    # an id field names what it points to: "item_uid" is the item
    return words(re.sub(r"_uids?$", "", name))


def action_kind(action: Any) -> str:
    """The kind of ``action`` in words, its class name spaced and lower-cased: ``EndTurn`` ->
    ``end turn``, ``ChooseHeroBonus`` -> ``choose hero bonus`` (a count of what the heroes did)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", type(action).__name__).lower()


def _generic(action: Any, names: Namer) -> str:
    """An action without a phrase of its own: its kind in words (``action_kind``: "light torch"),
    then its fields named ("item Psi Dart, to (3, 4)")."""
    what = action_kind(action)
    values = [(f.name, getattr(action, f.name)) for f in fields(action)] if is_dataclass(action) else []
    details = ", ".join(f"{_field_words(name)} {value_words(value, names)}" for name, value in values
                        if value not in (None, (), [], ""))
    return f"{what} ({details})" if details else what


def action_phrase(action: Any, names: Namer | None = None, state: Any = None) -> str:
    """What ``action`` does, as a phrase without a subject or full stop ("walk to square (3, 4)"),
    its ids named by ``names`` (default: :class:`~doria_forge.sim.wording.Names` of ``state``'s
    pack, or without a pack); ``state``: the game the action was chosen in, or ``None``."""
    names = names or Names(getattr(state, "pack", None))
    say = PHRASES.get(type(action))
    return say(action, names, state) if say is not None else _generic(action, names)


__all__ = ["PHRASES", "action_kind", "action_phrase"]
