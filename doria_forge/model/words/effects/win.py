"""``win``: the heroes win at once."""

from typing import Literal

from ..common import PLAIN, Wording
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class Win(EffectWord):
    """The heroes win the scenario at once."""

    do: Literal["win"]

    example = {"do": "win"}
    for_party = "helps"
    wins = True

    def describe(self, words: Wording = PLAIN) -> str:
        return "the heroes win"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return "die Helden gewinnen"

    def play(self, game: Game, triggering: str | None) -> None:
        game.finish("won")
