"""What a scenario asks of the heroes, read from its data for the bots (``model.scenario``).

``objectives(scenario)`` sorts the scenario's goals and rules into what a party can steer
for on the map: tokens to fetch and where to carry them, places to step on (the places of
``hero_enters`` rules whose effects help: they win, set a flag that wins or that fires a
helpful rule, give, heal, place a token, open doors), places to stay off (their effects only
hurt), escape squares, tiles to clear, whether a boss must fall. ``targets(state)`` turns
them into squares on the map as it is now.

A rule *helps* when any of its effects (a check's success branch included) helps; flags help
when a win goal names them or a helpful rule waits for them (``flag_set``), found by a fixed
point over the rules. Nothing here is special to one scenario: it reads the vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doria_forge.model.scenario import (
    CarryToken,
    Check,
    ClearTile,
    DefeatBoss,
    Escape,
    FlagGoal,
    FlagIs,
    FlagSet,
    HeroEnters,
    Place,
    Scenario,
    SetFlag,
    TokenPickedUp,
)

Pos = tuple[int, int]

HELPFUL = frozenset({"win", "give", "heal", "place_token", "open_doors"})
"""Effects a party is glad to set off (besides setting a helpful flag)."""
HARMFUL = frozenset({"lose", "damage", "spawn", "doom", "extra_activation", "block_doors", "remove_token"})
"""Effects a party would rather not set off."""


@dataclass(frozen=True)
class PlaceGoal:
    """A place to step on: the rule index it fires and the place."""

    rule: int
    place: Place


@dataclass
class Objectives:
    """The steerable part of a scenario (see the module docstring). ``deliver``: token id
    -> place it must be carried to; ``fetch``: tokens worth picking up; ``visit`` /
    ``avoid``: places of helpful / only harmful ``hero_enters`` rules; ``escape``: places
    where every (or any) hero must stand; ``clear``: Room Tiles to clear; ``boss``: a boss
    must be defeated; ``good_flags`` / ``bad_flags``."""

    deliver: dict[str, Place] = field(default_factory=dict)
    fetch: list[str] = field(default_factory=list)
    visit: list[PlaceGoal] = field(default_factory=list)
    avoid: list[Place] = field(default_factory=list)
    escape: list[Escape] = field(default_factory=list)
    clear: list[str] = field(default_factory=list)
    boss: bool = False
    good_flags: set[str] = field(default_factory=set)
    bad_flags: set[str] = field(default_factory=set)


def _effects(effects: list[Any], *, success_only: bool) -> list[Any]:
    """The effects, a check's branches flattened (its failure branch left out with ``success_only``)."""
    out: list[Any] = []
    for e in effects:
        out.append(e)
        if isinstance(e, Check):
            out += _effects(e.success, success_only=success_only)
            if not success_only:
                out += _effects(e.failure, success_only=success_only)
    return out


def _helps(effects: list[Any], good: set[str]) -> bool:
    return any(e.do in HELPFUL or (isinstance(e, SetFlag) and e.value and e.flag in good)
               for e in _effects(effects, success_only=True))


def _hurts(effects: list[Any], bad: set[str]) -> bool:
    return any(e.do in HARMFUL or (isinstance(e, SetFlag) and e.value and e.flag in bad)
               for e in _effects(effects, success_only=False))


def _flag_fixed_point(scenario: Scenario, seeds: set[str], test: Any) -> set[str]:
    flags = set(seeds)
    changed = True
    while changed:
        changed = False
        for rule in scenario.rules:
            when = rule.when
            if isinstance(when, FlagSet) and when.flag not in flags and test(rule.effects, flags):
                flags.add(when.flag)
                changed = True
    return flags


_CACHE: dict[int, tuple[Scenario, Objectives]] = {}


def objectives(scenario: Scenario) -> Objectives:
    """The scenario's objectives (computed once per scenario object)."""
    hit = _CACHE.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        return hit[1]
    found = Objectives()
    found.good_flags = _flag_fixed_point(
        scenario, {g.flag for g in scenario.goals.win if isinstance(g, FlagGoal)}, _helps)
    found.bad_flags = _flag_fixed_point(
        scenario, {g.flag for g in scenario.goals.lose if isinstance(g, FlagGoal)}, _hurts)
    for goal in scenario.goals.win:
        if isinstance(goal, CarryToken):
            found.deliver[goal.token] = goal.to
            found.fetch.append(goal.token)
        elif isinstance(goal, Escape):
            found.escape.append(goal)
        elif isinstance(goal, ClearTile):
            found.clear.append(goal.tile)
        elif isinstance(goal, DefeatBoss):
            found.boss = True
    for index, rule in enumerate(scenario.rules):
        when = rule.when
        if isinstance(when, HeroEnters):
            if _helps(rule.effects, found.good_flags):
                found.visit.append(PlaceGoal(index, when.place))
            elif _hurts(rule.effects, found.bad_flags):
                found.avoid.append(when.place)
        elif (isinstance(when, TokenPickedUp) and when.token not in found.fetch
              and _helps(rule.effects, found.good_flags)):
            found.fetch.append(when.token)
    _CACHE[id(scenario)] = (scenario, found)
    return found


def visit_open(state: Any, goal: PlaceGoal) -> bool:
    """Whether stepping on ``goal``'s place could still fire its rule: not a ``once`` rule
    that fired, and its flag conditions hold (a rule guarded by "flag not set" is done once
    the flag is set)."""
    play = state.scenario
    rule = play.scenario.rules[goal.rule]
    if rule.once and play.fired.get(goal.rule):
        return False
    return all((c.flag in play.flags) == c.is_set for c in rule.conditions if isinstance(c, FlagIs))


@dataclass(frozen=True)
class Targets:
    """Squares the party steers for now: ``carry`` (carrier uid -> squares to carry its token
    to), ``fetch`` (squares of tokens lying on the map), ``visit`` (squares of open helpful
    places), ``gather`` (squares every hero should stand on: escape goals), ``avoid``."""

    carry: dict[str, frozenset[Pos]]
    fetch: frozenset[Pos]
    visit: frozenset[Pos]
    gather: frozenset[Pos]
    avoid: frozenset[Pos]

    @property
    def any(self) -> bool:
        return bool(self.carry or self.fetch or self.visit or self.gather)


NO_TARGETS = Targets({}, frozenset(), frozenset(), frozenset(), frozenset())


def targets(state: Any) -> Targets:
    """The squares of the scenario's objectives on the map as it is now (``NO_TARGETS``
    without a scenario)."""
    play = state.scenario
    if play is None:
        return NO_TARGETS
    key = (state.board.layout.version, tuple(sorted(play.flags)), tuple(sorted(play.fired.items())),
           tuple((t, s.square, s.carrier, s.removed) for t, s in sorted(play.tokens.items())))
    cached = state.scratch.get("objective_targets")
    if cached is not None and cached[0] == key:
        return cached[1]
    obj = objectives(play.scenario)
    carry: dict[str, frozenset[Pos]] = {}
    fetch: set[Pos] = set()
    for token_id in obj.fetch:
        token = play.tokens.get(token_id)
        if token is None or token.removed:
            continue
        if token.carrier is not None:
            goal = obj.deliver.get(token_id)
            if goal is not None:
                carry[token.carrier] = frozenset(play.resolve(state, goal))
        elif token.square is not None:
            fetch.add(token.square)
    visit = {p for g in obj.visit if visit_open(state, g) for p in play.resolve(state, g.place)}
    gather = {p for g in obj.escape for p in play.resolve(state, g.at)}
    avoid = {p for place in obj.avoid for p in play.resolve(state, place)}
    found = Targets(carry, frozenset(fetch), frozenset(visit), frozenset(gather), frozenset(avoid - visit))
    state.scratch["objective_targets"] = (key, found)
    return found
