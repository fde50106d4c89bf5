"""``flag``: a condition on a scenario flag."""

from collections.abc import Iterable, Iterator
from typing import Literal

from ....load.problem import Severity
from ..common import PLAIN, Name, Wording, flag_words, flag_words_de
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding, closest
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class FlagIs(ConditionWord):
    """The flag ``flag`` is set (``is_set: false``: is not set)."""

    check: Literal["flag"]
    flag: Name
    """Name of the scenario flag the condition looks at."""
    is_set: bool = True
    """true: holds while the flag is set; false: while it is not."""

    example = {"check": "flag", "flag": "nest_burned", "is_set": False}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"if {flag_words(self.flag)} is {'marked' if self.is_set else 'not marked'}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"falls {flag_words_de(self.flag, words)} {'markiert' if self.is_set else 'nicht markiert'} ist"

    def holds(self, game: Game) -> bool:
        return (self.flag in game.flags) == self.is_set

    def reads_flags(self) -> Iterable[str]:
        return (self.flag,)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A flag no effect sets: asked to be set, the rule never fires (an error); asked not to
        be, the condition always holds (a ``scenario-flags`` warning)."""
        if self.flag in facts.flags_set:
            return
        hint = closest(self.flag, facts.flags_set)
        if self.is_set:
            yield TRIGGER_FIRES, path + ("flag",), Severity.ERROR, (
                f"no effect sets the flag {self.flag}" + NEVER_FIRES + hint)
        else:
            yield "scenario-flags", path + ("flag",), Severity.WARNING, (
                f"no effect sets the flag {self.flag}, so 'is_set: false' always holds and the rule fires as if the "
                f"condition were not there{hint}")
