"""Monster abilities, keyed by ``Monster.ability.id``.

The abilities are listed in shared/rules/NOTES.md (*Monster abilities*); the FAQ of
the Book of Rules settles the Dark Mage (chain lightning branches to every target)
and the Poltergeist (an elementally enchanted non-magic weapon still cannot hurt it,
but can hurt the Mummy). ``combat.monster_attack`` and ``combat.hero_attack`` read an
``AbilityRule`` for each monster; the flow engine reads ``pair_activation`` /
``extra_activation_on_wound`` (signalled in ``AttackOutcome``); ``monster_ai`` and the
map read the targeting, hit pattern and movement parts.

Each rule is registered under the pack's ability id (``goblin_pair_activation``) and
under the monster id (``goblin``) so that either spelling finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.monster import MonsterTraits

    from .hero import HeroState
    from .monster import MonsterState


@dataclass(frozen=True, slots=True)
class AbilityRule:
    """What an ability changes in combat.

    ``max_targets``: heroes one attack roll may hit (``None``: every target the caller
    gives, e.g. all heroes in range); ``element``: damage element when the monster
    has none on its card; ``poison_on_hit``: markers on any hit even when armor
    blocked it; ``poison_on_wound``: markers when HP were lost; ``heals_by_wound``:
    the monster regains the HP it took, even above its maximum; ``damages_hand_items``:
    a hit puts a Damaged marker on the cards in the target's hands;
    ``extra_activation_on_wound`` / ``pair_activation``: signals for the flow engine;
    ``immune_to_ranged``, ``hurt_only_by_magic``, ``magic_items_ineffective``:
    defensive rules (also set by the monster's flags).

    Targeting (chapter *Target of a Monster*): ``targeting`` is ``nearest`` (the book's
    criteria), ``lowest_hp`` (Ghoul) or ``lowest_agility`` (Archer: skips the nearest
    hero for a lower AGI in range). ``pattern`` says whom one attack roll hits on the
    map: ``single``; ``all_in_range`` (Troll); ``extra_in_range`` (Ogre: up to
    ``max_targets`` heroes it can attack); ``adjacent_to_target`` (Spear Thrower: the
    target and a hero next to it); ``spread`` (Shaman's fireball: the target and every
    hero on the squares orthogonally next to it); ``chain`` (Dark Mage: the target, then
    every hero within ``chain_range`` of a hero hit, in sight, branching). Movement:
    ``flying`` crosses holes and red-bordered squares (Gargoyle, Poltergeist),
    ``through_walls`` walls too (Poltergeist). ``free_attack``: attacks a hero who ends
    a movement next to it (Mercenary). ``raises_in_phase_f``: raises one more of its
    kind next to it toward the heroes in Phase F, or acts when no figure is left (Zombie).
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
    flying: bool = False
    through_walls: bool = False
    free_attack: bool = False
    raises_in_phase_f: bool = False

    @property
    def needs_map(self) -> bool:
        """Whether part of the ability only acts on the map (hit patterns beyond the
        no-map board's "everyone is in range", movement, free attacks, raising)."""
        return (self.pattern == "spread" or self.flying or self.through_walls
                or self.free_attack or self.raises_in_phase_f)


DEFAULT_RULE = AbilityRule(id="none")
"""A monster without a special ability: one target per attack."""

_RULES: tuple[tuple[str, AbilityRule], ...] = (
    ("goblin", AbilityRule("goblin_pair_activation", pair_activation=True)),
    ("orc", AbilityRule("orc_extra_activation_on_wound", extra_activation_on_wound=True)),
    ("zombie", AbilityRule("zombie_raise", raises_in_phase_f=True)),
    ("mummy", AbilityRule("mummy_magic_items_ineffective", magic_items_ineffective=True)),
    ("skeleton", AbilityRule("skeleton_ranged_immunity", immune_to_ranged=True)),
    ("vampire", AbilityRule("vampire_drain", heals_by_wound=True)),
    ("ghoul", AbilityRule("ghoul_weakest_target", targeting="lowest_hp")),
    ("mercenary", AbilityRule("mercenary_free_attack", free_attack=True)),
    ("black_knight", AbilityRule("black_knight_damage_hand_items", damages_hand_items=True)),
    ("gargoyle", AbilityRule("gargoyle_flying", flying=True)),
    ("ogre", AbilityRule("ogre_sweep", max_targets=2, pattern="extra_in_range")),
    ("troll", AbilityRule("troll_all_in_range", max_targets=None, element="earth", pattern="all_in_range")),
    ("slimecrawler", AbilityRule("slimecrawler_poison", poison_on_hit=1)),
    ("archer", AbilityRule("archer_weakest_agility", targeting="lowest_agility")),
    ("spear_thrower", AbilityRule("spear_thrower_adjacent_hit", max_targets=2, pattern="adjacent_to_target")),
    ("poltergeist", AbilityRule("poltergeist_magic_only", hurt_only_by_magic=True, flying=True,
                                through_walls=True)),
    ("shaman", AbilityRule("shaman_fireball", max_targets=None, pattern="spread")),
    ("dark_mage", AbilityRule("dark_mage_chain_lightning", max_targets=None, element="air", pattern="chain",
                              chain_range=2)),
    ("golem", AbilityRule("golem_poison", poison_on_wound=2)),
)

REGISTRY: dict[str, AbilityRule] = {}
"""Ability id (and monster id) -> ``AbilityRule``."""
for _monster_id, _rule in _RULES:
    REGISTRY[_rule.id] = _rule
    REGISTRY[_monster_id] = _rule


def register(rule: AbilityRule, *aliases: str) -> None:
    """Add or replace the rule of ability ``rule.id`` (and of any ``aliases``)."""
    REGISTRY[rule.id] = rule
    for alias in aliases:
        REGISTRY[alias] = rule


def rule_for_type(monster: MonsterTraits) -> AbilityRule:
    """The ``AbilityRule`` of a monster type (a ``Monster`` document): its ability id,
    else its monster id, else ``DEFAULT_RULE``."""
    ability = monster.ability
    if ability is not None and ability.id in REGISTRY:
        return REGISTRY[ability.id]
    return REGISTRY.get(monster.id, DEFAULT_RULE)


def rule_for(monster: MonsterState) -> AbilityRule:
    """The ``AbilityRule`` of a monster in play (see ``rule_for_type``); the monster's
    flags (``immune_to_ranged``, ``hurt_only_by_magic``, ``magic_items_ineffective``)
    are honoured on top by ``combat``."""
    return rule_for_type(monster.monster)


def immune_to_ranged(monster: MonsterState) -> bool:
    """Skeleton: ranged attacks cannot hurt it."""
    return monster.has("immune_to_ranged") or rule_for(monster).immune_to_ranged


def hurt_only_by_magic(monster: MonsterState) -> bool:
    """Poltergeist: only spells and magic weapons hurt it."""
    return monster.has("hurt_only_by_magic") or rule_for(monster).hurt_only_by_magic


def magic_items_ineffective(monster: MonsterState) -> bool:
    """Mummy: magic weapons and magic armor do not work against it (spells do)."""
    return monster.has("magic_items_ineffective") or rule_for(monster).magic_items_ineffective


# --------------------------------------------------------------------------- targeting helpers
def ghoul_pick_target(candidates: Sequence[HeroState]) -> HeroState | None:
    """Ghoul: among the heroes it can reach, the one with the lowest current HP
    (the first given wins a tie). ``None`` when there is none."""
    live = [h for h in candidates if h.can_act]
    return min(live, key=lambda h: h.hp) if live else None


def archer_pick_target(candidates: Sequence[tuple[HeroState, int]]) -> HeroState | None:
    """Archer: ``candidates`` are (hero, distance in squares) in range and sight. It
    shoots the nearest hero unless another hero in range has a lower AGI; then the one
    with the lowest AGI (nearest first on a tie). ``None`` when there is none."""
    live = [(h, d) for h, d in candidates if h.can_act]
    if not live:
        return None
    nearest, _ = min(live, key=lambda hd: hd[1])
    lower = [(h, d) for h, d in live if h.attribute("AGI") < nearest.attribute("AGI")]
    if not lower:
        return nearest
    return min(lower, key=lambda hd: (hd[0].attribute("AGI"), hd[1]))[0]
