"""``doom``: the Doom Counter moves (chapter *Doom Counter*, Phase G)."""

from typing import Annotated, Literal

from pydantic import Field

from .. import german
from ..common import PLAIN, Wording
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class MoveDoom(EffectWord):
    """Move the Doom Counter ``steps`` fields (effects at once, as in Phase G)."""

    do: Literal["doom"]
    steps: Annotated[int, Field(ge=1, le=40)] = 1
    """Fields the Doom Counter moves, 1-40, their effects applied at once as in Phase G."""

    example = {"do": "doom", "steps": 2}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"move the Doom Counter {self.steps} field{'s' if self.steps > 1 else ''}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        fields = german.count(self.steps, "Feld", "Felder")
        return f"bewege das Monster der {german.de('Doom Counter')} {fields} nach unten"

    def play(self, game: Game, triggering: str | None) -> None:
        game.advance_doom(self.steps)
