"""Monster behaviours in play: a monster's ability and modifications read as one profile.

The content model says what a monster does with the behaviour vocabulary of
:mod:`doria_forge.model.behaviours` (shared/rules/NOTES.md *Monster abilities*; the FAQ of
the Book of Rules settles the Dark Mage's chain lightning, which branches, and the
Poltergeist, which an elementally enchanted non-magic weapon cannot hurt).
:func:`profile_of` folds a list of behaviours into an :class:`AbilityProfile`, the flat
record the rules read: ``combat.monster_attack`` / ``combat.hero_attack`` (targets, poison,
draining, hand items, element, immunities), the flow engine (``pair_activation``,
``extra_activation_on_wound`` signalled in ``AttackOutcome``), ``monster_ai`` and the map
(targeting, hit pattern, movement, free attacks), ``spawn`` (raising and summoning in Phase
F) and ``defeat`` (explosions).

Nothing here knows a monster by its id: a new monster built from the vocabulary plays
exactly as its behaviours say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from doria_forge.model.behaviours import FLAG_BEHAVIOURS
from doria_forge.model.words.behaviours import BehaviourWord, ProfileFold

from .by_document import ByDocument

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.monster import MonsterModification, MonsterTraits

    from .hero import HeroState


class MonsterInPlay(Protocol):
    """What the ability rules read of a monster in play (``engine.monster.MonsterState``, which
    reads its profile here: the protocol keeps this module from importing it back)."""

    @property
    def monster(self) -> MonsterTraits:
        """Its type (a ``Monster`` or ``Boss`` document)."""
        ...

    @property
    def modifications(self) -> Sequence[MonsterModification]:
        """The Monster Modification cards attached to it, in order."""
        ...

    @property
    def defeated(self) -> bool:
        """Whether it is out of play."""
        ...

    _profile_cache: tuple | None
    """Where :func:`rule_for` keeps (type, modifications, profile) on the monster itself."""


@dataclass(frozen=True, slots=True)
class AbilityProfile:
    """What a monster's behaviours change in play, folded into plain values.

    ``id``: the ability's id (without one: the behaviour-naming flags, or ``none``), for
    event logs and simulation notes.
    ``max_targets``: heroes one attack roll may hit (``None``: every target the caller
    gives, e.g. all heroes in range); ``element``: damage element of the ability or a
    modification (the monster card's own ``damage_element`` comes first, see
    ``MonsterState.damage_element``); ``poison_on_hit`` / ``poison_on_wound``: Poison
    Markers on any hit / on a hit that cost HP; ``heals_by_wound``: the monster regains the
    HP it took, even above its maximum; ``damages_hand_items``: a hit puts a Damaged marker
    on the cards in the target's hands; ``extra_activation_on_wound`` / ``pair_activation``:
    signals for the flow engine; ``immune_to_ranged``, ``hurt_only_by_magic``,
    ``magic_items_ineffective``: defensive rules.

    Targeting (chapter *Target of a Monster*): ``targeting`` is ``nearest`` (the book's
    criteria), ``lowest_hp`` or ``lowest_agility``. ``pattern`` says whom one attack roll
    hits on the map: ``single``; ``all_in_range``; ``extra_in_range`` (up to
    ``max_targets`` heroes it can attack); ``adjacent_to_target`` (the target and up to
    ``adjacent_extra`` heroes next to it); ``spread`` (the target and every hero on the
    squares orthogonally next to it); ``chain`` (the target, then every hero within
    ``chain_range`` squares of a hero hit, in sight, branching); ``line`` (the target and every
    hero in sight on the straight orthogonal line from the monster through it, up to ``line_length``
    squares). Movement: ``flying`` crosses
    holes and red-bordered squares, ``through_walls`` walls too. ``free_attack``: attacks a
    hero who ends a movement next to it. ``raises_in_phase_f``: raises one more of its kind
    next to it toward the heroes in Phase F, or acts when no figure is left.
    ``summons``: ``(monster id, reason, at most)`` called in Phase F, one entry per ``summon``
    (``reason`` names the ability or modification, for the event log; none is called while
    ``at most`` of the type are in play, None: no limit). ``auras``: ``(monster ids, attack
    dice)``, one entry per ``aura``: while it stands, the other monsters of those types roll
    that many dice more to attack (:func:`aura_attack_dice`). ``defeat_damage``:
    HP dealt to each adjacent character when it is defeated. ``figures_per_card``: figures one
    monster card brings into play (``spawn``; the Goblins' two).
    """

    id: str
    max_targets: int | None = 1
    element: str | None = None
    poison_on_hit: int = 0
    poison_on_wound: int = 0
    heals_by_wound: bool = False
    damages_hand_items: bool = False
    extra_activation_on_wound: bool = False
    pair_activation: bool = False
    immune_to_ranged: bool = False
    hurt_only_by_magic: bool = False
    magic_items_ineffective: bool = False
    targeting: str = "nearest"
    pattern: str = "single"
    chain_range: int = 0
    line_length: int = 0
    adjacent_extra: int = 0
    flying: bool = False
    through_walls: bool = False
    free_attack: bool = False
    raises_in_phase_f: bool = False
    summons: tuple[tuple[str, str, int | None], ...] = ()
    auras: tuple[tuple[tuple[str, ...], int], ...] = ()
    defeat_damage: int = 0
    figures_per_card: int = 1

    @property
    def needs_map(self) -> bool:
        """Whether part of the ability only acts on the map (hit patterns beyond the
        no-map board's "everyone is in range", movement, free attacks, raising)."""
        return (self.pattern in ("spread", "line") or self.flying or self.through_walls
                or self.free_attack or self.raises_in_phase_f)


def profile_of(sources: Iterable[tuple[str, Iterable[BehaviourWord]]], ability_id: str = "none") -> AbilityProfile:
    """Fold behaviours into an ``AbilityProfile``. ``sources`` are ``(label, behaviours)``
    in precedence order (the ability first, then each modification: FAQ *There seem to be
    conflicting rules with some cards*); each behaviour writes its own part (its ``fold``,
    ``model.words.behaviours``): the first targeting, hit pattern and damage element win,
    poison, summons and explosions add up, switches are on if any source sets them.
    ``label`` names the source of a summon in the event log."""
    fold = ProfileFold()
    for label, behaviours in sources:
        for b in behaviours:
            b.fold(fold, label)
    return AbilityProfile(id=ability_id, **fold.profile_values())  # type: ignore[arg-type]


_TYPE_PROFILES: ByDocument[AbilityProfile] = ByDocument(1024)
"""``rule_for_type``'s answers by the monster type and modifications documents."""


def rule_for_type(monster: MonsterTraits, modifications: Sequence[MonsterModification] = ()) -> AbilityProfile:
    """The ``AbilityProfile`` of a monster type (a ``Monster`` or ``Boss`` document): its
    ability's behaviours and those its flags switch on, then ``modifications``' in order.
    Remembered by the documents (which never change once loaded): every monster that comes
    into play, a spawn and each game of a run ask again of the same few."""
    return _TYPE_PROFILES.of_all((monster, *modifications), lambda: _type_profile(monster, modifications))


def _type_profile(monster: MonsterTraits, modifications: Sequence[MonsterModification]) -> AbilityProfile:
    if monster.ability is not None:
        ability_id = monster.ability.id
    else:  # flags alone (a Boss Monster's `flying`): named after them
        ability_id = ", ".join(f for f in monster.flags if f in FLAG_BEHAVIOURS) or "none"
    sources = [(ability_id, monster.behaviours)] + [(m.id, m.behaviours) for m in modifications]
    return profile_of(sources, ability_id)


def rule_for(monster: MonsterInPlay) -> AbilityProfile:
    """The ``AbilityProfile`` of a monster in play: its type's and its modifications'
    behaviours (see ``rule_for_type``), remembered until either is replaced."""
    kind, mods = monster.monster, monster.modifications
    cached = monster._profile_cache
    if cached is not None and cached[0] is kind and cached[1] is mods:
        return cached[2]
    profile = rule_for_type(kind, mods)
    if type(mods) is tuple:  # a list could change in place: not remembered
        monster._profile_cache = (kind, mods, profile)
    return profile


def aura_attack_dice(monster: MonsterInPlay, monsters: Iterable[MonsterInPlay]) -> int:
    """Dice more ``monster`` rolls to attack: the ``attack_dice`` of every ``aura`` of the other
    monsters in ``monsters`` (those on the board) not defeated that names its type; 0 without."""
    kind = monster.monster.id
    dice = 0
    for other in monsters:
        if other is monster or other.defeated:
            continue
        for types, extra in rule_for(other).auras:
            if kind in types:
                dice += extra
    return dice


def immune_to_ranged(monster: MonsterInPlay) -> bool:
    """Ranged attacks cannot hurt it (behaviour ``immune_to_ranged``)."""
    return rule_for(monster).immune_to_ranged


def hurt_only_by_magic(monster: MonsterInPlay) -> bool:
    """Only spells and magic weapons hurt it (behaviour ``hurt_only_by_magic``)."""
    return rule_for(monster).hurt_only_by_magic


def magic_items_ineffective(monster: MonsterInPlay) -> bool:
    """Magic weapons and magic armor do not work against it; spells do (behaviour
    ``magic_items_ineffective``)."""
    return rule_for(monster).magic_items_ineffective


# --------------------------------------------------------------------------- targeting policies
def lowest_hp_target(candidates: Sequence[HeroState]) -> HeroState | None:
    """Targeting ``lowest_hp``: among the heroes it can reach, the one with the lowest
    current HP (the first given wins a tie). ``None`` when there is none."""
    live = [h for h in candidates if h.can_act]
    return min(live, key=lambda h: h.hp) if live else None


def lowest_agility_target(candidates: Sequence[tuple[HeroState, int]]) -> HeroState | None:
    """Targeting ``lowest_agility``: ``candidates`` are (hero, distance in squares) in range
    and sight. The nearest hero unless another hero in range has a lower AGI; then the one
    with the lowest AGI (nearest first on a tie). ``None`` when there is none."""
    live = [(h, d) for h, d in candidates if h.can_act]
    if not live:
        return None
    nearest, _ = min(live, key=lambda hd: hd[1])
    lower = [(h, d) for h, d in live if h.attribute("AGI") < nearest.attribute("AGI")]
    if not lower:
        return nearest
    return min(lower, key=lambda hd: (hd[0].attribute("AGI"), hd[1]))[0]
