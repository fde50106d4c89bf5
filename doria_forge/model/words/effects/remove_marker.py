"""``remove_marker``: a marker comes off the table (Rubble cleared, a Blocked Door opened)."""

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Name, Place, Wording, label
from ..facts import Facts, Path, RuleFinding
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class RemoveMarker(EffectWord):
    """Take marker ``marker`` off ``at`` (off every square without it)."""

    do: Literal["remove_marker"]
    marker: Name
    """The marker to take off: hole, rubble, blocked_door... or a marker name of the scenario."""
    at: Place | None = Field(None, examples=[{"tile": "F-1", "square": [1, 1]}])
    """The place to take it from (every square carrying it without it)."""

    example = {"do": "remove_marker", "marker": "rubble", "at": {"tile": "F-1", "square": [1, 1]}}
    for_party = "depends"

    def describe(self, words: Wording = PLAIN) -> str:
        if self.at is None:
            return f"remove every {label(self.marker)} marker"
        return f"remove the {label(self.marker)} marker from {self.at.describe()}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        if self.at is None:
            return f"entferne alle {german.MARKER.nom} {german.marker_name(self.marker, words.names_de)}"
        return f"entferne {german.marker(self.marker, 'der', 'akk', words.names_de)} {self.at.from_de(words)}"

    def play(self, game: Game, triggering: str | None) -> None:
        if not game.has_map:
            return
        squares = game.squares(self.at) if self.at else game.squares_with(self.marker)
        for square in squares:
            game.take_marker(square, self.marker)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A marker nothing puts on the table: there is none to remove."""
        if self.marker not in facts.markers_placed:
            yield "scenario-references", path + ("marker",), Severity.ERROR, (
                f"nothing puts a {self.marker} marker on the table, so there is none to remove")
