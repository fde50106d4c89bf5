"""Monsters, Monster Level Cards and Monster Modifications.

Chapters *Monster Activation*, *Combat*, *Hero and Monster Level*; the monster
abilities are listed in shared/rules/NOTES.md and written with the behaviours of
:mod:`doria_forge.model.behaviours`.
"""

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, model_validator

from .behaviours import (
    FLAG_BEHAVIOURS,
    Behaviour,
    ModificationBehaviour,
    MonsterFlag,
    behaviour_references,
    check_combination,
)
from .common import NAME_DE, AttackType, CardText, Dice, Element, Illustrated, Key, Name, Ref, RefId, Strict, empty_list

__all__ = ["Ability", "LevelStats", "Monster", "MonsterFlag", "MonsterLevel", "MonsterModification",
           "MonsterTraits", "StatModifiers"]


class Ability(Strict):
    """A monster ability: ``id`` names it (event logs, simulation notes), ``text`` is printed
    on the card, ``behaviours`` are what the engine plays (the vocabulary of
    :mod:`~doria_forge.model.behaviours`; ``[]`` for an ability only printed, which the
    simulation cannot play; the ``ability-behaviours`` rule warns when the list is not written)."""

    id: Key
    """Names the ability in event logs and simulation notes (what it does is ``behaviours``)."""
    text: CardText
    """The ability as printed on the monster's cards (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")
    behaviours: list[Behaviour] = Field(
        default_factory=empty_list, max_length=10,
        description="What the ability does, from the behaviour vocabulary (`doria-forge abilities` lists it); "
                    "write [] for printed text the simulation does not play (validate warns when the list is "
                    "left out).")

    @model_validator(mode="after")
    def _combination(self) -> "Ability":
        check_combination(self.behaviours)
        return self


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
    flags: list[MonsterFlag] = Field(default_factory=empty_list, max_length=10)
    """Traits the rules look at: undead, flying, immune_to_ranged, hurt_only_by_magic, magic_items_ineffective,
    passes_walls."""
    text: CardText = ""
    """Flavour text printed on its cards (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def behaviours(self) -> list:
        """What the monster does: its ability's behaviours, then those its flags switch on."""
        own = list(self.ability.behaviours) if self.ability is not None else []
        return own + [FLAG_BEHAVIOURS[f] for f in self.flags if f in FLAG_BEHAVIOURS]

    def references(self) -> Iterable[Ref]:
        if self.ability is not None:
            yield from behaviour_references(self.ability.behaviours, ("ability", "behaviours"))


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

    ``modifiers`` are flat stat changes; ``behaviours`` what the card makes the monster do
    (the vocabulary of :mod:`~doria_forge.model.behaviours`, plus ``horde``); ``extra_xp``
    Group XP and ``extra_loot`` Loot Cards on top of the standard 1; ``copies`` in the
    monster deck.
    """

    kind: Literal["monster_modification"] = "monster_modification"
    name: Name
    """The modification's name, printed on its card (English edition)."""
    name_de: Name | None = NAME_DE
    text: CardText
    """The card text (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")
    modifiers: StatModifiers = Field(default_factory=StatModifiers)
    """Flat changes to the monster's numbers."""
    behaviours: list[ModificationBehaviour] = Field(
        default_factory=empty_list, max_length=10,
        description="What the card makes the monster do, from the behaviour vocabulary (`doria-forge abilities`).")
    extra_xp: Annotated[int, Field(ge=0, le=10)] = Field(
        0, description="Group XP for defeating the monster, on top of rules.xp_per_defeat.")
    extra_loot: Annotated[int, Field(ge=0, le=10)] = Field(
        0, description="Loot Cards the hero who defeats it draws, on top of rules.loot_per_defeat.")
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    """Cards of it in the monster deck, 1-20."""

    @model_validator(mode="after")
    def _combination(self) -> "MonsterModification":
        check_combination(self.behaviours)
        return self

    def references(self) -> Iterable[Ref]:
        return behaviour_references(self.behaviours, ("behaviours",))

    @property
    def extra_figures(self) -> int:
        """More monsters of the type placed with this card (``horde``), 0-5 each."""
        return sum(b.adds_figures() for b in self.behaviours)

    @property
    def acts_in_phase_f(self) -> bool:
        """Whether the card acts in Phase F (``summon``, ``raise_dead``; printed in its corner)."""
        return any(b.acts_in_phase_f for b in self.behaviours)
