from validate_helpers import lines, room_tile_yaml, validate_files


def test_markers_on_floor_pass(tmp_path):
    text = room_tile_yaml(treasures="[[1, 2]]", runes="[{square: [2, 0], color: blue}]",
                          monster_icons="[{square: [3, 3]}]")
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == []


def test_treasure_icon_and_rune_on_walls_are_errors_at_their_squares(tmp_path):
    text = room_tile_yaml(treasures="[[0, 0]]", runes="[{square: [3, 0], color: blue}]",
                          monster_icons="[{square: [4, 4], color: green}]")
    result = validate_files(tmp_path, {"t.yaml": text})
    assert lines(result.problems) == [
        "t.yaml:10:13 error [room-tile-markers] treasure of Room Tile B-4 on wall square [0, 0]; "
        "put it on a floor square",
        "t.yaml:11:18 error [room-tile-markers] rune of Room Tile B-4 on wall square [3, 0]; "
        "put it on a floor square",
        "t.yaml:12:26 error [room-tile-markers] monster icon of Room Tile B-4 on wall square [4, 4]; "
        "put it on a floor square",
    ]


def test_a_starting_number_or_square_given_twice_is_an_error_at_the_repeat(tmp_path):
    """Two starting squares numbered 1 (the tile printed two Is and no II), or one square given
    twice, validated clean."""
    text = room_tile_yaml("A-1", start_tile="true", starting_positions=(
        "[{square: [1, 1], number: 1}, {square: [1, 2], number: 1}, {square: [1, 1], number: 3}]"))
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == [
        "t.yaml:11:76 error [room-tile-markers] starting square number 1 of Room Tile A-1 is square [1, 1] "
        "already; number the starting squares 1-6 once each",
        "t.yaml:11:89 error [room-tile-markers] square [1, 1] of Room Tile A-1 is starting square number 1 "
        "already; each hero starts on a square of their own",
    ]
