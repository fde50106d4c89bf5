from validate_helpers import lines, room_tile_yaml, validate_files

from doria_forge.validate.rules import room_tile_shape


def test_five_by_five_passes(tmp_path):
    assert lines(validate_files(tmp_path, {"t.yaml": room_tile_yaml()}).problems) == []


def test_wrong_rows_and_widths(tmp_path):
    text = room_tile_yaml(squares=("##.##", "#..#", ".....", "#...#"))
    result = validate_files(tmp_path, {"t.yaml": text})
    assert lines(result.problems) == [
        "t.yaml:3:1 error [room-tile-shape] Room Tile B-4 has 4 rows of squares; a Room Tile has 5 (north to south)",
        "t.yaml:5:5 error [room-tile-shape] row 1 of Room Tile B-4 has 4 squares; a row has 5 (west to east)",
    ]
    assert room_tile_shape.ID == "room-tile-shape"


def test_an_unknown_square_code_is_reported_at_its_own_row(tmp_path):
    """A wrong code in row 3 was reported at the first row of ``squares`` (the list was checked as
    a whole), so the designer looked for it in the wrong row."""
    text = room_tile_yaml(squares=("##.##", "#...#", ".....", "#.X.#", "##.##"))
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == [
        "t.yaml:7:5 error [schema] squares[3]: unknown square code(s) 'X'; use '.' floor, '#' wall, 'R' "
        "red_bordered, 'O' hole (got '#.X.#')",
    ]
