"""``hurt_only_by_magic``: only spells and magic weapons hurt it (Poltergeist; FAQ)."""

from typing import Literal

from .base import BEHAVIOURS, BehaviourWord, ProfileFold


@BEHAVIOURS.register
class HurtOnlyByMagic(BehaviourWord):
    """Only spells and magic weapons hurt it; an elementally enchanted non-magic weapon does
    not (Poltergeist; FAQ)."""

    behaviour: Literal["hurt_only_by_magic"]

    example = {"behaviour": "hurt_only_by_magic"}
    sets = ("hurt_only_by_magic",)
    flag = "hurt_only_by_magic"

    def fold(self, fold: ProfileFold, label: str) -> None:
        fold.switch("hurt_only_by_magic")
