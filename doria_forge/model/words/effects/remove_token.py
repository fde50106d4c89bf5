"""``remove_token``: a scenario token leaves the game."""

from typing import Literal

from .. import german
from ..common import PLAIN, Wording
from ..play import Game, TokenState
from .base import EFFECTS, EffectWord


@EFFECTS.register
class RemoveToken(EffectWord):
    """Take the token ``token`` out of the game (from the square or its carrier)."""

    do: Literal["remove_token"]
    token: str
    """Id of the scenario token taken out of the game, from its square or its carrier."""

    example = {"do": "remove_token", "token": "relic"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"take the {words.name('token', self.token)} out of the game"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"nimm {german.token(words.name('token', self.token), 'akk')} aus dem Spiel"

    def play(self, game: Game, triggering: str | None) -> None:
        game.tokens[self.token] = TokenState(removed=True)
