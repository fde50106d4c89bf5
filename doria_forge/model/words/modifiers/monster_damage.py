"""``monster_damage``: monsters' hits on some heroes deal more (or less) damage while the rule holds.

Chapter *Getting Hit and Armor Rating*: "If a character was hit by a monster, the monster's damage
indicated on the card for that Monster Level (plus any modifications) applies. [...] All damage
points above the Armor Rating of the armor used for protection will be deducted from the
character's Hit Points." The points this modifier adds are such a modification: they join the
hit's damage (with its critical steps, chapter *Critical hits*) before the one armor card stops
what it can. Only a monster's attack hit is changed, not an explosion, poison, a Trap or a
scenario effect.
"""

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from ....load.problem import Severity
from ...common import Ref
from .. import german
from ..common import PLAIN, MonsterFlag, Place, Wording, who_de, who_words
from ..facts import TRIGGER_FIRES, Facts, Path, RuleFinding
from ..play import Attacker, Game
from .base import MODIFIERS, ModifierWord

MONSTER_WORDS: dict[str, str] = {
    "undead": "undead monster",
    "flying": "flying monster",
    "immune_to_ranged": "monster immune to ranged attacks",
    "hurt_only_by_magic": "monster hurt only by magic",
    "magic_items_ineffective": "monster magic items do not work against",
    "passes_walls": "monster that passes through walls",
}
"""A monster flag as the noun of the printed sentence ("every undead monster deals...")."""
MONSTER_WORDS_DE: dict[str, str] = {
    "undead": "untot",
    "flying": "fliegend",
    "immune_to_ranged": "gegen Fernkampf immun",
    "hurt_only_by_magic": "nur durch Magie verwundbar",
    "magic_items_ineffective": "gegen magische Gegenstände gefeit",
    "passes_walls": "durch Wände gehend",
}
"""A monster flag as the adjective before *Monster* in the German sentence ("jedes untote Monster fügt...")."""


@MODIFIERS.register
class MonsterDamage(ModifierWord):
    """Every hit of a monster (``flag``: only monsters and Boss Monsters with that monster flag;
    ``monster``: only that monster type) on a hero ``who`` names deals ``amount`` more damage
    (below 0: less, never below 0), added to the hit's damage before armor (chapter *Getting Hit
    and Armor Rating*: the card's damage "plus any modifications", then one armor card)."""

    modifier: Literal["monster_damage"]
    amount: Annotated[int, Field(ge=-10, le=10)]
    """Damage points added to each hit, -10 to 10 but not 0 (below 0: taken off, down to 0)."""
    flag: MonsterFlag | None = None
    """Only monsters (and Boss Monsters) with this monster flag: undead, flying, immune_to_ranged, hurt_only_by_magic,
    magic_items_ineffective, passes_walls; none: every monster."""
    monster: str | None = Field(None, examples=["zombie"])
    """Only monsters of this type (a monster id; not with flag); none: every monster."""
    who: Literal["all", "carrier", "on_place"] = "all"
    """Which heroes the hits are on: all, carrier (of token) or on_place (at), judged at each hit."""
    token: str | None = None
    """With who: carrier, the token whose carrier it reaches."""
    at: Place | None = Field(None, examples=[{"tile": "F-1"}])
    """With who: on_place, the place whose heroes it reaches."""

    example = {"modifier": "monster_damage", "amount": 1, "flag": "undead", "who": "carrier", "token": "relic"}

    @field_validator("amount")
    @classmethod
    def _changes_something(cls, amount: int) -> int:
        if amount == 0:
            raise ValueError("an amount of 0 changes nothing: give 1 to 10 points more, or -1 to -10 fewer")
        return amount

    @model_validator(mode="after")
    def _one_filter(self) -> "MonsterDamage":
        if self.flag is not None and self.monster is not None:
            raise ValueError("name the monsters by flag or by monster, not both")
        return self

    def describe(self, words: Wording = PLAIN) -> str:
        if self.monster is not None:
            what = words.name("monster", self.monster)
        else:
            what = MONSTER_WORDS[self.flag] if self.flag is not None else "monster"
        more = "extra" if self.amount > 0 else "less"
        return f"every {what} deals {abs(self.amount)} {more} damage per hit to {who_words(self, words)}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        if self.monster is not None:
            what = f"jedes {german.monster_type(words.name('monster', self.monster))}"
        else:
            what = german.phrase("jeder", german.MONSTER, "nom", MONSTER_WORDS_DE[self.flag] if self.flag else "")
        more = "mehr" if self.amount > 0 else "weniger"
        return f"{what} fügt {who_de(self, words).case('dat')} bei jedem Treffer {abs(self.amount)} Schaden {more} zu"

    def monster_hit_damage(self, game: Game, monster: Attacker, hero: str) -> int:
        if self.monster is not None and (monster.boss or monster.monster != self.monster):
            return 0
        if self.flag is not None and self.flag not in monster.flags:
            return 0
        return self.amount if hero in game.heroes(self.who, None, self.token, self.at) else 0

    def references(self, path: Path) -> Iterator[Ref]:
        if self.monster is not None:
            yield (path + ("monster",), "monster", self.monster)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A flag no monster type or Boss Monster of the pack has: the rule changes nothing.
        (``who`` without its token or place is checked with the effects' by
        ``validate.rules.scenario_references``.)"""
        pack = facts.pack
        if self.flag is not None and not any(m.has(self.flag) for m in [*pack.monsters.values(),
                                                                       *pack.bosses.values()]):
            yield TRIGGER_FIRES, path + ("flag",), Severity.WARNING, (
                f"no monster or Boss Monster of the pack has the flag {self.flag}: this rule changes nothing")
