"""``clear_tile``: the goal is a Room Tile revealed and cleared of monsters."""

from collections.abc import Iterator
from typing import Literal

from ...common import Ref
from .. import german
from ..common import PLAIN, Wording
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class ClearTile(GoalWord):
    """Room Tile ``tile`` has been revealed and every monster on it is defeated: none stands on
    it, and none that entered play on it (from its monster icons, or placed there by a rule)
    is still in play elsewhere, having walked off it toward the heroes."""

    goal: Literal["clear_tile"]
    tile: str
    """Id of the Room Tile to be revealed and cleared of monsters."""

    example = {"goal": "clear_tile", "tile": "F-1"}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"defeat every monster on Room Tile {self.tile}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"die Helden besiegen jedes Monster auf {german.tile(self.tile)}"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        return self.tile in game.revealed and not game.monsters_of(self.tile)

    def references(self, path: Path) -> Iterator[Ref]:
        return tile_reference(path, self.tile)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A Room Tile that is not in the scenario (a warning when it is only a random tile)."""
        return tile_findings(facts, path, self.tile, GOAL_REACHABLE, NEVER_REACHED)
