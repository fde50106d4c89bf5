"""The content vocabularies as registered words (issue 24): each scenario trigger, condition,
effect, modifier and goal, and each monster behaviour, is one small module that owns its model fragment,
documentation line, example, what it does in play and its validation, registered once in its
family (:mod:`.registry`).

Importing this package loads every family; ``FAMILIES`` lists them.
"""

from . import behaviours as behaviours
from . import conditions as conditions
from . import effects as effects
from . import goals as goals
from . import modifiers as modifiers
from . import triggers as triggers
from .registry import FAMILIES, Family, Word

__all__ = ["FAMILIES", "Family", "Word", "behaviours", "conditions", "effects", "goals", "modifiers", "triggers"]
