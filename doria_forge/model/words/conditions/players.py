"""``players``: a condition on the number of players ([PlayerCount])."""

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Wording, span
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class PlayersIs(ConditionWord):
    """[PlayerCount] is ``min``..``max``."""

    check: Literal["players"]
    min: Annotated[int, Field(ge=1, le=6)] = 1
    """Fewest players for which the condition holds, 1-6."""
    max: Annotated[int, Field(ge=1, le=6)] = 6
    """Most players for which the condition holds, 1-6."""

    example = {"check": "players", "min": 4}

    def describe(self, words: Wording = PLAIN) -> str:
        exactly = f"with exactly {self.min} player{'s' if self.min > 1 else ''}"
        return span(self.min, self.max, 6, exactly, "with any number of players", "with {} or more players",
                    "with up to {} players", "with {}-{} players")

    def describe_de(self, words: Wording = PLAIN) -> str:
        exactly = f"mit genau {german.count(self.min, 'Spieler', 'Spielern')}"
        return span(self.min, self.max, 6, exactly, "mit beliebig vielen Spielern", "mit {} oder mehr Spielern",
                    "mit bis zu {} Spielern", "mit {}–{} Spielern")

    def holds(self, game: Game) -> bool:
        return self.min <= game.players <= self.max

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A player range outside the scenario's ``players``."""
        low, high = facts.scenario.players
        if self.min > high or self.max < low:
            bound = "min" if self.min > high else "max"
            yield TRIGGER_FIRES, path + (bound,), Severity.ERROR, (
                f"the condition asks for {self.min}-{self.max} players but the scenario is for {low}-{high}"
                + NEVER_FIRES)
