"""scenario-goal-reachable: a scenario can be won, its goals reached, its target tile placed."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, room_tile_yaml, validate_files

from doria_forge.geometry import TileShape
from doria_forge.validate.rules import scenario_goals

ID = scenario_goals.ID
BOSS = """\
kind: boss
id: ember_dragon
name: Ember Dragon
attack_type: melee
range: 2
action_points: 6
vulnerability: water
priority: C
levels:
  - {level: 1, attack: 4D+6, defense: 3D+1, psi_resistance: 4D, damage: 6, hit_points: 5, armor_rating: 2}
  - {level: 2, attack: 5D+2, defense: 3D+2, psi_resistance: 4D+1, damage: 7, hit_points: 6, armor_rating: 3}
  - {level: 3, attack: 5D+4, defense: 3D+4, psi_resistance: 4D+2, damage: 8, hit_points: 7, armor_rating: 4}
  - {level: 4, attack: 6D+1, defense: 4D, psi_resistance: 4D+3, damage: 9, hit_points: 8, armor_rating: 5}
ability: {id: breath, text: "Breathes fire."}
end_condition: "Defeat it."
"""


def problems(tmp_path, text: str, tiles: str = TILES, rule: str | None = ID) -> list[str]:
    return lines(validate_files(tmp_path, {"tiles.yaml": tiles, "boss.yaml": BOSS, "s.yaml": text}).problems, rule)


def test_reachable_goals_pass(tmp_path):
    """The idol lies on B-4 and can be carried to the entrance; F-1's door faces the others'."""
    assert problems(tmp_path, scenario(), rule=None) == []


def test_goals_that_can_never_be_reached(tmp_path):
    """No rule spawns the dragon, C-7 is not in the deck, nothing sets the flag done, the game
    stops after max_rounds 20 before round 25 ends; a time limit after max_rounds is a warning."""
    goals = ("    - {goal: defeat_boss, boss: ember_dragon}\n    - {goal: clear_tile, tile: C-7}\n"
             "    - {goal: flag, flag: done}\n    - {goal: survive, rounds: 25}\n"
             "  lose:\n    - {goal: time_limit, round: 22}\n")
    text = scenario(("    - goal: carry_token\n      token: idol\n      to: {entrance: true}\n", goals),
                    ("    - tile: C-7\n", ""), ("target_position: 3", "target_position: 2"))
    assert problems(tmp_path, text) == [
        "s.yaml:8:33 error [scenario-goal-reachable] no effect spawns the boss ember_dragon: this goal can never "
        "be reached",
        "s.yaml:9:32 error [scenario-goal-reachable] Room Tile C-7 is not in this scenario (not its start tile, "
        "tile deck or target tile): this goal can never be reached",
        "s.yaml:10:26 error [scenario-goal-reachable] no effect sets the flag done: this goal can never be reached",
        "s.yaml:11:31 error [scenario-goal-reachable] round 25 never ends: the scenario ends after max_rounds 20: "
        "this goal can never be reached",
        "s.yaml:13:33 warning [scenario-goal-reachable] round 22 is after max_rounds 20: a simulated game stops "
        "undecided before the time limit",
    ]


def test_survive_longer_than_the_time_limit_and_a_spawned_boss(tmp_path):
    text = scenario(("    - goal: carry_token\n      token: idol\n      to: {entrance: true}\n",
                     "    - {goal: survive, rounds: 15}\n    - {goal: defeat_boss, boss: ember_dragon}\n"
                     "  lose:\n    - {goal: time_limit, round: 12}\n"),
                    ("      - {do: set_flag, flag: alarm}\n",
                     "      - {do: set_flag, flag: alarm}\n      - {do: spawn, boss: ember_dragon}\n"))
    assert problems(tmp_path, text) == [
        "s.yaml:8:31 error [scenario-goal-reachable] round 15 never ends: the time_limit goal ends the scenario "
        "after round 12: this goal can never be reached",
    ]


def test_a_token_that_never_lies_anywhere_cannot_be_carried(tmp_path):
    text = scenario(("      at: {rune: blue, tile: B-4}\n", ""))
    assert problems(tmp_path, text) == [
        "s.yaml:9:14 error [scenario-goal-reachable] token idol never lies anywhere to be picked up: this goal can "
        "never be reached",
    ]
    placed = text.replace("      - {do: set_flag, flag: alarm}\n",
                          "      - {do: set_flag, flag: alarm}\n      - {do: place_token, token: idol, at: {tile: C-7}}\n")
    assert problems(tmp_path, placed) == []


def test_no_way_to_win(tmp_path):
    text = scenario(("  win:\n    - goal: carry_token\n      token: idol\n      to: {entrance: true}\n",
                     "  lose:\n    - {goal: time_limit, round: 12}\n"))
    assert problems(tmp_path, text) == [
        "s.yaml:6:1 error [scenario-goal-reachable] the scenario has no win goal and no rule that wins: it can "
        "never be won",
    ]
    assert problems(tmp_path, text.replace("{do: set_flag, flag: alarm}", "{do: win}")) == []
    # without goals the goal is only the words of `goal`: nothing to check
    no_goals = scenario(("goals:\n  win:\n    - goal: carry_token\n      token: idol\n      to: {entrance: true}\n", ""))
    assert problems(tmp_path, no_goals) == []


def test_target_tile_whose_door_faces_no_door_of_the_others(tmp_path):
    """Book chapter *Exploration*: a tile with a door is placed with a door against the door
    just opened. X-1's only door is one square off the middle of its side; every other tile's
    doors are in the middle, so whichever way X-1 is turned its door never faces theirs."""
    x1 = room_tile_yaml("X-1", squares=("#.###", "#...#", "#...#", "#...#", "#####"),
                        doors="[{side: north, offset: 1}]")
    tiles = TILES + "---\n" + x1
    text = scenario(("target_tile: F-1", "target_tile: X-1"))
    assert problems(tmp_path, text, tiles) == [
        "s.yaml:16:16 error [scenario-goal-reachable] target tile X-1 cannot be placed against any door or open "
        "side of the scenario's other Room Tiles (A-1, B-4, C-7): its openings never face theirs, so it is never "
        "revealed",
    ]
    # the same tile once more does not help (turned half round, its door is at offset 3, not 1);
    # a tile with the mirrored door (offset 3) gives X-1 a door to face
    twin = x1.replace("id: X-1", "id: X-2")
    text = scenario(("target_tile: F-1", "target_tile: X-1"), ("    - tile: C-7\n", "    - tile: X-2\n"))
    assert len(problems(tmp_path, text, tiles + "---\n" + twin)) == 1
    mirrored = twin.replace('"#.###"', '"###.#"').replace("offset: 1", "offset: 3")
    assert problems(tmp_path, text, tiles + "---\n" + mirrored) == []


def test_can_join_follows_the_exploration_rules():
    """A door takes a door (of a tile that has doors) or an open side (of a tile without
    doors); an open side takes an open side, or a door of a tile with only doors."""
    rows = ("##.##", "#...#", ".....", "#...#", "#...#")
    door_tile = TileShape(rows, (scenario_goals.Opening("north", 2),))
    open_tile = TileShape(("#...#",) + rows[1:], (scenario_goals.Opening("north", 1, 3),))
    side_door = TileShape(rows, (scenario_goals.Opening("west", 1),))
    assert scenario_goals.can_join(door_tile, door_tile)
    assert scenario_goals.can_join(door_tile, open_tile)   # no door: its open side goes against the door
    assert scenario_goals.can_join(open_tile, open_tile)
    assert scenario_goals.can_join(open_tile, side_door)   # offset 1 or 3 lies along the open side 1-3
    assert not scenario_goals.can_join(door_tile, side_door)


def test_every_hero_must_find_room_on_the_escape_place(tmp_path):
    """One figure to a square: a single square holds one hero, so an escape of every hero there
    is out of reach for a party of two or more (a warning while a solo hero may play)."""
    escape = "    - {goal: escape, at: {tile: F-1, square: [1, 1]}}\n"
    text = scenario(("    - goal: carry_token\n      token: idol\n      to: {entrance: true}\n", escape),
                    ("story:", "players: [1, 4]\nstory:"))
    assert problems(tmp_path, text) == [
        "s.yaml:9:26 warning [scenario-goal-reachable] square [1, 1] of Room Tile F-1 has room for 1 hero: with 2 "
        "or more heroes the goal can never be reached",
    ]
    assert problems(tmp_path, text.replace("players: [1, 4]", "players: [2, 4]")) == [
        "s.yaml:9:26 error [scenario-goal-reachable] square [1, 1] of Room Tile F-1 has room for 1 hero, but every "
        "living hero must stand on it: this goal can never be reached",
    ]
    # the whole tile has 13 floor squares: room for any party
    assert problems(tmp_path, text.replace("{tile: F-1, square: [1, 1]}", "{tile: F-1}")) == []
