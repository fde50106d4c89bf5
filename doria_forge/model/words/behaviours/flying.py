"""``flying``: it flies over holes and red-bordered squares (chapter *Monsters and Obstacles/Holes*)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class Flying(BehaviourWord):
    """It flies over holes and red-bordered squares at the cost of a normal square
    (Gargoyle, Poltergeist; chapter *Monsters and Obstacles/Holes*). Needs the map."""

    behaviour: Literal["flying"]

    example = {"behaviour": "flying"}
    sets = ("flying",)
    flag = "flying"

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("flying")
