"""Scenario conditions (``if: [{check: ...}]``), one module per condition.

Each module defines its condition class and marks it with ``@CONDITIONS.register``;
``MODULES`` loads them in the order of the JSON Schema and of ``doria-forge abilities``. A
new condition is one module here plus its name in ``MODULES``.
"""

from importlib import import_module
from typing import TYPE_CHECKING

from .base import CONDITIONS, ConditionWord

MODULES = ("players", "round", "flag", "token_carried", "monsters_left", "tile_revealed")
"""The condition modules, in registration order."""

for _module in MODULES:
    import_module(f"{__name__}.{_module}")

if TYPE_CHECKING:
    Condition = ConditionWord
else:
    Condition = CONDITIONS.union()
    """A condition (``check``): one of the registered conditions."""

__all__ = ["CONDITIONS", "MODULES", "Condition", "ConditionWord"]
