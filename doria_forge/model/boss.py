"""Boss Monster cards: the optional boss deck for exploration games without a scenario.

Chapters *Component Overview* (Monster-Level Cards: "20 *Boss Monster* cards (incl. 4 blanks) to
play random scenarios") and *Single Scenario Mode* (the *Boss Monster* deck's rule cards show
possible end conditions). No source prints a boss's numbers, so every boss of a pack is ``sample``
content; one card holds what a monster spreads over a monster card and four Monster Level Cards.
"""

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field

from .common import CardText, Ref
from .exploration import Exploration, section_references
from .monster import LevelStats, MonsterTraits


class BossLevel(LevelStats):
    """One row of a Boss Monster card: the boss's numbers at one Monster Level (1-4),
    with the same meaning as on a Monster Level Card."""


class Boss(MonsterTraits):
    """A Boss Monster card: the traits of a monster type plus ``levels``, one
    :class:`BossLevel` per Monster Level 1-4 (checked by the ``boss-levels`` rule: each
    level once, numbers never decrease).

    ``end_condition``: what ends an exploration game played with this boss (printed on the card);
    ``exploration``: the same as data the engine plays (``model.exploration``; ``simulate exploration``).
    """

    kind: Literal["boss"] = "boss"
    levels: list[BossLevel] = Field(max_length=8)
    """The boss's numbers at each Monster Level 1-4, one row each (see boss-levels)."""
    end_condition: Annotated[CardText, Field(min_length=1)]
    """What ends an exploration game played with this boss; printed on the card."""
    end_condition_de: CardText | None = Field(None, description="The end condition in German (the German edition).")
    exploration: Exploration | None = None
    """The end condition as data: the exploration game's setup, goals and rules in the scenario vocabulary, played by
    `doria-forge simulate exploration --boss ID` (without it the end condition is printed only)."""

    def references(self) -> Iterable[Ref]:
        yield from super().references()
        yield from section_references(self)

    def level(self, level: int) -> BossLevel:
        """The boss's numbers at Monster Level ``level``. Raises KeyError when the card lacks it."""
        for row in self.levels:
            if row.level == level:
                return row
        raise KeyError(f"boss {self.id} has no level {level}")
