"""A monster's Monster Level Card stats never decrease from level 1 to 4.

Attack, defense and psi resistance are dice expressions and are compared by
their expected value with ten-sided dice (``count x 5.5 + bonus``), so ``2D+5``
(16) to ``3D`` (16.5) is an increase. Damage, Hit Points and Armor Rating are
compared as numbers. Each card is compared with the next lower level the pack
has; a missing level is ``monster-level-cards``' business.

Passing::

    kind: monster_level
    id: orc-1
    monster: orc
    level: 1
    attack: 2D+5
    defense: 2D+5
    psi_resistance: 2D+2
    damage: 2
    hit_points: 1
    armor_rating: 0
    ---
    kind: monster_level
    id: orc-2
    monster: orc
    level: 2
    attack: 3D          # 16.5 >= 16
    defense: 2D+5
    psi_resistance: 2D+3
    damage: 3
    hit_points: 1
    armor_rating: 1

Failing (level 2 with ``damage: 1`` after ``damage: 2`` at level 1)::

    kind: monster_level
    id: orc-2
    monster: orc
    level: 2
    ...
    damage: 1
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.common import parse_dice
from ..source_map import SourceMap

ID = "monster-level-monotonic"
SEVERITY = Severity.ERROR

DICE_STATS = ("attack", "defense", "psi_resistance")
NUMBER_STATS = ("damage", "hit_points", "armor_rating")
MEAN_D10 = 5.5


def dice_value(expr: str) -> float:
    """Expected value of a dice expression with ten-sided dice (``3D+2`` -> 18.5)."""
    spec = parse_dice(expr)
    return spec.count * MEAN_D10 + spec.bonus



def decreased_stats(lower: object, higher: object) -> Iterable[tuple[str, object, object]]:
    """``(stat, value at lower level, value at higher level)`` for every level stat that
    went down from ``lower`` to ``higher`` (Monster Level Cards or Boss Monster rows)."""
    for stat in DICE_STATS + NUMBER_STATS:
        before, after = getattr(lower, stat), getattr(higher, stat)
        try:
            decreased = (dice_value(after) < dice_value(before)) if stat in DICE_STATS else after < before
        except ValueError:
            continue  # malformed dice never pass the schema stage
        if decreased:
            yield stat, before, after

def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    by_monster: dict[str, list] = {}
    for card in pack.monster_levels.values():
        by_monster.setdefault(card.monster, []).append(card)
    for monster_id in sorted(by_monster):
        cards = sorted(by_monster[monster_id], key=lambda c: (c.level, c.id))
        for lower, higher in zip(cards, cards[1:], strict=False):
            if lower.level == higher.level:
                continue  # two cards for one level: reported by monster-level-cards
            for stat, before, after in decreased_stats(lower, higher):
                yield source_map.problem(
                    "monster_level", higher.id, (stat,), ID, SEVERITY,
                    f"{monster_id} {stat} {after} at level {higher.level} is lower than "
                    f"{before} at level {lower.level} (card {lower.id!r}); "
                    "Monster Level Card stats never decrease",
                    value=True,
                )
