"""Scenario triggers (``when: {on: ...}``), one module per trigger.

Each module defines its trigger class and marks it with ``@TRIGGERS.register``; ``MODULES``
loads them in the order of the JSON Schema and of ``doria-forge abilities``. A new trigger is
one module here plus its name in ``MODULES`` (and a call of ``engine.triggers.fire`` where its
event happens).
"""

from importlib import import_module
from typing import TYPE_CHECKING

from .base import TRIGGERS, TriggerWord

MODULES = ("round_start", "round_end", "phase", "tile_revealed", "monster_defeated", "hero_enters",
           "token_picked_up", "doom_reached", "flag_set")
"""The trigger modules, in registration order."""

for _module in MODULES:
    import_module(f"{__name__}.{_module}")

if TYPE_CHECKING:
    Trigger = TriggerWord
else:
    Trigger = TRIGGERS.union()
    """What starts a rule (``on``): one of the registered triggers."""

__all__ = ["MODULES", "TRIGGERS", "Trigger", "TriggerWord"]
