"""``extra_activation_on_wound``: one more activation after a wound (Orc)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class ExtraActivationOnWound(BehaviourWord):
    """After an attack that cost a hero Hit Points the monster activates once more at once
    (Orc); that activation cannot earn another."""

    behaviour: Literal["extra_activation_on_wound"]

    example = {"behaviour": "extra_activation_on_wound"}
    sets = ("extra_activation_on_wound",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("extra_activation_on_wound")
