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
