"""``monster_level``: a condition on the current Monster Level (chapters *Doom Counter*, *Level Up*)."""

from typing import Annotated, Literal

from pydantic import Field

from .. import german
from ..common import PLAIN, Wording, span
from ..play import Game
from .base import CONDITIONS, ConditionWord

Level = Annotated[int, Field(ge=1, le=10)]


@CONDITIONS.register
class MonsterLevelIs(ConditionWord):
    """The current Monster Level is ``min``..``max``. With ``on: doom_reached, field: 30`` (the
    level-up field, heard before its Level Up plays) and ``min: 4``: "the Doom Counter runs out",
    it reaches the Monster Level Up with no higher Monster Level Card left."""

    check: Literal["monster_level"]
    min: Level = 1
    """Lowest Monster Level at which the condition holds, 1-10."""
    max: Level = 10
    """Highest Monster Level at which the condition holds, 1-10."""

    example = {"check": "monster_level", "min": 4}

    def describe(self, words: Wording = PLAIN) -> str:
        return span(self.min, self.max, 10, f"at Monster Level {self.min}", "at any Monster Level",
                    "from Monster Level {} on", "up to Monster Level {}", "at Monster Levels {}-{}")

    def describe_de(self, words: Wording = PLAIN) -> str:
        level = german.de("Monster Level")
        return span(self.min, self.max, 10, f"auf {level} {self.min}", f"auf jeder {level}", f"ab {level} {{}}",
                    f"bis {level} {{}}", f"auf den {level}n {{}}–{{}}")

    def holds(self, game: Game) -> bool:
        return self.min <= game.monster_level <= self.max
