"""``marker_under``: a marker goes on the square of each hero the effect reaches (the floor
giving way under the hero who fails a check; Book of Rules, *Dungeon Markers*)."""

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from .. import german
from ..common import PLAIN, Name, Place, Who, Wording, a_noun, label, who_de, who_words
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class MarkerUnder(EffectWord):
    """Put marker ``marker`` on the square of each hero ``who`` reaches, e.g. a Hole opening
    under the hero who fails a check. The book's consequences follow the marker (chapter
    *Dungeon Markers*): a hero on a new ``hole`` must remain on its square until its next move
    action, the others jump over it; under ``rubble`` it is buried until the Rubble is
    cleared. Needs the map (without it nothing happens)."""

    do: Literal["marker_under"]
    marker: Name
    """The marker put under each hero: hole, rubble, fire, ice, air... or a marker name of the scenario."""
    who: Who = "triggering"
    """Which heroes get it under them: all, triggering, carrier (of token) or on_place (at)."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = Field(None, examples=[{"tile": "F-1"}])
    """With who: on_place, the place whose heroes it reaches."""

    example = {"do": "marker_under", "marker": "hole"}
    for_party = "hurts"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"put {a_noun(label(self.marker))} marker under {who_words(self, words)}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        marker = german.marker(self.marker, 'ein', 'akk', words.names_de)
        return f"lege {marker} unter {who_de(self, words).case('akk')}"

    def play(self, game: Game, triggering: str | None) -> None:
        if not game.has_map:
            return
        for hero in game.heroes(self.who, triggering, self.token, self.at):
            square = game.square_of(hero)
            if square is not None:
                game.put_marker(square, self.marker)

    def puts_markers(self) -> Iterable[str]:
        return (self.marker,)
