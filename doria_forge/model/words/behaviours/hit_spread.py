"""``hit_spread``: area damage around the target (Shaman's fireball)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HitSpread(BehaviourWord):
    """Area damage: one attack roll against its target and every hero on the squares
    orthogonally next to the target's square (Shaman's fireball). Needs the map; without it,
    every hero in range."""

    behaviour: Literal["hit_spread"]

    example = {"behaviour": "hit_spread"}
    sets = ("pattern", "max_targets")
    hit_pattern = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.pattern(pattern="spread", max_targets=None)
