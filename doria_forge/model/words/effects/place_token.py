"""``place_token``: a scenario token is put down where a hero may pick it up."""

from collections.abc import Iterable
from typing import Literal

from .. import german
from ..common import PLAIN, Place, Wording
from ..play import Game, TokenState
from .base import EFFECTS, EffectWord


@EFFECTS.register
class PlaceToken(EffectWord):
    """Put the scenario token ``token`` on ``at`` (a hero may pick it up there)."""

    do: Literal["place_token"]
    token: str
    """Id of the scenario token to put down."""
    at: Place
    """The place the token goes on; a hero may pick it up there."""

    example = {"do": "place_token", "token": "relic", "at": {"rune": "orange", "tile": "C-8"}}
    for_party = "helps"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"put the {words.name('token', self.token)} {self.at.on()}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"lege {german.token(words.name('token', self.token), 'akk')} {self.at.on_de(to=True, words=words)}"

    def play(self, game: Game, triggering: str | None) -> None:
        token = game.tokens.setdefault(self.token, TokenState())
        squares = game.squares(self.at)
        token.removed, token.carrier = False, None
        token.square, token.waiting = (squares[0], None) if squares else (None, self.at)

    def token_places(self) -> Iterable[tuple[str, Place]]:
        return ((self.token, self.at),)
