"""Every equipment requirement can be met by a hero at the start of a game.

A hero is created with at most ``attribute_max_at_creation`` (13 in the
English Book of Rules) in each attribute, from ``creation_points`` (50) spread
over six attributes of at least ``attribute_min`` (1). Attributes can grow
later through Attribute Points, and the Book of Rules sets no upper cap, so a
higher requirement is not impossible, just out of reach for a starting hero:
a **warning**, not an error. The limit per attribute is the rules document's
``attribute_max_at_creation`` or, if higher, the best premade character of the
pack in that attribute. Requirements that together need more points than a
hero is created with (``STR 13, CON 13, WIS 13, PSI 13`` = 52 + 2 x 1 > 50)
are warned about too. Both the card's ``requirements`` and each attack
profile's own ``requirements`` are checked.

Passing::

    kind: equipment
    id: combat-hammer
    requirements: {STR: 9, CON: 9}
    ...

Failing::

    kind: equipment
    id: titan-maul
    requirements: {STR: 15}      # above 13: no starting hero can wield it
    ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.common import ATTRIBUTES, Attribute
from ..source_map import SourceMap

ID = "equipment-requirements"
SEVERITY = Severity.WARNING


def attribute_limits(pack: ContentPack) -> dict[str, int]:
    """Highest value a starting hero of ``pack`` can have, per attribute."""
    rules = pack.rules
    cap = int(getattr(rules, "attribute_max_at_creation", 13))
    limits: dict[str, int] = {a: cap for a in ATTRIBUTES}
    for character in pack.characters.values():
        for attribute, value in character.attributes.items():
            limits[attribute] = max(limits.get(attribute, cap), int(value))
    return limits


def _check_requirements(
    kind: str, doc_id: str, path: tuple, requirements: Mapping[Attribute, int], pack: ContentPack,
    source_map: SourceMap,
    limits: Mapping[str, int],
) -> Iterable[Problem]:
    rules = pack.rules
    cap_name = "the creation limit"
    for attribute, needed in sorted(requirements.items()):
        limit = limits.get(attribute, 13)
        if needed > limit:
            yield source_map.problem(
                kind, doc_id, path + (attribute,), ID, SEVERITY,
                f"requirement {attribute} {needed} is above {limit}, the most a starting hero has "
                f"({cap_name} or the best premade hero); only Attribute Points from level-ups reach it",
                value=True,
            )
    points = int(getattr(rules, "creation_points", 50))
    minimum = int(getattr(rules, "attribute_min", 1))
    needed_total = sum(requirements.values()) + minimum * (len(ATTRIBUTES) - len(requirements))
    best_premade = max(
        (all(c.attribute(a) >= v for a, v in requirements.items()) for c in pack.characters.values()),
        default=False,
    )
    if requirements and needed_total > points and not best_premade:
        listed = ", ".join(f"{a} {v}" for a, v in sorted(requirements.items()))
        yield source_map.problem(
            kind, doc_id, path, ID, SEVERITY,
            f"requirements {listed} together need {needed_total} attribute points; a hero is created "
            f"with {points}, and no premade hero meets them",
        )


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    limits = attribute_limits(pack)
    for item in pack.equipment.values():
        yield from _check_requirements("equipment", item.id, ("requirements",), item.requirements,
                                       pack, source_map, limits)
        for i, profile in enumerate(item.attacks):
            if profile.requirements:
                yield from _check_requirements("equipment", item.id, ("attacks", i, "requirements"),
                                               profile.requirements, pack, source_map, limits)
