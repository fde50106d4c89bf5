"""Words the replay's sentences share (``sim.event_text`` for the game's events,
``sim.action_text`` for the heroes' decisions): ids named by the pack (:class:`Names`), counts
with their unit in the rulebook's words ("2 Action Points"), squares, the places of the
Character Mat, lists ("a, b and c") and any other value as words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doria_forge.engine.map.layout import local
from doria_forge.geometry import rotate_cell
from doria_forge.model import ContentPack
from doria_forge.model.words.common import a_noun, and_list, inside

NAMED_KINDS = ("character", "monster", "boss", "equipment", "trap", "door_event", "monster_modification",
               "room_tile")
"""The document kinds whose ids an event or action names (a hero's uid is a character id, a monster's a
monster or boss id with its figure's number)."""


class Names:
    """Readable names for the ids in events and actions, from ``pack`` (without a pack: the id in words).

    ``adventurer`` -> "Adventurer"; ``orc-1`` -> "Orc 1"; an item's uid
    ``adventurer/equipment:psi_dart:1`` and a card's ``equipment:psi_dart:1`` -> "Psi Dart";
    ``log_trap`` -> "Log Trap"; ``hollow_king-6`` -> "the Hollow King 6" (a name with its article
    reads inside a sentence); an ability's id ``hollow_king_raise_dead`` -> "the Hollow King's ability";
    anything else with its underscores as spaces."""

    def __init__(self, pack: ContentPack | None = None, board: Any = None) -> None:
        self.pack = pack
        self.board = board
        """The game's board whose Room Tiles name the squares (:meth:`square`); a replay sets it."""

    def square(self, value: Any) -> str:
        """A square by its Room Tile on :attr:`board` (:func:`square_on`)."""
        return square_on(self.board, value)

    def _document(self, doc_id: str) -> str | None:
        if self.pack is None:
            return None
        for kind in NAMED_KINDS:
            found = self.pack.get(kind, doc_id)
            if found is not None:
                # inside a sentence: "attacks the Hollow King 6" (a line's first letter is capitalised)
                return inside(str(getattr(found, "name", None) or doc_id))
        return None

    def _ability(self, ability_id: str) -> str | None:
        """A monster's or Boss Monster's ability by whose it is: the pack gives an ability an id
        (``hollow_king_raise_dead``) and its printed text, no name to read."""
        if self.pack is None:
            return None
        for kind in ("monster", "boss"):
            for doc in self.pack.of_kind(kind).values():
                ability = getattr(doc, "ability", None)
                if ability is not None and ability.id == ability_id:
                    return f"{inside(str(doc.name))}'s ability"
        return None

    def __call__(self, value: Any) -> str:
        text = str(value)
        card = text.rsplit("/", 1)[-1]  # an item's uid: its owner, then the card's uid
        if card.count(":") == 2:  # kind:id:copy
            doc_id = card.split(":")[1]
            return self._document(doc_id) or words(doc_id)
        named = self._document(text) or self._ability(text)
        if named is not None:
            return named
        base, _, number = text.rpartition("-")
        if base and number.isdigit():
            named = self._document(base)
            if named is not None:
                return f"{named} {number}"
        return words(text)


def words(text: str) -> str:
    """An id or field name as words: ``trap_type`` -> "trap type"."""
    return text.replace("_", " ")


def counted(n: Any, one: str, many: str | None = None) -> str:
    """``n`` with its unit, singular for 1 and -1: "1 Action Point", "3 Action Points"."""
    return f"{n} {one if n in (1, -1) else many or one + 's'}"


def action_points(n: Any) -> str:
    return counted(n, "Action Point")


def hit_points(n: Any) -> str:
    return counted(n, "Hit Point")


def psi_points(n: Any) -> str:
    return counted(n, "Psi Point")


def hp_and_pp(hp: Any, pp: Any) -> str:
    """Hit Points and Psi Points, those not 0: "3 Hit Points and 1 Psi Point" ("" for neither)."""
    return listed([hit_points(hp) if hp else "", psi_points(pp) if pp else ""])


def square_words(value: Any) -> str:
    """A square ``(row, col)`` of the dungeon's grid: "square (3, 4)" (:func:`square_on` names it
    by its Room Tile where the map is known)."""
    if _is_square(value):
        return f"square ({value[0]}, {value[1]})"
    return f"square {value}"


def _is_square(value: Any) -> bool:
    return isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(v, int) for v in value)


def square_on(board: Any, value: Any) -> str:
    """A square as the players find it on the table: "square [1, 3] of Room Tile B-4", its row and
    column as the Room Tile prints them before it was turned (as a scenario's places name squares,
    ``Place.describe``); :func:`square_words` where ``board`` (a game's board) has no placed Room
    Tile holding it, or no map."""
    layout = getattr(board, "layout", None)
    placed = layout.tile_at(tuple(value)) if layout is not None and _is_square(value) else None
    if placed is None:
        return square_words(value)
    row, col = rotate_cell(local(tuple(value)), -placed.rotation)
    return f"square [{row}, {col}] of Room Tile {placed.tile_id}"


PLACES = {"equip": "Body Zone", "belt": "Belt Zone", "backpack": "Backpack"}
"""Where a card goes on the Character Mat, in the rulebook's words."""


def place_words(value: Any) -> str:
    """A place of the Character Mat (``equip``, ``belt``, ``backpack``) in the rulebook's words."""
    return PLACES.get(str(value), words(str(value)))


def a_name(name: str) -> str:
    """A name with its indefinite article ("an Orc", "a Goblin"); one with its own article keeps
    it ("the Hollow King")."""
    return name if name.startswith("the ") else a_noun(name)


def shop_slot(slot: int) -> str:
    """A shop slot as the table shows it, counted from 1 (chapter *Phase B*: one slot in front of
    each of the three Loot Decks): slot 0 of the engine reads "shop slot 1"."""
    return f"shop slot {slot + 1}"


def listed(names: list[str]) -> str:
    """The non-empty ``names`` as "a", "a and b", "a, b and c" (``and_list``'s), "" for none."""
    names = [n for n in names if n]
    return and_list(names) if names else ""


def value_words(value: Any, names: Callable[[Any], str]) -> str:
    """Any field's value in words: yes / no, a square "(3, 4)", a list "a, b and c", a number as
    it is, anything else an id ``names`` names."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _is_square(value):
        return f"({value[0]}, {value[1]})"
    if isinstance(value, tuple | list):
        return listed([value_words(v, names) for v in value])
    if isinstance(value, int | float):
        return str(value)
    return names(value)


__all__ = ["NAMED_KINDS", "PLACES", "Names", "a_name", "action_points", "counted", "hit_points", "hp_and_pp", "listed",
           "place_words", "psi_points", "shop_slot", "square_on", "square_words", "value_words", "words"]
