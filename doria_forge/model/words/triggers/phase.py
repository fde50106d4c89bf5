"""``phase``: a rule fires when a phase of the round begins (chapter *Game Phases*)."""

from collections.abc import Iterator
from typing import Any, Literal

from ..common import PLAIN, Phase, Round, Wording
from ..facts import Facts, Path, RuleFinding, after_the_end
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class PhaseStarts(TriggerWord):
    """When Phase ``phase`` begins (every round, or in round ``round``); Phase F's scenario
    actions come after modifications, Traps and Zombies."""

    on: Literal["phase"]
    phase: Phase
    """The phase A-I whose beginning fires the rule."""
    round: Round | None = None
    """The only round in which the phase fires the rule (every round without it)."""

    example = {"on": "phase", "phase": "F"}

    def describe(self, words: Wording = PLAIN) -> str:
        when = f" of round {self.round}" if self.round else " of every round"
        return f"In Phase {self.phase}{when}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        when = f" von Runde {self.round}" if self.round else " jeder Runde"
        return f"In Phase {self.phase}{when}"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "round", "phase")

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A round after the last round a game can reach."""
        return after_the_end(facts, path + ("round",), self.round)
