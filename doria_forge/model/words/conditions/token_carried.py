"""``token_carried``: a condition on whether a hero carries a scenario token."""

from collections.abc import Iterator
from typing import Literal

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Wording
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class TokenCarried(ConditionWord):
    """A hero carries the token ``token`` (``carried: false``: nobody does)."""

    check: Literal["token_carried"]
    token: str
    """Id of the scenario token the condition looks at."""
    carried: bool = True
    """true: holds while a hero carries the token; false: while nobody does."""

    example = {"check": "token_carried", "token": "relic", "carried": False}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"while {'a' if self.carried else 'no'} hero carries the {words.name('token', self.token)}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        name = german.token(words.name("token", self.token), "akk")
        return f"solange {'ein' if self.carried else 'kein'} Held {name} trägt"

    def holds(self, game: Game) -> bool:
        token = game.tokens.get(self.token)
        return (token is not None and token.carrier is not None) == self.carried

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A token asked to be carried that never lies anywhere."""
        if self.carried and self.token in facts.tokens and self.token not in facts.tokens_placed:
            yield TRIGGER_FIRES, path + ("token",), Severity.ERROR, (
                f"token {self.token} never lies anywhere to be carried" + NEVER_FIRES)
