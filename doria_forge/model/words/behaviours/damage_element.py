"""``damage_element``: its attacks deal elemental damage."""

from typing import Literal

from pydantic import Field

from ...common import Element
from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class DamageElement(BehaviourWord):
    """Its attacks deal ``element`` damage (armor vulnerable to it does not block). The
    monster card's own ``damage_element`` comes first, then the ability's, then a
    modification's."""

    behaviour: Literal["damage_element"]
    element: Element = Field(description="fire, water, earth or air (air is lightning).")

    example = {"behaviour": "damage_element", "element": "fire"}
    sets = ("element",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.first("element", self.element)
