"""``round_start``: a rule fires at the start of a round (Phase A)."""

from collections.abc import Iterator
from typing import Any, Literal

from ..common import PLAIN, Round, Wording
from ..facts import Facts, Path, RuleFinding, after_the_end
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class RoundStart(TriggerWord):
    """At the start of round ``round`` (Phase A), or of every round without it."""

    on: Literal["round_start"]
    round: Round | None = None
    """The round at whose start the rule fires (every round without it)."""

    example = {"on": "round_start", "round": 3}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"At the start of round {self.round}" if self.round else "At the start of every round"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Zu Beginn von Runde {self.round}" if self.round else "Zu Beginn jeder Runde"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "round")

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A round after the last round a game can reach."""
        return after_the_end(facts, path + ("round",), self.round)
