"""``open_doors``: Blocked Door markers come off (chapter *Dungeon Markers*, Blocked Door)."""

from collections.abc import Iterator
from typing import Literal

from ...common import Ref
from .. import german
from ..common import PLAIN, Wording
from ..facts import Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class OpenDoors(EffectWord):
    """Take the Blocked Door markers off the doors of Room Tile ``tile`` (all without it)."""

    do: Literal["open_doors"]
    tile: str | None = None
    """Id of the Room Tile whose Blocked Door markers come off (every tile without it)."""

    example = {"do": "open_doors", "tile": "F-1"}
    for_party = "helps"

    def describe(self, words: Wording = PLAIN) -> str:
        doors = f"the doors of Room Tile {self.tile}" if self.tile else "every door"
        return f"take the Blocked Door markers off {doors}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        doors = f"den Türen von {german.tile(self.tile)}" if self.tile else "allen Türen"
        return f"nimm die {german.MARKER.nom} {german.marker_name('blocked_door')} von {doors}"

    def play(self, game: Game, triggering: str | None) -> None:
        if game.has_map:
            for square in game.door_squares(self.tile):
                game.take_marker(square, "blocked_door")

    def references(self, path: Path) -> Iterator[Ref]:
        return tile_reference(path, self.tile)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        return tile_findings(facts, path, self.tile)
