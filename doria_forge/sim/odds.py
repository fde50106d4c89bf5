"""The bots' odds: the chance one roll beats another (exploding D10s, chapter *Comparative
Rolls*), the HP a hero's attack is expected to take from a monster, and the HP a monster's hit
is expected to take from a hero (chapter *Getting Hit and Armor Rating*). Estimates for
deciding, never for playing: the engine rolls the dice. A monster's hit counts what the players
see on the open table as the engine plays it: the extra attack dice of the other monsters' auras
(``abilities.aura_attack_dice``, a Boss Monster's card) and the points the scenario's lasting
rules add to its damage (``triggers.monster_hit_damage``, the scenario sheet)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from doria_forge.engine import abilities
from doria_forge.engine.combat import (
    armor_against,
    armor_candidates,
    attack_extra_dice,
    defense_options,
    hit_damage,
)
from doria_forge.engine.dice import parse_dice
from doria_forge.engine.triggers import hardest_hit_points, monster_hit_damage

from .deciding import per_decision

if TYPE_CHECKING:
    from doria_forge.engine.hero import HeroState, ItemInstance
    from doria_forge.engine.monster import MonsterState
    from doria_forge.engine.state import GameData
    from doria_forge.model.common import DiceSpec
    from doria_forge.model.equipment import AttackProfile


def _die_moments() -> tuple[float, float]:
    """Mean and variance of one exploding D10 (a 0 counts 10 and rolls again)."""
    # X = 10*K + R, K ~ Geometric(0.9) failures (P(K=k) = 0.1^k * 0.9), R uniform 1..9
    mean_r = 5.0
    var_r = sum((r - 5) ** 2 for r in range(1, 10)) / 9
    mean_k = 0.1 / 0.9
    var_k = 0.1 / 0.81
    return 10 * mean_k + mean_r, 100 * var_k + var_r


_MEAN, _VAR = _die_moments()


@lru_cache(maxsize=65536)
def hit_chance(att_count: int, att_bonus: int, def_count: int, def_bonus: int) -> float:
    """P(attack >= defense), normal approximation of the exploding dice sums, times the
    chance the attacker does not fumble (two or more ones)."""
    att_count, def_count = max(1, att_count), max(1, def_count)
    mu = att_count * _MEAN + att_bonus - def_count * _MEAN - def_bonus
    sd = math.sqrt((att_count + def_count) * _VAR)
    p = 0.5 * (1 + math.erf((mu + 0.5) / (sd * math.sqrt(2))))
    p_no_fumble = 1.0 if att_count < 2 else (0.9 ** att_count + att_count * 0.1 * 0.9 ** (att_count - 1))
    return p * p_no_fumble


def expected_damage(hero: HeroState, item: ItemInstance, profile: AttackProfile, monster: MonsterState) -> float:
    """Expected HP the attack takes from ``monster`` (hit chance x damage above armor,
    crudely counting critical hits as +0.3)."""
    return attack_hit_chance(hero, profile, monster) * max(
        0.05, hit_damage(hero, profile, monster) + 0.3 - armor_against(profile, monster))


def attack_hit_chance(hero: HeroState, profile: AttackProfile, monster: MonsterState) -> float:
    """The chance (0..1) that the hero's attack with ``profile`` hits ``monster`` (``hit_chance``:
    its dice, extra dice and bonus against the monster's defense, or psi resistance against
    magic)."""
    spec = parse_dice(profile.dice)
    extra = attack_extra_dice(hero, profile.attack_type)
    bonus = hero.bonus(profile.attack_type)
    dspec: DiceSpec = monster.psi_resistance if profile.attack_type == "magic" else monster.defense
    return hit_chance(spec.count + extra, spec.bonus + bonus, dspec.count - monster.dice_penalty, dspec.bonus)


def monster_wound(state: GameData, monster: MonsterState, hero: HeroState) -> float:
    """Expected HP one attack of ``monster`` takes from ``hero`` now: its hit chance against the
    hero's best defense (chapter *Monster attack*: the hero defends with Dodge or a card, psi
    resistance against magic; its attack rolls the dice of the other monsters' auras more, as
    ``monster_ai`` rolls them) times its hit's damage (``hit_damage_on``) above the highest Armor
    Rating that may stop it (the hero blocks with one armor card; none against its element's
    vulnerability or, for the Mummy, magic armor). Critical steps are left out: an estimate, as
    ``expected_damage``."""
    magic = monster.attack_type == "magic"
    defenses = [spec for _, spec in defense_options(hero, monster.attack_type, monster)]
    best: DiceSpec = max(defenses, key=lambda s: s.count * _MEAN + s.bonus)
    bonus = hero.bonus("psi_resistance" if magic else "defense")
    dice = monster.attack.count + abilities.aura_attack_dice(monster, state.monsters) - monster.dice_penalty
    p = hit_chance(dice, monster.attack.bonus, best.count, best.bonus + bonus)
    armor = armor_candidates(hero, monster.damage_element,
                             ignore_magic_armor=abilities.magic_items_ineffective(monster))
    stopped = max((a.armor_rating for a in armor), default=0)
    return p * max(0, hit_damage_on(state, monster, hero) - stopped)


def hit_damage_on(state: GameData, monster: MonsterState, hero: HeroState) -> int:
    """The damage (>= 0) a hit of ``monster`` on ``hero`` deals now before armor, without critical
    steps: the card's damage "plus any modifications" (chapter *Getting Hit and Armor Rating*),
    the points of the scenario's lasting rules that hold now among them (``monster_hit_damage``
    asked without recording: nothing is played)."""
    return max(0, monster.damage + monster_hit_damage(state, monster, hero, record=False))


@per_decision  # focus fire asks it of every monster at each attack option a decision weighs
def hardest_hit(state: GameData, monster: MonsterState) -> int:
    """The damage (>= 0) of ``monster``'s hardest hit on a living hero now (``hit_damage_on``: the
    card's damage and the scenario's lasting rules that hold now, a relic's carrier hit harder),
    as the players weigh a monster's threat; the card's damage with no hero left. An aura's extra
    attack dice make a hit likelier, not harder: they are ``monster_wound``'s."""
    points = hardest_hit_points(state, monster, [hero for hero in state.heroes if not hero.dead])
    return max(0, monster.damage + (points or 0))
