"""``hero_on``: a condition on whether a hero stands on a place (a square, rune, marker or a
whole Room Tile) when the rule is asked."""

from typing import Literal

from pydantic import Field

from ..common import PLAIN, Place, Wording
from ..play import Game
from .base import CONDITIONS, ConditionWord


@CONDITIONS.register
class HeroOn(ConditionWord):
    """A conscious hero stands on ``at`` now (``standing: false``: none does); an unconscious
    hero lies there without standing (chapter *Unconsciousness*). With
    ``when: {on: monster_defeated, boss: true}`` it asks who stands where when the boss falls,
    as a Boss Monster card's end condition may (chapter *Single Scenario Mode*: the *Boss
    Monster* deck's rule cards show possible end conditions): "the heroes win when one of them
    stands on the phylactery's square when the King is defeated"."""

    check: Literal["hero_on"]
    at: Place = Field(examples=[{"marker": "phylactery"}])
    """The place a hero must stand on: a square, rune or marker, or a whole Room Tile."""
    standing: bool = True
    """true: holds while a conscious hero stands on at; false: while none does."""

    example = {"check": "hero_on", "at": {"marker": "phylactery"}}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"if {'a' if self.standing else 'no'} hero stands {self.at.on()}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"falls {'ein' if self.standing else 'kein'} Held {self.at.on_de(words=words)} steht"

    def holds(self, game: Game) -> bool:
        # the heroes an effect's who: on_place reaches, the conscious ones among them
        standing = any(game.can_act(uid) for uid in game.heroes("on_place", None, None, self.at))
        return standing == self.standing
