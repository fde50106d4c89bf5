"""scenario-trigger-fires: special rules whose trigger or conditions can never happen."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.validate.rules import scenario_triggers

ID = scenario_triggers.ID

MORE_RULES = """\
  - when: {on: round_end, round: 15}
    do: [{do: doom}]
  - when: {on: flag_set, flag: bells}
    do: [{do: doom}]
  - when: {on: doom_reached, field: 12}
    do: [{do: doom}]
  - when: {on: monster_defeated, boss: true}
    if:
      - {check: players, min: 5}
      - {check: round, min: 13}
    do: [{do: doom}]
max_rounds: 20
"""


def problems(tmp_path, text: str, rule: str | None = ID) -> list[str]:
    return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, rule)


def test_rules_that_can_fire_pass(tmp_path):
    """The flag condition asks for alarm, which the first rule sets; round 2 comes before
    max_rounds 20; the idol lies on B-4's rune, so it can be picked up."""
    assert problems(tmp_path, scenario(), None) == []


def test_rules_that_can_never_fire(tmp_path):
    """Round 15 and round 13 come after a time limit of 12; nothing sets bells; the Doom
    Counter track has no field 12; nothing spawns a boss; 5 players do not play a 1-4
    player scenario."""
    text = scenario(("max_rounds: 20\n", MORE_RULES),
                    ("goals:\n  win:", "goals:\n  lose:\n    - {goal: time_limit, round: 12}\n  win:"),
                    ("story:", "players: [1, 4]\nstory:"))
    assert problems(tmp_path, text) == [
        "s.yaml:37:34 error [scenario-trigger-fires] round 15 never comes: the time_limit goal ends the scenario "
        "after round 12: this rule can never fire",
        "s.yaml:39:32 error [scenario-trigger-fires] no effect sets the flag bells: this rule can never fire",
        "s.yaml:41:37 error [scenario-trigger-fires] field 12 is not on the Doom Counter track (fields 40-30): "
        "this rule can never fire",
        "s.yaml:43:40 error [scenario-trigger-fires] no effect of this scenario spawns a boss: this rule can "
        "never fire",
        "s.yaml:45:31 error [scenario-trigger-fires] the condition asks for 5-6 players but the scenario is for "
        "1-4: this rule can never fire",
        "s.yaml:46:29 error [scenario-trigger-fires] round 13 never comes: the time_limit goal ends the scenario "
        "after round 12: this rule can never fire",
    ]


def test_rounds_after_max_rounds_or_a_survive_goal(tmp_path):
    text = scenario(("max_rounds: 20\n", "  - when: {on: phase, phase: F, round: 21}\n    do: [{do: doom}]\n"
                                         "max_rounds: 20\n"))
    assert problems(tmp_path, text) == [
        "s.yaml:34:40 error [scenario-trigger-fires] round 21 never comes: the scenario ends after max_rounds 20: "
        "this rule can never fire",
    ]
    survive = text.replace("    - goal: carry_token", "    - {goal: survive, rounds: 18}\n    - goal: carry_token")
    assert problems(tmp_path, survive) == [
        "s.yaml:35:40 error [scenario-trigger-fires] round 21 never comes: the survive goal ends the scenario "
        "after round 18: this rule can never fire",
    ]


def test_tokens_that_never_lie_anywhere_and_tiles_outside_the_scenario(tmp_path):
    text = scenario(("      at: {rune: blue, tile: B-4}\n", ""),
                    ("{check: flag, flag: alarm}", "{check: token_carried, token: idol}"),
                    ("max_rounds: 20\n", "  - when: {on: tile_revealed, tile: C-7}\n    do: [{do: doom}]\n"
                                         "max_rounds: 20\n"),
                    ("    - tile: C-7\n", ""), ("target_position: 3", "target_position: 2"))
    assert problems(tmp_path, text) == [
        "s.yaml:21:40 error [scenario-trigger-fires] token idol never lies anywhere to be picked up: this rule "
        "can never fire",
        "s.yaml:27:39 error [scenario-trigger-fires] token idol never lies anywhere to be carried: this rule can "
        "never fire",
        "s.yaml:32:37 error [scenario-trigger-fires] Room Tile C-7 is not in this scenario (not its start tile, "
        "tile deck or target tile): this rule can never fire",
    ]


def test_a_monster_type_and_the_boss_together_never_fire(tmp_path):
    """`{on: monster_defeated, monster: orc, boss: true}` validated clean: the boss is no Orc, so
    the rule never fired."""
    text = scenario(("max_rounds: 20\n", MORE_RULES.replace("{on: monster_defeated, boss: true}",
                                                            "{on: monster_defeated, monster: orc, boss: true}")))
    assert [line for line in problems(tmp_path, text) if "type orc" in line] == [
        "s.yaml:40:43 error [scenario-trigger-fires] boss: true asks for the boss's defeat, and the boss is no "
        "monster of type orc; leave out monster or boss: this rule can never fire",
    ]
