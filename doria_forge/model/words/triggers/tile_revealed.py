"""``tile_revealed``: a rule fires when a Room Tile is placed in the dungeon (chapter *Exploration*)."""

from collections.abc import Iterator
from typing import Any, Literal

from ...common import Ref
from .. import german
from ..common import PLAIN, Wording
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class TileRevealed(TriggerWord):
    """When Room Tile ``tile`` (any tile without it) is placed in the dungeon."""

    on: Literal["tile_revealed"]
    tile: str | None = None
    """Id of the Room Tile whose reveal fires the rule (any tile without it)."""

    actor = "the hero who revealed it"
    actor_de = german.Heroes("der", clause="der sie aufgedeckt hat")
    example = {"on": "tile_revealed", "tile": "C-8"}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"When Room Tile {self.tile} is revealed" if self.tile else "When a Room Tile is revealed"

    def describe_de(self, words: Wording = PLAIN) -> str:
        if self.tile:
            return f"Wenn {german.tile(self.tile)} aufgedeckt wird"
        return f"Wenn eine {german.de('Room Tile')} aufgedeckt wird"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "tile")

    def references(self, path: Path) -> Iterator[Ref]:
        return tile_reference(path, self.tile)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A Room Tile that is not in the scenario (a warning when it is only a random tile)."""
        yield from tile_findings(facts, path, self.tile, TRIGGER_FIRES, NEVER_FIRES)
