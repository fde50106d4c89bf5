from validate_helpers import lines, room_tile_yaml, validate_files

from doria_forge.validate.rules import room_tile_reachable


def test_all_floor_reachable_passes(tmp_path):
    assert lines(validate_files(tmp_path, {"t.yaml": room_tile_yaml()}).problems) == []


def test_holes_and_red_bordered_squares_can_be_crossed(tmp_path):
    text = room_tile_yaml(squares=("##.##", "#OOO#", "#RRR#", "#...#", "#####"))
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == []


def test_walled_off_floor_is_reported(tmp_path):
    text = room_tile_yaml(squares=("##.##", "#.#.#", "#####", "#...#", "#####"))
    result = validate_files(tmp_path, {"t.yaml": text})
    assert lines(result.problems) == [
        "t.yaml:5:5 error [room-tile-reachable] floor squares [1, 1], [1, 3], [3, 1], [3, 2], [3, 3] "
        "of Room Tile B-4 cannot be reached from any door or open side",
    ]


def test_starting_positions_count_as_start_points(tmp_path):
    text = room_tile_yaml(squares=("#####", "#...#", "#...#", "#...#", "#####"), doors="[]",
                          starting_positions="[{square: [2, 2], number: 1}]")
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == []


def test_tile_without_openings(tmp_path):
    text = room_tile_yaml(squares=("#####", "#...#", "#...#", "#...#", "#####"), doors="[]")
    result = validate_files(tmp_path, {"t.yaml": text})
    assert [(p.line, p.rule_id) for p in result.problems] == [(3, room_tile_reachable.ID)]
    assert "no door or open side" in result.problems[0].message
