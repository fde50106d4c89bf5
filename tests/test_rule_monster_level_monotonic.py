from validate_helpers import lines, monster_with_levels, validate_files

from doria_forge.validate.rules import monster_level_monotonic


def test_growing_stats_pass(tmp_path):
    result = validate_files(tmp_path, {"orc.yaml": monster_with_levels()})
    assert lines(result.problems) == []


def test_dice_compare_by_expected_value():
    assert monster_level_monotonic.dice_value("3D") > monster_level_monotonic.dice_value("2D+5")


def test_more_dice_with_lower_bonus_is_not_a_decrease(tmp_path):
    text = (monster_with_levels().replace("attack: 2D+1", "attack: 2D+5").replace("attack: 2D+2", "attack: 3D")
            .replace("attack: 2D+3", "attack: 3D+1").replace("attack: 2D+4", "attack: 3D+2"))
    assert lines(validate_files(tmp_path, {"orc.yaml": text}).problems) == []


def test_decrease_is_reported_at_the_higher_card(tmp_path):
    text = monster_with_levels().replace("damage: 3", "damage: 1").replace("defense: 2D+4", "defense: 2D")
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert lines(result.problems, monster_level_monotonic.ID) == [
        "orc.yaml:41:9 error [monster-level-monotonic] orc damage 1 at level 3 is lower than 2 at level 2 "
        "(card 'orc-2'); Monster Level Card stats never decrease",
        "orc.yaml:50:10 error [monster-level-monotonic] orc defense 2D at level 4 is lower than 2D+3 at level 3 "
        "(card 'orc-3'); Monster Level Card stats never decrease",
    ]
