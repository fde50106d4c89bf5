"""``hero_enters``: a rule fires when a hero steps onto a place (or enters a Room Tile)."""

from typing import Any, Literal

from .. import german
from ..common import PLAIN, Place, Wording
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class HeroEnters(TriggerWord):
    """When a hero ends a move on ``place`` (or enters Room Tile ``place.tile``)."""

    on: Literal["hero_enters"]
    place: Place
    """The place whose entry fires the rule: a square, rune or marker, or a whole Room Tile."""

    actor = "that hero"
    actor_de = german.THAT_HERO
    example = {"on": "hero_enters", "place": {"marker": "nest"}}

    def describe(self, words: Wording = PLAIN) -> str:
        if self.place.whole_tile:
            return f"When a hero enters Room Tile {self.place.tile}"
        return f"When a hero steps onto {self.place.describe()}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        if self.place.whole_tile:
            return f"Wenn ein Held {german.tile(self.place.tile or '?')} betritt"
        return f"Wenn ein Held {self.place.on_de(to=True, words=words)} tritt"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        if self.place.whole_tile:
            return bool(context.get("tile") == self.place.tile)
        return context.get("square") in game.squares(self.place)
