"""The dimension shop in Phase I (Book of Rules *Phase I: Buy or Remove Shop Items*, its
optional rule ``remove_traps_in_phase_i``).

The group decides together (spoken for by the first living hero): ``Buy`` shop cards
with cards of any hero (gold value, 1 less while damaged; no change given),
``ClearShopSlot`` an unwanted card (a Trap with a gold value blocks its slot until
bought), with the optional rule ``RemoveTrapByDoom`` / ``TriggerShopTrap``, then
``EndTurn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import (
    Action,
    Buy,
    ClearShopSlot,
    EndTurn,
    IllegalAction,
    RemoveTrapByDoom,
    TriggerShopTrap,
)
from ..decks import EQUIPMENT, TRAP, Card, card_gold
from ..hero import HeroState, ItemInstance
from ..phases import doom_advance
from ..state import I
from ..traps import resolve_trap
from .common import MoveFamily, find_item, known_hero

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def phase_i_trap_removal(state: GameData) -> bool:
    """Whether the optional rule ``remove_traps_in_phase_i`` (chapter *Phase I*) acts:
    every Trap in the shop must be removed in Phase I - bought for gold as usual, by
    moving the Doom Counter one field (``RemoveTrapByDoom``, effects at once as in
    Phase G), or by triggering it at once on a chosen conscious hero
    (``TriggerShopTrap``; check, damage, gold and XP as usual)."""
    return state.loot is not None and state.options.shop and "remove_traps_in_phase_i" in state.optional_rules


def shop_slot_blocked(state: GameData, slot: int) -> bool:
    """A Trap with a gold value blocks its slot until it is bought."""
    card = state.loot_decks.shop[slot]
    return card is not None and card.kind == TRAP and card_gold(state.pack, card) > 0


def gold_value(state: GameData, owner: HeroState, uid: str) -> int:
    """Gold a card of ``owner`` is worth in the shop: its gold, 1 less while damaged
    (``rules.damaged_sell_penalty``); Trap cards held as gold: their gold. Raises
    ``IllegalAction`` when ``owner`` holds no such card."""
    for card in state.gold_cards.get(owner.uid, []):
        if card.uid == uid:
            return card_gold(state.pack, card)
    item = find_item(owner, uid)
    value = item.card.gold
    if item.damaged:
        value -= state.rules.damaged_sell_penalty
    return max(0, value)


def legal(state: GameData, leader: HeroState) -> list[Action]:
    """Phase I: buys (each paid with one card of any hero, for each hero who can receive
    it, put on at once when the receiver can wear it; payments of several cards are
    accepted by ``apply`` but not listed), clearing
    unwanted cards, ``EndTurn``; with the optional rule
    ``remove_traps_in_phase_i`` also ``RemoveTrapByDoom`` (when the Doom Counter is
    in play) and ``TriggerShopTrap`` (on each conscious hero) for every Trap in the
    shop, and ``EndTurn`` only once no Trap is left. A Trap that none of the three
    ways can remove (no Doom Counter, no conscious hero, nobody can pay) may be
    cleared, so the game cannot get stuck."""
    acts: list[Action] = []
    shop = state.loot_decks.shop
    remove_traps = phase_i_trap_removal(state)
    for slot, card in enumerate(shop):
        if card is None:
            continue
        first = len(acts)
        if remove_traps and card.kind == TRAP:
            if state.options.doom:
                acts.append(RemoveTrapByDoom(slot))
            acts += [TriggerShopTrap(slot, h.uid) for h in state.heroes if h.can_act]
        elif not shop_slot_blocked(state, slot):
            acts.append(ClearShopSlot(slot))
        price = card_gold(state.pack, card)
        if price <= 0:
            if remove_traps and card.kind == TRAP and len(acts) == first:
                acts.append(ClearShopSlot(slot))
            continue
        acts += _buys(state, slot, card, price)
        if remove_traps and card.kind == TRAP and len(acts) == first:
            acts.append(ClearShopSlot(slot))
    if not (remove_traps and any(c is not None and c.kind == TRAP for c in shop)):
        acts.append(EndTurn())
    return acts


def _buys(state: GameData, slot: int, card: Card, price: int) -> list[Action]:
    """Buying the card in ``slot`` for ``price`` gold with one card of any living hero, for each
    hero who can receive it (a Trap: once, to the discard pile), put on at once where the
    receiver can wear it."""
    acts: list[Action] = []
    payers = [h for h in state.heroes if not h.dead]
    for hero in payers:
        can_receive = card.kind == TRAP or (hero.can_act and hero.uid not in state.stay_unconscious)
        if not can_receive:
            continue
        receiver = hero.uid if card.kind != TRAP else None
        wear = card.kind == EQUIPMENT and hero.can_equip(state.pack.equipment[card.id])
        for payer in payers:  # the group pays together: any hero's card
            payments = [c.uid for c in state.gold_cards.get(payer.uid, [])]
            payments += [i.uid for i in payer.all_items()]
            for pay in payments:
                if gold_value(state, payer, pay) >= price:
                    acts.append(Buy((slot,), ((payer.uid, pay),), receiver))
                    if wear:
                        acts.append(Buy((slot,), ((payer.uid, pay),), receiver, equip=True))
        if card.kind == TRAP:
            break  # a Trap goes to the discard pile: one receiver is enough
    return acts


def _card_in(shop: list[Card | None], slot: int) -> Card | None:
    """The card in shop slot ``slot``, ``None`` for an empty or unknown slot."""
    return shop[slot] if 0 <= slot < len(shop) else None


def _traps_left(shop: list[Card | None]) -> bool:
    return any(c is not None and c.kind == TRAP for c in shop)


def apply(state: GameData, leader: HeroState, action: Action) -> None:
    if isinstance(action, EndTurn):
        if phase_i_trap_removal(state) and _traps_left(state.loot_decks.shop):
            raise IllegalAction("optional rule remove_traps_in_phase_i: remove every Trap in the shop first")
        state.shop_open = False
    elif isinstance(action, (RemoveTrapByDoom, TriggerShopTrap)):
        _remove_trap(state, action)
    elif isinstance(action, ClearShopSlot):
        _clear(state, leader, action.slot)
    elif isinstance(action, Buy):
        _buy(state, action)
    else:  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not a shop decision")


def _remove_trap(state: GameData, action: RemoveTrapByDoom | TriggerShopTrap) -> None:
    """Optional rule ``remove_traps_in_phase_i``: a Doom Counter step or triggering it on a hero."""
    if not phase_i_trap_removal(state):
        raise IllegalAction("removing Traps this way needs the optional rule remove_traps_in_phase_i")
    shop = state.loot_decks.shop
    slot = action.slot
    card = _card_in(shop, slot)
    if card is None or card.kind != TRAP:
        raise IllegalAction(f"shop slot {slot} holds no Trap")
    if isinstance(action, RemoveTrapByDoom):
        if not state.options.doom:
            raise IllegalAction("the Doom Counter is not in play")
        shop[slot] = None
        state.loot_decks.discard.append(card)
        state.log.emit("shop_trap_removed", None, slot=slot, card=card.uid, by="doom")
        doom_advance(state, 1, reason="phase_i_trap")
        return
    target = state.find_hero(action.hero_uid)
    if target is None or not target.can_act:
        raise IllegalAction(f"{action.hero_uid} cannot trigger a Trap (not a conscious hero)")
    shop[slot] = None
    state.log.emit("shop_trap_removed", target.uid, slot=slot, card=card.uid, by="trigger")
    resolve_trap(state, card, target)


def _clear(state: GameData, leader: HeroState, slot: int) -> None:
    shop = state.loot_decks.shop
    card = _card_in(shop, slot)
    if card is None:
        raise IllegalAction(f"shop slot {slot} is empty")
    if phase_i_trap_removal(state) and card.kind == TRAP:
        if ClearShopSlot(slot) not in legal(state, leader):
            raise IllegalAction("optional rule remove_traps_in_phase_i: a Trap must be bought, "
                                "removed by a Doom Counter step or triggered")
    elif shop_slot_blocked(state, slot):
        raise IllegalAction("a Trap blocks its shop slot until it is bought")
    state.loot_decks.discard.append(card)
    state.log.emit("shop_cleared", None, slot=slot, card=card.uid)
    shop[slot] = None


def _buy(state: GameData, action: Buy) -> None:
    """Check the whole purchase first, then pay (the cards leave their owners for the
    discard pile) and hand the bought cards over."""
    shop = state.loot_decks.shop
    slots = action.slots
    if not slots or len(set(slots)) != len(slots):
        raise IllegalAction(f"cannot buy shop slots {slots}")
    cards = [c for c in (_card_in(shop, s) for s in slots) if c is not None]
    if len(cards) != len(slots):
        raise IllegalAction(f"cannot buy shop slots {slots}")
    if any(card_gold(state.pack, c) <= 0 for c in cards):
        raise IllegalAction("a card without gold value cannot be bought, only cleared")
    price = sum(card_gold(state.pack, c) for c in cards)
    if len(set(action.payment)) != len(action.payment):
        raise IllegalAction("a card can pay only once")
    payers = [(known_hero(state, owner_uid, "payer"), uid) for owner_uid, uid in action.payment]
    paid = sum(gold_value(state, owner, uid) for owner, uid in payers)
    if paid < price:
        raise IllegalAction(f"the payment is worth {paid} gold, the price is {price}")
    receiver = None
    if any(c.kind != TRAP for c in cards):
        receiver = known_hero(state, action.receiver_uid or action.payment[0][0], "receiver")
        if not receiver.can_act or receiver.uid in state.stay_unconscious:
            raise IllegalAction(f"{receiver.uid} cannot receive items")
    discard = state.loot_decks.discard
    for owner, uid in payers:
        golds = state.gold_cards.get(owner.uid, [])
        gold_card = next((c for c in golds if c.uid == uid), None)
        if gold_card is not None:
            golds.remove(gold_card)
            discard.append(gold_card)
            continue
        item = find_item(owner, uid)
        owner.discard(item)
        discard.append(state.item_cards.pop(item.uid, Card(EQUIPMENT, item.card.id, 0)))
    for s, card in zip(slots, cards, strict=True):
        shop[s] = None
        if receiver is None or card.kind == TRAP:
            discard.append(card)
            continue
        item = ItemInstance(state.pack.equipment[card.id], f"{receiver.uid}/{card.uid}")
        state.item_cards[item.uid] = card
        if action.equip and receiver.can_equip(item.card):
            receiver.equip(item, displace="backpack")
        elif len(receiver.belt) < receiver.belt_capacity:
            receiver.belt.append(item)
        else:
            receiver.backpack.append(item)
    state.log.emit("bought", receiver.uid if receiver else None, slots=slots, price=price, paid=paid,
                   payment=action.payment)


FAMILY = MoveFamily("shop", frozenset({I}), (Buy, ClearShopSlot, RemoveTrapByDoom, TriggerShopTrap, EndTurn),
                    legal, apply)
