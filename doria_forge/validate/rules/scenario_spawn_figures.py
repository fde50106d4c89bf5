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
from ..scenario_facts import Finding, ScenarioFacts, scenario_problems
from ..source_map import SourceMap

ID = "scenario-spawn-figures"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    # the check is the spawn effect's own (model.words.effects.spawn)
    return facts.word_findings(ID)
