"""``free_attack``: an attack on a hero who ends a move next to it (Mercenary)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class FreeAttack(BehaviourWord):
    """An attack that costs nothing on a hero who ends a movement on a square next to it
    (Mercenary). Needs the map."""

    behaviour: Literal["free_attack"]

    example = {"behaviour": "free_attack"}
    sets = ("free_attack",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("free_attack")
