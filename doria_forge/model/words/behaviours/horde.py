"""``horde``: more monsters arrive with a Monster Modification (Horde)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class Horde(BehaviourWord):
    """Only on a Monster Modification: ``figures`` more monsters of the type arrive with it,
    each as close as possible to the first and with the other modifications drawn with it
    (Horde; Book of Rules, *Monster modifiers* EXAMPLE 2)."""

    behaviour: Literal["horde"]
    figures: Annotated[int, Field(ge=1, le=5, description="More monsters placed (1-5).")]

    example = {"behaviour": "horde", "figures": 2}
    sets = ()
    modification_only = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        """Nothing in the profile: the monsters it brings are placed by ``spawn``."""

    def adds_figures(self) -> int:
        return self.figures
