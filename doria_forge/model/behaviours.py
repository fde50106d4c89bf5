"""The vocabulary of monster behaviours: what a monster ability or a Monster Modification
makes a monster do, as data the engine plays.

A monster's ``ability`` lists its ``behaviours``; a Monster Modification lists the behaviours
it adds. Each behaviour is a mapping whose ``behaviour:`` key names it, with the parameters
of that behaviour beside it::

    ability:
      id: golem_poison
      text: "Damage from a Golem that gets past armor inflicts 2 Poison Markers."
      behaviours:
        - {behaviour: poison, markers: 2, when: wound}

The vocabulary is closed: every name below is implemented by the rules engine
(``engine.abilities`` reads them), and an unknown name or parameter is a validation error at
its ``file:line:column`` naming the known ones. Sources: shared/rules/NOTES.md *Monster
abilities* (the nineteen monsters of the base game), the Book of Rules chapters *Target of a
Monster*, *Monster attack*, *Monsters and Obstacles/Holes*, *Additional Card Properties*
(Poison Markers), *Monster Icons on a Room Tile* (Monster Modifications) and the FAQ (the
Dark Mage's chain lightning branches; an elementally enchanted non-magic weapon cannot hurt
the Poltergeist).

Combining behaviours: an ability names each behaviour at most once (``poison``, ``summon``
and ``explode_on_defeat`` may repeat and add up), at most one ``targeting``, one hit
pattern (``hit_*``) and one ``damage_element``. A monster with modifications plays its
ability's behaviours first, then each modification's in the order drawn (FAQ *There seem to
be conflicting rules with some cards*: monster abilities come before modifications), so where
only one can act (targeting, hit pattern, element) the ability's wins.

Monster ``flags`` that name a behaviour (``flying``, ``passes_walls``, ``immune_to_ranged``,
``hurt_only_by_magic``, ``magic_items_ineffective``) switch that behaviour on too: a flag
says what the monster is (printed, matched by an item's ``extra_damage_vs``), a behaviour
what it does.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

from pydantic import Field

from .common import Element, Ref, Strict

MonsterFlag = Literal[
    "undead",
    "flying",
    "immune_to_ranged",
    "hurt_only_by_magic",
    "magic_items_ineffective",
    "passes_walls",
]
"""What a monster is: ``undead`` (items with ``extra_damage_vs: {undead: N}`` hurt it more),
``flying``, ``immune_to_ranged``, ``hurt_only_by_magic``, ``magic_items_ineffective``,
``passes_walls``. Every flag but ``undead`` also switches on the behaviour of its name
(``passes_walls``: ``through_walls``)."""


class BehaviourModel(Strict):
    """Base of every behaviour; ``behaviour`` is the tag naming it."""

    behaviour: str

    @classmethod
    def tag(cls) -> str:
        """The ``behaviour:`` name of this class."""
        return cls.model_fields["behaviour"].annotation.__args__[0]  # type: ignore[union-attr]


# --------------------------------------------------------------------------- targeting
class Targeting(BehaviourModel):
    """Whom the monster picks among the heroes it can attack (chapter *Target of a Monster*).

    ``nearest``: the book's criteria (closest, then the lowest base attribute of its attack
    type, then less active armor, then the players' choice); ``lowest_hp``: the hero with the
    fewest current Hit Points (Ghoul); ``lowest_agility``: the nearest hero unless another in
    range has a lower AGI, then the lowest AGI (Archer)."""

    behaviour: Literal["targeting"]
    policy: Literal["nearest", "lowest_hp", "lowest_agility"] = Field(
        description="nearest (the book's criteria), lowest_hp (fewest current HP) or lowest_agility "
                    "(skips the nearest hero for a lower AGI in range).")


# --------------------------------------------------------------------------- hit patterns
class HitAllInRange(BehaviourModel):
    """One attack roll against every hero in range (Troll). Without the map every hero is in range."""

    behaviour: Literal["hit_all_in_range"]


class HitExtraInRange(BehaviourModel):
    """One attack roll against up to ``targets`` heroes it can attack, its target first, then
    the next ones by its targeting (Ogre's sweep: 2)."""

    behaviour: Literal["hit_extra_in_range"]
    targets: Annotated[int, Field(ge=2, le=6, description="Heroes one roll may hit, the target included (2-6).")]


class HitAdjacentToTarget(BehaviourModel):
    """One attack roll against its target and up to ``extra`` heroes on squares orthogonally
    next to the target (Spear Thrower: 1). Without the map: ``1 + extra`` heroes in range."""

    behaviour: Literal["hit_adjacent_to_target"]
    extra: Annotated[int, Field(ge=1, le=4, description="Heroes next to the target also hit (1-4).")] = 1


class HitSpread(BehaviourModel):
    """Area damage: one attack roll against its target and every hero on the squares
    orthogonally next to the target's square (Shaman's fireball). Needs the map; without it,
    every hero in range."""

    behaviour: Literal["hit_spread"]


class HitChain(BehaviourModel):
    """Chain lightning: its target, then every hero within ``range`` squares (and Line of
    Sight) of a hero already hit, branching (Dark Mage; FAQ). One attack roll for all.
    Without the map, every hero in range."""

    behaviour: Literal["hit_chain"]
    range: Annotated[int, Field(ge=1, le=12, description="Squares from a hero hit to the next one (1-12).")]


HIT_PATTERNS: tuple[type[BehaviourModel], ...] = (
    HitAllInRange, HitExtraInRange, HitAdjacentToTarget, HitSpread, HitChain)
"""The hit patterns: at most one per ability (a monster without one hits a single hero)."""


# --------------------------------------------------------------------------- on a hit
class Poison(BehaviourModel):
    """Poison Markers on a hero it hits (chapter *Additional Card Properties*; they act in
    Phase E): ``when: hit`` on every hit, even one armor stopped completely (Slimecrawler: 1);
    ``when: wound`` only when the hit cost Hit Points (Golem: 2). Several entries add up."""

    behaviour: Literal["poison"]
    markers: Annotated[int, Field(ge=1, le=10, description="Poison Markers per hit (1-10).")]
    when: Literal["hit", "wound"] = Field(description="hit: on every hit; wound: only when HP were lost.")


class DrainHp(BehaviourModel):
    """The monster regains the Hit Points its hit took from the hero, even above its maximum
    (Vampire)."""

    behaviour: Literal["drain_hp"]


class DamageHandItems(BehaviourModel):
    """A hit puts a Damaged marker on every card in the target's hands (Black Knight)."""

    behaviour: Literal["damage_hand_items"]


class ExtraActivationOnWound(BehaviourModel):
    """After an attack that cost a hero Hit Points the monster activates once more at once
    (Orc); that activation cannot earn another."""

    behaviour: Literal["extra_activation_on_wound"]


class DamageElement(BehaviourModel):
    """Its attacks deal ``element`` damage (armor vulnerable to it does not block). The
    monster card's own ``damage_element`` comes first, then the ability's, then a
    modification's."""

    behaviour: Literal["damage_element"]
    element: Element = Field(description="fire, water, earth or air (air is lightning).")


# --------------------------------------------------------------------------- entering play
class FiguresPerCard(BehaviourModel):
    """One monster card of it brings ``figures`` figures: the first on the square it is called
    to, every other as close as possible to the first, with the same modifications; a figure
    the box no longer has is played as *No monster figures available anymore* (Book of Rules,
    *Multiple monsters per monster icon*: "for example, Goblins"; German appendix, Goblin
    *Gruppe*). A duel plays one figure."""

    behaviour: Literal["figures_per_card"]
    figures: Annotated[int, Field(ge=2, le=6, description="Figures one card brings into play (2-6).")]


# --------------------------------------------------------------------------- activation
class PairActivation(BehaviourModel):
    """Activating one of these brings a second monster of the same type that has not acted
    this round right after it (Goblin). Needs a second figure on the board."""

    behaviour: Literal["pair_activation"]


class FreeAttack(BehaviourModel):
    """An attack that costs nothing on a hero who ends a movement on a square next to it
    (Mercenary). Needs the map."""

    behaviour: Literal["free_attack"]


# --------------------------------------------------------------------------- immunities
class ImmuneToRanged(BehaviourModel):
    """Ranged attacks cannot hurt it (Skeleton)."""

    behaviour: Literal["immune_to_ranged"]


class HurtOnlyByMagic(BehaviourModel):
    """Only spells and magic weapons hurt it; an elementally enchanted non-magic weapon does
    not (Poltergeist; FAQ)."""

    behaviour: Literal["hurt_only_by_magic"]


class MagicItemsIneffective(BehaviourModel):
    """Magic weapons and magic armor do not work against it, their bonus markers included;
    spells do (Mummy)."""

    behaviour: Literal["magic_items_ineffective"]


# --------------------------------------------------------------------------- the map
class Flying(BehaviourModel):
    """It flies over holes and red-bordered squares at the cost of a normal square
    (Gargoyle, Poltergeist; chapter *Monsters and Obstacles/Holes*). Needs the map."""

    behaviour: Literal["flying"]


class ThroughWalls(BehaviourModel):
    """It moves through walls (Poltergeist). Needs the map."""

    behaviour: Literal["through_walls"]


class RaiseDead(BehaviourModel):
    """Phase F: each of these raises one more monster of its own type onto a free square
    next to it, toward the nearest hero; when no figure of the type is left it activates
    instead (Zombie; chapter *No monster figures available anymore*). Needs the map."""

    behaviour: Literal["raise_dead"]


class Summon(BehaviourModel):
    """Phase F, before Traps and raising: one more ``monster`` enters the game as a drawn
    monster would, while figures of that type remain (Necromancer modification: a Zombie)."""

    behaviour: Literal["summon"]
    monster: Annotated[str, Field(max_length=64, description="Id of the monster type called (a monster of the pack).")]


class ExplodeOnDefeat(BehaviourModel):
    """When defeated it bursts: ``damage`` Hit Points to every character next to it (one
    armor card may block; other monsters are unharmed) (Explosion modification)."""

    behaviour: Literal["explode_on_defeat"]
    damage: Annotated[int, Field(ge=1, le=20, description="HP dealt to each adjacent character (1-20).")]


# --------------------------------------------------------------------------- modifications only
class Horde(BehaviourModel):
    """Only on a Monster Modification: ``figures`` more monsters of the type arrive with it,
    each as close as possible to the first and with the other modifications drawn with it
    (Horde; Book of Rules, *Monster modifiers* EXAMPLE 2)."""

    behaviour: Literal["horde"]
    figures: Annotated[int, Field(ge=1, le=5, description="More monsters placed (1-5).")]


_ABILITY_BEHAVIOURS = (
    Targeting | HitAllInRange | HitExtraInRange | HitAdjacentToTarget | HitSpread | HitChain
    | Poison | DrainHp | DamageHandItems | ExtraActivationOnWound | DamageElement | FiguresPerCard
    | PairActivation | FreeAttack | ImmuneToRanged | HurtOnlyByMagic | MagicItemsIneffective | Flying
    | ThroughWalls | RaiseDead | Summon | ExplodeOnDefeat
)

Behaviour = Annotated[_ABILITY_BEHAVIOURS, Field(discriminator="behaviour")]
"""One behaviour of a monster ability (any of the vocabulary except ``horde``)."""

ModificationBehaviour = Annotated[_ABILITY_BEHAVIOURS | Horde, Field(discriminator="behaviour")]
"""One behaviour a Monster Modification adds: any ability behaviour, or ``horde``."""

ABILITY_BEHAVIOURS: tuple[type[BehaviourModel], ...] = _ABILITY_BEHAVIOURS.__args__
MODIFICATION_ONLY: tuple[type[BehaviourModel], ...] = (Horde,)
STACKING: tuple[type[BehaviourModel], ...] = (Poison, Summon, ExplodeOnDefeat)
"""Behaviours that may appear several times (their effects add up)."""

FLAG_BEHAVIOURS: dict[str, BehaviourModel] = {
    "flying": Flying(behaviour="flying"),
    "passes_walls": ThroughWalls(behaviour="through_walls"),
    "immune_to_ranged": ImmuneToRanged(behaviour="immune_to_ranged"),
    "hurt_only_by_magic": HurtOnlyByMagic(behaviour="hurt_only_by_magic"),
    "magic_items_ineffective": MagicItemsIneffective(behaviour="magic_items_ineffective"),
}
"""The behaviour each behaviour-naming monster flag switches on."""


def check_combination(behaviours: Sequence[BehaviourModel]) -> None:
    """Raise ``ValueError`` when ``behaviours`` (one ability's or one modification's) names a
    non-stacking behaviour twice, or more than one targeting, hit pattern or damage element."""
    patterns = [b.behaviour for b in behaviours if isinstance(b, HIT_PATTERNS)]
    if len(patterns) > 1:
        raise ValueError(f"at most one hit pattern, not {', '.join(patterns)}")
    counts = Counter(b.behaviour for b in behaviours if not isinstance(b, STACKING))
    twice = sorted(name for name, n in counts.items() if n > 1)
    if twice:
        raise ValueError(f"behaviour {', '.join(twice)} given more than once")


def behaviour_references(behaviours: Iterable[BehaviourModel], path: tuple[str | int, ...]) -> Iterable[Ref]:
    """The cross references of ``behaviours`` written at ``path`` (a ``summon``'s monster)."""
    for i, b in enumerate(behaviours):
        if isinstance(b, Summon):
            yield ((*path, i, "monster"), "monster", b.monster)
