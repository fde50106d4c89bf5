"""``round``: a condition on the round (the Round Marker)."""

from collections.abc import Iterator
from typing import Literal

from ..common import PLAIN, Round, Wording, span
from ..facts import Facts, Path, RuleFinding, after_the_end
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class RoundIs(ConditionWord):
    """The round is ``min``..``max``."""

    check: Literal["round"]
    min: Round = 1
    """First round in which the condition holds, 1-99."""
    max: Round = 99
    """Last round in which the condition holds, 1-99."""

    example = {"check": "round", "min": 3, "max": 6}

    def describe(self, words: Wording = PLAIN) -> str:
        return span(self.min, self.max, 99, f"in round {self.min}", "in any round", "from round {} on",
                    "up to round {}", "in rounds {}-{}")

    def describe_de(self, words: Wording = PLAIN) -> str:
        return span(self.min, self.max, 99, f"in Runde {self.min}", "in jeder Runde", "ab Runde {}",
                    "bis Runde {}", "in den Runden {}–{}")

    def holds(self, game: Game) -> bool:
        return self.min <= game.round <= self.max

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A first round after the last round a game can reach."""
        return after_the_end(facts, path + ("min",), self.min)
