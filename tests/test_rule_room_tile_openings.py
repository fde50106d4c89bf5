from validate_helpers import lines, room_tile_yaml, validate_files

from doria_forge.validate.rules import room_tile_openings


def test_doors_on_open_border_squares_pass(tmp_path):
    text = room_tile_yaml(squares=("##.##", "#....", ".....", "#...#", "##.##"),
                          doors="[{side: north, offset: 2}, {side: west, offset: 2}]",
                          open_sides="[{side: east, offset: 1, length: 2}]")
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == []


def test_door_on_a_wall_and_open_side_past_the_edge(tmp_path):
    text = room_tile_yaml(doors="[{side: north, offset: 2}, {side: north, offset: 0}]",
                          open_sides="[{side: east, offset: 4, length: 2}]")
    result = validate_files(tmp_path, {"t.yaml": text})
    assert lines(result.problems, room_tile_openings.ID) == [
        "t.yaml:9:35 error [room-tile-openings] door on the north side of Room Tile B-4 (offset 0) opens onto "
        "wall square [0, 0]; an opening needs open border squares",
        "t.yaml:10:14 error [room-tile-openings] open side on the east side of Room Tile B-4 (offset 4) opens onto "
        "wall square [4, 4]; an opening needs open border squares",
        "t.yaml:10:14 error [room-tile-openings] open side on the east side of Room Tile B-4 runs from square 4 "
        "for 2 squares, past the edge (a side has squares 0-4)",
    ]
