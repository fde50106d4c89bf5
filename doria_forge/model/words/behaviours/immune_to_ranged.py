"""``immune_to_ranged``: ranged attacks cannot hurt it (Skeleton)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class ImmuneToRanged(BehaviourWord):
    """Ranged attacks cannot hurt it (Skeleton)."""

    behaviour: Literal["immune_to_ranged"]

    example = {"behaviour": "immune_to_ranged"}
    sets = ("immune_to_ranged",)
    flag = "immune_to_ranged"

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("immune_to_ranged")
