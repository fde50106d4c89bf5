"""What a scenario asks of the heroes, read from its data for the bots (``model.scenario``).

``objectives(scenario)`` sorts the scenario's goals and rules into what a party can steer
for on the map: tokens to fetch and where to carry them, places to step on (the places of
``hero_enters`` rules whose effects help: they win, set a flag that wins or that fires a
helpful rule, give, heal, place a token, open doors), places to stay off (their effects only
hurt), escape squares, tiles to clear, whether a boss must fall. ``targets(state)`` turns
them into squares on the map as it is now.

A rule *helps* when any of its effects (a check's success branch included) helps (each effect
declares what it does to the heroes: ``for_party``, ``helps`` / ``hurts`` / ``depends``); flags
help when a win goal names them, a helpful rule waits for them (its ``flag_set`` trigger or an
``if`` that asks for them) or a rule that loses asks for them not set, found by a fixed point
over the rules; a monster type is prey when a helpful rule waits for none of it left.
Nothing here is special to one scenario: it reads the vocabulary.
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
    MonsterDefeated,
    MonsterEnters,
    MonstersLeft,
    Place,
    Scenario,
    SetFlag,
    TimeLimit,
    TokenPickedUp,
)

from . import positions
from .deciding import per_decision

Pos = tuple[int, int]

@dataclass(frozen=True)
class PlaceGoal:
    """A place to step on: the rule index it fires, the place, and what it ``pays`` the party
    (``pays``: points on the scale of :data:`PAY`)."""

    rule: int
    place: Place
    pays: float = 0.0


PAY = {"win": 100.0, "win_flag": 100.0, "token": 30.0, "good_flag": 20.0, "loot_card": 5.0, "item": 6.0,
       "group_xp": 1.0,
       "hp": 1.0, "place_token": 5.0, "open_doors": 5.0}
"""What an effect is worth to the party, in points (a Loot Card = 5; a win = 100); harm counts
its HP (and Doom steps 3 each) against it."""


def pays(effects: list[Any], obj: Objectives, players: int = 4) -> float:
    """What firing ``effects`` is worth to the party (see :data:`PAY`): a check's success half,
    its failure the other half; effects reaching ``all`` count for every hero."""
    total = 0.0
    for e in effects:
        times = players if getattr(e, "who", "triggering") == "all" else 1
        if isinstance(e, Check):
            total += 0.5 * pays(e.success, obj, players) + 0.5 * pays(e.failure, obj, players)
        elif e.do == "win":
            total += PAY["win"]
        elif isinstance(e, SetFlag) and e.value:
            total += PAY["win_flag"] if e.flag in obj.win_flags else PAY["good_flag"] if e.flag in obj.good_flags \
                else -PAY["good_flag"] if e.flag in obj.bad_flags else 0.0
        elif e.do == "give":
            total += times * (PAY["loot_card"] * e.loot_cards + (PAY["item"] if e.item else 0.0)) \
                + PAY["group_xp"] * e.group_xp
        elif e.do == "heal":
            total += times * PAY["hp"] * (e.hp + e.pp)
        elif e.do in ("place_token", "open_doors"):
            total += PAY[e.do]
        elif e.do == "damage":
            total -= times * e.amount
        elif e.do == "doom":
            total -= 3.0 * getattr(e, "steps", 1)
        elif e.for_party == "hurts":
            total -= 10.0
    return total


@dataclass
class Objectives:
    """The steerable part of a scenario (see the module docstring). ``deliver``: token id
    -> place it must be carried to; ``fetch``: tokens worth picking up; ``visit`` /
    ``avoid``: places of helpful / only harmful ``hero_enters`` rules (``hazards``: the
    harmful rules with their places, as ``PlaceGoal``s whose ``pays`` is below 0); ``escape``: places
    where every (or any) hero must stand; ``clear``: Room Tiles to clear; ``boss``: a boss
    must be defeated; ``good_flags`` / ``bad_flags``."""

    deliver: dict[str, Place] = field(default_factory=dict)
    fetch: list[str] = field(default_factory=list)
    visit: list[PlaceGoal] = field(default_factory=list)
    avoid: list[Place] = field(default_factory=list)
    hazards: list[PlaceGoal] = field(default_factory=list)
    escape: list[Escape] = field(default_factory=list)
    clear: list[str] = field(default_factory=list)
    boss: bool = False
    good_flags: set[str] = field(default_factory=set)
    bad_flags: set[str] = field(default_factory=set)
    win_flags: set[str] = field(default_factory=set)
    prey: set[str] = field(default_factory=set)
    """Monster ids whose defeat helps (a rule on their defeat sets a good flag or wins, or a
    helpful rule waits for none of them left: Gruzak's Orcs)."""
    boss_helps: bool = False
    """The boss is a target: a goal to defeat it, or a rule on its defeat that helps (sets a
    flag that wins: the Hollow King whose fall ends the curse)."""
    dreaded: list[tuple[int, MonsterEnters]] = field(default_factory=list)
    """(rule index, trigger) of the ``monster_enters`` rules that make the heroes lose (Gruzak
    reaching the stairs): the monster they wait for is to be stopped before it gets there."""


def _effects(effects: list[Any], *, success_only: bool) -> list[Any]:
    """The effects, a check's branches flattened (its failure branch left out with ``success_only``)."""
    out: list[Any] = []
    for e in effects:
        out.append(e)
        for branch, inner in e.nested():
            if branch == "success" or not success_only:
                out += _effects(inner, success_only=success_only)
    return out


def _helps(effects: list[Any], good: set[str]) -> bool:
    return any(e.for_party == "helps" or any(flag in good for flag in e.sets_flags())
               for e in _effects(effects, success_only=True))


def _hurts(effects: list[Any], bad: set[str]) -> bool:
    return any(e.for_party == "hurts" or any(flag in bad for flag in e.sets_flags())
               for e in _effects(effects, success_only=False))


def _loses(effects: list[Any], bad: set[str]) -> bool:
    """Whether ``effects`` can end the scenario lost: a ``lose`` (a check's branches included),
    or a flag that leads to a lose goal."""
    return any(e.do == "lose" or any(flag in bad for flag in e.sets_flags())
               for e in _effects(effects, success_only=False))


def _waits_for(rule: Any, is_set: bool = True) -> set[str]:
    """The flags ``rule`` needs set to fire (``is_set=False``: needs not set): its ``flag_set``
    trigger's flag and the flags its ``if`` conditions ask about."""
    flags = {c.flag for c in rule.conditions if isinstance(c, FlagIs) and c.is_set == is_set}
    if is_set and isinstance(rule.when, FlagSet):
        flags.add(rule.when.flag)
    return flags


def _flag_fixed_point(scenario: Scenario, seeds: set[str], test: Any, averts: Any = None) -> set[str]:
    """``seeds`` and every flag a rule that passes ``test`` (its effects, the flags so far)
    waits for (:func:`_waits_for`), to a fixed point; with ``averts``, also every flag whose
    being set keeps a rule that passes ``averts`` from firing (a flag that stops a rule that
    loses helps as one that wins does)."""
    flags = set(seeds)
    changed = True
    while changed:
        changed = False
        for rule in scenario.rules:
            found = _waits_for(rule) if test(rule.effects, flags) else set()
            if averts is not None and averts(rule.effects):
                found |= _waits_for(rule, is_set=False)
            if not found <= flags:
                flags |= found
                changed = True
    return flags


_CACHE: dict[int, tuple[Scenario, Objectives]] = {}


def objectives(scenario: Scenario) -> Objectives:
    """The scenario's objectives (computed once per scenario object)."""
    hit = _CACHE.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        return hit[1]
    found = Objectives()
    found.bad_flags = _flag_fixed_point(
        scenario, {g.flag for g in scenario.goals.lose if isinstance(g, FlagGoal)}, _hurts)
    # a flag a helpful rule asks for in its conditions (Gruzak's fall, read by the rule that breaks
    # his warband) helps as one its trigger waits for; one that keeps a losing rule from firing too
    found.good_flags = _flag_fixed_point(
        scenario, {g.flag for g in scenario.goals.win if isinstance(g, FlagGoal)}, _helps,
        lambda effects: _loses(effects, found.bad_flags))
    found.win_flags = {g.flag for g in scenario.goals.win if isinstance(g, FlagGoal)}
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
            found.boss_helps = True
            if goal.escort is not None:
                found.prey.add(goal.escort)
    for index, rule in enumerate(scenario.rules):
        when = rule.when
        if _helps(rule.effects, found.good_flags):
            # a helpful rule that waits for no monster of a type left: every one of them is prey
            found.prey |= {c.monster for c in rule.conditions
                           if isinstance(c, MonstersLeft) and c.monster is not None and c.upper == 0}
        if isinstance(when, MonsterDefeated) and _helps(rule.effects, found.good_flags):
            if when.boss:
                found.boss_helps = True
            elif when.monster is not None:
                found.prey.add(when.monster)
        if isinstance(when, HeroEnters):
            if _helps(rule.effects, found.good_flags):
                found.visit.append(PlaceGoal(index, when.place, pays(rule.effects, found)))
            elif _hurts(rule.effects, found.bad_flags):
                found.avoid.append(when.place)
                found.hazards.append(PlaceGoal(index, when.place, pays(rule.effects, found)))
        elif isinstance(when, MonsterEnters) and _loses(rule.effects, found.bad_flags):
            found.dreaded.append((index, when))
        elif (isinstance(when, TokenPickedUp) and when.token not in found.fetch
              and _helps(rule.effects, found.good_flags)):
            found.fetch.append(when.token)
    _CACHE[id(scenario)] = (scenario, found)
    return found


PREY_WORTH = 3.0
"""How much more a monster whose defeat the scenario needs is worth as a target."""


def is_prey(state: Any, monster: Any) -> bool:
    """Whether defeating ``monster`` helps the scenario: the boss of a ``defeat_boss`` goal or
    of a helpful ``monster_defeated`` rule, a monster type such a rule names, or a monster about
    to reach the Room Tile of a rule that loses (:func:`threats`)."""
    play = state.scenario
    if play is None:
        return False
    found = objectives(play.scenario)
    return ((found.boss_helps and monster.is_boss) or monster.monster.id in found.prey
            or monster.uid in threats(state))


THREAT_ACTIVATIONS = 2
"""Activations within which a monster that would make the heroes lose by reaching a Room Tile
becomes the party's first target: its walk to the tile fits in this many times its AP."""


@per_decision
def threats(state: Any) -> dict[str, frozenset[Pos]]:
    """The monsters on the map that could reach the Room Tile of a ``monster_enters`` rule that
    loses (``Objectives.dreaded``; the rule can still fire) within :data:`THREAT_ACTIVATIONS`
    activations (walked squares, figures ignored, times ``rules.walk_ap`` at most that many
    times the monster's AP): uid -> the squares of that Room Tile. Open information only: the
    printed rule, the Room Tiles on the table and where the figures stand. A monster already on
    the tile has not reached it (the rule waits for one coming from another Room Tile)."""
    play = state.scenario
    dreaded = objectives(play.scenario).dreaded if play is not None else []
    found: dict[str, frozenset[Pos]] = {}
    for index, when in dreaded:
        if not rule_open(state, index):
            continue
        squares = frozenset(play.resolve(state, Place(tile=when.tile)))
        if not squares:
            continue  # the Room Tile is not on the table yet
        steps = positions.distances(state, squares)
        for monster in positions.monsters_on_map(state):
            if (when.boss and not monster.is_boss) or (when.monster is not None and monster.monster.id != when.monster):
                continue
            away = steps.get(state.board.position(monster.uid))
            if away and away * state.rules.walk_ap <= THREAT_ACTIVATIONS * monster.action_points:
                found[monster.uid] = found.get(monster.uid, frozenset()) | squares
    return found


def paying_squares(state: Any) -> dict[Pos, float]:
    """Squares of the objectives on the map now -> what stepping there pays (tokens to fetch:
    ``PAY["token"]``; helpful places: their rule's ``pays``)."""
    play = state.scenario
    if play is None:
        return {}
    found = targets(state)
    out = dict.fromkeys(found.fetch, PAY["token"])
    for goal in objectives(play.scenario).visit:
        if visit_open(state, goal):
            for p in play.resolve(state, goal.place):
                if p in found.visit:
                    out[p] = max(out.get(p, 0.0), goal.pays)
    return out


def time_limits(scenario: Scenario) -> list[int]:
    """The rounds at whose end a ``time_limit`` lose goal ends the scenario."""
    return [g.round for g in scenario.goals.lose if isinstance(g, TimeLimit)]


def visit_open(state: Any, goal: PlaceGoal) -> bool:
    """Whether stepping on ``goal``'s place could still fire its rule: not a ``once`` rule
    that fired, and its flag conditions hold (a rule guarded by "flag not set" is done once
    the flag is set)."""
    return rule_open(state, goal.rule)


def rule_open(state: Any, index: int) -> bool:
    """Whether the scenario's rule ``index`` could still fire: not a ``once`` rule that fired,
    and its flag conditions hold."""
    play = state.scenario
    rule = play.scenario.rules[index]
    if rule.once and play.fired.get(index):
        return False
    return all((c.flag in play.flags) == c.is_set for c in rule.conditions if isinstance(c, FlagIs))


@dataclass(frozen=True)
class Targets:
    """Squares the party steers for now: ``carry`` (carrier uid -> squares to carry its token
    to), ``fetch`` (squares of tokens lying on the map), ``visit`` (squares of open helpful
    places), ``gather`` (squares every hero should stand on: escape goals), ``avoid`` (squares
    where a hero ending its move sets off a rule that only hurts and can still fire, and the
    Room Tile a monster near it must not reach (``threats``: a hero there draws it on), none of
    them a square of the others: the bots end no move there when another square serves)."""

    carry: dict[str, frozenset[Pos]]
    fetch: frozenset[Pos]
    visit: frozenset[Pos]
    gather: frozenset[Pos]
    avoid: frozenset[Pos]

    @property
    def any(self) -> bool:
        return bool(self.carry or self.fetch or self.visit or self.gather)


NO_TARGETS = Targets({}, frozenset(), frozenset(), frozenset(), frozenset())


@per_decision
def targets(state: Any) -> Targets:
    """The squares of the scenario's objectives on the map as it is now (``NO_TARGETS``
    without a scenario)."""
    play = state.scenario
    if play is None:
        return NO_TARGETS
    # a Room Tile a monster must not reach is kept off while one is near it (``threats``)
    dreaded = frozenset(p for squares in threats(state).values() for p in squares)
    key = (state.board.layout.version, tuple(sorted(play.flags)), tuple(sorted(play.fired.items())),
           tuple((t, s.square, s.carrier, s.removed) for t, s in sorted(play.tokens.items())), dreaded)
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
    # a harmful rule that fired its once, or whose flags no longer hold, harms nobody more; a
    # square a goal needs is no place to keep off
    avoid = {p for g in obj.hazards if visit_open(state, g) for p in play.resolve(state, g.place)}
    # a hero there would draw the monster whose arrival loses onto it (monsters walk to the nearest hero)
    avoid |= dreaded
    avoid -= visit | fetch | gather
    for squares in carry.values():
        avoid -= squares
    found = Targets(carry, frozenset(fetch), frozenset(visit), frozenset(gather), frozenset(avoid))
    state.scratch["objective_targets"] = (key, found)
    return found
