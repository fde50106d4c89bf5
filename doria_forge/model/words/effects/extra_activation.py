"""``extra_activation``: every monster acts once more (as a red Doom Counter field)."""

from typing import Literal

from .. import german
from ..common import PLAIN, Wording
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class ExtraActivation(EffectWord):
    """An Extra Activation of all monsters (as a red Doom Counter field)."""

    do: Literal["extra_activation"]

    example = {"do": "extra_activation"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return "every monster gets an Extra Activation"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"jedes Monster erhält eine {german.de('Extra Activation')}"

    def play(self, game: Game, triggering: str | None) -> None:
        game.extra_activation()
