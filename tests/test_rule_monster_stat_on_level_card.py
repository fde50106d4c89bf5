from validate_helpers import lines, monster_with_levels, validate_files

from doria_forge.validate.rules import monster_stat_on_level_card


def test_stats_on_the_monster_pass(tmp_path):
    assert lines(validate_files(tmp_path, {"orc.yaml": monster_with_levels()}).problems) == []


def test_range_ap_and_vulnerability_on_a_level_card(tmp_path):
    text = monster_with_levels().replace(
        "level: 2\n", "level: 2\nrange: 1\naction_points: 7\nvulnerability: fire\n")
    result = validate_files(tmp_path, {"orc.yaml": text})
    # Only this rule speaks: no unknown-field duplicates, no "missing level 2".
    assert [p.rule_id for p in result.problems] == [monster_stat_on_level_card.ID] * 3
    assert [(p.line, p.column) for p in result.problems] == [(27, 1), (28, 1), (29, 1)]
    assert result.problems[0].message == (
        "'range' belongs to the monster, not its Monster Level Card: range, Action Points and "
        "vulnerability are the same at every level; move it to monster 'orc'"
    )


def test_claims_cover_the_named_fields():
    assert {"range", "action_points", "vulnerability", "attack_type"} <= monster_stat_on_level_card.MONSTER_ONLY_FIELDS
    assert "attack" not in monster_stat_on_level_card.MONSTER_ONLY_FIELDS
