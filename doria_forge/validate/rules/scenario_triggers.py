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
from ...model.scenario import (
    DoomReached,
    FlagIs,
    FlagSet,
    MonsterDefeated,
    PhaseStarts,
    PlayersIs,
    RoundEnd,
    RoundIs,
    RoundStart,
    TileRevealed,
    TokenCarried,
    TokenPickedUp,
)
from ..scenario_facts import Finding, Path, ScenarioFacts, closest, scenario_problems
from ..source_map import SourceMap

ID = "scenario-trigger-fires"
SEVERITY = Severity.ERROR

NEVER = ": this rule can never fire"


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    for i, rule in enumerate(facts.scenario.rules):
        if rule.when is not None:
            yield from _trigger(facts, ("rules", i, "when"), rule.when)
            for j, condition in enumerate(rule.conditions):
                yield from _condition(facts, ("rules", i, "if", j), condition)


def _trigger(facts: ScenarioFacts, path: Path, when: object) -> Iterator[Finding]:
    if isinstance(when, (RoundStart, RoundEnd, PhaseStarts)) and when.round is not None:
        yield from _after_the_end(facts, path + ("round",), when.round)
    elif isinstance(when, (TileRevealed, MonsterDefeated)) and when.tile:
        yield from facts.tile_problems(path + ("tile",), when.tile, NEVER)
    if isinstance(when, MonsterDefeated) and when.boss and not facts.bosses_spawned:
        yield path + ("boss",), SEVERITY, "no effect of this scenario spawns a boss" + NEVER
    elif isinstance(when, TokenPickedUp) and when.token in facts.tokens and when.token not in facts.tokens_placed:
        yield path + ("token",), SEVERITY, f"token {when.token} never lies anywhere to be picked up" + NEVER
    elif isinstance(when, DoomReached):
        fields = facts.pack.rules.doom_track.fields
        if when.field not in fields:
            yield path + ("field",), SEVERITY, (f"field {when.field} is not on the Doom Counter track "
                                                f"({_fields(fields)})" + NEVER)
    elif isinstance(when, FlagSet) and when.flag not in facts.flags_set:
        yield path + ("flag",), SEVERITY, (f"no effect sets the flag {when.flag}" + NEVER
                                           + closest(when.flag, facts.flags_set))


def _condition(facts: ScenarioFacts, path: Path, condition: object) -> Iterator[Finding]:
    if isinstance(condition, RoundIs):
        yield from _after_the_end(facts, path + ("min",), condition.min)
    elif isinstance(condition, PlayersIs):
        low, high = facts.scenario.players
        if condition.min > high or condition.max < low:
            bound = "min" if condition.min > high else "max"
            yield path + (bound,), SEVERITY, (f"the condition asks for {condition.min}-{condition.max} players "
                                              f"but the scenario is for {low}-{high}" + NEVER)
    elif isinstance(condition, FlagIs) and condition.is_set and condition.flag not in facts.flags_set:
        yield path + ("flag",), SEVERITY, (f"no effect sets the flag {condition.flag}" + NEVER
                                           + closest(condition.flag, facts.flags_set))
    elif (isinstance(condition, TokenCarried) and condition.carried and condition.token in facts.tokens
          and condition.token not in facts.tokens_placed):
        yield path + ("token",), SEVERITY, f"token {condition.token} never lies anywhere to be carried" + NEVER


def _after_the_end(facts: ScenarioFacts, path: Path, round_: int) -> Iterator[Finding]:
    limit = facts.round_limit()
    if round_ > limit.round:
        yield path, SEVERITY, f"round {round_} never comes: {limit.reason}" + NEVER


def _fields(fields: list[int]) -> str:
    """``fields 40-30`` for a track of consecutive fields, else each field."""
    if len(fields) > 2 and sorted(fields) == list(range(min(fields), max(fields) + 1)):
        return f"fields {fields[0]}-{fields[-1]}"
    return "fields " + ", ".join(map(str, fields))
