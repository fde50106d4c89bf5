"""``monster_enters``: a rule fires when a monster walks onto a Room Tile (a loss or an event
when it reaches that tile)."""

from collections.abc import Iterator
from typing import Any, Literal

from ...common import Ref
from .. import german
from ..common import PLAIN, Wording, a_noun
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import TRIGGERS, TriggerWord
from .monster_defeated import monster_findings


@TRIGGERS.register
class MonsterEnters(TriggerWord):
    """When a monster's move in its activation (chapter *Monster Activation*) ends on Room Tile
    ``tile`` coming from another Room Tile: a monster of type ``monster``, or the scenario's
    boss (``boss: true``); any monster without these. A monster placed on the tile (a spawn, its
    monster icons) has not reached it. With ``do: lose``: "the heroes lose if Gruzak reaches the
    starting Room Tile" (his Boss Monster card)."""

    on: Literal["monster_enters"]
    tile: str
    """Id of the Room Tile the monster must reach."""
    monster: str | None = None
    """Id of the monster type whose arrival fires the rule (any type without it)."""
    boss: bool = False
    """true: only the scenario's Boss Monster reaching the tile fires it."""

    example = {"on": "monster_enters", "tile": "A-1", "boss": True}

    def describe(self, words: Wording = PLAIN) -> str:
        what = ("the boss" if self.boss else a_noun(words.name("monster", self.monster)) if self.monster
                else "a monster")
        return f"When {what} reaches Room Tile {self.tile}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        what = german.some_monster(words.name("monster", self.monster) if self.monster else None, self.boss)
        return f"Wenn {what} {german.tile(self.tile)} erreicht"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "tile", "monster") and (not self.boss or bool(context.get("boss")))

    def references(self, path: Path) -> Iterator[Ref]:
        if self.monster:
            yield (path + ("monster",), "monster", self.monster)
        yield from tile_reference(path, self.tile)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A Room Tile not in the scenario; a monster type and the boss together; the boss when no
        effect spawns a boss (each: the rule never fires)."""
        yield from tile_findings(facts, path, self.tile, TRIGGER_FIRES, NEVER_FIRES)
        yield from monster_findings(facts, path, self.monster, self.boss, "arrival")
