"""Every scenario flag is both set and read: a flag name misspelt on one side makes a rule fire
always or never without a word.

Flags are set by ``set_flag`` effects and read by ``flag_set`` triggers, ``flag`` conditions and
``flag`` goals. Reported as warnings, each with the closest flag of the other side:

* a ``flag`` condition with ``is_set: false`` on a flag no effect sets: the condition always
  holds, so the rule fires as if it were not there (a flag read with ``is_set: true``, a
  ``flag_set`` trigger and a ``flag`` goal on a flag nobody sets can never fire or be reached:
  ``scenario-trigger-fires`` and ``scenario-goal-reachable`` report those as errors);
* a ``set_flag`` effect on a flag no trigger, condition or goal reads: setting it changes
  nothing.

Passing::

    rules:
      - when: {on: hero_enters, place: {marker: nest}}
        do: [{do: set_flag, flag: nest_burned}]
      - when: {on: round_start}
        if: [{check: flag, flag: nest_burned, is_set: false}]
        do: [{do: spawn, monster: goblin}]

Failing::

    rules:
      - when: {on: hero_enters, place: {marker: nest}}
        do: [{do: set_flag, flag: nest_burnt}]         # read nowhere
      - when: {on: round_start}
        if: [{check: flag, flag: nest_burned, is_set: false}]   # set nowhere: always true
        do: [{do: spawn, monster: goblin}]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..scenario_facts import Finding, ScenarioFacts, closest, scenario_problems
from ..source_map import SourceMap

ID = "scenario-flags"
SEVERITY = Severity.WARNING


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    scenario = facts.scenario
    read = facts.flags_read
    yield from facts.word_findings(ID)  # a flag condition's own check (model.words.conditions.flag)
    for path, effect in scenario.effects():
        for flag in effect.sets_flags():
            if flag not in read:
                yield (path + ("flag",), SEVERITY, f"no trigger, condition or goal reads the flag {flag}: "
                       f"setting it changes nothing{closest(flag, read)}")



