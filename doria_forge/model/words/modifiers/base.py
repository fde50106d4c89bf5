"""The base of every scenario modifier (``modify: [{modifier: ...}]``) and the registry they join.

A modifier is what a *lasting* scenario rule does: where a rule with ``when`` and ``do`` acts
once, at a moment, a rule with ``modify`` changes a number of the Book of Rules for as long as
its ``if`` conditions hold (asked each time the number is used). Its module defines the
:class:`ModifierWord` subclass and registers it with ``@MODIFIERS.register``; the class owns
its fields, docstring (its documentation line), ``example``, ``describe`` (the printed
sentence), its validation and the hook the engine asks at the step of the rules it changes:

* ``monster_hit_damage``: points added to the damage of a monster's hit on a hero, before
  armor (chapter *Getting Hit and Armor Rating*; ``engine.combat``).

A hook a modifier does not override changes nothing. A new kind of modifier that needs another
step of the rules (Armor Rating, a hero's damage, movement) adds its hook here (listed in
``HOOKS``, returning "no change") and asks it at that step in the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..common import Text
from ..play import Attacker, Game
from ..registry import FAMILIES, Family, Word


class ModifierWord(Word):
    """A scenario modifier: ``modifier`` names it, ``text`` is flavour printed beside its wording."""

    if TYPE_CHECKING:  # each word declares its own: modifier: Literal["<name>"]
        modifier: str

    text: Text = ""
    """Flavour printed with the modifier, beside its generated wording."""
    text_de: Text | None = None
    """The flavour in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""

    HOOKS: ClassVar[tuple[str, ...]] = ("monster_hit_damage",)
    """The engine's questions to a modifier; every modifier answers at least one."""

    def monster_hit_damage(self, game: Game, monster: Attacker, hero: str) -> int:
        """Points the hit of ``monster`` on ``hero`` (a uid) deals beyond its damage (below 0:
        fewer), added before armor; 0: this modifier does not change it."""
        return 0


MODIFIERS: Family[ModifierWord] = Family("modifier", "modifier", ModifierWord)
"""Every scenario modifier, in registration order."""
FAMILIES.append(MODIFIERS)
