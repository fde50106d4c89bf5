"""``lose``: the heroes lose at once."""

from typing import Literal

from ..common import PLAIN, Wording
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class Lose(EffectWord):
    """The heroes lose the scenario at once."""

    do: Literal["lose"]

    example = {"do": "lose"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return "the heroes lose"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return "die Helden verlieren"

    def play(self, game: Game, triggering: str | None) -> None:
        game.finish("lost")
