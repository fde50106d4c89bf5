"""``hit_line``: one attack roll against every hero in a straight line (a dragon's breath)."""

from typing import Annotated, Literal

from pydantic import Field

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HitLine(BehaviourWord):
    """A breath: one attack roll against its target and every hero in Line of Sight on the
    straight orthogonal line from the monster's square through the target's, up to ``length``
    squares from the monster. A target not on such a line is attacked alone (a
    bite). Without the map, every hero in range."""

    behaviour: Literal["hit_line"]
    length: Annotated[int, Field(ge=1, le=12, description="Squares of the line, counted from the monster (1-12).")]

    example = {"behaviour": "hit_line", "length": 3}
    sets = ("pattern", "max_targets", "line_length")
    hit_pattern = True

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.pattern(pattern="line", max_targets=None, line_length=self.length)
