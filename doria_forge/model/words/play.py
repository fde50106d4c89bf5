"""What a scenario word may do and see in a game: the :class:`Game` the engine hands to a word.

An effect's ``play``, a trigger's ``matches``, a condition's ``holds``, a goal's ``reached``
and a modifier's hooks (``monster_hit_damage``) are written against this protocol, not against the engine's classes, so
the word's module (in the content model) owns what the word does while the engine
(``engine.scenario``) owns how the game carries it out. The operations are the book's:
move the Doom Counter, place a monster, put a marker on a square, cost a hero Hit Points.
Heroes are named by their uid; squares are ``(x, y)`` on the map; an attacking monster is an
:class:`Attacker`. A word that needs an operation the protocol lacks adds it here and in
``engine.scenario.GameView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .common import Place, Who

Pos = tuple[int, int]
"""A square of the map, ``(x, y)``."""


@dataclass
class TokenState:
    """Where a scenario token is: on a ``square``, carried by ``carrier``, ``waiting`` for its
    Room Tile to be revealed, or ``removed``."""

    square: Pos | None = None
    carrier: str | None = None
    waiting: Place | None = None
    removed: bool = False


@dataclass(frozen=True)
class Attacker:
    """A monster as a scenario word sees it when it attacks: its type's id (``monster``, a
    Boss Monster's id for a boss), whether it is a ``boss``, its type's ``flags`` (``undead``...)."""

    monster: str
    boss: bool
    flags: frozenset[str]


class Game(Protocol):
    """The game an effect acts on (implemented by ``engine.scenario.GameView``)."""

    @property
    def over(self) -> bool:
        """Whether the game has ended (an effect stops at once)."""

    @property
    def monster_level(self) -> int:
        """The current Monster Level."""

    @property
    def flags(self) -> set[str]:
        """The scenario flags set now (changed in place)."""

    @property
    def tokens(self) -> dict[str, TokenState]:
        """Where each scenario token is (changed in place)."""

    @property
    def players(self) -> int:
        """[PlayerCount]: the number of players."""

    @property
    def round(self) -> int:
        """The round (the Round Marker), 1-99."""

    @property
    def revealed(self) -> set[str]:
        """Ids of the Room Tiles in the dungeon."""

    @property
    def bosses_defeated(self) -> set[str]:
        """Ids of the Boss Monsters defeated."""

    def monsters_of(self, tile: str | None, monster: str | None = None) -> int:
        """How many monsters in play stand on Room Tile ``tile`` or entered play on it (a
        monster placed there that walked off is still one of its monsters); every monster in
        play without ``tile``; only those of type ``monster`` (a monster id) when given."""

    @property
    def has_map(self) -> bool:
        """Whether the game is played on the map (markers and doors need it)."""

    def squares(self, place: Place) -> list[Pos]:
        """The squares ``place`` names on the map as it is now (``[]`` while its tile is not revealed)."""

    def squares_with(self, marker: str) -> list[Pos]:
        """The squares carrying ``marker``."""

    def door_squares(self, tile: str | None) -> list[Pos]:
        """The door squares of Room Tile ``tile`` (of every tile without it)."""

    def square_of(self, hero: str) -> Pos | None:
        """The square ``hero`` stands on (``None`` without the map)."""

    def put_marker(self, square: Pos, marker: str) -> None:
        """Put ``marker`` on ``square``; raises ``RuntimeError`` without the map."""

    def take_marker(self, square: Pos, marker: str) -> None:
        """Take ``marker`` off ``square``."""

    def marker_waits(self, marker: str, place: Place) -> None:
        """Put ``marker`` on ``place`` once its Room Tile is revealed."""

    def advance_doom(self, steps: int) -> None:
        """Move the Doom Counter ``steps`` fields, their effects at once (Phase G)."""

    def extra_activation(self) -> None:
        """An Extra Activation of every monster."""

    def spawn_boss(self, boss: str, level: int | None, near: Pos | None) -> None:
        """Place Boss Monster ``boss`` (at Monster Level ``level``) near ``near`` (the entrance without it)."""

    def spawn_monster(self, monster: str | None, level: int | None, near: Pos | None) -> None:
        """Place a monster of type ``monster`` (drawn from the monster deck without it) at
        Monster Level ``level`` (the current one without it) near ``near``."""

    def heroes(self, who: Who, triggering: str | None, token: str | None, at: Place | None) -> list[str]:
        """The living heroes ``who`` names (uids)."""

    def can_act(self, hero: str) -> bool:
        """Whether ``hero`` is conscious."""

    def lose_hp(self, hero: str, amount: int, armor: bool) -> None:
        """``hero`` loses ``amount`` HP; with ``armor`` one armor card may block."""

    def lose_pp(self, hero: str, amount: int) -> None:
        """``hero`` loses ``amount`` PP."""

    def lose_ap(self, hero: str, amount: int) -> None:
        """``hero`` loses ``amount`` Action Points on the Initiative Board (it may go negative)."""

    def heal(self, hero: str, hp: int, pp: int) -> None:
        """``hero`` regains ``hp`` HP and ``pp`` PP, up to its maxima."""

    def check(self, hero: str, attributes: tuple[str, str], tn: int) -> bool:
        """``hero`` rolls ``attributes[0] + attributes[1] + 2D`` against ``tn``: passed?"""

    def give_item(self, hero: str, item: str) -> None:
        """``hero`` gets a copy of equipment card ``item`` (belt, else backpack)."""

    def draw_loot(self, hero: str, cards: int) -> None:
        """``hero`` draws ``cards`` Loot Cards."""

    def gain_group_xp(self, xp: int, triggering: str | None) -> None:
        """The group gains ``xp`` Group XP."""

    def fire(self, kind: str, **context: Any) -> None:
        """Tell the scenario that ``kind`` happened (a trigger, see ``engine.triggers``)."""

    def finish(self, outcome: str) -> None:
        """End the game: ``won`` or ``lost``."""

    def apply(self, effect: Playable, triggering: str | None) -> None:
        """Play another effect (a check's result) with ``triggering`` as its hero."""


class Playable(Protocol):
    """An effect as a game plays it (every ``words.effects`` word): a check's ``success`` and
    ``failure`` effects go back to the game through ``Game.apply``. Named here by what it does,
    so this module does not import the effects, which are written against it."""

    def play(self, game: Game, triggering: str | None) -> None:
        """Carry the effect out in ``game`` (see ``words.effects.base.EffectWord.play``)."""
