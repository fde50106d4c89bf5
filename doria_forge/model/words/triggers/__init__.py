"""Scenario triggers (``when: {on: ...}``), one module per trigger.

Each module defines its trigger class and marks it with ``@TRIGGERS.register``; ``MODULES``
loads them in the order of the JSON Schema and of ``doria-forge abilities``. A new trigger is
one module here plus its name in ``MODULES`` (and a call of ``engine.triggers.fire`` where its
event happens).
"""

from typing import TYPE_CHECKING

from .base import TRIGGERS, TriggerWord

MODULES = ("round_start", "round_end", "phase", "tile_revealed", "monster_defeated", "monster_enters",
           "hero_enters", "token_picked_up", "doom_reached", "flag_set", "boss_card_drawn")
"""The trigger modules, in registration order."""

if TYPE_CHECKING:
    Trigger = TriggerWord
else:
    Trigger = TRIGGERS.load(__name__, MODULES)
    """What starts a rule (``on``): one of the registered triggers."""

__all__ = ["MODULES", "TRIGGERS", "Trigger", "TriggerWord"]
