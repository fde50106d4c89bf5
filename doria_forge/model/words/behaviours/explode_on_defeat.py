"""``explode_on_defeat``: it bursts when defeated, hurting the characters next to it (Explosion modification)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class ExplodeOnDefeat(BehaviourWord):
    """When defeated it bursts: ``damage`` Hit Points to every character next to it (one
    armor card may block; other monsters are unharmed) (Explosion modification)."""

    behaviour: Literal["explode_on_defeat"]
    damage: Annotated[int, Field(ge=1, le=20, description="HP dealt to each adjacent character (1-20).")]

    example = {"behaviour": "explode_on_defeat", "damage": 2}
    sets = ("defeat_damage",)
    stacks = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.add("defeat_damage", self.damage)
