"""Room Tiles: 5 x 5 squares with doors, open sides and icons (chapters *Exploration*,
*Additional Symbols on Room Tiles or Markers*)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from doria_forge.geometry import SQUARE_CODES, TILE_SIZE, TileShape

from .common import NAME_DE, CardText, Document, MonsterIconColor, Side, Square, Strict

__all__ = ["SQUARE_CODES", "TILE_SIZE", "Door", "MonsterIcon", "OpenSide", "RoomTile", "Rune", "StartingPosition"]


class Door(Strict):
    """A door: an opening one square wide on ``side``, ``offset`` squares from the
    west (north/south sides) or north (east/west sides) corner."""

    side: Side
    offset: Annotated[int, Field(ge=0, le=4)]


class OpenSide(Strict):
    """An open side: an opening of two or more squares starting at ``offset``."""

    side: Side
    offset: Annotated[int, Field(ge=0, le=4)] = 0
    length: Annotated[int, Field(ge=2, le=5)] = 5


class MonsterIcon(Strict):
    square: Square
    color: MonsterIconColor = "white"


class Rune(Strict):
    square: Square
    color: Literal["blue", "purple", "orange", "green"]


class StartingPosition(Strict):
    square: Square
    number: Annotated[int, Field(ge=1, le=6)]


class RoomTile(Document):
    """A Room Tile. ``squares`` is 5 rows (north to south) of 5 characters
    (west to east): ``.`` floor, ``#`` wall, ``R`` red-bordered, ``O`` hole.

    Squares are ``[row, column]`` from the north-west corner. ``entrances`` are the
    squares where new monsters enter (the stairs of A-1).
    """

    kind: Literal["room_tile"] = "room_tile"
    # Bounds keep a hostile tile small; the room-tile-shape rule says what a tile must be.
    name_de: Name | None = NAME_DE
    squares: list[Annotated[str, Field(max_length=2 * TILE_SIZE)]] = Field(max_length=2 * TILE_SIZE)
    doors: list[Door] = Field(default_factory=list, max_length=4 * TILE_SIZE)
    open_sides: list[OpenSide] = Field(default_factory=list, max_length=4 * TILE_SIZE)
    treasures: list[Square] = Field(default_factory=list, max_length=TILE_SIZE**2)
    monster_icons: list[MonsterIcon] = Field(default_factory=list, max_length=TILE_SIZE**2)
    runes: list[Rune] = Field(default_factory=list, max_length=TILE_SIZE**2)
    starting_positions: list[StartingPosition] = Field(default_factory=list, max_length=TILE_SIZE**2)
    entrances: list[Square] = Field(default_factory=list, max_length=TILE_SIZE**2)
    start_tile: bool = False
    compass_north: bool = False
    bridge: Literal["north_south", "west_east"] | None = Field(
        None,
        description="A bridge over the middle square (Room F-3): the passage on this axis crosses it; "
        "the crossing passage runs beneath, where the middle square does not count (it cannot be "
        "entered, and the squares either side of it are adjacent). The two levels cannot see or reach "
        "each other.",
    )
    text: CardText = ""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    @field_validator("squares")
    @classmethod
    def _known_codes(cls, rows: list[str]) -> list[str]:
        for r, row in enumerate(rows):
            bad = sorted({c for c in row if c not in SQUARE_CODES})
            if bad:
                raise ValueError(
                    f"row {r} has unknown square code(s) {''.join(bad)!r}; use "
                    + ", ".join(f"{k!r} {v}" for k, v in SQUARE_CODES.items())
                )
        return rows

    def square(self, row: int, col: int) -> str:
        """The square kind (``floor``, ``wall``, ``red_bordered``, ``hole``) at ``[row, col]``."""
        return SQUARE_CODES[self.squares[row][col]]

    def shape(self) -> TileShape:
        """The tile's geometry (squares, openings, bridge), see ``doria_forge.geometry``."""
        return TileShape.from_tile(self)

    def opening_squares(self) -> list[tuple[int, int]]:
        """Border squares of every door and open side, as ``(row, col)``."""
        return self.shape().opening_cells()
