"""``magic_items_ineffective``: magic weapons and armor do not work against it (Mummy)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class MagicItemsIneffective(BehaviourWord):
    """Magic weapons and magic armor do not work against it, their bonus markers included;
    spells do (Mummy)."""

    behaviour: Literal["magic_items_ineffective"]

    example = {"behaviour": "magic_items_ineffective"}
    sets = ("magic_items_ineffective",)
    flag = "magic_items_ineffective"

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("magic_items_ineffective")
