"""``check``: heroes make a Target Number check; effects follow each success and failure
(chapter *Attribute checks*)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ...common import Attribute, empty_list
from .. import german
from ..common import PLAIN, Place, Who, Wording, and_list, who_de, who_words
from ..play import Game
from .base import EFFECTS, EffectWord

if TYPE_CHECKING:  # pragma: no cover
    from . import Effect


@EFFECTS.register
class Check(EffectWord):
    """Each of ``who`` checks ``attributes[0] + attributes[1] + 2D`` against ``tn`` (+
    ``tn_per_ml`` x Monster Level); ``success`` effects for each who passes, ``failure``
    for each who fails (their ``triggering`` hero is the one who checked)."""

    do: Literal["check"]
    attributes: tuple[Attribute, Attribute]
    """The two attributes whose points the check adds to its roll (STR, CON, AGI, PER, WIS, PSI)."""
    tn: Annotated[int, Field(ge=1, le=99)]
    """Target Number at Monster Level 0, 1-99."""
    tn_per_ml: Annotated[int, Field(ge=0, le=20)] = 0
    """Added to the Target Number per Monster Level, 0-20."""
    who: Who = "triggering"
    """Which heroes check: all, triggering, carrier (of token) or on_place (at); each checks alone."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = None
    """With who: on_place, the place whose heroes it reaches."""
    success: list[Effect] = Field(default_factory=empty_list, max_length=100)
    """Effects for each hero who passes (their triggering hero is the one who checked)."""
    failure: list[Effect] = Field(default_factory=empty_list, max_length=100)
    """Effects for each hero who fails (their triggering hero is the one who checked)."""

    example = {"do": "check", "attributes": ["AGI", "PER"], "tn": 14, "tn_per_ml": 2,
               "failure": [{"do": "damage", "amount": 2}]}
    for_party = "depends"

    def describe(self, words: Wording = PLAIN) -> str:
        tn = f"{self.tn}" + (f"+{self.tn_per_ml}×ML" if self.tn_per_ml else "")
        out = f"{who_words(self, words)} checks {'+'.join(self.attributes)}+2D against TN {tn}"
        # the effects of a result reach the hero who checked
        checked = replace(words, actor="that hero")
        for label, effects in (("success", self.success), ("failure", self.failure)):
            if effects:
                out += f"; on a {label}, " + and_list([e.describe(checked) for e in effects])
        return out

    def describe_de(self, words: Wording = PLAIN) -> str:
        tn = f"{self.tn}" + (f"+{self.tn_per_ml}×{german.de('Monster Level')}" if self.tn_per_ml else "")
        out = f"{who_de(self, words).subject} prüft {german.roll(self.attributes)} gegen {german.de('TN')} {tn}"
        # the effects of a result reach the hero who checked
        checked = replace(words, actor_de=german.THAT_HERO)
        for label, effects in (("Erfolg", self.success), ("Misserfolg", self.failure)):
            if effects:
                out += f"; bei {label}: " + german.capital(german.und_list([e.describe_de(checked) for e in effects]))
        return out

    def play(self, game: Game, triggering: str | None) -> None:
        tn = self.tn + self.tn_per_ml * game.monster_level
        for hero in game.heroes(self.who, triggering, self.token, self.at):
            if not game.can_act(hero):
                continue
            for then in self.success if game.check(hero, self.attributes, tn) else self.failure:
                if game.over:
                    return
                game.apply(then, hero)

    def nested(self) -> Iterator[tuple[str, list[EffectWord]]]:
        yield "success", list(self.success)
        yield "failure", list(self.failure)
