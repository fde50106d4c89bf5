"""Movement actions on the map (Book of Rules *Walking (1 AP per square)*, *Jumping (5 AP)*,
*Swap Places (5 AP)*, *Carry Characters (2 - 10 AP)*, *Dungeon Markers*: Rubble).

Listed only on a map (``board.spatial``) and never for an Immobilized hero. ``Walk`` and
``Jump`` name the square to end on; the way is the cheapest (``map.paths``) walking only,
or with jumps where that is cheaper or the only way: walking never goes into negative AP,
a jump may. After a jump the hero rolls one jump check per
jump (STR+AGI+2D + its ``jump`` bonus markers against ``rules.jump_tn_per_square`` per
square, landing included); a failure costs 1 HP per square jumped times (1 + critical
failures + 1 for a Fumble), armor ignored, for the carried character too. A monster with
a free attack (the Mercenary) strikes a hero who ends a movement next to it.

*Dungeon Markers*: a character buried under Rubble stays until the Rubble is cleared (it may
clear it itself, ``ClearRubble`` on its own square); one a Trap left standing on a new Hole
leaves it with its next move action; nobody swaps places with either.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from ..actions import Action, ClearRubble, IllegalAction, Jump, PickUp, PutDown, Square, SwapPlaces, Walk
from ..checks import roll_target_number
from ..ending import check_end
from ..hero import HeroState
from ..monster_ai import after_hero_move
from ..state import D
from ..triggers import fire
from .common import MoveFamily, known_hero, spend
from .other_items import consents

if TYPE_CHECKING:  # pragma: no cover
    from ..map.dungeon import Dungeon
    from ..map.paths import Route
    from ..state import GameData


def dungeon(state: GameData) -> Dungeon | None:
    """The map, or ``None`` on a board without squares."""
    return cast("Dungeon", state.board) if state.board.spatial else None


def legal(state: GameData, hero: HeroState) -> Iterator[Action]:
    board = dungeon(state)
    here = board.position(hero.uid) if board is not None else None
    if board is None or here is None or hero.immobilized:
        return
    if board.is_buried(hero.uid):
        # Dungeon Markers: a buried character "will remain on this square until the Rubble has
        # been cleared"; clearing it (its own or a neighbouring one) is all it can do to move
        yield from (ClearRubble(square) for square in sorted(_rubble_around(board, here) + [here]))
        return
    ap = state.ap.get(hero.uid, 0)
    yield from (Walk(square) for square in sorted(board.hero_routes(state, hero, ap, jumping=False)))
    routes = board.hero_routes(state, hero, ap)
    yield from (Jump(square) for square in sorted(routes) if routes[square].jumps)
    near = set(board.layout.neighbours(here))
    for other in state.heroes:
        if other is hero or other.dead:
            continue
        where = board.position(other.uid)
        if other.uid in board.carried.values():
            continue
        if where in near and other.can_act and _may_swap(board, hero) and _may_swap(board, other) \
                and consents(state, other, hero):
            yield SwapPlaces(other.uid)
        if other.unconscious and hero.uid not in board.carried and pick_up_cost(state, board, here, where) <= ap:
            yield PickUp(other.uid)
    if hero.uid in board.carried:
        yield PutDown(here)
    for square in sorted(near | set(_rubble_around(board, here))):
        if board.layout.has(square, "rubble"):
            yield ClearRubble(square)


def _may_swap(board: Dungeon, other: HeroState) -> bool:
    """Whether a character may take part in a swap: not buried under Rubble, not stranded on a
    Hole (nobody else may be put there: chapter *Dungeon Markers*), and not Immobilized (chapter
    *Additional Card Properties*: no Movement Actions, "Walking, Jumping, Swap Places", while the
    status lasts; its marker means "no movement possible" - a swap moves both characters)."""
    return not board.is_buried(other.uid) and other.uid not in board.stranded and not other.immobilized


def pick_up_cost(state: GameData, board: Dungeon, here: Square, there: Square | None) -> int:
    """AP to pick up the unconscious character lying on ``there`` (chapter *Carry Characters*:
    "as soon as they are on the same square"): nothing on the same square; from a neighbouring
    square the step onto it (``rules.pick_up_ap``), which only a free square allows (*Walking*:
    squares occupied by monsters cannot be entered, no two characters stand on one square);
    otherwise impossible (a very large cost)."""
    if there is None:
        return NEVER
    if there == here:
        return 0
    if there in board.layout.neighbours(here) and board.free(state, there):
        return state.rules.pick_up_ap
    return NEVER


NEVER = 10 ** 9
"""The cost of what cannot be done (compares above any Action Points)."""


def _rubble_around(board: Dungeon, here: tuple[int, int]) -> list[tuple[int, int]]:
    return [p for p in ((here[0] + 1, here[1]), (here[0] - 1, here[1]), (here[0], here[1] + 1),
                        (here[0], here[1] - 1)) if board.layout.has(p, "rubble")]


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    board = dungeon(state)
    here = board.position(hero.uid) if board is not None else None
    if board is None or here is None:
        raise IllegalAction("moving needs the map and a hero on it")
    if hero.immobilized and not isinstance(action, (PutDown, ClearRubble)):
        raise IllegalAction(f"{hero.uid} is Immobilized and cannot move")
    if board.is_buried(hero.uid) and not isinstance(action, ClearRubble):
        raise IllegalAction(f"{hero.uid} is buried under Rubble and stays until it is cleared")
    if isinstance(action, (Walk, Jump)):
        _move(state, board, hero, action)
    elif isinstance(action, SwapPlaces):
        _swap(state, board, hero, here, action)
    elif isinstance(action, PickUp):
        _pick_up(state, board, hero, here, action)
    elif isinstance(action, PutDown):
        # Carry Characters: the carried one's marker lies under the carrier's figure; dropping
        # leaves it on that square (a lying character occupies none, chapter Unconsciousness),
        # never on another: that would move a character who cannot move on its own for nothing
        if hero.uid not in board.carried:
            raise IllegalAction(f"{hero.uid} carries nobody")
        if action.to != here:
            raise IllegalAction(f"a carried character is put down on the carrier's square {here}, not {action.to}")
        carried = board.carried.pop(hero.uid)
        board.move_to(carried, action.to)
        state.log.emit("put_down", hero.uid, hero=carried, square=action.to)
    elif isinstance(action, ClearRubble):
        own = action.square == here and board.is_buried(hero.uid)
        if not board.layout.has(action.square, "rubble") or not (own or action.square in _rubble_around(board, here)):
            raise IllegalAction(f"no Rubble next to {hero.uid} on {action.square}")
        spend(state, hero, state.rules.clear_rubble_ap)
        board.clear_rubble(state, action.square, hero.uid)
    else:  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not a movement")


def _move(state: GameData, board: Dungeon, hero: HeroState, action: Walk | Jump) -> None:
    ap = state.ap.get(hero.uid, 0)
    walking = isinstance(action, Walk)
    to = tuple(action.to)
    route = (board.hero_walk(state, hero, ap, to) if walking  # type: ignore[arg-type]
             else board.hero_routes(state, hero, ap).get(to))  # type: ignore[arg-type]
    if route is None:
        raise IllegalAction(f"{hero.uid} cannot {'walk' if walking else 'jump'} to {action.to} with {ap} AP")
    if not walking and not route.jumps:
        raise IllegalAction(f"{action.to} is reached cheaper by walking (Walk)")
    spend(state, hero, route.cost)
    board.move_to(hero.uid, route.path[-1])
    board.moved_on(hero.uid)
    state.log.emit("moved", hero.uid, square=route.path[-1], ap=route.cost, jumps=len(route.jumps),
                   path=route.path)
    _jump_checks(state, board, hero, route)
    check_end(state)
    if state.outcome is None:
        after_hero_move(state, hero)
    _entered(state, board, hero)


def _entered(state: GameData, board: Dungeon, *heroes: HeroState) -> None:
    """Tell the scenario where the heroes who moved now stand."""
    for hero in heroes:
        if state.outcome is None and not hero.dead:
            fire(state, "hero_enters", hero=hero.uid, square=board.position(hero.uid),
                 tile=board.tile_id_at(hero.uid))


def _jump_checks(state: GameData, board: Dungeon, hero: HeroState, route: Route) -> None:
    rules = state.rules
    carried = board.carried.get(hero.uid)
    for jump in route.jumps:
        tn = rules.jump_tn_per_square * jump.squares
        check = roll_target_number(state.dice, hero.attribute("STR"), hero.attribute("AGI"), tn,
                                   bonus=hero.bonus("jump"))
        state.log.emit("jump_check", hero.uid, total=check.total, target_number=tn, success=check.success,
                       squares=jump.squares)
        if check.success:
            continue
        damage = jump.squares * (1 + check.critical_failures + (1 if check.fumble else 0))
        hero.take_damage(damage, state.log, source="jump")
        if hero.dead:
            # *Death of a Character*: "an instant end of the current scenario": the character
            # carried does not fall with him, and no later jump of the way is rolled
            return
        if carried is not None:
            state.hero(carried).take_damage(damage, state.log, source="jump")
            if state.hero(carried).dead:
                return


def _swap(state: GameData, board: Dungeon, hero: HeroState, here: Square, action: SwapPlaces) -> None:
    other = known_hero(state, action.hero_uid, "other")
    there = board.position(other.uid)
    if other is hero or there is None or there not in board.layout.neighbours(here):
        raise IllegalAction(f"{other.uid} is not next to {hero.uid}")
    if not other.can_act or not _may_swap(board, hero) or not _may_swap(board, other) or not consents(state, other,
                                                                                                       hero):
        raise IllegalAction(f"{other.uid} does not agree to swap places or cannot leave its square")
    factor = state.rules.carry_factor if hero.uid in board.carried else 1
    spend(state, hero, state.rules.swap_places_ap * factor)
    board.move_to(hero.uid, there)
    board.move_to(other.uid, here)
    board.moved_on(hero.uid)
    state.log.emit("swapped", hero.uid, other=other.uid, square=there)
    after_hero_move(state, hero)
    _entered(state, board, hero, other)


def _pick_up(state: GameData, board: Dungeon, hero: HeroState, here: Square, action: PickUp) -> None:
    other = known_hero(state, action.hero_uid, "carried character")
    there = board.position(other.uid)
    if other.uid in board.carried.values():
        raise IllegalAction(f"{other.uid} is already carried")
    cost = pick_up_cost(state, board, here, there)
    if not other.unconscious or there is None or cost == NEVER:
        raise IllegalAction(f"{other.uid} is not an unconscious character on {hero.uid}'s square or on a free "
                            f"square next to it")
    if hero.uid in board.carried:
        raise IllegalAction(f"{hero.uid} already carries a character")
    spend(state, hero, cost)
    board.positions.pop(other.uid, None)
    board.move_to(hero.uid, there)
    board.moved_on(hero.uid)
    board.carried[hero.uid] = other.uid
    state.log.emit("picked_up", hero.uid, hero=other.uid, square=there)
    after_hero_move(state, hero)
    _entered(state, board, hero)


FAMILY = MoveFamily("movement", frozenset({D}), (Walk, Jump, SwapPlaces, PickUp, PutDown, ClearRubble),
                    legal, apply, needs_ap=True)
