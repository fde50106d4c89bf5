"""``damage_hand_items``: a hit damages the cards in the target's hands (Black Knight)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class DamageHandItems(BehaviourWord):
    """A hit puts a Damaged marker on every card in the target's hands (Black Knight)."""

    behaviour: Literal["damage_hand_items"]

    example = {"behaviour": "damage_hand_items"}
    sets = ("damages_hand_items",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("damages_hand_items")
