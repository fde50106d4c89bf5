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
    text: CardText
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
    name_de: Name | None = None
    attack_type: AttackType
    range: Annotated[int, Field(ge=1, le=12)]
    action_points: Annotated[int, Field(ge=1, le=40)]
    vulnerability: Element | None = None
    damage_element: Element | None = None
    priority: Literal["A", "B", "C", "D"]
    ability: Ability | None = None
    flags: list[MonsterFlag] = Field(default_factory=list, max_length=10)
    text: CardText = ""
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
    deck_cards: Annotated[int, Field(ge=0, le=40)]


class LevelStats(Strict):
    """The numbers of a monster at one Monster Level (1-4), as a Monster Level Card or a
    Boss Monster row prints them: ``attack``, ``defense``, ``psi_resistance`` are dice
    expressions; ``damage`` and ``hit_points`` in points; ``armor_rating`` the points
    every hit must exceed."""

    level: Annotated[int, Field(ge=1, le=4)]
    attack: Dice
    defense: Dice
    psi_resistance: Dice
    damage: Annotated[int, Field(ge=0, le=30)]
    hit_points: Annotated[int, Field(ge=1, le=50)]
    armor_rating: Annotated[int, Field(ge=0, le=20)]


class MonsterLevel(Illustrated, LevelStats):
    """A Monster Level Card: monster ``monster``'s numbers at one Monster Level (see ``LevelStats``)."""

    kind: Literal["monster_level"] = "monster_level"
    monster: RefId

    def references(self) -> Iterable[Ref]:
        yield (("monster",), "monster", self.monster)


Modifier = Annotated[int, Field(ge=-20, le=20)]


class StatModifiers(Strict):
    """Flat changes a Monster Modification makes to the monster it is attached to
    (each -20..20: a level card's numbers stay in a range a game can have)."""

    attack: Modifier = 0
    defense: Modifier = 0
    psi_resistance: Modifier = 0
    damage: Modifier = 0
    hit_points: Modifier = 0
    armor_rating: Modifier = 0
    action_points: Modifier = 0


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
    name_de: Name | None = NAME_DE
    effect_id: Key
    text: CardText
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")
    modifiers: StatModifiers = Field(default_factory=StatModifiers)
    damage_element: Element | None = Field(None, description="The monster's attacks deal this element's damage.")
    extra_figures: Annotated[int, Field(ge=0, le=5)] = 0
    defeat_damage: Annotated[int, Field(ge=0, le=20)] = Field(
        0, description="HP dealt to each character next to the monster when it is defeated (armor may block).")
    acts_in_phase_f: bool = False
    extra_xp: Annotated[int, Field(ge=0, le=10)] = 0
    extra_loot: Annotated[int, Field(ge=0, le=10)] = 0
    copies: Annotated[int, Field(ge=1, le=20)] = 1
