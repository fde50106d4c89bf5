"""scenario-rubble-square: no Rubble on a token's or a goal's square (Book of Rules, Dungeon
Markers: Rubble completely blocks its square until it is cleared)."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.validate.rules import scenario_rubble

ID = scenario_rubble.ID


def problems(tmp_path, text: str) -> list[str]:
    return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, ID)


def test_rubble_elsewhere_passes(tmp_path):
    text = scenario(("      at: {rune: blue, tile: B-4}\n",
                     "      at: {rune: blue, tile: B-4}\n  markers:\n"
                     "    - {do: place_marker, marker: rubble, at: {tile: B-4, square: [2, 2]}}\n"))
    assert problems(tmp_path, text) == []


def test_rubble_at_setup_on_the_tokens_square_is_an_error(tmp_path):
    """The idol lies on B-4's blue rune at [1, 1]; the setup buries that square."""
    text = scenario(("      at: {rune: blue, tile: B-4}\n",
                     "      at: {rune: blue, tile: B-4}\n  markers:\n"
                     "    - {do: place_marker, marker: rubble, at: {tile: B-4, square: [1, 1]}}\n"))
    assert problems(tmp_path, text) == [
        "s.yaml:23:46 error [scenario-rubble-square] Rubble on square [1, 1] of Room Tile B-4, where the Idol "
        "token lies: Rubble blocks its square completely from the start (Book of Rules, Dungeon Markers), so it "
        "must be cleared first; put it elsewhere",
    ]


def test_rubble_a_rule_puts_on_a_goal_square_is_a_warning(tmp_path):
    """The win goal carries the idol to square [1, 1] of F-1; a rule drops Rubble on it."""
    text = scenario(("      to: {entrance: true}", "      to: {tile: F-1, square: [1, 1]}"),
                    ("marker: web, at: {tile: F-1, square: [1, 1]}", "marker: Rubble, at: {tile: F-1, square: [1, 1]}"),
                    ("place: {marker: web}", "place: {marker: Rubble}"),
                    ("- {do: remove_marker, marker: web}", "- {do: remove_marker, marker: Rubble}"))
    found = problems(tmp_path, text)
    assert len(found) == 1 and found[0].startswith("s.yaml:")
    assert " warning [scenario-rubble-square] Rubble on square [1, 1] of Room Tile F-1, where win goal 1 " \
           "(carry_token) is reached" in found[0] and "once this rule fires" in found[0]
