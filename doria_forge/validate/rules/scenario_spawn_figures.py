"""A ``spawn`` asks for no more figures of a monster than the game has.

Book of Rules, *Component Overview* and *No monster figures available anymore*: each monster
comes with a fixed number of figures (a monster's ``figures``); when one more should be placed
and none is left, a monster of that type gets an Extra Activation instead. A rule that spawns
more of one monster at once than it has figures (6 Hounds of 4) cannot happen as written, so it
is an error naming the number of figures.

Passing::

    do: [{do: spawn, monster: goblin, count: 3}]      # the goblin has 6 figures

Failing::

    do: [{do: spawn, monster: ogre, count: 3}]        # the ogre has 2 figures
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.scenario import Spawn
from ..scenario_facts import Finding, ScenarioFacts, scenario_problems
from ..source_map import SourceMap

ID = "scenario-spawn-figures"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    monsters = facts.pack.monsters
    for path, effect in facts.scenario.effects():
        if not isinstance(effect, Spawn) or effect.monster is None or effect.monster not in monsters:
            continue
        figures = monsters[effect.monster].figures
        if effect.count > figures:
            yield path + ("count",), SEVERITY, (
                f"spawns {effect.count} {monsters[effect.monster].name} at once, but the game has {figures} "
                f"figure{'s' if figures != 1 else ''} of it (its figures): the rest would become Extra "
                f"Activations (Book of Rules, No monster figures available anymore); spawn at most {figures}")
