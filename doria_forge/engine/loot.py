"""Loot Cards reaching a hero (Book of Rules *Search Treasures*, *Defeated Monsters*:
Treasures and its optional rule, *Traps and Secret Doors*).

Drawn cards are played in draw order: a Trap triggers at once (``traps.resolve_trap``),
equipment goes to the hero's Belt while it has room, else the Backpack (equipping it
later costs the usual AP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .decks import TRAP, Card
from .hero import HeroState, ItemInstance
from .traps import resolve_trap

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData


def give_card(state: GameData, hero: HeroState, card: Card) -> ItemInstance:
    """An equipment Loot Card for ``hero``: to the Belt while it has room, else the Backpack.
    Returns the new item (its uid is ``"<hero uid>/<card uid>"``)."""
    item = ItemInstance(state.pack.equipment[card.id], f"{hero.uid}/{card.uid}")
    state.item_cards[item.uid] = card
    if len(hero.belt) < hero.belt_capacity:
        hero.belt.append(item)
    else:
        hero.backpack.append(item)
    state.log.emit("loot", hero.uid, card=card.uid)
    return item


def receive_loot(state: GameData, hero: HeroState, cards: list[Card]) -> list[Card]:
    """Play drawn Loot Cards in order (see the module docstring). Cards drawn after the
    game ended go to the discard pile. Returns the equipment cards received."""
    kept = []
    for card in cards:
        if state.outcome is not None:
            state.loot_decks.discard.append(card)
            continue
        if card.kind == TRAP:
            resolve_trap(state, card, hero)
        else:
            give_card(state, hero, card)
            kept.append(card)
    return kept


def draw_defeat_loot(state: GameData, hero: HeroState, n: int) -> int:
    """Optional rule ``stop_loot_after_trap`` (chapter *Defeated Monsters*): draw and
    play up to ``n`` Loot Cards for ``hero`` one at a time; when a Trap has triggered
    and cards are left to draw, stop and leave the choice to the hero: ``n`` minus the
    cards drawn goes to ``state.pending_loot_draws`` (``ContinueLoot`` draws on and
    asks again after the next Trap, ``StopLoot`` leaves them). Returns the cards left
    undrawn for now (0 when done or the deck is empty)."""
    while n > 0 and state.outcome is None:
        card = state.loot_decks.draw(state.dice)
        if card is None:
            break
        n -= 1
        receive_loot(state, hero, [card])
        if card.kind == TRAP and n > 0 and state.outcome is None:
            state.pending_loot_draws = n
            state.pending_loot_hero = hero.uid
            state.log.emit("loot_choice", hero.uid, cards_left=n)
            return n
    return 0
