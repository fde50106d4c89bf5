"""``heal``: heroes regain Hit Points and Psi Points (up to their maxima)."""

from typing import Literal

from pydantic import Field

from .. import german
from ..common import PLAIN, Count, Place, Who, Wording, and_list, who_de, who_words
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class Heal(EffectWord):
    """``who`` regain ``hp`` HP and ``pp`` PP (up to their maxima)."""

    do: Literal["heal"]
    hp: Count = 0
    """Hit Points regained, up to the hero's maximum."""
    pp: Count = 0
    """Psi Points regained, up to the hero's maximum."""
    who: Who = "triggering"
    """Which heroes regain points: all, triggering, carrier (of token) or on_place (at)."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = Field(None, examples=[{"tile": "F-1"}])
    """With who: on_place, the place whose heroes it reaches."""

    example = {"do": "heal", "hp": 3, "who": "on_place", "at": {"rune": "blue"}}
    for_party = "helps"

    def describe(self, words: Wording = PLAIN) -> str:
        points = [f"{n} {what}" for n, what in ((self.hp, "HP"), (self.pp, "PP")) if n]
        return f"{who_words(self, words)} regains {and_list(points)}" if points else "nothing happens"

    def describe_de(self, words: Wording = PLAIN) -> str:
        points = [f"{n} {german.de(what)}" for n, what in ((self.hp, "HP"), (self.pp, "PP")) if n]
        if not points:
            return "nichts geschieht"
        return f"{who_de(self, words).subject} erhält {german.und_list(points)} zurück"

    def play(self, game: Game, triggering: str | None) -> None:
        for hero in game.heroes(self.who, triggering, self.token, self.at):
            game.heal(hero, self.hp, self.pp)
