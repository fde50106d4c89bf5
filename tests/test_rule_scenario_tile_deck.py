from validate_helpers import lines, room_tile_yaml, validate_files

from doria_forge.validate.rules import scenario_tile_deck

TILES = "---\n".join([
    room_tile_yaml("A-1", start_tile="true"),
    room_tile_yaml("B-4"),
    room_tile_yaml("C-7"),
    room_tile_yaml("F-5"),
])

SCENARIO = """
kind: scenario
id: first-steps
name: First Steps
story: The heroes go down.
goal: Reach the altar.
setup:
  start_tile: A-1
  tile_deck:
    - tile: B-4
    - tile: C-7
  random_tiles: 0
  target_tile: F-5
  target_position: 3
"""


def test_buildable_deck_passes(tmp_path):
    assert lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": SCENARIO}).problems) == []


def test_missing_tile_is_a_dangling_reference(tmp_path):
    text = SCENARIO.replace("tile: C-7", "tile: C-8")
    result = validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text})
    assert lines(result.problems) == [
        "s.yaml:10:13 error [dangling-reference] no room tile with id 'C-8' in the pack (did you mean 'C-7'?)",
    ]


def test_deck_that_cannot_be_built(tmp_path):
    text = (SCENARIO.replace("tile: C-7", "tile: B-4").replace("random_tiles: 0", "random_tiles: 2")
            .replace("target_position: 3", "target_position: 9").replace("start_tile: A-1", "start_tile: C-7"))
    result = validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text})
    assert lines(result.problems, scenario_tile_deck.ID) == [
        "s.yaml:7:15 warning [scenario-tile-deck] start tile C-7 is not marked start_tile: true",
        "s.yaml:10:13 warning [scenario-tile-deck] Room Tile B-4 is already in the tile deck as entry 0; "
        "use one entry with count",
        "s.yaml:11:17 error [scenario-tile-deck] the deck draws 2 random Room Tiles but the pack has only 1 "
        "tiles the setup does not name",
        "s.yaml:13:20 error [scenario-tile-deck] target_position 9 is below the bottom of a Room Tile deck of "
        "5 tiles",
    ]


def test_the_target_tile_named_in_the_deck_too_is_a_warning(tmp_path):
    """The box holds each Room Tile once: a target tile the deck names too is a warning (the game
    places it once, at target_position: tests/test_map_game.py)."""
    text = SCENARIO.replace("tile: C-7", "tile: F-5").replace("target_position: 3", "target_position: 2")
    result = validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text})
    assert lines(result.problems, scenario_tile_deck.ID) == [
        "s.yaml:10:13 warning [scenario-tile-deck] Room Tile F-5 is the target tile, placed at target_position: "
        "the box holds it once; leave it out of the tile deck",
    ]


def test_a_tile_without_doors_or_open_sides_can_never_join_the_map(tmp_path):
    """A start tile whose doors were deleted validated clean (its starting squares count as start
    points for reachability), and every scenario on it stalled in the simulation with the heroes
    shut in; a deck tile without an opening can never be placed either."""
    sealed = ("#####", "#...#", "#...#", "#...#", "#####")
    tiles = "---\n".join([
        room_tile_yaml("A-1", sealed, doors="[]", start_tile="true",
                       starting_positions="[{square: [2, 2], number: 1}]"),
        room_tile_yaml("B-4", sealed, doors="[]", entrances="[[2, 2]]"),
        room_tile_yaml("C-7"),
        room_tile_yaml("F-5", sealed, doors="[]", entrances="[[2, 2]]"),
    ])
    result = validate_files(tmp_path, {"tiles.yaml": tiles, "s.yaml": SCENARIO})
    assert lines(result.problems, scenario_tile_deck.ID) == [
        "s.yaml:7:15 error [scenario-tile-deck] start tile A-1 (tiles.yaml:1:1) has no door or open side: no Room "
        "Tile of the deck can ever join it, so the heroes never leave it",
        "s.yaml:9:13 error [scenario-tile-deck] Room Tile B-4 (tiles.yaml:13:1) has no door or open side: it can "
        "never join the map",
        "s.yaml:12:16 error [scenario-tile-deck] target tile F-5 (tiles.yaml:34:1) has no door or open side: it "
        "can never join the map",
    ]
    alone = "kind: scenario\nid: sealed-room\nname: Sealed\nstory: Shut in.\ngoal: Survive.\nsetup:\n  start_tile: A-1\n"
    assert lines(validate_files(tmp_path / "alone", {"tiles.yaml": tiles, "s.yaml": alone}).problems,
                 scenario_tile_deck.ID) == []  # a scenario on its start tile alone needs no way out
