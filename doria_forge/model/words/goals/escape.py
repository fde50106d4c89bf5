"""``escape``: the goal is every living hero (or one) standing on a place at the end of a round."""

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Place, Wording
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class Escape(GoalWord):
    """Every living hero (``all: false``: any hero) stands on ``at`` (the entrance by
    default) at the end of a round."""

    goal: Literal["escape"]
    at: Place = Field(default_factory=lambda: Place(entrance=True))
    """The place the heroes must stand on at the end of a round to escape (the entrance by default)."""
    all: bool = True
    """true: every living hero must reach the place; false: one hero is enough."""

    example = {"goal": "escape", "at": {"entrance": True}}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"escape: {'every living hero' if self.all else 'a hero'} is {self.at.on()} at the end of a round"

    def describe_de(self, words: Wording = PLAIN) -> str:
        who = german.phrase("jeder", german.HELD, "nom", "lebend") if self.all else "ein Held"
        return f"die Helden entkommen – {who} steht am Ende einer Runde {self.at.on_de(words=words)}"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        if not end_of_round:
            return False
        squares = set(game.squares(self.at))
        living = game.heroes("all", None, None, None)
        if self.all:
            return game.has_map and bool(living) and all(game.square_of(h) in squares for h in living)
        return game.has_map and any(game.square_of(h) in squares for h in living if game.can_act(h))

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """Every living hero must stand on the escape place at once, one figure to a square:
        a place with fewer squares than the scenario's heroes can never be reached (a warning
        when only the larger parties cannot)."""
        if not self.all:
            return
        room = _standing_room(facts, self.at)
        low, high = facts.scenario.players
        if room is None or room >= high:
            return
        where = f"{self.at.describe()} has room for {room} hero{'es' if room != 1 else ''}"
        if room < low:
            yield GOAL_REACHABLE, path + ("at",), Severity.ERROR, (
                f"{where}, but every living hero must stand on it" + NEVER_REACHED)
        else:
            yield GOAL_REACHABLE, path + ("at",), Severity.WARNING, (
                f"{where}: with {room + 1} or more heroes the goal can never be reached")


def _standing_room(facts: Facts, place: Place) -> int | None:
    """How many figures can stand on ``place`` at once (floor squares; a hole or a
    red-bordered square holds nobody), or None when that depends on the game (a marker)."""
    tiles = facts.pack.room_tiles
    if place.entrance:
        start = tiles.get(facts.scenario.setup.start_tile)
        return len(start.entrances) if start is not None else None
    if place.marker is not None or place.tile is None or place.tile not in tiles:
        return None  # a marker's squares, or a rune on any tile, are known only in the game
    shape = tiles[place.tile].shape()
    if not shape.well_shaped:
        return None
    if place.square is not None or place.rune is not None:
        return 1
    return sum(1 for cell in shape.cells() if shape.kind(cell) == "floor")
