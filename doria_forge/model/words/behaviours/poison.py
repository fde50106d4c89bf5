"""``poison``: Poison Markers on a hero it hits (chapter *Additional Card Properties*)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class Poison(BehaviourWord):
    """Poison Markers on a hero it hits (chapter *Additional Card Properties*; they act in
    Phase E): ``when: hit`` on every hit, even one armor stopped completely (Slimecrawler: 1);
    ``when: wound`` only when the hit cost Hit Points (Golem: 2). Several entries add up."""

    behaviour: Literal["poison"]
    markers: Annotated[int, Field(ge=1, le=10, description="Poison Markers per hit (1-10).")]
    when: Literal["hit", "wound"] = Field(description="hit: on every hit; wound: only when HP were lost.")

    example = {"behaviour": "poison", "markers": 2, "when": "wound"}
    sets = ("poison_on_hit", "poison_on_wound")
    stacks = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.add("poison_on_hit" if self.when == "hit" else "poison_on_wound", self.markers)
