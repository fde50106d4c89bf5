"""``summon``: it calls a monster in Phase F (Necromancer modification)."""

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from ...common import Ref
from ..facts import Path
from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class Summon(BehaviourWord):
    """Phase F, before Traps and raising: one more ``monster`` enters the game as close as
    possible to the summoner (as a drawn card of it would bring it: a Goblin card two); with no
    figure of that type left, one of that type in play acts at once instead (Necromancer
    modification: a Zombie next to itself). With ``at_most``, nothing is called while that many
    monsters of the type are in play (a Boss Monster raising up to two Skeletons at a time)."""

    behaviour: Literal["summon"]
    monster: Annotated[str, Field(max_length=64, description="Id of the monster type called (a monster of the pack).")]
    at_most: Annotated[int | None, Field(ge=1, le=99, description=(
        "Call none while this many monsters of the type are in play (default: no limit but the figures)."))] = None

    example = {"behaviour": "summon", "monster": "zombie"}
    sets = ("summons",)
    stacks = True
    acts_in_phase_f = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.summon(self.monster, label, self.at_most)

    def references(self, path: Path) -> Iterator[Ref]:
        yield ((*path, "monster"), "monster", self.monster)
