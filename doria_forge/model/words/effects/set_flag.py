"""``set_flag``: a scenario flag is marked or cleared (a ``flag_set`` trigger may follow)."""

from collections.abc import Iterable
from typing import Literal

from ..common import PLAIN, Name, Wording, flag_words, flag_words_de
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class SetFlag(EffectWord):
    """Set (``value: false``: clear) the scenario flag ``flag``."""

    do: Literal["set_flag"]
    flag: Name
    """Name of the scenario flag to set or clear."""
    value: bool = True
    """true sets the flag, false clears it."""

    example = {"do": "set_flag", "flag": "nest_burned"}
    for_party = "depends"

    def describe(self, words: Wording = PLAIN) -> str:
        return f"{'mark' if self.value else 'clear'} {flag_words(self.flag)}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        flag = flag_words_de(self.flag, words)
        return f"markiere {flag}" if self.value else f"hebe die Markierung {flag} auf"

    def play(self, game: Game, triggering: str | None) -> None:
        if not self.value:
            game.flags.discard(self.flag)
        elif self.flag not in game.flags:
            game.flags.add(self.flag)
            game.fire("flag_set", flag=self.flag, hero=triggering)

    def sets_flags(self) -> Iterable[str]:
        return (self.flag,) if self.value else ()
