"""``hit_adjacent_to_target``: one attack roll against the target and heroes next to it (Spear Thrower)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HitAdjacentToTarget(BehaviourWord):
    """One attack roll against its target and up to ``extra`` heroes on squares orthogonally
    next to the target (Spear Thrower: 1). Without the map: ``1 + extra`` heroes in range."""

    behaviour: Literal["hit_adjacent_to_target"]
    extra: Annotated[int, Field(ge=1, le=4, description="Heroes next to the target also hit (1-4).")] = 1

    example = {"behaviour": "hit_adjacent_to_target", "extra": 1}
    sets = ("pattern", "max_targets", "adjacent_extra")
    hit_pattern = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.pattern(pattern="adjacent_to_target", max_targets=1 + self.extra, adjacent_extra=self.extra)
