"""The base of every monster behaviour (``behaviours: [{behaviour: ...}]``) and the registry
they join.

A behaviour is what a monster ability or a Monster Modification makes a monster do. Its
module defines the :class:`BehaviourWord` subclass and registers it with
``@BEHAVIOURS.register``; the class owns its fields, docstring (its documentation line),
``example``, how it combines with others (``stacks``, ``hit_pattern``), the monster flag
that switches it on (``flag``), and ``fold``: what it changes in the monster's ability
profile (``engine.abilities.AbilityProfile``), the record the rules engine reads in combat,
movement and Phase F. ``sets`` names the profile fields ``fold`` writes (the fast duel path
classifies behaviours by them).
"""

from typing import TYPE_CHECKING, ClassVar

from ..common import PLAIN, Wording
from ..registry import FAMILIES, Family, Word


class ProfileFold:
    """The ability profile being folded from behaviours, in precedence order (the ability
    first, then each modification: FAQ *There seem to be conflicting rules with some cards*):
    the first targeting, hit pattern, element and figures win; poison, summons, auras and
    explosions add up; switches are on if any behaviour sets them."""

    def __init__(self) -> None:
        self.values: dict[str, object] = {}
        self._summons: list[tuple[str, str, int | None]] = []

    def switch(self, name: str) -> None:
        """Turn profile switch ``name`` on."""
        self.values[name] = True

    def first(self, name: str, value: object) -> None:
        """Set ``name`` to ``value`` unless an earlier behaviour set it."""
        self.values.setdefault(name, value)

    def pattern(self, **values: object) -> None:
        """Set the hit pattern's ``values`` unless an earlier behaviour set a pattern."""
        if "pattern" not in self.values:
            self.values.update(values)

    def add(self, name: str, amount: int) -> None:
        """Add ``amount`` to the count ``name``."""
        before = self.values.get(name, 0)
        self.values[name] = (before if isinstance(before, int) else 0) + amount

    def extend(self, name: str, item: object) -> None:
        """Add ``item`` to the tuple ``name`` (each source's entry kept, in precedence order)."""
        before = self.values.get(name, ())
        self.values[name] = (*(before if isinstance(before, tuple) else ()), item)

    def summon(self, monster: str, label: str, at_most: int | None = None) -> None:
        """One more ``monster`` called in Phase F, none while ``at_most`` of its type are in play
        (None: no limit); ``label`` names the source in the event log."""
        self._summons.append((monster, label, at_most))

    def profile_values(self) -> dict[str, object]:
        """The profile's fields as folded (those no behaviour set keep their defaults)."""
        return {**self.values, "summons": tuple(self._summons)}


class BehaviourWord(Word):
    """Base of every behaviour; ``behaviour`` is the tag naming it."""

    if TYPE_CHECKING:  # each word declares its own: behaviour: Literal["<name>"]
        behaviour: str

    sets: ClassVar[tuple[str, ...]] = ()
    """The ability profile fields ``fold`` writes."""
    stacks: ClassVar[bool] = False
    """Whether an ability may name it several times (the effects add up)."""
    hit_pattern: ClassVar[bool] = False
    """Whether it is a hit pattern (at most one per ability)."""
    flag: ClassVar[str | None] = None
    """The monster flag that switches it on, if any."""
    acts_in_phase_f: ClassVar[bool] = False
    """Whether it acts in Phase F (printed in a Monster Modification's corner)."""
    modification_only: ClassVar[bool] = False
    """Whether only a Monster Modification may name it."""

    @classmethod
    def tag(cls) -> str:
        """The ``behaviour:`` name of this class."""
        return BEHAVIOURS.name_of(cls)

    def describe(self, words: Wording = PLAIN) -> str:
        """The behaviour as written: ``poison (markers 2, when wound)``."""
        params = [f"{name} {getattr(self, name)}" for name in type(self).model_fields if name != "behaviour"]
        return self.behaviour + (f" ({', '.join(params)})" if params else "")

    def fold(self, fold: ProfileFold, label: str) -> None:
        """Write what the behaviour does into the ability profile being folded; ``label``
        names the ability or modification it comes from."""
        raise NotImplementedError

    def adds_figures(self) -> int:
        """More monsters of the type placed with a Monster Modification naming it."""
        return 0


BEHAVIOURS: Family[BehaviourWord] = Family("behaviour", "behaviour", BehaviourWord)
"""Every monster behaviour, in registration order."""
FAMILIES.append(BEHAVIOURS)
