"""``token_picked_up``: a rule fires when a hero picks up a scenario token."""

from collections.abc import Iterator
from typing import Any, Literal

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Wording
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class TokenPickedUp(TriggerWord):
    """When a hero picks up the scenario token ``token``."""

    on: Literal["token_picked_up"]
    token: str
    """Id of the scenario token whose pick-up fires the rule."""

    actor = "that hero"
    actor_de = german.THAT_HERO
    example = {"on": "token_picked_up", "token": "relic"}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"When a hero picks up the {words.name('token', self.token)}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Wenn ein Held {german.token(words.name('token', self.token), 'akk')} aufnimmt"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "token")

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A token that never lies anywhere to be picked up."""
        if self.token in facts.tokens and self.token not in facts.tokens_placed:
            yield TRIGGER_FIRES, path + ("token",), Severity.ERROR, (
                f"token {self.token} never lies anywhere to be picked up" + NEVER_FIRES)
