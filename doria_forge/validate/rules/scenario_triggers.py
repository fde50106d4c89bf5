"""A scenario's special rules can fire: their triggers happen and their conditions can hold.

A rule that can never fire is a rule the designer meant to be played but no game plays.
Reported at the trigger's or condition's field:

* a round (``round_start``, ``round_end``, ``phase`` with ``round``; a ``round`` condition's
  ``min``) after the last round a game can reach: ``max_rounds`` (where a simulated game
  stops), a ``time_limit`` lose goal or a ``survive`` win goal;
* ``tile_revealed`` / ``monster_defeated`` on a Room Tile that is not in the scenario
  (a tile that comes only as a random tile is a warning); ``hero_enters`` places are
  checked by ``scenario-references``;
* ``monster_defeated`` with ``boss: true`` when no effect spawns a boss;
* ``token_picked_up`` of a token that never lies anywhere (no setup ``at``, no
  ``place_token``);
* ``doom_reached`` on a field that is not on the pack's Doom Counter track;
* ``flag_set``, or a ``flag`` condition asking for a set flag, when no effect sets it;
* a ``players`` condition outside the scenario's ``players`` range; a ``token_carried``
  condition on a token that never lies anywhere.

Passing::

    max_rounds: 20
    rules:
      - when: {on: round_end, round: 8}
        do: [{do: set_flag, flag: bells_rung}]
      - when: {on: flag_set, flag: bells_rung}
        do: [{do: doom, steps: 2}]

Failing::

    max_rounds: 20
    goals: {lose: [{goal: time_limit, round: 12}]}
    rules:
      - when: {on: round_end, round: 15}      # the time limit ends the game after round 12
        do: [{do: doom}]
      - when: {on: flag_set, flag: bells}      # no effect sets the flag bells
        do: [{do: doom}]
      - when: {on: doom_reached, field: 12}    # the track runs 40 down to 30
        do: [{do: doom}]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.words.facts import TRIGGER_FIRES
from ..scenario_facts import Finding, ScenarioFacts, scenario_problems
from ..source_map import SourceMap

ID = TRIGGER_FIRES
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    # each trigger and condition checks itself (its ``findings``, model.words.triggers/conditions)
    return facts.word_findings(ID)
