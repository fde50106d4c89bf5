from validate_helpers import lines, room_tile_yaml, validate_files


def test_openings_joined_by_the_tile_pass(tmp_path):
    text = room_tile_yaml(doors="[{side: north, offset: 2}, {side: south, offset: 2}]")
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == []


def test_a_door_into_a_pocket_is_an_error_at_that_door(tmp_path):
    """Every floor square is reached from some opening, so room-tile-reachable is silent;
    but the north door leads only to the square behind it."""
    text = room_tile_yaml(squares=("#.###", "###.#", ".....", "#...#", "##.##"),
                          doors="\n  - {side: north, offset: 1}\n  - {side: south, offset: 2}")
    result = validate_files(tmp_path, {"t.yaml": text})
    assert lines(result.problems) == [
        "t.yaml:10:5 error [room-tile-pockets] door on the north side of Room Tile B-4 (offset 1) opens into "
        "a pocket cut off from the rest of the tile ([0, 1])",
    ]


def test_a_bridge_tile_has_two_passages_that_never_meet(tmp_path):
    """Room F-3: the passage over the bridge and the one beneath it are two regions by design."""
    text = room_tile_yaml(tile_id="F-3", squares=("##.##", "##.##", ".....", "##.##", "##.##"),
                          doors="[{side: north, offset: 2}, {side: south, offset: 2}, {side: west, offset: 2}, "
                          "{side: east, offset: 2}]", bridge="north_south")
    assert lines(validate_files(tmp_path, {"t.yaml": text}).problems) == []


def test_a_bridge_passage_with_one_opening_is_a_pocket(tmp_path):
    text = room_tile_yaml(tile_id="F-3", squares=("##.##", "##.##", ".....", "##.##", "##.##"),
                          doors="[{side: north, offset: 2}, {side: south, offset: 2}, {side: west, offset: 2}]",
                          bridge="north_south")
    result = validate_files(tmp_path, {"t.yaml": text})
    assert [p.rule_id for p in result.problems] == ["room-tile-pockets"]
    assert "door on the west side" in result.problems[0].message
