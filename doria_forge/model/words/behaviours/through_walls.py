"""``through_walls``: it moves through walls (Poltergeist)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class ThroughWalls(BehaviourWord):
    """It moves through walls (Poltergeist). Needs the map."""

    behaviour: Literal["through_walls"]

    example = {"behaviour": "through_walls"}
    sets = ("through_walls",)
    flag = "passes_walls"

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("through_walls")
