"""A special rule written only as text is printed but not simulated.

A rule without ``when`` and ``do`` is prose: the scenario page prints it, but neither the
engine nor ``simulate`` plays it, so simulated win rates do not include it. Reported as
``info`` at the rule's ``text`` so that the designer knows which parts of the scenario the
numbers cover (give the rule ``when`` and ``do`` to have it played).

Passing (simulated)::

    rules:
      - text: "The midnight bells ring."
        when: {on: round_end, round: 6}
        do: [{do: doom, steps: 2}]

Reported (prose only)::

    rules:
      - text: "Undead monsters deal 1 extra damage to the hero carrying the relic."
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "scenario-prose-rule"
SEVERITY = Severity.INFO


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for scenario in pack.scenarios.values():
        for i, rule in enumerate(scenario.rules):
            if not rule.simulated:
                yield source_map.problem(
                    "scenario", scenario.id, ("rules", i, "text"), ID, SEVERITY,
                    "special rule written only as text: printed, but not simulated (give it when and do to "
                    "have it played)",
                    value=True,
                )
