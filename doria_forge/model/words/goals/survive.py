"""``survive``: the goal is to reach the end of a round with no character dead."""

from collections.abc import Iterator
from typing import Literal

from ....load.problem import Severity
from ..common import PLAIN, Round, Wording
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class Survive(GoalWord):
    """Round ``rounds`` ends with no character dead."""

    goal: Literal["survive"]
    rounds: Round
    """The round whose end the heroes must reach with no character dead, 1-99."""

    example = {"goal": "survive", "rounds": 10}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"survive until the end of round {self.rounds}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"die Helden überleben bis zum Ende von Runde {self.rounds}"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        return end_of_round and game.round >= self.rounds

    def last_round(self, side: str) -> tuple[int, str, str] | None:
        if side != "win":
            return None
        return self.rounds, f"the survive goal ends the scenario after round {self.rounds}", "rounds"

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A round whose end comes after the game ends (the goal itself not counted)."""
        limit = facts.round_limit(ignore=path)
        if self.rounds > limit.round:
            yield GOAL_REACHABLE, path + ("rounds",), Severity.ERROR, (
                f"round {self.rounds} never ends: {limit.reason}" + NEVER_REACHED)
