"""Scenario effects (``do:``), one module per effect.

Each module defines its effect class and marks it with ``@EFFECTS.register``; ``MODULES``
loads them in the order of the JSON Schema and of ``doria-forge abilities``. A new effect is
one module here plus its name in ``MODULES``.
"""

from typing import TYPE_CHECKING

from .base import EFFECTS, EffectWord

MODULES = ("doom", "spawn", "extra_activation", "place_marker", "remove_marker", "place_token", "remove_token",
           "open_doors", "block_doors", "damage", "lose_action_points", "heal", "check", "give", "set_flag", "win",
           "lose", "marker_under")
"""The effect modules, in registration order."""

if TYPE_CHECKING:
    Effect = EffectWord
else:
    Effect = EFFECTS.load(__name__, MODULES)
    """What a rule does (``do``): one of the registered effects."""
    # ``check`` nests effects: its annotations name ``Effect``, which its own module cannot import.
    # Resolved here, not when a validator is first built: until then its fields would hold a
    # ForwardRef, and what reads the fields (translations, spreadsheet columns, the field
    # reference) would not see the effects nested in a check.
    EFFECTS["check"].model_rebuild(_types_namespace={"Effect": Effect})

__all__ = ["EFFECTS", "MODULES", "Effect", "EffectWord"]
