"""Party stances for a fight on the map: how the whole party plays a round, each a variant of the
greedy policy (``sim.bots.greedy_bot``) that the ``search`` policy plays out and commits to
(``sim.search``, *plans*). Book of Rules *Action Phase* (walking, attacking, waiting).

* ``charge`` - greedy as it is: to where it can attack, the best attack, the party's door.
* ``hold`` - the party does not walk toward the monsters: a hero attacks what it reaches from
  where it stands (a ranged hero shoots), else waits (ends its turn); it opens no door. The
  monsters come to the heroes, through the doorways of the Room Tile, a few at a time.
* ``back`` - each hero first steps as far from the monsters as its AP take it (walked steps to
  the nearest monster, the way it came included), then attacks what it still reaches from there,
  else waits.
* ``focus`` - greedy, but every attack goes to the monster closest to defeat that the hero can
  attack now (the fewest HP left; ties: the most damage it deals).

Outside a fight (no monster on the map), off Phase D, with a Room Tile or a Loot Card choice
waiting, and for the scenario's own steps (a token, a carry, a friend left lying: greedy's
``SCENARIO_FIRST``) every stance plays greedy's choice. A stance reads only what the players
see and breaks ties by square order, so a game stays reproducible from its seed.

The search over stances and ``with_opener`` (the toughest hero opens the party's door) were
measured against the ``search`` rung and did not beat it (``sim.search``'s docstring, README
*Skill ladder*): they stay behind switches, off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doria_forge.engine.actions import Action, Attack, EndTurn, Jump, RevealRoomTile, Walk
from doria_forge.engine.state import D

from .bots import attack_options, fighting, greedy_bot, scenario_step
from .party import chose_step_back, holds_back, stepped_back
from .reach import FAR, _at, _on_map, distances, monsters_on_map, standing
from .reasons import note

STANCES = ("charge", "hold", "back", "focus")
"""The stances a party chooses between, greedy's own first (it keeps ties)."""

_MOVED = "stance-moved"
"""The note key of the steps back ``back`` chose (``party.chose_step_back``: one step
back a turn)."""


def in_fight(state: Any) -> bool:
    """A hero's own Phase D decision (no Room Tile placement or Loot Card choice waiting) with a
    monster on the map."""
    return state.board.spatial and fighting(state)


def _greedy_or_own(state: Any) -> tuple[Action, bool]:
    """Greedy's choice and whether a stance must keep it (the scenario's own step)."""
    action = greedy_bot(state)
    return action, scenario_step(state, action)


def _attack_here(state: Any, hero: Any, greedy: Action) -> Action | None:
    """Greedy's choice when it is an attack or anything but a step or a door (a potion, a
    repair, healing a friend); else the best attack from where the hero stands; else ``None``."""
    if not isinstance(greedy, Walk | Jump | RevealRoomTile | EndTurn):
        return greedy
    options = attack_options(state, hero, state.ap.get(hero.uid, 0))
    if not options:
        return None
    return Attack(*max(options, key=lambda o: o[0])[1])


def hold(state: Any) -> Action:
    """The ``hold`` stance (module docstring)."""
    greedy, own = _greedy_or_own(state)
    if own or not in_fight(state):
        return greedy
    hero = state.hero(state.current_actor())
    action = _attack_here(state, hero, greedy)
    return note(state, action or EndTurn(), "hold: attack from here or wait")


def _away(state: Any, hero: Any) -> Action | None:
    """The step to the square farthest (walked) from the nearest monster this turn's AP reach,
    ``None`` when none is farther than where the hero stands."""
    here = _on_map(state, hero.uid)
    ap = state.ap.get(hero.uid, 0)
    if here is None or hero.immobilized or ap < 1:
        return None
    field = distances(state, frozenset(_at(state, m.uid) for m in monsters_on_map(state)))
    routes = state.board.hero_routes(state, hero, ap, jumping=False)
    best = max(routes, key=lambda p: (min(field.get(p, FAR), 30), -routes[p].cost, p), default=None)
    if best is None or min(field.get(best, FAR), 30) <= min(field.get(here, FAR), 30):
        return None
    return Walk(best)


def back(state: Any) -> Action:
    """The ``back`` stance (module docstring)."""
    greedy, own = _greedy_or_own(state)
    if own or not in_fight(state):
        return greedy
    hero = state.hero(state.current_actor())
    if not stepped_back(state, hero, _MOVED):
        step = _away(state, hero)
        if step is not None:
            return note(state, chose_step_back(state, hero, _MOVED, step), "back: away from the monsters")
    action = _attack_here(state, hero, greedy)
    return note(state, action or EndTurn(), "back: attack from here or wait")


def focus(state: Any) -> Action:
    """The ``focus`` stance (module docstring)."""
    greedy, own = _greedy_or_own(state)
    if own or not isinstance(greedy, Attack):
        return greedy
    hero = state.hero(state.current_actor())
    options = attack_options(state, hero, state.ap.get(hero.uid, 0))
    if not options:
        return greedy
    weakest = min(state.monster(o[1][2]).hp for o in options)
    best = max((o for o in options if state.monster(o[1][2]).hp == weakest), key=lambda o: o[0])
    return note(state, Attack(*best[1]), "focus: the monster closest to defeat")


POLICIES: dict[str, Callable[[Any], Action]] = {"charge": greedy_bot, "hold": hold, "back": back, "focus": focus}
"""Each stance's policy (``policy(state) -> Action``, as ``sim.policies``)."""


def opener(state: Any) -> Action | None:
    """No monster on the map and greedy walking the hero onto the party's door: ``EndTurn`` when
    a friend with more HP left, standing and not holding back, still has AP this round (what lies
    behind a door attacks whoever opened it: the toughest hero opens it); else ``None``."""
    if state.phase != D or not state.board.spatial or monsters_on_map(state):
        return None
    if state.board.pending_decider(state) is not None or state.pending_loot or state.pending_loot_draws:
        return None
    action = greedy_bot(state)
    if not (isinstance(action, Walk) and action.to in state.board.layout.closed_doors()):
        return None
    hero = state.hero(state.current_actor())
    friends = [h for h in standing(state) if h is not hero and h.hp > hero.hp and state.ap.get(h.uid, 0) >= 1
               and not holds_back(state, h)]
    if not friends:
        return None
    return note(state, EndTurn(), "the door is left to a friend with more HP left")


def with_opener(policy: Callable[[Any], Action]) -> Callable[[Any], Action]:
    """``policy`` with the toughest hero opening the party's door (``opener``)."""
    def play(state: Any) -> Action:
        return opener(state) or policy(state)
    if hasattr(policy, "stats"):
        play.stats = policy.stats  # type: ignore[attr-defined]
    return play
