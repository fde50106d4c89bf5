"""The scenario vocabulary as registered words (issue 24): each trigger, condition, effect and
goal is one small module that owns its model fragment, documentation line, example, wording,
play and validation, registered once in its family (:mod:`.registry`).

Importing this package loads every family; ``FAMILIES`` lists them.
"""

from . import conditions as conditions
from . import effects as effects
from . import goals as goals
from . import triggers as triggers
from .registry import FAMILIES, Family, Word

__all__ = ["FAMILIES", "Family", "Word", "conditions", "effects", "goals", "triggers"]
