"""Every monster has exactly one Monster Level Card for each level 1 to 4.

The highest level comes from the pack's rules (``max_monster_level_card``,
4 in the English edition). A card whose YAML failed the schema check still
counts as present, so a typo in one card is not also reported as a missing
level. Cards for a monster the pack lacks are ``dangling-reference`` problems.

Passing: monster ``orc`` and cards ``orc-1`` .. ``orc-4`` with ``level: 1`` .. ``4``.

Failing::

    kind: monster_level
    id: orc-2
    monster: orc
    level: 2
    ...
    ---
    kind: monster_level
    id: orc-2b
    monster: orc
    level: 2        # second level-2 card; and no level-3 card anywhere
    ...
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "monster-level-cards"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    top = int(getattr(pack.rules, "max_monster_level_card", 4))
    seen: dict[tuple[str, int], str] = {}
    for card in sorted(pack.monster_levels.values(), key=lambda c: _order(source_map, c.id)):
        key = (card.monster, card.level)
        if key in seen:
            first = source_map.locate("monster_level", seen[key], ("level",))
            yield source_map.problem(
                "monster_level", card.id, ("level",), ID, SEVERITY,
                f"second Monster Level Card for {card.monster} level {card.level}; "
                f"{seen[key]!r} at {first} already is one",
                value=True,
            )
        else:
            seen[key] = card.id
    # Cards that failed the schema check still tell us which levels were meant.
    written: set[tuple[str, int]] = set(seen)
    for doc in source_map.raw_documents("monster_level"):
        monster, level = doc.data.get("monster"), doc.data.get("level")
        if isinstance(monster, str) and isinstance(level, int) and not isinstance(level, bool):
            written.add((monster, level))
    for monster_id in sorted(pack.monsters):
        missing = [lv for lv in range(1, top + 1) if (monster_id, lv) not in written]
        if missing:
            levels = ", ".join(str(lv) for lv in missing)
            plural = "s" if len(missing) > 1 else ""
            yield source_map.problem(
                "monster", monster_id, ("id",), ID, SEVERITY,
                f"monster {monster_id!r} has no Monster Level Card for level{plural} {levels} "
                f"(every monster needs one card for each level 1-{top})",
            )


def _order(source_map: SourceMap, card_id: str) -> tuple:
    loc = source_map.locate("monster_level", card_id)
    return (loc.file, loc.line, card_id)
