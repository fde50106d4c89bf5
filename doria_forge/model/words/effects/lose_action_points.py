"""``lose_action_points``: heroes lose Action Points on the Initiative Board (a gust of air)."""

from typing import Annotated, Literal

from pydantic import Field

from .. import german
from ..common import PLAIN, Place, Who, Wording, who_de, who_words
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class LoseActionPoints(EffectWord):
    """``who`` lose ``amount`` Action Points on the Initiative Board at once (a Door Event's
    gust of air; a hero's AP may go negative, as after its last action)."""

    do: Literal["lose_action_points"]
    amount: Annotated[int, Field(ge=1, le=30)]
    """Action Points each hero it reaches loses, 1-30."""
    who: Who = "triggering"
    """Which heroes lose the Action Points: all, triggering, carrier (of token) or on_place (at)."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = Field(None, examples=[{"tile": "F-1"}])
    """With who: on_place, the place whose heroes it reaches."""

    example = {"do": "lose_action_points", "amount": 3, "who": "all"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"{who_words(self, words)} loses {self.amount} Action Point{'s' if self.amount > 1 else ''}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        points = german.count(self.amount, german.de("Action Point"), german.de("Action Points"))
        return f"{who_de(self, words).subject} verliert {points}"

    def play(self, game: Game, triggering: str | None) -> None:
        for hero in game.heroes(self.who, triggering, self.token, self.at):
            game.lose_ap(hero, self.amount)
