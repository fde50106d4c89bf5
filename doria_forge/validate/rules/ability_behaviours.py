"""A monster's ability says what it does: its ``behaviours`` are written.

The simulation plays an ability through its behaviours (the vocabulary ``doria-forge
abilities`` lists); an ability written as ``id`` and ``text`` alone would be printed but
never simulated, and the duel numbers would show the monster without it. Boss Monster cards
are not checked: their abilities are rule cards of the exploration game, mostly beyond the
vocabulary (their behaviours, when written, are checked like any other). This **warning**
asks for the behaviours, or for an explicit ``behaviours: []`` when the ability is printed
text only (one the vocabulary cannot express yet); that one is reported as ``info``, like a
scenario's prose rule, so the designer knows which abilities the numbers leave out.

Passing::

    ability:
      id: golem_poison
      text: "Damage from a Golem that gets past armor inflicts 2 Poison Markers."
      behaviours:
        - {behaviour: poison, markers: 2, when: wound}

Reported as info (printed only, on purpose)::

    ability:
      id: war_cry
      text: "Every Orc on the board rolls one extra die to attack."
      behaviours: []

Failing::

    ability:
      id: golem_poison
      text: "Damage from a Golem that gets past armor inflicts 2 Poison Markers."
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "ability-behaviours"
SEVERITY = Severity.WARNING


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for doc_id, monster in pack.monsters.items():
        ability = monster.ability
        raw = source_map.raw("monster", doc_id) or {}
        written = raw.get("ability") if isinstance(raw, dict) else None
        if ability is None or not isinstance(written, dict):
            continue
        if "behaviours" in written:
            if not ability.behaviours:
                yield source_map.problem(
                    "monster", doc_id, ("ability", "behaviours"), ID, Severity.INFO,
                    f"ability {ability.id!r} of monster {doc_id!r} is printed text only: not simulated",
                    value=True,
                )
            continue
        yield source_map.problem(
            "monster", doc_id, ("ability", "id"), ID, SEVERITY,
            f"ability {ability.id!r} of monster {doc_id!r} lists no behaviours, so the simulation plays "
            "the monster without it: give it behaviours (`doria-forge abilities` lists them) or write "
            "`behaviours: []` if it is printed text only",
            value=True,
        )
