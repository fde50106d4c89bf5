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

The vocabulary is closed: each behaviour is one module of :mod:`doria_forge.model.words.behaviours`
(its fields, description, example, how it combines and what it writes into the ability
profile the rules engine reads, ``engine.abilities``), registered once; this module builds the
unions and tables the content models use from that registry. An unknown name or parameter
is a validation error at its ``file:line:column`` naming the known ones. Sources: shared/rules/NOTES.md *Monster
abilities* (the nineteen monsters of the base game), the Book of Rules chapters *Target of a
Monster*, *Monster attack*, *Monsters and Obstacles/Holes*, *Additional Card Properties*
(Poison Markers), *Monster Icons on a Room Tile* (Monster Modifications) and the FAQ (the
Dark Mage's chain lightning branches; an elementally enchanted non-magic weapon cannot hurt
the Poltergeist).

Combining behaviours: an ability names each behaviour at most once (``poison``, ``summon``,
``aura`` and ``explode_on_defeat`` may repeat and add up), at most one ``targeting``, one hit
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
from typing import TYPE_CHECKING, get_args

from .common import Ref
from .words.behaviours import BEHAVIOURS, BehaviourWord
from .words.behaviours.aura import Aura as Aura
from .words.behaviours.damage_element import DamageElement as DamageElement
from .words.behaviours.damage_hand_items import DamageHandItems as DamageHandItems
from .words.behaviours.drain_hp import DrainHp as DrainHp
from .words.behaviours.explode_on_defeat import ExplodeOnDefeat as ExplodeOnDefeat
from .words.behaviours.extra_activation_on_wound import ExtraActivationOnWound as ExtraActivationOnWound
from .words.behaviours.figures_per_card import FiguresPerCard as FiguresPerCard
from .words.behaviours.flying import Flying as Flying
from .words.behaviours.free_attack import FreeAttack as FreeAttack
from .words.behaviours.hit_adjacent_to_target import HitAdjacentToTarget as HitAdjacentToTarget
from .words.behaviours.hit_all_in_range import HitAllInRange as HitAllInRange
from .words.behaviours.hit_chain import HitChain as HitChain
from .words.behaviours.hit_extra_in_range import HitExtraInRange as HitExtraInRange
from .words.behaviours.hit_line import HitLine as HitLine
from .words.behaviours.hit_spread import HitSpread as HitSpread
from .words.behaviours.horde import Horde as Horde
from .words.behaviours.hurt_only_by_magic import HurtOnlyByMagic as HurtOnlyByMagic
from .words.behaviours.immune_to_ranged import ImmuneToRanged as ImmuneToRanged
from .words.behaviours.magic_items_ineffective import MagicItemsIneffective as MagicItemsIneffective
from .words.behaviours.pair_activation import PairActivation as PairActivation
from .words.behaviours.poison import Poison as Poison
from .words.behaviours.raise_dead import RaiseDead as RaiseDead
from .words.behaviours.summon import Summon as Summon
from .words.behaviours.targeting import Targeting as Targeting
from .words.behaviours.through_walls import ThroughWalls as ThroughWalls
from .words.common import MonsterFlag as MonsterFlag

BehaviourModel = BehaviourWord
"""Base of every behaviour (the registry's :class:`~.words.behaviours.BehaviourWord`)."""

ABILITY_BEHAVIOURS: tuple[type[BehaviourModel], ...] = tuple(w for w in BEHAVIOURS if not w.modification_only)
"""The behaviours an ability may name, in registration order."""
MODIFICATION_ONLY: tuple[type[BehaviourModel], ...] = tuple(w for w in BEHAVIOURS if w.modification_only)
"""The behaviours only a Monster Modification may name (``horde``)."""
HIT_PATTERNS: tuple[type[BehaviourModel], ...] = tuple(w for w in BEHAVIOURS if w.hit_pattern)
"""The hit patterns: at most one per ability (a monster without one hits a single hero)."""
STACKING: tuple[type[BehaviourModel], ...] = tuple(w for w in BEHAVIOURS if w.stacks)
"""Behaviours that may appear several times (their effects add up)."""

if TYPE_CHECKING:
    Behaviour = BehaviourWord
    ModificationBehaviour = BehaviourWord
else:
    Behaviour = BEHAVIOURS.union(ABILITY_BEHAVIOURS)
    """One behaviour of a monster ability (any of the vocabulary except ``horde``)."""
    ModificationBehaviour = BEHAVIOURS.union()
    """One behaviour a Monster Modification adds: any ability behaviour, or ``horde``."""

# model_construct: a behaviour named by its tag alone has nothing to check, and building five
# validators for it cost every start-up (validate builds none of them otherwise)
FLAG_BEHAVIOURS: dict[str, BehaviourModel] = {
    flag: w.model_construct(behaviour=w.tag())
    for flag in get_args(MonsterFlag) for w in BEHAVIOURS if w.flag == flag}
"""The behaviour each behaviour-naming monster flag switches on (in the order of ``MonsterFlag``)."""


def check_combination(behaviours: Sequence[BehaviourModel]) -> None:
    """Raise ``ValueError`` when ``behaviours`` (one ability's or one modification's) names a
    non-stacking behaviour twice, or more than one targeting, hit pattern or damage element."""
    patterns = [b.behaviour for b in behaviours if b.hit_pattern]
    if len(patterns) > 1:
        raise ValueError(f"at most one hit pattern, not {', '.join(patterns)}")
    counts = Counter(b.behaviour for b in behaviours if not b.stacks)
    twice = sorted(name for name, n in counts.items() if n > 1)
    if twice:
        raise ValueError(f"behaviour {', '.join(twice)} given more than once")


def behaviour_references(behaviours: Iterable[BehaviourModel], path: tuple[str | int, ...]) -> Iterable[Ref]:
    """The cross references of ``behaviours`` written at ``path`` (a ``summon``'s monster)."""
    for i, b in enumerate(behaviours):
        yield from b.references((*path, i))
