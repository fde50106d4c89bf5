"""Whom one attack roll of an area attack hits on the map: the one copy of the hit patterns.

The monsters' hit-pattern behaviours (``hit_line``, ``hit_all_in_range``,
``hit_adjacent_to_target``, ``hit_spread``, ``hit_chain``, ``hit_extra_in_range``; folded into
``abilities.AbilityProfile``) and the heroes' area effects (``AttackProfile.area``, FAQ *On items
that say they "affect friends"*) are worked out by :func:`area_hits` on the same geometry: a
figure is anything with a ``uid`` the board places. Walls stop an area effect (the board's Line of
Sight); Red Borders, Holes and figures do not (chapter *Line of Sight*: they "do not stop area
effects").

:func:`hero_area_targets` is the heroes' side: which monsters and (``affects_friends``) which
other characters a hero's area attack on a monster hits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.equipment import AreaEffect, AttackProfile

    from .board import SpatialBoard
    from .hero import HeroState
    from .monster import MonsterState
    from .state import GameData

IN_RANGE_PATTERNS = ("all_in_range", "extra_in_range")
"""Hit patterns that read which other figures are in range of the square attacked from."""


class HitPattern(Protocol):
    """What :func:`area_hits` reads of a pattern (``abilities.AbilityProfile`` has these fields,
    :class:`Area` is the heroes'): ``pattern`` (``single``, ``all_in_range``, ``extra_in_range``,
    ``adjacent_to_target``, ``spread``, ``line``, ``chain``); ``max_targets`` (``extra_in_range``:
    figures at most); ``adjacent_extra``, ``line_length``, ``chain_range`` in figures and squares."""

    @property
    def pattern(self) -> str: ...

    @property
    def max_targets(self) -> int | None: ...

    @property
    def adjacent_extra(self) -> int: ...

    @property
    def line_length(self) -> int: ...

    @property
    def chain_range(self) -> int: ...


@dataclass(frozen=True)
class Area:
    """A hero's area effect as a :class:`HitPattern` (:func:`area_pattern`)."""

    pattern: str
    max_targets: int | None = None
    adjacent_extra: int = 0
    line_length: int = 0
    chain_range: int = 0


def area_pattern(area: AreaEffect) -> Area:
    """The :class:`HitPattern` of a card's ``area`` (its ``shape`` names the pattern; ``length``,
    ``extra``, ``range`` its numbers). ``adjacent_to_target`` hits at most 1 + ``extra`` figures."""
    extra = area.extra or 0
    return Area(pattern=area.shape, max_targets=1 + extra if area.shape == "adjacent_to_target" else None,
                adjacent_extra=extra, line_length=area.length or 0, chain_range=area.range or 0)


F = TypeVar("F")


def area_hits(board: SpatialBoard, rule: HitPattern, square: Any, primary: F, ranked: Sequence[F],
              in_range: Sequence[F]) -> list[F]:
    """The figures one attack from ``square`` on ``primary`` hits, in the order of ``ranked`` (the
    attacker's preference: the first ones when the pattern hits only some): ``ranked`` are the
    figures the area may hit, ``in_range`` those of them the attack reaches from ``square`` (read
    by the ``IN_RANGE_PATTERNS`` only). Figures are placed by ``board.position(figure.uid)``."""
    if rule.pattern in IN_RANGE_PATTERNS:
        order = {id(f): n for n, f in enumerate(ranked)}
        reached = sorted(in_range, key=lambda f: order[id(f)])
        if rule.pattern == "all_in_range":
            return reached
        others = [f for f in reached if f is not primary]
        return [primary] + others[: max(0, (rule.max_targets or 1) - 1)]

    def at(figure: F) -> Any:
        return board.position(cast("Any", figure).uid)

    where = at(primary)
    if rule.pattern == "adjacent_to_target":
        near = set(board.neighbours(where))
        extra = [f for f in ranked if f is not primary and at(f) in near]
        return [primary] + extra[:rule.adjacent_extra]
    if rule.pattern == "spread":
        near = set(board.neighbours(where))
        return [primary] + [f for f in ranked if f is not primary and at(f) in near]
    if rule.pattern == "line":
        line = line_squares(board, square, where, rule.line_length)
        return [primary] + [f for f in ranked if f is not primary and at(f) in line]
    if rule.pattern == "chain":
        hit = [primary]
        frontier = [primary]
        while frontier:
            source = at(frontier.pop(0))
            for f in ranked:
                if f not in hit and board.can_attack_from(source, at(f), rule.chain_range, "magic"):
                    hit.append(f)
                    frontier.append(f)
        return hit
    return [primary]


def line_squares(board: SpatialBoard, square: Any, through: Any, length: int) -> set[Any]:
    """The squares in sight of ``square`` on the straight orthogonal line from ``square``
    through ``through``, up to ``length`` squares from ``square`` (range counts orthogonally,
    chapter *Range and Line of Sight*); empty when ``through`` is on no such line."""
    dx, dy = through[0] - square[0], through[1] - square[1]
    if (dx != 0) == (dy != 0):  # a diagonal, or the square itself
        return set()
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    on_line = ((square[0] + k * step[0], square[1] + k * step[1]) for k in range(1, length + 1))
    return {sq for sq in on_line if board.sees(square, sq)}


def hero_area_targets(state: GameData, hero: HeroState, profile: AttackProfile,
                      primary: MonsterState) -> list[MonsterState | HeroState]:
    """The figures ``hero``'s area attack with ``profile`` on ``primary`` hits, ``primary`` first
    for every shape but ``all_in_range`` (which hits what the attack reaches, ``primary`` among
    them): the monsters standing in the area and, when the card ``affects_friends``, the
    conscious characters in it (FAQ *On items that say they "affect friends"*). The attacker is
    never hit (chapter *Psi Spells*: "The caster is always exempt from the effects of their own
    spell"; a weapon's area is read the same way, as the book names no other exception). Where
    the attacker chooses (``adjacent_to_target`` hits only ``extra`` more), monsters come before
    friends, each nearest to ``primary`` first. Without a map every figure is in the area, as a
    monster's area hits every hero there (``adjacent_to_target``: 1 + ``extra`` figures).
    ``profile.area`` must be set."""
    area = profile.area
    assert area is not None, "hero_area_targets needs an area profile"
    rule = area_pattern(area)
    monsters: list[MonsterState | HeroState] = [m for m in state.monsters if not m.defeated and m is not primary]
    friends: list[MonsterState | HeroState] = (
        [h for h in state.heroes if h is not hero and h.can_act] if profile.affects_friends else [])
    board = state.board
    if not board.spatial:
        everyone: list[MonsterState | HeroState] = [primary, *monsters, *friends]
        return everyone[:rule.max_targets] if rule.max_targets is not None else everyone
    spatial = cast("SpatialBoard", board)
    origin, aim = spatial.position(hero.uid), spatial.position(primary.uid)
    placed = {id(f) for f in (*monsters, *friends) if spatial.position(f.uid) is not None}

    def nearest(f: MonsterState | HeroState) -> int:
        return spatial.range_distance(aim, spatial.position(f.uid))

    ranked: list[MonsterState | HeroState] = [primary]
    ranked += sorted((f for f in monsters if id(f) in placed), key=nearest)
    ranked += sorted((f for f in friends if id(f) in placed), key=nearest)
    reach = hero.attack_range(profile)
    in_range = [f for f in ranked if f is primary or spatial.can_attack_from(origin, spatial.position(f.uid), reach,
                                                                              profile.attack_type)]
    return area_hits(spatial, rule, origin, primary, ranked, in_range)


__all__ = ["IN_RANGE_PATTERNS", "Area", "HitPattern", "area_hits", "area_pattern", "hero_area_targets",
           "line_squares"]
