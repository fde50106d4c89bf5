"""What a bot expects of an area attack (``AttackProfile.area``): the worth of the monsters it
hits against the harm it does to friends in it (FAQ *On items that say they "affect friends"*:
each character in the area defends and takes the same damage if not defended).

Only what the players see is read: where the figures stand, the cards, Hit Points, armor and
defenses on the table, the monsters' printed values; no die is rolled and no deck is looked at.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from doria_forge.engine.area import hero_area_targets
from doria_forge.engine.combat import (
    armor_candidates,
    attack_extra_dice,
    defense_options,
    hit_damage,
    target_problem,
)
from doria_forge.engine.dice import parse_dice
from doria_forge.engine.hero import HeroState

from .odds import expected_damage, hit_chance

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.engine.hero import ItemInstance
    from doria_forge.engine.monster import MonsterState
    from doria_forge.engine.state import GameData
    from doria_forge.model.equipment import AttackProfile

FRIEND_COST = 2.0
"""A friend's expected Hit Point lost counts this many times the worth of a Hit Point taken from
the most wanted monster on the board: a careful party hurts its own only for a clearly better
blow (a fireball on three monsters, not on one Goblin next to the Warrior)."""


def friend_wound(hero: HeroState, profile: AttackProfile, friend: HeroState) -> tuple[float, int]:
    """(expected harm, HP of a hit without a critical) ``friend`` takes from ``hero``'s area attack:
    the chance the attack beats the friend's best defense (psi resistance against magic; the
    attack's dice and bonus against the defense's, ``odds.hit_chance``) times the hit's damage past
    the friend's best armor card that may stop it (none for piercing damage or armor vulnerable to
    the element), crudely +0.3 for critical steps and the Damaged marker on the armor that stops
    it, as ``odds.expected_damage`` counts criticals."""
    magic = profile.attack_type == "magic"
    spec = parse_dice(profile.dice)
    best = max((s for _, s in defense_options(friend, profile.attack_type)), key=lambda s: (s.count, s.bonus))
    chance = hit_chance(spec.count + attack_extra_dice(hero, profile.attack_type),
                        spec.bonus + hero.bonus(profile.attack_type),
                        best.count, best.bonus + friend.bonus("psi_resistance" if magic else "defense"))
    armor = 0 if profile.piercing else max((i.armor_rating for i in armor_candidates(friend, profile.element)),
                                           default=0)
    wound = max(0, hit_damage(hero, profile, None) - armor)
    return chance * (wound + 0.3), wound


def area_worth(state: GameData, hero: HeroState, item: ItemInstance, profile: AttackProfile,
               target: MonsterState, worth: Mapping[str, float]) -> float | None:
    """What ``hero``'s area attack with ``profile`` aimed at ``target`` is worth beyond the
    attack on ``target`` alone: each other monster of the area (``area.hero_area_targets``) that
    the card can hurt adds its expected damage (``odds.expected_damage``) times its ``worth``
    (monster uid -> worth of a Hit Point taken from it); each friend in it costs its expected harm
    (``friend_wound``) times ``FRIEND_COST`` times the highest worth on the board. ``None`` when
    the attack is not worth making: a friend in the area a hit would take to 0 Hit Points or below,
    or the friends' cost not below what the other monsters add (for one monster no friend is worth
    hurting: it could be attacked without, by another card or from another square)."""
    gain = harm = 0.0
    for figure in hero_area_targets(state, hero, profile, target):
        if isinstance(figure, HeroState):
            expected, wound = friend_wound(hero, profile, figure)
            if wound >= figure.hp:
                return None
            harm += expected
        elif figure is not target and target_problem(item, profile, figure) is None:
            gain += expected_damage(hero, item, profile, figure) * worth.get(figure.uid, 0.0)
    if not harm:
        return gain
    cost = harm * FRIEND_COST * max(worth.values(), default=0.0)
    return gain - cost if gain > cost else None


__all__ = ["FRIEND_COST", "area_worth", "friend_wound"]
