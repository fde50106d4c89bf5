"""A Boss Monster card has one row for each Monster Level 1 to 4, and its stats never decrease.

The highest level comes from the pack's rules (``max_monster_level_card``, 4 in the English
edition). Rows may be written in any order; they are compared in level order the way
``monster-level-monotonic`` compares Monster Level Cards: attack, defense and psi resistance by
their expected value with ten-sided dice (``count x 5.5 + bonus``), damage, Hit Points and Armor
Rating as numbers. A decrease is reported at the higher level's row.

Passing::

    kind: boss
    id: dragon
    ...
    levels:
      - {level: 1, attack: 4D+5, defense: 3D+1, psi_resistance: 3D+5, damage: 6, hit_points: 5, armor_rating: 2}
      - {level: 2, attack: 5D+1, defense: 3D+2, psi_resistance: 4D, damage: 7, hit_points: 6, armor_rating: 3}
      - {level: 3, attack: 5D+3, defense: 3D+4, psi_resistance: 4D+2, damage: 8, hit_points: 7, armor_rating: 4}
      - {level: 4, attack: 6D, defense: 4D, psi_resistance: 4D+4, damage: 9, hit_points: 8, armor_rating: 5}

Failing (level 2 twice, no level 4, and level 3 with less damage than level 2)::

    levels:
      - {level: 1, ..., damage: 6}
      - {level: 2, ..., damage: 7}
      - {level: 2, ..., damage: 7}
      - {level: 3, ..., damage: 5}
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap
from .monster_level_monotonic import decreased_stats

ID = "boss-levels"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    top = int(getattr(pack.rules, "max_monster_level_card", 4))
    for boss in pack.bosses.values():
        first_row: dict[int, int] = {}
        for index, row in enumerate(boss.levels):
            if row.level in first_row:
                first = source_map.locate("boss", boss.id, ("levels", first_row[row.level]))
                yield source_map.problem(
                    "boss", boss.id, ("levels", index, "level"), ID, SEVERITY,
                    f"boss {boss.id!r} has a second row for level {row.level}; the row at {first} "
                    "already is one",
                    value=True,
                )
            else:
                first_row[row.level] = index
        missing = [lv for lv in range(1, top + 1) if lv not in first_row]
        if missing:
            plural = "s" if len(missing) > 1 else ""
            yield source_map.problem(
                "boss", boss.id, ("levels",), ID, SEVERITY,
                f"boss {boss.id!r} has no row{plural} for level{plural} {', '.join(map(str, missing))} "
                f"(a Boss Monster card needs one row for each level 1-{top})",
            )
        rows = sorted(first_row.items())
        for (_, lower_i), (_, higher_i) in zip(rows, rows[1:], strict=False):
            lower, higher = boss.levels[lower_i], boss.levels[higher_i]
            for stat, before, after in decreased_stats(lower, higher):
                yield source_map.problem(
                    "boss", boss.id, ("levels", higher_i, stat), ID, SEVERITY,
                    f"boss {boss.id!r} {stat} {after} at level {higher.level} is lower than "
                    f"{before} at level {lower.level}; Boss Monster card stats never decrease",
                    value=True,
                )
