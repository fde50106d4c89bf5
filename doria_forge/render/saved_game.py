"""A saved game (``GameState.to_json``) read for ``render --game``: read safely, checked against a
schema with limits, and only then replayed.

A saved game is a file a user may have been sent, so before the engine sees it:

* it is a regular file of at most ``MAX_BYTES`` (a FIFO or ``/dev/zero`` is refused at once);
* it is UTF-8 JSON (nested too deep for the parsers is refused as not JSON);
* it matches :class:`SavedGame`: the format version, the pack it was played with, the setup
  (at most ``MAX_HEROES`` heroes, ``MAX_MONSTERS`` monsters at the start, every option of
  ``engine.state.GameOptions`` with its range) and the history (at most ``MAX_ACTIONS``
  actions, each an action type of ``engine.actions`` with plain fields).

Every refusal is a :class:`SavedGameError` naming the file and the key that is wrong
(``setup.characters.0``) with what to do. The setup's heroes, monsters and Room Tiles are then
looked up by the engine, and the history replayed action by action; an action the game refuses
is reported with its number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

MAX_BYTES = 4 * 1024**2
"""Largest saved game read (a 30-round game of six heroes is about 100 kB)."""

MAX_ACTIONS = 10_000
"""Longest history replayed (a long game takes a few thousand actions; replaying takes about 1 ms each)."""

MAX_HEROES = 6
MAX_MONSTERS = 64
MAX_TEXT = 200

Id = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
Scalar = bool | int | str | None
ActionValue = Scalar | list[Scalar | list[Scalar]]


class SavedGameError(ValueError):
    """A saved game that cannot be read or replayed: the message names the file and what is wrong."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SavedPack(_Strict):
    """The pack the game was played with."""

    id: Id
    version: Annotated[str, Field(max_length=64)]
    hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class SavedBoard(_Strict):
    """How the board is built afresh (``Board.to_data``)."""

    type: Literal["dungeon", "no_map"]
    start_tile: Id | None = None
    tile_deck: Annotated[list[Id], Field(max_length=200)] | None = None
    scenario: Id | None = None
    shuffle: bool = False


class SavedOptions(_Strict):
    """``engine.state.GameOptions`` as saved (a test keeps the two in step)."""

    shop: bool
    loot: bool
    doom: bool
    poison: bool
    special: bool
    level_up: bool
    monster_deck: bool
    setup_loot: bool
    start_bonuses: bool
    occupied_room_tiles: Annotated[int, Field(ge=0, le=100)]
    solo_rules: bool | None
    solo_spend_xp_on_doom: bool
    end_when_no_monsters: bool
    max_rounds: Annotated[int, Field(ge=1, le=1000)] | None
    optional_rules: Annotated[list[Id], Field(max_length=64)]


class CustomHero(_Strict):
    """A hero saved as its character document (checked by the content model when replayed)."""

    model_config = ConfigDict(extra="forbid", strict=False)
    document: dict[str, Any]


class SavedSetup(_Strict):
    """What ``GameState.new`` was called with."""

    characters: Annotated[list[Id | CustomHero], Field(min_length=1, max_length=MAX_HEROES)]
    seed: Annotated[int, Field(ge=0, lt=2**64)]
    mode: Literal["single", "campaign"]
    monster_level: Annotated[int, Field(ge=1, le=20)]
    scenario: Id | None = None
    monsters: Annotated[list[tuple[Id, Annotated[list[Id], Field(max_length=16)]]], Field(max_length=MAX_MONSTERS)]
    options: SavedOptions
    board: SavedBoard
    log: bool
    group_xp: Annotated[int, Field(ge=0, le=1_000_000)]


class SavedAction(BaseModel):
    """One action of the history: ``type`` and its fields (plain values)."""

    model_config = ConfigDict(extra="allow", strict=True)
    type: Id

    @field_validator("type")
    @classmethod
    def _known(cls, value: str) -> str:
        from doria_forge.engine.actions import ACTION_TYPES

        if value not in ACTION_TYPES:
            raise ValueError(f"unknown action type {value!r}")
        return value

    @model_validator(mode="after")
    def _plain_fields(self) -> SavedAction:
        import dataclasses

        from doria_forge.engine.actions import ACTION_TYPES

        extra = self.model_extra or {}
        for name, value in extra.items():
            if len(name) > MAX_TEXT or not _plain(value, 2):
                raise ValueError(f"field {name[:40]!r} is not a plain value (text, number, true/false, null or "
                                 "short lists of them)")
        # named here, by the action's own fields: the engine's refusal quoted Python's __init__
        fields = dataclasses.fields(ACTION_TYPES[self.type])  # type: ignore[arg-type]  # each is a dataclass
        known = [f.name for f in fields]
        unknown = next((name for name in extra if name not in known), None)
        if unknown is not None:
            has = f"its fields: {', '.join(known)}" if known else "it has none"
            raise ValueError(f"{self.type} has no field {unknown[:40]!r} ({has})")
        missing = [f.name for f in fields if f.name not in extra
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            raise ValueError(f"{self.type} needs its field {missing[0]!r}")
        return self


class SavedGame(_Strict):
    """A saved game of format 1 (``engine.game.FORMAT_VERSION``)."""

    format: Literal[1]
    pack: SavedPack
    setup: SavedSetup
    history: Annotated[list[SavedAction], Field(max_length=MAX_ACTIONS)]


def _plain(value: Any, levels: int) -> bool:
    if value is None or isinstance(value, (bool, int)):
        return not isinstance(value, int) or isinstance(value, bool) or abs(value) < 2**63
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if isinstance(value, list) and levels > 0:
        return len(value) <= 64 and all(_plain(v, levels - 1) for v in value)
    return False


def read_saved_game(path: Path) -> dict[str, Any]:
    """The saved game at ``path`` as checked JSON data (see the module docstring). Raises
    SavedGameError."""
    from doria_forge.load.files import PackFileError, read_confined
    from doria_forge.load.schema import first_error

    shown = str(path)
    try:
        raw = read_confined(Path(path), None, MAX_BYTES)
    except PackFileError as exc:
        raise SavedGameError(f"cannot read saved game {shown}: {exc.problem.message}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SavedGameError(f"{shown} is not a saved game: not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SavedGameError(f"{shown} is not a saved game: not JSON ({exc})") from None
    except RecursionError:
        raise SavedGameError(f"{shown} is not a saved game: JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise SavedGameError(f"{shown} is not a saved game: it is a JSON {type(data).__name__}, not an object "
                             "(write one with GameState.to_json)")
    try:
        SavedGame.model_validate_json(text)  # JSON mode: arrays are the tuples they were saved from
    except ValidationError as exc:
        raise SavedGameError(f"{shown} is not a saved game this version can replay: {first_error(exc)}") from None
    return data


def load_saved_game(pack: Any, path: Path) -> Any:
    """The game saved at ``path``, replayed on ``pack`` (a ``GameState``). Raises SavedGameError
    naming the file: unreadable, not a saved game, another pack's game, a setup the pack cannot
    build, or an action of the history the game refuses."""
    from doria_forge.engine.actions import IllegalAction
    from doria_forge.engine.game import GameState

    data = read_saved_game(path)
    if data["pack"]["hash"] != pack.content_hash():
        raise SavedGameError(f"{path} was played with other content ({data['pack']['id']} "
                             f"{data['pack']['version']}, another content hash): render it with that pack")
    try:
        return GameState.replay(pack, data["setup"], data["history"])
    except IllegalAction as exc:
        raise SavedGameError(f"{path} cannot be replayed: {exc}") from None
    except ValueError as exc:  # the engine's own words (a setup it cannot rebuild, a value it refuses)
        raise SavedGameError(f"{path} cannot be replayed on this pack: {exc}") from None
    except (KeyError, TypeError, AttributeError, IndexError, RuntimeError) as exc:
        raise SavedGameError(f"{path} cannot be replayed on this pack: {type(exc).__name__}: {exc}") from None
