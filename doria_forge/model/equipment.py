"""Equipment cards: Loot Cards, Standard Items and Campaign Items.

Implements the card anatomy of chapters *Equipping Cards and Definition of
Symbols*, *Requirements of Equipment Cards* and *Additional Card Properties*.
"""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .behaviours import MonsterFlag
from .common import (
    AttackType,
    Attribute,
    CardText,
    Dice,
    Element,
    Illustrated,
    Line,
    Name,
    Requirements,
    Strict,
    empty_dict,
    empty_list,
)

Zone = Literal["1_hand", "2_hands", "head", "torso", "arms", "legs", "feet", "accessory", "body"]
"""Where a card is equipped. ``body`` means any body zone (potions, some spells)."""

ARMOR_ZONES: tuple[str, ...] = ("head", "torso", "arms", "legs", "feet", "accessory")


AreaShape = Literal["line", "adjacent_to_target", "spread", "all_in_range", "chain"]
"""The shapes of an area effect: the hit patterns the monsters' behaviours already have
(``hit_line``, ``hit_adjacent_to_target``, ``hit_spread``, ``hit_all_in_range``, ``hit_chain``),
worked out on the map by the same code (``engine.area``)."""

_AREA_NUMBER = {"line": "length", "adjacent_to_target": "extra", "chain": "range"}
"""The one number each shape needs (the others need none)."""


class AreaEffect(Strict):
    """An area effect of an attack (FAQ *On items that say they 'affect friends'*, *Can a spell or
    weapon with an area effect also target other things*): ONE attack roll against the target and
    every other figure the shape covers, each defending with its own roll.

    ``shape``: ``line`` - the target and the figures in Line of Sight on the straight orthogonal
    line from the attacker through the target, up to ``length`` squares from the attacker;
    ``adjacent_to_target`` - the target and up to ``extra`` figures on the squares orthogonally
    next to it; ``spread`` - the target and every figure next to it (a fireball);
    ``all_in_range`` - every figure the attack reaches (range and Line of Sight);
    ``chain`` - the target, then every figure within ``range`` squares (and Line of Sight) of a
    figure already hit, branching (Chain Lightning). Walls stop an area effect; Red Borders,
    Holes and figures do not (chapter *Line of Sight*).
    """

    shape: AreaShape
    """line, adjacent_to_target, spread, all_in_range or chain."""
    length: Annotated[int, Field(ge=1, le=12)] | None = Field(None, examples=[3])
    """line only: squares of the line, counted from the attacker (1-12)."""
    extra: Annotated[int, Field(ge=1, le=4)] | None = Field(None, examples=[1])
    """adjacent_to_target only: figures next to the target also hit (1-4)."""
    range: Annotated[int, Field(ge=1, le=12)] | None = Field(None, examples=[2])
    """chain only: squares from a figure hit to the next one (1-12)."""

    @model_validator(mode="after")
    def _numbers_fit_shape(self) -> "AreaEffect":
        needed = _AREA_NUMBER.get(self.shape)
        for name in ("length", "extra", "range"):
            given = getattr(self, name) is not None
            if name == needed and not given:
                raise ValueError(f"an area of shape {self.shape} needs {name}")
            if name != needed and given:
                wants = f"its number is {needed}" if needed else "it takes no number"
                raise ValueError(f"{name} does not belong to an area of shape {self.shape} ({wants})")
        return self


class AttackProfile(Strict):
    """One way to attack with a card; a Tomahawk has a thrown (ranged) and a swung (melee) profile.

    ``dice`` is the attack roll, ``damage`` the Hit Points dealt on a hit before
    armor, ``range`` in squares (orthogonal), ``ap`` the Action Point cost.
    ``requirements`` overrides the card's own when this use needs other attributes.
    ``element``, ``piercing``, ``poison_markers``, ``immobilize``, ``disarm`` and
    ``extra_damage_vs`` are its effects on a hit (chapter *Additional Card Properties*).
    ``area`` makes it an area attack (``AreaEffect``); ``affects_friends`` lets that area hit
    the other characters too (FAQ *On items that say they "affect friends"*).
    """

    label: Line | None = None
    """Name of this way to attack when a card has several (thrown, swung)."""
    label_de: Line | None = None
    """The name in German (the German edition); the English one prints where it is missing."""
    attack_type: AttackType
    """melee or ranged (parried with defense) or magic (parried with psi resistance)."""
    dice: Dice
    """The attack roll, as a dice expression (ND+B)."""
    damage: Annotated[int, Field(ge=0, le=30)]
    """Hit Points a hit deals before armor, 0-30."""
    range: Annotated[int, Field(ge=0, le=30)] = 1
    """Reach in squares, counted orthogonally (1 = adjacent)."""
    ap: Annotated[int, Field(ge=0, le=60)]
    """Action Points one attack costs."""
    pp: Annotated[int, Field(ge=0, le=30)] = 0
    """Psi Points one attack costs (spells)."""
    element: Element | None = Field(
        None, description="Element of the damage: a monster's Armor Rating does not count against the element of "
                          "its vulnerability.")
    piercing: bool = Field(False, description="The damage ignores the monster's Armor Rating.")
    poison_markers: Annotated[int, Field(ge=0, le=10)] = Field(
        0, description="Poison Markers a hit that costs the monster Hit Points gives it (1 HP each in Phase E).")
    immobilize: bool = Field(False, description="A hit Immobilizes the monster: it stands through its next "
                                                "activation, which ends the status.")
    disarm: bool = Field(False, description="A hit Disarms the monster (one die less on every roll; once).")
    requirements: Requirements | None = None
    """Attribute minimums for this use, when they differ from the card's."""
    extra_damage_vs: dict[MonsterFlag, Annotated[int, Field(ge=0, le=10)]] = Field(
        default_factory=empty_dict, max_length=10,
        description="Extra damage against monsters with a flag (undead, flying, ...), e.g. {undead: 1}.",
    )
    area: AreaEffect | None = Field(
        None, examples=[{"shape": "spread"}, {"shape": "line", "length": 3}],
        description="An area effect: one attack roll against the target and every figure of the area, each "
                    "defending on its own (shape line + length, adjacent_to_target + extra, spread, all_in_range, "
                    "chain + range).")
    affects_friends: bool = Field(
        False, description="The area effect also hits the other characters in it: each rolls defense (psi "
                           "resistance against magic) and takes the same damage if not defended (FAQ). Needs an "
                           "area; the attacker is never hit.")

    @model_validator(mode="after")
    def _friends_need_area(self) -> "AttackProfile":
        if self.affects_friends and self.area is None:
            raise ValueError("affects_friends needs an area effect (area: {shape: ...}): only an area hits friends")
        return self


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
    """Dice-roll bonus (points) to every melee attack while equipped."""
    ranged: Bonus = 0
    """Dice-roll bonus (points) to every ranged attack while equipped."""
    magic: Bonus = 0
    """Dice-roll bonus (points) to every magic attack while equipped."""
    defense: Bonus = 0
    """Bonus (points) to every defense roll while equipped."""
    psi_resistance: Bonus = 0
    """Bonus (points) to every psi resistance roll while equipped."""
    target_number: Bonus = 0
    """Points the Target Number of spells and items is lowered by (never a Trap's)."""
    jump: Bonus = 0
    """Bonus (points) to jump checks."""
    trap: Bonus = 0
    """Bonus (points) to checks against Traps."""
    strength: Bonus = 0
    """STR points that count only against Armor Encumbrance."""
    hit_points: PointsBonus = 0
    """Change to the hero's HP (negative: a penalty)."""
    initiative_points: PointsBonus = 0
    """Change to the hero's Initiative Points (negative: a penalty)."""
    psi_points: PointsBonus = 0
    """Change to the hero's Psi Points (negative: a penalty)."""
    belt_slots: Annotated[int, Field(ge=-5, le=5)] = 0
    """Extra Belt slots while equipped."""


class TNCheck(Strict):
    """A Target Number check: ``attributes[0] + attributes[1] + 2D >= target_number``."""

    attributes: tuple[Attribute, Attribute]
    """The two attributes added to 2D for the check."""
    target_number: Annotated[int, Field(ge=1, le=99)]
    """The Target Number the check must reach, 1-99."""


class ItemEffect(Strict):
    """What using a potion or non-attack spell does, on success of its TN check if any
    (chapters *Attack or Use Items*, *Psi Spells*; ``engine.combat.use_item``). The
    vocabulary of item effects: every field is one effect, all of them may combine."""

    heal_hp: Annotated[int, Field(ge=0, le=50)] = Field(
        0, description="Hit Points the target regains (up to its maximum).")
    heal_pp: Annotated[int, Field(ge=0, le=50)] = Field(
        0, description="Psi Points the target regains (up to its maximum).")
    remove_poison: Annotated[int, Field(ge=0, le=10)] | Literal["all"] = Field(
        0, description="Poison Markers removed: a number, or 'all' (antidotes)."
    )
    targets: Literal["self", "self_or_friend"] = Field(
        "self", description="self: only its user; self_or_friend: its user or a friend in range (a potion: "
                            "range 1, 'to infuse a character within range 1'; a spell: its range).")
    consumed: bool = Field(False, description="The card is discarded after use (potions).")


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
    """The card's title (English edition)."""
    name_de: Name | None = None
    """The card's title in the German edition."""
    card_type: Literal["weapon", "spell", "armor", "potion", "item"]
    """weapon, spell, armor, potion or item: the card's colour and rules."""
    deck: Literal["loot", "standard", "campaign"] = "loot"
    """Which deck prints and shuffles it: loot, standard (premade heroes' items) or campaign."""
    category: Name | None = Field(None, description="Set name (armor sets) or weapon category.")
    category_de: Name | None = Field(None, description="The set name or weapon category in German (the German "
                                     "edition); the English one prints where it is missing.")
    magic: bool = False
    """true: a magic item (the Mummy ignores it, the Poltergeist fears it)."""
    requirements: Requirements = Field(default_factory=empty_dict)
    """Attribute minimums to equip it, each 1-30 points."""
    zone: Zone
    """Where it is equipped: 1_hand, 2_hands, head, torso, arms, legs, feet, accessory or body."""
    ap: Annotated[int, Field(ge=0, le=60)] | None = None
    """Action Points to use it (armor and passive items: to repair it)."""
    pp: Annotated[int, Field(ge=0, le=30)] | None = None
    """Psi Points per use."""
    range: Annotated[int, Field(ge=0, le=30)] | None = None
    """Reach in squares."""
    attacks: list[AttackProfile] = Field(default_factory=empty_list, max_length=4)
    """The ways to attack with it (attack profiles); weapons need one or a defense."""
    defense: Dice | None = None
    """Defense roll it gives while held, as a dice expression."""
    psi_resistance: Dice | None = None
    """Psi resistance roll it gives while equipped, as a dice expression."""
    armor_rating: Annotated[int, Field(ge=0, le=20)] | None = None
    """Damage points each hit is reduced by (armor), 0-20."""
    vulnerability: Element | None = None
    """Element the armor does not stop (fire, water, earth, air)."""
    bonuses: Bonuses = Field(default_factory=Bonuses)
    """Bonus markers it grants while equipped on the body."""
    tn_check: TNCheck | None = None
    """The Target Number check using it needs (spells, some items)."""
    effect: ItemEffect | None = None
    """What using it does (potions, healing spells)."""
    gold: Annotated[int, Field(ge=0, le=3)] = 0
    """Gold value in the shop, 0-3 coins (0: no gold value)."""
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    """How many of this card the deck holds, 1-20."""
    text: CardText = ""
    """Card text: rules notes and flavour (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    @model_validator(mode="after")
    def _armor_has_rating(self) -> "Equipment":
        if self.card_type == "armor" and self.armor_rating is None:
            raise ValueError("armor cards need an armor_rating")
        if self.card_type == "weapon" and not self.attacks and self.defense is None:
            raise ValueError("a weapon needs at least one attack profile or a defense")
        return self

    @property
    def hands(self) -> int:
        """Hands the card occupies when held: 0, 1 or 2."""
        return {"1_hand": 1, "2_hands": 2}.get(self.zone, 0)
