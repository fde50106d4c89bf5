"""Scenario modifiers (``modify: [{modifier: ...}]``), one module per modifier: what a lasting
rule changes while its conditions hold (see :mod:`.base`).

Each module defines its modifier class and marks it with ``@MODIFIERS.register``; ``MODULES``
loads them in the order of the JSON Schema and of ``doria-forge abilities``. A new modifier is
one module here plus its name in ``MODULES``.
"""

from typing import TYPE_CHECKING

from .base import MODIFIERS, ModifierWord

MODULES = ("monster_damage",)
"""The modifier modules, in registration order."""

if TYPE_CHECKING:
    Modifier = ModifierWord
else:
    Modifier = MODIFIERS.load(__name__, MODULES)
    """What a lasting rule changes (``modify``): one of the registered modifiers."""

__all__ = ["MODIFIERS", "MODULES", "Modifier", "ModifierWord"]
