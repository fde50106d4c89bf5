"""Monsters, Monster Level Cards and Monster Modifications.

Chapters *Monster Activation*, *Combat*, *Hero and Monster Level*; the monster
abilities are listed in shared/rules/NOTES.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field

from .common import NAME_DE, AttackType, CardText, Dice, Element, Illustrated, Key, Name, Ref, RefId, Strict

MonsterFlag = Literal[
    "undead",  # Sun Staff and similar do extra damage
    "flying",  # crosses holes and red-bordered squares
    "immune_to_ranged",  # skeleton
    "hurt_only_by_magic",  # poltergeist: only spells or magic weapons hurt it
    "magic_items_ineffective",  # mummy: magic weapons and armor do not work against it
    "passes_walls",  # poltergeist
]


class Ability(Strict):
    """A monster ability: ``id`` keys the engine's implementation, ``text`` is printed on the card."""

    id: Key
    """Id of the behaviour the engine plays for this ability."""
    text: CardText
    """The ability as printed on the monster's cards (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")


class MonsterTraits(Illustrated):
    """What a monster is at every level, shared by monster types and Boss Monster cards.

    ``range`` in squares; ``action_points``: how far it moves before it attacks and
    where it sits on the Initiative Board; ``priority``: the letter that orders
    monsters on the same initiative (A first); ``vulnerability``: the element its
    armor does not stop; ``damage_element``: the element of its attacks.
    """

    name: Name
    """The monster's name, printed on its cards (English edition)."""
    name_de: Name | None = None
    """The monster's name in the German edition (Ork for the Orc)."""
    attack_type: AttackType
    """melee, ranged or magic: how it attacks and which defense parries it."""
    range: Annotated[int, Field(ge=1, le=12)]
    """Reach of its attacks in squares, 1-12."""
    action_points: Annotated[int, Field(ge=1, le=40)]
    """Action Points: how far it moves before attacking, and its place on the Initiative Board, 1-40."""
    vulnerability: Element | None = None
    """Element its armor does not stop."""
    damage_element: Element | None = None
    """Element of its attacks' damage."""
    priority: Literal["A", "B", "C", "D"]
    """A-D: the order of monsters on the same initiative (A acts first)."""
    ability: Ability | None = None
    """Its special ability: the behaviour id and the printed text."""
    flags: list[MonsterFlag] = Field(default_factory=list, max_length=10)
    """Traits the rules look at: undead, flying, immune_to_ranged, hurt_only_by_magic, magic_items_ineffective,
    passes_walls."""
    text: CardText = ""
    """Flavour text printed on its cards (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    def has(self, flag: str) -> bool:
        return flag in self.flags


class Monster(MonsterTraits):
    """A monster type; its per-level numbers live on its Monster Level Cards.

    ``figures``: figures in the box; ``deck_cards``: monster cards of this type in
    the monster deck.
    """

    kind: Literal["monster"] = "monster"
    figures: Annotated[int, Field(ge=1, le=20)]
    """Figures of this monster in the box, 1-20."""
    deck_cards: Annotated[int, Field(ge=0, le=40)]
    """Monster cards of this type in the monster deck, 0-40."""


class LevelStats(Strict):
    """The numbers of a monster at one Monster Level (1-4), as a Monster Level Card or a
    Boss Monster row prints them: ``attack``, ``defense``, ``psi_resistance`` are dice
    expressions; ``damage`` and ``hit_points`` in points; ``armor_rating`` the points
    every hit must exceed."""

    level: Annotated[int, Field(ge=1, le=4)]
    """The Monster Level, 1-4."""
    attack: Dice
    """Attack roll, as a dice expression."""
    defense: Dice
    """Defense roll against melee and ranged attacks, as a dice expression."""
    psi_resistance: Dice
    """Defense roll against magic attacks, as a dice expression."""
    damage: Annotated[int, Field(ge=0, le=30)]
    """Hit Points a hit deals before armor, 0-30."""
    hit_points: Annotated[int, Field(ge=1, le=50)]
    """Hit Points of one figure, 1-50."""
    armor_rating: Annotated[int, Field(ge=0, le=20)]
    """Damage points every hit must exceed, 0-20."""


class MonsterLevel(Illustrated, LevelStats):
    """A Monster Level Card: monster ``monster``'s numbers at one Monster Level (see ``LevelStats``)."""

    kind: Literal["monster_level"] = "monster_level"
    monster: RefId
    """Id of the monster this Monster Level Card belongs to."""

    def references(self) -> Iterable[Ref]:
        yield (("monster",), "monster", self.monster)


Modifier = Annotated[int, Field(ge=-20, le=20)]


class StatModifiers(Strict):
    """Flat changes a Monster Modification makes to the monster it is attached to
    (each -20..20: a level card's numbers stay in a range a game can have)."""

    attack: Modifier = 0
    """Points added to the monster's attack rolls."""
    defense: Modifier = 0
    """Points added to its defense rolls."""
    psi_resistance: Modifier = 0
    """Points added to its psi resistance rolls."""
    damage: Modifier = 0
    """Points added to the damage of its hits."""
    hit_points: Modifier = 0
    """Hit Points added."""
    armor_rating: Modifier = 0
    """Points added to its Armor Rating."""
    action_points: Modifier = 0
    """Action Points added."""


class MonsterModification(Illustrated):
    """A Monster Modification card of the monster deck (chapter *Monster Icons on a Room Tile*).

    ``effect_id`` keys the engine's implementation of anything beyond ``modifiers``;
    ``extra_xp`` Group XP and ``extra_loot`` Loot Cards on top of the standard 1;
    ``copies`` in the monster deck; ``extra_figures`` more monsters placed (Horde);
    ``defeat_damage`` HP dealt to every character next to the monster when it is defeated
    (Explosion; one armor card may block, other monsters are unharmed).
    """

    kind: Literal["monster_modification"] = "monster_modification"
    name: Name
    """The modification's name, printed on its card (English edition)."""
    name_de: Name | None = NAME_DE
    effect_id: Key
    """Id of the engine behaviour beyond the stat changes."""
    text: CardText
    """The card text (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")
    modifiers: StatModifiers = Field(default_factory=StatModifiers)
    """Flat changes to the monster's numbers."""
    damage_element: Element | None = Field(None, description="The monster's attacks deal this element's damage.")
    extra_figures: Annotated[int, Field(ge=0, le=5)] = 0
    """More monsters of the type placed with it (Horde), 0-5."""
    defeat_damage: Annotated[int, Field(ge=0, le=20)] = Field(
        0, description="HP dealt to each character next to the monster when it is defeated (armor may block).")
    acts_in_phase_f: bool = False
    """true: it acts in Phase F every round (Necromancer)."""
    extra_xp: Annotated[int, Field(ge=0, le=10)] = 0
    """Group XP on top of the usual 1 when it is defeated, 0-10."""
    extra_loot: Annotated[int, Field(ge=0, le=10)] = 0
    """Loot Cards on top of the usual 1 when it is defeated, 0-10."""
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    """Cards of it in the monster deck, 1-20."""
