"""Characters: premade heroes and custom ones (chapters *Characters*, *Preparing Characters*,
*Calculated Values*)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field

from .common import ATTRIBUTES, Attribute, CardText, Illustrated, Name, Ref, RefId


class Character(Illustrated):
    """A hero: six base attributes (1-30) and standard equipment (equipment ids).

    Calculated values, rounded down: HP = (STR+CON)//2, IP = (AGI+PER)//2,
    PP = (WIS+PSI)//2.
    """

    kind: Literal["character"] = "character"
    name: Name
    name_de: Name | None = None
    premade: bool = True
    attributes: dict[Attribute, Annotated[int, Field(ge=1, le=30)]]
    standard_items: list[RefId] = Field(default_factory=list, max_length=20)
    text: CardText = ""

    def references(self) -> Iterable[Ref]:
        for i, item in enumerate(self.standard_items):
            yield (("standard_items", i), "equipment", item)

    def attribute(self, name: Attribute) -> int:
        return self.attributes.get(name, 0)

    @property
    def hit_points(self) -> int:
        return (self.attribute("STR") + self.attribute("CON")) // 2

    @property
    def initiative_points(self) -> int:
        return (self.attribute("AGI") + self.attribute("PER")) // 2

    @property
    def psi_points(self) -> int:
        return (self.attribute("WIS") + self.attribute("PSI")) // 2

    def missing_attributes(self) -> list[str]:
        return [a for a in ATTRIBUTES if a not in self.attributes]
