"""``targeting``: whom the monster attacks (chapter *Target of a Monster*)."""

from typing import Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class Targeting(BehaviourWord):
    """Whom the monster picks among the heroes it can attack (chapter *Target of a Monster*).

    ``nearest``: the book's criteria (closest, then the lowest base attribute of its attack
    type, then less active armor, then the players' choice); ``lowest_hp``: the hero with the
    fewest current Hit Points (Ghoul); ``lowest_agility``: the nearest hero unless another in
    range has a lower AGI, then the lowest AGI (Archer)."""

    behaviour: Literal["targeting"]
    policy: Literal["nearest", "lowest_hp", "lowest_agility"] = Field(
        description="nearest (the book's criteria), lowest_hp (fewest current HP) or lowest_agility "
                    "(skips the nearest hero for a lower AGI in range).")

    example = {"behaviour": "targeting", "policy": "lowest_hp"}
    sets = ("targeting",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.first("targeting", self.policy)
