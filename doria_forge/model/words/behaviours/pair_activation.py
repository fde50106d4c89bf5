"""``pair_activation``: a second monster of its type activates right after it (Goblin)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class PairActivation(BehaviourWord):
    """Activating one of these brings a second monster of the same type that has not acted
    this round right after it (Goblin). Needs a second figure on the board."""

    behaviour: Literal["pair_activation"]

    example = {"behaviour": "pair_activation"}
    sets = ("pair_activation",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("pair_activation")
