"""Deck composition, the same for every export format: which cards a pack prints, in which
deck, how many copies of each and with which back. It knows nothing of drawing: the PDF sheets
(``export.pdf``), the per-card PNGs (``export.png``), the Tabletop Simulator decks
(``export.tts``), preflight and the build's progress bar all read the decks from here and draw
each card's faces with the PDF code, so every output shows the same cards in the same order.

Decks (layout names, also the PDFs' file names), in print order, each with its own back:

- ``loot``: equipment of the loot deck, then Traps, each in its ``copies``;
- ``monster``: monster cards (``deck_cards`` each), then Monster Modifications (``copies``);
- ``monster_level``: Monster Level Cards by level, then monster, then id; each back shows its
  level (back ``monster_level_<level>``);
- ``boss``: one card per Boss Monster, all four levels on it;
- ``hero``: one card per hero (character); ``standard_items``, ``campaign_items``: equipment of
  those decks in its ``copies``; ``door_events`` in their ``copies``;
- ``room_tiles``: one per Room Tile, always at the tile size (``fixed_card_size``).

Within a kind, ids are sorted (``ContentPack.own_of_kind``); an expansion prints only its own
documents (those it adds, replaces or patches), a pack printed with its dependencies
(``ContentPack.printing(None)``) everything. A deck without cards is left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_forge.i18n import t
from doria_forge.model import (
    Boss,
    Character,
    ContentPack,
    DoorEvent,
    Equipment,
    Monster,
    MonsterLevel,
    MonsterModification,
    RoomTile,
    Trap,
)

if TYPE_CHECKING:
    from .layouts import LayoutFile, LayoutOverrides

__all__ = ["DECK_OF_EQUIPMENT", "DECK_TITLES", "DeckCard", "DeckPlan", "compose_decks", "level_back_key",
           "printed_cards", "shop_size_advice"]

DECK_TITLES = {"loot": "Loot Cards", "monster": "Monster Deck", "monster_level": "Monster Level Cards",
               "boss": "Boss Monster Cards", "hero": "Hero Cards", "standard_items": "Standard Items",
               "campaign_items": "Campaign Items", "door_events": "Door Events", "room_tiles": "Room Tiles"}
"""Card decks in print order, with their titles."""

DECK_OF_EQUIPMENT = {"loot": "loot", "standard": "standard_items", "campaign": "campaign_items"}
"""The deck (layout name) of each equipment ``deck`` value."""

TILE_DECK = "room_tiles"
"""The deck of Room Tiles: printed at the tile size whatever the card sizes say."""


def level_back_key(level: int) -> str:
    """The back of a Monster Level Card of ``level``: the level shows on the back, so a level
    can be sorted face down."""
    return f"monster_level_{level}"


@dataclass(frozen=True)
class DeckCard:
    """One card a pack prints: ``kind`` and ``doc_id`` of its document (``ref`` is
    ``kind:id``), the ``deck`` it belongs to, how many ``copies`` the deck holds (at least 0)
    and its ``back``: the name of a deck whose back it wears, or ``monster_level_<level>``."""

    kind: str
    doc_id: str
    deck: str
    copies: int
    back: str

    @property
    def ref(self) -> str:
        """``kind:id``: what per-card images and virtual-table decks are named by."""
        return f"{self.kind}:{self.doc_id}"


@dataclass(frozen=True)
class DeckPlan:
    """One deck to print: layout ``name`` (also its file stem), ``title``, its cards in print
    order (each once, with its copies) and a card size nothing may override (Room Tiles: ``tile``)."""

    name: str
    title: str
    cards: tuple[DeckCard, ...]
    fixed_card_size: str | None = None

    @property
    def count(self) -> int:
        """Physical cards in the deck (every copy)."""
        return sum(card.copies for card in self.cards)


def printed_cards(pack: ContentPack) -> Iterator[DeckCard]:
    """Every card and Room Tile the pack prints, once each, in kind order (equipment, Traps,
    monsters, Monster Modifications, Monster Level Cards by level, bosses, heroes, Door Events,
    Room Tiles; ids sorted within a kind)."""
    for item in pack.own_of(Equipment).values():
        deck = DECK_OF_EQUIPMENT[item.deck]
        yield DeckCard("equipment", item.id, deck, item.copies, deck)
    for trap in pack.own_of(Trap).values():
        yield DeckCard("trap", trap.id, "loot", trap.copies, "loot")
    for monster in pack.own_of(Monster).values():
        yield DeckCard("monster", monster.id, "monster", monster.deck_cards, "monster")
    for mod in pack.own_of(MonsterModification).values():
        yield DeckCard("monster_modification", mod.id, "monster", mod.copies, "monster")
    for level in sorted(pack.own_of(MonsterLevel).values(), key=lambda c: (c.level, c.monster, c.id)):
        yield DeckCard("monster_level", level.id, "monster_level", 1, level_back_key(level.level))
    for boss in pack.own_of(Boss).values():
        yield DeckCard("boss", boss.id, "boss", 1, "boss")
    for hero in pack.own_of(Character).values():
        yield DeckCard("character", hero.id, "hero", 1, "hero")
    for event in pack.own_of(DoorEvent).values():
        yield DeckCard("door_event", event.id, "door_events", event.copies, "door_events")
    for tile in pack.own_of(RoomTile).values():
        yield DeckCard("room_tile", tile.id, TILE_DECK, 1, TILE_DECK)


def compose_decks(pack: ContentPack) -> list[DeckPlan]:
    """The decks of ``pack`` in print order (``DECK_TITLES``, in the language being printed), each
    with its cards in kind order; decks without cards are left out (see the module docstring)."""
    cards: dict[str, list[DeckCard]] = {name: [] for name in DECK_TITLES}
    for card in printed_cards(pack):
        cards[card.deck].append(card)
    # titled in the edition being printed (doria_forge.i18n.language): the PDF's title, the TTS deck
    return [DeckPlan(name, t(DECK_TITLES[name]), tuple(deck), "tile" if name == TILE_DECK else None)
            for name, deck in cards.items() if any(card.copies for card in deck)]


def shop_size_advice(pack: ContentPack, layout_data: LayoutFile, overrides: LayoutOverrides | None = None) -> list[str]:
    """What to tell the designer about each deck of ``pack`` printed at a card size the print
    profile of ``layout_data`` does not list (``PrintProfile.size_advice``), in print order; nothing
    without a profile. ``export png`` and ``export pdf --profile`` say it before drawing, as
    ``preflight`` does at the deck's first card."""
    profile = layout_data.profile
    if profile is None:
        return []
    found = []
    for plan in compose_decks(pack):
        sheet = layout_data.for_deck(plan.name, overrides, fixed_card_size=plan.fixed_card_size)
        advice = profile.size_advice(plan.name, sheet.card_size, sheet.card_mm)
        if advice:
            found.append(advice)
    return found
