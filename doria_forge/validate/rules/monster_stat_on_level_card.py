"""Range, Action Points, vulnerability (and the other monster-wide values) belong
to the monster, not to its Monster Level Card.

The German appendix prints attack type, vulnerability, range and Action Points
once per monster because they are the same at every level. A ``monster_level``
document that carries one of the ``monster`` document's own fields would be an
``unknown-field`` schema error; this rule reports it instead, with a message
that says where the value belongs. The schema stage leaves these keys to the
rule (``CLAIMS``) and validates the rest of the card, so the card still counts
for the other Monster Level Card rules.

Passing::

    kind: monster
    id: orc
    range: 1
    action_points: 7
    vulnerability: fire
    ...
    ---
    kind: monster_level
    id: orc-1
    monster: orc
    level: 1
    ...

Failing::

    kind: monster_level
    id: orc-1
    monster: orc
    level: 1
    range: 1              # belongs on monster 'orc'
    ...
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.monster import Monster, MonsterLevel
from ..source_map import SourceMap

ID = "monster-stat-on-level-card"
SEVERITY = Severity.ERROR

# Spellings designers reach for that are not field names; still the monster's.
_ALIASES = frozenset({"ap", "AP", "actions", "movement", "weakness", "vulnerabilities", "attack_range"})

MONSTER_ONLY_FIELDS: frozenset[str] = (
    frozenset(Monster.model_fields) - frozenset(MonsterLevel.model_fields)
) | _ALIASES
"""Top-level keys of a ``monster`` document that a Monster Level Card must not carry."""

CLAIMS = {"monster_level": MONSTER_ONLY_FIELDS}


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for doc in source_map.raw_documents("monster_level"):
        data = doc.data
        monster = data.get("monster") if isinstance(data.get("monster"), str) else None
        owner = f"monster {monster!r}" if monster else "the monster document"
        for key in data:
            if key in MONSTER_ONLY_FIELDS:
                yield Problem.at(
                    doc.locate((key,)), ID, SEVERITY,
                    f"{key!r} belongs to the monster, not its Monster Level Card: range, Action Points "
                    f"and vulnerability are the same at every level; move it to {owner}",
                )
