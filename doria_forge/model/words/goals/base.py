"""The base of every scenario goal (``goals: {win: [...], lose: [...]}``) and the registry
they join.

A goal decides the game when it is reached: any ``win`` goal wins, any ``lose`` goal loses.
Its module defines the :class:`GoalWord` subclass and registers it with
``@GOALS.register``; the class owns its fields, docstring, example, ``describe``,
``reached`` (whether it is reached now; goals that count only at the end of a round say so)
and its validation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common import Text
from ..play import Game
from ..registry import FAMILIES, Family, Word


class GoalWord(Word):
    """A scenario goal: ``goal`` names it, ``text`` is flavour printed beside its wording."""

    if TYPE_CHECKING:  # each word declares its own: goal: Literal["<name>"]
        goal: str


    text: Text = ""
    """Flavour printed beside the goal's generated wording on the scenario page."""
    text_de: Text | None = None
    """The flavour in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""

    def reached(self, game: Game, end_of_round: bool) -> bool:
        """Whether the goal is reached in ``game`` now (``end_of_round``: the round is ending;
        goals that count at the end of a round are reached only then)."""
        raise NotImplementedError

    def last_round(self, side: str) -> tuple[int, str, str] | None:
        """When the goal on ``side`` (``win`` or ``lose``) ends every game after a round:
        ``(round, why in words, its field)``; ``None`` otherwise."""
        return None


GOALS: Family[GoalWord] = Family("goal", "goal", GoalWord)
"""Every scenario goal, in registration order."""
FAMILIES.append(GOALS)
