"""The base of every scenario effect (``do:``) and the registry they join.

An effect is what a scenario rule does (a rule's ``do``, a check's ``success`` and
``failure``, a Door Event's effects, the setup's markers). Its module defines the
:class:`EffectWord` subclass and registers it with ``@EFFECTS.register``; the class owns its
fields, its docstring (its documentation line), ``example``, ``describe`` (the printed
sentence), ``play`` (what it does in a game, through ``words.play.Game``) and what
``validate`` needs to know of it (the hooks below, each empty by default).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar

from ...common import Ref
from ..common import PLAIN, Text, Wording
from ..facts import Facts, Path, RuleFinding
from ..play import Game
from ..registry import FAMILIES, Family, Word


class EffectWord(Word):
    """A scenario effect: ``do`` names it, ``text`` is flavour printed beside its wording."""

    text: Text = ""
    """Flavour printed with the effect, beside its generated wording."""

    wins: ClassVar[bool] = False
    """Whether the effect wins the scenario (a scenario needs a win goal or such an effect)."""

    def describe(self, words: Wording = PLAIN) -> str:
        """The effect in words, for the printed scenario page."""
        raise NotImplementedError

    def play(self, game: Game, triggering: str | None) -> None:
        """Carry the effect out in ``game``; ``triggering`` is the uid of the hero the rule's
        event names (``None``: the active hero)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what validate reads
    def nested(self) -> Iterator[tuple[str, list[EffectWord]]]:
        """Effects inside this one, by field name (a check's ``success`` and ``failure``)."""
        return iter(())

    def references(self, path: Path) -> Iterator[Ref]:
        """The documents the effect names (monsters, bosses, items, Room Tiles), at ``path``;
        not its ``at`` place (places are listed with the scenario's others)."""
        return iter(())

    def sets_flags(self) -> Iterable[str]:
        """Flags the effect sets."""
        return ()

    def puts_markers(self) -> Iterable[str]:
        """Markers the effect can put on the table."""
        return ()

    def puts_tokens(self) -> Iterable[str]:
        """Scenario tokens the effect puts down somewhere."""
        return ()

    def spawns_bosses(self) -> Iterable[str]:
        """Boss Monsters the effect brings into play."""
        return ()

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """What is wrong with the effect in its scenario (beyond the schema), each finding
        with the id of the validation rule it belongs to."""
        return iter(())


EFFECTS: Family[EffectWord] = Family("effect", "do", EffectWord)
"""Every scenario effect, in registration order."""
FAMILIES.append(EFFECTS)


def tile_reference(path: Path, tile: str | None) -> Iterator[Ref]:
    """The reference of an effect's ``tile`` field (none without a tile)."""
    if tile:
        yield (path + ("tile",), "room_tile", tile)


def tile_findings(facts: Facts, path: Path, tile: str | None) -> Iterator[RuleFinding]:
    """``scenario-references`` findings when an effect's Room Tile ``tile`` may not be in the scenario."""
    if tile:
        for at, severity, message in facts.tile_problems(path + ("tile",), tile):
            yield "scenario-references", at, severity, message
