"""Trap cards of the loot deck (chapter *Traps and Secret Doors*)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import NAME_DE, Attribute, CardText, Element, Illustrated, Name, Strict


class TrapEffect(Strict):
    """What a Trap does to each affected character who misses its Target Number.

    ``damage`` Hit Points (reduced by one armor piece unless ``ignores_armor``),
    ``poison_markers`` added, ``immobilize`` status, ``blocks_doors`` of the room.
    """

    damage: Annotated[int, Field(ge=0, le=30)] = 0
    """Hit Points dealt, reduced by one armor piece unless ignores_armor, 0-30."""
    ignores_armor: bool = False
    """true: armor does not reduce the damage."""
    element: Element | None = None
    """Element of the damage."""
    poison_markers: Annotated[int, Field(ge=0, le=10)] = 0
    """Poison Markers given, 0-10."""
    immobilize: bool = False
    """true: the character is Immobilized."""
    blocks_doors: bool = False
    """true: the room's doors are blocked until the trap is disarmed."""
    reveals_room_tile: bool = False
    """true: the next Room Tile is revealed."""


class Trap(Illustrated):
    """A Trap card. TN = ``tn_base + tn_per_ml x ML`` (ML = current Monster Level).

    ``trap_type``: ``person`` (the drawing character), ``area`` (characters around
    them), ``room`` (the whole Room Tile). ``xp`` goes to the Group XP, the card is
    worth ``gold`` 0-3 coins to the character who disarmed or suffered it.
    """

    kind: Literal["trap"] = "trap"
    name: Name
    """The trap's name, printed on its card (English edition)."""
    name_de: Name | None = NAME_DE
    trap_type: Literal["person", "area", "room"]
    """person (the drawing character), area (characters around them) or room (the whole Room Tile)."""
    check_attributes: tuple[Attribute, Attribute]
    """The two attributes added to 2D to avoid it."""
    tn_base: Annotated[int, Field(ge=0, le=99)]
    """Target Number before the Monster Level part, 0-99."""
    tn_per_ml: Annotated[int, Field(ge=0, le=20)] = 0
    """Target Number points per Monster Level, 0-20."""
    effect: TrapEffect = Field(default_factory=TrapEffect)
    """What it does to each character who fails the check."""
    xp: Annotated[int, Field(ge=0, le=10)] = 1
    """Group XP it gives, 0-10."""
    gold: Annotated[int, Field(ge=0, le=3)] = 0
    """Gold it is worth, 0-3 coins."""
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    """Cards of it in the loot deck, 1-20."""
    text: CardText = ""
    """The card text (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    def target_number(self, monster_level: int) -> int:
        """The Trap's TN at ``monster_level`` (1 or more)."""
        return self.tn_base + self.tn_per_ml * monster_level
