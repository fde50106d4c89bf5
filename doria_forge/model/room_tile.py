"""Room Tiles: 5 x 5 squares with doors, open sides and icons (chapters *Exploration*,
*Additional Symbols on Room Tiles or Markers*)."""

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from doria_forge.geometry import SQUARE_CODES, TILE_SIZE, TileShape

from .common import NAME_DE, CardText, Document, MonsterIconColor, Name, Side, Square, Strict, empty_list

__all__ = ["SQUARE_CODES", "TILE_SIZE", "Door", "MonsterIcon", "OpenSide", "RoomTile", "Rune", "StartingPosition"]


def _known_codes(row: str) -> str:
    """A row of squares in the codes of ``SQUARE_CODES``; a wrong one is an error at its own row
    (checked over the whole list, it was reported at the first row whichever row it was in)."""
    bad = sorted({c for c in row if c not in SQUARE_CODES})
    if bad:
        raise ValueError(f"unknown square code(s) {''.join(bad)!r}; use "
                         + ", ".join(f"{k!r} {v}" for k, v in SQUARE_CODES.items()))
    return row


class Door(Strict):
    """A door: an opening one square wide on ``side``, ``offset`` squares from the
    west (north/south sides) or north (east/west sides) corner."""

    side: Side
    """The side of the tile: north, east, south or west."""
    offset: Annotated[int, Field(ge=0, le=4)]
    """Squares from the west corner (north and south sides) or north corner (east and west), 0-4."""


class OpenSide(Strict):
    """An open side: an opening of two or more squares starting at ``offset``."""

    side: Side
    """The side of the tile: north, east, south or west."""
    offset: Annotated[int, Field(ge=0, le=4)] = 0
    """First square of the opening, counted from the west or north corner, 0-4."""
    length: Annotated[int, Field(ge=2, le=5)] = 5
    """Squares the opening spans, 2-5."""


class MonsterIcon(Strict):
    square: Square
    """Where the icon is: [row, column], 0-4 from the north-west corner."""
    color: MonsterIconColor = "white"
    """white (always), green (from 4 heroes), yellow (from 5), red (at 6)."""


class Rune(Strict):
    square: Square
    """Where the rune is: [row, column], 0-4 from the north-west corner."""
    color: Literal["blue", "purple", "orange", "green"]
    """The rune's colour: blue, purple, orange or green."""


class StartingPosition(Strict):
    square: Square
    """The starting square: [row, column], 0-4 from the north-west corner."""
    number: Annotated[int, Field(ge=1, le=6)]
    """Its number I-VI (1-6): heroes take them in initiative order."""


class RoomTile(Document):
    """A Room Tile. ``squares`` is 5 rows (north to south) of 5 characters
    (west to east): ``.`` floor, ``#`` wall, ``R`` red-bordered, ``O`` hole.

    Squares are ``[row, column]`` from the north-west corner. ``entrances`` are the
    squares where new monsters enter (the stairs of A-1).
    """

    kind: Literal["room_tile"] = "room_tile"
    name_de: Name | None = NAME_DE
    squares: list[Annotated[str, Field(max_length=2 * TILE_SIZE), AfterValidator(_known_codes)]] = Field(
        max_length=2 * TILE_SIZE)
    """5 rows (north to south) of 5 squares (west to east): . floor, # wall, R red-bordered, O hole."""
    doors: list[Door] = Field(default_factory=empty_list, max_length=4 * TILE_SIZE)
    """Doors: one-square openings."""
    open_sides: list[OpenSide] = Field(default_factory=empty_list, max_length=4 * TILE_SIZE)
    """Open sides: openings of two or more squares."""
    treasures: list[Square] = Field(default_factory=empty_list, max_length=TILE_SIZE**2)
    """Treasure squares, [row, column] each."""
    monster_icons: list[MonsterIcon] = Field(default_factory=empty_list, max_length=TILE_SIZE**2)
    """Monster icons: where monsters appear when the tile is revealed."""
    runes: list[Rune] = Field(default_factory=empty_list, max_length=TILE_SIZE**2)
    """Rune squares with their colours."""
    starting_positions: list[StartingPosition] = Field(default_factory=empty_list, max_length=TILE_SIZE**2)
    """Hero starting squares I-VI (the start tile)."""
    entrances: list[Square] = Field(default_factory=empty_list, max_length=TILE_SIZE**2)
    """Squares where new monsters enter (the stairs of A-1), [row, column] each."""
    start_tile: bool = False
    """true: the start tile (A-1) every scenario begins on."""
    compass_north: bool = False
    """true: the tile prints the compass pointing north."""
    bridge: Literal["north_south", "west_east"] | None = Field(
        None,
        description="A bridge over the middle square (Room F-3): the passage on this axis crosses it; "
        "the crossing passage runs beneath, where the middle square does not count (it cannot be "
        "entered, and the squares either side of it are adjacent). The two levels cannot see or reach "
        "each other.",
    )
    text: CardText = ""
    """Text printed into the tile's walls (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")

    def square(self, row: int, col: int) -> str:
        """The square kind (``floor``, ``wall``, ``red_bordered``, ``hole``) at ``[row, col]``."""
        return SQUARE_CODES[self.squares[row][col]]

    def shape(self) -> TileShape:
        """The tile's geometry (squares, openings, bridge), see ``doria_forge.geometry``."""
        return TileShape.from_tile(self)

    def opening_squares(self) -> list[tuple[int, int]]:
        """Border squares of every door and open side, as ``(row, col)``."""
        return self.shape().opening_cells()
