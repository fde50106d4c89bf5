"""Who can attack, target or throw to whom (Book of Rules *Range and Line of Sight*;
*Monsters and Obstacles/Holes*: a melee strike across holes; *Dungeon Markers*: a buried
figure within range 1 only; *Throw Items*: same or connected adjacent Room Tile).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..hero import HeroState
from ..monster import MonsterState
from .dungeon_figures import DungeonFigures
from .layout import HOLE, RED, Pos, slot_of
from .sight import SightCache

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.equipment import AttackProfile

    from ..state import GameData


class SightMixin(DungeonFigures):
    """Range, Line of Sight and the attacks and throws they allow (a part of
    :class:`~doria_forge.engine.map.dungeon.Dungeon`)."""

    sight: SightCache

    def sees(self, a: Pos, b: Pos) -> bool:
        """Line of Sight between two squares (cached per layout)."""
        return self.sight.sees(self.layout, a, b)

    def range_distance(self, a: Pos, b: Pos) -> int:
        """Range in squares (orthogonal, chapter *Range and Line of Sight*); under a bridge
        the middle square does not count."""
        d = abs(a[0] - b[0]) + abs(a[1] - b[1])
        if d > 1 and (a[0] == b[0] or a[1] == b[1]):  # no middle lies strictly between neighbours
            for middle, along_rows in self.layout.bridge_middles():
                if along_rows:
                    if a[0] == b[0] == middle[0] and min(a[1], b[1]) < middle[1] < max(a[1], b[1]):
                        d -= 1
                elif a[1] == b[1] == middle[1] and min(a[0], b[0]) < middle[0] < max(a[0], b[0]):
                    d -= 1
        return d

    def can_attack_from(self, pos: Pos, target: Pos, attack_range: int, attack_type: str) -> bool:
        """Whether an attack of ``attack_range`` reaches ``target`` from ``pos``: range and
        Line of Sight; a melee attack, whatever its range, also strikes straight across holes
        or red-bordered squares, no further (chapter *Monsters and Obstacles/Holes*: "Melee
        attackers in this case have enough range to strike exactly over the Hole (even Holes
        that are 2 or more squares wide), but no further"); from or onto a square under Rubble
        (a buried figure) range 1 only (*Dungeon Markers*)."""
        if pos == target:
            return False
        if self._under_rubble(pos, target):
            # Dungeon Markers: a figure buried under Rubble "can still be attacked, but only
            # within range 1"; the Rubble walls it in for its own attacks too
            return self.range_distance(pos, target) <= 1 and self.sees(pos, target)
        return self._attack_in_the_open(pos, target, self.range_distance(pos, target), attack_range, attack_type)

    def _under_rubble(self, a: Pos, b: Pos) -> bool:
        """Whether Rubble lies on ``a`` or ``b``. A square the layout version's ``passable`` table
        already knows as passable has none (Rubble makes a square impassable): the squares
        figures attack from and stand on mostly are, so ``has`` is asked only of the others."""
        layout = self.layout
        known = layout.version_memo()["passable"]
        if known.get(a) and known.get(b):
            return False
        return layout.has(a, "rubble") or layout.has(b, "rubble")

    def _attack_in_the_open(self, pos: Pos, target: Pos, distance: int, attack_range: int, attack_type: str) -> bool:
        """``can_attack_from`` for two different squares neither under Rubble, ``distance`` their
        ``range_distance`` in squares."""
        if distance <= attack_range and self.sees(pos, target):
            return True
        if attack_type == "melee" and (pos[0] == target[0] or pos[1] == target[1]):
            between = _between(pos, target)
            return bool(between) and all(self.layout.kind(p) in (HOLE, RED) for p in between)
        return False

    def attack_squares(self, squares: Iterable[Pos], target: Pos, attack_range: int, attack_type: str) -> set[Pos]:
        """The ``squares`` from which ``can_attack_from`` reaches ``target``. Squares further
        than the range (plus one square per bridge on the table) fail without the full test,
        unless a melee strike across holes could still reach along a row or column. Each answer
        reads the layout alone (range, bridges, Line of Sight, holes, Rubble): remembered per
        layout version, target square, range and attack type (the monsters' plans ask this of
        every square they can reach, again for every monster that attacks the same hero; a
        copied game or another game at the same layout shares them)."""
        layout = self.layout
        slack = attack_range + len(layout.bridge_middles())
        across = attack_type == "melee"
        tr, tc = target
        out = set()
        memo = layout.version_memo().setdefault("attack_from", {})
        key = (target, attack_range, attack_type)
        known = memo.get(key)
        if known is None:
            known = memo[key] = {}
        for sq in squares:
            found = known.get(sq)
            if found is None:
                found = known[sq] = ((abs(sq[0] - tr) + abs(sq[1] - tc) <= slack
                                      or (across and (sq[0] == tr or sq[1] == tc)))
                                     and self.can_attack_from(sq, target, attack_range, attack_type))
            if found:
                out.add(sq)
        return out

    def in_range(self, state: GameData, monster: MonsterState, hero: HeroState) -> bool:
        a, b = self.positions.get(monster.uid), self.position(hero.uid)
        if a is None or b is None:
            return False
        return self.can_attack_from(a, b, monster.range, monster.attack_type)

    def hero_can_target(self, state: GameData, hero: HeroState, profile: AttackProfile | None,
                        monster: MonsterState) -> bool:
        a, b = self.position(hero.uid), self.positions.get(monster.uid)
        if a is None or b is None:
            return False
        reach = hero.attack_range(profile) if profile is not None else 1
        if self._under_rubble(a, b):
            reach = 1  # a buried figure attacks and is attacked within range 1 only (see can_attack_from)
        d = self.range_distance(a, b)
        return 0 < d <= max(1, reach) and self.sees(a, b)

    def can_throw(self, state: GameData, thrower: HeroState, receiver: HeroState) -> bool:
        a, b = self.position(thrower.uid), self.position(receiver.uid)
        if a is None or b is None:
            return False
        sa, sb = slot_of(a), slot_of(b)
        near = sa == sb or any(slot_of(n) == sb for p in self._tile_squares(sa) for n in self.layout.neighbours(p))
        if not near:
            return False
        if "throw_needs_line_of_sight" in state.optional_rules:
            return self.sees(a, b)
        return True

    def _tile_squares(self, slot: tuple[int, int]) -> Iterable[Pos]:
        placed = self.layout.tiles.get(slot)
        return placed.squares() if placed else ()


def _between(a: Pos, b: Pos) -> list[Pos]:
    """Squares strictly between two squares of one row or column."""
    if a[0] == b[0]:
        lo, hi = sorted((a[1], b[1]))
        return [(a[0], c) for c in range(lo + 1, hi)]
    if a[1] == b[1]:
        lo, hi = sorted((a[0], b[0]))
        return [(r, a[1]) for r in range(lo + 1, hi)]
    return []
