"""Equipment cards: Loot Cards, Standard Items and Campaign Items.

Implements the card anatomy of chapters *Equipping Cards and Definition of
Symbols*, *Requirements of Equipment Cards* and *Additional Card Properties*.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .common import AttackType, Attribute, CardText, Dice, Element, Illustrated, Key, Line, Name, Requirements, Strict

Zone = Literal["1_hand", "2_hands", "head", "torso", "arms", "legs", "feet", "accessory", "body"]
"""Where a card is equipped. ``body`` means any body zone (potions, some spells)."""

ARMOR_ZONES: tuple[str, ...] = ("head", "torso", "arms", "legs", "feet", "accessory")


class AttackProfile(Strict):
    """One way to attack with a card; a Tomahawk has a thrown (ranged) and a swung (melee) profile.

    ``dice`` is the attack roll, ``damage`` the Hit Points dealt on a hit before
    armor, ``range`` in squares (orthogonal), ``ap`` the Action Point cost.
    ``requirements`` overrides the card's own when this use needs other attributes.
    """

    label: Line | None = None
    attack_type: AttackType
    dice: Dice
    damage: Annotated[int, Field(ge=0, le=30)]
    range: Annotated[int, Field(ge=0, le=30)] = 1
    ap: Annotated[int, Field(ge=0, le=60)]
    pp: Annotated[int, Field(ge=0, le=30)] = 0
    element: Element | None = None
    piercing: bool = False
    poison_markers: Annotated[int, Field(ge=0, le=10)] = 0
    immobilize: bool = False
    disarm: bool = False
    requirements: Requirements | None = None
    extra_damage_vs: dict[Key, Annotated[int, Field(ge=0, le=10)]] = Field(
        default_factory=dict, max_length=10,
        description="Extra damage against monsters with this flag, e.g. {undead: 1}.",
    )


Bonus = Annotated[int, Field(ge=-10, le=10)]
"""A bonus marker on a roll or a value: -10..10."""

PointsBonus = Annotated[int, Field(ge=-20, le=20)]
"""A bonus to Hit, Initiative or Psi Points: -20..20."""


class Bonuses(Strict):
    """Bonus markers a card grants while equipped on the body (chapter *Additional Card Properties*).

    Dice-roll bonuses add to every roll of that type; ``target_number`` lowers
    the TN of spells and items (never of Traps); ``strength`` counts only for
    Armor Encumbrance; ``hit_points``/``initiative_points``/``psi_points`` change
    the calculated values (negative = penalty); ``belt_slots`` adds Belt slots.
    Each lies in -10..10 (points in -20..20): what a marker on a card can say.
    """

    melee: Bonus = 0
    ranged: Bonus = 0
    magic: Bonus = 0
    defense: Bonus = 0
    psi_resistance: Bonus = 0
    target_number: Bonus = 0
    jump: Bonus = 0
    trap: Bonus = 0
    strength: Bonus = 0
    hit_points: PointsBonus = 0
    initiative_points: PointsBonus = 0
    psi_points: PointsBonus = 0
    belt_slots: Annotated[int, Field(ge=-5, le=5)] = 0


class TNCheck(Strict):
    """A Target Number check: ``attributes[0] + attributes[1] + 2D >= target_number``."""

    attributes: tuple[Attribute, Attribute]
    target_number: Annotated[int, Field(ge=1, le=99)]


class ItemEffect(Strict):
    """What using a potion or non-attack spell does, on success of its TN check if any."""

    heal_hp: Annotated[int, Field(ge=0, le=50)] = 0
    heal_pp: Annotated[int, Field(ge=0, le=50)] = 0
    remove_poison: Annotated[int, Field(ge=0, le=10)] | Literal["all"] = Field(
        0, description="Poison Markers removed: a number, or 'all' (antidotes)."
    )
    targets: Literal["self", "self_or_friend"] = "self"
    consumed: bool = False


class Equipment(Illustrated):
    """An equipment card (weapon, spell, armor, potion or other item).

    Shapes and units: ``requirements`` attribute -> minimum; ``ap`` Action Points
    to use (or, for armor and passive items, to repair); ``pp`` Psi Points per
    use; ``range`` squares; ``armor_rating`` damage points one hit's damage is
    reduced by; ``gold`` 0-3 coins (0 = no gold value). ``deck`` says which deck
    prints and shuffles it: ``loot``, ``standard`` (premade heroes' items) or
    ``campaign``. ``copies`` is how many of the card the deck holds.
    """

    kind: Literal["equipment"] = "equipment"
    name: Name
    name_de: Name | None = None
    card_type: Literal["weapon", "spell", "armor", "potion", "item"]
    deck: Literal["loot", "standard", "campaign"] = "loot"
    category: Name | None = Field(None, description="Set name (armor sets) or weapon category.")
    magic: bool = False
    requirements: Requirements = Field(default_factory=dict)
    zone: Zone
    ap: Annotated[int, Field(ge=0, le=60)] | None = None
    pp: Annotated[int, Field(ge=0, le=30)] | None = None
    range: Annotated[int, Field(ge=0, le=30)] | None = None
    attacks: list[AttackProfile] = Field(default_factory=list, max_length=4)
    defense: Dice | None = None
    psi_resistance: Dice | None = None
    armor_rating: Annotated[int, Field(ge=0, le=20)] | None = None
    vulnerability: Element | None = None
    bonuses: Bonuses = Field(default_factory=Bonuses)
    tn_check: TNCheck | None = None
    effect: ItemEffect | None = None
    gold: Annotated[int, Field(ge=0, le=3)] = 0
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    text: CardText = ""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    @model_validator(mode="after")
    def _armor_has_rating(self) -> Equipment:
        if self.card_type == "armor" and self.armor_rating is None:
            raise ValueError("armor cards need an armor_rating")
        if self.card_type == "weapon" and not self.attacks and self.defense is None:
            raise ValueError("a weapon needs at least one attack profile or a defense")
        return self

    @property
    def hands(self) -> int:
        """Hands the card occupies when held: 0, 1 or 2."""
        return {"1_hand": 1, "2_hands": 2}.get(self.zone, 0)
