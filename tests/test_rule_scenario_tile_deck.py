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
