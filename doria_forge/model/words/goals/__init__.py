"""Scenario goals (``goals: {win: [...], lose: [...]}``), one module per goal.

Each module defines its goal class and marks it with ``@GOALS.register``; ``MODULES`` loads
them in the order of the JSON Schema and of ``doria-forge abilities``. A new goal is one
module here plus its name in ``MODULES``.
"""

from typing import TYPE_CHECKING

from .base import GOALS, GoalWord

MODULES = ("defeat_boss", "carry_token", "clear_tile", "escape", "survive", "time_limit", "flag")
"""The goal modules, in registration order."""

if TYPE_CHECKING:
    Goal = GoalWord
else:
    Goal = GOALS.load(__name__, MODULES)
    """A goal (``goal``): one of the registered goals."""

__all__ = ["GOALS", "MODULES", "Goal", "GoalWord"]
