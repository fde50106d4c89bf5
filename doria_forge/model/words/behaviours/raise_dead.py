"""``raise_dead``: it raises one more of its kind in Phase F (Zombie)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class RaiseDead(BehaviourWord):
    """Phase F: each of these raises one more monster of its own type onto a free square
    next to it, toward the nearest hero; when no figure of the type is left it activates
    instead (Zombie; chapter *No monster figures available anymore*). Needs the map."""

    behaviour: Literal["raise_dead"]

    example = {"behaviour": "raise_dead"}
    sets = ("raises_in_phase_f",)
    acts_in_phase_f = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("raises_in_phase_f")
