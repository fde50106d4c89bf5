"""Scenario conditions (``if: [{check: ...}]``), one module per condition.

Each module defines its condition class and marks it with ``@CONDITIONS.register``;
``MODULES`` loads them in the order of the JSON Schema and of ``doria-forge abilities``. A
new condition is one module here plus its name in ``MODULES``.
"""

from typing import TYPE_CHECKING

from .base import CONDITIONS, ConditionWord

MODULES = ("players", "round", "flag", "token_carried", "monsters_left", "tile_revealed", "hero_on", "monster_level")
"""The condition modules, in registration order."""

if TYPE_CHECKING:
    Condition = ConditionWord
else:
    Condition = CONDITIONS.load(__name__, MODULES)
    """A condition (``check``): one of the registered conditions."""

__all__ = ["CONDITIONS", "MODULES", "Condition", "ConditionWord"]
