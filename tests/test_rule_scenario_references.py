"""scenario-references: places, tokens and markers a scenario names exist in its game."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.validate.rules import scenario_references

ID = scenario_references.ID


def problems(tmp_path, text: str) -> list[str]:
    return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems)


def test_valid_places_tokens_and_markers_pass(tmp_path):
    """The token on B-4's blue rune, a web marker put on a floor square of F-1 and later
    removed, a carrier effect naming its token: nothing to report."""
    assert problems(tmp_path, scenario()) == []


def test_rune_square_marker_and_token_that_do_not_exist(tmp_path):
    text = scenario(
        ("at: {rune: blue, tile: B-4}", "at: {rune: green, tile: B-4}"),
        ("square: [1, 1]}}", "square: [0, 0]}}"),
        ("place: {marker: web}", "place: {marker: webs}"),
        ("{check: flag, flag: alarm}", "{check: token_carried, token: relic}"),
        ("- {do: remove_marker, marker: web}", "- {do: remove_marker, marker: net}"),
        ("who: carrier, token: idol}", "who: carrier}"),
    )
    assert problems(tmp_path, text) == [
        "s.yaml:21:18 error [scenario-references] Room Tile B-4 has no green rune (its runes: blue)",
        "s.yaml:25:65 error [scenario-references] square [0, 0] of Room Tile F-1 is a wall",
        # the flag condition became a token condition: nothing reads the flag alarm any more
        "s.yaml:26:30 warning [scenario-flags] no trigger, condition or goal reads the flag alarm: setting it "
        "changes nothing",
        "s.yaml:27:45 error [scenario-references] nothing puts a webs marker on the table: this rule can never fire",
        "s.yaml:29:39 error [scenario-references] no token relic in setup.tokens (defined: idol)",
        "s.yaml:32:37 error [scenario-references] nothing puts a net marker on the table, so there is none to remove",
        "s.yaml:33:38 error [scenario-references] who: carrier needs the token whose carrier it means (token: ...)",
    ]


def test_place_on_a_tile_outside_the_scenario(tmp_path):
    """B-4 exists in the pack but is no longer in the tile deck: the token can never lie there."""
    text = scenario(("    - tile: B-4\n", ""), ("target_position: 3", "target_position: 2"))
    assert problems(tmp_path, text) == [
        "s.yaml:20:30 error [scenario-references] Room Tile B-4 is not in this scenario (not its start tile, "
        "tile deck or target tile)",
    ]


def test_place_on_a_tile_that_only_a_random_draw_brings_is_a_warning(tmp_path):
    text = scenario(("    - tile: B-4\n", ""), ("target_position: 3", "target_position: 2\n  random_tiles: 1"))
    assert lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, ID) == [
        "s.yaml:21:30 warning [scenario-references] Room Tile B-4 is not named by the setup: it comes into play "
        "only if it is drawn as a random tile (random_tiles: 1)",
    ]


def test_rune_without_tile_must_be_on_some_tile_of_the_scenario_and_tokens_once(tmp_path):
    text = scenario(
        ("at: {rune: blue, tile: B-4}", "at: {rune: purple}\n    - {id: idol, name: Second Idol}"),
        ("- {do: damage, amount: 1, who: carrier, token: idol}", "- {do: heal, hp: 1, who: on_place}"),
        ("      - {do: set_flag, flag: alarm}\n", "      - {do: set_flag, flag: alarm}\n      - {do: block_doors, tile: B-7}\n"),
    )
    assert lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems) == [
        "s.yaml:21:18 error [scenario-references] no Room Tile of this scenario has a purple rune",
        "s.yaml:22:12 error [scenario-references] token idol is defined twice in setup.tokens",
        "s.yaml:28:33 error [dangling-reference] no room tile with id 'B-7' in the pack (did you mean 'C-7'?)",
        "s.yaml:35:32 error [scenario-references] who: on_place needs the place it means (at: ...)",
    ]


def test_open_doors_and_monsters_left_name_tiles_of_the_scenario(tmp_path):
    text = scenario(("tile_deck:\n    - tile: B-4\n    - tile: C-7\n", "tile_deck:\n    - tile: B-4\n"),
                    ("target_position: 3", "target_position: 2"),
                    ("{check: round, min: 2}", "{check: monsters_left, tile: C-7}"),
                    ("      - {do: set_flag, flag: alarm}\n",
                     "      - {do: set_flag, flag: alarm}\n      - {do: open_doors, tile: C-7}\n"))
    assert lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, ID) == [
        "s.yaml:26:32 error [scenario-references] Room Tile C-7 is not in this scenario (not its start tile, "
        "tile deck or target tile)",
        "s.yaml:30:38 error [scenario-references] Room Tile C-7 is not in this scenario (not its start tile, "
        "tile deck or target tile)",
    ]


def test_loot_and_blocked_door_markers_are_put_down_by_the_game(tmp_path):
    """A Loot Marker lies on every treasure icon of a revealed tile; Blocked Door markers come
    from block_doors effects (or a Trap that blocks doors)."""
    tiles = TILES.replace("id: C-7\n", "id: C-7\ntreasures: [[1, 1]]\n")
    text = scenario(("place: {marker: web}", "place: {marker: loot}"),
                    ("- {do: remove_marker, marker: web}", "- {do: remove_marker, marker: blocked_door}"))
    result = validate_files(tmp_path, {"tiles.yaml": tiles, "s.yaml": text})
    assert lines(result.problems, ID) == [
        "s.yaml:32:37 error [scenario-references] nothing puts a blocked_door marker on the table, so there is "
        "none to remove",
    ]
    text = text.replace("      - {do: set_flag, flag: alarm}\n",
                        "      - {do: set_flag, flag: alarm}\n      - {do: block_doors, tile: C-7}\n")
    assert lines(validate_files(tmp_path, {"tiles.yaml": tiles, "s.yaml": text}).problems, ID) == []


def test_monsters_left_names_a_monster_type_of_the_pack(tmp_path):
    """``monsters_left`` counting one type (``monster: orc``): a type the pack lacks is a dangling
    reference at its value, with the closest id."""
    text = scenario(("{check: round, min: 2}", "{check: monsters_left, monster: orcc}"))
    found = lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems)
    assert any("[dangling-reference] no monster with id 'orcc'" in line for line in found), found
