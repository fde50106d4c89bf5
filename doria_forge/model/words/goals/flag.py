"""``flag``: the goal is a scenario flag set (by a ``set_flag`` effect)."""

from collections.abc import Iterable, Iterator
from typing import Literal

from ....load.problem import Severity
from ..common import PLAIN, Name, Wording, flag_words, flag_words_de
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding, closest
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class FlagGoal(GoalWord):
    """The flag ``flag`` is set."""

    goal: Literal["flag"]
    flag: Name
    """Name of the scenario flag whose setting reaches the goal."""

    example = {"goal": "flag", "flag": "curse_lifted"}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"{flag_words(self.flag)} is marked"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"{flag_words_de(self.flag, words)} ist markiert"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        return self.flag in game.flags

    def reads_flags(self) -> Iterable[str]:
        return (self.flag,)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A flag no effect sets."""
        if self.flag not in facts.flags_set:
            yield GOAL_REACHABLE, path + ("flag",), Severity.ERROR, (
                f"no effect sets the flag {self.flag}" + NEVER_REACHED + closest(self.flag, facts.flags_set))
