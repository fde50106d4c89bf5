"""A scenario can be won: a way to win exists, each goal can be reached on its tile set, and
its target tile can be placed against the other tiles.

Reported at the goal's (or the target tile's) field:

* ``goals`` without a ``win`` goal, and no ``win`` effect: nothing ever wins the scenario
  (a scenario without ``goals`` has its goal only in words, like a prose rule);
* ``defeat_boss`` of a boss no ``spawn`` effect brings;
* ``carry_token`` of a token that never lies anywhere (no setup ``at``, no ``place_token``);
* ``clear_tile`` of a Room Tile that is not in the scenario (a warning when it comes only as
  a random tile);
* ``flag`` of a flag no effect sets;
* ``escape`` of every hero onto a place with fewer squares to stand on than heroes (one
  figure to a square; a warning when only the larger parties cannot);
* ``survive`` longer than the game lasts (``max_rounds``, or a ``time_limit`` lose goal
  ending it sooner); a ``time_limit`` after ``max_rounds`` is a warning: the simulation
  stops undecided first;
* the target tile cannot be placed against any door or open side of the scenario's other
  Room Tiles (book chapter *Exploration*: a tile with doors joins with a door facing the
  opened door, a tile without doors with an open side; an open side takes open sides, or
  a tile with only doors anywhere along it), so it is never revealed.

Places of goals (``to``, ``at``) are checked by ``scenario-references``; a character's death
always loses, so no lose goal is needed.

Passing::

    setup:
      tile_deck: [{tile: B-4}]
      target_tile: F-1          # its door sits in the middle of a side, as B-4's doors do
    goals:
      win: [{goal: clear_tile, tile: F-1}]

Failing::

    setup:
      tile_deck: [{tile: B-4}]
      target_tile: X-1          # X-1's only door is at offset 1: it faces no door of A-1 or B-4
    goals:
      win: [{goal: defeat_boss, boss: ember_dragon}]    # no rule spawns the dragon
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...geometry import OPPOSITE, Opening, TileShape, border_square
from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.words.facts import GOAL_REACHABLE
from ..scenario_facts import Finding, ScenarioFacts, scenario_problems
from ..source_map import SourceMap

ID = GOAL_REACHABLE
SEVERITY = Severity.ERROR

NEVER = ": this goal can never be reached"


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    scenario = facts.scenario
    # Without goals the goal is only its words (like a prose rule): there is nothing to check.
    if ("goals" in scenario.model_fields_set and not scenario.goals.win
            and not any(e.wins for _, e in scenario.effects())):
        yield ("goals", "win"), SEVERITY, "the scenario has no win goal and no rule that wins: it can never be won"
    yield from facts.word_findings(ID)  # each goal checks itself (its ``findings``, model.words.goals)
    yield from _target_tile(facts)


def _target_tile(facts: ScenarioFacts) -> Iterator[Finding]:
    target = facts.scenario.setup.target_tile
    if not target or target not in facts.room_tiles:
        return
    shape = facts.room_tiles[target].shape()
    others = [t for t in facts.tiles_in_play() if t.id != target]
    if not shape.well_shaped or any(not t.shape().well_shaped for t in others):
        return  # room-tile-shape reports the tile; openings of a malformed tile are guesses
    if others and not any(can_join(t.shape(), shape) for t in others):
        listed = ", ".join(t.id for t in others)
        yield ("setup", "target_tile"), SEVERITY, (
            f"target tile {target} cannot be placed against any door or open side of the scenario's other "
            f"Room Tiles ({listed}): its openings never face theirs, so it is never revealed")


def can_join(placed: TileShape, new: TileShape) -> bool:
    """Whether tile ``new`` (turned any way) can be placed against an opening of ``placed``
    (turned any way) by the book's rules of *Exploration*: behind a door, a tile with doors
    puts one of its doors there, a tile without doors an open side; along an open side, an
    Open Room Tile puts an open side touching it, a tile with only doors a door anywhere
    along it. Only the facing squares matter; the rest of the dungeon is not considered."""
    new_has_doors, new_is_open = bool(new.doors()), bool(new.open_sides())
    for opening in placed.openings:
        # the squares of the neighbouring tile that touch this opening
        facing = {_across(opening.side, cell) for cell in opening.cells}
        wanted_door = new_has_doors if opening.is_door else not new_is_open
        for turns in range(4):
            for other in new.rotated(turns).openings:
                if other.side == OPPOSITE[opening.side] and other.is_door == wanted_door and _touches(other, facing):
                    return True
    return False


def _across(side: str, cell: tuple[int, int]) -> tuple[int, int]:
    """The square of the neighbouring tile (beyond ``side``) that touches border square ``cell``."""
    along = cell[1] if side in ("north", "south") else cell[0]
    return border_square(OPPOSITE[side], along)


def _touches(opening: Opening, squares: set[tuple[int, int]]) -> bool:
    return any(cell in squares for cell in opening.cells)
