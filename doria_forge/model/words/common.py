"""What every scenario word shares: its :class:`Place` s, the :class:`Wording` that names ids
in its printed sentence, and the small helpers those sentences are made with.

Chapters *Selecting a Game Mode* and *Dungeon Markers* of the Book of Rules: a place is a
Room Tile, a square of one, a rune, a marker or the entrance.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal, Protocol

from pydantic import Field, model_validator

from ..common import Square, Strict
from . import german
from .german import ACTIVE_HERO, EVERY_HERO, Case, Heroes

RuneColour = Literal["blue", "purple", "orange", "green"]
RUNE_COLOURS_DE: dict[str, str] = {"blue": "blau", "purple": "lila", "orange": "orange", "green": "grün"}
"""A rune's colour in German, the adjective's stem (the pack's German texts: ``die lila Rune``)."""
Phase = Literal["A", "B", "C", "D", "E", "F", "G", "H", "I"]
Round = Annotated[int, Field(ge=1, le=99)]
"""A round number (the Round Marker), 1-99."""
Count = Annotated[int, Field(ge=0, le=99)]
Text = Annotated[str, Field(max_length=2000)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
"""A flag or marker name, 1-60 characters."""
MonsterFlag = Literal[
    "undead",
    "flying",
    "immune_to_ranged",
    "hurt_only_by_magic",
    "magic_items_ineffective",
    "passes_walls",
]
"""What a monster is (a monster's or Boss Monster's ``flags``): ``undead`` (items with
``extra_damage_vs: {undead: N}`` hurt it more), ``flying``, ``immune_to_ranged``,
``hurt_only_by_magic``, ``magic_items_ineffective``, ``passes_walls``. Every flag but ``undead``
also switches on the behaviour of its name (``passes_walls``: ``through_walls``,
``model.behaviours``); scenario modifiers pick monsters by it (``words.modifiers``)."""

Namer = Callable[[str, str], str]
"""The display name of a referenced id: ``(kind, id) -> name``, kind one of ``monster``,
``boss``, ``equipment``, ``token``."""


def id_as_name(kind: str, ref: str) -> str:
    """The :data:`Namer` that names every id by itself."""
    return ref


@dataclass(frozen=True)
class Wording:
    """What ``describe()`` needs beyond the data: ``name`` (display names of ids; the ids
    themselves by default; for ``describe_de`` the German ones) and ``actor``, the words for the
    hero an effect's ``who: triggering`` means (set by each rule from its trigger), ``actor_de``
    the same in German; ``names_de``, the German names of the scenario's own flags and markers
    (its ``names_de``: ``nest_burned`` -> ``Nest verbrannt``; one without prints as written)."""

    name: Namer = id_as_name
    actor: str = "the active hero"
    actor_de: Heroes = ACTIVE_HERO
    names_de: Mapping[str, str] = field(default_factory=lambda: german.NO_NAMES)


PLAIN = Wording()
"""Ids as they are written, the active hero as actor."""


def label(name: str) -> str:
    """A flag or marker name as words: ``nest_burned`` -> ``nest burned``."""
    return name.replace("_", " ")


def flag_words(name: str) -> str:
    """A flag name in quotes, as words: ``“nest burned”``."""
    return f"“{label(name)}”"


def flag_words_de(name: str, words: Wording = PLAIN) -> str:
    """A flag in German quotes, by its German name in ``words.names_de``, else as words:
    ``„Nest verbrannt“``, ``„nest burned“``."""
    return german.quoted(german.own_name(name, words.names_de))


class Describable(Protocol):
    """What words itself in both editions: a word, a rule."""

    def describe(self, words: Wording = ...) -> str: ...

    def describe_de(self, words: Wording = ...) -> str: ...


def in_edition(thing: Describable, words: Wording, lang: str) -> str:
    """``thing`` in words in the edition ``lang`` (``en``, ``de``): its ``describe_de`` in German,
    its ``describe`` otherwise."""
    return thing.describe_de(words) if lang == "de" else thing.describe(words)


def inside(name: str) -> str:
    """A name inside a sentence: ``The Hollow King`` -> ``the Hollow King``."""
    return "the " + name[4:] if name.startswith("The ") else name


def a_noun(noun: str) -> str:
    """``noun`` with its indefinite article: ``an ogre``, ``a goblin``."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def span(low: int, high: int, top: int, exactly: str, anything: str, at_least: str, at_most: str,
         between: str) -> str:
    """A range ``low``..``high`` (``top``: no upper limit) in words: ``exactly`` when it is one
    value, ``anything`` when it is every value, else a format of ``at_least`` (low),
    ``at_most`` (high) or ``between`` (low, high)."""
    if low == high:
        return exactly
    if high == top:
        return anything if low == 1 else at_least.format(low)
    return at_most.format(high) if low == 1 else between.format(low, high)


def and_list(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# --------------------------------------------------------------------------- places
class Place(Strict):
    """Where something is: exactly one of ``tile`` (any square of that Room Tile, or with
    ``square`` one square of it, ``[row, column]`` as printed), ``rune`` (the square of a
    rune of that colour, on ``tile`` if given), ``marker`` (a square carrying that marker),
    ``entrance`` (the scenario's entrance squares), ``boss_card`` (the Room Tile drawn with the boss
    card, see the ``boss_card_drawn`` trigger)."""

    tile: str | None = None
    """Id of a Room Tile: any square of it, or with square one square; with rune, the tile the rune is on."""
    square: Square | None = None
    """One square of the tile, [row, column] as printed, 0-4 from the north-west corner; needs tile."""
    rune: RuneColour | None = None
    """Colour of a rune whose square is meant (blue, purple, orange, green), on tile if given."""
    marker: Annotated[str, Field(max_length=60)] | None = None
    """Name of a marker: the squares carrying it."""
    entrance: bool = False
    """true: the scenario's entrance squares (the stairs of the start tile)."""
    boss_card: bool = False
    """true: the Room Tile drawn with the boss card (the setup's boss_card), once it is placed."""

    @model_validator(mode="after")
    def _one_kind(self) -> "Place":
        kinds = [self.rune is not None, self.marker is not None, self.entrance, self.boss_card]
        if sum(kinds) > 1 or (sum(kinds) == 1 and self.square is not None) or (self.boss_card and self.tile):
            raise ValueError("a place is one of: tile (+ square), rune (+ tile), marker, entrance, boss_card")
        if self.square is not None and self.tile is None:
            raise ValueError("a square needs its tile")
        if not any(kinds) and self.tile is None:
            raise ValueError("a place needs tile, rune, marker, entrance or boss_card")
        return self

    def describe(self) -> str:
        """The place as a noun: ``the entrance``, ``the Room Tile drawn with the boss card``,
        ``the nest marker``, ``the purple rune of Room Tile B-3``, ``a blue rune``, ``square [2, 2]
        of Room Tile A-1``, ``Room Tile C-7``."""
        if self.entrance:
            return "the entrance"
        if self.boss_card:
            return "the Room Tile drawn with the boss card"
        if self.marker is not None:
            return f"the {label(self.marker)} marker"
        if self.rune is not None:
            return f"the {self.rune} rune of Room Tile {self.tile}" if self.tile else f"a {self.rune} rune"
        if self.square is not None:
            return f"square [{self.square[0]}, {self.square[1]}] of Room Tile {self.tile}"
        return f"Room Tile {self.tile}"

    def on(self) -> str:
        """Where something is put or stands: ``at the entrance``, else ``on`` the place."""
        return f"{'at' if self.entrance else 'on'} {self.describe()}"

    def describe_de(self, case: Case = "nom", words: Wording = PLAIN) -> str:
        """The place as a German noun in ``case``: ``der Eingang``, ``die Raumplatte, die mit der
        Boss-Monster-Karte gezogen wurde``, ``den Marker „Nest“`` (a
        scenario's own marker by its name in ``words.names_de``), ``der lila Rune von Raumplatte
        B-3``, ``eine blaue Rune``, ``Feld [2, 2] von Raumplatte A-1``, ``Raumplatte C-7``."""
        if self.entrance:
            return german.phrase("der", german.EINGANG, case)
        if self.boss_card:
            card = f"{german.de('Boss Monster')}-Karte"
            return f"{german.phrase('der', german.RAUMPLATTE, case)}, die mit der {card} gezogen wurde"
        if self.marker is not None:
            return german.marker(self.marker, "der", case, words.names_de)
        if self.rune is not None:
            colour = RUNE_COLOURS_DE[self.rune]
            if self.tile:
                return f"{german.phrase('der', german.RUNE, case, colour)} von {german.tile(self.tile)}"
            return german.phrase("ein", german.RUNE, case, colour)
        if self.square is not None:
            return f"Feld [{self.square[0]}, {self.square[1]}] von {german.tile(self.tile or '?')}"
        return german.tile(self.tile or "?")

    def on_de(self, to: bool = False, words: Wording = PLAIN) -> str:
        """Where something stands (``am Eingang``, ``auf der blauen Rune``...) or, ``to``, where
        it is put (``an den Eingang``, ``auf die blaue Rune``...); a marker named as in :meth:`describe_de`."""
        if self.entrance:
            return "an den Eingang" if to else "am Eingang"
        return "auf " + self.describe_de("akk" if to else "dat", words)

    def from_de(self, words: Wording = PLAIN) -> str:
        """Where something is taken from: ``vom Eingang``, ``von Feld [1, 1] von Raumplatte F-1``."""
        text = "von " + self.describe_de("dat", words)
        return "vom " + text[len("von dem "):] if text.startswith("von dem ") else text

    @property
    def whole_tile(self) -> bool:
        """Whether the place is a whole Room Tile (no square, rune, marker or entrance)."""
        return self.tile is not None and self.square is None and self.rune is None


# --------------------------------------------------------------------------- who
Who = Literal["all", "triggering", "carrier", "on_place"]
"""Which heroes an effect reaches: ``all`` living heroes, the ``triggering`` hero (who
entered, picked up, revealed, defeated; else the active hero), the ``carrier`` of the
effect's ``token``, the heroes ``on_place`` (the effect's ``at``)."""


class Reaching(Protocol):
    """An effect that reaches heroes: its ``who``, ``token`` (for ``carrier``) and ``at``
    (for ``on_place``)."""

    @property
    def who(self) -> Who: ...

    @property
    def token(self) -> str | None: ...

    @property
    def at(self) -> Place | None: ...


def who_words(effect: Reaching, words: Wording) -> str:
    """The heroes an effect reaches, as a singular subject (``every hero``, ``that hero``...)."""
    if effect.who == "all":
        return "every hero"
    if effect.who == "carrier":
        return f"the hero carrying the {words.name('token', effect.token or '?')}"
    if effect.who == "on_place":
        return f"every hero {effect.at.on() if effect.at else 'on the place'}"
    return words.actor


def who_de(effect: Reaching, words: Wording) -> Heroes:
    """The heroes an effect reaches in German, one hero's phrase to put in a case (``jeder
    Held``, ``den Helden mit dem Marker „Reliquie“``...; :class:`~.german.Heroes`)."""
    if effect.who == "all":
        return EVERY_HERO
    if effect.who == "carrier":
        return Heroes("der", after=f"mit {german.token(words.name('token', effect.token or '?'), 'dat')}")
    if effect.who == "on_place":
        return Heroes("jeder", after=effect.at.on_de(words=words) if effect.at else "auf dem Ort")
    return words.actor_de
