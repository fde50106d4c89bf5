"""``carry_token``: the goal is a scenario token carried to a place."""

from collections.abc import Iterator
from typing import Literal

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Place, Wording
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class CarryToken(GoalWord):
    """A hero carrying ``token`` stands on ``to`` at the end of a round."""

    goal: Literal["carry_token"]
    token: str
    """Id of the scenario token (setup.tokens) to be carried."""
    to: Place
    """The place a hero carrying the token must stand on at the end of a round."""

    example = {"goal": "carry_token", "token": "relic", "to": {"entrance": True}}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"bring the {words.name('token', self.token)} to {self.to.describe()}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        token = german.token(words.name('token', self.token), 'akk')
        return f"die Helden bringen {token} {self.to.on_de(to=True, words=words)}"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        if not end_of_round:
            return False
        token = game.tokens.get(self.token)
        if token is None or token.carrier is None or not game.has_map:
            return False
        return game.square_of(token.carrier) in set(game.squares(self.to))

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A token that never lies anywhere to be picked up."""
        if self.token in facts.tokens and self.token not in facts.tokens_placed:
            yield GOAL_REACHABLE, path + ("token",), Severity.ERROR, (
                f"token {self.token} never lies anywhere to be picked up" + NEVER_REACHED)
