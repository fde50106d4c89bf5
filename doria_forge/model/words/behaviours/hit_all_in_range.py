"""``hit_all_in_range``: one attack roll against every hero in range (Troll)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HitAllInRange(BehaviourWord):
    """One attack roll against every hero in range (Troll). Without the map every hero is in range."""

    behaviour: Literal["hit_all_in_range"]

    example = {"behaviour": "hit_all_in_range"}
    sets = ("pattern", "max_targets")
    hit_pattern = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.pattern(pattern="all_in_range", max_targets=None)
