"""``time_limit``: the goal is reached when a round ends (a lose goal for a timed scenario)."""

from collections.abc import Iterator
from typing import Literal

from ....load.problem import Severity
from ..common import PLAIN, Round, Wording
from ..facts import Facts, Path, RuleFinding
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class TimeLimit(GoalWord):
    """Round ``round`` ends (a lose goal for a timed scenario)."""

    goal: Literal["time_limit"]
    round: Round
    """The last round: when it ends, the goal is reached (the heroes lose when it is a lose goal), 1-99."""

    example = {"goal": "time_limit", "round": 12}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"round {self.round} ends (time limit)"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Runde {self.round} endet (Zeitlimit)"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        return end_of_round and game.round >= self.round

    def last_round(self, side: str) -> tuple[int, str, str] | None:
        if side != "lose":
            return None
        return self.round, f"the time_limit goal ends the scenario after round {self.round}", "round"

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A time limit after ``max_rounds``: the simulation stops undecided first (a warning)."""
        if self.round > facts.scenario.max_rounds:
            yield "scenario-goal-reachable", path + ("round",), Severity.WARNING, (
                f"round {self.round} is after max_rounds {facts.scenario.max_rounds}: a simulated game stops "
                "undecided before the time limit")
