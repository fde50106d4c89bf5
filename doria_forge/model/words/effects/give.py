"""``give``: heroes get an equipment card or Loot Cards, the group Group XP."""

from collections.abc import Iterator
from typing import Literal

from ...common import Ref
from .. import german
from ..common import PLAIN, Count, Place, Who, Wording, who_de, who_words
from ..facts import Path
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class Give(EffectWord):
    """``who`` each get the equipment card ``item`` and/or draw ``loot_cards`` Loot Cards; the
    group gets ``group_xp`` Group XP."""

    do: Literal["give"]
    item: str | None = None
    """Id of the equipment card each reached hero gets."""
    loot_cards: Count = 0
    """Loot Cards each reached hero draws."""
    group_xp: Count = 0
    """Group XP the whole group gains."""
    who: Who = "triggering"
    """Which heroes receive: all, triggering, carrier (of token) or on_place (at)."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = None
    """With who: on_place, the place whose heroes it reaches."""

    example = {"do": "give", "loot_cards": 1, "group_xp": 2}
    for_party = "helps"

    def describe(self, words: Wording = PLAIN) -> str:
        parts = []
        if self.item:
            parts.append(f"{who_words(self, words)} gets the {words.name('equipment', self.item)}")
        if self.loot_cards:
            cards = f"{self.loot_cards} Loot Card{'s' if self.loot_cards > 1 else ''}"
            parts.append(f"{'and draws' if parts else who_words(self, words) + ' draws'} {cards}")
        text = " ".join(parts)
        if self.group_xp:
            text += (" and " if text else "") + f"the group gains {self.group_xp} Group XP"
        return text or "nothing happens"

    def describe_de(self, words: Wording = PLAIN) -> str:
        who = who_de(self, words).subject
        parts = []
        if self.item:
            parts.append(f"{who} erhält die Karte {german.quoted(words.name('equipment', self.item))}")
        if self.loot_cards:
            cards = german.count(self.loot_cards, german.de("Loot Card"), german.de("Loot Cards"))
            parts.append(f"{'und zieht' if parts else who + ' zieht'} {cards}")
        text = " ".join(parts)
        if self.group_xp:
            text += (" und " if text else "") + f"die Gruppe erhält {self.group_xp} {german.de('Group XP')}"
        return text or "nichts geschieht"

    def play(self, game: Game, triggering: str | None) -> None:
        for hero in game.heroes(self.who, triggering, self.token, self.at):
            if self.item is not None:
                game.give_item(hero, self.item)
            if self.loot_cards:
                game.draw_loot(hero, self.loot_cards)
        if self.group_xp:
            game.gain_group_xp(self.group_xp, triggering)

    def references(self, path: Path) -> Iterator[Ref]:
        if self.item:
            yield (path + ("item",), "equipment", self.item)
