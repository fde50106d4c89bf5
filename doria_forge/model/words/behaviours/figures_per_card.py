"""``figures_per_card``: one monster card brings several figures (the Goblins' two)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class FiguresPerCard(BehaviourWord):
    """One monster card of it brings ``figures`` figures: the first on the square it is called
    to, every other as close as possible to the first, with the same modifications; a figure
    the box no longer has is played as *No monster figures available anymore* (Book of Rules,
    *Multiple monsters per monster icon*: "for example, Goblins"; German appendix, Goblin
    *Gruppe*). A duel plays one figure."""

    behaviour: Literal["figures_per_card"]
    figures: Annotated[int, Field(ge=2, le=6, description="Figures one card brings into play (2-6).")]

    example = {"behaviour": "figures_per_card", "figures": 2}
    sets = ("figures_per_card",)

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.first("figures_per_card", self.figures)
