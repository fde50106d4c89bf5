"""The base of every scenario effect (``do:``) and the registry they join.

An effect is what a scenario rule does (a rule's ``do``, a check's ``success`` and
``failure``, a Door Event's effects, the setup's markers). Its module defines the
:class:`EffectWord` subclass and registers it with ``@EFFECTS.register``; the class owns its
fields, its docstring (its documentation line), ``example``, ``describe`` (the printed
sentence), ``play`` (what it does in a game, through ``words.play.Game``) and what
``validate`` needs to know of it (the hooks below, each empty by default).
"""

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from ..common import Place, Text
from ..play import Game
from ..registry import FAMILIES, Family, Word


class EffectWord(Word):
    """A scenario effect: ``do`` names it, ``text`` is flavour printed beside its wording."""

    if TYPE_CHECKING:  # each word declares its own: do: Literal["<name>"]
        do: str


    text: Text = ""
    """Flavour printed with the effect, beside its generated wording."""
    text_de: Text | None = None
    """The flavour in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""

    wins: ClassVar[bool] = False
    """Whether the effect wins the scenario (a scenario needs a win goal or such an effect)."""

    for_party: ClassVar[Literal["helps", "hurts", "depends"]]
    """What carrying the effect out does to the heroes, declared by every effect: ``helps`` (a win,
    cards, healing, a token or an open door), ``hurts`` (damage, monsters, Doom Counter steps, lost
    Action Points, a lost game...) or ``depends`` (on its fields or branches: a flag, a check, a
    marker). The bots steer for places whose rules help and keep off those that only hurt
    (``sim.objectives``)."""

    def play(self, game: Game, triggering: str | None) -> None:
        """Carry the effect out in ``game``; ``triggering`` is the uid of the hero the rule's
        event names (``None``: the active hero)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what validate reads
    def nested(self) -> "Iterator[tuple[str, list[EffectWord]]]":
        """Effects inside this one, by field name (a check's ``success`` and ``failure``)."""
        return iter(())

    def sets_flags(self) -> Iterable[str]:
        """Flags the effect sets."""
        return ()

    def puts_markers(self) -> Iterable[str]:
        """Markers the effect can put on the table."""
        return ()

    def token_places(self) -> Iterable[tuple[str, Place]]:
        """``(token, place)`` for each scenario token the effect puts down."""
        return ()

    def marker_places(self) -> Iterable[tuple[str, Place]]:
        """``(marker, place)`` for each marker the effect puts on a place named in the data
        (a marker put where a hero stands has none)."""
        return ()

    def spawns_bosses(self) -> Iterable[str]:
        """Boss Monsters the effect brings into play."""
        return ()


EFFECTS: Family[EffectWord] = Family("effect", "do", EffectWord)
"""Every scenario effect, in registration order."""
FAMILIES.append(EFFECTS)

