"""``damage``: heroes lose Hit Points or Psi Points (an armor card may block, chapter *Defense*)."""

from typing import Annotated, Literal

from pydantic import Field

from .. import german
from ..common import PLAIN, Place, Who, Wording, who_de, who_words
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class Damage(EffectWord):
    """``amount`` Hit Points (``points: pp``: Psi Points) lost by ``who``; against HP one armor
    card may block unless ``ignores_armor``."""

    do: Literal["damage"]
    amount: Annotated[int, Field(ge=1, le=30)]
    """Points lost, 1-30."""
    points: Literal["hp", "pp"] = "hp"
    """Which points are lost: hp (Hit Points) or pp (Psi Points)."""
    who: Who = "triggering"
    """Which heroes lose the points: all, triggering, carrier (of token) or on_place (at)."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = Field(None, examples=[{"tile": "F-1"}])
    """With who: on_place, the place whose heroes it reaches."""
    ignores_armor: bool = False
    """true: armor cards cannot block this loss of Hit Points."""

    example = {"do": "damage", "amount": 2, "who": "all"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        armor = " (armor does not help)" if self.ignores_armor and self.points == "hp" else ""
        return f"{who_words(self, words)} loses {self.amount} {self.points.upper()}{armor}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        armor = " (Rüstung schützt nicht)" if self.ignores_armor and self.points == "hp" else ""
        return f"{who_de(self, words).subject} verliert {self.amount} {german.de(self.points.upper())}{armor}"

    def play(self, game: Game, triggering: str | None) -> None:
        for hero in game.heroes(self.who, triggering, self.token, self.at):
            if self.points == "pp":
                game.lose_pp(hero, self.amount)
            else:
                game.lose_hp(hero, self.amount, armor=not self.ignores_armor)
