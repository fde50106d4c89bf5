"""``block_doors``: Blocked Door markers go on a tile's doors (chapter *Dungeon Markers*)."""

from collections.abc import Iterable, Iterator
from typing import Literal

from ...common import Ref
from .. import german
from ..common import PLAIN, Wording
from ..facts import Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class BlockDoors(EffectWord):
    """Put Blocked Door markers on the doors of Room Tile ``tile``."""

    do: Literal["block_doors"]
    tile: str
    """Id of the Room Tile whose doors get Blocked Door markers."""

    example = {"do": "block_doors", "tile": "F-1"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"put Blocked Door markers on the doors of Room Tile {self.tile}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        markers = f"{german.MARKER.nom} {german.marker_name('blocked_door')}"
        return f"lege {markers} auf die Türen von {german.tile(self.tile)}"

    def play(self, game: Game, triggering: str | None) -> None:
        if game.has_map:
            for square in game.door_squares(self.tile):
                game.put_marker(square, "blocked_door")

    def references(self, path: Path) -> Iterator[Ref]:
        return tile_reference(path, self.tile)

    def puts_markers(self) -> Iterable[str]:
        return ("blocked_door",)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        return tile_findings(facts, path, self.tile)
