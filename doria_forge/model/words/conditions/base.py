"""The base of every scenario condition (``if: [{check: ...}]``) and the registry they join.

A condition must hold for a rule to fire. Its module defines the :class:`ConditionWord`
subclass and registers it with ``@CONDITIONS.register``; the class owns its fields, docstring,
example, ``describe``, ``holds`` (whether it holds in the game now) and its validation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..play import Game
from ..registry import FAMILIES, Family, Word


class ConditionWord(Word):
    """A scenario condition: ``check`` names it."""

    if TYPE_CHECKING:  # each word declares its own: check: Literal["<name>"]
        check: str


    def holds(self, game: Game) -> bool:
        """Whether the condition holds in ``game`` now."""
        raise NotImplementedError


CONDITIONS: Family[ConditionWord] = Family("condition", "check", ConditionWord)
"""Every scenario condition, in registration order."""
FAMILIES.append(CONDITIONS)
