"""``aura``: while it stands, monsters of other types roll more dice to attack (a Boss Monster's war cry)."""

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from ...common import Ref
from ..facts import Path
from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class Aura(BehaviourWord):
    """While it is in play (not defeated), every other monster on the board whose type is one of
    ``monsters`` rolls ``attack_dice`` more dice to attack (a Boss Monster's war cry: every Orc
    and Goblin one die more). Several auras reaching a monster add up; the monster's own roll is
    unchanged. Without the map too: every monster in play is on the board."""

    behaviour: Literal["aura"]
    monsters: Annotated[list[Annotated[str, Field(max_length=64)]], Field(min_length=1, max_length=20, description=(
        "Ids of the monster types it strengthens (monsters of the pack)."))]
    attack_dice: Annotated[int, Field(ge=1, le=6, description="Dice more each of them rolls to attack, 1-6.")]

    example = {"behaviour": "aura", "monsters": ["orc", "goblin"], "attack_dice": 1}
    sets = ("auras",)
    stacks = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.extend("auras", (tuple(self.monsters), self.attack_dice))

    def references(self, path: Path) -> Iterator[Ref]:
        for i, monster in enumerate(self.monsters):
            yield ((*path, "monsters", i), "monster", monster)
