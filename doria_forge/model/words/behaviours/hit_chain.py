"""``hit_chain``: chain lightning, branching from hero to hero (Dark Mage; FAQ)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HitChain(BehaviourWord):
    """Chain lightning: its target, then every hero within ``range`` squares (and Line of
    Sight) of a hero already hit, branching (Dark Mage; FAQ). One attack roll for all.
    Without the map, every hero in range."""

    behaviour: Literal["hit_chain"]
    range: Annotated[int, Field(ge=1, le=12, description="Squares from a hero hit to the next one (1-12).")]

    example = {"behaviour": "hit_chain", "range": 3}
    sets = ("pattern", "max_targets", "chain_range")
    hit_pattern = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.pattern(pattern="chain", max_targets=None, chain_range=self.range)
