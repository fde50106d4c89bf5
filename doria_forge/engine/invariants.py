"""Invariants that hold in every game, whatever the heroes and monsters do (a self-check of
the engine, run by the tests after every applied action and by ``tools/invariant_run.py``
over thousands of games before a release).

Each invariant has an id and the Book of Rules passage it stands for:

``distinct-squares``
    *Walking*: "no two characters can ever stand on the same square after a finished
    action"; squares occupied by monsters cannot be entered. Standing figures (heroes who
    are neither unconscious nor carried, monsters in play) stand on distinct squares.
``square-in-dungeon``
    Every figure on the map stands on a square of a placed Room Tile.
``no-wall``
    *Walls*: "Walls can never be entered"; only a monster that moves through walls (the
    Poltergeist) may stand in one.
``no-hole``
    *Occupied squares*: Holes and red-bordered squares "can also never be entered, but only
    jumped over"; the exceptions (*Dungeon Markers*) are a character under whom a Trap
    opened a Hole, who stays there until its next move action, and the flyers (Gargoyles,
    Poltergeists), who "move over Holes just like over any square" and so may stop there.
``no-rubble``
    *Dungeon Markers*: "No character or monster may enter or jump over" Rubble (exception:
    Poltergeists); a figure the Rubble was put on is buried and stays under it.
``monster-on-square``
    Every monster in play has a square (a figure that could not be placed is not in play).
``figure-limit``
    *No monster figures available anymore*: never more monsters of a type in play than its
    figures.
``hit-points`` / ``psi-points``
    A living hero's HP and PP lie above the death threshold and at most at their maximum; a
    monster in play has more than 0 HP and at most its maximum (unless its bite heals it
    beyond, the Vampire's ``drain_hp``).
``action-points``
    A hero's Action Points never exceed the initiative cap (*Phase C*).
``monster-count``
    Monsters in play = monsters placed - monsters defeated.

``check(state)`` returns the violations of one state; it changes nothing and rolls no dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from .abilities import rule_for
from .map.layout import HOLE, RED, WALL

if TYPE_CHECKING:  # pragma: no cover
    from .map.dungeon import Dungeon
    from .state import GameData


@dataclass(frozen=True)
class Violation:
    """One broken invariant: its ``invariant`` id and what was found (``message``)."""

    invariant: str
    message: str

    def __str__(self) -> str:
        return f"[{self.invariant}] {self.message}"


def check(state: GameData) -> list[Violation]:
    """Every invariant of the module docstring that ``state`` breaks (``[]``: all hold)."""
    out: list[Violation] = []
    out += _points(state)
    out += _monsters(state)
    if state.board.spatial:
        out += _squares(state, cast("Dungeon", state.board))
    return out


def _points(state: GameData) -> list[Violation]:
    out = []
    threshold = state.rules.death_threshold
    for hero in state.heroes:
        if hero.dead:
            continue
        if not threshold < hero.hp <= hero.hp_max:
            out.append(Violation("hit-points", f"{hero.uid} has {hero.hp} HP (alive: above {threshold}, "
                                               f"at most {hero.hp_max})"))
        if not threshold < hero.pp <= max(hero.pp_max, 0):
            out.append(Violation("psi-points", f"{hero.uid} has {hero.pp} PP (alive: above {threshold}, "
                                               f"at most {hero.pp_max})"))
        ap = state.ap.get(hero.uid, 0)
        if ap > state.rules.initiative_cap:
            out.append(Violation("action-points", f"{hero.uid} has {ap} AP, above the cap "
                                                  f"{state.rules.initiative_cap}"))
    for monster in state.monsters:
        if monster.defeated:
            continue
        over = monster.hp > monster.hp_max and not rule_for(monster).heals_by_wound
        if monster.hp <= 0 or over:
            out.append(Violation("hit-points", f"monster {monster.uid} in play has {monster.hp} HP "
                                               f"(maximum {monster.hp_max})"))
    return out


def _monsters(state: GameData) -> list[Violation]:
    out = []
    in_play = [m for m in state.monsters if not m.defeated]
    placed = state.monster_serial
    if len(in_play) != placed - len(state.defeated):
        out.append(Violation("monster-count", f"{len(in_play)} monsters in play, but {placed} placed and "
                                              f"{len(state.defeated)} defeated"))
    counts = Counter(m.monster.id for m in in_play if not m.is_boss)
    for monster_id, n in sorted(counts.items()):
        kind = state.pack.monsters.get(monster_id)
        if kind is not None and n > kind.figures:
            out.append(Violation("figure-limit", f"{n} {monster_id} in play, the components have {kind.figures}"))
    return out


def _squares(state: GameData, board: Dungeon) -> list[Violation]:
    out = []
    layout = board.layout
    standing: dict[tuple[int, int], str] = {}
    figures: list[tuple[str, bool]] = [(m.uid, True) for m in state.monsters if not m.defeated]
    carried = set(board.carried.values())
    figures += [(h.uid, False) for h in state.heroes if not h.dead and h.uid not in carried]
    for uid, is_monster in figures:
        pos = board.positions.get(uid)
        if pos is None:
            if is_monster:
                out.append(Violation("monster-on-square", f"monster {uid} is in play without a square"))
            continue
        ghost = flying = False
        if is_monster:
            monster = state.find_monster(uid)
            if monster is not None:
                profile = rule_for(monster)
                ghost, flying = profile.through_walls, profile.flying or profile.through_walls
        if layout.tile_at(pos) is None:
            out.append(Violation("square-in-dungeon", f"{uid} stands on {pos}, outside every placed Room Tile"))
            continue
        kind = layout.kind(pos)
        if kind == WALL and not ghost:
            out.append(Violation("no-wall", f"{uid} stands in a wall on {pos}"))
        if kind in (HOLE, RED) and uid not in board.stranded and not flying:
            out.append(Violation("no-hole", f"{uid} stands on a {kind.replace('_', '-')} square {pos}"))
        if layout.has(pos, "rubble") and uid not in board.buried and not ghost:
            out.append(Violation("no-rubble", f"{uid} stands on Rubble on {pos} without being buried"))
        lying = uid in board.lying
        if not lying:
            other = standing.get(pos)
            if other is not None:
                out.append(Violation("distinct-squares", f"{uid} and {other} both stand on {pos}"))
            standing[pos] = uid
    return out


__all__ = ["Violation", "check"]
