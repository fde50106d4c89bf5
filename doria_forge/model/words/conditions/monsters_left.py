"""``monsters_left``: a condition on how many monsters are left (on a Room Tile or anywhere)."""

from collections.abc import Iterator
from typing import Literal

from pydantic import model_validator

from ..common import PLAIN, Count, Wording
from ..facts import Facts, Path, RuleFinding, tile_findings
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class MonstersLeft(ConditionWord):
    """At most ``at_most`` and at least ``at_least`` monsters of Room Tile ``tile`` are left
    (anywhere without it). Without either bound: no monster is left. A tile's monsters are
    those ``clear_tile`` waits for: standing on it, or entered play on it and walked off."""

    check: Literal["monsters_left"]
    tile: str | None = None
    """Id of the Room Tile whose monsters are counted: on it or entered play on it (the whole dungeon without it)."""
    at_most: Count | None = None
    """Most monsters left for the condition to hold (none given with no at_least: no monster left)."""
    at_least: Count = 0
    """Fewest monsters left for the condition to hold."""

    example = {"check": "monsters_left", "tile": "C-8", "at_most": 1}

    @model_validator(mode="after")
    def _bounds(self) -> "MonstersLeft":
        if self.upper is not None and self.at_least > self.upper:
            raise ValueError(f"at_least {self.at_least} is more than at_most {self.upper}")
        return self

    @property
    def upper(self) -> int | None:
        """The upper bound in force: ``at_most``; without it none when ``at_least`` is
        given, else 0."""
        if self.at_most is not None:
            return self.at_most
        return None if self.at_least else 0

    def count_holds(self, count: int) -> bool:
        """Whether ``count`` monsters meet the bounds."""
        upper = self.upper
        return count >= self.at_least and (upper is None or count <= upper)

    def describe(self, words: Wording = PLAIN) -> str:
        where = f"on Room Tile {self.tile}" if self.tile else "in the dungeon"
        upper = self.upper
        if upper is None:
            return f"if at least {self.at_least} monster{' is' if self.at_least == 1 else 's are'} left {where}"
        if upper == 0:
            return f"if no monster is left {where}"
        least = f"at least {self.at_least} and " if self.at_least else ""
        return f"if {least}at most {upper} monster{' is' if upper == 1 else 's are'} left {where}"

    def holds(self, game: Game) -> bool:
        return self.count_holds(game.monsters_of(self.tile))

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        return tile_findings(facts, path, self.tile)
