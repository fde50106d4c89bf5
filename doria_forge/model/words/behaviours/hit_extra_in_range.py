"""``hit_extra_in_range``: one attack roll against several heroes in range (Ogre's sweep)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HitExtraInRange(BehaviourWord):
    """One attack roll against up to ``targets`` heroes it can attack, its target first, then
    the next ones by its targeting (Ogre's sweep: 2)."""

    behaviour: Literal["hit_extra_in_range"]
    targets: Annotated[int, Field(ge=2, le=6, description="Heroes one roll may hit, the target included (2-6).")]

    example = {"behaviour": "hit_extra_in_range", "targets": 2}
    sets = ("pattern", "max_targets")
    hit_pattern = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.pattern(pattern="extra_in_range", max_targets=self.targets)
