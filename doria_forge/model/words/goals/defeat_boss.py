"""``defeat_boss``: the goal is the defeat of the scenario's Boss Monster."""

from collections.abc import Iterator
from typing import Literal

from ....load.problem import Severity
from ...common import Ref
from ..common import PLAIN, Wording, inside
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class DefeatBoss(GoalWord):
    """The scenario's boss (``boss``: the Boss Monster id it spawns) is defeated."""

    goal: Literal["defeat_boss"]
    boss: str
    """Id of the Boss Monster whose defeat is the goal."""

    example = {"goal": "defeat_boss", "boss": "ember_dragon"}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"defeat {inside(words.name('boss', self.boss))}"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        return self.boss in game.bosses_defeated

    def references(self, path: Path) -> Iterator[Ref]:
        yield (path + ("boss",), "boss", self.boss)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A boss of the pack that no effect spawns."""
        if self.boss in facts.pack.bosses and self.boss not in facts.bosses_spawned:
            yield GOAL_REACHABLE, path + ("boss",), Severity.ERROR, (
                f"no effect spawns the boss {self.boss}" + NEVER_REACHED)
