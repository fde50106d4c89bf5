"""``monsters_left``: a condition on how many monsters are left (on a Room Tile or anywhere)."""

from collections.abc import Iterator
from typing import Literal

from pydantic import model_validator

from ...common import Ref
from .. import german
from ..common import PLAIN, Count, Wording
from ..facts import Facts, Path, RuleFinding, tile_findings
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class MonstersLeft(ConditionWord):
    """At most ``at_most`` and at least ``at_least`` monsters of Room Tile ``tile`` are left
    (anywhere without it), of type ``monster`` (any type without it). Without either bound: no
    monster is left. A tile's monsters are those ``clear_tile`` waits for: standing on it, or
    entered play on it and walked off."""

    check: Literal["monsters_left"]
    tile: str | None = None
    """Id of the Room Tile whose monsters are counted: on it or entered play on it (the whole dungeon without it)."""
    monster: str | None = None
    """Id of the monster type counted (every type, the boss included, without it)."""
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
        name = words.name("monster", self.monster) if self.monster else None

        def left(count: int) -> str:  # "2 monsters are", "2 × Orc are" (as spawn counts a type), "1 Orc is"
            if name is None:
                return f"{count} monster{' is' if count == 1 else 's are'}"
            return f"{count} {name} is" if count == 1 else f"{count} × {name} are"

        upper = self.upper
        if upper is None:
            return f"if at least {left(self.at_least)} left {where}"
        if upper == 0:
            return f"if no {name or 'monster'} is left {where}"
        least = f"at least {self.at_least} and " if self.at_least else ""
        return f"if {least}at most {left(upper)} left {where}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        where = f"auf {german.tile(self.tile)}" if self.tile else "im Verlies"
        noun = german.monster_type(words.name("monster", self.monster)) if self.monster else german.MONSTER.nom

        def left(count: int) -> str:  # "1 Monster vom Typ Ork ist", "2 Monster sind": Monster is both numbers
            return f"{count} {noun} übrig {'ist' if count == 1 else 'sind'}"

        upper = self.upper
        if upper is None:
            return f"falls {where} noch mindestens {left(self.at_least)}"
        if upper == 0:
            return f"falls {where} kein {noun} mehr übrig ist"
        least = f"mindestens {self.at_least} und " if self.at_least else ""
        return f"falls {where} {least}höchstens {left(upper)}"

    def holds(self, game: Game) -> bool:
        return self.count_holds(game.monsters_of(self.tile, self.monster))

    def references(self, path: Path) -> Iterator[Ref]:
        if self.monster:
            yield (path + ("monster",), "monster", self.monster)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        return tile_findings(facts, path, self.tile)
