"""``place_marker``: a marker is put on a place (chapter *Dungeon Markers*)."""

from collections.abc import Iterable
from typing import Literal

from .. import german
from ..common import PLAIN, Name, Place, Wording, a_noun, label
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class PlaceMarker(EffectWord):
    """Put marker ``marker`` (``hole``, ``rubble``, ``blocked_door``, ``fire``... or a scenario
    marker name) on ``at``."""

    do: Literal["place_marker"]
    marker: Name
    """The marker to put down: hole, rubble, blocked_door, fire... or a marker name of the scenario."""
    at: Place
    """The place the marker goes on."""

    example = {"do": "place_marker", "marker": "rubble", "at": {"entrance": True}}
    for_party = "depends"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"put {a_noun(label(self.marker))} marker {self.at.on()}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"lege {german.marker(self.marker, 'ein', 'akk', words.names_de)} {self.at.on_de(to=True, words=words)}"

    def play(self, game: Game, triggering: str | None) -> None:
        squares = game.squares(self.at)
        if not squares:
            game.marker_waits(self.marker, self.at)
        for square in squares:
            game.put_marker(square, self.marker)

    def puts_markers(self) -> Iterable[str]:
        return (self.marker,)

    def marker_places(self) -> Iterable[tuple[str, Place]]:
        return ((self.marker, self.at),)
