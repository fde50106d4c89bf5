"""``drain_hp``: the monster regains the Hit Points its hit takes (Vampire)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class DrainHp(BehaviourWord):
    """The monster regains the Hit Points its hit took from the hero, even above its maximum
    (Vampire)."""

    behaviour: Literal["drain_hp"]

    example = {"behaviour": "drain_hp"}
    sets = ("heals_by_wound",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("heals_by_wound")
