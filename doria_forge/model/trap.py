"""Trap cards of the loot deck (chapter *Traps and Secret Doors*)."""

from typing import Annotated, Literal

from pydantic import Field

from .common import NAME_DE, Attribute, CardText, Element, Illustrated, Name, Strict


class TrapEffect(Strict):
    """What a Trap does to each affected character who misses its Target Number (chapter
    *Traps and Secret Doors*; ``engine.traps`` and, on the map, ``Dungeon.trap_sprung``).

    The vocabulary of trap effects: every field is one effect, all of them may combine.
    ``damage`` Hit Points (reduced by one armor card unless ``ignores_armor``; armor
    vulnerable to ``element`` does not block), ``poison_markers`` added, ``immobilize``
    status; on the map ``blocks_doors`` of the room, ``reveals_room_tile`` behind a Secret
    Door and ``places_marker`` (a Hole, Rubble, Fire, Ice or Air marker under each character
    who fails: chapter *Dungeon Markers*).
    """

    damage: Annotated[int, Field(ge=0, le=30)] = Field(
        0, description="Hit Points each character who fails loses (one armor card may block part of it).")
    ignores_armor: bool = Field(False, description="No armor card may block the damage.")
    element: Element | None = Field(None, description="Element of the damage: armor vulnerable to it does not block.")
    poison_markers: Annotated[int, Field(ge=0, le=10)] = Field(
        0, description="Poison Markers each character who fails receives (they act in Phase E).")
    immobilize: bool = Field(False, description="Each character who fails is Immobilized; it makes this Trap's check "
                                                "again in each Phase F and is free on a success.")
    blocks_doors: bool = Field(
        False, description="On the map, when anyone failed: the doors of the drawer's room get Blocked Door markers "
                           "until a character in it disarms the Trap in Phase F (the Trap's check).")
    reveals_room_tile: bool = Field(
        False, description="On the map: a Secret Door opens in a wall side of the drawer's Room Tile and the next "
                           "Room Tile is placed behind it.")
    places_marker: Literal["hole", "rubble", "fire", "ice", "air"] | None = Field(
        None, examples=["hole"],
        description="On the map: this Dungeon Marker is put under every character who fails. On a Hole the "
                    "character stays until its next move action and the others must jump over it; under Rubble "
                    "it is buried until the Rubble is cleared (attacked only within range 1); Fire, Ice and Air "
                    "act as the scenario says. (The doors of the room: blocks_doors.)")


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
