"""The base of every scenario trigger (``when: {on: ...}``) and the registry they join.

A trigger says what starts a rule. Its module defines the :class:`TriggerWord` subclass and
registers it with ``@TRIGGERS.register``; the class owns its fields, docstring, example,
``describe``, ``actor`` (who "the hero" of the rule's effects is), ``matches`` (whether an
event the engine reports, ``engine.triggers.fire``, is the one it waits for) and its
validation.
"""

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import Text
from ..german import ACTIVE_HERO, Heroes
from ..play import Game
from ..registry import FAMILIES, Family, Word


class TriggerWord(Word):
    """A scenario trigger: ``on`` names it, ``text`` is flavour printed beside its wording."""

    if TYPE_CHECKING:  # each word declares its own: on: Literal["<name>"]
        on: str


    text: Text = ""
    """Flavour printed with the trigger, beside the rule's generated wording."""
    text_de: Text | None = None
    """The flavour in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""

    actor: ClassVar[str] = "the active hero"
    """Who ``who: triggering`` means for this trigger, in words."""
    actor_de: ClassVar[Heroes] = ACTIVE_HERO
    """The same in German (``der aktive Held``; :class:`~..german.Heroes`)."""

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        """Whether the event ``context`` (of this trigger's kind: ``round``, ``phase``,
        ``tile``, ``tiles``, ``monster``, ``boss``, ``hero``, ``square``, ``token``, ``field``,
        ``flag``) fires the rule."""
        raise NotImplementedError

    def agrees(self, context: dict[str, Any], *fields: str) -> bool:
        """Whether each of ``fields`` this trigger gives equals the event's value of it."""
        for name in fields:
            wanted = getattr(self, name)
            if wanted is not None and wanted != context.get(name):
                return False
        return True


TRIGGERS: Family[TriggerWord] = Family("trigger", "on", TriggerWord)
"""Every scenario trigger, in registration order."""
FAMILIES.append(TRIGGERS)
