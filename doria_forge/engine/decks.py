"""Loot stacks, the dimension shop and the monster deck (the cards; playing a Trap is ``traps``).

Book of Rules: *General Setup* (three face-down Loot stacks, one shuffled monster
deck), *Phase B* / *Phase I* (shop of three slots, one in front of each stack),
*Search Treasures* (draws from any stack), *Traps and Secret Doors* (Traps are Loot
Cards), *Monster Icons on a Room Tile* / *Monster modifiers* (draw modifications until a
monster card; all attach to it).

Cards are small immutable :class:`Card` values (kind, id, copy number); the
documents behind them stay in the :class:`~doria_forge.model.pack.ContentPack`.

Defaults chosen here (the book does not say):

* a draw from "any of the three stacks" takes the stack holding the most cards
  (the lowest index on a tie); the shop slot ``i`` refills from stack ``i``;
* when every Loot stack (or the monster deck) is empty, its discard pile is
  shuffled into a new deck; when that is empty too, nothing is drawn.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from doria_forge.model.pack import ContentPack

from .copying import copy_by_plan, flat, nested
from .dice import DiceRoller

_PER_PACK: dict[tuple[int, Hashable], tuple[weakref.ref, Any]] = {}
"""``(id(pack), key)`` -> (a reference to the pack, what ``per_pack`` made from it)."""

T = TypeVar("T")


def per_pack(pack: ContentPack, key: Hashable, make: Callable[[ContentPack], T]) -> T:
    """``make(pack)``, made once per pack and ``key`` (what every game set up from the pack
    builds alike: ``make`` must read the pack alone, whose documents never change once loaded);
    forgotten with the pack. The value is shared: the caller copies what a game may change."""
    full = (id(pack), key)
    found = _PER_PACK.get(full)
    if found is None or found[0]() is not pack:

        def forget(_ref: weakref.ref) -> None:  # the pack is gone: its id may be reused
            _PER_PACK.pop(full, None)

        found = (weakref.ref(pack, forget), make(pack))
        _PER_PACK[full] = found
    return cast(T, found[1])


def _unshuffled(pack: ContentPack, deck: str, make: Callable[[ContentPack], list[Card]]) -> list[Card]:
    """A fresh list of ``make(pack)``'s cards, in printed order: a game builds its decks from a
    copy (cards are immutable), so a pack of thousands of cards makes its Card values once, not
    once per game."""
    return list(per_pack(pack, ("deck", deck), lambda p: tuple(make(p))))

EQUIPMENT = "equipment"
TRAP = "trap"
MONSTER = "monster"
MODIFICATION = "modification"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: ``kind`` (``equipment``/``trap`` in the Loot stacks,
    ``monster``/``modification`` in the monster deck), the document ``id`` and the
    copy number ``n`` (1-based) that tells copies apart."""

    kind: str
    id: str
    n: int = 1

    def __deepcopy__(self, memo: dict) -> Card:
        return self  # immutable: a copied game shares its cards (copies of a game are frequent)

    @property
    def uid(self) -> str:
        return f"{self.kind}:{self.id}:{self.n}"


def card_gold(pack: ContentPack, card: Card) -> int:
    """The card's gold value (0 = no gold value); unknown documents count 0."""
    doc = pack.traps.get(card.id) if card.kind == TRAP else pack.equipment.get(card.id)
    return getattr(doc, "gold", 0) or 0


# --------------------------------------------------------------------------- loot
@dataclass
class LootDecks:
    """The three Loot stacks (top card = last element), the shop slots (``None`` =
    empty; slot ``i`` sits in front of stack ``i``) and the discard pile."""

    stacks: list[list[Card]]
    shop: list[Card | None]
    discard: list[Card] = field(default_factory=list)

    @classmethod
    def build(cls, pack: ContentPack, dice: DiceRoller, *, stacks: int | None = None,
              shop_slots: int | None = None) -> LootDecks:
        """Every ``deck: loot`` equipment card and every Trap, ``copies`` times each,
        shuffled with ``dice`` and dealt evenly into ``rules.loot_stacks`` stacks."""
        rules = pack.rules
        return cls.from_cards(_unshuffled(pack, "loot", _loot_cards), dice, stacks=stacks or rules.loot_stacks,
                              shop_slots=shop_slots or rules.shop_slots)

    @classmethod
    def from_cards(cls, cards: Iterable[Card], dice: DiceRoller | None = None, *, stacks: int = 3,
                   shop_slots: int = 3) -> LootDecks:
        """Shuffle ``cards`` (unless ``dice`` is None) and deal them round-robin into
        ``stacks`` stacks (the first card dealt ends at the bottom)."""
        cards = list(cards)
        if dice is not None:
            dice.shuffle(cards)
        piles: list[list[Card]] = [[] for _ in range(stacks)]
        for i, card in enumerate(cards):
            piles[i % stacks].append(card)
        return cls(piles, [None] * shop_slots)

    def __deepcopy__(self, memo: dict) -> LootDecks:
        return copy_by_plan(self, memo, {"stacks": nested, "shop": flat, "discard": flat})  # cards are values

    @property
    def remaining(self) -> int:
        return sum(len(s) for s in self.stacks)

    def _reshuffle(self, dice: DiceRoller) -> None:
        cards, self.discard = self.discard, []
        dice.shuffle(cards)
        for i, card in enumerate(cards):
            self.stacks[i % len(self.stacks)].append(card)

    def draw(self, dice: DiceRoller, stack: int | None = None) -> Card | None:
        """Draw the top card of ``stack`` (default: the fullest stack). An empty
        chosen stack falls back to the fullest one; no cards at all reshuffles the
        discard pile; returns ``None`` when there is nothing left."""
        stacks = self.stacks
        if not any(stacks):
            self._reshuffle(dice)
            if not any(stacks):
                return None
        if stack is None or not stacks[stack]:
            stack = 0  # the fullest stack, the lowest index on a tie (a loop: every draw asks)
            for i in range(1, len(stacks)):
                if len(stacks[i]) > len(stacks[stack]):
                    stack = i
        return stacks[stack].pop()

    def refill_shop(self, dice: DiceRoller) -> list[tuple[int, Card]]:
        """Phase B: fill every empty shop slot from the stack behind it. Traps and
        cards without gold value are placed too (they block the slot; they are
        never activated here). Returns the (slot, card) pairs placed."""
        placed = []
        for i, card in enumerate(self.shop):
            if card is None:
                new = self.draw(dice, i % len(self.stacks))
                if new is not None:
                    self.shop[i] = new
                    placed.append((i, new))
        return placed


_PILES = {"cards": flat, "discard": flat}
"""A deck's copy plan (``engine.copying``): its piles are new lists of the same cards (values)."""


# --------------------------------------------------------------------------- monster deck
@dataclass
class MonsterDeck:
    """The monster deck (top card = last element) and its discard pile."""

    cards: list[Card]
    discard: list[Card] = field(default_factory=list)

    @classmethod
    def build(cls, pack: ContentPack, dice: DiceRoller) -> MonsterDeck:
        """``deck_cards`` cards of every monster and ``copies`` of every Monster
        Modification, shuffled with ``dice``."""
        cards = _unshuffled(pack, "monster", _monster_cards)
        dice.shuffle(cards)
        return cls(cards)

    def __deepcopy__(self, memo: dict) -> MonsterDeck:
        return copy_by_plan(self, memo, _PILES)

    def draw_card(self, dice: DiceRoller) -> Card | None:
        if not self.cards:
            self.cards, self.discard = self.discard, []
            dice.shuffle(self.cards)
        return self.cards.pop() if self.cards else None

    def draw_monster(self, dice: DiceRoller) -> tuple[str, tuple[str, ...]] | None:
        """Draw cards until a monster card comes up (chapter *Monster modifiers*):
        returns (monster id, the modification ids drawn before it, in order), all
        cards going to the discard pile, or ``None`` when the deck runs dry without a
        monster (the modifications drawn are discarded)."""
        mods: list[str] = []
        drawn: list[Card] = []
        for _ in range(len(self.cards) + len(self.discard) + 1):
            card = self.draw_card(dice)
            if card is None:
                break
            drawn.append(card)
            if card.kind == MONSTER:
                self.discard.extend(drawn)
                return card.id, tuple(mods)
            mods.append(card.id)
        self.discard.extend(drawn)
        return None


# --------------------------------------------------------------------------- Door Event deck
@dataclass
class DoorEventDeck:
    """The Door Event deck (optional rule *Door Events*): card ids, top card = last element,
    and the discard pile. A card drawn is resolved and discarded; when the deck runs out the
    discard pile is shuffled into a new deck, so every card comes up once per pass."""

    cards: list[str]
    discard: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, pack: ContentPack, dice: DiceRoller) -> DoorEventDeck:
        """``copies`` cards of every Door Event of ``pack``, shuffled with ``dice``."""
        cards = [e.id for e in sorted(pack.door_events.values(), key=lambda e: e.id) for _ in range(e.copies)]
        dice.shuffle(cards)
        return cls(cards)

    def __deepcopy__(self, memo: dict) -> DoorEventDeck:
        return copy_by_plan(self, memo, _PILES)

    def draw(self, dice: DiceRoller) -> str | None:
        """The top card's id (it goes to the discard pile), or ``None`` for an empty deck and
        discard pile."""
        if not self.cards:
            self.cards, self.discard = self.discard, []
            dice.shuffle(self.cards)
        if not self.cards:
            return None
        card = self.cards.pop()
        self.discard.append(card)
        return card


def _loot_cards(pack: ContentPack) -> list[Card]:
    """Every ``deck: loot`` equipment card and every Trap, ``copies`` times each, in pack order."""
    cards = [Card(EQUIPMENT, e.id, k + 1) for e in pack.equipment.values() if e.deck == "loot"
             for k in range(e.copies)]
    return cards + [Card(TRAP, t.id, k + 1) for t in pack.traps.values() for k in range(t.copies)]


def _monster_cards(pack: ContentPack) -> list[Card]:
    """``deck_cards`` cards of every monster and ``copies`` of every Monster Modification, in pack order."""
    cards = [Card(MONSTER, m.id, k + 1) for m in pack.monsters.values() for k in range(m.deck_cards)]
    return cards + [Card(MODIFICATION, m.id, k + 1) for m in pack.modifications.values() for k in range(m.copies)]
