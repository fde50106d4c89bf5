"""``round_end``: a rule fires at the end of a round (after Phase I)."""

from collections.abc import Iterator
from typing import Any, Literal

from ..common import PLAIN, Round, Wording
from ..facts import Facts, Path, RuleFinding, after_the_end
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class RoundEnd(TriggerWord):
    """At the end of round ``round`` (after Phase I), or of every round without it."""

    on: Literal["round_end"]
    round: Round | None = None
    """The round at whose end the rule fires (every round without it)."""

    example = {"on": "round_end", "round": 8}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"At the end of round {self.round}" if self.round else "At the end of every round"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Am Ende von Runde {self.round}" if self.round else "Am Ende jeder Runde"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "round")

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A round after the last round a game can reach."""
        return after_the_end(facts, path + ("round",), self.round)
