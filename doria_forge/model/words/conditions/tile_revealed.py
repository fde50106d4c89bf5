"""``tile_revealed``: a condition on whether a Room Tile is in the dungeon yet."""

from collections.abc import Iterator
from typing import Literal

from .. import german
from ..common import PLAIN, Wording
from ..facts import Facts, Path, RuleFinding, tile_findings
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class TileRevealedIs(ConditionWord):
    """Room Tile ``tile`` is in the dungeon (``revealed: false``: not yet)."""

    check: Literal["tile_revealed"]
    tile: str
    """Id of the Room Tile the condition looks at."""
    revealed: bool = True
    """true: holds once the Room Tile is on the table; false: while it is not."""

    example = {"check": "tile_revealed", "tile": "F-1", "revealed": False}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"if Room Tile {self.tile} {'is' if self.revealed else 'is not yet'} revealed"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"falls {german.tile(self.tile)} {'aufgedeckt' if self.revealed else 'noch nicht aufgedeckt'} ist"

    def holds(self, game: Game) -> bool:
        return (self.tile in game.revealed) == self.revealed

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        return tile_findings(facts, path, self.tile)
