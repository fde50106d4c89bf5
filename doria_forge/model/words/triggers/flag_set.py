"""``flag_set``: a rule fires when a scenario flag is set (by a ``set_flag`` effect)."""

from collections.abc import Iterable, Iterator
from typing import Any, Literal

from ....load.problem import Severity
from ..common import PLAIN, Name, Wording, flag_words, flag_words_de
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding, closest
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class FlagSet(TriggerWord):
    """When the scenario flag ``flag`` is set (by an effect)."""

    on: Literal["flag_set"]
    flag: Name
    """Name of the scenario flag whose setting fires the rule."""

    example = {"on": "flag_set", "flag": "bells_rung"}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"When {flag_words(self.flag)} is marked"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Wenn {flag_words_de(self.flag, words)} markiert wird"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "flag")

    def reads_flags(self) -> Iterable[str]:
        return (self.flag,)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A flag no effect sets."""
        if self.flag not in facts.flags_set:
            yield TRIGGER_FIRES, path + ("flag",), Severity.ERROR, (
                f"no effect sets the flag {self.flag}" + NEVER_FIRES + closest(self.flag, facts.flags_set))
