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
    ignores_armor: bool = False
    element: Element | None = None
    poison_markers: Annotated[int, Field(ge=0, le=10)] = 0
    immobilize: bool = False
    blocks_doors: bool = False
    reveals_room_tile: bool = False


class Trap(Illustrated):
    """A Trap card. TN = ``tn_base + tn_per_ml x ML`` (ML = current Monster Level).

    ``trap_type``: ``person`` (the drawing character), ``area`` (characters around
    them), ``room`` (the whole Room Tile). ``xp`` goes to the Group XP, the card is
    worth ``gold`` 0-3 coins to the character who disarmed or suffered it.
    """

    kind: Literal["trap"] = "trap"
    name: Name
    name_de: Name | None = NAME_DE
    trap_type: Literal["person", "area", "room"]
    check_attributes: tuple[Attribute, Attribute]
    tn_base: Annotated[int, Field(ge=0, le=99)]
    tn_per_ml: Annotated[int, Field(ge=0, le=20)] = 0
    effect: TrapEffect = Field(default_factory=TrapEffect)
    xp: Annotated[int, Field(ge=0, le=10)] = 1
    gold: Annotated[int, Field(ge=0, le=3)] = 0
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    text: CardText = ""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    def target_number(self, monster_level: int) -> int:
        """The Trap's TN at ``monster_level`` (1 or more)."""
        return self.tn_base + self.tn_per_ml * monster_level
