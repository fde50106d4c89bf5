"""Shared field types of the content model: attributes, elements, dice, squares.

Every content kind builds on these so that a term means the same thing in every
document (Book of Rules, chapters *Base Attributes*, *Additional Card Properties*).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic import Strict as PydanticStrict

from doria_forge.geometry import TILE_SIZE
from doria_forge.load.schema import worded_pattern

from .field_docs import describe_fields

Attribute = Literal["STR", "CON", "AGI", "PER", "WIS", "PSI"]
"""The six base attributes (chapter *Base Attributes*)."""

ATTRIBUTES: tuple[Attribute, ...] = ("STR", "CON", "AGI", "PER", "WIS", "PSI")

Element = Literal["fire", "water", "earth", "air"]
"""Damage elements and armor vulnerabilities; *air* is the same as lightning."""

AttackType = Literal["melee", "ranged", "magic"]
"""Attack types: melee and ranged are parried with defense, magic with psi resistance."""

MonsterIconColor = Literal["white", "green", "yellow", "red"]
"""Monster icon colours on Room Tiles: white always, green from 4, yellow from 5, red at 6 players."""

Side = Literal["north", "east", "south", "west"]

_DICE_RE = re.compile(r"^\s*(\d+)\s*[DdWw]\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """A parsed dice expression such as ``3D+2``: ``count`` D10s plus a flat ``bonus``."""

    count: int
    bonus: int = 0

    def __str__(self) -> str:
        if self.bonus > 0:
            return f"{self.count}D+{self.bonus}"
        if self.bonus < 0:
            return f"{self.count}D{self.bonus}"
        return f"{self.count}D"


def parse_dice(expr: str) -> DiceSpec:
    """Parse a dice expression ``ND``, ``ND+B`` or ``ND-B`` (N ten-sided dice plus B).

    The German edition writes ``W`` for ``D``; both are accepted.

    Raises:
        ValueError: the text is not a dice expression, N is outside 1..9 or B outside -99..99.
    """
    m = _DICE_RE.match(str(expr))
    if not m:
        raise ValueError(f"dice expression {expr!r} is not of the form 3D, 3D+2 or 2D-1")
    count = int(m.group(1))
    if not 1 <= count <= 9:
        raise ValueError(f"dice expression {expr!r} must roll 1 to 9 dice")
    bonus = int(m.group(3) or 0)
    if bonus > 99:
        raise ValueError(f"dice expression {expr!r} must add -99 to 99")
    if m.group(2) == "-":
        bonus = -bonus
    return DiceSpec(count, bonus)


def _normalise_dice(expr: str) -> str:
    return str(parse_dice(expr))


DICE_PATTERN = r"^\s*0*[1-9]\s*[DdWw]\s*(?:[+-]\s*0*[0-9]{1,2})?\s*$"
"""What :func:`parse_dice` accepts, as a JSON Schema pattern: an editor flags ``3W+2x`` or ``12D``
as you type (validation itself gives the fuller message, rule ``dice-expression``)."""

Dice = Annotated[str, Field(max_length=16, examples=["3D+2", "2D"], json_schema_extra={"pattern": DICE_PATTERN}),
                 AfterValidator(_normalise_dice)]
"""A dice expression as written on cards (``3D+2``); stored normalised."""

ID_PATTERN = worded_pattern(r"^[A-Za-z0-9][A-Za-z0-9_\-]*$",
                            "an id is letters, digits, '_' and '-', starting with a letter or digit")
KIND_ID_PATTERN = worded_pattern(r"^[a-z_]+/[A-Za-z0-9][A-Za-z0-9_\-]*$", "write KIND/ID, such as monster_level/orc-2")
VERSION_PATTERN = worded_pattern(r"^\d+\.\d+\.\d+$", "a version is MAJOR.MINOR.PATCH, such as 0.1.0")

MAX_ID_LENGTH = 64
"""The most characters of an id."""

Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=MAX_ID_LENGTH)]
"""A document id: letters, digits, ``_`` and ``-`` (``orc``, ``orc-2``, ``A-1``)."""

Name = Annotated[str, Field(max_length=120)]
"""A name printed as a card or page title (at most 120 characters)."""

RefId = Annotated[str, Field(max_length=MAX_ID_LENGTH)]
"""The id of another document (a reference; checked against the pack by the validator)."""

Key = Annotated[str, Field(max_length=64)]
"""A vocabulary key the engine or printer looks up (an ability id, an effect id, a flag)."""

Line = Annotated[str, Field(max_length=1000)]
"""One printed entry (a rule, a note, a reward, a label): at most 1000 characters."""

CardText = Annotated[str, Field(max_length=4000)]
"""Text printed on a card: at most 4000 characters (far more than a card face holds; the
export cuts what does not fit and says so)."""

PageText = Annotated[str, Field(max_length=20000)]
"""Text printed on pages (a scenario's story, a pack's description): at most 20000 characters."""

Square = tuple[Annotated[int, Field(ge=0, le=TILE_SIZE - 1)], Annotated[int, Field(ge=0, le=TILE_SIZE - 1)]]
"""A square on a 5 x 5 Room Tile as ``[row, column]``, 0-based from the north-west corner."""

Requirements = dict[Attribute, Annotated[int, Field(ge=1, le=30)]]
"""Attribute minimums a hero must meet to equip a card (chapter *Requirements of Equipment Cards*)."""

NAME_DE = Field(None, max_length=120, examples=["Ork"], description="The name in German (the German edition, "
                "doria_forge.i18n); the English name prints where it is missing.")
"""The ``name_de`` field of a printed document: its name in the German edition."""

Ref = tuple[tuple[str | int, ...], str, str]
"""A cross reference: (field path inside the document, target kind, target id)."""


class StrictScalars(BaseModel):
    """Base of a model read from YAML: its numbers and switches must be written as numbers and
    switches (``bleed_mm: "3"`` and ``damage: true`` are errors), also inside lists, pairs, mappings
    and optional fields. The content model (:class:`Strict`) and the print layouts build on it."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        # pydantic's lax mode takes `true` for a number (`damage: true` read as 1) and `1` for a
        # switch; YAML writes numbers and switches as themselves, so a field that is a number or
        # a switch is strict (an int still passes for a float, as in JSON). Marked on the fields
        # before the validator is first built (defer_build): a pass over the built schemas cost
        # validate 2% more instructions.
        # The numbers and switches inside lists, pairs, mappings and optional fields are strict too
        # (`players: ["1", 6]`, `attributes: {PSI: true}` passed as 1 and 1).
        super().__pydantic_init_subclass__(**kwargs)
        for info in cls.__pydantic_fields__.values():
            if info.annotation in _STRICT_TYPES:
                if _STRICT not in info.metadata:  # a parent's field: marked
                    info.metadata.append(_STRICT)
            else:
                info.annotation = _strict_inside(info.annotation)


_STRICT_TYPES = (int, float, bool)
_STRICT = PydanticStrict()
_CONTAINERS = (list, tuple, dict, set, frozenset, Union, UnionType)


class Strict(StrictScalars):
    """Base of every model: unknown fields are errors (a typo must not pass silently)."""

    # Every text of every document has an upper bound; fields set a lower one where they can.
    # A string right under a field is its description (in the JSON Schema and the field reference);
    # field_docs reads those strings when a schema is asked for, not at every start-up.
    # defer_build: a validator is built on first use, and a model only ever nested in another
    # never needs its own: validating the shipped pack builds 25 of the 108.
    # allow_inf_nan: YAML reads `.nan` and `.inf` as numbers, and no figure of a game is either
    # (a band [.nan, 0.5] was told "less than or equal to 1 (got nan)").
    model_config = ConfigDict(extra="forbid", frozen=True, str_max_length=20_000, allow_inf_nan=False,
                              json_schema_extra=describe_fields, defer_build=True)


def _strict_inside(annotation: Any) -> Any:
    """``annotation`` with every int, float and bool in it (an item of a list or pair, a value
    of a mapping, an optional one) marked strict; the same object when there is none."""
    if annotation in _STRICT_TYPES:
        return Annotated[annotation, _STRICT]
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *metadata = get_args(annotation)
        if base in _STRICT_TYPES:
            return annotation if _STRICT in metadata else Annotated[(base, *metadata, _STRICT)]
        inner = _strict_inside(base)
        return annotation if inner is base else Annotated[(inner, *metadata)]
    if origin not in _CONTAINERS:
        return annotation  # a model marks its own fields; a Literal's arguments are values
    args = get_args(annotation)
    marked = tuple(arg if arg is Ellipsis else _strict_inside(arg) for arg in args)
    if all(a is b for a, b in zip(marked, args, strict=True)):
        return annotation
    if origin in (Union, UnionType):
        return Union[marked]  # noqa: UP007 - built from a tuple of arguments
    return origin[marked if len(marked) > 1 else marked[0]]


def empty_list() -> list[Any]:
    """A new empty list: the ``default_factory`` of the models' list fields. pydantic asks a
    factory's signature each time it builds a schema (does it take the validated data?); a
    builtin's (``list``) is parsed from its text by the tokenizer, some 0.4 M instructions each
    time, 64 times in a cold ``validate``; a Python function's is read from its code."""
    return []


def empty_dict() -> dict[Any, Any]:
    """A new empty dict: the ``default_factory`` of the models' mapping fields (see :func:`empty_list`)."""
    return {}


class Document(Strict):
    """One YAML document of a content pack. Every document has ``kind`` and ``id``.

    ``source`` says where its facts come from: ``rulebook`` (the appendix tables of
    the German Book of Rules, see ``shared/data``) or ``sample`` (written for this pack).
    """

    kind: str
    id: Id
    """Unique id within its kind: letters, digits, _ and - (orc, orc-2, A-1); other documents refer to it."""
    name: Name | None = None
    """Name printed on the card or page (English edition)."""
    source: Literal["rulebook", "sample"] = "sample"
    """Where its facts come from: rulebook (the Book of Rules' data tables) or sample (written for this pack)."""

    def references(self) -> Iterable[Ref]:
        """Yield the (field path, target kind, target id) of every cross reference."""
        return ()

    @property
    def display_name(self) -> str:
        return self.name or self.id


class Illustrated(Document):
    """A document printed as a card, which may carry a picture (``art``)."""

    art: str | None = Field(
        None, max_length=300,
        pattern=worded_pattern(r"(?i)^[^\x00]+\.(png|jpe?g|svg)$", "a PNG, JPG or SVG file, such as art/orc.png"),
        description="Picture printed in the card's art region: a PNG, JPG or SVG file, relative to the "
        "YAML file that names it (art/orc.png). Raster images need at least 300 dpi at their printed "
        "size; validate reports a missing file or a smaller image.",
        examples=["art/orc.png"],
    )
