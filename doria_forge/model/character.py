"""Characters: premade heroes and custom ones (chapters *Characters*, *Preparing Characters*,
*Calculated Values*)."""

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from .common import ATTRIBUTES, Attribute, CardText, Illustrated, Name, Ref, RefId, empty_list

if TYPE_CHECKING:
    from .rules import Rules


class Character(Illustrated):
    """A hero: six base attributes (1-30) and standard equipment (equipment ids).

    Calculated values, rounded down: HP = (STR+CON)//2, IP = (AGI+PER)//2,
    PP = (WIS+PSI)//2.
    """

    kind: Literal["character"] = "character"
    name: Name
    """The hero's name, printed on the hero card and Character Sheet."""
    name_de: Name | None = None
    """The hero's name in the German edition (Barbar for the Warrior)."""
    premade: bool = True
    """true: a premade hero (simulated, printed with a filled Character Sheet); false: a custom hero held to the
    creation limits."""
    attributes: dict[Attribute, Annotated[int, Field(ge=1, le=30)]]
    """The six base attributes STR, CON, AGI, PER, WIS, PSI, each 1-30 points."""
    standard_items: list[RefId] = Field(default_factory=empty_list, max_length=20)
    """Ids of the hero's Standard Items (equipment of deck: standard) it starts with."""
    text: CardText = ""
    """Flavour text printed on the hero card."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    @field_validator("attributes")
    @classmethod
    def _all_six(cls, attributes: dict[Attribute, int]) -> dict[Attribute, int]:
        # a hero without one cannot be played (its calculated values need all six): an error at
        # the attributes, not a traceback when a command first builds the hero
        missing = [a for a in ATTRIBUTES if a not in attributes]
        if missing:
            raise ValueError(f"missing attribute{'s' if len(missing) > 1 else ''} {', '.join(missing)}: a hero has "
                             f"all six ({', '.join(ATTRIBUTES)})")
        return attributes

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


def creation_problems(attributes: Mapping[Any, int], rules: "Rules") -> list[tuple[str | None, str]]:
    """Why ``attributes`` are not a legal custom hero (optional rule of chapter *Preparing
    Characters*): all six attributes, each ``rules.attribute_min``..``attribute_max_at_creation``
    (1-13 in the English edition), summing to exactly ``rules.creation_points`` (50).

    Returns ``(attribute, message)`` pairs, ``attribute`` None for the sum and for unknown
    names; ``[]`` when legal. The engine refuses such a hero and validation reports it at the
    attribute's line, from this one check."""
    problems: list[tuple[str | None, str]] = []
    low, high = rules.attribute_min, rules.attribute_max_at_creation
    for a in ATTRIBUTES:
        if a not in attributes:
            problems.append((a, f"attribute {a} is missing"))
            continue
        v = attributes[a]
        if not low <= v <= high:
            problems.append((a, f"{a} {v} is outside {low}..{high}"))
    extra = sorted(set(attributes) - set(ATTRIBUTES))
    if extra:
        problems.append((None, f"unknown attributes {extra}"))
    total = sum(attributes.get(a, 0) for a in ATTRIBUTES)
    if total != rules.creation_points:
        problems.append((None, f"attributes sum to {total}, not {rules.creation_points} creation points"))
    return problems
