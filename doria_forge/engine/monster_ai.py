"""Monster AI: who acts in which order, whom it attacks, how it moves (Book of Rules
*Monster Activation*: *Monster Order*, *Target of a Monster*, *Fastest Way to the
Target*, *Monsters and Obstacles/Holes*; the abilities of NOTES.md that choose targets
and move).

An activation is one move and ONE attack on the chosen targets
(``combat.monster_attack``). Without a map (``board.spatial`` false) nobody moves and
every conscious hero is in range (``choose_targets``). On a map, ``plan`` decides:

1. Targets (chapter *Target of a Monster*): a monster whose attack can hit several
   heroes goes where it hits the most; otherwise the closest hero it can attack this
   activation (path distance), then the lowest base attribute of its attack type (STR
   melee, AGI ranged, WIS magic), then less active armor, then a seeded draw standing
   for the players' decision. Targeting ``lowest_hp`` takes the lowest current HP,
   ``lowest_agility`` the lowest AGI when it is lower than the nearest hero's.
2. Movement: only as far as needed; a monster with range above 1 that stands too close
   steps back to its full range, away from the other heroes; among equal ways the one
   along walls, then the one fewer heroes see, then a seeded draw. Only when no hero can
   be attacked from a free square does a monster push another off the square it needs
   (the pushed one goes to the nearest free square along the way, over a Hole it was
   jumped across). Holes: see ``map.paths``.
3. No hero in reach: it walks the fastest way toward the nearest hero - a monster targeting
   ``lowest_hp`` toward the one with the fewest HP - (or, when no way is open, as close as it
   gets).

Behaviours (``abilities.rule_for``): ``pair_activation`` brings a second monster of the
type, ``extra_activation_on_wound`` makes a monster that wounded act once more,
``free_attack`` strikes a hero who ends a move next to the monster; ``raise_dead`` is
``spawn.raise_the_dead``.
``monster_dice`` picks the dice monsters roll (the solo optional rule
``solo_average_monster_dice``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from . import abilities, choices
from .area import IN_RANGE_PATTERNS, area_hits
from .combat import AttackOutcome, monster_attack
from .dice import AverageDice, DiceRoller
from .ending import check_end
from .hero import HeroState
from .monster import MonsterState
from .triggers import fire, monster_hit_damage

if TYPE_CHECKING:  # pragma: no cover
    from .board import MonsterRoutes, SpatialBoard
    from .state import GameData

TARGET_ATTRIBUTE = {"melee": "STR", "ranged": "AGI", "magic": "WIS"}
"""The base attribute a monster's attack type looks for in its target (criterion 3)."""


def _head(monster: MonsterState) -> tuple[int, str]:
    """The first two criteria of the monster order (higher AP, then the priority letter): the
    ones read without measuring a distance."""
    return (-monster.action_points, monster.priority)


def monster_order_key(state: GameData, monster: MonsterState) -> tuple:
    """Sort key of the monster order (chapter *Monster Order*): higher AP first, then
    the priority letter (A first), the distance to the nearest character (closer
    first), more modifications first, then the players' decision: on a map a seeded
    draw made when the monster entered, without one the board order."""
    return (*_head(monster), state.board.distance_to_nearest_hero(state, monster),
            -len(monster.modifications), monster.data.get("tie_break", 0.0), state.monsters.index(monster))


def ordered_monsters(state: GameData, monsters: list[MonsterState] | None = None, *,
                     leaders_act: bool = True) -> list[MonsterState]:
    """The monsters (default: all on the board) that are not defeated, in monster order
    (``monster_order_key``). The distances are measured only between monsters that AP and
    priority letter leave tied: on a map they are the costly part. ``leaders_act``: whether
    the first in order are the ones that act (read by the choice policy: ``_players_order``)."""
    pool = state.monsters if monsters is None else monsters
    ranked = sorted((m for m in pool if not m.defeated), key=_head)
    out: list[MonsterState] = []
    i = 0
    while i < len(ranked):
        j = i + 1
        head = _head(ranked[i])
        while j < len(ranked) and _head(ranked[j]) == head:
            j += 1
        group = ranked[i:j]
        if len(group) > 1:
            group = sorted(group, key=lambda m: monster_order_key(state, m))
            if state.choice_policy is not None:
                group = _players_order(state, group, leaders_act)
        out += group
        i = j
    return out


def ordered_where(state: GameData, keep: Callable[[MonsterState], bool], *,
                  leaders_act: bool = True) -> list[MonsterState]:
    """``ordered_monsters(state)`` restricted to the monsters ``keep`` accepts. The monster order
    of a subset is the order of the whole restricted to it (``monster_order_key`` is a total sort
    key): without a choice policy only the subset is ranked (its distances are the costly part);
    a choice policy, which counts the ties it is asked, sees the whole order. ``leaders_act`` as
    in ``ordered_monsters``."""
    if state.choice_policy is not None:
        return [m for m in ordered_monsters(state, leaders_act=leaders_act) if keep(m)]
    return ordered_monsters(state, [m for m in state.monsters if keep(m)])


def first_in_order(state: GameData, monsters: list[MonsterState]) -> MonsterState | None:
    """``ordered_monsters(state, monsters)[0]`` (``None`` when all are defeated): without a choice
    policy only the monsters that AP and priority letter put at the head are ranked by distance."""
    if state.choice_policy is not None:
        order = ordered_monsters(state, monsters)
        return order[0] if order else None
    live = [m for m in monsters if not m.defeated]
    if not live:
        return None
    head = min(_head(m) for m in live)
    group = [m for m in live if _head(m) == head]
    if len(group) == 1:
        return group[0]
    return min(group, key=lambda m: monster_order_key(state, m))


def _players_order(state: GameData, group: list[MonsterState], leaders_act: bool = True) -> list[MonsterState]:
    """Criterion 5 of *Monster Order* asked of the choice policy (``monster_order``) for the
    runs that the first four criteria leave equal (asked once per round and run). For the
    heroes the monster whose activation would hurt them least leads (``_harm_now``); where the
    leaders do not act (``leaders_act`` false: the Zombies that multiply first, the others being
    activated once no figure is left), the one that would hurt them most."""
    keys = [monster_order_key(state, m)[:4] for m in group]
    harm = _harm_now(state)
    sign = -1.0 if leaders_act else 1.0
    out: list[MonsterState] = []
    i = 0
    while i < len(group):
        j = i + 1
        while j < len(group) and keys[j] == keys[i]:
            j += 1
        run = group[i:j]
        if len(run) > 1:
            run = choices.order(state, "monster_order", run, default=lambda g: g,
                                benefit=lambda m: sign * harm(m), occasion=(state.round, tuple(m.uid for m in run)))
        out += run
        i = j
    return out


SCRATCH_SEED = 0
"""Dice seed of the copy of the game ``_harm_now`` plans on: its tie-breaks draw from dice of their
own, so rating an order neither uses nor reads the game's dice."""


def _harm_now(state: GameData) -> Callable[[MonsterState], float]:
    """Open choice ``monster_order``: how hard ``monster``'s activation would hit the heroes if
    it came now. The monsters the first four criteria leave tied are of one kind and all act
    in turn, so what their order changes is who takes a contested square first, and who gets an
    activation the others do not (*No monster figures available anymore*; the Zombies that
    cannot multiply): rated by its damage alone a monster ties with its twins, and the
    for/against orders were the same. Each hero it would attack (its ``plan``, or
    ``choose_targets`` off the map) counts its damage per hit over the hero's HP above
    ``rules.death_threshold`` (a death ends the scenario: a hit weighs more on a hero near it).
    The plans are made on one copy of the game (``state.copy``) with dice of its own
    (``SCRATCH_SEED``), no choice policy and no event log: rating an order changes nothing in
    the game, draws none of its dice and counts no choice. Returns a rating function
    (0 or more, per hero hit)."""
    threshold = state.rules.death_threshold
    scratch: list[Any] = []

    def harm(monster: MonsterState) -> float:
        if state.board.spatial:
            if not scratch:
                copy = state.copy(seed=SCRATCH_SEED, log=False)  # type: ignore[attr-defined]
                copy.choice_policy = None
                scratch.append(copy)
            copy = scratch[0]
            twin = next(m for m in copy.monsters if m.uid == monster.uid)
            chosen = plan(copy, twin)
            targets = [] if chosen.route is not None and chosen.route.no_attack else chosen.targets
        else:
            targets = choose_targets(state, monster)
        return sum(monster.damage / max(1, h.hp - threshold) for h in targets)

    return harm


def monster_dice(state: GameData) -> DiceRoller:
    """The dice for the monsters' own rolls (attack, defense, psi resistance):
    ``AverageDice(rules.solo_average_die)`` when the optional rule
    ``solo_average_monster_dice`` is on and the solo rules apply, else ``state.dice``."""
    if state.solo and "solo_average_monster_dice" in state.optional_rules:
        return AverageDice(state.rules.solo_average_die)
    return state.dice


def choose_targets(state: GameData, monster: MonsterState) -> list[HeroState]:
    """The heroes ``monster`` attacks (chapter *Target of a Monster*): conscious heroes
    in range (``state.board``); as many as its hit pattern allows (all, ``targets`` of
    ``hit_extra_in_range``, 1 + ``extra`` of ``hit_adjacent_to_target``; else 1), closest
    first, then the lowest base attribute of the attack type (STR melee, AGI ranged, WIS
    magic), then less active armor (undamaged equipped AR; the German edition's "weniger
    Rüstung"), then seat order (players' decision). Targeting ``lowest_hp`` takes the
    lowest current HP; ``lowest_agility`` skips the nearest hero for a lower AGI in range."""
    board = state.board
    candidates = [h for h in state.heroes if h.can_act and board.in_range(state, monster, h)]
    if not candidates:
        return []
    rule = abilities.rule_for(monster)
    if rule.max_targets is None:
        return candidates
    if rule.targeting == "lowest_hp":
        pick = abilities.lowest_hp_target(candidates)
        return [pick] if pick is not None else []
    if rule.targeting == "lowest_agility":
        choice = abilities.lowest_agility_target([(h, board.distance(state, monster, h)) for h in candidates])
        return [choice] if choice is not None else []
    attr = TARGET_ATTRIBUTE.get(monster.attack_type, "STR")

    def key(h: HeroState) -> tuple:
        active_armor = sum(i.armor_rating for i in h.equipped() if i.is_armor and not i.damaged)
        return (board.distance(state, monster, h), h.attribute(attr), active_armor, state.heroes.index(h))

    if len(candidates) > 1:
        candidates.sort(key=key)
    return candidates[: rule.max_targets]


def activate_monster(state: GameData, monster: MonsterState, reason: str = "normal", *,
                     may_repeat: bool = True) -> list[AttackOutcome]:
    """One activation: move (the board's business; an Immobilized monster stands, and the
    status ends) and ONE attack on the chosen targets via ``combat.monster_attack``. A monster
    with ``extra_activation_on_wound`` that wounded gets one more activation
    (``may_repeat=False``: that one cannot chain another). Returns the attack outcomes."""
    if monster.defeated or state.outcome is not None:
        return []
    if state.board.spatial:
        targets = carry_out(state, monster, plan(state, monster))
    else:
        targets = choose_targets(state, monster)
    if monster.immobilized:
        # The book leaves open how the status ends (chapter *Immobile*: "sometimes automatically");
        # a hit that Immobilizes (a Weighted Net) holds the monster for the one activation it just
        # stood through: else it stood where it was caught to the end of the game.
        monster.immobilized = False
        state.log.emit("immobilized_ends", monster.uid)
    if state.log.enabled:
        state.log.emit("activation", monster.uid, reason=reason, targets=tuple(h.uid for h in targets))
    if not targets:
        return []
    outs = monster_attack(state.dice, state.log, monster, targets, state.rules, state.defense_policy,
                          monster_dice=monster_dice(state),
                          extra_dice=abilities.aura_attack_dice(monster, state.monsters),
                          extra_damage=partial(monster_hit_damage, state, monster))
    check_end(state)
    if state.outcome is None and may_repeat and any(o.extra_activation for o in outs):
        # logged here, where it is granted: a wound in the earned activation earns none, and the
        # log says so by saying nothing (it used to log one more that never came)
        state.log.emit("extra_activation", monster.uid, reason=abilities.rule_for(monster).id)
        # the activation it earned, by its rulebook name: under the monster type's id a replay read
        # "Orc 2 is activated (Orc)"
        activate_monster(state, monster, reason="extra_activation", may_repeat=False)
    return outs


def activate_in_order(state: GameData, monster: MonsterState) -> None:
    """A monster's normal activation at its AP value; with ``pair_activation`` a second
    monster of its type that has not acted yet follows right after it (the Goblins)."""
    state.activated.add(monster.uid)
    activate_monster(state, monster)
    if state.outcome is None and abilities.rule_for(monster).pair_activation:
        partner = next(iter(ordered_where(state, lambda m: m.monster.id == monster.monster.id
                                          and m.uid not in state.activated)), None)
        if partner is not None:
            state.activated.add(partner.uid)
            activate_monster(state, partner, reason="pair")


# =========================================================================== the map
MULTI_PATTERNS = ("all_in_range", "extra_in_range", "adjacent_to_target", "spread", "chain", "line")

FROM_SQUARE_PATTERNS = (*IN_RANGE_PATTERNS, "line")
"""Hit patterns whose heroes hit depend on the square attacked from, not on the target alone."""


@dataclass
class Plan:
    """What a monster does on the map: move along ``route`` (``None``: stay) to
    ``square``, pushing the monster ``push`` off it; then attack ``targets``."""

    square: Any
    route: Any
    targets: list[HeroState]
    push: str | None = None


def _board(state: GameData) -> SpatialBoard:
    return cast("SpatialBoard", state.board)


def _tie_break(state: GameData, items: list[Any], key: Callable[[Any], Any], choice: str,
               benefit: Callable[[Any], float], then: Callable[[Any], Any] | None = None) -> list[Any]:
    """``items`` sorted by ``key``, then (``then``) by ``then``; runs of equal keys are the
    players' decision of the book's last criterion, asked as open choice ``choice``
    (``engine.choices``; without a choice policy: shuffled with the game's dice). ``then`` is
    worked out only for items that tie on ``key``: the order and the runs are those of the key
    ``(key, then)``, a stable sort by the first part and each of its runs by the second."""
    out: list[Any] = []
    for group in _runs(items, key):
        if then is not None and len(group) > 1:
            runs = _runs(group, then)
        else:
            runs = [group]
        for run in runs:
            if len(run) > 1:
                run = choices.order(state, choice, run, default=choices.shuffled(state), benefit=benefit)
            out.extend(run)
    return out


def _best_of(state: GameData, items: list[Any], key: Callable[[Any], Any], choice: str,
             benefit: Callable[[Any], float]) -> Any:
    """The first of ``items`` by ``key``; items tying for first are the players' decision
    ``choice``, as in ``_tie_break``. Only a tie for first is asked (and drawn with the dice
    without a choice policy): a tie further down decides nothing, and asking it counted choices
    no game could feel in the rules-clarity report (36 of 45 ``monster_square`` choices of 30
    games of The Goblin Warren)."""
    first = _runs(items, key)[0]
    if len(first) > 1:
        first = choices.order(state, choice, first, default=choices.shuffled(state), benefit=benefit)
    return first[0]


def _runs(items: list[Any], key: Callable[[Any], Any]) -> list[list[Any]]:
    """``items`` sorted by ``key`` (stable, each key worked out once), cut into runs of equal keys."""
    keyed = sorted(((key(item), item) for item in items), key=lambda pair: pair[0])
    runs: list[list[Any]] = []
    last: Any = None
    for n, (k, item) in enumerate(keyed):
        if n and k == last:
            runs[-1].append(item)
        else:
            runs.append([item])
            last = k
    return runs


def _toughness(hero: HeroState) -> float:
    """How well a hero takes a hit (open choice ``monster_target``): HP and active armor."""
    return hero.hp + _active_armor(hero)


def _near_heroes(state: GameData) -> Callable[[Any], float]:
    """Open choice ``monster_square``: a square closer to the standing heroes is better for them."""
    board = _board(state)
    spots = [p for h in state.heroes if h.can_act and (p := board.position(h.uid)) is not None]
    return lambda sq: -sum(board.range_distance(sq, p) for p in spots)


def _active_armor(hero: HeroState) -> int:
    return sum(i.armor_rating for i in hero.equipped() if i.is_armor and not i.damaged)


def rank_heroes(state: GameData, monster: MonsterState, heroes: Sequence[HeroState],
                distance: dict[str, int]) -> list[HeroState]:
    """``heroes`` in the monster's order of preference (criteria 2-5 of *Target of a
    Monster*, or the lowest HP for targeting ``lowest_hp``)."""
    rule = abilities.rule_for(monster)
    attr = TARGET_ATTRIBUTE.get(monster.attack_type, "STR")
    if rule.targeting == "lowest_hp":
        return _tie_break(state, list(heroes), lambda h: (h.hp, distance[h.uid]), "monster_target", _toughness)
    # the attribute and the armor tell apart only heroes at the same distance: read for those alone
    return _tie_break(state, list(heroes), lambda h: distance[h.uid], "monster_target", _toughness,
                      then=lambda h: (h.attribute(attr), _active_armor(h)))


def _hits(state: GameData, monster: MonsterState, square: Any, primary: HeroState,
          attackable: list[HeroState], ranked: list[HeroState]) -> list[HeroState]:
    """The heroes one attack from ``square`` on ``primary`` hits (the ability's ``pattern``,
    worked out by ``area.area_hits``, which the heroes' area effects share)."""
    return area_hits(_board(state), abilities.rule_for(monster), square, primary, ranked, attackable)


class _Options(Mapping):
    """Where a monster may stand to attack: its own square (no route, ``None``), then every
    square its routes reach without losing the attack; routes built only when read."""

    def __init__(self, start: Any, routes: MonsterRoutes) -> None:
        self._start = start
        self._routes = routes
        self._squares = [start] + [p for p in routes.attack_squares() if p != start]
        self._set = set(self._squares)

    def __getitem__(self, square: Any) -> Any:
        if square not in self._set:
            raise KeyError(square)
        return None if square == self._start else self._routes[square]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._squares)

    def __len__(self) -> int:
        return len(self._squares)

    def __contains__(self, square: object) -> bool:
        return square in self._set

    def cost(self, square: Any) -> int:
        """AP of the way to ``square`` (0 for the monster's own), without building the route."""
        return 0 if square == self._start else self._routes.cost(square)


def plan(state: GameData, monster: MonsterState) -> Plan:
    """Where ``monster`` moves and whom it attacks this activation (see the module
    docstring). Rolls no dice except seeded tie-breaks."""
    board = _board(state)
    start = board.position(monster.uid)
    heroes = [h for h in state.heroes if h.can_act and board.position(h.uid) is not None]
    if start is None or not heroes:
        return Plan(start, None, [])
    distance = board.distances(state, monster, heroes)
    ranked = rank_heroes(state, monster, heroes, distance)
    rule = abilities.rule_for(monster)
    here = _staying(state, monster, rule, start, ranked, len(heroes))
    if here is not None:
        return here
    stuck = monster.immobilized or board.is_buried(monster.uid)
    budget = 0 if stuck else max(0, monster.action_points - (1 if monster.data.get("entering") else 0))
    routes = board.monster_routes(state, monster, budget)
    options = _Options(start, routes)
    occupants = board.occupants()
    # the squares of its routes another figure holds: read from the few figures, not every square
    taken = {p for p, uid in occupants.items() if uid != monster.uid and p in routes}
    from_squares: dict[str, set[Any]] = {}

    def attack_from(hero: HeroState) -> set[Any]:
        """The squares of ``options`` from which the monster attacks ``hero`` (worked out for a
        hero only when asked: most plans settle on the first hero they try)."""
        found = from_squares.get(hero.uid)
        if found is None:
            found = from_squares[hero.uid] = board.attack_squares(options, board.position(hero.uid), monster.range,
                                                                  monster.attack_type)
        return found

    def reach_from(square: Any) -> list[HeroState]:
        return [h for h in ranked if square in attack_from(h)]

    def reach_all() -> dict[Any, list[HeroState]]:
        """``reach_from`` of every square of ``options``, in their order: each hero (in ranked order)
        is handed to the squares it is attacked from (a few of them), instead of every square
        asking every hero's squares."""
        found: dict[Any, list[HeroState]] = {sq: [] for sq in options}
        for h in ranked:
            for sq in attack_from(h):  # a subset of options
                found[sq].append(h)
        return found

    multi = rule.pattern in MULTI_PATTERNS and len(heroes) > 1
    # criterion 1 and the lowest_agility targeting read the same table: worked out once for both
    reach = reach_all() if multi or rule.targeting == "lowest_agility" else {}
    if multi:
        best = _most_hits(state, monster, options, taken, reach, ranked)
        if best is not None:
            return best
    order = _target_order(state, monster, ranked, reach, start)
    # the closest hero it can reach from a free square; only when no hero can be reached so
    # does it push another monster off the square it needs ("If a monster can only reach a
    # character ... while another monster occupies the target square, it will push")
    for pushing in (False, True):
        for target in order:
            chosen = _square_for(state, monster, target, options, taken, attack_from(target), start, heroes,
                                 pushing=pushing)
            if chosen is not None:
                square, push = chosen
                # only the patterns that hit every hero in range read who else is in range
                attackable = reach_from(square) if rule.pattern in IN_RANGE_PATTERNS else []
                return Plan(square, options[square], _hits(state, monster, square, target, attackable, ranked), push)
    return _approach(state, monster, routes, ranked, start)


def _staying(state: GameData, monster: MonsterState, rule: Any, start: Any, ranked: list[HeroState],
             standing: int) -> Plan | None:
    """The plan of ``plan`` when it is to attack its first-ranked hero from where it stands,
    found without the monster's routes; ``None`` when that needs them. Without criterion 1 (a
    pattern that hits several heroes, among more than one hero standing) or the
    ``lowest_agility`` targeting, ``plan`` tries the first-ranked hero first, and its own
    square is always one of its options, never taken by another figure: when it attacks that
    hero from there and, with a range above 1, stands at least that far away (no step back to
    full range), that square is the one ``_square_for`` chooses, whatever else its AP reach."""
    if (rule.pattern in MULTI_PATTERNS and standing > 1) or rule.targeting == "lowest_agility":
        return None
    board = _board(state)
    target = ranked[0]
    goal = board.position(target.uid)
    if not board.attack_squares((start,), goal, monster.range, monster.attack_type):
        return None
    if monster.range > 1 and board.range_distance(start, goal) < monster.range:
        return None
    attackable = [h for h in ranked if board.attack_squares((start,), board.position(h.uid), monster.range,
                                                            monster.attack_type)] \
        if rule.pattern in IN_RANGE_PATTERNS else []
    return Plan(start, None, _hits(state, monster, start, target, attackable, ranked), None)


def _target_order(state: GameData, monster: MonsterState, ranked: list[HeroState],
                  reach: dict[Any, list[HeroState]], start: Any) -> list[HeroState]:
    """Targeting ``lowest_agility`` attacks the nearest hero it can reach unless one with
    lower AGI is also in reach; everyone else follows ``ranked`` (``reach`` is not read)."""
    if abilities.rule_for(monster).targeting != "lowest_agility":
        return ranked
    reachable = [h for h in ranked if any(h in hs for hs in reach.values())]
    if not reachable:
        return ranked
    nearest = reachable[0]
    lower = sorted((h for h in reachable if h.attribute("AGI") < nearest.attribute("AGI")),
                   key=lambda h: (h.attribute("AGI"), ranked.index(h)))
    return ([lower[0]] if lower else []) + [h for h in ranked if not lower or h is not lower[0]]


def _most_hits(state: GameData, monster: MonsterState, options: _Options, taken: set[Any],
               reach: dict[Any, list[HeroState]], ranked: list[HeroState]) -> Plan | None:
    """Criterion 1: the free square (or, failing that, a pushed one) from which one attack
    hits the most heroes; then the best-ranked first target; then the least movement."""
    board = _board(state)
    best: tuple | None = None
    plan_: Plan | None = None
    # only the patterns that hit every hero in range depend on the square attacked from; the
    # others (around the target, the chain) on the first target alone: worked out once for it
    by_target = abilities.rule_for(monster).pattern not in FROM_SQUARE_PATTERNS
    known: dict[str, list[HeroState]] = {}
    for square, heroes_here in reach.items():
        for primary in heroes_here:
            hit = known.get(primary.uid) if by_target else None
            if hit is None:
                hit = _hits(state, monster, square, primary, heroes_here, ranked)
                if by_target:
                    known[primary.uid] = hit
            head = (-len(hit), square in taken, ranked.index(primary))
            if best is not None and head > best[:3]:
                continue  # behind already on the first criteria: the rest of the key cannot help
            key = head + (options.cost(square), -board.walls_around(square))
            if best is None or key < best:
                best = key
                plan_ = Plan(square, options[square], hit, board.occupant(square) if square in taken else None)
    if best is None or -best[0] < 2:
        return None
    return plan_


def _square_for(state: GameData, monster: MonsterState, target: HeroState, options: _Options,
                taken: set[Any], attack_from: set[Any], start: Any,
                heroes: list[HeroState], *, pushing: bool = False) -> tuple[Any, str | None] | None:
    """The square ``monster`` attacks ``target`` from (movement rules of the module
    docstring) and the monster to push off it, or ``None`` when out of reach: from a free
    square, or (``pushing``) from a square another monster holds when no free one serves.
    ``attack_from``: the squares of ``options`` from which it attacks ``target``."""
    board = _board(state)
    spots = [sq for sq in options if sq in attack_from]
    free = [sq for sq in spots if sq not in taken]
    pool = (spots if not free else []) if pushing else free
    if not pool:
        return None
    goal = board.position(target.uid)
    others = [board.position(h.uid) for h in heroes if h is not target]

    def away(sq: Any) -> int:
        return min((board.range_distance(sq, o) for o in others), default=0)

    cost = options.cost

    if start in pool:
        if monster.range > 1 and board.range_distance(start, goal) < monster.range:
            choice = _best_of(state, pool, lambda sq: (-min(board.range_distance(sq, goal), monster.range),
                                                       -away(sq), -board.walls_around(sq), cost(sq)),
                              "monster_square", _near_heroes(state))
        else:
            choice = start
    else:
        head = {sq: (cost(sq), -board.range_distance(sq, goal) if monster.range > 1 else 0, -board.walls_around(sq))
                for sq in pool}
        tied = Counter(head.values())

        def key(sq: Any) -> tuple:
            # how many heroes see a square (the last criterion) tells apart only squares equal on
            # the others: counted for those alone (a Line of Sight test per hero and square)
            found = head[sq]
            return found + ((sum(1 for o in others if board.sees(o, sq)) if tied[found] > 1 else 0),)

        choice = _best_of(state, pool, key, "monster_square", _near_heroes(state))
    push = board.occupant(choice) if choice in taken else None
    return choice, push


def _approach(state: GameData, monster: MonsterState, routes: MonsterRoutes, ranked: list[HeroState],
              start: Any) -> Plan:
    """No hero in reach this activation: the fastest way toward the hero it goes for, as far
    as its AP go (chapter *Fastest Way to the Target*): the first of ``ranked``, the nearest
    one ("If no character is in range, the monster moves towards the nearest one", *Target of
    a Monster* criterion 2) - or, for a monster that ignores that criterion for a target of
    its own (targeting ``lowest_hp``, the Ghoul: "Some monsters ignore this condition"), the
    hero with the fewest HP (``rank_heroes`` orders ``ranked`` so)."""
    board = _board(state)
    goal = board.position(ranked[0].uid)
    full = board.monster_routes(state, monster, None)
    # routes are built only for the squares read: those beside the goal, the one moved to
    ways = [full[p] for p in full if goal in board.neighbours(p) or board.range_distance(p, goal) <= 1]
    occupied = board.occupants()
    free = [p for p in routes if p not in occupied]
    if ways:
        way = min(ways, key=lambda r: (r.cost, r.path))
        reachable = set(free)
        for pos in reversed(way.path):
            if pos in reachable:
                return Plan(pos, routes[pos], [])
    if not free:
        return Plan(start, None, [])
    here = board.range_distance(start, goal)
    best = min(free, key=lambda p: (board.range_distance(p, goal), routes.cost(p), p))
    if board.range_distance(best, goal) >= here:
        return Plan(start, None, [])
    return Plan(best, routes[best], [])


def carry_out(state: GameData, monster: MonsterState, chosen: Plan) -> list[HeroState]:
    """Move the figure as ``chosen`` says (pushing, clearing Rubble on the way) and return
    the heroes it attacks (none after a jump that left it too few AP)."""
    board = _board(state)
    monster.data.pop("entering", None)
    route = chosen.route
    if route is not None and chosen.square is not None:
        board.moved_on(monster.uid)
        for pos in route.cleared:
            board.clear_rubble(state, pos)
        start = board.position(monster.uid)
        tile_before = board.tile_id_at(monster.uid)
        end = route.end if route.end is not None else start
        if chosen.push is not None:
            # the pushed figure goes to the free square nearest to its own, toward the way the
            # pusher came (over the Hole it jumped: "thrown back over the Hole")
            origin = route.jumps[-1].start if route.jumps and route.jumps[-1].land == end else (
                route.path[-2] if len(route.path) > 1 else start)
            board.move_to(monster.uid, end)
            spot = board.nearest_free(state, end, toward=origin, choice="pushed_square",
                                      benefit=board.away_from_heroes(state), barred=board.hero_squares(state))
            if spot is None:  # nowhere to push it: the monster stays where it was
                board.move_to(monster.uid, start)
                return []
            board.move_to(chosen.push, spot)
            state.log.emit("monster_pushed", chosen.push, by=monster.uid, square=spot)
        else:
            board.move_to(monster.uid, end)
        state.log.emit("monster_moved", monster.uid, square=end, ap=route.cost, jumps=len(route.jumps))
        tile = board.tile_id_at(monster.uid)
        if tile is not None and tile != tile_before:
            # a scenario may wait for a monster reaching a Room Tile (a loss: it attacks no more)
            fire(state, "monster_enters", monster=monster.monster.id, boss=monster.is_boss, tile=tile)
            if state.outcome is not None:
                return []
        if route.no_attack:
            return []
    return chosen.targets


def free_attack(state: GameData, monster: MonsterState, hero: HeroState) -> list[AttackOutcome]:
    """A free attack outside the monster's activation (behaviour ``free_attack``, on a
    hero who ended a move next to it)."""
    if monster.defeated or not hero.can_act or state.outcome is not None:
        return []
    state.log.emit("activation", monster.uid, reason="free_attack", targets=(hero.uid,))
    outs = monster_attack(state.dice, state.log, monster, [hero], state.rules, state.defense_policy,
                          monster_dice=monster_dice(state),
                          extra_dice=abilities.aura_attack_dice(monster, state.monsters),
                          extra_damage=partial(monster_hit_damage, state, monster))
    check_end(state)
    return outs


def after_hero_move(state: GameData, hero: HeroState) -> None:
    """Free attacks of monsters next to a hero who just ended a movement action."""
    if not state.board.spatial:
        return
    board = _board(state)
    here = board.position(hero.uid)
    near = set(board.neighbours(here)) if here is not None else set()
    attackers = [m for m in state.monsters if not m.defeated and abilities.rule_for(m).free_attack
                 and board.position(m.uid) in near]
    # the monster order of a subset is the order of the whole restricted to it (a total sort
    # key); only a choice policy, which counts the ties it is asked, must see the whole order
    for monster in ordered_monsters(state, attackers if state.choice_policy is None else None):
        if abilities.rule_for(monster).free_attack and board.position(monster.uid) in near:
            free_attack(state, monster, hero)
